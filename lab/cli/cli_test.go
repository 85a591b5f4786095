package cli_test

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/lab/cli"
)

func runMain(t *testing.T, ctx context.Context, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := cli.Main(ctx, args, cli.Env{Stdout: &out, Stderr: &errb, Getenv: func(k string) string { return env[k] }})
	return code, out.String(), errb.String()
}

func TestShardsMergeByteForByte(t *testing.T) {
	dir := t.TempDir()
	sc := "../../scenarios/opening.toml"
	full := filepath.Join(dir, "full")
	runArgs := []string{"run", sc, "-runs", "203", "-seed", "9", "-out", full, "-q", "-report", filepath.Join(full, "report.html")}
	if code, _, e := runMain(t, context.Background(), nil, runArgs...); code != 0 {
		t.Fatalf("run: exit %d: %s", code, e)
	}
	var shards []string
	if err := os.Mkdir(filepath.Join(dir, "shard"), 0o755); err != nil { // -out makes its folder, not its parent
		t.Fatal(err)
	}
	for k := 0; k < 4; k++ {
		d := filepath.Join(dir, "shard", string(rune('0'+k)))
		shards = append(shards, d)
		// Shard 2 takes its index from the Kubernetes variable.
		args := []string{"run", sc, "-runs", "203", "-seed", "9", "-out", d, "-q", "-shard", "0/4"}
		env := map[string]string{}
		if k == 2 {
			args[len(args)-1] = "auto/4"
			env["JOB_COMPLETION_INDEX"] = "2"
		} else {
			args[len(args)-1] = string(rune('0'+k)) + "/4"
		}
		if code, _, e := runMain(t, context.Background(), env, args...); code != 0 {
			t.Fatalf("shard %d: exit %d: %s", k, code, e)
		}
		if _, err := os.Stat(filepath.Join(d, "summary.json")); err == nil {
			t.Errorf("shard %d wrote a summary.json; a shard's summary would be partial", k)
		}
	}
	merged := filepath.Join(dir, "merged")
	mergeArgs := append(append([]string{"merge"}, shards...), "-out", merged, "-report", filepath.Join(merged, "report.html"))
	if code, _, e := runMain(t, context.Background(), nil, mergeArgs...); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, e)
	}
	// summary.json and the page name the command that wrote them, as typed:
	// the one difference between the merge's and the single run's.
	runCmd, mergeCmd := lab.CommandLine(append([]string{"moralesim"}, runArgs...)...), lab.CommandLine(append([]string{"moralesim"}, mergeArgs...)...)
	for _, f := range []string{"summary.json", "runs.json", "runs.csv", "report.html", "squads.png"} {
		a, err1 := os.ReadFile(filepath.Join(full, f))
		b, err2 := os.ReadFile(filepath.Join(merged, f))
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v, %v", f, err1, err2)
		}
		if f == "summary.json" || f == "report.html" {
			// The page keeps each word of the command whole on its line.
			a, b = bytes.ReplaceAll(a, []byte("</span> <span>"), []byte(" ")), bytes.ReplaceAll(b, []byte("</span> <span>"), []byte(" "))
			if !bytes.Contains(a, []byte(runCmd)) || !bytes.Contains(b, []byte(mergeCmd)) {
				t.Errorf("%s does not name the command that wrote it (%q, %q)", f, runCmd, mergeCmd)
			}
			b = bytes.ReplaceAll(b, []byte(mergeCmd), []byte(runCmd))
		}
		if !bytes.Equal(a, b) {
			t.Errorf("merged %s differs from the single run's (%d vs %d bytes)", f, len(b), len(a))
		}
	}

	// A shard of another seed is refused, naming the seed.
	other := filepath.Join(dir, "other")
	if code, _, e := runMain(t, context.Background(), nil, "run", sc, "-runs", "203", "-seed", "10", "-out", other, "-q", "-shard", "3/4"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, e)
	}
	code, _, e := runMain(t, context.Background(), nil, "merge", shards[0], shards[1], shards[2], other, "-out", filepath.Join(dir, "bad"))
	if code != 2 || !strings.Contains(e, "seed differs: 9 and 10") {
		t.Errorf("merge of mixed seeds: exit %d, %q; want 2 and a message naming the seed", code, e)
	}
	// A missing shard is refused too.
	code, _, e = runMain(t, context.Background(), nil, "merge", shards[0], shards[1], "-out", filepath.Join(dir, "bad"))
	if code != 2 || !strings.Contains(e, "missing") {
		t.Errorf("merge of half the shards: exit %d, %q; want 2 and 'missing'", code, e)
	}
	if _, err := os.Stat(filepath.Join(dir, "bad")); err == nil {
		t.Errorf("a refused merge created its output folder")
	}
}

// compare's arguments out of order, the scenario first, say the order
// they go in, where 'looks like a scenario, not a weights file' alone left
// the designer to find which argument was meant where.
func TestCompareArgumentsOutOfOrder(t *testing.T) {
	code, out, e := runMain(t, context.Background(), nil, "compare", "../../scenarios/opening.toml", "../../weights.toml", "../../weights.toml", "-runs", "2", "-q")
	want := "opening.toml looks like a scenario, not a weights file: compare takes the two weights files first, then the scenario: moralesim compare A.toml B.toml SCENARIO.toml"
	if code != cli.ExitBadInput || out != "" || !strings.Contains(e, want) {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and %q", code, out, e, want)
	}
}

func TestBadInputWritesNothing(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("duration = 10.0\n[[squad]]\nsize = 2\ncolour = \"red\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown key", []string{"run", bad}, "bad.toml:4: squad[1].colour: is not a key"},
		{"bad sweep key", []string{"run", "../../scenarios/opening.toml", "-sweep", "Bravery=0:1:0.1"}, `"Bravery" is not a setting or weight row`},
		{"bad shard", []string{"run", "../../scenarios/opening.toml", "-shard", "4/4"}, "0 ≤ K < N"},
		{"auto without index", []string{"run", "../../scenarios/opening.toml", "-shard", "auto/4"}, "JOB_COMPLETION_INDEX"},
		{"unknown command", []string{"fly"}, "unknown command"},
		{"bad statistic", []string{"run", "../../scenarios/opening.toml", "-stat", "p42"}, `"p42" is not a statistic`},
		{"bad metric", []string{"sensitivity", "../../scenarios/opening.toml", "-metric", "speed"}, `"speed" is not a metric`},
		// These two exist, but only in an [[expect]] with after: 'is not a
		// metric' alone left the designer guessing.
		{"a squad's steady time as -metric", []string{"sensitivity", "../../scenarios/opening.toml", "-metric", "squad_steady_s.alpha"}, `"squad_steady_s.alpha" is not a metric here: it is measured after an event, so it exists only in an [[expect]] with after = "EVENT" (the seconds from the event's first occurrence until every living man of alpha is Steady); one of first_shaken_s,`},
		// Of a squad the scenario has not, it is no metric anywhere.
		{"the steady time of no squad as -metric", []string{"sensitivity", "../../scenarios/opening.toml", "-metric", "squad_steady_s.nobody"}, `"squad_steady_s.nobody" is not a metric: no squad is named "nobody"; the squads are "alpha"`},
		{"the steady time in -replays", []string{"run", "../../scenarios/opening.toml", "-replays", "first:steady_s:1"}, `"steady_s" is not a metric here: it is measured after an event, so it exists only in an [[expect]] with after = "EVENT" (the seconds from the event's first occurrence until every living man is Steady)`},
		{"weights without a row", []string{"run", "../../scenarios/opening.toml", "-weights", "EMPTY"}, `"Suppressed" has no row in the weights table`},
		{"missing file", []string{"run", filepath.Join(dir, "nope.toml")}, "nope.toml"},
	}
	empty := filepath.Join(dir, "empty.toml")
	if err := os.WriteFile(empty, []byte("[weights]\nAllyDown = -0.2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i, a := range tt.args {
				if a == "EMPTY" {
					tt.args[i] = empty
				}
			}
			out := filepath.Join(dir, "out-"+strings.ReplaceAll(tt.name, " ", "-"))
			args := append(append([]string{}, tt.args...), "-out", out, "-q")
			if tt.args[0] == "fly" {
				args = tt.args
			}
			code, _, e := runMain(t, context.Background(), nil, args...)
			if code != cli.ExitBadInput {
				t.Errorf("exit %d; want %d (stderr %q)", code, cli.ExitBadInput, e)
			}
			if !strings.Contains(e, tt.want) {
				t.Errorf("stderr = %q; want it to contain %q", e, tt.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s was created; bad input must write nothing", out)
			}
		})
	}
}

func TestInterruptedRunWritesNothing(t *testing.T) {
	out := filepath.Join(t.TempDir(), "o")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, _, e := runMain(t, ctx, nil, "run", "../../scenarios/opening.toml", "-runs", "50", "-out", out, "-q")
	if code != cli.ExitInterrupted {
		t.Errorf("exit %d; want %d (%s)", code, cli.ExitInterrupted, e)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("an interrupted run created %s", out)
	}
}

func TestCheckVerdicts(t *testing.T) {
	dir := t.TempDir()
	body := func(rng string) string {
		return `duration = 20.0
runs = 50
[[squad]]
name = "solo"
size = 1
names = ["Solo"]
nerves = [0.0]
[[event]]
t = 1.0
event = "TookDamage"
agent = "Solo"
scale = 8.0
[[expect]]
metric = "first_rout_s"
p50 = ` + rng + "\n"
	}
	tests := []struct {
		name, rng string
		code      int
		want      string
	}{
		{"pass", "[4.5, 5.0]", 0, "PASS " + filepath.Join(dir, "pass.toml") + ":15 first_rout_s p50 = 4.75 [95% CI 4.75, 4.75], n = 50 of 50 fights, want 4.5..5"},
		{"fail", "[1.0, 2.0]", 1, "FAIL " + filepath.Join(dir, "fail.toml") + ":15 first_rout_s p50 = 4.75 [95% CI 4.75, 4.75], n = 50 of 50 fights, want 1..2"},
	}
	for _, tt := range tests {
		f := filepath.Join(dir, tt.name+".toml")
		if err := os.WriteFile(f, []byte(body(tt.rng)), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, e := runMain(t, context.Background(), nil, "check", f, "-q")
		if code != tt.code || !strings.Contains(out, tt.want) {
			t.Errorf("%s: exit %d, stdout %q (stderr %q); want exit %d and %q", tt.name, code, out, e, tt.code, tt.want)
		}
	}
}

// TestCheckShowsIntervals checks that every verdict of check shows n and a
// 95% interval that holds its estimate, percentiles and means included.
func TestCheckShowsIntervals(t *testing.T) {
	code, out, e := runMain(t, context.Background(), nil, "check", "../../scenarios/platoon.toml", "../../scenarios/line.toml", "-runs", "120", "-q")
	if code != cli.ExitOK {
		t.Fatalf("exit %d (stderr %q); want 0", code, e)
	}
	re := regexp.MustCompile(`^PASS \S+:\d+ (\S+) (\w+) = (\S+) \[95% CI (\S+), (\S+)\], n = (\d+)( of 120)? fights, want \S+$`)
	lines := strings.Split(strings.TrimSuffix(out, "\ncheck: ok\n"), "\n")
	if len(lines) != 10 {
		t.Fatalf("%d verdicts; want 10:\n%s", len(lines), out)
	}
	for _, l := range lines {
		m := re.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("verdict %q; want \"= X [95%% CI LO, HI], n = N (of 120) fights\"", l)
			continue
		}
		x, _ := strconv.ParseFloat(m[3], 64)
		lo, _ := strconv.ParseFloat(m[4], 64)
		hi, _ := strconv.ParseFloat(m[5], 64)
		if lo > x || hi < x {
			t.Errorf("%q: the interval %v..%v leaves out its estimate %v", l, lo, hi, x)
		}
		if share := m[2] == "share"; share != (m[7] == "") {
			t.Errorf("%q: n of every fight for a share, of the fights where it is defined otherwise", l)
		}
	}
}

func TestRunWritesReportAndPlots(t *testing.T) {
	dir := t.TempDir()
	rep := filepath.Join(dir, "r", "report.html")
	if err := os.Mkdir(filepath.Join(dir, "r"), 0o755); err != nil { // -report's folder must exist
		t.Fatal(err)
	}
	code, out, e := runMain(t, context.Background(), nil, "run", "../../scenarios/opening.toml", "-runs", "40", "-out", filepath.Join(dir, "o"), "-report", rep, "-q")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, e)
	}
	if !strings.Contains(out, "first_rout_s") {
		t.Errorf("stdout lacks the metrics table: %q", out)
	}
	for _, f := range []string{"summary.json", "runs.json", "runs.csv", "squads.png", "unbroken.png", "fan.png", "survival.png", "first_rout.png", "cascade.png"} {
		data, err := os.ReadFile(filepath.Join(dir, "o", f))
		if err != nil || len(data) == 0 {
			t.Errorf("%s: %v (%d bytes)", f, err, len(data))
		}
		if strings.HasSuffix(f, ".png") && !bytes.HasPrefix(data, []byte("\x89PNG")) {
			t.Errorf("%s is not a PNG", f)
		}
	}
	html, err := os.ReadFile(rep)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(html), `src="data:image/png;base64,`); n != 6 {
		t.Errorf("report embeds %d images; want 6", n)
	}
	if strings.Contains(string(html), `src="http`) || strings.Contains(string(html), `href="http`) {
		t.Errorf("report links outside itself")
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "o"))
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

func TestSweepOneAndTwoKeys(t *testing.T) {
	dir := t.TempDir()
	code, out, e := runMain(t, context.Background(), nil, "run", "../../scenarios/opening.toml", "-runs", "20", "-out", filepath.Join(dir, "s1"), "-q",
		"-sweep", "weights.TookDamage=-0.1:0:0.05", "-metric", "routed", "-stat", "mean")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, e)
	}
	// TookDamage −0.1 routs Eriksen (1 man); at 0 his wound is no news and
	// nobody routs.
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[1], "-0.1\t1\t") || !strings.HasPrefix(lines[3], "0\t0\t") {
		t.Errorf("sweep output = %q; want 3 points, 1 routed at −0.1 and 0 at 0", out)
	}
	code, _, e = runMain(t, context.Background(), nil, "run", "../../scenarios/opening.toml", "-runs", "5", "-out", filepath.Join(dir, "s2"), "-q",
		"-sweep", "Hysteresis=0.05:0.15:0.05", "-sweep", "ContagionPerSecond=0.25:0.75:0.25")
	if code != 0 {
		t.Fatalf("two-key sweep: exit %d: %s", code, e)
	}
	for _, f := range []string{"sweep.json", "sweep.png"} {
		if _, err := os.Stat(filepath.Join(dir, "s2", f)); err != nil {
			t.Errorf("two-key sweep: %v", err)
		}
	}
}

func TestLintCommand(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "w.toml")
	if err := os.WriteFile(bad, []byte("Hysteresis = 0.0\nMinimumStateSeconds = 0.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, e := runMain(t, context.Background(), nil, "lint", "../../weights.toml"); code != 0 {
		t.Errorf("lint weights.toml: exit %d, %q %q; want 0", code, out, e)
	}
	if code, out, _ := runMain(t, context.Background(), nil, "lint", bad); code != 1 || !strings.Contains(out, "flicker") {
		t.Errorf("lint of a flickering table: exit %d, %q; want 1 and a flicker warning", code, out)
	}
	broken := filepath.Join(dir, "b.toml")
	if err := os.WriteFile(broken, []byte("Hysteresis = \"x\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, e := runMain(t, context.Background(), nil, "lint", broken); code != 2 || !strings.Contains(e, "line 1") {
		t.Errorf("lint of a broken file: exit %d, %q; want 2 naming line 1", code, e)
	}
}

// fakeClock advances by step at every reading.
func fakeClock(step time.Duration) func() time.Time {
	var mu sync.Mutex
	t := time.Unix(0, 0)
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		t = t.Add(step)
		return t
	}
}

func TestProgressBar(t *testing.T) {
	tests := []struct {
		name  string
		step  time.Duration
		quiet bool
		want  bool
	}{
		{"a long job shows the bar", time.Second, false, true},
		{"-q silences it", time.Second, true, false},
		{"a job under two seconds shows nothing", time.Microsecond, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			args := []string{"run", "../../scenarios/opening.toml", "-runs", "30", "-out", t.TempDir()}
			if tt.quiet {
				args = append(args, "-q")
			}
			code := cli.Main(context.Background(), args, cli.Env{Stdout: &out, Stderr: &errb, Now: fakeClock(tt.step)})
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			got := strings.Contains(errb.String(), "ETA")
			if got != tt.want {
				t.Errorf("stderr %q: bar shown = %v; want %v", errb.String(), got, tt.want)
			}
			if got && !strings.Contains(errb.String(), "30/30 100%") {
				t.Errorf("the bar never reached 30/30: %q", errb.String())
			}
		})
	}
}

func TestSweepShardsMerge(t *testing.T) {
	dir := t.TempDir()
	sweep := []string{"-sweep", "Hysteresis=0.05:0.2:0.05", "-sweep", "RecoveryDelaySeconds=3:5:1", "-metric", "routed", "-stat", "mean", "-runs", "8", "-q"}
	run := func(out string, extra ...string) {
		t.Helper()
		args := append(append([]string{"run", "../../scenarios/opening.toml", "-out", out}, sweep...), extra...)
		if code, _, e := runMain(t, context.Background(), nil, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, e)
		}
	}
	run(filepath.Join(dir, "full"))
	var shards []string
	for k := 0; k < 3; k++ {
		d := filepath.Join(dir, fmt.Sprintf("s%d", k))
		run(d, "-shard", fmt.Sprintf("%d/3", k))
		shards = append(shards, d)
		if _, err := os.Stat(filepath.Join(d, "sweep.png")); err == nil {
			t.Errorf("shard %d drew a plot of a partial sweep", k)
		}
	}
	merged := filepath.Join(dir, "merged")
	if code, _, e := runMain(t, context.Background(), nil, append(append([]string{"merge"}, shards...), "-out", merged)...); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, e)
	}
	a, err1 := os.ReadFile(filepath.Join(dir, "full", "sweep.json"))
	b, err2 := os.ReadFile(filepath.Join(merged, "sweep.json"))
	if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
		t.Errorf("merged sweep.json differs from the single run's (%v, %v)", err1, err2)
	}
	if _, err := os.Stat(filepath.Join(merged, "sweep.png")); err != nil {
		t.Errorf("merged sweep has no plot: %v", err)
	}
	code, _, e := runMain(t, context.Background(), nil, "merge", shards[0], shards[1], "-out", filepath.Join(dir, "bad"))
	if code != 2 || !strings.Contains(e, "missing") {
		t.Errorf("merge of two of three sweep shards: exit %d, %q; want 2 and 'missing'", code, e)
	}
}

// sensitivity printed a change of nothing as '+0 [+0, +0]' on stdout where
// its page printed '0 [0, 0]' (and '[+0, +0.25]' beside the page's
// '[0, +0.25]'): every change on stdout now reads as the page's cell.
func TestSensitivityChangesReadAsOnThePage(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.html")
	code, out, e := runMain(t, context.Background(), nil, "sensitivity", "../../scenarios/opening.toml", "-metric", "routed", "-stat", "mean", "-runs", "20", "-q", "-out", filepath.Join(dir, "s"), "-report", file)
	if code != 0 {
		t.Fatalf("sensitivity: exit %d: %s", code, e)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	page := html.UnescapeString(string(b))
	change := regexp.MustCompile(`\S+ \[\S+, \S+\]`)
	cell := regexp.MustCompile(`<td class="n">([^<]*)</td>`)
	rows, zeros := 0, 0
	for _, l := range strings.Split(out, "\n") {
		got := change.FindAllString(l, -1)
		if len(got) != 2 {
			continue // the header, or the unreported rows
		}
		key := strings.Fields(l)[0]
		tr := regexp.MustCompile(`<tr[^>]*><td>` + regexp.QuoteMeta(key) + `</td>(.*?)</tr>`).FindStringSubmatch(page)
		if tr == nil {
			t.Errorf("%s: no row on the page", key)
			continue
		}
		var cells []string
		for _, m := range cell.FindAllStringSubmatch(tr[1], -1) {
			cells = append(cells, m[1])
		}
		if len(cells) != 5 || got[0] != cells[2] || got[1] != cells[4] {
			t.Errorf("%s: stdout %q; the page %q", key, got, cells)
		}
		rows++
		zeros += strings.Count(l, "0 [0, 0]")
	}
	if rows < 10 || zeros == 0 {
		t.Errorf("%d rows compared, %d changes of nothing; want every knob and some '0 [0, 0]':\n%s", rows, zeros, out)
	}
}

// sensitivity and compare write a page with -report; compare's plain mean A
// is run's mean for the same file, seed and runs.
func TestSensitivityAndCompareReports(t *testing.T) {
	dir := t.TempDir()
	sc := "../../scenarios/sergeant.toml"
	sens := filepath.Join(dir, "sens.html")
	if code, _, e := runMain(t, context.Background(), nil, "sensitivity", sc, "-metric", "squad_broke.bravo", "-runs", "20", "-q", "-out", filepath.Join(dir, "s"), "-report", sens); code != 0 {
		t.Fatalf("sensitivity: exit %d: %s", code, e)
	}
	for _, f := range []string{"sensitivity.json", "tornado.png", "squads.png"} {
		if _, err := os.Stat(filepath.Join(dir, "s", f)); err != nil {
			t.Errorf("sensitivity: %v", err)
		}
	}
	page, err := os.ReadFile(sens)
	if err != nil || !strings.Contains(string(page), `<table id="effects">`) {
		t.Errorf("sensitivity's page: %v; want the effects table", err)
	}
	b := filepath.Join(dir, "b.toml")
	w, err := os.ReadFile("../../weights.toml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, bytes.Replace(w, []byte("LeaderDown = -0.45"), []byte("LeaderDown = -0.3"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	cmp := filepath.Join(dir, "cmp.html")
	code, out, e := runMain(t, context.Background(), nil, "compare", "../../weights.toml", b, sc, "-runs", "60", "-seed", "4", "-report", cmp)
	if code != 0 {
		t.Fatalf("compare: exit %d: %s", code, e)
	}
	page, err = os.ReadFile(cmp)
	if err != nil || !strings.Contains(string(page), "paired means A → B (fights)") || !strings.Contains(string(page), "weights.LeaderDown") {
		t.Errorf("compare's page: %v; want the paired means and the changed weight", err)
	}
	_, runOut, _ := runMain(t, context.Background(), nil, "run", sc, "-runs", "60", "-seed", "4", "-q", "-out", filepath.Join(dir, "r"))
	// run: "first_rout_s  n  p10  p50  p90  mean ..."; compare: "first_rout_s  MEAN (N) ...".
	field := func(text, metric string, i int) string {
		for _, l := range strings.Split(text, "\n") {
			if f := strings.Fields(l); len(f) > i && f[0] == metric {
				return f[i]
			}
		}
		return ""
	}
	for _, m := range []string{"first_rout_s", "squad_first_break_s.bravo", "broke"} {
		mean, n := field(runOut, m, 5), field(runOut, m, 1)
		if got, want := field(out, m, 1)+" "+field(out, m, 2), mean+" ("+n+")"; got != want {
			t.Errorf("%s: compare's mean A %q; want run's %q", m, got, want)
		}
	}
}

// Every command that runs fights has -q for its progress bar (compare had
// none: a long comparison ran without a word).
func TestEveryFightingCommandHasQuiet(t *testing.T) {
	for _, cmd := range []string{"run", "check", "sensitivity", "compare", "fit", "game"} {
		_, _, e := runMain(t, context.Background(), nil, cmd, "-h")
		if !strings.Contains(e, "\n  -q") {
			t.Errorf("%s -h: got no -q flag in\n%s", cmd, e)
		}
	}
}

// compare says of a metric that happened in no fight of either side that it
// never happened in either, on stdout and on its page: it called it "same
// within noise", as if there had been something to compare.
func TestCompareSaysNeverHappened(t *testing.T) {
	dir := t.TempDir()
	w, err := os.ReadFile("../../weights.toml")
	if err != nil {
		t.Fatal(err)
	}
	b := filepath.Join(dir, "b.toml")
	if err := os.WriteFile(b, bytes.Replace(w, []byte("LeaderDown = -0.45"), []byte("LeaderDown = -0.3"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "cmp.html")
	code, out, e := runMain(t, context.Background(), nil, "compare", "../../weights.toml", b, "../../scenarios/sergeant.toml", "-runs", "20", "-q", "-report", page)
	if code != 0 {
		t.Fatalf("compare: exit %d: %s", code, e)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		metric string
		never  bool
	}{
		{"rebreaks", true},         // a count never above zero
		{"back_to_steady_s", true}, // a time that never came
		{"broke", false},
		{"first_rout_s", false},
	}
	for _, tt := range tests {
		line := ""
		for _, l := range strings.Split(out, "\n") {
			if f := strings.Fields(l); len(f) > 0 && f[0] == tt.metric {
				line = l
			}
		}
		if got := strings.HasSuffix(line, "  never happened in either"); got != tt.never {
			t.Errorf("%s: got %q; want it to end \"never happened in either\": %v", tt.metric, line, tt.never)
		}
		if tt.never && strings.Contains(line, "same within noise") {
			t.Errorf("%s: got %q; want no \"same within noise\"", tt.metric, line)
		}
		_, row, _ := strings.Cut(string(html), "<td>"+tt.metric+"</td>")
		row, _, _ = strings.Cut(row, "</tr>")
		if got := strings.Contains(row, "never happened in either"); got != tt.never {
			t.Errorf("%s: the page's row %q; want \"never happened in either\": %v", tt.metric, row, tt.never)
		}
	}
}

// run's last line names a shard only when it ran one: it said "shard all"
// of a run that sharded nothing.
func TestRunLastLineNamesAShardOnlyWhenSharded(t *testing.T) {
	dir := t.TempDir()
	sc := filepath.Join(dir, "s.toml")
	if err := os.WriteFile(sc, []byte("name = \"s\"\nduration = 5.0\n[[squad]]\nname = \"a\"\nsize = 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string // a regular expression for the last line of stderr
	}{
		{"whole", []string{"-runs", "4"}, `^s: 4 runs in [0-9.]+s \([0-9]+ runs/s\), written to \S+\n$`},
		{"one run", []string{"-runs", "1"}, `^s: 1 run in [0-9.]+s \([0-9]+ runs/s\), written to \S+\n$`},
		{"a shard", []string{"-runs", "4", "-shard", "1/2"}, `^s: 2 runs in [0-9.]+s \([0-9]+ runs/s\), shard 1/2 of 4 runs, written to \S+\n$`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"run", sc, "-out", filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_"))}, tt.args...)
			code, _, errb := runMain(t, context.Background(), nil, args...)
			if code != 0 || !regexp.MustCompile(tt.want).MatchString(errb) {
				t.Errorf("got exit %d, stderr %q; want exit 0 and stderr matching %q", code, errb, tt.want)
			}
		})
	}
}

// Shards of two Monte-Carlos of different sizes (-runs 40 and -runs 30) are
// refused naming the field and the folders, as every other difference of
// their headers is: merge said only 'the shards hold more runs than their
// Monte-Carlo's 30; is a shard given twice, or are they of different
// Monte-Carlos?'. The same for the points of two sweeps.
func TestMergeOfDifferentSizesNamesTheField(t *testing.T) {
	dir := t.TempDir()
	run := func(out string, args ...string) string {
		t.Helper()
		d := filepath.Join(dir, out)
		args = append([]string{"run", "../../scenarios/opening.toml", "-out", d, "-q"}, args...)
		if code, _, e := runMain(t, context.Background(), nil, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, e)
		}
		return d
	}
	a, b := run("a", "-runs", "40", "-shard", "0/2"), run("b", "-runs", "30", "-shard", "1/2")
	sweep := []string{"-metric", "routed", "-stat", "mean", "-runs", "4"}
	sa := run("sa", append(sweep, "-sweep", "Hysteresis=0.05:0.35:0.05", "-shard", "0/2")...)
	sb := run("sb", append(sweep, "-sweep", "Hysteresis=0.05:0.15:0.05", "-shard", "1/2")...)
	for _, tt := range []struct{ x, y, field string }{{a, b, "runs differs: 40 and 30"}, {b, a, "runs differs: 30 and 40"}, {sa, sb, "differs"}} {
		code, _, e := runMain(t, context.Background(), nil, "merge", tt.x, tt.y, "-out", filepath.Join(dir, "bad"))
		if want := tt.x + " and " + tt.y + " come from different"; code != 2 || !strings.Contains(e, want) || !strings.Contains(e, tt.field) {
			t.Errorf("merge %s %s: exit %d, %q; want 2, %q and %q", tt.x, tt.y, code, e, want, tt.field)
		}
	}
}

// check of several scenarios reads them all before it refuses any: the
// problems of every file are said at once (and a missing file among them),
// where check scenarios/*.toml stopped at the first bad file.
func TestCheckSaysEveryFilesProblems(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.toml"), filepath.Join(dir, "b.toml")
	if err := os.WriteFile(a, []byte("duration = 10.0\n[[squad]]\nsize = 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte("duration = 10.0\n[[squad]]\nsize = 2\ncolour = \"red\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, e := runMain(t, context.Background(), nil, "check", a, filepath.Join(dir, "none.toml"), "../../scenarios/opening.toml", b, "-runs", "2", "-q")
	want := "moralesim: " + a + ":3: squad[1].size: is 0; it must lie in 1..100000\n" +
		filepath.Join(dir, "none.toml") + ": no such file\n" +
		b + ":4: squad[1].colour: is not a key of squad[1]\n"
	if code != cli.ExitBadInput || out != "" || e != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and %q", code, out, e, want)
	}
}

// -out naming a folder that is not a result is bad input said with the
// flags, before any fight: it was refused only at the write, after every
// fight ran (exit 1). The folder is kept.
func TestOutNotAResultIsRefusedFirst(t *testing.T) {
	for _, cmd := range [][]string{
		{"run", "../../scenarios/line.toml", "-runs", "20"},
		{"sensitivity", "../../scenarios/line.toml", "-runs", "20"},
		{"fit", "../../scenarios/fit/line_holds.toml"},
	} {
		dir := t.TempDir()
		a := filepath.Join(dir, "a.toml")
		if err := os.WriteFile(a, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, e := runMain(t, context.Background(), nil, append(cmd, "-out", dir, "-q")...)
		want := "moralesim: -out: " + dir + `: holds "a.toml" and none of the files a result folder holds`
		if b, err := os.ReadFile(a); code != cli.ExitBadInput || out != "" || !strings.HasPrefix(e, want) || err != nil || string(b) != "old" {
			t.Errorf("%s: got exit %d, stdout %q, stderr %q, a.toml %q (%v); want exit 2, %q… and a.toml kept", cmd[0], code, out, e, b, err, want)
		}
	}
}

// The default result folder (no -out: out/NAME) that is not a result was
// refused only at the write, after every fight ran (exit 1), where -out's
// is refused with the flags. It is refused before any fight now, in the
// write's words: the clock, which a job's progress reads when its fights
// start, is never read.
func TestDefaultOutNotAResultIsRefusedFirst(t *testing.T) {
	line, err := filepath.Abs("../../scenarios/line.toml")
	if err != nil {
		t.Fatal(err)
	}
	holds, err := filepath.Abs("../../scenarios/fit/line_holds.toml")
	if err != nil {
		t.Fatal(err)
	}
	sergeant, err := filepath.Abs("../../scenarios/sergeant.toml")
	if err != nil {
		t.Fatal(err)
	}
	platoon, err := filepath.Abs("../../scenarios/platoon.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		dir  string
	}{
		{[]string{"run", line, "-runs", "20"}, "line"},
		{[]string{"run", line, "-runs", "20", "-sweep", "RecoveryDelaySeconds=3:4:1"}, "line"},
		{[]string{"sensitivity", line, "-runs", "20"}, "line-sensitivity"},
		{[]string{"fit", holds}, "line_holds-fit"},
		// a fit of several files has its own default: it never replaces the one-file fit's
		{[]string{"fit", holds, sergeant, platoon}, "line_holds-and-2-more-fit"},
	} {
		t.Run(strings.Join(tt.args[:1], " ")+" "+tt.dir, func(t *testing.T) {
			t.Chdir(t.TempDir())
			dir := filepath.Join("out", tt.dir)
			a := filepath.Join(dir, "a.toml")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(a, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
			reads := 0
			var out, errb bytes.Buffer
			code := cli.Main(context.Background(), append(tt.args, "-q"), cli.Env{Stdout: &out, Stderr: &errb, Now: func() time.Time { reads++; return time.Unix(0, 0) }})
			want := "moralesim: " + dir + `: holds "a.toml" and none of the files a result folder holds`
			if b, err := os.ReadFile(a); code != cli.ExitBadInput || reads != 0 || out.String() != "" || !strings.HasPrefix(errb.String(), want) || err != nil || string(b) != "old" {
				t.Errorf("got exit %d, clock read %d times, stdout %q, stderr %q, a.toml %q (%v); want exit 2, no read, %q… and a.toml kept", code, reads, out.String(), errb.String(), b, err, want)
			}
		})
	}
}

// game's default result folder, out/demo, that is a file was refused as
// '-out: out/demo: is a file, not a folder; …', naming a flag the user
// never typed; it is the folder alone now, as run's default out/NAME.
func TestGameDefaultOutNamesNoFlag(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.MkdirAll("out", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("out", "demo"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := cli.Main(context.Background(), []string{"game", "-runs", "1", "-q"}, cli.Env{Stdout: &out, Stderr: &errb, Now: time.Now})
	want := "moralesim: " + filepath.Join("out", "demo") + ": is a file, not a folder; not replaced\n"
	if code != cli.ExitBadInput || errb.String() != want {
		t.Errorf("got exit %d, stderr %q; want exit 2, %q", code, errb.String(), want)
	}
}

// A bad flag beside a default result folder that is not a result was
// hidden by the folder's refusal (3d3be19 checked the folder before the
// flags): run -metric nope said only 'out/line: holds "a.toml" …', the flag
// on the next attempt. The flags are said first now.
func TestABadFlagBeforeTheDefaultOut(t *testing.T) {
	line, err := filepath.Abs("../../scenarios/line.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"-metric", []string{"-metric", "nope"}, "-metric"},
		{"-sweep", []string{"-sweep", "Nope=0:1:0.5"}, "Nope"},
		{"-replays", []string{"-replays", "some:nope:3"}, "nope"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			dir := filepath.Join("out", "line")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "a.toml"), []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
			var out, errb bytes.Buffer
			code := cli.Main(context.Background(), append([]string{"run", line, "-runs", "20", "-q"}, tt.args...), cli.Env{Stdout: &out, Stderr: &errb, Now: time.Now})
			if e := errb.String(); code != cli.ExitBadInput || !strings.Contains(e, tt.want) || strings.Contains(e, "a.toml") {
				t.Errorf("got exit %d, stderr %q; want exit 2 naming %q, not the folder", code, e, tt.want)
			}
		})
	}
}

// A result folder's path that holds a file, -out's or the default
// out/NAME, was refused only at the write, after every fight ran (exit 1):
// lab.CheckOut left a path that is not a folder to the write. It is refused
// before any fight now, in the write's words, and the file kept.
func TestOutAFileIsRefusedFirst(t *testing.T) {
	line, err := filepath.Abs("../../scenarios/line.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, file string
		args       []string
		want       string
	}{
		{"-out", "res", []string{"-out", "res"}, "moralesim: -out: res: is a file, not a folder; not replaced"},
		{"default", filepath.Join("out", "line"), nil, "moralesim: " + filepath.Join("out", "line") + ": is a file, not a folder; not replaced"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			if err := os.MkdirAll(filepath.Dir(tt.file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(tt.file, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
			reads := 0
			var out, errb bytes.Buffer
			args := append([]string{"run", line, "-runs", "20", "-q"}, tt.args...)
			code := cli.Main(context.Background(), args, cli.Env{Stdout: &out, Stderr: &errb, Now: func() time.Time { reads++; return time.Unix(0, 0) }})
			if b, err := os.ReadFile(tt.file); code != cli.ExitBadInput || reads != 0 || out.String() != "" || errb.String() != tt.want+"\n" || err != nil || string(b) != "old" {
				t.Errorf("got exit %d, clock read %d times, stdout %q, stderr %q, %s %q (%v); want exit 2, no read, %q and the file kept", code, reads, out.String(), errb.String(), tt.file, b, err, tt.want)
			}
		})
	}
}

// A misspelt -sweep key lists the weight rows and the settings, each on a
// line of its own that moralesim prints whole: one line of both was cut at
// 400 bytes, inside a setting's name ("RecoveryDelaySecond…").
func TestSweepMisspeltKeyPrintsWhole(t *testing.T) {
	code, out, e := runMain(t, context.Background(), nil, "run", "../../scenarios/line.toml", "-sweep", "Supressed=0:1:0.5", "-q")
	want := []string{
		`moralesim: -sweep "Supressed=0:1:0.5": "Supressed" is not a setting or weight row; the weight rows are AllyDown, LeaderDown, TookDamage, Suppressed, `,
		"-sweep: the settings are ShakenBelow, ",
	}
	lines := strings.Split(strings.TrimSuffix(e, "\n"), "\n")
	ok := code == cli.ExitBadInput && out == "" && len(lines) == len(want)
	for i := 0; ok && i < len(want); i++ {
		ok = strings.HasPrefix(lines[i], want[i]) && !strings.HasSuffix(lines[i], "…")
	}
	if !ok {
		t.Errorf("got exit %d, stdout %q, stderr %q; want exit 2 and two whole lines starting %q", code, out, e, want)
	}
}

// A message that lists names (-sweep's weight rows, -metric's metrics)
// fits the line moralesim prints whole by design: with long custom event
// names the rows' line passed 400 bytes and was cut inside a name, as was
// -metric steady_s's list of metrics with the default weights. Each list
// now names as many as its line has room for, each clipped, then how many
// in all.
func TestAListOfNamesPrintsWhole(t *testing.T) {
	w, err := os.ReadFile("../../weights.toml")
	if err != nil {
		t.Fatal(err)
	}
	long := filepath.Join(t.TempDir(), "long.toml")
	w = append(w, "\n[custom]\n"...)
	for i := range 8 {
		w = fmt.Appendf(w, "%s_%d = -0.1\n", strings.Repeat("Artillery", 20), i)
	}
	if err := os.WriteFile(long, w, 0o644); err != nil {
		t.Fatal(err)
	}
	// A squad's name of 100 bytes, the most, is quoted whole in its list
	// (its quote clipped as every quote is), not clipped once more.
	s100 := strings.Repeat("S", 100)
	squads := filepath.Join(t.TempDir(), "squads.toml")
	if err := os.WriteFile(squads, []byte("duration = 10.0\n[[squad]]\nname = \""+s100+"\"\nsize = 2\n[[squad]]\nname = \"b\"\nsize = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	line := "../../scenarios/line.toml"
	for _, tt := range []struct {
		name string
		args []string
		want []string // each line's start and end
	}{
		{"-sweep, long custom rows", []string{line, "-weights", long, "-sweep", "Supressed=0:1:0.5"}, []string{
			`moralesim: -sweep "Supressed=0:1:0.5": "Supressed" is not a setting or weight row; the weight rows are AllyDown, `, ", … (18 in all)",
			"-sweep: the settings are ShakenBelow, ", ", … (14 in all)",
		}},
		{"-metric steady_s", []string{line, "-metric", "steady_s"}, []string{
			`moralesim: -metric: "steady_s" is not a metric here: `, ", … (19 in all)",
		}},
		{"-metric, a long squad name", []string{squads, "-metric", "squad_broke.nope"}, []string{
			`moralesim: -metric: "squad_broke.nope" is not a metric: no squad is named "nope"; the squads are `, `"` + s100[:80] + `… (100 bytes)", "b"`,
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, e := runMain(t, context.Background(), nil, append([]string{"run", "-q"}, tt.args...)...)
			lines := strings.Split(strings.TrimSuffix(e, "\n"), "\n")
			ok := code == cli.ExitBadInput && out == "" && 2*len(lines) == len(tt.want)
			for i := 0; ok && i < len(lines); i++ {
				ok = strings.HasPrefix(lines[i], tt.want[2*i]) && strings.HasSuffix(lines[i], tt.want[2*i+1]) && len(strings.TrimPrefix(lines[i], "moralesim: ")) <= 400
			}
			if !ok {
				t.Errorf("got exit %d, stdout %q, stderr %q; want exit 2 and lines of at most 400 bytes (after \"moralesim: \") starting and ending %q", code, out, e, tt.want)
			}
		})
	}
}

// A scenario whose results would not fit in memory is one problem among
// the others: check returned at it, dropping the problems of the files
// read before it.
func TestCheckSaysAResultsProblemWithTheOthers(t *testing.T) {
	dir := t.TempDir()
	a, big := filepath.Join(dir, "a.toml"), filepath.Join(dir, "big.toml")
	if err := os.WriteFile(a, []byte("duration = 10.0\n[[squad]]\nsize = -1\n[[squad]]\nsize = -1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(big, []byte("runs = 1000000\nduration = 60.0\nsample = 0.01\n[[squad]]\nsize = 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, e := runMain(t, context.Background(), nil, "check", a, big, "-q")
	want := []string{
		"moralesim: " + a + ":3: squad[1].size: is -1; it must lie in 1..100000",
		a + ":5: squad[2].size: is -1; it must lie in 1..100000",
		big + ":1: runs: the results of 1000000 runs of \"big\" would take about 269 GiB of memory (morale samples and metrics); at most 2 GiB,",
	}
	lines := strings.Split(strings.TrimSuffix(e, "\n"), "\n")
	ok := code == cli.ExitBadInput && out == "" && len(lines) == len(want)
	for i := 0; ok && i < len(want); i++ {
		ok = strings.HasPrefix(lines[i], want[i])
	}
	if !ok {
		t.Errorf("got exit %d, stdout %q, stderr %q; want exit 2 and lines starting %q", code, out, e, want)
	}
}

// Every file that is not there is said in a designer's words: of check
// or fit of two missing files the second read in the system's, "stat
// b.toml: no such file or directory".
func TestEveryMissingFileSaidPlainly(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.toml"), filepath.Join(dir, "b.toml")
	want := "moralesim: " + a + ": no such file\n" + b + ": no such file\n"
	for _, args := range [][]string{
		{"check", a, b, "-q"},
		{"fit", a, b, "-q", "-out", filepath.Join(dir, "out")},
	} {
		code, out, e := runMain(t, context.Background(), nil, args...)
		if code != cli.ExitBadInput || out != "" || e != want {
			t.Errorf("%s: got exit %d, stdout %q, stderr %q; want exit 2 and %q", args[0], code, out, e, want)
		}
	}
}

// A -weights file that does not read is every scenario's problem: check
// said it once per file ("none.toml: no such file" twice for two files).
// It names the flag, which it did not.
func TestCheckSaysAWeightsProblemOnce(t *testing.T) {
	none := filepath.Join(t.TempDir(), "none.toml")
	code, out, e := runMain(t, context.Background(), nil, "check", "../../scenarios/line.toml", "../../scenarios/opening.toml", "-weights", none, "-runs", "2", "-q")
	if want := "moralesim: -weights: " + none + ": no such file\n"; code != cli.ExitBadInput || out != "" || e != want {
		t.Errorf("got exit %d, stdout %q, stderr %q; want exit 2 and %q", code, out, e, want)
	}
}
