package cli_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab/cli"
)

const opening = "../../scenarios/opening.toml"

// A scenario's runs over the limit, or of results over the memory limit,
// are bad input naming the file, the line and the key (runs = 1500000 was
// exit 1 with no file, from the Monte-Carlo); from -runs, they name -runs.
func TestScenarioRunsOverLimits(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	squads := strings.Repeat("[[squad]]\nsize = 1\n", 12)
	over := write("over.toml", "duration = 1.0\nruns = 1500000\n[[squad]]\nsize = 1\n")
	heavy := write("heavy.toml", "duration = 100.0\nsample = 0.01\nruns = 100000\n"+squads)
	heavyDefault := write("default.toml", "duration = 100.0\nsample = 0.01\n"+squads)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"runs over a million", []string{"check", over}, over + ":2: runs: is 1500000; it must lie in 1..1000000"},
		{"runs over a million, run", []string{"run", over}, over + ":2: runs: is 1500000"},
		{"results over 2 GiB, check", []string{"check", heavy}, heavy + ":3: runs: the results of 100000 runs of \"heavy\" would take about"},
		{"results over 2 GiB, run", []string{"run", heavy}, heavy + ":3: runs: the results of 100000 runs"},
		{"results over 2 GiB, the default runs", []string{"run", heavyDefault}, heavyDefault + ": runs: the results of 1000 runs"},
		{"results over 2 GiB, -runs", []string{"run", heavyDefault, "-runs", "5000"}, "-runs: the results of 5000 runs"},
		{"results over 2 GiB, check -runs", []string{"check", heavyDefault, "-runs", "5000"}, "-runs: the results of 5000 runs"},
		// compare, sensitivity and game take their fights from -runs (or its
		// default), never from the scenario's runs.
		{"results over 2 GiB, compare", []string{"compare", "../../weights.toml", "../../weights.toml", heavyDefault}, "-runs: 1000 fights a side, both sides held at once: the results of 2000 runs"},
		{"results over 2 GiB, compare -runs", []string{"compare", "../../weights.toml", "../../weights.toml", heavy, "-runs", "700"}, "-runs: 700 fights a side, both sides held at once: the results of 1400 runs"},
		{"results over 2 GiB, sensitivity -runs", []string{"sensitivity", heavy, "-metric", "broke", "-runs", "1000"}, "-runs: the results of 1000 runs"},
		{"results over 2 GiB, game", []string{"game", "-runs", "1000000", "-duration", "3600"}, "-runs and -duration: the results of 1000000 runs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(dir, "out")
			args := append(tt.args, "-q", "-max-work", "1e15")
			if tt.args[0] != "check" && tt.args[0] != "compare" {
				args = append(args, "-out", out)
			}
			code, _, e := runMain(t, context.Background(), nil, args...)
			if code != cli.ExitBadInput || !strings.HasPrefix(e, "moralesim: "+tt.want) {
				t.Errorf("got exit %d, stderr %q; want %d and %q", code, e, cli.ExitBadInput, "moralesim: "+tt.want)
			}
			// The advice fits the fights: game's have no scenario file,
			// so no sample to raise.
			advice := "raise the scenario's sample or run fewer"
			if tt.args[0] == "game" {
				advice = "run fewer or shorter fights"
			}
			if strings.HasPrefix(tt.name, "results over 2 GiB") && !strings.HasSuffix(strings.TrimSpace(e), advice) {
				t.Errorf("got stderr %q; want it to end with the advice %q", e, advice)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s was written", out)
			}
		})
	}
}

// Flags that said one thing and did another: -runs 0 meant the scenario's
// 1,000 although the message gave the range as 1..10,000,000; work over the
// ceiling ran for hours; a shard count from a partial Slurm array cut the
// runs wrong.
func TestFlagsSayWhatTheyDo(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.toml")
	// 200,000 men packed 10 cm apart for a day, news among them every 0.1 s
	// reaching them all: about 36 min of one core a fight.
	if err := os.WriteFile(huge, []byte("duration = 86400.0\nsample = 10.0\n[[squad]]\nsize = 100000\nformation = \"grid\"\nspacing = 10.0\n[[squad]]\nsize = 100000\nformation = \"grid\"\nspacing = 10.0\n[[event]]\nt = 0.0\nevent = \"Suppressed\"\nat = [0.0, 0.0]\nevery = 0.1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	many := filepath.Join(dir, "many.toml")
	if err := os.WriteFile(many, []byte("duration = 1.0\n[[squad]]\nsize = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		env  map[string]string
		args []string
		want string
	}{
		{"-runs 0", nil, []string{"run", opening, "-runs", "0"}, "-runs is 0; it must be 1..1000000"},
		{"-runs 10000000", nil, []string{"run", many, "-runs", "10000000"}, "-runs is 10000000; it must be 1..1000000"},
		{"check -runs 0", nil, []string{"check", opening, "-runs", "0"}, "-runs is 0"},
		{"game -runs 2000000", nil, []string{"game", "-runs", "2000000"}, "-runs is 2000000; it must be 1..1000000"},
		{"a run of hours", nil, []string{"run", huge, "-runs", "3"}, "3 runs would do about 234000000000 units of work"},
		{"a sweep of hours", nil, []string{"run", huge, "-runs", "2", "-sweep", "Hysteresis=0.1:0.2:0.1"}, "this sweep would do about 312000000000 units"},
		{"a sensitivity of hours", nil, []string{"sensitivity", huge, "-runs", "1", "-metric", "broke"}, "this sensitivity would do"},
		{"-max-work 0", nil, []string{"run", opening, "-max-work", "0"}, "-max-work is 0"},
		{"-max-work -0.00001", nil, []string{"run", opening, "-max-work", "-0.00001"}, "-max-work is -0.00001; it must be a positive number"}, // said "-1e-05"
		{"a rerun of one Slurm task", map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "1"}, []string{"run", opening, "-shard", "auto"}, "SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(dir, "out")
			args := append(tt.args, "-q")
			if tt.args[0] != "check" && tt.args[0] != "compare" {
				args = append(args, "-out", out)
			}
			code, _, e := runMain(t, context.Background(), tt.env, args...)
			if code != cli.ExitBadInput || !strings.Contains(e, tt.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, e, cli.ExitBadInput, tt.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s was written", out)
			}
		})
	}
	// -max-work raises the ceiling (the run is then refused by nothing).
	if code, _, e := runMain(t, context.Background(), nil, "run", opening, "-runs", "20", "-max-work", "1e12", "-q", "-out", filepath.Join(dir, "ok")); code != 0 {
		t.Errorf("-max-work 1e12: exit %d: %s", code, e)
	}
}

// A failed run leaves the previous results as they were: a failing -report
// replaced summary.json (now seed 2) and the other files first.
func TestFailedRunKeepsPreviousResults(t *testing.T) {
	dir := t.TempDir()
	pw := filepath.Join(dir, "pw")
	if code, _, e := runMain(t, context.Background(), nil, "run", opening, "-runs", "20", "-q", "-out", pw); code != 0 {
		t.Fatalf("first run: exit %d: %s", code, e)
	}
	before := snapshot(t, pw)
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// A path under a file cannot be looked at: said with the flags (exit
	// 2); the others fail at the write.
	for _, tt := range []struct {
		report string
		want   int
	}{{filepath.Join(blocker, "r.html"), cli.ExitBadInput}, {filepath.Join(dir, "pw", "sub", "r.html"), cli.ExitFailed}, {dir, cli.ExitFailed}} {
		report := tt.report
		code, _, e := runMain(t, context.Background(), nil, "run", opening, "-runs", "20", "-seed", "2", "-q", "-out", pw, "-report", report)
		if code != tt.want {
			t.Errorf("-report %s: exit %d; want %d (%s)", report, code, tt.want, e)
		}
		if after := snapshot(t, pw); !equalMaps(before, after) {
			t.Errorf("-report %s failed, and %s changed", report, pw)
		}
	}
	var sum struct{ Seed uint64 }
	b, err := os.ReadFile(filepath.Join(pw, "summary.json"))
	if err != nil || json.Unmarshal(b, &sum) != nil || sum.Seed != 1 {
		t.Errorf("summary.json says seed %d (%v); want the first run's 1", sum.Seed, err)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("a temporary %s was left in %s", e.Name(), dir)
		}
	}
	// A folder with anything the lab did not write is never replaced: bad
	// input, said before any fight.
	if err := os.WriteFile(filepath.Join(pw, "notes.md"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, e := runMain(t, context.Background(), nil, "run", opening, "-runs", "20", "-q", "-out", pw)
	if code != cli.ExitBadInput || !strings.Contains(e, `holds "notes.md", which this program did not write; not replaced`) {
		t.Errorf("-out over a folder with notes.md: exit %d, %q", code, e)
	}
}

// A name is a folder inside out/, never a path: "../../../escaped" wrote
// outside out/; and it reaches the terminal escaped.
func TestNamesAreFoldersAndEscaped(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.Mkdir("a", 0o755); err != nil {
		t.Fatal(err)
	}
	sc := filepath.Join(dir, "a", "sc.toml")
	body := "name = \"../../../escaped\\u001b]0;owned\\u0007\"\nduration = 5.0\n[[squad]]\nsize = 2\n"
	if err := os.WriteFile(sc, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, e := runMain(t, context.Background(), nil, "run", sc, "-runs", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, e)
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "escaped_0_owned", "summary.json")); err != nil {
		t.Errorf("the results are not in out/escaped_0_owned: %v", err)
	}
	if strings.ContainsAny(e, "\x1b\x07") || !strings.Contains(e, `escaped\x1b]0;owned\a`) {
		t.Errorf("stderr %q carries the name's escapes raw", e)
	}
	entries, _ := os.ReadDir(filepath.Dir(dir))
	for _, en := range entries {
		if strings.HasPrefix(en.Name(), "escaped") {
			t.Errorf("%s was written outside out/", en.Name())
		}
	}
}

// Shard files edited by hand are refused with exit 2 and the file named:
// they made merge panic or allocate a terabyte.
func TestMergeOfEditedShards(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	for k, d := range []string{a, b} {
		if code, _, e := runMain(t, context.Background(), nil, "run", opening, "-runs", "10", "-q", "-shard", []string{"0/2", "1/2"}[k], "-out", d); code != 0 {
			t.Fatalf("shard %d: exit %d: %s", k, code, e)
		}
	}
	good, err := os.ReadFile(filepath.Join(b, "runs.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ old, new, want string }{
		{`"runs": 10,`, `"runs": -1,`, "runs is -1"},
		{`"runs": 10,`, `"runs": 4611686018427387904,`, "runs is 4611686018427387904"},
		{`"squads": [` + "\n   \"alpha\"\n  ],\n  \"squad_men\": [\n   5\n  ]", `"squads": ["alpha", "beta"], "squad_men": [5, 5]`, "1 squad_broke values for 2 squads"},
		{`"squads": [` + "\n   \"alpha\"\n  ]", `"squads": ["alpha", "beta"]`, "squad_men has 1 values for 2 squads"},
	} {
		if !strings.Contains(string(good), tt.old) {
			t.Fatalf("runs.json has no %q", tt.old)
		}
		edited := strings.Replace(string(good), tt.old, tt.new, 1)
		if err := os.WriteFile(filepath.Join(b, "runs.json"), []byte(edited), 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "m")
		code, _, e := runMain(t, context.Background(), nil, "merge", a, b, "-out", out)
		if code != cli.ExitBadInput || !strings.Contains(e, tt.want) && !strings.Contains(e, "squads differs") {
			t.Errorf("%s: exit %d, %q; want 2 and %q", tt.new, code, e, tt.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: merge wrote %s", tt.new, out)
		}
	}
}

// snapshot returns every file of dir and its contents.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		m[e.Name()] = string(b)
	}
	return m
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// A refusal of work advises only what the command refused can do: every
// refusal said "shard it (-shard K/N)", a flag only run takes, so a
// sensitivity, a check, a comparison or a game that followed the advice
// was refused again ("flag provided but not defined: -shard"); and a
// game, which has no scenario, was told to run a smaller one.
func TestWorkRefusalAdvisesTheCommandsFlags(t *testing.T) {
	const w = "../../weights.toml"
	tests := []struct {
		name      string
		args      []string
		want, not string
	}{
		{"run", []string{"run", opening, "-runs", "10"}, "run fewer fights or a smaller scenario, shard it (-shard K/N), or raise the ceiling", ""},
		{"sweep", []string{"run", opening, "-runs", "10", "-sweep", "Hysteresis=0.1:0.2:0.05"}, "run fewer fights or a smaller scenario, shard it (-shard K/N), or raise the ceiling", ""},
		{"check", []string{"check", opening, "-runs", "10"}, "run fewer fights or a smaller scenario, or raise the ceiling", "-shard"},
		{"sensitivity", []string{"sensitivity", opening, "-runs", "10"}, "run fewer fights or a smaller scenario, or raise the ceiling", "-shard"},
		{"compare", []string{"compare", w, w, opening, "-runs", "10"}, "run fewer fights or a smaller scenario, or raise the ceiling", "-shard"},
		{"game", []string{"game", "-runs", "10"}, "run fewer battles (-runs) or shorter ones (-duration), or raise the ceiling", "-shard"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(tt.args, "-q", "-max-work", "1", "-out", filepath.Join(t.TempDir(), "out"))
			if tt.name == "check" || tt.name == "compare" {
				args = args[:len(args)-2] // neither takes -out
			}
			code, _, stderr := runMain(t, context.Background(), nil, args...)
			if code != cli.ExitBadInput {
				t.Fatalf("exit %d, stderr %q; want %d", code, stderr, cli.ExitBadInput)
			}
			if !strings.Contains(stderr, tt.want) {
				t.Errorf("got %q; want %q in it", stderr, tt.want)
			}
			if tt.not != "" && strings.Contains(stderr, tt.not) {
				t.Errorf("got %q; want no %q in it", stderr, tt.not)
			}
		})
	}
}

// A sweep of a weight row the scenario never reports is refused before any
// fight: every point fought the same fights and the page drew a flat line,
// read as "this weight does nothing" (sensitivity lists such a row as not
// nudged, and fit refuses it). A row it reports, or a setting, goes on to
// the work's check (-max-work 1 refuses it there, before any fight).
func TestSweepOfAnUnreportedRowIsRefused(t *testing.T) {
	tests := []struct {
		name, sweep, want string
	}{
		{"a row never reported", "Outnumbered=-0.5:0:0.25", "-sweep: weights.Outnumbered cannot vary anything: " + opening + " never reports Outnumbered, so every point would fight the same fights; sweep a row it reports (weights.AllyDown, weights.LeaderDown, weights.TookDamage, weights.Suppressed, weights.EnemyDown) or a setting"},
		{"spelt as weights.", "weights.Rest=0:1:0.5", "-sweep: weights.Rest cannot vary anything"},
		{"a row reported", "Suppressed=-0.1:0:0.05", "this sweep would do about"},
		{"a setting", "Hysteresis=0.1:0.2:0.05", "this sweep would do about"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			code, _, stderr := runMain(t, context.Background(), nil, "run", opening, "-runs", "10", "-sweep", tt.sweep, "-max-work", "1", "-q", "-out", out)
			if code != cli.ExitBadInput || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, cli.ExitBadInput, tt.want)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("%s exists (%v); want nothing written", out, err)
			}
		})
	}
	// With a second key, reported or not, the unreported one is named.
	code, _, stderr := runMain(t, context.Background(), nil, "run", opening, "-runs", "10", "-sweep", "Hysteresis=0.1:0.2:0.05", "-sweep", "LeaderNearby=0:1:0.5", "-max-work", "1", "-q", "-out", filepath.Join(t.TempDir(), "out"))
	if want := "-sweep: weights.LeaderNearby cannot vary anything"; code != cli.ExitBadInput || !strings.Contains(stderr, want) {
		t.Errorf("two keys: exit %d, stderr %q; want %d and %q", code, stderr, cli.ExitBadInput, want)
	}
}
