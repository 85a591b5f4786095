package render_test

import (
	"fmt"
	"image"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/render"
)

// whatIf returns a session of the opening at 16 s that rewound to 6 s and
// resumed with Suppressed at w (the weight it had: the same future).
func whatIf(t *testing.T, w float64) *game.Session {
	t.Helper()
	g := newGame(t, 12)
	g.Rewind().To(6 * game.SubTicksPerSecond)
	s := g.Settings().Clone()
	s.Weights[morale.Suppressed] = w
	if err := g.Apply(game.SetSettings{Settings: s}); err != nil {
		t.Fatal(err)
	}
	if err := g.Rewind().Resume(); err != nil {
		t.Fatal(err)
	}
	for g.Time() < 16-1e-9 {
		g.Tick()
	}
	return g
}

// plotPixels draws v's timeline into a panel and returns its plot's pixels.
func plotPixels(t *testing.T, r *render.Renderer, v game.View) *image.RGBA {
	t.Helper()
	panel := image.Rect(0, 0, 880, 200)
	dst := ebiten.NewImage(panel.Dx(), panel.Dy())
	defer dst.Deallocate()
	r.DrawTimeline(dst, panel, v)
	r.DrawTimeline(dst, panel, v) // from the caches
	px := pixels(dst)
	return px.SubImage(render.TimelinePlot(panel).Inset(-4)).(*image.RGBA)
}

// The ghost draws only where the futures differ: a what-if with the same
// weights draws the plot of a session without one, pixel for pixel; with
// another weight it draws the other future's lines where they differ, in
// both directions (future A shown, B dashed too).
func TestGhostOnlyWhereTheFuturesDiffer(t *testing.T) {
	needDisplay(t)
	plain := newGame(t, 16)
	same := whatIf(t, -0.07)
	if o, f := same.Other(); o == nil || f != game.FutureB {
		t.Fatal("no what-if runs")
	}
	want := plotPixels(t, newRenderer(t), plain)
	got := plotPixels(t, newRenderer(t), same)
	if d := differing(got, want); d != 0 {
		t.Errorf("a what-if with the same weights: %d pixels of the plot differ from the plot without one; want 0 (nothing to show)", d)
	}

	other := whatIf(t, -0.03)
	r := newRenderer(t)
	withGhost := plotPixels(t, r, other)
	if err := other.Rewind().Show(game.FutureA); err != nil {
		t.Fatal(err)
	}
	a := other.Rewind().View()
	if d := differing(plotPixels(t, newRenderer(t), a), withGhost); d == 0 {
		t.Error("future A shown: its plot equals B's; want A's lines solid, B's dashed")
	}
	// The lines of B are those of a battle with Suppressed −0.03 played
	// on: what more there is, is the ghost of A.
	if d := differing(withGhost, want); d < 50 {
		t.Errorf("a what-if with Suppressed −0.03: %d pixels differ from the plot without one; want the other future's lines (≥ 50)", d)
	}
}

// differing counts the pixels of a and b (of the same size) that differ
// by more than 8 in a channel.
func differing(a, b *image.RGBA) int {
	n := 0
	ar, br := a.Bounds(), b.Bounds()
	for y := 0; y < ar.Dy(); y++ {
		for x := 0; x < ar.Dx(); x++ {
			p, q := a.RGBAAt(ar.Min.X+x, ar.Min.Y+y), b.RGBAAt(br.Min.X+x, br.Min.Y+y)
			if absd(p.R, q.R) > 8 || absd(p.G, q.G) > 8 || absd(p.B, q.B) > 8 {
				n++
			}
		}
	}
	return n
}

func absd(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// The what-if's label and the timeline's legend share the title row
// without overlapping, at every text size the window scales give: the
// legend ends left of the label (the marker legend, "a state change, in
// its new state's colour", was drawn under "dashed: future A, …").
func TestGhostLabelKeepsOffTheLegend(t *testing.T) {
	needDisplay(t)
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	g := whatIf(t, -0.03)
	for _, tc := range []struct {
		future game.Future
		label  string
	}{
		{game.FutureB, "dashed: future A, the weights before · A: show it"},
		{game.FutureA, "showing future A (the weights before) · dashed: B, the new weights · A: back"},
	} {
		if err := g.Rewind().Show(tc.future); err != nil {
			t.Fatal(err)
		}
		for _, k := range []float64{0.25, 0.5, 0.75, 1, 2} {
			t.Run(fmt.Sprintf("%v/scale %v", tc.future, k), func(t *testing.T) {
				as := a.LegibleAt(k)
				panel := image.Rect(0, 0, 880, 200)
				dst := ebiten.NewImage(panel.Dx(), panel.Dy())
				defer dst.Deallocate()
				render.New(as).DrawTimeline(dst, panel, g.Rewind().View())
				px := pixels(dst)
				plot := render.TimelinePlot(panel)
				w, _ := text.Measure(tc.label, as.Face(10.5), 0)
				left := plot.Max.X - int(math.Ceil(w)) - 2 // where the label's sprite begins
				// the gap left of the label: background only, row by row
				// as the row above the text has it
				for x := left - 10; x < left-1; x++ {
					bg := px.RGBAAt(x, panel.Min.Y+3)
					for y := panel.Min.Y + 6; y < plot.Min.Y-3; y++ {
						if c := px.RGBAAt(x, y); absd(c.R, bg.R) > 24 || absd(c.G, bg.G) > 24 || absd(c.B, bg.B) > 24 {
							t.Fatalf("ink at (%d, %d), in the gap left of the label at %d: got %v; want the background %v", x, y, left, c, bg)
						}
					}
				}
			})
		}
	}
}
