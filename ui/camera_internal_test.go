package ui

import (
	"image"
	"math"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// The armies' camera as a user drives it: the wheel zooms about the point
// under the cursor, which stays under it; a middle drag pans; the arrows
// pan; Home shows the whole field again.
func TestCameraInput(t *testing.T) {
	r := ScreenRegions().Field
	field := morale.Vec2{X: 60000, Y: 34000}
	var c camera
	cur := image.Pt(300, 200)
	before := c.viewport(r, field).ToWorld(float64(cur.X), float64(cur.Y))
	c.input(InputState{X: cur.X, Y: cur.Y, WheelY: 3}, r, field, 0, false)
	vp := c.viewport(r, field)
	if c.zoom <= 1.9 {
		t.Fatalf("3 notches of the wheel: zoom %v; want about %v", c.zoom, math.Pow(zoomStep, 3))
	}
	if after := vp.ToWorld(float64(cur.X), float64(cur.Y)); after.Dist(before) > 20 {
		t.Errorf("zoomed about the cursor: it showed %v, now %v", before, after)
	}
	// a middle drag of 50 px to the right moves the field with it
	at := vp.ToWorld(400, 300)
	c.input(InputState{X: 400, Y: 300, MiddleHeld: true}, r, field, 0, false)
	c.input(InputState{X: 450, Y: 300, MiddleHeld: true}, r, field, 0, false)
	c.input(InputState{X: 450, Y: 300}, r, field, 0, false)
	if got := c.viewport(r, field).ToWorld(450, 300); got.Dist(at) > 20 {
		t.Errorf("after a middle drag: the point %v is at %v under the cursor", at, got)
	}
	x0 := c.center.X
	c.input(InputState{X: -1, Y: -1, PanX: 1}, r, field, 0, false)
	if c.center.X <= x0 {
		t.Errorf("arrow right: centre %v; want it right of %v", c.center.X, x0)
	}
	c.input(InputState{}, r, field, 0, true)
	if c.viewport(r, field) != FieldViewport(r, field) {
		t.Error("Home: not the whole field")
	}
	// the zoom stops at its limits
	for range 40 {
		c.input(InputState{X: -1, Y: -1}, r, field, 1, false)
	}
	if c.zoom != MaxZoom {
		t.Errorf("zoomed in a lot: %v; want MaxZoom %v", c.zoom, MaxZoom)
	}
	for range 40 {
		c.input(InputState{X: -1, Y: -1}, r, field, -1, false)
	}
	if c.zoom != 1 {
		t.Errorf("zoomed out a lot: %v; want 1", c.zoom)
	}
}

// The armies' panel says which squad is selected: its name, army, average
// and how many of its men broke.
func TestArmiesSelectionLine(t *testing.T) {
	a := sceneApp(t, Config{}, game.SceneArmies)
	if err := a.Sync(); err != nil {
		t.Fatal(err)
	}
	if got := a.w.selText.Label; !strings.Contains(got, "right-click a squad") {
		t.Errorf("nothing selected: %q", got)
	}
	a.cycleSelection(+1)
	if err := a.Sync(); err != nil {
		t.Fatal(err)
	}
	got := a.w.selText.Label
	for _, want := range []string{"Squad 1 (army 1)", "average 1.00", "0 of 100 broken"} {
		if !strings.Contains(got, want) {
			t.Errorf("squad 1 selected: %q; want it to say %q", got, want)
		}
	}
	a.cycleSelection(-1)
	a.cycleSelection(-1)
	if err := a.Sync(); err != nil {
		t.Fatal(err)
	}
	if got := a.w.selText.Label; !strings.Contains(got, "(army 2)") {
		t.Errorf("Prev from the first squad: %q; want the last, of army 2", got)
	}
}

// The armies' selected squad gets the Why of its men, placed off the squad.
func TestArmiesSquadWhyPanel(t *testing.T) {
	g := sessionAt(t, game.SceneArmies, 10)
	a := whyAppOf(t, g, "")
	sq := g.Scene().(*game.Armies).AppendSquads(nil)[3]
	a.apply(game.SelectSquad{ID: sq.ID})
	for g.Time() < 16 {
		g.Tick()
	}
	a.inspect()
	for _, want := range []string{"Squad 4 (army 1)", "since 10.00 s (selected)", "men", "AllyDown"} {
		if !strings.Contains(a.why.text, want) {
			t.Errorf("squad Why panel %q; want it to contain %q", a.why.text, want)
		}
	}
	vp := a.viewport()
	x, y := vp.ToScreen(sq.Anchor)
	if image.Pt(int(x), int(y)).In(a.why.rect) {
		t.Errorf("the panel %v covers its squad at (%.0f, %.0f)", a.why.rect, x, y)
	}
	a.shell.Select(0, false)
	a.con.Run("MoraleBreak.Why")
	if got := a.con.Output(1)[0]; !strings.HasPrefix(got, "Squad 4 (army 1) since 10.00 s") {
		t.Errorf("MoraleBreak.Why in the armies: %q; want the squad's Why", got)
	}
}
