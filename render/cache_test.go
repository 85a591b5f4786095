package render_test

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
)

// TestCachedFramesMatchFresh draws a battle with one Renderer, lets it run
// on, and checks that the next frame, drawn from that Renderer's caches, is
// the frame a new Renderer draws from scratch: the caches follow the game.
func TestCachedFramesMatchFresh(t *testing.T) {
	needDisplay(t)
	for _, n := range []int{5, 60} {
		cfg := game.DefaultConfig()
		cfg.Soldiers = n
		g, err := game.NewSession(cfg)
		if err != nil {
			t.Fatal(err)
		}
		const w, h = 900, 700
		vp := game.Viewport{X: 10, Y: 10, W: 880, H: 480, Field: g.Field()}
		panel := image.Rect(0, 500, w, h)
		frame := func(r interface {
			DrawField(*ebiten.Image, game.Viewport, game.View)
			DrawTimeline(*ebiten.Image, image.Rectangle, game.View)
		}) *image.RGBA {
			dst := ebiten.NewImage(w, h)
			defer dst.Deallocate()
			r.DrawField(dst, vp, g)
			r.DrawTimeline(dst, panel, g)
			return pixels(dst)
		}
		cached := newRenderer(t)
		for i := 0; i < 4*game.TPS; i++ { // 4 s, a frame every tick
			g.Tick()
			if i%6 == 0 {
				frame(cached)
			}
		}
		// whole samples: the cached timeline is not slid between samples
		game.NewConsole(g).Exec("MoraleBreak.Debug 1")
		for i := 0; i < 3*game.TPS; i++ {
			g.Tick()
		}
		got, want := frame(cached), frame(newRenderer(t))
		// Two fresh Renderers differ in a few pixels already (where sprites
		// land in Ebitengine's atlas changes linear filtering a little), so
		// the test allows small differences in a few pixels; a stale cache
		// (a line not redrawn, a bar of the wrong state) differs by far more.
		diff, worst := 0, 0
		for i := range got.Pix {
			d := int(got.Pix[i]) - int(want.Pix[i])
			worst = max(worst, d, -d)
			if d > 24 || d < -24 {
				diff++
			}
		}
		if diff > 40 {
			t.Errorf("%d soldiers: the cached frame differs from a fresh one in %d bytes by more than 24 (worst %d); want a few at most", n, diff, worst)
		}
	}
}
