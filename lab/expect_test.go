package lab_test

import (
	"context"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
)

// A summary carries its scenario's expectations, so its verdicts are
// Check's, naming the file by its path as typed.
func TestSummaryVerdictsAreCheck(t *testing.T) {
	sc, err := lab.LoadScenario("../scenarios/opening.toml")
	if err != nil {
		t.Fatal(err)
	}
	p := lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 1, Runs: 20}
	runs, err := lab.MonteCarlo(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	sum := lab.Summarize(lab.NewHeader(p), runs)
	want, got := lab.Check(sc, &sum, runs), sum.Verdicts(runs)
	if len(got) != len(sc.Expects) || len(got) != len(want) {
		t.Fatalf("%d verdicts, Check gives %d; want one per expectation (%d)", len(got), len(want), len(sc.Expects))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("verdict %d = %v; want %v", i, got[i], want[i])
		}
	}
}
