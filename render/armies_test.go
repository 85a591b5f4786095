package render_test

import (
	"image"
	"image/png"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/render"
)

// TestDrawArmies draws the armies scene with a squad selected: every
// army's men show in their colour where they stand, the selected squad's
// inset of bars shows above it, and the timeline has one line per squad.
func TestDrawArmies(t *testing.T) {
	needDisplay(t)
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	cfg := game.DefaultConfig()
	cfg.Scene = game.SceneArmies
	g, err := game.NewSession(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for range 18 * game.TPS {
		g.Tick()
	}
	squads := g.Scene().(*game.Armies).AppendSquads(nil)
	sel := squads[37] // army 1, second line: the inset lies above it
	if err := g.Apply(game.SelectSquad{ID: sel.ID}); err != nil {
		t.Fatal(err)
	}
	const w, h = 900, 720
	dst := ebiten.NewImage(w, h)
	r := render.New(a)
	vp := game.Viewport{X: 12, Y: 12, W: 876, H: 496, Field: g.Field()}
	r.DrawField(dst, vp, g)
	r.DrawTimeline(dst, image.Rect(0, 520, 900, 720), g)
	px := pixels(dst)
	if path := os.Getenv("ARMIES_PNG"); path != "" { // to look at it
		f, err := os.Create(path)
		if err == nil {
			err = png.Encode(f, px)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	// a living man of each army is drawn in a colour of his own, not the ground's
	ground := px.RGBAAt(int(vp.X)+3, int(vp.Y)+3)
	for side := range 2 {
		found := false
		for _, m := range g.Scene().(*game.Armies).AppendMen(nil) {
			if m.Alive && m.Side == side {
				x, y := vp.ToScreen(m.Pos)
				if c := px.RGBAAt(int(x), int(y)); c != ground {
					found = true
					break
				}
			}
		}
		if !found {
			t.Errorf("army %d: no living man drawn off the ground colour %v", side, ground)
		}
	}
	// the inset's trough and bars: many bar-coloured pixels above the squad
	x, y := vp.ToScreen(sel.Anchor)
	bars := 0
	for yy := int(y) - 110; yy < int(y)-30; yy++ {
		for xx := int(x) - 90; xx < int(x)+90; xx++ {
			c := px.RGBAAt(xx, yy)
			for _, st := range []uint8{0, 1, 2, 3} {
				if sc := render.StateColor(stateOf(st)); c.R == sc.R && c.G == sc.G && c.B == sc.B {
					bars++
				}
			}
		}
	}
	if bars < 100 {
		t.Errorf("inset above the selected squad: %d pixels in state colours; want its men's bars (≥ 100)", bars)
	}
}

func stateOf(i uint8) morale.State { return morale.State(i) }

// Each army's broken men keep a colour of their own: the routers of one
// army can be told from the other's, and from its steady men.
func TestArmyStateColorsDiffer(t *testing.T) {
	for _, st := range []morale.State{morale.Panicked, morale.Routed} {
		if a, b := render.ArmyStateColor(0, st), render.ArmyStateColor(1, st); a == b {
			t.Errorf("%v: both armies %v", st, a)
		}
		for side := range 2 {
			if c := render.ArmyStateColor(side, st); c == render.SideColor(side) || c == render.SideColor(1-side) {
				t.Errorf("army %d %v: %v, an army's own colour", side+1, st, c)
			}
		}
	}
	if render.ArmyStateColor(0, morale.Panicked) == render.ArmyStateColor(0, morale.Routed) {
		t.Error("army 1: panicked and routed the same colour")
	}
}

// TestArmyHUDLineCountsSquadsInEnglish: an army with one squad routed read
// '1 squads routed' at the foot of the field (-scene armies -scale 1.25 at
// 20 s, army 2).
func TestArmyHUDLineCountsSquadsInEnglish(t *testing.T) {
	for _, c := range []struct {
		side, alive, broken, fallen, routed int
		want                                string
	}{
		{1, 4910, 700, 90, 1, "Army 2: 4910 men, 700 broken, 90 fallen, 1 squad routed"},
		{0, 4851, 2211, 149, 9, "Army 1: 4851 men, 2211 broken, 149 fallen, 9 squads routed"},
		{0, 5000, 0, 0, 0, "Army 1: 5000 men, 0 broken, 0 fallen, 0 squads routed"},
	} {
		if got := render.ArmyHUDLine(c.side, c.alive, c.broken, c.fallen, c.routed); got != c.want {
			t.Errorf("got %q; want %q", got, c.want)
		}
	}
}

// TestArmyInsetHoldsItsTitle: the selected squad's inset was as wide as
// its ten bars (168 px), and its title ('Squad 6 (army 1) · mostly Routed
// · 90 of 90 broken') ran on past its right edge over the field, at every
// scale (-scene armies -scale 0.6).
func TestArmyInsetHoldsItsTitle(t *testing.T) {
	needDisplay(t)
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	r := render.New(a)
	for _, s := range []game.SquadView{
		{ID: 6, Side: 0, State: morale.Routed, Stats: morale.SquadStats{Broken: 90, Count: 90}},
		{ID: 100, Side: 1, State: morale.Panicked, Stats: morale.SquadStats{Broken: 100, Count: 100}},
		{ID: 1, Side: 0, State: morale.Steady, Stats: morale.SquadStats{Count: 100}},
	} {
		if inset, title := r.ArmyInsetFits(s); title+8 > inset {
			t.Errorf("squad %d: got an inset %.0f px wide; want at least its title's %.0f px and margins (8)", s.ID, inset, title)
		}
	}
}
