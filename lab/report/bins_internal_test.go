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

// A histogram of one value draws one bar centred on it: gonum's own bin
// went from the value to the value + 1, so the demo's battle, whose first
// rout is at 10.5 s in every fight, drew a bar from 10.5 to 11.5 s.
func TestHistBinsOfOneValue(t *testing.T) {
	for _, c := range []struct {
		name     string
		vals     []float64
		min, max float64
		weight   float64
	}{
		{"the demo's first rout", []float64{10.5, 10.5, 10.5}, 10, 11, 3},
		{"one fight", []float64{42.25}, 41.75, 42.75, 1},
		{"at zero", []float64{0, 0}, -0.5, 0.5, 2},
	} {
		b := histBins(c.vals, 20)
		if len(b) != 1 {
			t.Errorf("%s: got %d bins; want 1", c.name, len(b))
			continue
		}
		if b[0].Min != c.min || b[0].Max != c.max || b[0].Weight != c.weight {
			t.Errorf("%s: got the bin %g..%g of %g; want %g..%g of %g", c.name, b[0].Min, b[0].Max, b[0].Weight, c.min, c.max, c.weight)
		}
	}
	// Values of more than one keep stepBins' bins, or gonum's (nil).
	if b := histBins([]float64{0, 1, math.Pi}, 20); b != nil {
		t.Errorf("no step: got %d bins; want gonum's (nil)", len(b))
	}
	if b := histBins([]float64{0, 1, 2, 3, 5}, 20); len(b) != 6 {
		t.Errorf("whole numbers: got %d bins; want stepBins' 6", len(b))
	}
}
