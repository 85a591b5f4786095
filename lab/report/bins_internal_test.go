package report

import (
	"math"
	"testing"
)

// stepBins gives every bin the same number of steps when the values land on
// a step, keeps every value, and gives up on values without one.
func TestStepBins(t *testing.T) {
	var quarter []float64 // 15.25, 15.5, …, 44.5: the first rout's times
	for v := 15.25; v <= 44.5; v += 0.25 {
		quarter = append(quarter, v, v)
	}
	for _, c := range []struct {
		name  string
		vals  []float64
		n     int
		width float64 // 0: no bins
		count int
	}{
		{"quarter seconds", quarter, 20, 1.5, 20}, // 118 steps, 6 a bin
		{"whole numbers", []float64{0, 1, 2, 3, 5}, 20, 1, 6},
		{"fewer bins than steps", []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 5, 2, 5},
		{"no step", []float64{0, 1, math.Pi}, 20, 0, 0},
		{"one value", []float64{2, 2}, 20, 0, 0},
	} {
		b := stepBins(c.vals, c.n)
		if c.width == 0 {
			if b != nil {
				t.Errorf("%s: got %d bins; want none", c.name, len(b))
			}
			continue
		}
		if len(b) != c.count {
			t.Errorf("%s: got %d bins; want %d", c.name, len(b), c.count)
			continue
		}
		sum := 0.0
		for i, bin := range b {
			if w := bin.Max - bin.Min; math.Abs(w-c.width) > 1e-9 {
				t.Errorf("%s: bin %d is %g wide; want %g", c.name, i, w, c.width)
			}
			sum += bin.Weight
		}
		if sum != float64(len(c.vals)) {
			t.Errorf("%s: the bins hold %g values; want %d", c.name, sum, len(c.vals))
		}
		if b[0].Min > c.vals[0] || b[len(b)-1].Max < c.vals[len(c.vals)-1] {
			t.Errorf("%s: the bins span %g..%g; want them to cover %g..%g", c.name, b[0].Min, b[len(b)-1].Max, c.vals[0], c.vals[len(c.vals)-1])
		}
	}
}
