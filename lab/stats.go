package lab

import (
	"math"
	"sort"
)

// Percentile returns the p-th percentile (0..100) of sorted by linear
// interpolation between closest ranks (the "type 7" definition of R and
// NumPy): 0 gives the minimum, 100 the maximum. sorted must be in ascending
// order; an empty slice gives NaN.
func Percentile(sorted []float64, p float64) float64 {
	n := len(sorted)
	if n == 0 {
		return math.NaN()
	}
	if n == 1 {
		return sorted[0]
	}
	p = math.Max(0, math.Min(100, p))
	h := p / 100 * float64(n-1)
	lo := int(math.Floor(h))
	if lo >= n-1 {
		return sorted[n-1]
	}
	return sorted[lo] + (h-float64(lo))*(sorted[lo+1]-sorted[lo])
}

// Mean returns the arithmetic mean of xs, summed in order (NaN when empty).
func Mean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// StdDev returns the sample standard deviation of xs (0 for fewer than two).
func StdDev(xs []float64) float64 {
	if len(xs) < 2 {
		return 0
	}
	m := Mean(xs)
	s := 0.0
	for _, x := range xs {
		s += (x - m) * (x - m)
	}
	return math.Sqrt(s / float64(len(xs)-1))
}

// Z95 is the two-sided 95% normal quantile used by every interval here.
const Z95 = 1.959963984540054

// Wilson returns the Wilson score interval at 95% for k successes in n
// trials: lo ≤ k/n ≤ hi, both in 0..1, and never degenerate at 0 or n
// successes. n = 0 gives (0, 1).
func Wilson(k, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	z := Z95
	nf := float64(n)
	p := float64(k) / nf
	den := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return math.Max(0, centre-half), math.Min(1, centre+half)
}

// sortedCopy returns xs sorted, leaving xs alone.
func sortedCopy(xs []float64) []float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s
}
