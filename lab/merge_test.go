package lab_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
)

// shardFiles runs the opening scenario's 40 runs cut into n shards and
// returns each shard's runs.json, read back.
func shardFiles(t *testing.T, n int, edit func(*lab.Header)) []lab.RunsFile {
	t.Helper()
	sc, err := lab.LoadScenario("../scenarios/opening.toml")
	if err != nil {
		t.Fatal(err)
	}
	var files []lab.RunsFile
	for k := 0; k < n; k++ {
		p := lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 7, Runs: 40, Shard: lab.Shard{K: k, N: n}}
		runs, err := lab.MonteCarlo(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		h := lab.NewHeader(p)
		if edit != nil && k == n-1 {
			edit(&h)
		}
		var b bytes.Buffer
		if err := lab.WriteRuns(&b, h, p.Shard, runs); err != nil {
			t.Fatal(err)
		}
		f, err := lab.DecodeRuns(&b, fmt.Sprintf("shard%d", k))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// shardOrders returns the orders in which the merge tests hand three shards
// over: the merge must not depend on it.
func shardOrders() [][]int { return [][]int{{0, 1, 2}, {2, 1, 0}, {1, 2, 0}} }

// inOrder returns files in order, and their folders' names (shardK for
// files[K]), for Merge.
func inOrder(files []lab.RunsFile, order []int) ([]lab.RunsFile, []string) {
	var fs []lab.RunsFile
	var dirs []string
	for _, i := range order {
		fs = append(fs, files[i])
		dirs = append(dirs, fmt.Sprintf("shard%d", i))
	}
	return fs, dirs
}

func dirsOf(n int) []string {
	var d []string
	for k := 0; k < n; k++ {
		d = append(d, fmt.Sprintf("shard%d", k))
	}
	return d
}

// WriteRuns streams the same bytes json.Encoder (indent " ") writes of the
// whole file, which is what runs.json always held.
func TestWriteRunsBytes(t *testing.T) {
	for _, n := range []int{1, 3, 50} { // 50 shards of 40 runs: some are empty
		files := shardFiles(t, n, nil)
		for k, f := range files {
			var want bytes.Buffer
			enc := json.NewEncoder(&want)
			enc.SetIndent("", " ")
			if err := enc.Encode(f); err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			sh := lab.Shard{K: k, N: n}
			if n == 1 {
				sh = lab.Shard{}
			}
			if err := lab.WriteRuns(&got, f.Header, sh, f.Runs); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Fatalf("shard %d/%d: WriteRuns wrote %d bytes that differ from the encoder's %d", k, n, got.Len(), want.Len())
			}
		}
	}
}

// Every field of the header that affects the result is compared, naming it
// (the squads and thresholds were not, and the shards' order chose the
// bytes); and the merged result is the same for every order of the shards.
func TestMergeComparesEveryField(t *testing.T) {
	edits := []struct {
		field string
		edit  func(*lab.Header)
	}{
		{"squads", func(h *lab.Header) { h.Squads = []string{"beta"} }},
		{"shaken_below", func(h *lab.Header) { h.ShakenBelow += 0.01 }},
		{"panic_below", func(h *lab.Header) { h.PanicBelow += 0.01 }},
		{"hysteresis", func(h *lab.Header) { h.Hysteresis += 0.01 }},
		{"scenario", func(h *lab.Header) { h.Scenario = "other" }},
		{"settings_hash", func(h *lab.Header) { h.SettingsHash = "x" }},
	}
	for _, tt := range edits {
		files := shardFiles(t, 3, tt.edit)
		_, _, err := lab.Merge(files, dirsOf(3))
		if err == nil || !strings.Contains(err.Error(), "their "+tt.field+" differs") {
			t.Errorf("merge of shards differing in %s = %v; want an error naming it", tt.field, err)
		}
	}
	files := shardFiles(t, 3, nil)
	var ref []byte
	for _, order := range shardOrders() {
		h, runs, err := lab.Merge(inOrder(files, order))
		if err != nil {
			t.Fatal(err)
		}
		o, _, err := lab.RunOutputs(h, lab.Shard{}, runs, "")
		if err != nil {
			t.Fatal(err)
		}
		var got []byte
		for _, name := range []string{"summary.json", "runs.json", "runs.csv"} {
			b, _, err := o.Render(name)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, b...)
		}
		if ref == nil {
			ref = got
		} else if !bytes.Equal(got, ref) {
			t.Errorf("order %v gives other bytes than order 0, 1, 2", order)
		}
	}
}

// Shards cut with different N, a missing shard and a shard given twice are
// refused, naming the shards.
func TestMergeShardsOfOneCut(t *testing.T) {
	three, four := shardFiles(t, 3, nil), shardFiles(t, 4, nil)
	tests := []struct {
		name  string
		files []lab.RunsFile
		want  string
	}{
		{"different N", []lab.RunsFile{three[0], three[1], four[2], four[3]}, "(shard 0/3) and shard2 (shard 2/4) were cut into different numbers of shards"},
		{"a missing shard", []lab.RunsFile{four[0], four[1], four[3]}, "no folder holds shard 2/4"},
		{"a shard twice", []lab.RunsFile{four[0], four[1], four[1], four[2], four[3]}, "is in both shard1 and shard2 (shard 1/4 twice?)"},
	}
	for _, tt := range tests {
		_, _, err := lab.Merge(tt.files, dirsOf(len(tt.files)))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v; want an error with %q", tt.name, err, tt.want)
		}
	}
}

// Edited shard files are refused with an error, before anything they
// announce is allocated: they made merge panic (makeslice, an index out of
// range) or allocate a terabyte.
func TestDecodeRunsRefusesEdits(t *testing.T) {
	files := shardFiles(t, 2, nil)
	var b bytes.Buffer
	if err := lab.WriteRuns(&b, files[0].Header, lab.Shard{K: 0, N: 2}, files[0].Runs); err != nil {
		t.Fatal(err)
	}
	good := b.String()
	tests := []struct {
		name, old, new, want string
	}{
		{"runs -1", `"runs": 40,`, `"runs": -1,`, "runs is -1; want 1..1000000"},
		{"runs 2^62", `"runs": 40,`, `"runs": 4611686018427387904,`, "runs is 4611686018427387904"},
		{"runs 1e12", `"runs": 40,`, `"runs": 1000000000000,`, "runs is 1000000000000"},
		{"runs a float", `"runs": 40,`, `"runs": 1e12,`, "header"},
		{"an index out of range", `"index": 2,`, `"index": 99,`, "index 99 is outside 0..39"},
		{"an index of the other shard", `"index": 2,`, `"index": 3,`, "run 3 does not belong to shard 0/2"},
		{"a wrong seed", `"seed": 7,`, `"seed": 8,`, "has seed"},
		{"no squads", `"squads": [` + "\n   \"alpha\"\n  ]", `"squads": []`, "0 squads; want 1..1000"},
		{"a bad shard", `"shard": "0/2"`, `"shard": "0/0"`, `shard is "0/0"`},
		{"an unknown field", `"shard": "0/2",`, `"shard": "0/2", "x": 1,`, `unknown field "x"`},
		{"a NaN-free duration", `"duration_s": 60,`, `"duration_s": 1e300,`, "duration_s is 1e+300"},
		// What the page shows: the squads' men, the description, the
		// expectations, each squad's morale, first break and routs.
		{"squad_men for two squads", `"squad_men": [` + "\n   5\n  ]", `"squad_men": [5, 5]`, "squad_men has 2 values for 1 squads"},
		{"a squad of no men", `"squad_men": [` + "\n   5\n  ]", `"squad_men": [0]`, "squad_men[0] is 0; want 1..200000"},
		{"a long description", `"description": "`, `"description": "` + strings.Repeat("d", lab.MaxDescriptionBytes), "description is 16451 bytes long; at most 16384"}, // the opening's own 67 and 16384,
		{"an expectation of no metric", `"metric": "first_shaken_s"`, `"metric": "nope"`, `expects[0] has metric "nope"`},
		{"more expectations than a scenario may have", `"expects": [`, `"expects": [` + strings.Repeat(`{"line": 1, "metric": "broke", "stat": "p50", "lo": 0, "hi": 1}, `, lab.MaxExpects), fmt.Sprintf(" expects; at most %d", lab.MaxExpects)},
		{"an expectation of no statistic", `"stat": "p50"`, `"stat": "p51"`, `expects[0] has stat "p51"`},
		{"a changed setting without a key", `"changed_settings": null`, `"changed_settings": [{"key": "", "base": 1, "value": 2}]`, "changed_settings[0] has a key of 0 bytes"},
		{"two squad_morale series", `"squad_morale": [` + "\n    [", `"squad_morale": [[], [`, "has 2 squad_morale series; want one for each of the first 1 squads"},
		{"a squad's morale above 1", `"squad_morale": [` + "\n    [\n     1,", `"squad_morale": [` + "\n    [\n     2,", "morale sample of squad 0 of 2; want 0..1, or -1"},
		{"a negative first break", `"squad_first_break_s": [` + "\n    ", `"squad_first_break_s": [` + "\n    -", "want a finite time ≥ 0"},
		{"two squad_routed values", `"squad_routed": [`, `"squad_routed": [0, `, "2 squad_routed values for 1 squads"},
		{"more routed in a squad than in all", `"squad_routed": [` + "\n    ", `"squad_routed": [` + "\n    9", "squad_routed[0] 9"},
		// The number read is said as a designer writes it, without an
		// exponent: "sample_s is 0.00001", where %g wrote "1e-05".
		{"a tiny sample", `"sample_s": 0.5,`, `"sample_s": 0.00001,`, "sample_s is 0.00001; want at least 0.01 s"},
		{"a long duration", `"duration_s": 60,`, `"duration_s": 100000,`, "duration_s is 100000; want (0, 86400]"},
		{"a morale sample far above 1", `"squad_morale": [` + "\n    [\n     1,", `"squad_morale": [` + "\n    [\n     2000000,", "a morale sample of squad 0 of 2000000; want 0..1, or -1 when none of it lives"},
		{"a tiny negative time", `"first_shaken_s": 5.25,`, `"first_shaken_s": -0.00001,`, "a time of -0.00001; want a finite time ≥ 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(good, tt.old) {
				t.Fatalf("runs.json has no %q", tt.old)
			}
			edited := strings.Replace(good, tt.old, tt.new, 1)
			_, err := lab.DecodeRuns(strings.NewReader(edited), "runs.json")
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "runs.json: ") {
				t.Errorf("error = %v; want one naming runs.json with %q", err, tt.want)
			}
		})
	}
	// A value longer than any a result file holds stops the read at once.
	huge := strings.Replace(good, `"shard": "0/2"`, `"shard": "`+strings.Repeat("x", 9<<20)+`"`, 1)
	if _, err := lab.DecodeRuns(strings.NewReader(huge), "runs.json"); err == nil || !strings.Contains(err.Error(), "spans more than") {
		t.Errorf("a 9 MB field: %v; want the guard's error", err)
	}
}

// The longest run a shard file can hold, 13 series of 10,001 samples of the
// longest numbers and 1,000 squads, fits the guard of one value with room to
// spare, and is read back whole.
func TestLongestRunFitsTheGuard(t *testing.T) {
	h := lab.Header{Scenario: "s", Seed: 1, Runs: 1, Duration: 86400, Sample: 8.64}
	long := 1.2345678901234567e-05 // as long as a number in 0..1 prints
	r := lab.RunResult{Seed: lab.RunSeed(1, 0), Routed: 200000, Morale: make([]float64, 10001)}
	for i := range r.Morale {
		r.Morale[i] = long
	}
	for i := 0; i < lab.MaxSquads; i++ {
		h.Squads = append(h.Squads, fmt.Sprintf("%0100d", i))
		h.SquadMen = append(h.SquadMen, 200)
		r.SquadBroke = append(r.SquadBroke, false)
		r.SquadFirstBreak = append(r.SquadFirstBreak, &long)
		r.SquadRouted = append(r.SquadRouted, 200000)
		if i < lab.MaxSquadSeries {
			r.SquadMorale = append(r.SquadMorale, r.Morale)
		}
	}
	var b bytes.Buffer
	if err := lab.WriteRuns(&b, h, lab.Shard{}, []lab.RunResult{r}); err != nil {
		t.Fatal(err)
	}
	f, err := lab.DecodeRuns(&b, "runs.json")
	if err != nil {
		t.Fatalf("DecodeRuns of the longest run: %v", err)
	}
	if len(f.Runs) != 1 || len(f.Runs[0].SquadMorale) != lab.MaxSquadSeries || len(f.Runs[0].SquadMorale[0]) != 10001 {
		t.Errorf("read back %d runs; want the one whole", len(f.Runs))
	}
}

func TestParseShard(t *testing.T) {
	slurm := func(id, count, lo, hi string) map[string]string {
		return map[string]string{"SLURM_ARRAY_TASK_ID": id, "SLURM_ARRAY_TASK_COUNT": count, "SLURM_ARRAY_TASK_MIN": lo, "SLURM_ARRAY_TASK_MAX": hi, "SLURM_ARRAY_TASK_STEP": "1"}
	}
	tests := []struct {
		flag string
		env  map[string]string
		want lab.Shard
		err  string
	}{
		{"", nil, lab.Shard{}, ""},
		{"2/4", nil, lab.Shard{K: 2, N: 4}, ""},
		{"4/4", nil, lab.Shard{}, "want K/N with 0 ≤ K < N"},
		{"auto/8", map[string]string{"JOB_COMPLETION_INDEX": "3"}, lab.Shard{K: 3, N: 8}, ""},
		{"auto/8", slurm("5", "8", "0", "7"), lab.Shard{K: 5, N: 8}, ""},
		{"auto/8", map[string]string{"SLURM_ARRAY_TASK_ID": "9"}, lab.Shard{}, "SLURM_ARRAY_TASK_ID is 9, not below N = 8"},
		{"auto", slurm("5", "8", "0", "7"), lab.Shard{K: 5, N: 8}, ""},
		// A rerun of task 1 alone: Slurm counts only the tasks submitted.
		{"auto", slurm("1", "1", "1", "1"), lab.Shard{}, "numbered from 1, not 0 (a rerun of some tasks?), so the shard count N is not certain (read SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=1 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=1 SLURM_ARRAY_TASK_STEP=1)"},
		// --array=0 ran every run into shard 0.
		{"auto", slurm("0", "1", "0", "0"), lab.Shard{}, "the array has one task"},
		{"auto", slurm("3", "4", "0", "7"), lab.Shard{}, "has 4 tasks but ends at 7 (a partial array?)"},
		{"auto", map[string]string{"SLURM_ARRAY_TASK_ID": "3"}, lab.Shard{}, "SLURM_ARRAY_TASK_COUNT=unset"},
		{"auto", map[string]string{"JOB_COMPLETION_INDEX": "3"}, lab.Shard{}, "give -shard auto/N"},
		{"auto/4", nil, lab.Shard{}, "neither JOB_COMPLETION_INDEX (Kubernetes) nor SLURM_ARRAY_TASK_ID (Slurm) is set"},
		// Merge refuses a shard field of N over MaxRuns: such a shard's
		// runs.json would never merge (FuzzParseShard).
		{"0/1000000", nil, lab.Shard{K: 0, N: 1000000}, ""},
		{"0/1000001", nil, lab.Shard{}, "N is 1000001; at most 1000000"},
		{"auto/2000000", map[string]string{"JOB_COMPLETION_INDEX": "3"}, lab.Shard{}, "N is 2000000; at most 1000000"},
		{"auto", slurm("5", "1000001", "0", "1000000"), lab.Shard{}, "N is 1000001; at most 1000000"},
	}
	for _, tt := range tests {
		got, err := lab.ParseShard(tt.flag, func(k string) string { return tt.env[k] })
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseShard(%q, %v) = %v, %v; want an error with %q", tt.flag, tt.env, got, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseShard(%q, %v) = %v, %v; want %v", tt.flag, tt.env, got, err, tt.want)
		}
	}
}

// sameJSON reports whether a and b encode to the same JSON.
func sameJSON(t *testing.T, a, b any) bool {
	t.Helper()
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	return bytes.Equal(ja, jb)
}

// Shards of a scenario whose expectations are intents (given, after) merge,
// and the merged verdicts are a single machine's: merge refused them,
// "expects[2] has metric "squad_steady_s.patrol", not one of the squads'
// metrics", though check and run's report read the same header. A header
// edited to an intent that makes no sense is still refused.
func TestMergeKeepsIntents(t *testing.T) {
	sc, err := lab.LoadScenario("../scenarios/fit/ambush.toml")
	if err != nil {
		t.Fatal(err)
	}
	whole := lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 3, Runs: 24}
	runs, err := lab.MonteCarlo(context.Background(), whole)
	if err != nil {
		t.Fatal(err)
	}
	sum := lab.Summarize(lab.NewHeader(whole), runs)
	want := fmt.Sprint(sum.Verdicts(runs))
	shards := func(edit func(*lab.Header)) []lab.RunsFile {
		var files []lab.RunsFile
		for k := range 2 {
			p := whole
			p.Shard = lab.Shard{K: k, N: 2}
			rs, err := lab.MonteCarlo(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			h := lab.NewHeader(p)
			if edit != nil {
				edit(&h)
			}
			var b bytes.Buffer
			if err := lab.WriteRuns(&b, h, p.Shard, rs); err != nil {
				t.Fatal(err)
			}
			f, err := lab.DecodeRuns(&b, fmt.Sprintf("shard%d", k))
			if err != nil {
				t.Logf("shard %d: %v", k, err)
				return nil
			}
			files = append(files, f)
		}
		return files
	}
	files := shards(nil)
	if files == nil {
		t.Fatal("the shards of scenarios/fit/ambush.toml were refused; want them read")
	}
	h, merged, err := lab.Merge(files, dirsOf(2))
	if err != nil {
		t.Fatalf("merge of scenarios/fit/ambush.toml's shards: %v; want them merged", err)
	}
	msum := lab.Summarize(h, merged)
	if got := fmt.Sprint(msum.Verdicts(merged)); got != want {
		t.Errorf("merged verdicts:\n%s\nwant a single machine's:\n%s", got, want)
	}
	bad := []struct {
		name string
		edit func(*lab.Header)
	}{
		{"a steady time without after", func(h *lab.Header) { h.Expects[2].After = "" }},
		{"after on a metric that is not a steady time", func(h *lab.Header) { h.Expects[0].After = "ReinforcementsArrived" }},
		{"the steady time of no squad", func(h *lab.Header) { h.Expects[2].Metric = "squad_steady_s.nobody" }},
		{"given a metric that does not exist", func(h *lab.Header) { h.Expects[1].Given = "squad_broke.nobody" }},
		{"runs that lack the steady times", func(h *lab.Header) { h.Expects = h.Expects[:2] }},
	}
	for _, tt := range bad {
		if files := shards(tt.edit); files != nil {
			t.Errorf("%s: the shard was read; want it refused", tt.name)
		}
	}
}
