package lab

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/moralebreak/moralebreak/morale"
)

// Intents a designer means: an expectation conditioned on another metric
// (Expect.Given: only the fights where it happened count) and metrics
// measured after an event (Expect.After: steady_s and squad_steady_s.NAME,
// the seconds from the event's first occurrence until every living man, of
// the squad, is Steady).

// steadySquad reports whether metric is measured after an event, and of
// which squad (-1: every man): "steady_s" or "squad_steady_s.NAME".
func steadySquad(sc *Scenario, metric string) (int, bool) {
	if metric == "steady_s" {
		return -1, true
	}
	name, ok := strings.CutPrefix(metric, "squad_steady_s.")
	if !ok {
		return 0, false
	}
	i := slices.IndexFunc(sc.Squads, func(sq SquadSpec) bool { return sq.Name == name })
	return i, i >= 0
}

// anchorTime returns when news first comes in every fight of sc: the
// earliest [[event]] reporting it, which must be at a fixed time (no
// jitter), or an error saying what is wrong.
func anchorTime(sc *Scenario, news morale.Event) (float64, error) {
	first := -1
	for i, ev := range sc.Events {
		if (ev.Do == "event" || ev.Do == "reinforce") && ev.Event == news && (first < 0 || ev.T < sc.Events[first].T) {
			first = i
		}
	}
	if first < 0 {
		return 0, fmt.Errorf("no [[event]] reports %q; after names the news of an event (do = \"event\" or \"reinforce\")", news)
	}
	if ev := sc.Events[first]; ev.Jitter > 0 {
		return 0, fmt.Errorf("the first %s (event on line %d) has jitter %s s; after needs an event at a fixed time", news, ev.Line, FormatExact(ev.Jitter))
	}
	return sc.Events[first].T, nil
}

// anchor is one metric measured after an event, in RunResult.After.
type anchor struct {
	metric string
	news   morale.Event
	squad  int // -1: every man
	t      float64
}

// afterKeys returns the metrics measured after an event that expects
// name, each once, in the order they first appear: the layout of
// RunResult.After.
func afterKeys(expects []Expect) []Expect {
	var out []Expect
	for _, e := range expects {
		if e.After != "" && !slices.ContainsFunc(out, func(o Expect) bool { return o.Metric == e.Metric && o.After == e.After }) {
			out = append(out, e)
		}
	}
	return out
}

// anchors returns afterKeys of sc's expectations, with their squads and
// times.
func anchors(sc *Scenario) []anchor {
	var out []anchor
	for _, e := range afterKeys(sc.Expects) {
		sq, _ := steadySquad(sc, e.Metric)
		t, _ := anchorTime(sc, morale.Event(e.After))
		out = append(out, anchor{metric: e.Metric, news: morale.Event(e.After), squad: sq, t: t})
	}
	return out
}

// ExpectValues returns the values an expectation's statistic is computed
// from: e's metric over runs, or over the fights where e.Given happened
// (xs: where the metric is defined; happened: where it happened or was
// above zero; n: the fights counted). Given a condition, a percentile of a
// time counts every fight of the condition: one where the time never came
// counts as never, +Inf, after every time of every fight, so that "when it
// breaks, the first rout before 20 s at the median" counts the fights that
// broke without a rout against it, and a percentile that falls on such a
// fight, or between it and a time that came, is never (Percentile), which
// no range holds: not a blend of a time and the end of the fight. squads
// and expects are the scenario's (or a header's). m is e's metric
// (expectMetric), whose bounds an interval keeps within. ok is false when a
// metric is unknown.
func ExpectValues(squads []string, expects []Expect, e Expect, runs []RunResult) (m Metric, xs []float64, happened, n int, ok bool) {
	m, ok = expectMetric(squads, expects, e)
	if !ok {
		return m, nil, 0, 0, false
	}
	idx := []int(nil)
	if e.Given != "" {
		g, ok := Header{Squads: squads}.Metric(e.Given)
		if !ok {
			return m, nil, 0, 0, false
		}
		idx = []int{}
		for i := range runs {
			if v, def := g.Get(&runs[i]); def && (g.Time || v > 0) {
				idx = append(idx, i)
			}
		}
	}
	n = len(runs)
	if idx != nil {
		n = len(idx)
	}
	xs, happened = m.values(runs, idx)
	if _, pct := percentileOf[e.Stat]; pct && idx != nil && m.Time {
		for len(xs) < n {
			xs = append(xs, math.Inf(1))
		}
	}
	return m, xs, happened, n, true
}

// expectMetric returns the metric e measures: a metric of the squads, or
// the time after an event (e.After); false when there is none.
func expectMetric(squads []string, expects []Expect, e Expect) (Metric, bool) {
	if e.After == "" {
		return Header{Squads: squads}.Metric(e.Metric)
	}
	k := slices.IndexFunc(afterKeys(expects), func(o Expect) bool { return o.Metric == e.Metric && o.After == e.After })
	if k < 0 {
		return Metric{}, false
	}
	return timeMetric(e.Metric+" after "+e.After, "", func(r *RunResult) *float64 {
		if k < len(r.After) {
			return r.After[k]
		}
		return nil
	}), true
}

// statOf returns stat over xs (happened of n fights had it), as Stat.Value
// does; false when undefined. It sorts xs.
func statOf(stat string, xs []float64, happened, n int) (float64, bool) {
	if stat == "share" {
		return float64(happened) / float64(max(1, n)), n > 0
	}
	if len(xs) == 0 {
		return 0, false
	}
	if stat == "mean" {
		return Mean(xs), true
	}
	p, ok := percentileOf[stat]
	if !ok {
		return 0, false
	}
	slices.Sort(xs)
	return Percentile(xs, p), true
}
