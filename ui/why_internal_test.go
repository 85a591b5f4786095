package ui

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
)

// newWhyApp builds an App over the opening played to 11 s (Eriksen routed
// at 10.5 s), selecting sel.
func newWhyApp(t *testing.T, sel string) (*App, *game.Session, error) {
	t.Helper()
	g, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	for g.Time() < 11-1e-9 {
		g.Tick()
	}
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewApp(Config{Select: sel}, g, nopRenderer{}, as)
	return a, g, err
}

func TestSelectByName(t *testing.T) {
	if _, _, err := newWhyApp(t, "Nobody"); err == nil || !errors.Is(err, ErrUnknownSoldier) || !strings.Contains(err.Error(), `no soldier "Nobody"`) || !strings.Contains(err.Error(), "Eriksen") {
		t.Errorf("Select Nobody: err = %v; want one naming Nobody and listing the soldiers", err)
	}
	a, g, err := newWhyApp(t, "eriksen")
	if err != nil {
		t.Fatal(err)
	}
	if id, ok := a.shell.Selected(); !ok || !a.hasSelected || a.selected != id || g.Scene().(*game.Opening).Soldiers()[id].Name != "Eriksen" {
		t.Errorf("Select eriksen: app %d/%v, game %d/%v; want Eriksen selected in both", a.selected, a.hasSelected, id, ok)
	}
}

// MoraleBreak.Why without a name explains the soldier selected in the App,
// after the selection changes too.
func TestConsoleWhyFollowsTheSelection(t *testing.T) {
	a, _, err := newWhyApp(t, "Eriksen")
	if err != nil {
		t.Fatal(err)
	}
	a.con.Run("MoraleBreak.Why")
	if got := strings.Join(a.con.Output(consoleKeepAll), "\n"); !strings.Contains(got, "Eriksen: Routed at 10.50 s: Panicked for 3.50 s (RoutAfterSeconds 3.5)") {
		t.Errorf("console after MoraleBreak.Why with Eriksen selected: %q; want his sentence", got)
	}
	a.cycleSelection(+1) // Eriksen is the last: round to the first, Alvarez, who fell
	a.con.Run("MoraleBreak.Why")
	if got := a.con.Output(1)[0]; !strings.HasPrefix(got, "Alvarez is dead (fell at 5.00 s)") {
		t.Errorf("after Next >: %q; want Alvarez's explanation as he fell", got)
	}
}

// TestSelectInTheArmiesSaysTheyHaveNoNames: '-scene armies -select x' said
// 'no soldier "x" (soldiers: )', an empty list.
func TestSelectInTheArmiesSaysTheyHaveNoNames(t *testing.T) {
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, want string }{
		{"x", `-select: no such soldier: no soldier "x": the armies scene's men have no names (right-click a squad to select it)`},
		{"Eriksen", `-select: no such soldier: no soldier "Eriksen": the armies scene's men have no names (right-click a squad to select it)`},
	} {
		cfg := game.DefaultConfig()
		cfg.Scene = game.SceneArmies
		g, err := game.NewSession(cfg)
		if err != nil {
			t.Fatal(err)
		}
		_, err = NewApp(Config{Select: c.name}, g, nopRenderer{}, as)
		if err == nil || !errors.Is(err, ErrUnknownSoldier) || err.Error() != c.want {
			t.Errorf("got %v; want %s", err, c.want)
		}
	}
}

// TestSquadLineSaysTheWhyPanelsAverage: with squad 32 of the armies
// selected, the panel's line read 'average 0.91' at 14.9 s while the Why
// panel beside it read 'average 0.82' (the line took the last combat
// round's stats, the panel the men's morale now). Every frame of the
// battle's first volleys, the two say the same average.
func TestSquadLineSaysTheWhyPanelsAverage(t *testing.T) {
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	cfg := game.DefaultConfig()
	cfg.Scene = game.SceneArmies
	g, err := game.NewSession(cfg)
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewApp(Config{}, g, nopRenderer{}, as)
	if err != nil {
		t.Fatal(err)
	}
	av := g.Scene().(*game.Armies)
	if err := g.Apply(game.SelectSquad{ID: 32}); err != nil {
		t.Fatal(err)
	}
	bad := 0
	for g.Time() < 15.5 {
		g.Tick()
		if g.Time() < 12 {
			continue
		}
		x, ok := av.SquadWhy()
		if !ok {
			t.Fatal("no SquadWhy with squad 32 selected")
		}
		want := fmt.Sprintf("average %.2f", x.Average)
		if got := a.squadLine(av); !strings.Contains(got, want) && bad < 3 {
			bad++
			t.Errorf("at %.2f s: got %q; want %q, as the Why panel", g.Time(), got, want)
		}
	}
}
