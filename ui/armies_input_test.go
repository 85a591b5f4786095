package ui_test

import (
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui"
)

// armiesSession is a new session of the armies scene.
func armiesSession(t *testing.T) *game.Session {
	t.Helper()
	cfg := game.DefaultConfig()
	cfg.Scene = game.SceneArmies
	g, err := game.NewSession(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestRightClickSelectsASquadInTheArmies(t *testing.T) {
	g := armiesSession(t)
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

// The armies get the buttons and keys that work there: no Restart
// opening, no Reinforcements (refused there), no Force rout of a soldier;
// Rally all, Rally selected, Restart battle and the camera instead. R
// rallies once.
func TestArmiesBindingsFitTheScene(t *testing.T) {
	labels := map[string]bool{}
	for _, b := range ui.SceneBindings(game.SceneArmies) {
		labels[b.Label] = true
	}
	for _, no := range []string{"Restart opening", "Reinforcements", "Force rout", "Rally squad"} {
		if labels[no] {
			t.Errorf("the armies have a %q button", no)
		}
	}
	for _, want := range []string{"Rally all", "Rally selected", "Restart battle", "Zoom in", "Zoom out", "Whole field", "Pause", "Save replay"} {
		if !labels[want] {
			t.Errorf("the armies have no %q button", want)
		}
	}
	g := armiesSession(t)
	vp := ui.FieldViewport(ui.ScreenRegions().Field, g.Field())
	it := ui.MapInput(ui.InputState{Scene: game.SceneArmies, Keys: []ebiten.Key{ebiten.KeyR}}, vp, g.Battle())
	if len(it.Commands) != 1 || it.Commands[0] != (game.Rally{}) {
		t.Errorf("R in the armies: %v; want one Rally", it.Commands)
	}
	for _, b := range ui.SceneBindings(game.SceneArmies) {
		if b.Label != "Rally selected" {
			continue
		}
		if c, err := b.Command(ui.Context{Squad: 7}); err != nil || c != (game.RallySquad{ID: 7}) {
			t.Errorf("Rally selected with squad 7: %v, %v; want RallySquad{7}", c, err)
		}
		if _, err := b.Command(ui.Context{}); err == nil {
			t.Error("Rally selected with no squad: no error")
		}
	}
}

// The camera: zoom 1 is the whole field; zoomed, the field point at the
// middle is the centre asked for, kept where the view stays on the field.
func TestCameraViewport(t *testing.T) {
	r := ui.ScreenRegions().Field
	field := morale.Vec2{X: 60000, Y: 34000}
	if got, want := ui.CameraViewport(r, field, 1, morale.Vec2{}), ui.FieldViewport(r, field); got != want {
		t.Errorf("zoom 1: %+v; want the whole field %+v", got, want)
	}
	c := morale.Vec2{X: 20000, Y: 15000}
	vp := ui.CameraViewport(r, field, 4, c)
	mx, my := float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2
	if p := vp.ToWorld(mx, my); math.Abs(p.X-c.X) > 1 || math.Abs(p.Y-c.Y) > 1 {
		t.Errorf("zoom 4 on %v: the middle shows %v", c, p)
	}
	if s, s0 := vp.Scale(), ui.FieldViewport(r, field).Scale(); math.Abs(s/s0-4) > 1e-9 {
		t.Errorf("zoom 4: scale %v; want 4 × %v", s, s0)
	}
	// a centre at the corner is pulled in: the view stays on the field
	vp = ui.CameraViewport(r, field, 4, morale.Vec2{})
	if p := vp.ToWorld(float64(r.Min.X), float64(r.Min.Y)); math.Abs(p.X) > 1 || math.Abs(p.Y) > 1 {
		t.Errorf("zoom 4 on the corner: the view's top-left shows %v; want the field's (0, 0)", p)
	}
}
