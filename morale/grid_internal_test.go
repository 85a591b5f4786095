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
