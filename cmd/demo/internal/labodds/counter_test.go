package labodds_test

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/cmd/demo/internal/labodds"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/scenarios"
	"github.com/moralebreak/moralebreak/ui"
)

// opening is the demo's opening as the odds count it.
func opening(t *testing.T) *lab.Scenario {
	t.Helper()
	sc, err := lab.OddsScenario(scenarios.OpeningFile, scenarios.Opening)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// The odds panel over the lab's counter, without a window: it counts the
// live settings' odds, an edit of a setting changes them and the panel
// says by how much and that it is beyond the noise; a second panel on the
// same settings shows the same numbers.
func TestOddsPanelFollowsTheLiveSettings(t *testing.T) {
	sc := opening(t)
	s, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	p := ui.NewOddsPanel(labodds.New(sc), nil)
	defer p.Close()
	settle := func() ui.Odds {
		t.Helper()
		p.Update(s, false)
		if err := p.Wait(ctx); err != nil {
			t.Fatal(err)
		}
		return p.Odds()
	}
	before := settle()
	if before.Runs != lab.OddsRuns || before.SettingsHash != lab.SettingsHash(s.Settings()) || before.Reference != nil {
		t.Fatalf("odds of %d fights of %s (reference %v); want %d of %s, none", before.Runs, before.SettingsHash, before.Reference, lab.OddsRuns, lab.SettingsHash(s.Settings()))
	}
	edit := s.Settings().Clone()
	edit.RecoveryDelaySeconds = 1
	if err := s.Apply(game.SetSettings{Settings: edit}); err != nil {
		t.Fatal(err)
	}
	after := settle()
	e := after.Men[4]
	if e.Name != "Eriksen" || e.Change == nil || !e.Change.Beyond || e.Change.From != 1 || e.Share > 0.9 {
		t.Fatalf("Eriksen after RecoveryDelaySeconds 4 → 1: %+v %+v; want fewer routs than 100%%, beyond the noise", e, e.Change)
	}

	q := ui.NewOddsPanel(labodds.New(sc), nil)
	defer q.Close()
	q.Update(s, false)
	if err := q.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	got := q.Odds()
	got.Reference, after.Reference = nil, nil
	for i := range got.Men {
		got.Men[i].Change, after.Men[i].Change = nil, nil
	}
	for i := range got.Squads {
		got.Squads[i].Change, after.Squads[i].Change = nil, nil
	}
	got.Rebreaks.Change, after.Rebreaks.Change = nil, nil
	got.FirstRout.Change, after.FirstRout.Change = nil, nil
	got.FirstRout.TimeChange, after.FirstRout.TimeChange = nil, nil
	got.Histogram.Ref, after.Histogram.Ref = nil, nil
	if !reflect.DeepEqual(got, after) {
		t.Errorf("a second panel on the same settings shows other numbers:\n%+v\n%+v", got, after)
	}
}

// The odds' "was" is the settings before the whole drag, with the lab's
// counter: a reset not yet counted when a quick drag begins, the drag,
// the release: the change is measured from the reset, over the same
// fights, the reset's counted beside the drag's end.
func TestOddsWasIsBeforeTheWholeDrag(t *testing.T) {
	sc := opening(t)
	s, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	p := ui.NewOddsPanel(labodds.New(sc), nil)
	defer p.Close()
	set := func(v float64) morale.Settings {
		t.Helper()
		e := s.Settings().Clone()
		e.PanicBelow = v
		if err := s.Apply(game.SetSettings{Settings: e}); err != nil {
			t.Fatal(err)
		}
		return e
	}
	p.Update(s, false)
	start := set(0.25)
	p.Update(s, false)
	for _, v := range []float64{0.3, 0.35, 0.4, 0.45} {
		set(v)
		p.Update(s, true)
		if got := p.Odds(); got.Reference != nil && got.Reference.SettingsHash != lab.SettingsHash(start) {
			t.Fatalf("during the drag, at %v: was %s; want the settings before the drag, %s", v, got.Reference.SettingsHash, lab.SettingsHash(start))
		}
	}
	p.Update(s, false)
	if err := p.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	p.Update(s, false)
	o := p.Odds()
	if o.Reference == nil || o.Reference.SettingsHash != lab.SettingsHash(start) || o.Reference.Runs != o.Total || o.Runs != o.Total {
		t.Fatalf("after the drag: %d of %d fights, reference %+v; want all against %s", o.Runs, o.Total, o.Reference, lab.SettingsHash(start))
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
