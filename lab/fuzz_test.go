package lab_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/lab/report"
)

// FuzzParseScenario: any bytes give a scenario or errors that are all
// *ScenarioError, never a panic; a scenario that parses runs one short fight
// without an error.
func FuzzParseScenario(f *testing.F) {
	addScenarios(f)
	f.Add([]byte("[[squad]]\nsize = 3\n[[event]]\nt = 1.0\ndo = \"death\"\nsquad = \"squad1\"\ncount = 5\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := lab.ParseScenario("fuzz.toml", data)
		if err != nil {
			var se *lab.ScenarioError
			if !errors.As(err, &se) {
				t.Fatalf("error %T %v is not a *ScenarioError", err, err)
			}
			return
		}
		men, occ := 0, 0
		for _, sq := range sc.Squads {
			men += sq.Size
		}
		for _, ev := range sc.Events {
			n := 1
			if ev.Every > 0 {
				n = int(30/ev.Every) + 1
			}
			occ += n
			if ev.Do == "reinforce" {
				men += n * ev.Count
			}
		}
		if men > 2000 || occ > 5000 || sc.Duration/sc.Sample > 1000 {
			return // keep each input fast
		}
		sc.Duration = min(sc.Duration, 30)
		if sc.Sample > sc.Duration {
			sc.Sample = sc.Duration
		}
		if _, err := lab.Run(sc, sc.Settings, 1); err != nil {
			if sc.Settings.Validate() == nil {
				t.Fatalf("Run: %v", err)
			}
		}
	})
}

// addScenarios seeds f with the shipped scenarios of a few men and the
// hand-written one.
func addScenarios(f *testing.F) {
	for _, name := range []string{"opening", "line", "platoon", "sergeant"} {
		data, err := os.ReadFile("../scenarios/" + name + ".toml")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(handScenario))
}

// FuzzScenario goes past the parser: any bytes that parse (decode and
// validate) into a scenario of small work run a short Monte-Carlo of three
// fights, twice with different worker counts, and the results must be the
// same bytes; their runs.json must read back through DecodeRuns and merge,
// alone, into the same bytes again. No input may panic, and an error of the
// parser is always a *ScenarioError.
func FuzzScenario(f *testing.F) {
	addScenarios(f)
	f.Add([]byte("duration = 5.0\n[[squad]]\nsize = 2\nname = \"a\\u001b\"\n[[event]]\nt = 1.0\ndo = \"reinforce\"\nsquad = \"a\\u001b\"\ncount = 3\nevery = 1.0\n"))
	f.Add([]byte("x = [[[[1]]]]\n[a.b.c.d]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := lab.ParseScenario("fuzz.toml", data)
		if err != nil {
			var se *lab.ScenarioError
			if !errors.As(err, &se) {
				t.Fatalf("error %T %v is not a *ScenarioError", err, err)
			}
			return
		}
		if lab.FightWork(sc) > 2e5 || lab.CheckResults(sc, 3) != nil {
			return // keep each input fast
		}
		var ref []byte
		for _, workers := range []int{1, 2} {
			p := lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 3, Runs: 3, Workers: workers}
			runs, err := lab.MonteCarlo(context.Background(), p)
			if err != nil {
				if sc.Settings.Validate() != nil {
					return
				}
				t.Fatalf("MonteCarlo: %v", err)
			}
			got := render(t, lab.NewHeader(p), runs)
			if ref == nil {
				ref = got
			} else if !bytes.Equal(got, ref) {
				t.Fatalf("%d workers give other bytes than 1", workers)
			}
			var rj bytes.Buffer
			if err := lab.WriteRuns(&rj, lab.NewHeader(p), lab.Shard{}, runs); err != nil {
				t.Fatal(err)
			}
			back, err := lab.DecodeRuns(&rj, "runs.json")
			if err != nil {
				t.Fatalf("the runs.json a run wrote does not read back: %v", err)
			}
			h, merged, err := lab.Merge([]lab.RunsFile{back}, []string{"a"})
			if err != nil {
				t.Fatalf("the runs.json a run wrote does not merge: %v", err)
			}
			if again := render(t, h, merged); !bytes.Equal(again, ref) {
				t.Fatalf("read back and merged, the runs give other bytes")
			}
		}
	})
}

// render returns summary.json, runs.json and runs.csv of runs, concatenated.
func render(t *testing.T, h lab.Header, runs []lab.RunResult) []byte {
	t.Helper()
	o, _, err := lab.RunOutputs(h, lab.Shard{}, runs, "")
	if err != nil {
		t.Fatal(err)
	}
	var all []byte
	for _, name := range []string{"summary.json", "runs.json", "runs.csv"} {
		b, _, err := o.Render(name)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	return all
}

// FuzzMerge: any two shard files (runs.json) either fail to read or merge
// with an error, or merge into results that summarize without a panic, into
// the same bytes in either order. (Plotting a summary takes 0.2 s, too slow
// to fuzz; the summary's shape, which the plots index, is checked instead,
// and the verdicts of the expectations the header carries.) The seeds are
// shards of a scenario of one squad and of one of two (each with its own
// morale series, first breaks and routs), and edits of what the header says
// for the page: the squads' men, the expectations, the changed settings.
func FuzzMerge(f *testing.F) {
	shardsOf := func(name string) [2][]byte {
		sc, err := lab.LoadScenario("../scenarios/" + name + ".toml")
		if err != nil {
			f.Fatal(err)
		}
		var shards [2][]byte
		for k := range shards {
			p := lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 5, Runs: 4, Shard: lab.Shard{K: k, N: 2}}
			runs, err := lab.MonteCarlo(context.Background(), p)
			if err != nil {
				f.Fatal(err)
			}
			var b bytes.Buffer
			if err := lab.WriteRuns(&b, lab.NewHeader(p), p.Shard, runs); err != nil {
				f.Fatal(err)
			}
			shards[k] = b.Bytes()
		}
		return shards
	}
	shards, two := shardsOf("opening"), shardsOf("sergeant")
	f.Add(shards[0], shards[1])
	f.Add(shards[0], shards[0])
	f.Add(two[0], two[1])
	f.Add(bytes.Replace(shards[0], []byte(`"runs": 4,`), []byte(`"runs": -1,`), 1), shards[1])
	f.Add(bytes.Replace(shards[0], []byte(`"shard": "0/2"`), []byte(`"shard": "all"`), 1), []byte("{}"))
	f.Add(bytes.Replace(two[0], []byte(`"squad_men": [`), []byte(`"squad_men": [1, `), 1), two[1])
	f.Add(bytes.Replace(two[0], []byte(`"metric": "`), []byte(`"metric": "squad_routed.`), 1), two[1])
	f.Add(bytes.Replace(two[0], []byte(`"squad_morale": [`), []byte(`"squad_morale": [[-1, 0.5], `), 1), two[1])
	f.Add(bytes.Replace(two[0], []byte(`"changed_settings": `), []byte(`"changed_settings": [{"key": "Hysteresis", "base": 0.15, "value": null}], "x": `), 1), two[1])
	f.Fuzz(func(t *testing.T, a, b []byte) {
		fa, errA := lab.DecodeRuns(bytes.NewReader(a), "a")
		fb, errB := lab.DecodeRuns(bytes.NewReader(b), "b")
		if errA != nil || errB != nil {
			return
		}
		h, runs, err := lab.Merge([]lab.RunsFile{fa, fb}, []string{"a", "b"})
		h2, runs2, err2 := lab.Merge([]lab.RunsFile{fb, fa}, []string{"b", "a"})
		if (err == nil) != (err2 == nil) {
			t.Fatalf("merge in one order: %v; in the other: %v", err, err2)
		}
		if err != nil {
			return
		}
		one, two := render(t, h, runs), render(t, h2, runs2)
		if !bytes.Equal(one, two) {
			t.Fatalf("the two orders merge into other bytes")
		}
		sum := lab.Summarize(h, runs)
		if len(sum.Stats) != len(lab.Metrics(&lab.Scenario{Squads: make([]lab.SquadSpec, len(h.Squads))})) ||
			len(sum.Morale.T) != len(sum.Survival.T) || len(sum.Morale.P50) != len(sum.Morale.T) {
			t.Fatalf("the summary's shape: %d stats, %d morale times, %d survival times", len(sum.Stats), len(sum.Morale.T), len(sum.Survival.T))
		}
		if len(sum.PerSquad) != min(len(h.Squads), lab.MaxSquadSeries) || len(h.SquadMen) != len(h.Squads) {
			t.Fatalf("%d squads of %d men summarized as %d", len(h.Squads), len(h.SquadMen), len(sum.PerSquad))
		}
		for _, sq := range sum.PerSquad {
			if len(sq.Morale.P10) != len(sq.Morale.T) || len(sq.Morale.P90) != len(sq.Morale.T) || len(sq.Unbroken.Y) != len(sq.Unbroken.T) {
				t.Fatalf("squad %s's shape: %d morale times, %d unbroken times", sq.Name, len(sq.Morale.T), len(sq.Unbroken.T))
			}
		}
		if v := sum.Verdicts(nil); len(v) != len(h.Expects) {
			t.Fatalf("%d verdicts of %d expectations", len(v), len(h.Expects))
		}
	})
}

// FuzzMergeSweeps: any two sweep shards (sweep.json) fail to read or merge,
// or merge (in either order, into the same result) into a sweep whose page
// (its chart, each squad's breaks, the table of points and what was tested)
// renders without a panic.
func FuzzMergeSweeps(f *testing.F) {
	sc, err := lab.LoadScenario("../scenarios/sergeant.toml")
	if err != nil {
		f.Fatal(err)
	}
	axes, err := lab.ParseSweeps([]string{"Hysteresis=0.1:0.2:0.1", "ContagionPerSecond=0.5:1:0.5"}, sc.Settings)
	if err != nil {
		f.Fatal(err)
	}
	var shards [2][]byte
	for k := range shards {
		r, err := lab.Sweep(context.Background(), sc, axes, 2, 1, "broke", "mean", lab.Shard{K: k, N: 2}, nil)
		if err != nil {
			f.Fatal(err)
		}
		if shards[k], err = lab.EncodeSweep(r); err != nil {
			f.Fatal(err)
		}
	}
	f.Add(shards[0], shards[1])
	f.Add(bytes.Replace(shards[0], []byte(`"total_points": 4`), []byte(`"total_points": 1000000000000`), 1), shards[1])
	f.Add(bytes.Replace(shards[0], []byte(`"Hysteresis",`), []byte(``), 1), shards[1])
	f.Add(bytes.Replace(shards[0], []byte(`"squad_broke": [`), []byte(`"squad_broke": [1, `), 1), shards[1])
	f.Add(bytes.Replace(shards[0], []byte(`"base_values": [`), []byte(`"base_values": [0.5, `), 1), shards[1])
	f.Fuzz(func(t *testing.T, a, b []byte) {
		ra, errA := lab.DecodeSweep(bytes.NewReader(a), "a")
		rb, errB := lab.DecodeSweep(bytes.NewReader(b), "b")
		if errA != nil || errB != nil {
			return
		}
		m, err := lab.MergeSweeps([]lab.SweepResult{ra, rb}, []string{"a", "b"})
		m2, err2 := lab.MergeSweeps([]lab.SweepResult{rb, ra}, []string{"b", "a"})
		if (err == nil) != (err2 == nil) {
			t.Fatalf("merge in one order: %v; in the other: %v", err, err2)
		}
		if err != nil {
			return
		}
		j1, err1 := lab.EncodeSweep(m)
		j2, err2 := lab.EncodeSweep(m2)
		if err1 != nil || err2 != nil || !bytes.Equal(j1, j2) {
			t.Fatalf("the two orders merge into other bytes (%v, %v)", err1, err2)
		}
		if _, err := report.SweepReport(m, ""); err != nil {
			t.Fatalf("SweepReport of a merged sweep: %v", err)
		}
	})
}
