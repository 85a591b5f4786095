package morale

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
)

// RoundChanges writes changes of morale, which take it from morale from
// to morale to (they sum to to − from), each with a sign and two decimals
// so that, read as written, they add up exactly to to − from as two
// decimals print them (%.2f, strconv.FormatFloat's 'f' with 2): rounded on
// its own, each to the nearest hundredth, −0.35, −0.35 for a fall from 1.00
// to 0.31 read −0.70 in all against a fall of 0.69.
//
// The rule is the largest remainder method in hundredths: each change is
// first rounded down to a hundredth, then the hundredths still missing from
// the printed difference go, one each, to the changes that lost the most to
// that rounding, the first of equals in the order given (an Explanation's
// Causes are the largest first). Each change is written within a hundredth
// of its true value (the printed ends may take it to exactly a hundredth
// off when both lie on a half hundredth), and the written sum is exact
// whatever the ends, when one change at least is not 0.
//
// A change of exactly 0 gets no hundredth and reads ±0.00, as FormatChange
// writes it: it moved nothing. A change that gets no hundredth but is not 0
// (too small to print, or rounded down to make the sum) reads +0.00 or
// −0.00, its sign kept: it moved him, up or down, by less than a hundredth,
// which the sum had no room for. A change that is not finite, or all of
// them when from or to is not, is written as FormatChange writes it, and
// counts for nothing; so is a number of a billion or more, far beyond any
// morale, whose hundredths a float64 does not hold.
func RoundChanges(from, to float64, changes []float64) []string {
	out := make([]string, len(changes))
	countable := func(v float64) bool { return math.Abs(v) < 1e9 } // hundredths a float64 holds; false for NaN and ±Inf
	if !countable(from) || !countable(to) {
		for k, v := range changes {
			out[k] = FormatChange(v)
		}
		return out
	}
	hundredths := func(v float64) int64 {
		f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'f', 2, 64), 64) // always parses
		return int64(math.Round(f * 100))
	}
	missing := hundredths(to) - hundredths(from)
	parts := make([]int64, len(changes))
	var moved []int // the changes that may take a hundredth: countable, not 0
	for k, v := range changes {
		if v == 0 || !countable(v) {
			continue
		}
		parts[k] = int64(math.Floor(v * 100))
		missing -= parts[k]
		moved = append(moved, k)
	}
	// lost is what change k lost to its part: the first to gain a
	// hundredth is the one that lost the most, the first to give one up
	// the one that lost the least.
	lost := func(k int) float64 { return float64(changes[k]*100) - float64(parts[k]) }
	if n := int64(len(moved)); n > 0 && missing != 0 {
		// far from the sum (ends that are not the changes' sum): as
		// many hundredths each as every change can take, then the rest
		each := missing / n
		for _, k := range moved {
			parts[k] += each
		}
		missing -= each * n
		step := int64(1)
		if missing < 0 {
			step, missing = -1, -missing
		}
		slices.SortStableFunc(moved, func(i, j int) int { return int(step) * cmp.Compare(lost(j), lost(i)) })
		for _, k := range moved[:missing] {
			parts[k] += step
		}
	}
	for k, v := range changes {
		switch {
		case v == 0 || !countable(v):
			out[k] = FormatChange(v)
		case parts[k] > 0 || parts[k] == 0 && v > 0:
			out[k] = "+" + cents(parts[k])
		default:
			out[k] = "−" + cents(-parts[k])
		}
	}
	return out
}

// cents writes a ≥ 0 hundredths with two decimals: 31 is 0.31.
func cents(a int64) string { return fmt.Sprintf("%d.%02d", a/100, a%100) }
