package fit

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/moralebreak/moralebreak/lab"
)

// Measure is one expectation measured on a set of fights: the
// statistic, its 95% interval, the check's verdict and how far it misses
// the range shrunk by the margin, which is what a fit minimises.
type Measure struct {
	Metric string  `json:"metric"`
	Stat   string  `json:"stat"`
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
	Line   int     `json:"line"`
	// Scenario is the expectation's file in a fit of several scenarios.
	Scenario string `json:"scenario,omitempty"`
	// Got is the statistic (nil when no fight defined it: a time that never
	// happened).
	Got *float64 `json:"got"`
	// CI95 is its 95% interval (lab.StatInterval): Wilson's for a share,
	// the normal one for a mean, the distribution-free order-statistic one
	// for a percentile, the exact bootstrap one for min and max. Its upper
	// bound is +Inf (null in fit.json) when it falls on a fight where the
	// time never came, as check's "[95% CI 28.7, never]"; it is nil when
	// there is none (no fight defined the statistic, or it is never).
	CI95 *Interval `json:"ci95"`
	// Pass is the check's verdict: Got lies in Lo..Hi (what `moralesim
	// check` says).
	Pass bool `json:"pass"`
	// Margin is how far inside Lo..Hi a fit wants Got: one standard error
	// of the statistic, at most a quarter of the range (not at a bound the
	// statistic cannot cross: Lo ≤ 0, or Hi at its natural span).
	Margin float64 `json:"margin"`
	// Miss is how far Got lies outside Lo+Margin..Hi−Margin, divided by the
	// expectation's unit (its range's width, within 1%..100% of the
	// metric's natural span); 0 when it holds with margin.
	Miss float64 `json:"miss"`
}

// Interval is a 95% interval, lo and hi; hi may be +Inf (never), which
// fit.json holds as null.
type Interval [2]float64

// MarshalJSON writes the interval as [lo, hi], +Inf as null.
func (iv Interval) MarshalJSON() ([]byte, error) {
	var out [2]*float64
	for i, v := range iv {
		if !math.IsInf(v, 1) {
			out[i] = &v
		}
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads what MarshalJSON writes: null is +Inf.
func (iv *Interval) UnmarshalJSON(data []byte) error {
	var in [2]*float64
	if err := json.Unmarshal(data, &in); err != nil {
		return err
	}
	for i, v := range in {
		iv[i] = math.Inf(1)
		if v != nil {
			iv[i] = *v
		}
	}
	return nil
}

// measure is one candidate's expectations on one set of fights.
type measure struct {
	expects   []Measure
	objective float64
	// at, lo and hi are each expectation's statistic and its range shrunk by
	// the margin, in units of the expectation (what Miss is measured in): the
	// linear model of the subset search works in these.
	at, lo, hi []float64
}

// measureExpects measures sc's expectations on runs (the fights of one
// Monte-Carlo, complete), with Check's verdicts.
func measureExpects(sc *lab.Scenario, h lab.Header, runs []lab.RunResult) measure {
	sum := lab.Summarize(h, runs)
	verdicts := lab.Check(sc, &sum, runs)
	var m measure
	for i, e := range sc.Expects {
		v := verdicts[i]
		em := Measure{Metric: e.Name(), Stat: e.Stat, Lo: e.Lo, Hi: e.Hi, Line: e.Line, Pass: v.Pass}
		got := math.NaN()
		// A percentile that is never (+Inf: lab.ExpectValues) is, like an
		// undefined statistic, no number in fit.json, and its interval none.
		if v.Defined && !math.IsInf(v.Got, 1) {
			got = v.Got
			g := got
			em.Got = &g
		}
		se := 0.0
		if v.HasCI && em.Got != nil {
			em.CI95 = &Interval{v.Lo95, v.Hi95}
			if !math.IsInf(v.Hi95, 1) {
				se = (v.Hi95 - v.Lo95) / (2 * lab.Z95)
			}
		}
		span := naturalSpan(sc, e.Metric, e.After != "", e.Stat)
		unit := math.Min(math.Max(e.Hi-e.Lo, span/100), span)
		if em.Got == nil {
			// A time that never happened is, for the distance, at the end of
			// the fight.
			got = sc.Duration
		}
		var lo, hi float64
		lo, hi, em.Margin = withMargin(e, se, span)
		switch {
		case got < lo:
			em.Miss = (lo - got) / unit
		case got > hi:
			em.Miss = (got - hi) / unit
		}
		m.objective += em.Miss
		m.expects = append(m.expects, em)
		m.at, m.lo, m.hi = append(m.at, got/unit), append(m.lo, lo/unit), append(m.hi, hi/unit)
	}
	return m
}

// withMargin returns e's range shrunk by the margin a fit wants a statistic
// of standard error se inside it (Measure.Margin: se, at most a quarter of
// the range), and that margin. No statistic here is below 0 or above its
// span: a bound there needs no margin (a share of 0 meets 0..0.05).
func withMargin(e lab.Expect, se, span float64) (lo, hi, margin float64) {
	margin = math.Min((e.Hi-e.Lo)/4, se)
	lo, hi = e.Lo, e.Hi
	if lo > 0 {
		lo += margin
	}
	if hi < span {
		hi -= margin
	}
	return lo, hi, margin
}

// shareReachable reports whether a share over n fights, k/n for some k,
// can lie in e's range with the margin a fit wants (withMargin, the
// standard error from Wilson's interval, as measureExpects has it).
func shareReachable(e lab.Expect, n int) bool {
	if n <= 0 {
		return false
	}
	nf := float64(n)
	for k := max(0, int(math.Floor(e.Lo*nf))); k <= min(n, int(math.Ceil(e.Hi*nf))); k++ {
		got := float64(k) / nf
		wlo, whi := lab.Wilson(k, n)
		if lo, hi, _ := withMargin(e, (whi-wlo)/(2*lab.Z95), 1); got >= lo && got <= hi {
			return true
		}
	}
	return false
}

// tooFine says, for an expectation of a share measured on runs fights per
// candidate, why no budget can meet it when no share those fights can give
// lies in its range with margin: a share of n fights moves in steps of 1/n
// (of the m ≤ n fights where its given happened, with given), so a range
// narrower than a step may hold none. Without given, it names the fights per
// candidate from which on every count can (from 2/width on a step is at most
// half the range, which the margin never narrows by more; fewer may do too).
// It returns "" when runs can give one, or for another statistic.
func tooFine(e lab.Expect, runs int) string {
	if e.Stat != "share" || runs <= 0 {
		return ""
	}
	reachable := func(n int) bool { return shareReachable(e, n) }
	if e.Given != "" {
		// Over the fights where the given happened: any number up to runs.
		reachable = func(n int) bool {
			for m := 1; m <= n; m++ {
				if shareReachable(e, m) {
					return true
				}
			}
			return false
		}
	}
	if reachable(runs) {
		return ""
	}
	over := fmt.Sprintf("a share of %d fights per candidate moves in steps of %s", runs, lab.FormatFigures(1/float64(runs), 3))
	more := "more fights per candidate (-runs)"
	if e.Given != "" {
		over = fmt.Sprintf("a share of the at most %d fights per candidate where %s happened moves in steps of %s or more", runs, e.Given, lab.FormatFigures(1/float64(runs), 3))
		more = "more fights per candidate (-runs), so that more have " + e.Given + ","
	} else if g := math.Ceil(2 / (e.Hi - e.Lo)); g <= maxFitRuns {
		n := max(int(g), runs+1)
		for n-1 > runs && reachable(n-1) {
			n--
		}
		more = fmt.Sprintf("more fights per candidate (-runs %d or more)", n)
	}
	return fmt.Sprintf("%s, and none of them lies in the range with the margin of a standard error, so no budget can help: %s or a wider range can", over, more)
}

// naturalSpan is the range a metric's statistic can take: 1 for a share,
// the metric's own bound (lab.Metric.Bounds: 1 for a metric in 0..1, the
// fight's duration for a time) or the fight's duration for a time after an
// event, and the men of the scenario for other counts.
func naturalSpan(sc *lab.Scenario, metric string, after bool, stat string) float64 {
	m, _ := lab.MetricByName(sc, metric)
	switch _, hi := m.Bounds(sc.Duration); {
	case stat == "share":
		return 1
	case !math.IsInf(hi, 1):
		return hi
	case after:
		return sc.Duration
	}
	men := 0
	for _, sq := range sc.Squads {
		men += sq.Size
	}
	return float64(max(1, men))
}

// contradictions returns an error for every pair of sc's expectations that
// no set of fights can meet together (lab.Clashes), each naming both lines.
func contradictions(sc *lab.Scenario) error {
	var errs []error
	lab.Clashes(sc.Expects, func(i int, msg string) {
		errs = append(errs, &lab.ScenarioError{File: sc.Path, Line: sc.Expects[i].Line, Key: "expect", Msg: msg})
	})
	slices.SortStableFunc(errs, func(a, b error) int {
		return cmp.Compare(a.(*lab.ScenarioError).Line, b.(*lab.ScenarioError).Line)
	})
	return errors.Join(errs...)
}

// fightOf is what decides every statistic of sc's fights: the duration, the
// squads and the events. Not sample, which only sets how often morale is
// recorded for the plots, nor the two windows, which each decide one metric
// (sameWindows).
func fightOf(sc *lab.Scenario) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v|", sc.Duration)
	for _, sq := range sc.Squads {
		j, _ := json.Marshal(sq.ScenarioSquad)
		b.Write(j)
	}
	b.WriteString("|")
	for _, ev := range sc.Events {
		j, _ := json.Marshal(ev.ScenarioEvent)
		b.Write(j)
	}
	return b.String()
}

// sameWindows reports whether a and b, two scenarios of the same fight
// (fightOf), measure e's statistic alike: cascade_window decides
// largest_cascade, rebreak_window rebreaks, as e's metric or its given.
func sameWindows(a, b *lab.Scenario, e lab.Expect) bool {
	uses := func(metric string) bool { return e.Metric == metric || e.Given == metric }
	return (!uses("largest_cascade") || a.CascadeWindow == b.CascadeWindow) &&
		(!uses("rebreaks") || a.RebreakWindow == b.RebreakWindow)
}

// crossConflicts returns an error for every pair of expectations of two of
// scs that describe the same fight (fightOf, and sameWindows for the
// statistic) and that no set of fights can meet together (lab.Clash, the check
// of one file's): no weights can meet both. Each names both files and lines.
func crossConflicts(scs []*lab.Scenario) error {
	fights := make([]string, len(scs)) // each scenario's fightOf, once
	for i, sc := range scs {
		fights[i] = fightOf(sc)
	}
	var errs []error
	for i, a := range scs {
		for j, b := range scs[:i] {
			if fights[i] != fights[j] {
				continue
			}
			for _, ea := range a.Expects {
				if !sameWindows(a, b, ea) {
					continue
				}
				for _, eb := range b.Expects {
					if msg := lab.Clash(ea, eb, fmt.Sprintf("line %d", ea.Line), fmt.Sprintf("%s:%d, the same fight", b.Path, eb.Line)); msg != "" {
						errs = append(errs, &lab.ScenarioError{File: a.Path, Line: ea.Line, Key: "expect", Msg: msg})
					}
				}
			}
		}
	}
	return errors.Join(errs...)
}

// maxConflicts is the most lines each list of problems returns: past it, one
// line says how many more it left out.
const maxConflicts = 20

// problems names, from the search's valid candidates in log, why no
// candidate met every expectation. conflicts are the expectations that pull
// against each other: pairs each met with margin by some candidate but never
// by the same one, or, when every pair was met together by someone, how many
// expectations the best candidate met at once. neverMet are the expectations
// no candidate met, each alone, with the range their statistic took. Each
// list holds at most maxConflicts lines, and one more with how many it left
// out. Which candidates met each expectation is a set of bits, so its memory
// grows with expectations × candidates, never with the pairs.
func problems(scs []*lab.Scenario, log []Evaluation) (conflicts, neverMet []string) {
	var expects []lab.Expect
	var files []string
	for _, sc := range scs {
		expects = append(expects, sc.Expects...)
		for range sc.Expects {
			files = append(files, sc.Path)
		}
	}
	n := len(expects)
	var seenLog []int // the log's evaluations that count, in order
	runs := 0         // the most fights of one of them
	for k, ev := range log {
		if ev.Valid && (ev.Phase == "search" || ev.Phase == "start" || ev.Phase == "screen" || ev.Phase == "subset") {
			seenLog = append(seenLog, k)
			runs = max(runs, ev.Runs)
		}
	}
	seen, words := len(seenLog), (len(seenLog)+63)/64
	metBy := make([]uint64, n*words) // bit c of row i: candidate c met expectation i
	met := make([]int, n)
	lo, hi := make([]float64, n), make([]float64, n)
	inside := make([]int, n) // candidates whose statistic lay in the range, margin or not
	for i := range lo {
		lo[i], hi[i] = math.Inf(1), math.Inf(-1)
	}
	most := 0
	for c, k := range seenLog {
		ev := log[k]
		m := 0
		for i := 0; i < n; i++ {
			if g := ev.Got[i]; g != nil {
				lo[i], hi[i] = math.Min(lo[i], *g), math.Max(hi[i], *g)
				if *g >= expects[i].Lo && *g <= expects[i].Hi {
					inside[i]++
				}
			}
			if ev.Miss[i] > 0 {
				continue
			}
			met[i]++
			m++
			metBy[i*words+c/64] |= 1 << (c % 64)
		}
		most = max(most, m)
	}
	together := func(i, j int) bool {
		a, b := metBy[i*words:(i+1)*words], metBy[j*words:(j+1)*words]
		for w := range a {
			if a[w]&b[w] != 0 {
				return true
			}
		}
		return false
	}
	name := func(i int) string {
		e := expects[i]
		if len(scs) > 1 {
			return fmt.Sprintf("%s %s (%s:%d)", e.Name(), e.Stat, files[i], e.Line)
		}
		return fmt.Sprintf("%s %s (line %d)", e.Name(), e.Stat, e.Line)
	}
	conflicts, neverMet = []string{}, []string{}
	never, pairs := 0, 0
	for i := 0; i < n; i++ {
		if met[i] > 0 {
			continue
		}
		if never++; len(neverMet) == maxConflicts {
			continue
		}
		e := expects[i]
		took := "was never defined"
		if lo[i] <= hi[i] {
			took = fmt.Sprintf("ranged %s..%s", lab.FormatNumber(lo[i]), lab.FormatNumber(hi[i]))
		}
		why := tooFine(e, runs)
		switch {
		case why != "":
		case inside[i] > 0:
			// The keys reach the range: noise, or the budget, kept every
			// candidate from holding it with margin.
			why = fmt.Sprintf("%s put it inside the range, none with the margin of a standard error: more fights per candidate (-runs) narrow the margin, a larger -budget tries more candidates", lab.Plural(inside[i], "candidate"))
		case lo[i] <= e.Hi && hi[i] >= e.Lo:
			why = "the keys move it across the range, but no candidate landed in it: a larger -budget tries more candidates"
		default:
			why = "the keys cannot move it far enough (name others with -keys)"
		}
		neverMet = append(neverMet, fmt.Sprintf("%s over %s %s, want %s..%s; %s", name(i), lab.Plural(seen, "candidate"), took, lab.FormatExact(e.Lo), lab.FormatExact(e.Hi), why))
	}
	for i := 0; i < n; i++ {
		for j := 0; j < i; j++ {
			if met[i] == 0 || met[j] == 0 || together(i, j) {
				continue
			}
			if pairs++; len(conflicts) == maxConflicts {
				continue
			}
			conflicts = append(conflicts, fmt.Sprintf("%s and %s pull against each other: %s met the first, %d the second, none both", name(j), name(i), lab.Plural(met[j], "candidate"), met[i]))
		}
	}
	if left := never - len(neverMet); left > 0 {
		neverMet = append(neverMet, fmt.Sprintf("%s not listed, %d in all", lab.Plural(left, "more expectation"), never))
	}
	if left := pairs - len(conflicts); left > 0 {
		conflicts = append(conflicts, fmt.Sprintf("%s not listed, %d pulling against each other in all", lab.Plural(left, "more pair"), pairs))
	}
	if never == 0 && pairs == 0 && most < n {
		conflicts = append(conflicts, fmt.Sprintf("every pair of expectations was met together by some candidate, but no candidate met more than %d of the %d at once", most, n))
	}
	return conflicts, neverMet
}
