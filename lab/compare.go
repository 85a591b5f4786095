package lab

import (
	"context"
	"fmt"
	"math"
)

// Difference is one metric of a paired comparison of two settings.
type Difference struct {
	Metric string
	// NA and NB are the fights where each side defines the metric (for a
	// time, where it happened; every fight for a count); MeanA and MeanB are
	// the plain means over them, the means run reports for each side (nil
	// when no fight defines it).
	NA, NB       int
	MeanA, MeanB *float64
	// N is the number of fights where both sides define the metric;
	// PairedA and PairedB are the means over those fights only, Diff is
	// PairedB − PairedA and SE the standard error of the paired
	// differences. For a count, N is every fight and the paired means are
	// the plain ones.
	N                          int
	PairedA, PairedB, Diff, SE float64
	// Lo95 and Hi95 are Diff's 95% interval, Diff ∓ 1.96·SE within what a
	// difference of the metric can be (Metric.Bounds: −1..1 for a share or
	// a flag, −duration..duration for a time).
	Lo95, Hi95 float64
	// ShareA and ShareB are the shares of fights where it happened (or was
	// above zero); ShareSE is the standard error of the paired difference
	// ShareB − ShareA, and ShareLo95..ShareHi95 its 95% interval, within
	// −1..1.
	ShareA, ShareB, ShareSE float64
	ShareLo95, ShareHi95    float64
	// Differs is true when |Diff| > 1.96·SE for the paired means, or the
	// shares differ beyond their paired noise.
	Differs bool
}

// Never reports whether the metric happened (a time) or was above zero (a
// count) in no fight of either side: there is nothing to compare, and
// "the same within the noise" would say there was.
func (d Difference) Never() bool { return d.ShareA == 0 && d.ShareB == 0 }

// CompareResult is a paired comparison of settings A and B on one scenario.
type CompareResult struct {
	Runs int
	Seed uint64
	// A and B summarize each side's fights, as run would (their headers
	// hold the scenario and the settings each changed from the defaults).
	A, B Summary
	// Diffs holds one Difference per metric, in the order of Metrics.
	Diffs []Difference
}

// Compare runs a and b, one scenario under two settings (each its
// Settings, read from its weights file), on the same seeds and compares
// every metric run by run (paired), which cancels most of the noise of the
// fights. a and b must be the same scenario file (the same Hash). progress,
// when not nil, is told the fights done of both sides (of 2×runs).
func Compare(ctx context.Context, a, b *Scenario, runs int, seed uint64, progress Progress) (CompareResult, error) {
	if a.Hash != b.Hash {
		return CompareResult{}, fmt.Errorf("compare: %s and %s are different scenarios", a.Path, b.Path)
	}
	sc := a
	plan := func(side *Scenario, before int) Plan {
		p := Plan{Scenario: side, Settings: side.Settings, Seed: seed, Runs: runs}
		if progress != nil {
			p.Progress = func(done float64, _ int) { progress(float64(before)+done, 2*runs) }
		}
		return p
	}
	pa := plan(a, 0)
	ra, err := MonteCarlo(ctx, pa)
	if err != nil {
		return CompareResult{}, fmt.Errorf("settings A: %w", err)
	}
	pb := plan(b, runs)
	rb, err := MonteCarlo(ctx, pb)
	if err != nil {
		return CompareResult{}, fmt.Errorf("settings B: %w", err)
	}
	res := CompareResult{Runs: runs, Seed: seed, A: Summarize(NewHeader(pa), ra), B: Summarize(NewHeader(pb), rb)}
	for _, m := range Metrics(sc) {
		res.Diffs = append(res.Diffs, PairedDifference(m, ra, rb, sc.Duration))
	}
	return res, nil
}

// PairedDifference compares metric m run by run over ra and rb, the same
// seeds (ra[i] and rb[i] the same fight) under two settings: the plain
// means and shares of each side, the paired means over the fights where
// both define it, and the paired difference of the shares, each with its
// standard error and 95% interval (within what a difference of m can be in
// fights of duration seconds). Only the first min(len(ra), len(rb)) runs of
// each are compared.
func PairedDifference(m Metric, ra, rb []RunResult, duration float64) Difference {
	n := min(len(ra), len(rb))
	ra, rb = ra[:n], rb[:n]
	sa, sb := metricStat(m, ra, nil), metricStat(m, rb, nil)
	d := Difference{Metric: m.Name, NA: sa.N, NB: sb.N, MeanA: sa.Mean, MeanB: sb.Mean, ShareA: sa.Share, ShareB: sb.Share}
	var da, db, diffs, hdiffs []float64
	for i := range ra {
		va, oka := m.Get(&ra[i])
		vb, okb := m.Get(&rb[i])
		ha, hb := oka && (m.Time || va > 0), okb && (m.Time || vb > 0)
		hdiffs = append(hdiffs, b2f(hb)-b2f(ha))
		if oka && okb {
			da, db = append(da, va), append(db, vb)
			diffs = append(diffs, vb-va)
		}
	}
	d.N = len(diffs)
	if d.N > 0 {
		d.PairedA, d.PairedB, d.Diff = Mean(da), Mean(db), Mean(diffs)
		d.SE = StdErr(diffs)
		d.Differs = beyondNoise(d.Diff, d.SE)
		lo, hi := m.Bounds(duration)
		d.Lo95, d.Hi95 = normal95(d.Diff, d.SE, lo-hi, hi-lo)
	}
	if len(hdiffs) > 0 {
		d.ShareSE = StdErr(hdiffs)
		if beyondNoise(Mean(hdiffs), d.ShareSE) {
			d.Differs = true
		}
		d.ShareLo95, d.ShareHi95 = normal95(d.ShareB-d.ShareA, d.ShareSE, -1, 1)
	}
	return d
}

// normal95 returns the normal 95% interval x ∓ 1.96·se, clamped to floor..ceil.
func normal95(x, se, floor, ceil float64) (lo, hi float64) {
	return math.Max(floor, x-Z95*se), math.Min(ceil, x+Z95*se)
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func beyondNoise(diff, se float64) bool {
	if se == 0 {
		return diff != 0
	}
	return math.Abs(diff) > Z95*se
}
