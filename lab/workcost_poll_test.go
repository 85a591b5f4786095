package lab

import (
	"context"
	"testing"
)

// A fight looks at its context as often as it did before the work model was
// measured: odds and Run, which pass no rate, count the men stepped and the
// men each occurrence could reach, and look every pollTerms of them (1<<21,
// as before); MonteCarlo counts FightWork's units and looks every pollWork.
// The ticks, told the work done at each look, show the interval.
func TestPollInterval(t *testing.T) {
	text := "duration = 150.0\nsample = 10.0\n[[squad]]\nsize = 10000\nformation = \"grid\"\nspacing = 1.0\n" +
		"[[event]]\nt = 0.0\nevent = \"Suppressed\"\nat = [0.0, 0.0]\nevery = 0.02\n"
	sc, err := ParseScenario("poll.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		rate     float64
		interval float64
	}{
		{"odds and Run (no rate)", 0, 1 << 21},
		{"MonteCarlo (FightWork's rate)", FightWork(sc) / sc.Duration, pollWork},
	} {
		var ticks []float64
		opt := runOpts{rate: c.rate, tick: func(w float64) { ticks = append(ticks, w) }}
		if _, _, err := run(context.Background(), sc, sc.GameConfig(), sc.Settings, RunSeed(1, 0), opt); err != nil {
			t.Fatal(err)
		}
		if len(ticks) < 2 {
			t.Errorf("%s: %d looks at the context; want one every %.0f units", c.name, len(ticks), c.interval)
			continue
		}
		// The first look comes once the interval is done, each next one
		// an interval after the last (plus at most a step's work).
		if got := ticks[1] - ticks[0]; ticks[0] > 1.5*c.interval || got < c.interval || got > 1.5*c.interval {
			t.Errorf("%s: looks at %.0f and %.0f units; want every %.0f", c.name, ticks[0], ticks[1], c.interval)
		}
	}
}

// MonteCarlo counts a fight's work at the estimate for the plan's settings,
// not the scenario's: a sweep's point at a step of 0.01 s costs 25 times a
// step of 0.25 s a simulated second, and its fights look at their context
// and report their progress as often in units of work, so as often in
// time.
func TestMonteCarloPollsAtThePlansSettings(t *testing.T) {
	text := "duration = 200.0\nsample = 10.0\n[[squad]]\nsize = 4000\nformation = \"grid\"\nspacing = 1.0\n"
	sc, err := ParseScenario("poll.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	s := sc.Settings.Clone()
	s.SquadUpdateInterval = 0.01
	var within []float64 // the progress reported within the fight
	p := Plan{Scenario: sc, Settings: s, Seed: 1, Runs: 1, Workers: 1, Progress: func(done float64, total int) {
		if done > 0 && done < 1 {
			within = append(within, done)
		}
	}}
	if _, err := MonteCarlo(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	// A look an interval after the last, plus at most a step's work (as
	// TestPollInterval has it): between work/(1.5 intervals) and
	// work/interval looks. At the scenario's step of 0.25 s it counted 25
	// times fewer units: none.
	work := FightWorkWith(sc, s)
	if lo, hi := int(work/(1.5*pollWork)), int(work/pollWork); len(within) < max(lo, 2) || len(within) > hi {
		t.Errorf("a fight of %.0f units at a step of 0.01 s: %d looks within it (%v); want %d..%d, one every %d units or a little more", work, len(within), within, max(lo, 2), hi, pollWork)
	}
}
