package lab

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Verdict is the outcome of one expectation.
type Verdict struct {
	Expect
	Scenario string
	// Got is the measured statistic; Defined is false when no run defined it.
	Got     float64
	Defined bool
	Pass    bool
	// N is the number of fights the statistic is over: every fight for a
	// share, the fights where the metric is defined (a time: where it
	// happened) for the others; Runs is every fight.
	N, Runs int
	// Lo95 and Hi95 are the statistic's 95% interval (StatInterval); HasCI
	// is false when it has none (no fight defined it, or only a summary was
	// given for a statistic other than a share).
	Lo95, Hi95 float64
	HasCI      bool
}

// String returns a readable verdict such as "PASS opening.toml:88
// first_rout_s p50 = 10.5 [95% CI 10.2, 10.8], n = 95 of 100 fights, want
// 8..14": the interval is FormatEstimate's, rounded outward.
func (v Verdict) String() string {
	word := "PASS"
	if !v.Pass {
		word = "FAIL"
	}
	got := "undefined (no fight had it)"
	if v.Defined {
		got = formatTime(v.Got)
		if v.HasCI {
			got = FormatEstimate(v.Got, v.Lo95, v.Hi95, "95% CI ")
		}
	}
	n := "n = " + Plural(v.N, "fight")
	if v.Stat != "share" {
		n = fmt.Sprintf("n = %d of %s", v.N, Plural(v.Runs, "fight"))
	}
	return fmt.Sprintf("%s %s:%d %s %s = %s, %s, want %s..%s", word, v.Scenario, v.Line, v.Name(), v.Stat, got, n, FormatExact(v.Lo), FormatExact(v.Hi))
}

// Name returns the expectation's metric as a designer reads it:
// "first_rout_s given squad_broke.patrol", "squad_steady_s.patrol after
// ReinforcementsArrived".
func (e Expect) Name() string {
	name := e.Metric
	if e.After != "" {
		name += " after " + e.After
	}
	if e.Given != "" {
		name += " given " + e.Given
	}
	return name
}

// Check evaluates sc's expectations against sum, in file order. An
// expectation passes when its statistic is defined and lies in [Lo, Hi].
// With runs (the fights sum summarises), every verdict has its 95% interval;
// without, only a share's.
func Check(sc *Scenario, sum *Summary, runs []RunResult) []Verdict {
	return check(sc.Path, sc.Expects, sum, runs)
}

// Verdicts evaluates the expectations the summary's header carries, as Check
// does, naming the scenario by its file's base name: what a report shows,
// the same for a merged summary as for a single machine's.
func (s *Summary) Verdicts(runs []RunResult) []Verdict { return check(s.File, s.Expects, s, runs) }

func check(file string, expects []Expect, sum *Summary, runs []RunResult) []Verdict {
	var out []Verdict
	for _, e := range expects {
		v := Verdict{Expect: e, Scenario: file, Runs: sum.Runs}
		if st, ok := sum.Stat(e.Metric); ok && e.After == "" && e.Given == "" {
			v.Got, v.Defined = st.Value(e.Stat)
			v.N = st.N
			if e.Stat == "share" {
				v.N = sum.Runs
				v.Lo95, v.Hi95, v.HasCI = st.ShareLo, st.ShareHi, true
			}
		}
		if runs != nil && (e.Stat != "share" || e.After != "" || e.Given != "") {
			// From the fights themselves: every statistic's interval, and
			// the intents a summary has no column for (Given, After).
			if m, xs, happened, n, ok := ExpectValues(sum.Squads, expects, e, runs); ok {
				v.Got, v.Defined = statOf(e.Stat, xs, happened, n)
				v.N, v.Runs = len(xs), n
				if e.Stat == "share" {
					v.N = n
				}
				if v.Defined {
					floor, ceil := m.Bounds(sum.Duration)
					v.Lo95, v.Hi95, v.HasCI = StatInterval(e.Stat, xs, happened, n, floor, ceil)
				}
			}
		}
		v.Pass = v.Defined && v.Got >= e.Lo && v.Got <= e.Hi
		out = append(out, v)
	}
	return out
}

// StatInterval returns the 95% interval of stat ("share", "mean", "p10" …
// "p90", "min", "max") over xs, the values of the fights where the metric is
// defined (unsorted), of which happened of n fights had it, a metric whose
// values lie in floor..ceil (Metric.Bounds): Wilson's for a share, the
// normal one for a mean, clamped to floor..ceil (a mean of values in 0..1
// is never above 1, though mean + 1.96·SE may be), the distribution-free
// order-statistic one for a percentile (ranks nq ∓ 1.96·√(nq(1−q)), clamped
// to the sample), and for min and max the exact percentile-bootstrap one
// (from the sample's extreme to the order statistic that 97.5% of resampled
// extremes reach); the last two are values of the sample, so within the
// bounds already. ok is false when xs is empty (but for a share) or stat is
// unknown.
func StatInterval(stat string, xs []float64, happened, n int, floor, ceil float64) (lo, hi float64, ok bool) {
	if stat == "share" {
		lo, hi = Wilson(happened, n)
		return lo, hi, true
	}
	m := len(xs)
	if m == 0 {
		return 0, 0, false
	}
	if stat == "mean" {
		lo, hi = normal95(Mean(xs), StdErr(xs), floor, ceil)
		return lo, hi, true
	}
	q, known := percentileOf[stat]
	if !known {
		return 0, 0, false
	}
	s := slices.Sorted(slices.Values(xs))
	if q == 0 || q == 100 {
		// P(a resample's minimum ≥ s[k]) = ((m−k)/m)^m for distinct values:
		// the smallest k past which at most 2.5% of them lie.
		k := 0
		for k+1 < m && math.Pow(float64(m-k-1)/float64(m), float64(m)) > 0.025 {
			k++
		}
		if q == 0 {
			return s[0], s[k], true
		}
		return s[m-1-k], s[m-1], true
	}
	nf, p := float64(m), q/100
	half := Z95 * math.Sqrt(nf*p*(1-p))
	i := min(int(math.Max(0, math.Floor(nf*p-half))), m-1)
	j := int(math.Min(nf-1, math.Ceil(nf*p+half)))
	return s[i], s[max(i, j)], true
}

// formatTime prints x as FormatNumber does (4 significant digits, whole
// from 1000), and +Inf (a time that never came: ExpectValues) as "never".
func formatTime(x float64) string {
	if math.IsInf(x, 1) {
		return "never"
	}
	return FormatNumber(x)
}

// FormatEstimate prints x as FormatNumber does (4 significant digits,
// whole from 1000) and its interval lo..hi
// (3 significant digits each) as "x [lo, hi]", with prefix before lo
// ("95% CI "): the bounds rounded outward, lo down and hi up, and widened to
// the printed x where it lies outside them, so that the printed interval
// always holds the printed estimate ("11.75 [11.7, 11.8]", never "11.75
// [11.8, 11.8]"). +Inf, a time that never came, prints as "never".
func FormatEstimate(x, lo, hi float64, prefix string) string {
	xs := formatTime(x)
	xv, err := strconv.ParseFloat(xs, 64)
	if err != nil {
		xv = x
	}
	return fmt.Sprintf("%s [%s%s, %s]", xs, prefix, outward(math.Min(lo, xv), math.Floor), outward(math.Max(hi, xv), math.Ceil))
}

// outward prints v with 3 significant digits, the last rounded by round
// (math.Floor: down, math.Ceil: up); v within 1e-9 of a 3-digit number is
// that number (0.3 stays 0.3, not 0.301).
func outward(v float64, round func(float64) float64) string {
	if math.IsInf(v, 1) {
		return "never"
	}
	if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return strconv.FormatFloat(v, 'g', 3, 64)
	}
	e := int(math.Floor(math.Log10(math.Abs(v)))) - 2
	p := math.Pow(10, float64(e))
	q := v / p
	if r := math.Round(q); math.Abs(q-r) < 1e-9*math.Max(1, math.Abs(q)) {
		q = r
	}
	s := strconv.FormatFloat(round(q)*p, 'f', max(0, -e), 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// quantileOrder ranks the statistics that must be ordered in every set of
// fights: min ≤ p10 ≤ … ≤ p90 ≤ max (of the same metric).
var quantileOrder = []string{"min", "p10", "p25", "p50", "p75", "p90", "max"}

// Clashes calls report for every pair of es that no set of fights can meet
// together (Clash), with the index of the later of the two and Clash's
// message, naming both lines: the one check of a file's expectations, which
// ParseScenario refuses and a fit refuses in scenarios made in code.
func Clashes(es []Expect, report func(i int, msg string)) {
	for i, a := range es {
		for _, b := range es[:i] {
			if msg := Clash(a, b, fmt.Sprintf("line %d", a.Line), fmt.Sprintf("line %d", b.Line)); msg != "" {
				report(i, msg)
			}
		}
	}
}

// Clash says why no set of fights can meet expectations a and b of the same
// fight together, or "" when nothing forbids it: the same statistic of the
// same metric with disjoint ranges, or ordered statistics whose ranges are
// out of order (p50 wanted above every p90 allowed). whereA and whereB name
// them ("line 30", "b.toml:30"); the message is a's. The one check of a
// file's expectations (ParseScenario refuses them) and of two files' of the
// same fight (a fit of several).
func Clash(a, b Expect, whereA, whereB string) string {
	if a.Name() != b.Name() {
		return ""
	}
	if a.Stat == b.Stat {
		if a.Lo > b.Hi || b.Lo > a.Hi {
			return fmt.Sprintf("%s %s wants %s..%s here and %s..%s on %s: the ranges do not overlap, so no weights can meet both", a.Name(), a.Stat, FormatExact(a.Lo), FormatExact(a.Hi), FormatExact(b.Lo), FormatExact(b.Hi), whereB)
		}
		return ""
	}
	ia, ib := slices.Index(quantileOrder, a.Stat), slices.Index(quantileOrder, b.Stat)
	if ia < 0 || ib < 0 {
		return ""
	}
	low, high, whereLow, whereHigh := a, b, whereA, whereB // low's statistic is never above high's
	if ia > ib {
		low, high, whereLow, whereHigh = b, a, whereB, whereA
	}
	if low.Lo > high.Hi {
		return fmt.Sprintf("%s %s wants at least %s (%s), but %s %s at most %s (%s), and %s is never above %s", a.Name(), low.Stat, FormatExact(low.Lo), whereLow, a.Name(), high.Stat, FormatExact(high.Hi), whereHigh, low.Stat, high.Stat)
	}
	return ""
}
