package morale

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestBoxOfIsInsideTheCell checks that every position in a cell's box (its
// corners, the last floats below its upper edges, and points at random)
// has the cell's key, for cells near the origin and far from it.
func TestBoxOfIsInsideTheCell(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	forCells(r, 20000, func(g *grid, size float64, c int32) {
		k := cellKey{c, -c / 2}
		b := boxOf(k, size)
		if b.x0 >= b.x1 || b.y0 >= b.y1 {
			if c != math.MinInt32 && c != math.MaxInt32 && -c/2 != math.MinInt32 {
				t.Fatalf("size %v: cell %v: empty box %v", size, k, b)
			}
			return
		}
		below := func(v float64) float64 { return math.Nextafter(v, math.Inf(-1)) }
		for _, p := range []Vec2{{b.x0, b.y0}, {below(b.x1), below(b.y1)}, {b.x0, below(b.y1)},
			{b.x0 + r.Float64()*(b.x1-b.x0), b.y0 + r.Float64()*(b.y1-b.y0)}} {
			if p.X < b.x0 || p.X >= b.x1 || p.Y < b.y0 || p.Y >= b.y1 {
				continue // the random point rounded onto the upper edge
			}
			if got := g.key(p); got != k {
				t.Fatalf("size %v: %v in the box %v of cell %v has key %v", size, p, b, k, got)
			}
			if got := (cellKey{coord(p.X / size), coord(p.Y / size)}); got != k {
				t.Fatalf("size %v: %v in the box %v of cell %v: coord(p/size) = %v", size, p, b, k, got)
			}
		}
	})
}

// forCells calls fn, for grids of cell sizes across the range Validate
// accepts, on n cell coordinates each: half near the origin, half anywhere
// in the int32 range.
func forCells(r *rand.Rand, n int, fn func(g *grid, size float64, c int32)) {
	for _, size := range []float64{MinNoEffectRadius, 3, 3000, 7777.7, MaxRadius, 1 + r.Float64()*1e4} {
		g := newGrid(size)
		for range n {
			c := int32(r.IntN(2001) - 1000)
			if r.IntN(2) == 0 {
				c = int32(r.Uint32())
			}
			fn(&g, size, c)
		}
	}
}

// TestGapIsALowerBound checks grid.gap, which appendCells uses to leave out
// cells beyond an event's reach: for positions u of cell c (at and a few
// ulps inside its edges, and at random in it) and places v inside, near and
// far from it, |u − v| is at least gap(c, v), and the gap is not zero for
// a place two cells away; for cells near the origin, far from it and at
// the edges of the int32 range, where it is 0.
func TestGapIsALowerBound(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	forCells(r, 5000, func(g *grid, size float64, c int32) {
		if c == math.MinInt32 || c == math.MaxInt32 {
			if gap := g.gap(c, 0); gap != 0 {
				t.Fatalf("size %v: gap(%d, 0) = %v; want 0 for an edge cell", size, c, gap)
			}
			return
		}
		lo, hi := float64(c)*size, float64(c+1)*size
		var us []float64
		for _, e := range []float64{lo, hi, lo + r.Float64()*(hi-lo)} {
			u := e
			for range 4 {
				us = append(us, math.Nextafter(u, math.Inf(1)), math.Nextafter(u, math.Inf(-1)))
				u = us[len(us)-2]
			}
			us = append(us, e)
		}
		vs := []float64{lo - 2*size, hi + 2*size, lo + r.Float64()*(hi-lo), lo - r.Float64()*size, hi + r.Float64()*size,
			lo - r.Float64()*1e6*size, hi + r.Float64()*1e6*size}
		for _, v := range vs {
			gap := g.gap(c, v)
			for _, u := range us {
				if coord(u/size) != c {
					continue
				}
				if d := math.Abs(u - v); d < gap {
					t.Fatalf("size %v, cell %d: |%v − %v| = %v, below gap %v", size, c, u, v, d, gap)
				}
			}
		}
		for _, v := range vs[:2] {
			if g.gap(c, v) <= 0 {
				t.Fatalf("size %v, cell %d: gap from %v, two cells away, is %v; want above 0", size, c, v, g.gap(c, v))
			}
		}
	})
}

// TestAppendCellsLeavesOutCellsBeyondReach checks that appendCells returns,
// of the occupied cells in the square around a place, those whose nearest
// point is within the reach, and leaves out the corners beyond it.
func TestAppendCellsLeavesOutCellsBeyondReach(t *testing.T) {
	const c = 3000.0
	g := newGrid(c)
	want := map[cellKey]bool{}
	for y := int32(-1); y <= 1; y++ {
		for x := int32(-1); x <= 1; x++ {
			k := cellKey{x, y}
			g.insert(g.cellOf(k), 0)
			want[k] = k != cellKey{1, 1} // (c, c) is 1.27c from (0.1c, 0.1c)
		}
	}
	cells, all := g.appendCells(nil, Vec2{X: 0.1 * c, Y: 0.1 * c}, c, c*c*(1+1e-9))
	if all {
		t.Fatal("appendCells: all = true; want the cells")
	}
	got := map[cellKey]bool{}
	for _, id := range cells {
		got[g.keys[id]] = true
	}
	for k, in := range want {
		if got[k] != in {
			t.Errorf("cell %v: in the cells %v; want %v", k, got[k], in)
		}
	}
}
