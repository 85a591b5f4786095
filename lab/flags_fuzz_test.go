package lab_test

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

// FuzzFlagSpecs fuzzes moralesim's flag specs, one target for the three so
// that make test spends one FUZZTIME on them: flag%3 picks -replays (spec
// against line.toml and runs), -sweep (spec split at newlines into one or
// more specs) or -shard (env, split at newlines, the job variables).
// Invariants: no panic; a refused spec is an error naming its flag; an
// accepted one is within the flag's bounds and reads back the same from
// its own text. Each flag's own invariants are its check's below.
func FuzzFlagSpecs(f *testing.F) {
	sc, err := lab.LoadScenario("../scenarios/line.toml")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"12,40", "0", " 3 , 3 ,4", "first:first_rout_s:3", "last:share_squads_broken:100",
		"none:first_rout_s:1", "some:x:2", "first::", ":::", "", "-1", "1,", "9999999999999999999"} {
		f.Add(uint8(0), s, 50, "")
	}
	f.Add(uint8(0), "0,1,2", 1, "")
	f.Add(uint8(0), "0", 0, "")
	f.Add(uint8(0), "0", -3, "")
	for _, spec := range []string{"PanicBelow=0.1:0.3:0.05", "weights.Suppressed=-0.2:0:0.05\nShakenBelow=0.3:0.6:0.1",
		"ContagionRadius=1:1000:1", "PanicBelow=0:1:1e-300", "x=1:2:3", "PanicBelow=1:0:1", "PanicBelow=nan:1:1",
		"PanicBelow=0.1:0.3:0.05\nPanicBelow=0.1:0.3:0.05", "a\nb\nc", "PanicBelow=0:0:1", "PanicBelow=-1e308:1e308:1e300"} {
		f.Add(uint8(1), spec, 0, "")
	}
	for _, s := range []string{"", "all", "0/2", "3/4", "auto", "auto/4", "4/4", "-1/2", "0/0", "1/1", "0/1", "x/y", "0/2000000"} {
		f.Add(uint8(2), s, 0, "\n1\n4\n0\n3\n")
	}
	f.Add(uint8(2), "auto", 0, "\n2\n4\n0\n3\n1")
	f.Add(uint8(2), "auto", 0, "7")
	f.Add(uint8(2), "auto/3", 0, "7")
	f.Fuzz(func(t *testing.T, flag uint8, spec string, runs int, env string) {
		switch flag % 3 {
		case 0:
			checkRunPick(t, sc, spec, runs)
		case 1:
			checkSweeps(t, strings.Split(spec, "\n"))
		case 2:
			vars := strings.Split(env, "\n")
			get := func(i int) string {
				if i < len(vars) {
					return vars[i]
				}
				return ""
			}
			checkShard(t, spec, map[string]string{"JOB_COMPLETION_INDEX": get(0), "SLURM_ARRAY_TASK_ID": get(1), "SLURM_ARRAY_TASK_COUNT": get(2),
				"SLURM_ARRAY_TASK_MIN": get(3), "SLURM_ARRAY_TASK_MAX": get(4), "SLURM_ARRAY_TASK_STEP": get(5)})
		}
	})
}

// checkRunPick: any -replays spec against a scenario and a run count is
// refused naming -replays, or picks 1..MaxReplays distinct runs in range
// (or N in 1..MaxReplays of a metric the scenario has), and the pick's own
// spec parses to the same pick.
func checkRunPick(t *testing.T, sc *lab.Scenario, spec string, runs int) {
	p, err := lab.ParseRunPick(spec, sc, runs)
	if err != nil {
		if !strings.HasPrefix(err.Error(), "-replays") {
			t.Fatalf("ParseRunPick(%q, %d): got error %q; want one naming -replays", spec, runs, err)
		}
		return
	}
	switch p.Kind {
	case lab.PickIndex:
		if len(p.Indices) < 1 || len(p.Indices) > lab.MaxReplays {
			t.Fatalf("ParseRunPick(%q, %d): got %d indices; want 1..%d", spec, runs, len(p.Indices), lab.MaxReplays)
		}
		seen := map[int]bool{}
		for _, i := range p.Indices {
			if i < 0 || i >= runs || seen[i] {
				t.Fatalf("ParseRunPick(%q, %d): got indices %v; want distinct ones in 0..%d", spec, runs, p.Indices, runs-1)
			}
			seen[i] = true
		}
		var parts []string
		for _, i := range p.Indices {
			parts = append(parts, strconv.Itoa(i))
		}
		again, err := lab.ParseRunPick(strings.Join(parts, ","), sc, runs)
		if err != nil || !slices.Equal(again.Indices, p.Indices) {
			t.Fatalf("ParseRunPick(%q, %d) = %v; its indices read back as %v, %v", spec, runs, p.Indices, again.Indices, err)
		}
	case lab.PickFirst, lab.PickLast, lab.PickNone, lab.PickSome:
		if p.N < 1 || p.N > lab.MaxReplays {
			t.Fatalf("ParseRunPick(%q, %d): got N %d; want 1..%d", spec, runs, p.N, lab.MaxReplays)
		}
		if _, ok := lab.MetricByName(sc, p.Metric.Name); !ok {
			t.Fatalf("ParseRunPick(%q, %d): got metric %q, which the scenario does not have", spec, runs, p.Metric.Name)
		}
		text := p.Kind + ":" + p.Metric.Name + ":" + strconv.Itoa(p.N)
		again, err := lab.ParseRunPick(text, sc, runs)
		if err != nil || again.Kind != p.Kind || again.Metric.Name != p.Metric.Name || again.N != p.N {
			t.Fatalf("ParseRunPick(%q, %d): %q reads back as %+v, %v", spec, runs, text, again, err)
		}
	default:
		t.Fatalf("ParseRunPick(%q, %d): got kind %q", spec, runs, p.Kind)
	}
}

// checkSweeps: -sweep specs are refused naming -sweep, or give at most
// MaxSweepAxisPoints increasing, finite values an axis and MaxSweepPoints in
// all, every point of the grid valid settings.
func checkSweeps(t *testing.T, specs []string) {
	s := morale.DefaultSettings()
	axes, err := lab.ParseSweeps(specs, s)
	if err != nil {
		if !strings.HasPrefix(err.Error(), "-sweep") {
			t.Fatalf("ParseSweeps(%q): got error %q; want one naming -sweep", specs, err)
		}
		return
	}
	if len(axes) != len(specs) {
		t.Fatalf("ParseSweeps(%q): got %d axes; want %d", specs, len(axes), len(specs))
	}
	total := 1
	for _, a := range axes {
		if len(a.Values) < 1 || len(a.Values) > lab.MaxSweepAxisPoints {
			t.Fatalf("ParseSweeps(%q): %s has %d values; want 1..%d", specs, a.Knob.Key, len(a.Values), lab.MaxSweepAxisPoints)
		}
		total *= len(a.Values)
		for i, v := range a.Values {
			if math.IsNaN(v) || math.IsInf(v, 0) || (i > 0 && v <= a.Values[i-1]) {
				t.Fatalf("ParseSweeps(%q): %s's values %v are not finite and increasing", specs, a.Knob.Key, a.Values)
			}
		}
	}
	if total > lab.MaxSweepPoints {
		t.Fatalf("ParseSweeps(%q): %d points; want at most %d", specs, total, lab.MaxSweepPoints)
	}
	for i := range total {
		c := s.Clone()
		at := i
		for _, a := range axes {
			a.Knob.Set(&c, a.Values[at%len(a.Values)])
			at /= len(a.Values)
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("ParseSweeps(%q): point %d of the grid gives invalid settings: %v", specs, i, err)
		}
	}
}

// checkShard: any -shard spec, with any values of the job variables, is
// refused naming -shard, or gives 0 ≤ K < N (or every run), and the
// shard's own text reads back as the same shard — as a flag, and as the
// "shard" field of the runs.json it writes, which merge reads.
func checkShard(t *testing.T, spec string, env map[string]string) {
	sh, err := lab.ParseShard(spec, func(k string) string { return env[k] })
	if err != nil {
		if !strings.HasPrefix(err.Error(), "-shard") {
			t.Fatalf("ParseShard(%q): got error %q; want one naming -shard", spec, err)
		}
		return
	}
	if sh.N > 1 && (sh.K < 0 || sh.K >= sh.N) {
		t.Fatalf("ParseShard(%q) = %+v; want 0 ≤ K < N", spec, sh)
	}
	again, err := lab.ParseShard(sh.String(), nil)
	if err != nil || again.String() != sh.String() {
		t.Fatalf("ParseShard(%q) = %v; that reads back as %v, %v", spec, sh, again, err)
	}
	if _, err := lab.ParseShardField(sh.String()); err != nil {
		t.Fatalf("ParseShard(%q) = %v; a runs.json of that shard would not merge: %v", spec, sh, err)
	}
}
