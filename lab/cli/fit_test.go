package cli_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/lab/cli"
	"github.com/moralebreak/moralebreak/lab/fit"
)

// fitExpect was measured with RecoveryDelaySeconds 3.4 and Suppressed
// -0.066 (45%); the shipped weights break the squad in 74% of fights.
const fitExpect = `
[[expect]]
metric = "squad_broke.a"
share = [0.33, 0.55]
`

// fitDir writes the scenario (with expects) and a copy of the shipped
// weights.toml into a new folder and returns the scenario's path.
func fitDir(t *testing.T, expects string) string {
	t.Helper()
	dir := t.TempDir()
	w, err := os.ReadFile("../../weights.toml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "weights.toml"), w, 0o644); err != nil {
		t.Fatal(err)
	}
	// lab's six men under fire, with the shipped weights and an intent.
	fight, err := os.ReadFile("../fit/testdata/squad.toml")
	if err != nil {
		t.Fatal(err)
	}
	head := "weights = \"weights.toml\"\ndescription = \"The squad should break less often.\"\n"
	sc := filepath.Join(dir, "squad.toml")
	if err := os.WriteFile(sc, []byte(head+string(fight)+expects), 0o644); err != nil {
		t.Fatal(err)
	}
	return sc
}

func TestFitCommand(t *testing.T) {
	sc := fitDir(t, fitExpect)
	var outs [][]byte
	for _, n := range []int{1, 2} {
		prev := runtime.GOMAXPROCS(n)
		out := filepath.Join(t.TempDir(), "fit")
		page := filepath.Join(t.TempDir(), "fit.html")
		code, stdout, stderr := runMain(t, context.Background(), nil, "fit", sc, "-keys", "RecoveryDelaySeconds,Suppressed", "-runs", "30", "-budget", "6000", "-out", out, "-report", page, "-q")
		runtime.GOMAXPROCS(prev)
		if code != cli.ExitOK {
			t.Fatalf("exit %d; want 0\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
		}
		for _, want := range []string{"squad: Met: changing", "PASS " + sc + ":32 squad_broke.a share in 0.33..0.55: ", " → ", "written to " + out} {
			if !strings.Contains(stdout, want) {
				t.Errorf("stdout lacks %q:\n%s", want, stdout)
			}
		}
		var res struct {
			Finished, Met bool
			Keys          []struct {
				Key        string
				Start, End float64
			}
		}
		js, err := os.ReadFile(filepath.Join(out, "fit.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(js, &res); err != nil {
			t.Fatal(err)
		}
		if !res.Finished || !res.Met || len(res.Keys) != 2 {
			t.Errorf("fit.json: finished %v, met %v, %d keys; want finished, met, 2 keys", res.Finished, res.Met, len(res.Keys))
		}
		// weights.toml is the starting file with only the changed values
		// replaced.
		start, _ := os.ReadFile(filepath.Join(filepath.Dir(sc), "weights.toml"))
		got, err := os.ReadFile(filepath.Join(out, "weights.toml"))
		if err != nil {
			t.Fatal(err)
		}
		a, b := strings.Split(string(start), "\n"), strings.Split(string(got), "\n")
		changed := 0
		for _, k := range res.Keys {
			if k.Start != k.End {
				changed++
			}
		}
		diff := 0
		for i := range a {
			if i < len(b) && a[i] != b[i] {
				diff++
				if !strings.HasPrefix(b[i], "RecoveryDelaySeconds = ") && !strings.HasPrefix(b[i], "Suppressed = ") {
					t.Errorf("line %d changed to %q; only the fitted keys may change", i+1, b[i])
				}
			}
		}
		if len(a) != len(b) || diff != changed {
			t.Errorf("%d of %d lines differ (%d lines now); want %d, one per changed key", diff, len(a), len(b), changed)
		}
		for _, f := range []string{"convergence.png", "expectations.png"} {
			if _, err := os.Stat(filepath.Join(out, f)); err != nil {
				t.Error(err)
			}
		}
		html, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"The squad should break less often.", `id="changes"`, " → ", `id="verdicts"`, "data:image/png;base64,", "PASS"} {
			if !bytes.Contains(html, []byte(want)) {
				t.Errorf("the page lacks %q", want)
			}
		}
		outs = append(outs, append(js, got...))
	}
	if !bytes.Equal(outs[0], outs[1]) {
		t.Error("fit.json and weights.toml differ between GOMAXPROCS 1 and 2")
	}
}

func TestFitBadInputWritesNothing(t *testing.T) {
	good := fitDir(t, fitExpect)
	none := fitDir(t, "")
	contra := fitDir(t, fitExpect+"\n[[expect]]\nmetric = \"squad_broke.a\"\nshare = [0.6, 0.7]\n")
	other := fitDir(t, "\n[[expect]]\nmetric = \"squad_broke.a\"\nshare = [0.6, 0.7]\n")
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"no expectation", []string{none}, "expect: the scenario has no [[expect]]"},
		{"unknown key", []string{good, "-keys", "Recovery"}, `-keys: "Recovery" is not a setting or a weight row`},
		{"fixed key", []string{good, "-keys", "SquadUpdateInterval"}, "-keys: SquadUpdateInterval is the simulation's fixed step"},
		{"unused row", []string{good, "-keys", "LowHealth"}, "-keys: weights.LowHealth cannot vary anything"},
		{"budget", []string{good, "-keys", "Suppressed", "-runs", "40", "-budget", "100"}, "-budget: is 100 fights; one generation of 4 candidates × 40 fights (160)"},
		{"contradiction", []string{contra}, "squad_broke.a share wants 0.6..0.7 here and 0.33..0.55 on line 32: the ranges do not overlap"},
		{"a file twice", []string{good, good}, "is given twice (as argument 1"},
		{"too many files", append(make([]string, 0, 65), slices.Repeat([]string{good}, 65)...), "fit takes one to 64 scenario files; got 65"},
		{"a file twice, spelled two ways", []string{good, filepath.Join(filepath.Dir(good), ".", "squad.toml")}, "is given twice"},
		{"a file without expectations among several", []string{good, none}, none + ": expect: the scenario has no [[expect]]"},
		{"disjoint bands for the same fight", []string{good, other}, other + ":32: expect: squad_broke.a share wants 0.6..0.7 here and 0.33..0.55 on " + good + ":32, the same fight"},
		{"too much work", []string{good, "-keys", "Suppressed", "-max-work", "1e6"}, "or raise the ceiling with -max-work"},
		{"bad max-work", []string{good, "-max-work", "-1"}, "-max-work is -1; it must be a positive number"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			page := filepath.Join(t.TempDir(), "page.html")
			code, _, e := runMain(t, context.Background(), nil, append(append([]string{"fit"}, tt.args...), "-out", out, "-report", page, "-q")...)
			if code != cli.ExitBadInput || !strings.Contains(e, tt.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, e, tt.want)
			}
			for _, p := range []string{out, page} {
				if _, err := os.Stat(p); err == nil {
					t.Errorf("%s was written; bad input writes nothing", p)
				}
			}
		})
	}
}

// A fit that cannot meet its expectations exits 1, writes the closest found
// and says what it misses and why.
func TestFitUnmetExitsOne(t *testing.T) {
	sc := fitDir(t, "\n[[expect]]\nmetric = \"deaths\"\nmean = [5.0, 6.0]\n")
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, e := runMain(t, context.Background(), nil, "fit", sc, "-keys", "Suppressed", "-runs", "20", "-budget", "3000", "-out", out, "-q")
	if code != cli.ExitFailed {
		t.Fatalf("exit %d; want 1 (%s)", code, e)
	}
	for _, want := range []string{"Not met", "FAIL " + sc, "never met with margin: deaths mean (line 32) over ", "note: no candidate met every expectation with margin: the closest misses by"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	// One expectation no candidate met pulls against nothing: it is no
	// conflict, on stdout or in fit.json.
	if strings.Contains(stdout, "conflict:") {
		t.Errorf("stdout calls the expectation never met a conflict:\n%s", stdout)
	}
	var res struct {
		Conflicts []string `json:"conflicts"`
		NeverMet  []string `json:"never_met"`
	}
	js, err := os.ReadFile(filepath.Join(out, "fit.json"))
	if err == nil {
		err = json.Unmarshal(js, &res)
	}
	if err != nil {
		t.Fatalf("fit.json: %v", err)
	}
	if len(res.Conflicts) != 0 || len(res.NeverMet) != 1 || !strings.HasPrefix(res.NeverMet[0], "deaths mean (line 32) over ") {
		t.Errorf("fit.json: conflicts %q, never_met %q; want no conflict and deaths mean never met", res.Conflicts, res.NeverMet)
	}
	if _, err := os.Stat(filepath.Join(out, "weights.toml")); err != nil {
		t.Errorf("the closest found was not written: %v", err)
	}
}

// Ctrl-C writes the best candidate so far, marked unfinished, with exit code
// 130; every file is whole (written through a temporary file renamed over
// it), and no temporary file is left.
func TestFitInterruptedWritesBestSoFar(t *testing.T) {
	sc := fitDir(t, fitExpect)
	out := filepath.Join(t.TempDir(), "out")
	// An earlier fit's folder, with its plot of held-out verdicts, which
	// this one has not.
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"expectations.png": "old", "fit.json": "{\n \"scenario\": \"old\"\n}\n"} {
		if err := os.WriteFile(filepath.Join(out, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, _, e := runMain(t, ctx, nil, "fit", sc, "-keys", "Suppressed", "-out", out)
	if code != cli.ExitInterrupted || !strings.Contains(e, `interrupted; wrote the best candidate so far to `+out) {
		t.Fatalf("exit %d, stderr %q; want 130 and the folder named", code, e)
	}
	js, err := os.ReadFile(filepath.Join(out, "fit.json"))
	if err != nil {
		t.Fatal(err)
	}
	var res struct{ Finished, Met bool }
	if err := json.Unmarshal(js, &res); err != nil || res.Finished || res.Met {
		t.Errorf("fit.json: %+v, %v; want finished false", res, err)
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, en := range entries {
		if strings.HasPrefix(en.Name(), ".") || en.Name() == "expectations.png" {
			t.Errorf("left behind: %s", en.Name())
		}
	}
}

// A fit of two files: one set of settings, each file's expectations before
// and after, a note that the files name different weights files, and each
// file's hash in the page's footer (it had the first's alone).
func TestFitSeveralFiles(t *testing.T) {
	a := fitDir(t, fitExpect)
	b := fitDir(t, "\n[[expect]]\nmetric = \"squad_broke.a\"\nshare = [0.2, 0.7]\n")
	out := filepath.Join(t.TempDir(), "out")
	page := filepath.Join(t.TempDir(), "fit.html")
	code, stdout, e := runMain(t, context.Background(), nil, "fit", a, b, "-keys", "RecoveryDelaySeconds,Suppressed", "-runs", "30", "-budget", "20000", "-out", out, "-report", page, "-q")
	if code != cli.ExitOK {
		t.Fatalf("exit %d; want 0\nstdout:\n%s\nstderr:\n%s", code, stdout, e)
	}
	for _, want := range []string{
		"every expectation holds on 150 fights of each of the 2 scenarios the search never used.",
		"  " + a + ": its 1 expectation holds",
		"  " + b + ": its 1 expectation holds",
		// 150 of each file, not in all (it said "on 150 fights").
		"expectations on 150 fights of each of the 2 scenarios the search never used (before → after, 95% intervals):",
		"PASS " + a + ":32 squad_broke.a share in 0.33..0.55: ",
		"PASS " + b + ":32 squad_broke.a share in 0.2..0.7: ",
		"note: the files name different weights files (" + b + " names " + filepath.Join(filepath.Dir(b), "weights.toml") + "); the fit starts from the first file's, " + filepath.Join(filepath.Dir(a), "weights.toml"),
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	var hashes []string
	for _, f := range []string{a, b} {
		sc, err := lab.LoadScenario(f)
		if err != nil {
			t.Fatal(err)
		}
		hashes = append(hashes, sc.Hash)
	}
	if hashes[0] == hashes[1] {
		t.Fatalf("both files hash to %s; want two", hashes[0])
	}
	if want := "Scenarios " + a + ": contents " + hashes[0] + "; " + b + ": contents " + hashes[1] + "; weights "; !strings.Contains(string(html), want) {
		t.Errorf("the page's footer lacks %q", want)
	}
}

// docs/balancing.md names the work of the army's fit with its default
// budget, in the digits of the -max-work the tool asks for: the page said 7.11e10
// while the tool asked for 6.16e10, then 6.16e10 while the tool wrote
// 61600000000. The default ceiling admits it since the work model was
// measured; under -max-work 1 the fit refuses before any fight and says
// what it needs, so this costs nothing.
func TestFitArmyMaxWorkAsDocumented(t *testing.T) {
	code, _, stderr := runMain(t, context.Background(), nil, "fit", "../../scenarios/army.toml", "-out", filepath.Join(t.TempDir(), "army"), "-q", "-max-work", "1")
	_, asked, ok := strings.Cut(stderr, "raise the ceiling with -max-work ")
	if code != cli.ExitBadInput || !ok {
		t.Fatalf("exit %d, stderr %q; want %d and the -max-work to ask for", code, stderr, cli.ExitBadInput)
	}
	asked = strings.TrimSpace(asked)
	if _, err := strconv.ParseFloat(asked, 64); err != nil {
		t.Fatalf("-max-work %q: %v", asked, err)
	}
	docs, err := os.ReadFile("../../docs/balancing.md")
	if err != nil {
		t.Fatal(err)
	}
	want := "the army's, the largest, is " + asked + " units"
	if !strings.Contains(strings.Join(strings.Fields(string(docs)), " "), want) {
		t.Errorf("docs/balancing.md does not say %q, which the tool asks for", want)
	}
}

// fit of several scenarios reads every file before it refuses any, as
// check does (ef36921): it stopped at the first that did not read, so
// fit a.toml b.toml c.toml said one file's problems per attempt. A file
// after a first that did not read is read as check reads it; a -weights
// that does not read, which every file reports, is said once.
func TestFitSaysEveryFilesProblems(t *testing.T) {
	dir := t.TempDir()
	good := fitDir(t, fitExpect)
	a, b, none := filepath.Join(dir, "a.toml"), filepath.Join(dir, "b.toml"), filepath.Join(dir, "none.toml")
	if err := os.WriteFile(a, []byte("duration = 10.0\n[[squad]]\nsize = 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte("duration = 10.0\n[[squad]]\nsize = 2\ncolour = \"red\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	aSays := a + ":3: squad[1].size: is 0; it must lie in 1..100000\n"
	bSays := b + ":4: squad[1].colour: is not a key of squad[1]\n"
	noneSays := none + ": no such file\n"
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"the first does not read", []string{a, good, b, none}, aSays + bSays + noneSays},
		{"the first reads", []string{good, a, none, b}, aSays + noneSays + bSays},
		{"-weights does not read", []string{good, b, "-weights", none}, "-weights: " + noneSays + bSays},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			code, stdout, e := runMain(t, context.Background(), nil, append(append([]string{"fit"}, tt.args...), "-runs", "10", "-q", "-out", out)...)
			if want := "moralesim: " + tt.want; code != cli.ExitBadInput || stdout != "" || e != want {
				t.Errorf("got exit %d, stdout %q, stderr %q; want exit 2 and %q", code, stdout, e, want)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("the refused fit wrote %s (%v); want nothing written", out, err)
			}
		})
	}
}

// A range the fit cannot meet is said as its scenario wrote it, with no
// exponent: the notes and 'never met' read 'want 0..5e-05'.
func TestFitNotesRangeHasNoExponent(t *testing.T) {
	sc := fitDir(t, "\n[[expect]]\nmetric = \"squad_broke.a\"\nshare = [0.0, 0.00005]\n")
	code, out, e := runMain(t, context.Background(), nil, "fit", sc, "-runs", "10", "-budget", "1680", "-q", "-out", filepath.Join(t.TempDir(), "o"))
	if code != cli.ExitFailed || strings.Contains(out, "e-05") || strings.Count(out, "want 0..0.00005") < 2 {
		t.Errorf("got exit %d, stdout %q, stderr %q; want exit 1 and the range said 0..0.00005 in the notes, never 5e-05", code, out, e)
	}
}

// The run page's verdicts say a range as check does, with no exponent:
// they read '0 … 5e-05'.
func TestRunPageRangeHasNoExponent(t *testing.T) {
	sc := fitDir(t, "\n[[expect]]\nmetric = \"squad_broke.a\"\nshare = [0.0, 0.00005]\n")
	dir := t.TempDir()
	page := filepath.Join(dir, "page.html")
	code, _, e := runMain(t, context.Background(), nil, "run", sc, "-runs", "20", "-q", "-out", filepath.Join(dir, "o"), "-report", page)
	b, err := os.ReadFile(page)
	if code != cli.ExitOK || err != nil || strings.Contains(string(b), "e-05") || !strings.Contains(string(b), "0 … 0.00005") {
		t.Errorf("got exit %d, stderr %q, page %d bytes (%v); want exit 0 and a verdict wanting 0 … 0.00005, never 5e-05", code, e, len(b), err)
	}
}

// TestFitChangesColumnFitsTheLongestKey: the stdout table of changes keeps
// every row's values in one column, as wide as the longest changed key (28
// at least): weights.ReinforcementsArrived, 29 characters, pushed its
// row's values one column right of the others'.
func TestFitChangesColumnFitsTheLongestKey(t *testing.T) {
	long := "weights." + strings.Repeat("Custom", 10)
	tests := []struct {
		name string
		keys []string
		col  int // where every changed row's start value begins
	}{
		{"short", []string{"RecoveryDelaySeconds", "weights.Suppressed"}, 2 + 28 + 1},
		{"29 characters", []string{"RecoveryDelaySeconds", "weights.ReinforcementsArrived", "weights.Suppressed"}, 2 + 29 + 1},
		{"a custom event", []string{long, "RecoveryDelaySeconds"}, 2 + len(long) + 1},
	}
	for _, tt := range tests {
		r := &fit.Result{Scenario: "s", Finished: true, Met: true}
		for i, k := range tt.keys {
			r.Keys = append(r.Keys, fit.KeyResult{Key: k, Start: float64(i + 2), End: float64(i + 3), Lo: 0, Hi: 10})
		}
		r.Keys = append(r.Keys, fit.KeyResult{Key: "weights.AVeryLongUnchangedEventNameThatIsNotInTheTable", Start: 1, End: 1, Lo: 0, Hi: 10})
		var b bytes.Buffer
		if err := cli.PrintFit(&b, r); err != nil {
			t.Fatal(err)
		}
		rows := 0
		for _, l := range strings.Split(b.String(), "\n") {
			if !strings.Contains(l, " → ") || !strings.HasPrefix(l, "  ") {
				continue
			}
			rows++
			key := strings.Fields(l)[0]
			start := strings.Index(l[2+len(key):], strings.Fields(l)[1]) + 2 + len(key)
			if start != tt.col {
				t.Errorf("%s: row %q: got its start value at column %d; want %d", tt.name, l, start, tt.col)
			}
		}
		if rows != len(tt.keys) {
			t.Errorf("%s: got %d rows of changes; want %d:\n%s", tt.name, rows, len(tt.keys), b.String())
		}
	}
}
