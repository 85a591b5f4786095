package morale

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// nearPlain is near without the grid: every agent within the squared reach
// near tests against, in the World's order. It writes the test out, as a
// reader would, rather than call squares.
func nearPlain(w *World, at Vec2, radius float64) []int32 {
	near2 := max(float64(radius*radius)*(1+1e-9), 0x1p-1000)
	var out []int32
	for i, p := range w.col.Pos {
		dx, dy := p.X-at.X, p.Y-at.Y
		if float64(dx*dx)+float64(dy*dy) <= near2 {
			out = append(out, int32(i))
		}
	}
	return out
}

// TestNearIsThePlainScan checks near, which reads the grid's cells a sort
// window at a time and falls back on a bitmap when that order is not the
// World's, against the plain scan of every agent: the same agents in the
// same order, in Worlds of one window and of many, sorted, half sorted,
// with agents moved across cells (their lists out of order) and removed, at
// places in cells, on their edges and corners and outside the crowd, for
// radii below, at and above the cell's edge.
func TestNearIsThePlainScan(t *testing.T) {
	s := DefaultSettings()
	cell := s.NoEffectRadius
	r := rand.New(rand.NewPCG(11, 12))
	for _, tc := range []struct {
		name          string
		n, window     int
		side          float64
		steps, moves  int
		removes       int
		clusteredOnly bool
	}{
		{name: "one window, sorted", n: 3000, window: 1 << 17, side: 20000, steps: 2},
		{name: "many windows, unsorted", n: 3000, window: 256, side: 20000},
		{name: "many windows, sorted", n: 3072, window: 256, side: 20000, steps: 20},
		{name: "many windows, half sorted", n: 4000, window: 256, side: 12000, steps: 4},
		{name: "sorted, then moved and removed", n: 3000, window: 256, side: 20000, steps: 20, moves: 600, removes: 200},
		{name: "dense, sorted", n: 5000, window: 512, side: 6000, steps: 20},
		{name: "one cell", n: 1000, window: 64, side: cell / 2, steps: 20, moves: 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, err := NewWorld(s, 1)
			if err != nil {
				t.Fatal(err)
			}
			w.SetSortWindow(tc.window)
			agents := make([]*Agent, tc.n)
			for i := range agents {
				agents[i] = w.Spawn(SquadID(i%7), Vec2{X: r.Float64() * tc.side, Y: r.Float64() * tc.side})
			}
			for range tc.steps {
				w.Advance(s.SquadUpdateInterval)
			}
			for range tc.moves {
				a := agents[r.IntN(len(agents))]
				if !a.Removed() {
					a.SetPosition(Vec2{X: r.Float64() * tc.side, Y: r.Float64() * tc.side})
				}
			}
			for range tc.removes {
				a := agents[r.IntN(len(agents))]
				if !a.Removed() {
					w.Remove(a)
				}
			}
			var places []Vec2
			for range 40 {
				places = append(places, Vec2{X: r.Float64() * tc.side, Y: r.Float64() * tc.side})
				// A cell's corner, and a hair either side of it.
				cx, cy := math.Floor(r.Float64()*tc.side/cell)*cell, math.Floor(r.Float64()*tc.side/cell)*cell
				places = append(places, Vec2{X: cx, Y: cy}, Vec2{X: math.Nextafter(cx, -1), Y: math.Nextafter(cy, math.Inf(1))})
			}
			places = append(places, Vec2{X: -5 * cell, Y: -5 * cell}, Vec2{X: tc.side / 2, Y: tc.side / 2})
			for _, radius := range []float64{1, 600, cell * (1 - 1e-12), cell, cell * 1.5, 4 * cell} {
				for _, at := range places {
					want := nearPlain(w, at, radius)
					got, sq := w.near(at, radius)
					if !slices.Equal(got, want) {
						t.Fatalf("near(%v, %v) = %d agents %v…; want the plain scan's %d %v…",
							at, radius, len(got), got[:min(len(got), 8)], len(want), want[:min(len(want), 8)])
					}
					for k, i := range got {
						if s := squares(w.col.Pos[i].minus(at)); sq[k] != s {
							t.Fatalf("near(%v, %v): agent %d's square %v; want %v", at, radius, i, sq[k], s)
						}
					}
				}
			}
		})
	}
}
