package lab

import (
	"context"
	"fmt"
	"math"

	"github.com/moralebreak/moralebreak/morale"
)

// Difference is one metric of a paired comparison of two settings.
type Difference struct {
	Metric string
	// N is the number of runs where both sides define the metric.
	N int
	// MeanA and MeanB are the means over those runs; Diff is MeanB − MeanA
	// and SE the standard error of the paired differences.
	MeanA, MeanB, Diff, SE float64
	// ShareA and ShareB are the shares of runs where it happened.
	ShareA, ShareB float64
	// Differs is true when |Diff| > 1.96·SE for the means, or the shares
	// differ beyond their paired noise.
	Differs bool
}

// Compare runs sc with settings a and b on the same seeds and compares every
// metric run by run (paired), which cancels most of the noise of the fights.
func Compare(ctx context.Context, sc *Scenario, a, b morale.Settings, runs int, seed uint64) ([]Difference, error) {
	ra, err := MonteCarlo(ctx, Plan{Scenario: sc, Settings: a, Seed: seed, Runs: runs})
	if err != nil {
		return nil, fmt.Errorf("settings A: %w", err)
	}
	rb, err := MonteCarlo(ctx, Plan{Scenario: sc, Settings: b, Seed: seed, Runs: runs})
	if err != nil {
		return nil, fmt.Errorf("settings B: %w", err)
	}
	var out []Difference
	for _, m := range Metrics(sc) {
		d := Difference{Metric: m.Name}
		var da, db, diffs, hdiffs []float64
		ka, kb := 0, 0
		for i := range ra {
			va, oka := m.Get(&ra[i])
			vb, okb := m.Get(&rb[i])
			ha, hb := oka && (m.Time || va > 0), okb && (m.Time || vb > 0)
			if ha {
				ka++
			}
			if hb {
				kb++
			}
			hdiffs = append(hdiffs, b2f(hb)-b2f(ha))
			if oka && okb {
				da, db = append(da, va), append(db, vb)
				diffs = append(diffs, vb-va)
			}
		}
		d.N = len(diffs)
		d.ShareA, d.ShareB = float64(ka)/float64(runs), float64(kb)/float64(runs)
		if d.N > 0 {
			d.MeanA, d.MeanB, d.Diff = Mean(da), Mean(db), Mean(diffs)
			d.SE = StdDev(diffs) / math.Sqrt(float64(d.N))
			d.Differs = beyondNoise(d.Diff, d.SE)
		}
		if beyondNoise(Mean(hdiffs), StdDev(hdiffs)/math.Sqrt(float64(len(hdiffs)))) {
			d.Differs = true
		}
		out = append(out, d)
	}
	return out, nil
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
