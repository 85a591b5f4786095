package fit_test

import (
	"context"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/lab/fit"
)

// lineHoldsKeys are the four keys of the worked example (docs/balancing.md,
// "Fitting weights").
var lineHoldsKeys = []string{"RecoveryDelaySeconds", "Suppressed", "RoutAfterSeconds", "ContagionPerSecond"}

// BenchmarkFitLineHolds is the speed target: the fit of the shipped
// example scenarios/fit/line_holds.toml (24 men, 120 s fights, three
// expectations) over four keys with the default runs (200 per candidate)
// and budget, on every core. It fails unless the fit meets every
// expectation on its held-out fights. Run it with -benchtime 1x (make
// fitbench); fights/op is the fights spent.
func BenchmarkFitLineHolds(b *testing.B) {
	sc, err := lab.LoadScenario("../../scenarios/fit/line_holds.toml")
	if err != nil {
		b.Fatal(err)
	}
	benchFit(b, fit.Config{Scenario: sc, Keys: lineHoldsKeys, Seed: 1})
}

// BenchmarkFitKnownAnswer is TestFitKnownAnswer with the default runs and
// budget: the fit must meet every expectation written around W* on its
// held-out fights.
func BenchmarkFitKnownAnswer(b *testing.B) {
	sc := knownAnswer(b)
	benchFit(b, fit.Config{Scenario: sc, Keys: []string{"RecoveryDelaySeconds", "Suppressed"}, Seed: 1})
}

func benchFit(b *testing.B, cfg fit.Config) {
	b.Helper()
	fights := 0
	for b.Loop() {
		res, err := fit.Fit(context.Background(), cfg)
		if err != nil {
			b.Fatal(err)
		}
		if !res.Met {
			b.Fatalf("the fit did not meet every expectation on the held-out fights (notes %q)", res.Notes)
		}
		fights = res.Fights.Total
	}
	b.ReportMetric(float64(fights), "fights/op")
	b.ReportMetric(float64(fights)/(b.Elapsed().Seconds()/float64(b.N)), "fights/s")
}
