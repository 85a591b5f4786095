package render

import (
	"image"
	"os"
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// A man inside the field has his plate whole inside it: reinforcements
// arriving at its left edge had theirs cut by it ("teady · nerve 0.28"),
// their name's first letters and the state's gone, since no place around
// them was both inside and clear of the men beside them. A plate moved
// into the field keeps off its own man and is tied to him by its line.
func TestPlatesStayInTheField(t *testing.T) {
	r, p, dst, shown := plateField(t)
	var men []game.SoldierView
	for i, at := range []morale.Vec2{{X: 90, Y: 900}, {X: 90, Y: 1000}, {X: 90, Y: 1100}, {X: 2000, Y: 60}, {X: 3950, Y: 2350}, {X: 2000, Y: 1200}} {
		men = append(men, game.SoldierView{ID: i, Name: "Fischer", Pos: at, Alive: true, Nerve: 0.28})
	}
	r.drawPlates(dst, p, men, float32(r.unitPx(p)), morale.DefaultSettings(), morale.Vec2{X: 300, Y: 1200}, false)
	half := int(r.unitPx(p) * 0.5)
	for i, pl := range r.plates {
		x, y := int(pl.x), int(pl.y)
		him := image.Rect(x-half, y-half, x+half, y+half)
		if !pl.block.In(shown) || pl.plateRect().Overlaps(him) {
			t.Errorf("man %d at (%d, %d): plate block %v; want it inside the field %v and off him %v", i, x, y, pl.block, shown, him)
		}
		if above := pl.block.Max.Y <= y-half && pl.block.Min.X == x-pl.block.Dx()/2; !above && !pl.moved {
			t.Errorf("man %d: plate at %v, away from its place above him, but not tied to him", i, pl.block)
		}
	}
}

// No plate covers another's text: in a crowded corner, a plate moved into
// the field slid over a neighbour's (Garcia's over the "E" of Eriksen's,
// seen playing the opening with reinforcements), since covering a plate
// was only a cost beside the others. A place that covers none now beats
// any that covers one, and a crowd with none free near a man finds one
// farther out.
func TestPlatesNeverCoverAPlate(t *testing.T) {
	r, p, dst, shown := plateField(t)
	names := []string{"Eriksen", "Garcia", "Fischer", "Horvat"}
	for _, tc := range []struct {
		name string
		men  []morale.Vec2
	}{
		{"two in the top-left corner", []morale.Vec2{{X: 390, Y: 200}, {X: 230, Y: 150}}},
		{"four at the left edge", []morale.Vec2{{X: 635, Y: 350}, {X: 85, Y: 200}, {X: 155, Y: 320}, {X: 215, Y: 315}}},
		{"three at the bottom edge", []morale.Vec2{{X: 495, Y: 1890}, {X: 305, Y: 2115}, {X: 460, Y: 2300}}},
		{"four at the top edge", []morale.Vec2{{X: 520, Y: 75}, {X: 480, Y: 475}, {X: 635, Y: 60}, {X: 615, Y: 375}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var men []game.SoldierView
			for i, at := range tc.men {
				men = append(men, game.SoldierView{ID: i + 4, Name: names[i], Pos: at, Alive: true, Nerve: 0.57})
			}
			r.drawPlates(dst, p, men, float32(r.unitPx(p)), morale.DefaultSettings(), morale.Vec2{X: -1e9, Y: -1e9}, false)
			for i, pl := range r.plates {
				if !pl.block.In(shown) {
					t.Errorf("%s's plate at %v; want it inside the field %v", pl.s.Name, pl.block, shown)
				}
				for _, o := range r.plates[:i] {
					if pl.block.Overlaps(o.block) {
						t.Errorf("%s's plate at %v covers %s's at %v; want them apart", pl.s.Name, pl.block, o.s.Name, o.block)
					}
				}
			}
		})
	}
}

// plateField returns, for a plates test, a renderer, the projection of a
// 40 m × 24 m field onto an 800 × 480 view at (20, 10), an image to draw on
// and the part of it the field shows. It skips the test without a display.
func plateField(t *testing.T) (*Renderer, projection, *ebiten.Image, image.Rectangle) {
	t.Helper()
	if runtime.GOOS == "linux" && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		t.Skip("needs a display (run under xvfb-run)")
	}
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	field := morale.Vec2{X: 4000, Y: 2400}
	p := newProjection(game.Viewport{X: 20, Y: 10, W: 800, H: 480, Field: field}, field)
	dst := ebiten.NewImage(900, 520)
	return New(a), p, dst, p.rect.Intersect(dst.Bounds())
}
