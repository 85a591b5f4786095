package cli_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab/cli"
)

// TestWeightsFlagReplacesTheScenarios checks that -weights FILE replaces the
// weights file a scenario names, for every command that takes a scenario:
// the scenario's own file does not exist, and each command runs with FILE.
func TestWeightsFlagReplacesTheScenarios(t *testing.T) {
	dir := t.TempDir()
	w, err := os.ReadFile("../../weights.toml")
	if err != nil {
		t.Fatal(err)
	}
	weights := filepath.Join(dir, "mine.toml")
	if err := os.WriteFile(weights, w, 0o644); err != nil {
		t.Fatal(err)
	}
	sc := filepath.Join(dir, "gone.toml")
	body := `weights = "no/such/weights.toml"
duration = 6.0
runs = 20
[[squad]]
name = "alpha"
size = 3
[[event]]
t = 1
event = "Suppressed"
squad = "alpha"
every = 0.5
[[expect]]
metric = "squad_broke.alpha"
share = [0.0, 1.0]
`
	if err := os.WriteFile(sc, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	out := func(name string) string { return filepath.Join(dir, "out-"+name) }
	tests := []struct {
		name string
		args []string
		want string // in stdout
	}{
		{"run", []string{"run", sc, "-runs", "10", "-out", out("run")}, "squad_broke.alpha"},
		{"check", []string{"check", sc, "-runs", "10"}, "check: ok"},
		{"sensitivity", []string{"sensitivity", sc, "-runs", "5", "-metric", "squad_broke.alpha", "-out", out("sens")}, "baseline"},
		{"compare", []string{"compare", weights, weights, sc, "-runs", "10"}, "same within noise"},
		{"fit", []string{"fit", sc, "-runs", "10", "-keys", "Suppressed", "-out", out("fit")}, "Met"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := tt.args
			if tt.name != "compare" {
				args = append(args, "-weights", weights)
			}
			code, o, e := runMain(t, context.Background(), nil, append(args, "-q")...)
			if code != cli.ExitOK {
				t.Fatalf("exit %d (stderr %q); want %d", code, e, cli.ExitOK)
			}
			if !strings.Contains(o, tt.want) {
				t.Errorf("stdout = %q; want it to contain %q", o, tt.want)
			}
		})
	}
	// fit's weights.toml is written over a copy of -weights, not the
	// scenario's file.
	got, err := os.ReadFile(filepath.Join(out("fit"), "weights.toml"))
	if err != nil || string(got) != string(w) {
		t.Errorf("fit's weights.toml: %v, %d bytes; want the -weights file unchanged (%d bytes)", err, len(got), len(w))
	}
	// Without -weights, the missing file is bad input naming the scenario's
	// line and key.
	code, _, e := runMain(t, context.Background(), nil, "check", sc, "-q")
	if want := "gone.toml:1: weights:"; code != cli.ExitBadInput || !strings.Contains(e, want) {
		t.Errorf("check without -weights: exit %d, %q; want %d and %q", code, e, cli.ExitBadInput, want)
	}
	// A -weights file without a row for an event names the file.
	empty := filepath.Join(dir, "empty.toml")
	if err := os.WriteFile(empty, []byte("[weights]\nAllyDown = -0.2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, e = runMain(t, context.Background(), nil, "check", sc, "-weights", empty, "-q")
	if want := `gone.toml:9: event[1].event: "Suppressed" has no row in the weights table of "` + empty; code != cli.ExitBadInput || !strings.Contains(e, want) {
		t.Errorf("check -weights empty.toml: exit %d, %q; want %d and %q", code, e, cli.ExitBadInput, want)
	}
}

// TestAScenarioInAWeightsFilesPlace checks that a scenario given where a
// weights file is read (lint's file, -weights, compare's two files) is
// said in one line, not as every array of the scenario, naming -weights
// where the flag gave it.
func TestAScenarioInAWeightsFilesPlace(t *testing.T) {
	const sc = "../../scenarios/opening.toml"
	const notWeights = sc + " looks like a scenario, not a weights file"
	for _, tc := range []struct {
		name string
		args []string
		want string // stderr
	}{
		{"lint", []string{"lint", sc}, "moralesim: " + notWeights + ": use moralesim check " + sc + "\n"},
		{"run -weights", []string{"run", sc, "-weights", sc, "-runs", "1", "-q"}, "moralesim: -weights: " + notWeights + "\n"},
		{"check -weights", []string{"check", sc, "-weights", sc, "-runs", "1", "-q"}, "moralesim: -weights: " + notWeights + "\n"},
		{"compare", []string{"compare", sc, "../../weights.toml", sc, "-runs", "2", "-q"}, "moralesim: " + notWeights + ": compare takes the two weights files first, then the scenario: moralesim compare A.toml B.toml SCENARIO.toml\n"},
		{"game -weights", []string{"game", "-weights", sc, "-runs", "1", "-q"}, "moralesim: -weights: " + notWeights + "\n"},
	} {
		code, _, e := runMain(t, context.Background(), nil, tc.args...)
		if code != cli.ExitBadInput || e != tc.want {
			t.Errorf("%s: got exit %d, %q; want %d, %q", tc.name, code, e, cli.ExitBadInput, tc.want)
		}
	}
}

// TestAWeightsFileInAScenariosPlace checks that a weights file given to
// check is said in one line, not as every setting it has.
func TestAWeightsFileInAScenariosPlace(t *testing.T) {
	const w = "../../weights.toml"
	code, _, e := runMain(t, context.Background(), nil, "check", w, "-runs", "1", "-q")
	if want := "moralesim: " + w + ": looks like a weights file, not a scenario: use moralesim lint " + w + ", or name it in a scenario's weights key\n"; code != cli.ExitBadInput || e != want {
		t.Errorf("check weights.toml: got exit %d, %q; want %d, %q", code, e, cli.ExitBadInput, want)
	}
}

// A -weights file that does not read hid every scenario's own problems:
// check and fit of a batch said the -weights problem alone, so the files'
// problems came one attempt later. Each file's problems that do not depend
// on the weights are said beside it now (an event's row in the weights is
// the one that cannot be judged), the -weights problem once; check's too
// many results of a file too; compare's two files and its scenario's.
func TestAWeightsProblemHidesNoScenarioProblem(t *testing.T) {
	dir := t.TempDir()
	a, b, none := filepath.Join(dir, "a.toml"), filepath.Join(dir, "b.toml"), filepath.Join(dir, "none.toml")
	big, noneB := filepath.Join(dir, "big.toml"), filepath.Join(dir, "none-b.toml")
	// a's event names news no weights file may have: that is not said.
	for f, data := range map[string]string{
		a:   "duration = 10.0\n[[squad]]\nsize = -1\n[[event]]\nt = 1.0\nevent = \"Nope\"\nat = [0.0, 0.0]\n",
		b:   "duration = -10.0\n[[squad]]\nsize = 2\n",
		big: "runs = 1000000\nduration = 60.0\nsample = 0.01\n[[squad]]\nsize = 2\n",
	} {
		if err := os.WriteFile(f, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	weightsSays := "moralesim: -weights: " + none + ": no such file\n"
	aSays := a + ":3: squad[1].size: is -1; it must lie in 1..100000\n"
	bSays := b + ":1: duration: is -10; it must lie in 0.001..86400\n"
	bigSays := big + ":1: runs: the results of 1000000 runs of \"big\" would take about 269 GiB of memory (morale samples and metrics); at most 2 GiB, for one process as for the merge of shards: raise the scenario's sample or run fewer\n"
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"check", []string{"check", a, "../../scenarios/line.toml", b, "-weights", none}, weightsSays + aSays + bSays},
		{"fit", []string{"fit", a, "../../scenarios/line.toml", b, "-weights", none}, weightsSays + aSays + bSays},
		{"check, too many results", []string{"check", big, a, "-weights", none}, weightsSays + bigSays + aSays},
		// compare's weights files are its arguments: both are said, and
		// the scenario's problems.
		{"compare", []string{"compare", none, noneB, a}, "moralesim: " + none + ": no such file\n" + aSays + noneB + ": no such file\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			args := append(tt.args, "-q")
			if tt.args[0] == "fit" {
				args = append(args, "-runs", "10", "-out", out)
			}
			code, stdout, e := runMain(t, context.Background(), nil, args...)
			if code != cli.ExitBadInput || stdout != "" || e != tt.want {
				t.Errorf("got exit %d, stdout %q, stderr %q; want exit 2 and %q", code, stdout, e, tt.want)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("the refused %s wrote %s (%v); want nothing written", tt.args[0], out, err)
			}
		})
	}
}
