package lab_test

import (
	"context"
	"slices"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

// BenchmarkScenario measures one seeded fight of each shipped scenario; the
// agent-s/op metric is men × simulated seconds per fight, for the cost per
// agent-second. combat-% is the share in combat of the fight of the first
// op's seed (scenarioCombat), played again after the timed loop.
func BenchmarkScenario(b *testing.B) {
	for _, name := range []string{"opening", "line", "platoon", "army"} {
		sc, err := lab.LoadScenario("../scenarios/" + name + ".toml")
		if err != nil {
			b.Fatal(err)
		}
		men := 0
		for _, sq := range sc.Squads {
			men += sq.Size
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if _, err := lab.Run(sc, sc.Settings, lab.RunSeed(1, i)); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(float64(men)*sc.Duration), "ns/agent-s")
			b.ReportMetric(scenarioCombat(b, sc, lab.RunSeed(1, 0)), "combat-%")
		})
	}
}

// scenarioCombat plays sc's fight of seed as lab.Run does (the same World
// and fight; the lab's listeners change nothing in it) and returns the
// median, over its whole seconds, of the share in percent of the World's
// agents (its living men: the dead are removed) below full morale or out of
// Steady: at a step their squads take contagion and recovery, and stage 3
// runs for those out of Steady.
func scenarioCombat(t testing.TB, sc *lab.Scenario, seed uint64) float64 {
	t.Helper()
	w, err := morale.NewWorld(sc.Settings, seed)
	if err != nil {
		t.Fatal(err)
	}
	f := game.NewScenarioFight(sc.GameConfig(), w, seed)
	var shares []float64
	for s := 1.0; s <= sc.Duration; s++ {
		f.AdvanceTo(s)
		hurt := 0
		for a := range w.Agents() {
			if a.Morale() < 1 || a.State() != morale.Steady {
				hurt++
			}
		}
		if w.Len() > 0 {
			shares = append(shares, 100*float64(hurt)/float64(w.Len()))
		}
	}
	if len(shares) == 0 {
		return 0
	}
	slices.Sort(shares)
	return lab.Percentile(shares, 50)
}

// BenchmarkOpening1000 is the speed target: 1000 seeded runs of the
// opening (60 s each) on every core.
func BenchmarkOpening1000(b *testing.B) {
	sc, err := lab.LoadScenario("../scenarios/opening.toml")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := lab.MonteCarlo(context.Background(), lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 1, Runs: 1000}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWorldFloor is the floor: the bare morale World stepping the same
// number of men for the same time with no events and no lab around it.
func BenchmarkWorldFloor(b *testing.B) {
	for _, c := range []struct {
		name string
		men  int
	}{{"5men-60s", 5}, {"10000men-60s", 10000}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				w, err := morale.NewWorld(morale.DefaultSettings(), uint64(i))
				if err != nil {
					b.Fatal(err)
				}
				for j := 0; j < c.men; j++ {
					w.Spawn(morale.SquadID(j/1000+1), morale.Vec2{X: float64(j%100) * 150, Y: float64(j/100) * 150})
				}
				for t := 0; t < 120; t++ {
					w.Advance(0.5)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(float64(c.men)*60), "ns/agent-s")
		})
	}
}

// BenchmarkLint is the cost of one Lint of the default settings, which the
// demo may call whenever the settings change.
func BenchmarkLint(b *testing.B) {
	s := morale.DefaultSettings()
	for b.Loop() {
		lab.Lint(s)
	}
}

// BenchmarkStatDiff measures one paired bootstrap interval (lab.Resamples
// resamples) over 1000 fights of line.toml, as a sensitivity computes for
// each nudge of each knob: a share, which needs no sort, and a median.
func BenchmarkStatDiff(b *testing.B) {
	sc, err := lab.LoadScenario("../scenarios/line.toml")
	if err != nil {
		b.Fatal(err)
	}
	runs, err := lab.MonteCarlo(context.Background(), lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 1, Runs: 1000})
	if err != nil {
		b.Fatal(err)
	}
	s := sc.Settings.Clone()
	s.RecoveryDelaySeconds *= 0.9
	nudged, err := lab.MonteCarlo(context.Background(), lab.Plan{Scenario: sc, Settings: s, Seed: 1, Runs: 1000})
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ metric, stat string }{{"squad_broke.centre", "share"}, {"first_rout_s", "p50"}} {
		m, _ := lab.MetricByName(sc, c.metric)
		b.Run(c.stat, func(b *testing.B) {
			for b.Loop() {
				if _, ok := lab.StatDiff(m, c.stat, runs, nudged, 1); !ok {
					b.Fatal("undefined")
				}
			}
		})
	}
}
