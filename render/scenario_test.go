package render_test

import (
	"bytes"
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/render"
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

// twoSquadFight is a lab fight of two squads of four under fire, played
// for 10 s: some of its men have changed state.
func twoSquadFight(t *testing.T) *game.Session {
	t.Helper()
	sc := &game.ScenarioConfig{Name: "bands", Duration: 30, Squads: []game.ScenarioSquad{
		{Name: "a", Size: 4, Formation: "line", At: morale.Vec2{X: 1500, Y: 1000}, Spacing: 150, Morale: 1},
		{Name: "b", Size: 4, Formation: "line", At: morale.Vec2{X: 1500, Y: 1800}, Spacing: 150, Morale: 0.7},
	}, Events: []game.ScenarioEvent{
		{T: 0.5, Do: "event", Event: morale.Suppressed, At: morale.Vec2{X: 1500, Y: 1400}, HasAt: true, Spread: 500,
			Radius: 800, Scale: 1, Every: 1, Until: 30, Jitter: 0.5, Count: 1},
	}}
	g, err := game.NewSession(game.Config{Scene: game.SceneScenario, Scenario: sc, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for g.Time() < 10 {
		g.Tick()
	}
	return g
}

// A lab fight's timeline draws its squads' bands and averages, and a
// selected man's line (white) only while he is selected; a frame drawn
// twice is the same frame.
func TestScenarioTimelineSelection(t *testing.T) {
	needDisplay(t)
	g := twoSquadFight(t)
	r := newRenderer(t)
	rect := image.Rect(0, 0, 900, 240)
	plot := render.TimelinePlot(rect).Inset(2)
	white := func(sel int) (int, []byte) {
		r.SelectInTimeline(sel)
		dst := ebiten.NewImage(rect.Dx(), rect.Dy())
		r.DrawTimeline(dst, rect, g)
		px := pixels(dst)
		n := 0
		for y := plot.Min.Y; y < plot.Max.Y; y++ {
			for x := plot.Min.X; x < plot.Max.X; x++ {
				if c := px.RGBAAt(x, y); c.R > 235 && c.G > 235 && c.B > 235 {
					n++
				}
			}
		}
		return n, px.Pix
	}
	for _, tc := range []struct {
		name    string
		sel     int
		atLeast int // white pixels in the plot
		atMost  int
	}{
		{"none selected", -1, 0, 0},
		{"man 5 selected", 5, 200, 1 << 30},
		{"selection gone", -1, 0, 0},
	} {
		n, first := white(tc.sel)
		if n < tc.atLeast || n > tc.atMost {
			t.Errorf("%s: got %d white pixels in the plot; want %d to %d", tc.name, n, tc.atLeast, tc.atMost)
		}
		if _, again := white(tc.sel); !bytes.Equal(first, again) {
			t.Errorf("%s: a frame drawn twice differs; want the same pixels", tc.name)
		}
	}
}

// A lab fight's timeline tooltip speaks of a state change only where it
// draws a marker: for the selected man's squad's men, never for the others
// or with no man selected.
func TestScenarioTooltipOnlyOnMarkers(t *testing.T) {
	g := twoSquadFight(t)
	r := newRenderer(t)
	rect := image.Rect(0, 0, 900, 240)
	plot := render.TimelinePlot(rect)
	// a place on the plot with a state change under it, any man's
	var c game.Change
	var at image.Point
	found := false
	for y := plot.Min.Y; y < plot.Max.Y && !found; y++ {
		for x := plot.Min.X; x < plot.Max.X && !found; x += 2 {
			c, found = render.MarkerAt(plot, g.Time(), g.History(), x, y)
			at = image.Pt(x, y)
		}
	}
	if !found {
		t.Fatal("no state change in the fight's first 10 s; want one to hover")
	}
	squadOf := g.Scene().(*game.Scenario).AppendSquadOf(nil)
	other := -1 // a man of the other squad
	for id, k := range squadOf {
		if k != squadOf[c.ID] {
			other = id
			break
		}
	}
	for _, tc := range []struct {
		name string
		sel  int
		want bool // a tooltip
	}{
		{"no man selected", -1, false},
		{"a man of the other squad selected", other, false},
		{"the man who changed selected", c.ID, true},
	} {
		r.SelectInTimeline(tc.sel)
		got := r.TimelineTooltip(rect, g, at.X, at.Y)
		if (got != "") != tc.want {
			t.Errorf("%s: got tooltip %q over %v's change at %v; want one: %v", tc.name, got, c, at, tc.want)
		}
	}
}
