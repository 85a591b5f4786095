package labodds_test

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/cmd/demo/internal/labodds"
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/scenarios"
	"github.com/moralebreak/moralebreak/ui"
)

// New counts lab.OddsRunsFor(sc) fights of the scenario on moralesim's
// seed 1: the odds moralesim's lab gives for it (the tracker's own
// behaviour is lab's TestOddsTracker).
func TestNewCountsTheLabsFights(t *testing.T) {
	sc, err := lab.OddsScenario(scenarios.OpeningFile, scenarios.Opening)
	if err != nil {
		t.Fatal(err)
	}
	c := labodds.New(sc)
	defer c.Close()
	s := morale.DefaultSettings()
	if err := c.Set(s, s, false); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := c.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	j, err := lab.NewOddsJob(sc, s, 1, lab.OddsRunsFor(sc))
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Step(ctx, j.Total()); err != nil {
		t.Fatal(err)
	}
	if got, want := c.Report(), j.Odds(nil); !reflect.DeepEqual(got, want) {
		t.Errorf("got %d of %d fights, Eriksen %+v; want %d of %d, %+v", got.Runs, got.Total, got.Men[4], want.Runs, want.Total, want.Men[4])
	}
}

// Lint is the lab's lint, rule and message.
func TestLint(t *testing.T) {
	s := morale.DefaultSettings()
	s.Hysteresis = 0
	ws := labodds.Lint(s)
	want := lab.Lint(s)
	if len(ws) != len(want) || len(ws) == 0 {
		t.Fatalf("Lint gave %d warnings, lab.Lint %d; want the same, at least one (no hysteresis)", len(ws), len(want))
	}
	for i := range ws {
		if ws[i].String() != want[i].String() || !strings.Contains(ws[i].String(), ": ") {
			t.Errorf("warning %d: %q; want %q", i, ws[i], want[i])
		}
	}
}

// New says its scenario's duration, for which the odds panel sizes its
// columns before the first fight is counted (oddspanel.Timed): without it
// they moved at the first counted report.
func TestNewSaysTheScenariosDuration(t *testing.T) {
	sc, err := lab.OddsScenario(scenarios.OpeningFile, scenarios.Opening)
	if err != nil {
		t.Fatal(err)
	}
	sc.Duration = 120
	var c ui.OddsCounter = labodds.New(sc)
	defer c.Close()
	d, ok := c.(interface{ Duration() float64 })
	if !ok {
		t.Fatalf("got a counter without Duration; want one saying %v s", sc.Duration)
	}
	if got := d.Duration(); got != 120 {
		t.Errorf("got Duration %v; want 120", got)
	}
}
