package ui

import (
	"testing"

	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
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
	if r == nil {
		r = nopRenderer{}
	}
	a, err := NewApp(cfg, g, r, as)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
