package render

import (
	"image"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// A crowd's bars cover neither one another nor a man's body: a line of
// men closer than their bars are tall gets them beside it, every one; a
// packed block leaves some out, never a broken man's; the dead get none.
func TestCrowdBarsDeclutter(t *testing.T) {
	vp := game.Viewport{W: 1000, H: 1000, Field: morale.Vec2{X: 1000, Y: 1000}} // 1 px a cm
	p := newProjection(vp, vp.Field)
	man := func(x, y float64, st morale.State) game.SoldierView {
		return game.SoldierView{Alive: true, Pos: morale.Vec2{X: x, Y: y}, State: st}
	}
	var line, block []game.SoldierView
	for i := range 8 {
		line = append(line, man(500, 300+14*float64(i), morale.Steady))
	}
	for i := range 25 {
		st := morale.Steady
		if i == 24 {
			st = morale.Routed
		}
		block = append(block, man(400+10*float64(i%5), 400+10*float64(i/5), st))
	}
	dead := append([]game.SoldierView{{Pos: morale.Vec2{X: 100, Y: 100}}}, man(300, 100, morale.Steady))
	for _, tc := range []struct {
		name     string
		men      []game.SoldierView
		min, max int // bars placed
		must     []int
	}{
		{"a line 14 px apart", line, 8, 8, nil},
		{"a packed block, the last man routed", block, 1, 24, []int{24}},
		{"a dead man and a living one", dead, 1, 1, []int{1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c crowdBars
			c.place(p, tc.men, 22)
			if n := len(c.bars); n < tc.min || n > tc.max {
				t.Errorf("got %d bars; want %d..%d", n, tc.min, tc.max)
			}
			has := map[int]bool{}
			for k, b := range c.bars {
				has[b.i] = true
				if !tc.men[b.i].Alive {
					t.Errorf("got a bar for dead man %d; want none", b.i)
				}
				for _, o := range c.bars[k+1:] {
					if b.r.Overlaps(o.r) {
						t.Errorf("got bars of men %d %v and %d %v overlapping; want apart", b.i, b.r, o.i, o.r)
					}
				}
				for _, body := range c.bodies {
					if b.r.Overlaps(body) {
						t.Errorf("got man %d's bar %v over a body %v; want clear", b.i, b.r, body)
					}
				}
				if b.r.Size() != image.Pt(compactBarW, compactBarH) {
					t.Errorf("got man %d's bar %v; want %d×%d", b.i, b.r, compactBarW, compactBarH)
				}
			}
			for _, i := range tc.must {
				if !has[i] {
					t.Errorf("got no bar for man %d; want one", i)
				}
			}
		})
	}
}
