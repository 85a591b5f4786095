package ui_test

import (
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/ui"
)

func TestRightClickSelectsASquadInTheArmies(t *testing.T) {
	cfg := game.DefaultConfig()
	cfg.Scene = game.SceneArmies
	g, err := game.NewSession(cfg)
	if err != nil {
		t.Fatal(err)
	}
	vp := ui.FieldViewport(ui.ScreenRegions().Field, g.Field())
	sq := g.Scene().(*game.Armies).AppendSquads(nil)[12]
	x, y := vp.ToScreen(sq.Anchor)
	it := ui.MapInput(ui.InputState{X: int(x), Y: int(y), RightClick: true}, vp, g.Battle())
	var got []game.Command
	for _, c := range it.Commands {
		if s, ok := c.(game.SelectSquad); ok {
			got = append(got, s)
		}
	}
	if len(got) != 1 || got[0] != (game.SelectSquad{ID: sq.ID}) {
		t.Errorf("right click on squad %d: commands %v; want one SelectSquad{%d}", sq.ID, it.Commands, sq.ID)
	}

	// the opening has no squads: a right click gives no SelectSquad
	op, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	vp = ui.FieldViewport(ui.ScreenRegions().Field, op.Field())
	it = ui.MapInput(ui.InputState{X: 100, Y: 100, RightClick: true}, vp, op.Battle())
	for _, c := range it.Commands {
		if _, ok := c.(game.SelectSquad); ok {
			t.Errorf("right click in the opening: %v; want no SelectSquad", it.Commands)
		}
	}
}
