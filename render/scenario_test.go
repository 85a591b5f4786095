package render_test

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// The scenario scene's clock stands in the top-left corner of its field,
// inside the viewport, as in the opening: not at the clip's corner, where
// the field's margin cut it off.
func TestScenarioClockInsideField(t *testing.T) {
	needDisplay(t)
	sc := &game.ScenarioConfig{Name: "clock", Duration: 30, Squads: []game.ScenarioSquad{
		{Name: "a", Size: 4, Formation: "line", At: morale.Vec2{X: 1500, Y: 1000}, Spacing: 150, Morale: 1},
	}}
	g, err := game.NewSession(game.Config{Scene: game.SceneScenario, Scenario: sc, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	dst := ebiten.NewImage(900, 520) // the App's field region; the viewport has margins
	vp := game.Viewport{X: 37, Y: 12, W: 826, H: 496, Field: g.Field()}
	newRenderer(t).DrawField(dst, vp, g)
	px := pixels(dst)
	lum := func(x, y int) int {
		c := px.RGBAAt(x, y)
		return int(c.R) + int(c.G) + int(c.B)
	}
	// the plate's lower-left inside (its text starts further right, higher)
	plate, ground := lum(int(vp.X)+11, int(vp.Y)+23), lum(int(vp.X)+11, int(vp.Y)+60)
	if plate >= ground*2/3 {
		t.Errorf("at the field's top-left corner: luminance %d, the ground's %d; want the clock's dark plate", plate, ground)
	}
}
