package render_test

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/render"
)

// BenchmarkDrawWhy: ticks and frames of the Why panel, the soldier and his
// state unchanged, as the demo lays it out (Update) and draws it: from the
// cached image, its content refreshed when what it explains changed or
// every whyRefresh ticks (its image only if the text changed; paused
// here, so it has not). Each frame is flushed to the
// GPU.
func BenchmarkDrawWhy(b *testing.B) {
	if noDisplay != "" {
		b.Skip(noDisplay)
	}
	g, id := whyGame(b)
	r := benchRenderer(b)
	dst := ebiten.NewImage(1280, 720)
	field := image.Rect(0, 0, 900, 520)
	r.LayoutWhy(field, g, id)
	r.DrawWhy(dst)
	flush(dst)
	b.ResetTimer()
	for range b.N {
		r.LayoutWhy(field, g, id)
		r.DrawWhy(dst)
		flush(dst)
	}
	flush(dst)
}

// BenchmarkBuildWhy: the panel rebuilt every frame (another soldier each
// time), the worst case; the demo rebuilds when what the panel explains
// changed (at most once a World step) or twice a second. Each
// frame is flushed to the GPU.
func BenchmarkBuildWhy(b *testing.B) {
	if noDisplay != "" {
		b.Skip(noDisplay)
	}
	g, id := whyGame(b)
	r := benchRenderer(b)
	dst := ebiten.NewImage(1280, 720)
	field := image.Rect(0, 0, 900, 520)
	ids := []int{id, id - 1}
	b.ResetTimer()
	for i := range b.N {
		r.LayoutWhy(field, g, ids[i%2])
		r.DrawWhy(dst)
		flush(dst)
	}
}

// flush makes the GPU finish the queued draws.
func flush(img *ebiten.Image) {
	var px [4]byte
	img.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image).ReadPixels(px[:])
}

// BenchmarkFlushOnly is the floor of the two above: an empty frame flushed.
func BenchmarkFlushOnly(b *testing.B) {
	if noDisplay != "" {
		b.Skip(noDisplay)
	}
	dst := ebiten.NewImage(1280, 720)
	for range b.N {
		flush(dst)
	}
}

// BenchmarkDrawTimelineFrame is a peer: the timeline panel drawn for one
// frame of the same battle, flushed.
func BenchmarkDrawTimelineFrame(b *testing.B) {
	if noDisplay != "" {
		b.Skip(noDisplay)
	}
	g, _ := whyGame(b)
	r := benchRenderer(b)
	dst := ebiten.NewImage(1280, 720)
	r.DrawTimeline(dst, timelineRect, g)
	flush(dst)
	b.ResetTimer()
	for range b.N {
		r.DrawTimeline(dst, timelineRect, g)
		flush(dst)
	}
}

// benchRenderer is newRenderer for benchmarks.
func benchRenderer(b *testing.B) *render.Renderer {
	a, err := assets.Load()
	if err != nil {
		b.Fatal(err)
	}
	return render.New(a)
}
