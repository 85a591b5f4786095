package lab_test

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

// workCostFiles are the scenarios the work model is measured on: every
// shipped scenario, and the calibration scenarios of testdata/workcost,
// each weighing one part of the model (steps at rest and in combat, news
// over a dense crowd and over empty ground, deaths, the fight's own cost,
// spawns).
func workCostFiles(t testing.TB) []string {
	t.Helper()
	var files []string
	for _, g := range []string{"../scenarios/*.toml", "../scenarios/fit/*.toml", "testdata/workcost/*.toml"} {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	return files
}

// workCostName names a scenario file's row: "army", "fit/ambush",
// "workcost/dense".
func workCostName(file string) string {
	dir, base := filepath.Base(filepath.Dir(file)), strings.TrimSuffix(filepath.Base(file), ".toml")
	if dir == "scenarios" {
		return base
	}
	return dir + "/" + base
}

// BenchmarkFightWork measures what one fight of each scenario costs
// against the work model's estimate: ns/op is one seeded fight (lab.Run, as
// run plays it, seeds RunSeed(1, i)), units its estimate (lab.FightWork),
// ns/unit the ratio. Run it on one core:
//
//	go test ./lab -run '^$' -bench '^BenchmarkFightWork$' -cpu 1 -count 3
//
// The other metrics are the model's measures (lab.FightParts: men ×
// steps at rest and stirred, men sampled, reached by news, told, rallied,
// changes of state forced, men looked over and spawned), which its
// weights weigh.
func BenchmarkFightWork(b *testing.B) {
	for _, file := range workCostFiles(b) {
		sc, err := lab.LoadScenario(file)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(workCostName(file), func(b *testing.B) {
			cpu0 := cpuTime(b)
			for i := 0; b.Loop(); i++ {
				if _, err := lab.Run(sc, sc.Settings, lab.RunSeed(1, i)); err != nil {
					b.Fatal(err)
				}
			}
			cpu := float64(cpuTime(b)-cpu0) / float64(b.N)
			w := lab.FightWork(sc)
			b.ReportMetric(w, "units")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/w, "ns/unit")
			b.ReportMetric(cpu/w, "cpu-ns/unit")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "wall-ns/op")
			b.ReportMetric(cpu, "cpu-ns/op")
			for name, v := range lab.FightParts(sc) {
				b.ReportMetric(v, name)
			}
		})
	}
}

// BenchmarkGameWork measures a simulated second of the demo's own battle
// (lab.GameRun, which moralesim game plays: 60 s of the opening), in ns
// of one core: lab/cli's gameWorkPerSecond is it over the ns a unit costs.
//
//	go test ./lab -run '^$' -bench '^BenchmarkGameWork$' -cpu 1 -count 3
func BenchmarkGameWork(b *testing.B) {
	const duration = 60.0
	s := morale.DefaultSettings()
	cpu0 := cpuTime(b)
	for i := 0; b.Loop(); i++ {
		if _, err := lab.GameRun(s, lab.RunSeed(1, i), duration, 0.5, 3, 10); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/duration, "ns/sim-s")
	b.ReportMetric(float64(cpuTime(b)-cpu0)/float64(b.N)/duration, "cpu-ns/sim-s")
}

// A spread too small to move its event's location (1e5 ± 1e-12 is 1e5) is
// no spread: the news lands on the crowd standing there, as with none, and
// the estimate is never NaN however small the spread (4 × spread² once
// underflowed to 0 and 0/0 read NaN).
func TestFightWorkTinySpread(t *testing.T) {
	parse := func(spread string) *lab.Scenario {
		t.Helper()
		squad := "[[squad]]\nsize = 100000\nformation = \"grid\"\nspacing = 0.0\nat = [100000.0, 100000.0]\n"
		text := "duration = 100.0\nsample = 10.0\n" + squad + squad +
			"[[event]]\nt = 0.0\nevent = \"Suppressed\"\nat = [100000.0, 100000.0]\nevery = 0.01\n"
		if spread != "" {
			text += "spread = " + spread + "\n"
		}
		sc, err := lab.ParseScenario("crowd.toml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		return sc
	}
	want := lab.FightWork(parse(""))
	for _, spread := range []string{"0.0", "1e-12", "1e-100", "1e-170", "1e-300", "5e-324", "0.001"} {
		got := lab.FightWork(parse(spread))
		if math.IsNaN(got) || math.IsInf(got, 0) || got < want*0.99 || got > want*1.01 {
			t.Errorf("spread = %s: FightWork = %s; want %s (the spread moves nobody out of reach)", spread, lab.FormatWork(got), lab.FormatWork(want))
		}
	}
}

// Each wave of reinforcements is a formation of its own count at the
// squad's place, as the fight spawns it, not one formation of every wave's
// men: 100 waves of 999 men arriving every second, under news there every
// 0.01 s, are 100 crowds of 999 standing on each other, every man of them
// within the news' reach from his arrival on.
func TestFightWorkReinforcementWaves(t *testing.T) {
	parse := func(formation string, news bool) *lab.Scenario {
		t.Helper()
		text := "duration = 100.0\nsample = 10.0\n[[squad]]\nname = \"a\"\nsize = 1\nformation = \"" + formation + "\"\nspacing = 2.0\n" +
			"[[event]]\nt = 1.0\ndo = \"reinforce\"\nsquad = \"a\"\ncount = 999\nevery = 1.0\n"
		if news {
			text += "[[event]]\nt = 0.0\nevent = \"Suppressed\"\nat = [0.0, 0.0]\nevery = 0.01\n"
		}
		sc, err := lab.ParseScenario("waves.toml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		return sc
	}
	// Wave k (1..100) stands through 100 - k of the 100 s, under 100 news
	// a second: 999 × 4,950 × 100 men reached at 0.35 units each (the
	// waves' own news stirs them without it).
	want := 999 * 4950 * 100 * 0.35
	for _, formation := range []string{"grid", "line", "column", "circle"} {
		got := lab.FightWork(parse(formation, true)) - lab.FightWork(parse(formation, false))
		if got < want*0.9 || got > want*1.1 {
			t.Errorf("%s: the news weighs %s; want about %s", formation, lab.FormatWork(got), lab.FormatWork(want))
		}
	}
}

// withSettings returns a copy of sc whose settings are s, for FightWork.
func withSettings(sc *lab.Scenario, s morale.Settings) *lab.Scenario {
	c := *sc
	c.Settings = s
	return &c
}

// A sweep's and a sensitivity's work is each point's, or each nudge's,
// fights estimated with its own settings: the estimate reads the step
// (SquadUpdateInterval) and the reaches, and a sweep of the step down to
// 0.001 s costs 250 times a fight at the default step.
func TestSweepAndSensitivityWorkReadTheirSettings(t *testing.T) {
	for _, c := range []struct {
		file, spec string
	}{
		{"../scenarios/line.toml", "SquadUpdateInterval=0.001:0.002:0.001"},
		{"../scenarios/army.toml", "NoEffectRadius=1000:20000:1000"},
		{"testdata/workcost/deaths.toml", "FullEffectRadius=0:3000:500"},
		{"../scenarios/army.toml", "Suppressed=-2:-1:0.5"},
	} {
		sc, err := lab.LoadScenario(c.file)
		if err != nil {
			t.Fatal(err)
		}
		axes, err := lab.ParseSweeps([]string{c.spec}, sc.Settings)
		if err != nil {
			t.Fatal(err)
		}
		want := 0.0
		for _, v := range axes[0].Values {
			s := sc.Settings.Clone()
			axes[0].Knob.Set(&s, v)
			want += 10 * lab.FightWork(withSettings(sc, s))
		}
		if got := lab.SweepWork(sc, axes, 10, lab.Shard{}); math.Abs(got-want) > 1e-9*want {
			t.Errorf("%s -sweep %s -runs 10: SweepWork = %s; want %s", workCostName(c.file), c.spec, lab.FormatWork(got), lab.FormatWork(want))
		}
	}
	sc, err := lab.LoadScenario("../scenarios/army.toml")
	if err != nil {
		t.Fatal(err)
	}
	want := lab.FightWork(sc)
	for _, k := range lab.Knobs(sc.Settings) {
		if v := k.Get(sc.Settings); v != 0 && (!k.Weight || sc.Reports(morale.Event(k.Name))) {
			for _, f := range []float64{lab.NudgeLow, lab.NudgeHigh} {
				s := sc.Settings.Clone()
				k.Set(&s, v*f)
				want += lab.FightWork(withSettings(sc, s))
			}
		}
	}
	if got := lab.SensitivityWork(sc, 10); math.Abs(got-10*want) > 1e-9*want {
		t.Errorf("army sensitivity -runs 10: SensitivityWork = %.6g; want %.6g", got, 10*want)
	}
}

// A morale sample looks over every man present, which the estimate did
// not count: four fights of 20,000 men sampled every 0.01 s for 60 s were
// estimated at 5,930,000 units, 0.15 s of one core for the four (about
// 0.04 s a fight), as when sampled every 1 s, and took 1.26 s (0.31 s a
// fight; 0.07 s for the four sampled every 1 s). Every sample counts
// 0.11 unit a man (sampleWork), the default two a second too, apart from
// the steps, whose count the step's length sets.
func TestFightWorkCountsSamples(t *testing.T) {
	const fight = "duration = 60.0\nsample = %v\n[[squad]]\nname = \"a\"\nsize = 20000\nformation = \"grid\"\nspacing = 50.0\n"
	work := func(sample float64) float64 {
		t.Helper()
		sc, err := lab.ParseScenario("samples.toml", []byte(fmt.Sprintf(fight, sample)))
		if err != nil {
			t.Fatal(err)
		}
		return lab.FightWork(sc)
	}
	base := work(1)
	tests := []struct {
		sample float64
		more   float64 // units beyond the fight sampled every 1 s (61 samples)
	}{
		{1, 0},
		{0.5, 0.11 * 20000 * (121 - 61)}, // the shipped scenarios' samples
		{0.25, 0.11 * 20000 * (241 - 61)},
		{0.01, 0.11 * 20000 * (6001 - 61)},
	}
	for _, tt := range tests {
		if got := work(tt.sample) - base; math.Abs(got-tt.more) > 1e-6*base {
			t.Errorf("sample %v: got %.0f units more than sampled every 1 s; want %.0f", tt.sample, got, tt.more)
		}
	}
}
