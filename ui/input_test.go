package ui_test

import (
	"image"
	"math"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui"
)

func newGame(t *testing.T) (*game.Session, game.Viewport) {
	t.Helper()
	g, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatalf("game.NewSession: %v", err)
	}
	return g, ui.FieldViewport(ui.ScreenRegions().Field, g.Field())
}

// openGround finds a screen pixel on the field with no soldier under it.
func openGround(t *testing.T, g *game.Session, vp game.Viewport) (int, int) {
	t.Helper()
	f := ui.ScreenRegions().Field
	for y := f.Min.Y + 40; y < f.Max.Y-40; y += 17 {
		for x := f.Min.X + 40; x < f.Max.X-40; x += 23 {
			p := vp.ToWorld(float64(x), float64(y))
			if p.X < 0 || p.Y < 0 || p.X > g.Field().X || p.Y > g.Field().Y {
				continue
			}
			if _, hit := g.Battle().SoldierAt(p); !hit {
				return x, y
			}
		}
	}
	t.Fatal("no open ground on the field")
	return 0, 0
}

func TestMapInputClickOnSoldierKillsHim(t *testing.T) {
	g, vp := newGame(t)
	for _, s := range g.Scene().(*game.Opening).Soldiers() {
		x, y := vp.ToScreen(s.Pos)
		it := ui.MapInput(ui.InputState{X: int(math.Round(x)), Y: int(math.Round(y)), LeftClick: true}, vp, g.Battle())
		want := []game.Command{game.Kill{ID: s.ID}}
		if !slices.Equal(it.Commands, want) {
			t.Errorf("click on %s at (%.0f, %.0f): got %#v; want %#v", s.Name, x, y, it.Commands, want)
		}
	}
	// And the command does what it says, without a window.
	s := g.Scene().(*game.Opening).Soldiers()[1]
	x, y := vp.ToScreen(s.Pos)
	for _, c := range ui.MapInput(ui.InputState{X: int(math.Round(x)), Y: int(math.Round(y)), LeftClick: true}, vp, g.Battle()).Commands {
		if err := g.Apply(c); err != nil {
			t.Fatalf("Apply(%#v): %v", c, err)
		}
	}
	if g.Scene().(*game.Opening).Soldiers()[1].Alive {
		t.Errorf("%s is still alive after the click", s.Name)
	}
}

func TestMapInputClickOnGroundShells(t *testing.T) {
	g, vp := newGame(t)
	x, y := openGround(t, g, vp)
	it := ui.MapInput(ui.InputState{X: x, Y: y, LeftClick: true}, vp, g.Battle())
	if len(it.Commands) != 1 {
		t.Fatalf("click on ground: got %#v; want one Shell", it.Commands)
	}
	sh, ok := it.Commands[0].(game.Shell)
	if !ok {
		t.Fatalf("click on ground: got %#v; want a game.Shell", it.Commands[0])
	}
	want := vp.ToWorld(float64(x), float64(y))
	if math.Abs(sh.At.X-want.X) > 1e-6 || math.Abs(sh.At.Y-want.Y) > 1e-6 {
		t.Errorf("shell at %v; want %v", sh.At, want)
	}
}

func TestMapInputIgnoresClicksOnWidgetsAndOffField(t *testing.T) {
	g, vp := newGame(t)
	s := g.Scene().(*game.Opening).Soldiers()[0]
	x, y := vp.ToScreen(s.Pos)
	if it := ui.MapInput(ui.InputState{X: int(x), Y: int(y), LeftClick: true, UIHovered: true}, vp, g.Battle()); len(it.Commands) != 0 {
		t.Errorf("click over a widget: got %#v; want nothing", it.Commands)
	}
	p := ui.ScreenRegions().Panel
	if it := ui.MapInput(ui.InputState{X: p.Min.X + 50, Y: 300, LeftClick: true}, vp, g.Battle()); len(it.Commands) != 0 {
		t.Errorf("click on the panel area: got %#v; want nothing", it.Commands)
	}
	tl := ui.ScreenRegions().Timeline
	if it := ui.MapInput(ui.InputState{X: tl.Min.X + 100, Y: tl.Max.Y - 10, LeftClick: true}, vp, g.Battle()); len(it.Commands) != 0 {
		t.Errorf("click on the timeline: got %#v; want nothing", it.Commands)
	}
	if it := ui.MapInput(ui.InputState{X: int(x), Y: int(y)}, vp, g.Battle()); len(it.Commands) != 0 {
		t.Errorf("no click: got %#v; want nothing", it.Commands)
	}
}

func TestMapInputRightClickSelects(t *testing.T) {
	g, vp := newGame(t)
	s := g.Scene().(*game.Opening).Soldiers()[2]
	x, y := vp.ToScreen(s.Pos)
	it := ui.MapInput(ui.InputState{X: int(math.Round(x)), Y: int(math.Round(y)), RightClick: true}, vp, g.Battle())
	if !it.Select || it.SelectID != s.ID || len(it.Commands) != 0 {
		t.Errorf("right-click on %s: got %+v; want Select %d and no command", s.Name, it, s.ID)
	}
	gx, gy := openGround(t, g, vp)
	if it := ui.MapInput(ui.InputState{X: gx, Y: gy, RightClick: true}, vp, g.Battle()); !it.Deselect || len(it.Commands) != 0 {
		t.Errorf("right-click on ground: got %+v; want Deselect and no command", it)
	}
}

func TestMapInputKeys(t *testing.T) {
	g, vp := newGame(t)
	cases := []struct {
		name string
		in   ui.InputState
		want []game.Command
	}{
		{"space pauses", ui.InputState{Keys: []ebiten.Key{ebiten.KeySpace}}, []game.Command{game.Pause{Paused: true}}},
		{"space resumes", ui.InputState{Context: ui.Context{Paused: true}, Keys: []ebiten.Key{ebiten.KeySpace}}, []game.Command{game.Pause{Paused: false}}},
		{"N steps", ui.InputState{Keys: []ebiten.Key{ebiten.KeyN}}, []game.Command{game.Step{}}},
		{"3 is x4", ui.InputState{Keys: []ebiten.Key{ebiten.KeyDigit3}}, []game.Command{game.SetSpeed{Factor: 4}}},
		{"console swallows keys", ui.InputState{ConsoleOpen: true, Keys: []ebiten.Key{ebiten.KeySpace, ebiten.KeyN}}, nil},
	}
	for _, c := range cases {
		if got := ui.MapInput(c.in, vp, g.Battle()).Commands; !slices.Equal(got, c.want) {
			t.Errorf("%s: got %#v; want %#v", c.name, got, c.want)
		}
	}
	if it := ui.MapInput(ui.InputState{Keys: []ebiten.Key{ebiten.KeyBackquote}}, vp, g.Battle()); !it.ToggleConsole || len(it.Commands) != 0 {
		t.Errorf("backquote: got %+v; want ToggleConsole only", it)
	}
}

func TestFieldViewportFitsTheFieldRegion(t *testing.T) {
	r := ui.ScreenRegions().Field
	field := morale.Vec2{X: 6000, Y: 3600}
	vp := ui.FieldViewport(r, field)
	for _, p := range []morale.Vec2{{}, field, {X: 3000, Y: 1800}} {
		x, y := vp.ToScreen(p)
		if x < float64(r.Min.X) || y < float64(r.Min.Y) || x > float64(r.Max.X) || y > float64(r.Max.Y) {
			t.Errorf("field point %v is drawn at (%.1f, %.1f), outside the field region %v", p, x, y, r)
		}
		back := vp.ToWorld(x, y)
		if math.Abs(back.X-p.X) > 1e-6 || math.Abs(back.Y-p.Y) > 1e-6 {
			t.Errorf("ToWorld(ToScreen(%v)) = %v", p, back)
		}
	}
}

func TestRegionsNamed(t *testing.T) {
	reg := ui.ScreenRegions()
	for _, tc := range []struct {
		name string
		want image.Rectangle
		ok   bool
	}{
		{"field", reg.Field, true},
		{"timeline", reg.Timeline, true},
		{"panel", reg.Panel, true},
		{"", image.Rectangle{}, false},
		{"Timeline", image.Rectangle{}, false},
	} {
		got, ok := reg.Named(tc.name)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Named(%q) = %v, %v; want %v, %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}
