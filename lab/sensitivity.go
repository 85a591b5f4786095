package lab

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/morale"
)

// Effect is how much nudging one knob by −10% and +10% moves a statistic.
type Effect struct {
	Key  string  `json:"key"`
	Base float64 `json:"base_value"`
	// Low and High are the statistic at −10% and +10% (nil when undefined or
	// when the nudged settings do not validate).
	Low  *float64 `json:"low"`
	High *float64 `json:"high"`
	// Swing is |High − Low| (undefined ends count as the baseline).
	Swing float64 `json:"swing"`
}

// SensitivityResult is sensitivity.json.
type SensitivityResult struct {
	Scenario string   `json:"scenario"`
	Metric   string   `json:"metric"`
	Stat     string   `json:"stat"`
	Runs     int      `json:"runs"`
	Seed     uint64   `json:"seed"`
	Baseline *float64 `json:"baseline"`
	// Effects are ranked by Swing, largest first.
	Effects []Effect `json:"effects"`
}

// SensitivityWork is the estimated work (FightWork's units) of a
// Sensitivity of sc with runs fights per nudge: the baseline and two nudges
// of every knob that is not zero.
func SensitivityWork(sc *Scenario, runs int) float64 {
	n := 1
	for _, k := range Knobs(sc.Settings) {
		if k.Get(sc.Settings) != 0 {
			n += 2
		}
	}
	return float64(n) * float64(runs) * FightWork(sc)
}

// Sensitivity nudges every setting and weight of sc's settings by ±10%,
// runs the Monte-Carlo (the same seeds each time) and ranks the knobs by how
// far they move stat of metric. Knobs at zero cannot be nudged and get a
// swing of 0.
//
// progress, when set, is told the knobs done of all (Knobs), fractions
// included.
func Sensitivity(ctx context.Context, sc *Scenario, metric, stat string, runs int, seed uint64, progress Progress) (SensitivityResult, error) {
	if err := CheckMetricStat(sc, metric, stat); err != nil {
		return SensitivityResult{}, err
	}
	res := SensitivityResult{Scenario: sc.Name, Metric: metric, Stat: stat, Runs: runs, Seed: seed}
	knobs := Knobs(sc.Settings)
	// at is the share of the knobs done when a measure starts, share its
	// part of them.
	at, share := 0.0, 0.0
	measure := func(s morale.Settings) (*float64, error) {
		if s.Validate() != nil {
			return nil, nil
		}
		plan := Plan{Scenario: sc, Settings: s, Seed: seed, Runs: runs}
		if progress != nil {
			plan.Progress = func(done float64, total int) { progress(at+share*done/float64(total), len(knobs)) }
		}
		rr, err := MonteCarlo(ctx, plan)
		if err != nil {
			return nil, err
		}
		sum := Summarize(NewHeader(plan), rr)
		st, ok := sum.Stat(metric)
		if !ok {
			return nil, fmt.Errorf("sensitivity: no metric %s in the summary", safefile.Quote(metric))
		}
		if v, ok := st.Value(stat); ok {
			return ptr(v), nil
		}
		return nil, nil
	}
	base, err := measure(sc.Settings)
	if err != nil {
		return res, err
	}
	res.Baseline = base
	for i, k := range knobs {
		e := Effect{Key: k.Key, Base: k.Get(sc.Settings)}
		if e.Base != 0 {
			for j, f := range []float64{0.9, 1.1} {
				at, share = float64(i)+0.5*float64(j), 0.5
				s := sc.Settings.Clone()
				k.Set(&s, e.Base*f)
				v, err := measure(s)
				if err != nil {
					return res, err
				}
				if j == 0 {
					e.Low = v
				} else {
					e.High = v
				}
			}
			or := func(p *float64) float64 {
				if p != nil {
					return *p
				}
				if base != nil {
					return *base
				}
				return 0
			}
			e.Swing = math.Abs(or(e.High) - or(e.Low))
		}
		res.Effects = append(res.Effects, e)
		if progress != nil {
			progress(float64(i+1), len(knobs))
		}
	}
	sort.SliceStable(res.Effects, func(i, j int) bool { return res.Effects[i].Swing > res.Effects[j].Swing })
	return res, nil
}
