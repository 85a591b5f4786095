package fit

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/moralebreak/moralebreak/lab"
	"gonum.org/v1/gonum/mat"
)

// The subset search: the smallest change that works. Before the search over
// every key, the fit measures how each key moves each expectation (a
// central difference of ±screenStep, on the search's fights: common random
// numbers make it precise), and, in that linear model, finds for every
// subset of at most maxSubset keys the least change that puts every
// expectation inside its range. The subsets the model says can do it, the
// fewest keys first and then the least change, are searched with CMA-ES
// over their keys alone (the rest at the start), from the model's answer.
// The full search over every key runs only when none of them meets every
// expectation; the subset search spends at most half of the search's
// fights.
const (
	// screenStep is the probe of each key, in search coordinates (15% of
	// its scale).
	screenStep = 0.15
	// maxSubset is the largest subset the model looks at.
	maxSubset = 4
	// subsetProbes is how many of the model's answers are measured, and
	// subsetTries how many subsets are then searched at most.
	subsetProbes = 8
	subsetTries  = 3
	// subsetGenerations is each subset search's generations at most (at
	// least 4, or it is not run).
	subsetGenerations = 12
	// modelSlack is the model's predicted miss below which a subset counts
	// as able to meet every expectation (the model is linear, the fights
	// are not).
	modelSlack = 0.05
)

// subsetPlan is one subset of keys and the model's answer for it.
type subsetPlan struct {
	keys []int
	u    []float64 // search coordinates of keys
	miss float64   // the model's predicted miss
	l1   float64   // Σ|u|
}

// screen measures the model: the start's expectations and, per key, their
// change per unit of search coordinate. It returns nil when the budget
// cannot pay for it and four generations of a subset search.
func (f *fitter) screen(ctx context.Context, start candidate) ([][]float64, error) {
	n := len(f.keys)
	if !f.afford(2*n*f.z.runs + f.z.reserve + 4*population(2)*f.z.runs) {
		return nil, nil
	}
	slope := make([][]float64, n)
	for i, k := range f.keys {
		lo, hi := -screenStep, screenStep
		if _, out := k.value(lo); out > 0 { // one-sided at the range's edge
			lo = 0
		}
		if _, out := k.value(hi); out > 0 {
			hi = 0
		}
		if lo == hi {
			continue
		}
		at := func(u float64) (measure, bool, error) {
			if u == 0 {
				return start.m, true, nil
			}
			v := f.startValues()
			v[i], _ = k.value(u)
			c, err := f.measure(ctx, "screen", v, f.z.runs, f.cfg.Seed, f.workers)
			return c.m, c.valid, err
		}
		a, okA, err := at(lo)
		if err != nil {
			return nil, err
		}
		b, okB, err := at(hi)
		if err != nil {
			return nil, err
		}
		if !okA || !okB {
			continue
		}
		slope[i] = make([]float64, len(b.at))
		for e := range b.at {
			slope[i][e] = (b.at[e] - a.at[e]) / (hi - lo)
		}
	}
	return slope, nil
}

// plans returns the subsets worth a search, best first: those the model
// says meet every expectation, by size and then by change.
func (f *fitter) plans(start measure, slope [][]float64) []subsetPlan {
	var usable []int
	for i, s := range slope {
		if s != nil {
			usable = append(usable, i)
		}
	}
	var out []subsetPlan
	var walk func(from int, keys []int)
	walk = func(from int, keys []int) {
		if len(keys) > 0 {
			if p, ok := f.solve(start, slope, keys); ok && p.miss <= modelSlack {
				out = append(out, p)
			}
		}
		if len(keys) == maxSubset {
			return
		}
		for j := from; j < len(usable); j++ {
			walk(j+1, append(slices.Clone(keys), usable[j]))
		}
	}
	walk(0, nil)
	slices.SortStableFunc(out, func(a, b subsetPlan) int {
		return cmp.Or(cmp.Compare(len(a.keys), len(b.keys)), cmp.Compare(a.l1, b.l1))
	})
	return out
}

// solve finds, in the linear model, the change of keys nearest each
// expectation's range's middle (least squares, with a small pull to the
// start), keeps it within the keys' ranges, and returns it with the miss
// the model predicts.
func (f *fitter) solve(start measure, slope [][]float64, keys []int) (subsetPlan, bool) {
	ne, nk := len(start.at), len(keys)
	a := mat.NewDense(ne+nk, nk, nil)
	b := mat.NewVecDense(ne+nk, nil)
	for e := 0; e < ne; e++ {
		for j, i := range keys {
			a.Set(e, j, slope[i][e])
		}
		b.SetVec(e, (start.lo[e]+start.hi[e])/2-start.at[e])
	}
	for j := range keys {
		a.Set(ne+j, j, 1e-3) // a pull to the start: a unique answer
	}
	var x mat.VecDense
	if err := x.SolveVec(a, b); err != nil {
		return subsetPlan{}, false
	}
	p := subsetPlan{keys: keys, u: make([]float64, nk)}
	for j, i := range keys {
		v, _ := f.keys[i].value(x.AtVec(j))
		p.u[j] = (v - f.keys[i].Start) / f.keys[i].Scale
		p.l1 += math.Abs(p.u[j])
	}
	for e := 0; e < ne; e++ {
		g := start.at[e]
		for j, i := range keys {
			g += slope[i][e] * p.u[j]
		}
		p.miss += math.Max(0, start.lo[e]-g) + math.Max(0, g-start.hi[e])
	}
	return p, true
}

// subsets runs the subset search; it reports whether a candidate met every
// expectation with margin.
func (f *fitter) subsets(ctx context.Context, start candidate) (bool, error) {
	// The subset search may spend half of what the search has; the search
	// over every key keeps the rest.
	stop := f.left() / 2
	slope, err := f.screen(ctx, start)
	if err != nil || slope == nil {
		return false, err
	}
	plans := f.plans(start.m, slope)
	if len(plans) == 0 {
		f.note("subset search: no subset of at most %d of the keys meets every expectation in the linear model; searching every key", maxSubset)
		return false, nil
	}
	// The model's answers of the most promising plans, measured: the
	// model is linear, the fights are not. The subsets whose answers come
	// nearest are searched first.
	plans = plans[:min(len(plans), subsetProbes)]
	got := make([]float64, len(plans))
	for t, p := range plans {
		if !f.afford(f.z.runs + f.z.reserve) {
			plans = plans[:t]
			break
		}
		v := f.startValues()
		for j, i := range p.keys {
			v[i], _ = f.keys[i].value(p.u[j])
		}
		c, err := f.measure(ctx, "screen", v, f.z.runs, f.cfg.Seed, f.workers)
		if err != nil {
			return false, err
		}
		got[t] = invalidScore
		if c.valid {
			got[t] = c.m.objective
		}
		if c.valid && c.m.objective == 0 {
			plans, got = plans[t:t+1], got[t:t+1]
			break
		}
	}
	order := make([]int, len(plans))
	for t := range order {
		order[t] = t
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(got[a], got[b]) })
	tried := 0
	for t, o := range order[:min(len(order), subsetTries)] {
		p := plans[o]
		gens := min(subsetGenerations, (f.left()-stop)/(population(len(p.keys))*f.z.runs))
		if gens < 3 {
			break
		}
		names := make([]string, len(p.keys))
		for j, i := range p.keys {
			names[j] = f.keys[i].Key
		}
		tried++
		f.note("subset search %d: %s (the linear model's miss %.3g)", t+1, strings.Join(names, ", "), p.miss)
		if _, err := f.cmaes(ctx, "subset", t, p.keys, p.u, 0.1, gens); err != nil {
			if ctx.Err() != nil {
				return false, ctx.Err()
			}
			f.note("subset search %d ended early: %v", t+1, err)
		}
		if b := f.bestSoFar(); b != nil && b.m.objective == 0 {
			return true, nil
		}
	}
	if tried == 0 {
		f.note("subset search: the budget leaves too little for one; searching every key")
		return false, nil
	}
	none := "the subset did not meet"
	if tried > 1 {
		none = fmt.Sprintf("none of the %d subsets met", tried)
	}
	closest := ""
	if b := f.bestSoFar(); b != nil {
		closest = fmt.Sprintf(" (the closest misses by %s)", lab.FormatNumber(b.m.objective))
	}
	f.note("subset search: %s every expectation with margin%s; searching every key", none, closest)
	return false, nil
}
