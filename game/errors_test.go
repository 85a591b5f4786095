package game_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// An invalid setting says "invalid settings" once, in morale's words, and is
// still ErrBadSettings to errors.Is; New says it once too.
func TestInvalidSettingsSaidOnce(t *testing.T) {
	bad := morale.DefaultSettings()
	bad.PanicBelow = 0.7
	g := newGame(t, game.DefaultConfig())
	err := g.Apply(game.SetSettings{Settings: bad})
	if !errors.Is(err, game.ErrBadSettings) {
		t.Fatalf("Apply: got %v; want ErrBadSettings", err)
	}
	if got := err.Error(); strings.Count(got, "invalid settings") != 1 || !strings.HasPrefix(got, "morale: invalid settings: ") || !strings.Contains(got, "PanicBelow") {
		t.Errorf("Apply: got %q; want one \"morale: invalid settings: …PanicBelow…\"", got)
	}
	cfg := game.DefaultConfig()
	cfg.Settings = bad
	_, err = game.NewSession(cfg)
	if !errors.Is(err, game.ErrBadSettings) {
		t.Fatalf("New: got %v; want ErrBadSettings", err)
	}
	if got := err.Error(); strings.Count(got, "invalid settings") != 1 || !strings.Contains(got, "PanicBelow") {
		t.Errorf("New: got %q; want \"invalid settings\" once, naming PanicBelow", got)
	}
}

// No report the battle makes is ever refused by the World: minutes of battle,
// crowds, shells, kills and reinforcements leave Err nil.
func TestNoReportRefused(t *testing.T) {
	for _, n := range []int{5, 60} {
		cfg := game.DefaultConfig()
		cfg.Soldiers = n
		g := newGame(t, cfg)
		runUntil(g, 30)
		apply(t, g, game.Reinforce{N: 4})
		apply(t, g, game.Shell{At: morale.Vec2{X: 1500, Y: 1800}})
		for _, s := range soldiers(g) {
			if s.Alive {
				apply(t, g, game.Kill{ID: s.ID})
				break
			}
		}
		runUntil(g, 120)
		if err := g.Battle().Err(); err != nil {
			t.Errorf("%d soldiers: Err() = %v; want nil", n, err)
		}
	}
}
