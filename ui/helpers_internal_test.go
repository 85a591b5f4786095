package ui

import (
	"context"
	"sync"
	"testing"

	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/odds"
	"github.com/moralebreak/moralebreak/morale"
)

// sessionAt returns a new session of scene played to at seconds.
func sessionAt(t *testing.T, scene string, at float64) *game.Session {
	t.Helper()
	cfg := game.DefaultConfig()
	cfg.Scene = scene
	g, err := game.NewSession(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for g.Time() < at-1e-9 {
		g.Tick()
	}
	return g
}

// appOver builds an App over g, drawn by r (nil: nopRenderer), without a
// window.
func appOver(t *testing.T, g *game.Session, cfg Config, r Renderer) *App {
	t.Helper()
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	return appWith(t, g, cfg, r, as)
}

// appWith is appOver with the assets as.
func appWith(t *testing.T, g *game.Session, cfg Config, r Renderer, as *assets.Assets) *App {
	t.Helper()
	if r == nil {
		r = nopRenderer{}
	}
	a, err := NewApp(cfg, g, r, as)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// fakeOdds is an OddsCounter that counts nothing: its report is the
// opening's shape (a squad, five men) of 1000 fights, with a reference
// once Set has a baseline, and it keeps the Sets it was given.
type fakeOdds struct {
	mu     sync.Mutex
	report odds.Odds
	sets   []fakeSet
}

// fakeSet is one Set of a fakeOdds.
type fakeSet struct {
	s, base morale.Settings
	hasBase bool
}

// newFakeOdds returns a fakeOdds of the opening's rows, all counted.
func newFakeOdds() *fakeOdds {
	row := func(name string, share float64) odds.OddsRow {
		return odds.OddsRow{Name: name, Share: share, Lo: share, Hi: share}
	}
	return &fakeOdds{report: odds.Odds{Scenario: "opening", Runs: 1000, Total: 1000,
		Squads: []odds.OddsRow{row("alpha", 1)},
		Men:    []odds.OddsRow{row("Alvarez", 0), row("Brandt", 0), row("Chen", 0), row("Dubois", 0), row("Eriksen", 1)}}}
}

func (f *fakeOdds) Set(s, base morale.Settings, hasBase bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sets = append(f.sets, fakeSet{s.Clone(), base.Clone(), hasBase})
	f.report.Reference = nil
	if hasBase { // the changes are measured: "was" shown
		f.report.Reference = &odds.OddsReference{SettingsHash: "baseline", Runs: f.report.Runs}
	}
	return nil
}

func (f *fakeOdds) Report() odds.Odds {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.report
}

func (f *fakeOdds) Poll(int) bool              { return false }
func (f *fakeOdds) Wait(context.Context) error { return nil }
func (f *fakeOdds) Close()                     {}
