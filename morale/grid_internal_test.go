package morale

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestCoordOfIsTheDivision checks grid.coordOf, the grid's cell coordinate
// without a division, against coord(v/size) on values at and around cell
// edges (a few ulps either side), at random, far from the origin and at the
// edges of the float64 range, for cell sizes across the range Validate
// accepts.
func TestCoordOfIsTheDivision(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	sizes := []float64{MinNoEffectRadius, 3, 50, 600, 3000, 3000.0000001, 7777.7, 20000, MaxRadius}
	for range 20 {
		sizes = append(sizes, MinNoEffectRadius+r.Float64()*(MaxRadius-MinNoEffectRadius))
	}
	for _, size := range sizes {
		g := newGrid(size)
		check := func(v float64) {
			t.Helper()
			if got, want := g.coordOf(v), coord(v/size); got != want {
				t.Fatalf("size %v: coordOf(%v) = %d; want coord(v/size) = %d", size, v, got, want)
			}
		}
		for _, v := range []float64{0, math.Copysign(0, -1), 1e15, -1e15, math.MaxFloat64, -math.MaxFloat64,
			math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, 0x1p30 * size, -0x1p30 * size, 0x1p31 * size} {
			check(v)
		}
		for range 3000 {
			k := float64(r.IntN(1<<31) - 1<<30)
			if r.IntN(2) == 0 {
				k = float64(r.IntN(2001) - 1000)
			}
			edge := k * size
			for _, e := range []float64{edge, k / (1 / size), (k + 1) * size} {
				v := e
				for range 4 {
					check(v)
					v = math.Nextafter(v, math.Inf(1))
				}
				v = e
				for range 4 {
					check(v)
					v = math.Nextafter(v, math.Inf(-1))
				}
			}
			check((r.Float64()*2 - 1) * math.Pow(10, float64(r.IntN(20))))
		}
	}
}

// TestBoxOfIsInsideTheCell checks that every position in a cell's box (its
// corners, the last floats below its upper edges, and points at random)
// has the cell's key, for cells near the origin and far from it.
func TestBoxOfIsInsideTheCell(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, size := range []float64{MinNoEffectRadius, 3, 3000, 7777.7, MaxRadius, 1 + r.Float64()*1e4} {
		g := newGrid(size)
		for range 20000 {
			c := int32(r.IntN(2001) - 1000)
			if r.IntN(2) == 0 {
				c = int32(r.Uint32())
			}
			k := cellKey{c, -c / 2}
			b := boxOf(k, size)
			if b.x0 >= b.x1 || b.y0 >= b.y1 {
				if c != math.MinInt32 && c != math.MaxInt32 && -c/2 != math.MinInt32 {
					t.Fatalf("size %v: cell %v: empty box %v", size, k, b)
				}
				continue
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
		}
	}
}
