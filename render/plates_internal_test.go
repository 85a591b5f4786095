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
	if runtime.GOOS == "linux" && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		t.Skip("needs a display (run under xvfb-run)")
	}
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	r := New(a)
	field := morale.Vec2{X: 4000, Y: 2400}
	vp := game.Viewport{X: 20, Y: 10, W: 800, H: 480, Field: field}
	p := newProjection(vp, field)
	dst := ebiten.NewImage(900, 520)
	shown := p.rect.Intersect(dst.Bounds())
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
