package fit_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/lab/fit"
	"github.com/moralebreak/moralebreak/morale"
)

// planted is a fit problem with a known answer: the shipped weights with
// a few keys moved (the plant), expectations measured from the planted
// weights on 1,000 fights of seed 77 and written around them, and the
// shipped weights as the start.
type planted struct {
	name  string
	moves map[string]float64 // key (as -keys names it) → planted value
}

// plantedProblems are five plants of k = 2..4 keys on testdata/squad.toml.
var plantedProblems = []planted{
	{"delay+suppressed", map[string]float64{"RecoveryDelaySeconds": 3.2, "weights.Suppressed": -0.06}},
	{"recovery+allydown", map[string]float64{"RecoveryPerSecond": 0.05, "weights.AllyDown": -0.12}},
	{"panic+rout+contagion", map[string]float64{"PanicBelow": 0.2, "RoutAfterSeconds": 4.0, "ContagionPerSecond": 0.6}},
	{"nerve+delay+suppressed", map[string]float64{"NerveMin": 0.05, "RecoveryDelaySeconds": 4.8, "weights.Suppressed": -0.08}},
	{"four", map[string]float64{"RecoveryDelaySeconds": 3.0, "weights.Suppressed": -0.075, "weights.AllyDown": -0.25, "RoutAfterSeconds": 2.5}},
}

// plantedExpects are the metrics a plant is measured by, with the half
// width of their bands: ±5 points on a share, ±3 s on a median.
var plantedExpects = []struct {
	metric, stat string
	half         float64
}{
	{"squad_broke.a", "share", 0.05},
	{"first_panicked_s", "p50", 3},
	{"first_rout_s", "share", 0.05},
}

// plantedSettings returns the shipped weights with p's moves.
func plantedSettings(t testing.TB, p planted) morale.Settings {
	t.Helper()
	s, err := morale.LoadSettings("../../weights.toml")
	if err != nil {
		t.Fatal(err)
	}
	for key, v := range p.moves {
		k, ok := lab.KnobByKey(s, key)
		if !ok {
			t.Fatalf("%s: no key %s", p.name, key)
		}
		k.Set(&s, v)
	}
	if err := s.Validate(); err != nil {
		t.Fatalf("%s: %v", p.name, err)
	}
	return s
}

// plantedScenario writes p's scenario (squad.toml, the shipped weights as
// its start, the expectations around the planted weights) into dir.
func plantedScenario(t testing.TB, p planted, dir string) *lab.Scenario {
	t.Helper()
	return plantedVariant(t, p, dir, p.name, 1, func(b string) string { return b })
}

// plantedVariant is plantedScenario for squad.toml edited by edit, written
// as name.toml, with bands wide times plantedExpects' half widths.
func plantedVariant(t testing.TB, p planted, dir, name string, wide float64, edit func(string) string) *lab.Scenario {
	t.Helper()
	w := plantedSettings(t, p)
	data, err := os.ReadFile("testdata/squad.toml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := lab.ParseScenario(name+".toml", []byte(edit(string(data))))
	if err != nil {
		t.Fatal(err)
	}
	sum := statsAt(t, sc, w, 1000, 77)
	var b strings.Builder
	for _, e := range plantedExpects {
		v := value(t, sum, e.metric, e.stat)
		lo, hi := v-wide*e.half, v+wide*e.half
		if e.stat == "share" {
			lo, hi = max(0, lo), min(1, hi)
		}
		fmt.Fprintf(&b, "\n[[expect]]\nmetric = %q\n%s = [%.3f, %.3f]\n", e.metric, e.stat, lo, hi)
	}
	ws, err := os.ReadFile("../../weights.toml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir+"/weights.toml", ws, 0o644); err != nil {
		t.Fatal(err)
	}
	path := dir + "/" + name + ".toml"
	body := "weights = \"weights.toml\"\n" + edit(string(data)) + b.String()
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := lab.LoadScenario(path)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// The time limits for a fit of tight intents on the 2-core machine,
// with the default runs and budget: one scenario, and three at once.
const (
	oneLimit   = 300 * time.Second
	threeLimit = 600 * time.Second
)

// solvePlanted fits p from the shipped weights with every key free (cfg
// supplies runs and budget) and checks the result on 2,000 fights of a seed
// the fit never used; it reports whether the fit met every expectation there
// changing at most k+1 keys (k: the keys planted), what happened, and the
// fit's wall time.
func solvePlanted(t testing.TB, p planted, cfg fit.Config) (bool, string, time.Duration) {
	t.Helper()
	sc := plantedScenario(t, p, t.TempDir())
	cfg.Scenario = sc
	start := time.Now()
	res, err := fit.Fit(context.Background(), cfg)
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	var ch []string
	for _, k := range res.Keys {
		if k.Changed() {
			ch = append(ch, fmt.Sprintf("%s %g → %g", k.Key, k.Start, k.End))
		}
	}
	sum := statsAt(t, sc, res.Settings, 2000, 31337)
	var fails []string
	for _, v := range lab.Check(sc, &sum, nil) {
		if !v.Pass {
			fails = append(fails, v.String())
		}
	}
	ok := res.Met && len(fails) == 0 && len(ch) <= len(p.moves)+1
	return ok, fmt.Sprintf("%s (k = %d): met %v, %d keys changed (%s), %d fights in %.0f s; failed on 2000 new fights: %q", p.name, len(p.moves), res.Met, len(ch), strings.Join(ch, ", "), res.Fights.Total, took.Seconds(), fails), took
}

// TestFitPlanted is BenchmarkFitPlanted sized for make test: the five
// planted problems, each fit with every key free on about two thirds of the
// default budget (70,000 fights); at least four of five must meet their
// expectations on 2,000 fights of a seed the fit never used, changing at
// most k+1 keys, and no fit may take longer than oneLimit. make sim runs
// it (about 25 s on two cores); under the race detector it is skipped.
func TestFitPlanted(t *testing.T) {
	if testing.Short() || raceDetector {
		t.Skip("five fits of every key: make sim runs them, without -short or -race")
	}
	met := 0
	for _, p := range plantedProblems {
		ok, what, took := solvePlanted(t, p, fit.Config{Runs: 200, Budget: 70000, Seed: 1})
		t.Log(what)
		if ok {
			met++
		}
		if took > oneLimit {
			t.Errorf("%s: the fit took %.0f s; want at most %.0f s", p.name, took.Seconds(), oneLimit.Seconds())
		}
	}
	if met < 4 {
		t.Errorf("%d of %d planted problems met on new fights with at most k+1 keys changed; want at least 4", met, len(plantedProblems))
	}
}

// BenchmarkFitPlanted fits the five planted problems with every key free and
// the default runs and budget (make fitbench): at least four of five must
// meet their expectations on 2,000 fights of a seed the fit never used,
// changing at most k+1 keys, and each fit must end within oneLimit (the
// issue's 300 s on two cores; make fitbench prints the load beside).
func BenchmarkFitPlanted(b *testing.B) {
	for b.Loop() {
		met := 0
		for _, p := range plantedProblems {
			ok, what, took := solvePlanted(b, p, fit.Config{Seed: 1})
			b.Log(what)
			if ok {
				met++
			}
			if took > oneLimit {
				b.Errorf("%s: the fit took %.0f s; want at most %.0f s", p.name, took.Seconds(), oneLimit.Seconds())
			}
		}
		b.ReportMetric(float64(met), "met/5")
		if met < 4 {
			b.Fatalf("%d of %d planted problems met within k+1 keys; want at least 4", met, len(plantedProblems))
		}
	}
}

// TestFitSeveralPlanted fits two scenarios at once, the squad losing a man
// every 20 s and every 10 s, with expectations measured from one planted
// set of weights, with a designer's usual bands (±7 points on a share, ±4.2
// s on a median): the one result must meet both on 2,000 fights of a seed
// the fit never used.
func TestFitSeveralPlanted(t *testing.T) {
	if testing.Short() {
		t.Skip("a fit of two scenarios")
	}
	p := plantedProblems[0]
	dir := t.TempDir()
	a := plantedVariant(t, p, dir, "deaths20", 1.4, func(b string) string { return b })
	b := plantedVariant(t, p, dir, "deaths10", 1.4, func(b string) string { return strings.Replace(b, "every = 20.0", "every = 10.0", 1) })
	res, err := fit.Fit(context.Background(), fit.Config{Scenario: a, More: []*lab.Scenario{b}, Runs: 200, Budget: 140000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Met || len(res.Scenarios) != 2 || len(res.After) != 2*len(plantedExpects) {
		t.Fatalf("Met %v, %d scenarios, %d held-out verdicts; want met, 2 and %d (%d fights, notes %q)", res.Met, len(res.Scenarios), len(res.After), 2*len(plantedExpects), res.Fights.Total, res.Notes)
	}
	for _, sc := range []*lab.Scenario{a, b} {
		sum := statsAt(t, sc, res.Settings, 2000, 31337)
		for _, v := range lab.Check(sc, &sum, nil) {
			if !v.Pass {
				t.Errorf("on 2000 new fights: %v; want a pass", v)
			}
		}
	}
	for i, m := range res.After {
		if want := []string{a.Path, b.Path}[i/len(plantedExpects)]; m.Scenario != want {
			t.Errorf("held-out verdict %d names %q; want %q", i, m.Scenario, want)
		}
	}
}

// BenchmarkFitPlantedSeveral fits three fights at once (the squad losing a
// man every 20 s, every 10 s, and eight men instead of six), with tight
// expectations (±5 points on a share, ±3 s on a median) measured from the
// planted weights of each of the first two planted problems, every key
// free and the default runs and budget (make fitbench): each must meet
// every expectation of the three on 2,000 fights of a seed it never used,
// within threeLimit (the 600 s for three at once on two cores).
// It logs when it changes more than k+1 keys (the first does: 5 of 2+1).
func BenchmarkFitPlantedSeveral(b *testing.B) {
	for b.Loop() {
		for _, p := range plantedProblems[:2] {
			dir := b.TempDir()
			scs := []*lab.Scenario{
				plantedVariant(b, p, dir, "deaths20", 1, func(s string) string { return s }),
				plantedVariant(b, p, dir, "deaths10", 1, func(s string) string { return strings.Replace(s, "every = 20.0", "every = 10.0", 1) }),
				plantedVariant(b, p, dir, "eight", 1, func(s string) string { return strings.Replace(s, "size = 6", "size = 8", 1) }),
			}
			start := time.Now()
			res, err := fit.Fit(context.Background(), fit.Config{Scenario: scs[0], More: scs[1:], Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			var ch []string
			for _, k := range res.Keys {
				if k.Changed() {
					ch = append(ch, fmt.Sprintf("%s %g → %g", k.Key, k.Start, k.End))
				}
			}
			var fails []string
			for _, sc := range scs {
				sum := statsAt(b, sc, res.Settings, 2000, 31337)
				for _, v := range lab.Check(sc, &sum, nil) {
					if !v.Pass {
						fails = append(fails, v.String())
					}
				}
			}
			took := time.Since(start)
			b.Logf("%s, three fights: met %v, %d keys changed (%s), %d fights in %.0f s; failed on 2000 new fights: %q", p.name, res.Met, len(ch), strings.Join(ch, ", "), res.Fights.Total, took.Seconds(), fails)
			if !res.Met || len(fails) > 0 {
				b.Errorf("%s: want every expectation of the three met on new fights", p.name)
			}
			if took > threeLimit {
				b.Errorf("%s: the fit of three took %.0f s; want at most %.0f s", p.name, took.Seconds(), threeLimit.Seconds())
			}
			if len(ch) > len(p.moves)+1 {
				// Not yet the smallest change: a fit of several fights falls
				// back to the search over every key more often.
				b.Logf("%s: %d keys changed; the goal is at most %d", p.name, len(ch), len(p.moves)+1)
			}
		}
	}
}
