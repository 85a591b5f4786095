package lab_test

import (
	"math"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
)

func TestPercentile(t *testing.T) {
	xs := []float64{1, 2, 3, 4, 5}
	tests := []struct{ p, want float64 }{{0, 1}, {50, 3}, {100, 5}, {25, 2}, {10, 1.4}, {90, 4.6}}
	for _, tt := range tests {
		if got := lab.Percentile(xs, tt.p); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("Percentile(%v, %v) = %v; want %v", xs, tt.p, got, tt.want)
		}
	}
	// +Inf is a time that never came: a percentile on it, or between it
	// and a time, is never, not a blend.
	inf := math.Inf(1)
	never := []float64{1, 2, inf, inf}
	for _, tt := range []struct{ p, want float64 }{{0, 1}, {100 / 3.0, 2}, {50, inf}, {40, inf}, {75, inf}, {100, inf}, {10, 1.3}} {
		if got := lab.Percentile(never, tt.p); !(got == tt.want || math.Abs(got-tt.want) <= 1e-12) {
			t.Errorf("Percentile(%v, %v) = %v; want %v", never, tt.p, got, tt.want)
		}
	}
	if got := lab.Percentile(nil, 50); !math.IsNaN(got) {
		t.Errorf("Percentile(nil) = %v; want NaN", got)
	}
	if got := lab.Percentile([]float64{7}, 90); got != 7 {
		t.Errorf("Percentile([7], 90) = %v; want 7", got)
	}
}

func TestWilson(t *testing.T) {
	// Reference values from the closed form (e.g. R's prop.test without
	// continuity correction).
	tests := []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.27753},
		{5, 10, 0.23659, 0.76341},
		{10, 10, 0.72247, 1},
		{1, 1000, 0.00017654, 0.0056491},
		{0, 0, 0, 1},
	}
	for _, tt := range tests {
		lo, hi := lab.Wilson(tt.k, tt.n)
		if math.Abs(lo-tt.lo) > 1e-4 || math.Abs(hi-tt.hi) > 1e-4 {
			t.Errorf("Wilson(%d, %d) = %.5f, %.5f; want %.5f, %.5f", tt.k, tt.n, lo, hi, tt.lo, tt.hi)
		}
	}
	// lo ≤ k/n ≤ hi exactly, for every k of every n up to 1000: a merge
	// refuses a sweep point whose share lies outside its interval (k = 0 of
	// 100 gave a low end of 3.5e-18).
	for n := 1; n <= 1000; n++ {
		for k := 0; k <= n; k++ {
			p := float64(k) / float64(n)
			if lo, hi := lab.Wilson(k, n); !(0 <= lo && lo <= p && p <= hi && hi <= 1) {
				t.Fatalf("Wilson(%d, %d) = %g, %g; want 0 ≤ lo ≤ %g ≤ hi ≤ 1", k, n, lo, hi, p)
			}
		}
	}
}

func TestMeanStdDev(t *testing.T) {
	xs := []float64{2, 4, 4, 4, 5, 5, 7, 9}
	if got := lab.Mean(xs); got != 5 {
		t.Errorf("Mean = %v; want 5", got)
	}
	if got, want := lab.StdDev(xs), math.Sqrt(32.0/7); math.Abs(got-want) > 1e-12 {
		t.Errorf("StdDev = %v; want %v", got, want)
	}
}
