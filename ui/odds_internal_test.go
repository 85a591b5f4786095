package ui

import (
	"context"
	"image"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/scenarios"
)

// The odds panel, without a window: it counts the live settings' odds,
// an edit of a setting changes them and the panel says by how much and
// that it is beyond the noise; a second panel on the same settings shows
// the same numbers; a refused edit leaves the panel counting.
func TestOddsPanelFollowsTheLiveSettings(t *testing.T) {
	sc, err := lab.OddsScenario(scenarios.OpeningFile, scenarios.Opening)
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	p := NewOddsPanel(sc, nil)
	defer p.Close()
	settle := func() lab.Odds {
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
	lines := strings.Join(p.published(image.Rectangle{}).Lines, "\n")
	if !strings.Contains(lines, "Eriksen routs: "+pct(e.Share)) || !strings.Contains(lines, "was 100%") || !strings.Contains(lines, "▼") {
		t.Errorf("panel text does not say what changed:\n%s", lines)
	}

	q := NewOddsPanel(sc, nil)
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

// The panel's text for a few reports.
func TestLayOdds(t *testing.T) {
	v := layOdds(lab.Odds{Scenario: "opening", Runs: 200, Total: 1000,
		Men: []lab.OddsRow{{Name: "Eriksen", Share: 0.64, Lo: 0.58, Hi: 0.70,
			Change: &lab.OddsChange{From: 1, N: 200, Diff: -0.36, Lo: -0.4, Hi: -0.3, Beyond: true}}}})
	got := strings.Join(v.lines(), "\n")
	for _, want := range []string{"counting… 200 of 1000 fights", "Eriksen routs: 64% [58–70] was 100% -36 pts ▼", "first rout, median: none yet"} {
		if !strings.Contains(got, want) {
			t.Errorf("text lacks %q:\n%s", want, got)
		}
	}
	// before the first fight is counted, no row shows a share it has not
	// got: "counting…", not "0% [0–100]"
	v = layOdds(lab.Odds{Scenario: "opening", Runs: 0, Total: 1000,
		Squads:    []lab.OddsRow{{Name: "Chen", Share: 0, Lo: 0, Hi: 1}},
		Men:       []lab.OddsRow{{Name: "Eriksen", Share: 0, Lo: 0, Hi: 1, Change: &lab.OddsChange{}}},
		Reference: &lab.OddsReference{SettingsHash: "x"}})
	got = strings.Join(v.lines(), "\n")
	for _, want := range []string{"Chen breaks: counting…", "Eriksen routs: counting…", "re-breaks: counting…", "first rout, median: counting…"} {
		if !strings.Contains(got, want) {
			t.Errorf("text lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "[0–100]") || strings.Contains(got, "was") || strings.Contains(got, "none yet") {
		t.Errorf("a count of no fights shows numbers:\n%s", got)
	}
	v = layOdds(lab.Odds{Scenario: "x", Runs: 1000, Total: 1000, Error: "odds: fight 3: bad"})
	if !strings.Contains(v.status, "cannot count: odds: fight 3: bad") {
		t.Errorf("status %q; want the error", v.status)
	}
	for _, tc := range []struct {
		v    float64
		want string
	}{{0, "0"}, {0.001, "<1"}, {0.996, ">99"}, {1, "100"}, {0.644, "64"}} {
		if got := pctN(tc.v); got != tc.want {
			t.Errorf("pctN(%v) = %q; want %q", tc.v, got, tc.want)
		}
	}
	if !sameSettings(morale.DefaultSettings(), morale.DefaultSettings()) {
		t.Error("the defaults differ from themselves")
	}
}

// The odds' "was" is the settings before the whole drag: the press, the
// moves and the release are one edit, measured from where it started,
// however fast it went and however far the count of its start had got;
// the next edit is measured from where the drag ended.
func TestOddsWasIsBeforeTheWholeDrag(t *testing.T) {
	sc, err := lab.OddsScenario(scenarios.OpeningFile, scenarios.Opening)
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	p := &OddsPanel{tr: newOddsCounter(sc, 1, 100, true), background: true}
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
	start := set(0.25) // a reset, not yet counted when the drag begins
	p.Update(s, false)
	for _, v := range []float64{0.3, 0.35, 0.4, 0.45} { // the drag, a tick each
		set(v)
		p.Update(s, true)
		if got := p.Odds(); got.Reference != nil && got.Reference.SettingsHash != lab.SettingsHash(start) {
			t.Fatalf("during the drag, at %v: was %s; want the settings before the drag, %s", v, got.Reference.SettingsHash, lab.SettingsHash(start))
		}
	}
	p.Update(s, false) // the release
	if err := p.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	p.Update(s, false)
	o := p.Odds()
	if o.Reference == nil || o.Reference.SettingsHash != lab.SettingsHash(start) || o.Reference.Runs != 100 || o.Runs != 100 {
		t.Fatalf("after the drag: %d fights, reference %+v; want 100 against %s", o.Runs, o.Reference, lab.SettingsHash(start))
	}
	end := s.Settings().Clone()
	set(0.2) // the next edit: from where the drag ended
	p.Update(s, false)
	if err := p.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	p.Update(s, false)
	if o := p.Odds(); o.Reference == nil || o.Reference.SettingsHash != lab.SettingsHash(end) {
		t.Fatalf("the edit after the drag: reference %+v; want %s, where the drag ended", o.Reference, lab.SettingsHash(end))
	}
}
