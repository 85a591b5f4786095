package lab

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat"

	"github.com/moralebreak/moralebreak/internal/figures"
)

// Percentile returns the p-th percentile (0..100) of sorted by linear
// interpolation between closest ranks (the "type 7" definition of R and
// NumPy): 0 gives the minimum, 100 the maximum. sorted must be in ascending
// order; an empty slice gives NaN. A percentile that falls on +Inf (a time
// that never came), or between a value and +Inf, is +Inf: never.
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
	switch {
	case lo >= n-1 || h == float64(lo):
		return sorted[lo]
	case math.IsInf(sorted[lo+1], 1):
		return math.Inf(1)
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

// StdDev returns the sample standard deviation of xs (gonum's stat.StdDev;
// 0 for fewer than two).
func StdDev(xs []float64) float64 {
	if len(xs) < 2 {
		return 0
	}
	return stat.StdDev(xs, nil)
}

// StdErr returns the standard error of the mean of xs: StdDev over the
// square root of their number (gonum's stat.StdErr; 0 for one value). xs
// must not be empty.
func StdErr(xs []float64) float64 { return stat.StdErr(StdDev(xs), float64(len(xs))) }

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
	// At k = 0 (or n) centre − half (centre + half) is 0 (1) only up to
	// rounding: clamped to k/n, the bounds hold it exactly.
	return math.Min(p, math.Max(0, centre-half)), math.Max(p, math.Min(1, centre+half))
}

// sortedCopy returns xs sorted, leaving xs alone.
func sortedCopy(xs []float64) []float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s
}

// PairedDiff is a difference B − A between two Monte-Carlos run on the same
// seeds (run i of each is the same fight but for the settings), with its 95%
// interval.
type PairedDiff struct {
	Diff float64 `json:"diff"`
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
}

// Beyond reports whether the interval leaves out zero: the difference is
// beyond the noise of the fights.
func (d PairedDiff) Beyond() bool { return d.Lo > 0 || d.Hi < 0 }

// String prints the difference and its interval as stdout and the pages
// do, each with signed, the interval's two bounds to the same decimals
// (sameDecimals): "+0.05 [+0.0125, +0.0875]", "+0.055 [+0.025, +0.090]",
// "0 [0, 0]".
func (d PairedDiff) String() string {
	lo, hi := sameDecimals(d.Lo, d.Hi, math.MaxInt)
	return fmt.Sprintf("%s [%s, %s]", signed(d.Diff), lo, hi)
}

// sameDecimals writes the bounds lo and hi of an interval with signed, at
// most decimals decimals (signedDecimals), and then the one with fewer
// decimals to as many as the other has, so that the two read side by side:
// "[+0.0244, +0.025]" for 0.0244..0.025 read as a coarser bound beside a
// finer one; it is "[+0.0244, +0.0250]". The longer one is not cut: its
// decimals are the figures it has. A bound that reads as none ("0") stays
// "0", and a number the lab writes whole (from 1000: FormatFigures) or
// with an exponent keeps that form, and leaves the other as it is.
func sameDecimals(lo, hi float64, decimals int) (string, string) {
	a, b := signedDecimals(lo, decimals), signedDecimals(hi, decimals)
	if whole := func(v float64, s string) bool {
		return figures.Whole(v, 3) || strings.ContainsAny(s, "eEIN") // 1e+300, NaN, ±Inf
	}; whole(lo, a) || whole(hi, b) {
		return a, b
	}
	d := max(decimalsOf(a), decimalsOf(b))
	widen := func(v float64, s string) string {
		if s == "0" || decimalsOf(s) >= d {
			return s
		}
		return figures.Signed(v, strconv.FormatFloat(v, 'f', d, 64))
	}
	return widen(lo, a), widen(hi, b)
}

// Within is String for a column width bytes wide (sensitivity's table on
// stdout): when String is wider, as tiny changes and intervals are
// ("-0.000243 [-0.000243, -0.000243]" in 26 columns), its numbers below 1
// in size keep the same decimals, as many as the column holds
// (FormatWithin): "-0.0002 [-0.0002, -0.0002]"; a number too small for them
// reads "0", as below Negligible. The same decimals for all three keep the
// change inside its interval as written: "+0.00001 [-0.00002, 0]", each
// number cut on its own, read as a change outside its interval; it is
// "0 [0, 0]". What fits prints as String does; whole numbers keep theirs.
func (d PairedDiff) Within(width int) string {
	s := d.String()
	// The first cut that can narrow s: one decimal fewer than its longest
	// number has (signed writes at most 11, 1.23e-9's "0.00000000123").
	most := max(decimalsOf(signed(d.Diff)), decimalsOf(signed(d.Lo)), decimalsOf(signed(d.Hi)))
	for dec := most - 1; len(s) > width && dec >= 0; dec-- {
		lo, hi := sameDecimals(d.Lo, d.Hi, dec)
		s = fmt.Sprintf("%s [%s, %s]", signedDecimals(d.Diff, dec), lo, hi)
	}
	return s
}

// signed prints a change with 3 significant digits and its sign ("+0.05",
// "-0.2"), whole from 1000 ("+1234", not "+1.23e+03": FormatFigures), and
// no change, or a negligible one (FormatFigures), as "0": neither "+0"
// nor "-0" (figures.Signed).
func signed(v float64) string { return signedDecimals(v, math.MaxInt) }

// signedDecimals is signed with at most decimals decimals (formatDecimals).
func signedDecimals(v float64, decimals int) string {
	return figures.Signed(v, formatDecimals(v, 3, decimals))
}

// Resamples is the number of bootstrap resamples behind every PairedDiff of
// StatDiff.
const Resamples = 1000

// StatDiff returns stat ("p50", "mean", "share", …) of metric m over runs b
// minus the same over runs a, where a[i] and b[i] are the same seed under two
// settings, with a 95% paired percentile-bootstrap interval: Resamples
// resamples of the run indices (drawn from seed), each the same on both sides,
// so that the noise the two share cancels. The resamples where either side
// leaves the statistic undefined (a time no resampled fight had) are left
// out. ok is false when a and b differ in length or are empty, or the
// statistic is undefined on either side of the full runs or of every
// resample.
func StatDiff(m Metric, stat string, a, b []RunResult, seed uint64) (d PairedDiff, ok bool) {
	if len(a) != len(b) || len(a) == 0 {
		return PairedDiff{}, false
	}
	va, oka := metricStat(m, a, nil).Value(stat)
	vb, okb := metricStat(m, b, nil).Value(stat)
	if !oka || !okb {
		return PairedDiff{}, false
	}
	d.Diff = vb - va
	ca, cb := newColumn(m, a), newColumn(m, b)
	rng := rand.New(rand.NewPCG(seed, 0x626f6f74))
	idx := make([]int, len(a))
	diffs := make([]float64, 0, Resamples)
	for r := 0; r < Resamples; r++ {
		for i := range idx {
			idx[i] = rng.IntN(len(a))
		}
		ra, oka := ca.stat(stat, idx)
		rb, okb := cb.stat(stat, idx)
		if oka && okb {
			diffs = append(diffs, rb-ra)
		}
	}
	if len(diffs) == 0 {
		return PairedDiff{}, false
	}
	s := sortedCopy(diffs)
	d.Lo, d.Hi = Percentile(s, 2.5), Percentile(s, 97.5)
	return d, true
}

// column is one metric's values over a set of runs, read once, so that each
// bootstrap resample computes only the statistic it needs (a share needs no
// sort). Its stat equals metricStat's Value (TestColumnStatIsMetricStat).
type column struct {
	v        []float64 // the value in run i (0 where undefined)
	def, hap []bool    // defined in run i; happened (a time defined, a count above zero)
	xs       []float64 // scratch
}

func newColumn(m Metric, runs []RunResult) *column {
	c := &column{v: make([]float64, len(runs)), def: make([]bool, len(runs)), hap: make([]bool, len(runs))}
	for i := range runs {
		v, ok := m.Get(&runs[i])
		c.v[i], c.def[i], c.hap[i] = v, ok, ok && (m.Time || v > 0)
	}
	return c
}

// percentileOf maps the statistics that are percentiles to theirs.
var percentileOf = map[string]float64{"min": 0, "p10": 10, "p25": 25, "p50": 50, "p75": 75, "p90": 90, "max": 100}

// stat returns the statistic over the runs idx, as
// metricStat(m, runs, idx).Value(stat) does.
func (c *column) stat(stat string, idx []int) (float64, bool) {
	c.xs = c.xs[:0]
	k := 0
	for _, i := range idx {
		if c.def[i] {
			c.xs = append(c.xs, c.v[i])
		}
		if c.hap[i] {
			k++
		}
	}
	if stat == "share" {
		return float64(k) / float64(max(1, len(idx))), true
	}
	return statOf(stat, c.xs, k, len(idx))
}
