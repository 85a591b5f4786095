package lab

import (
	"context"
	"math"
	"sort"
	"strings"

	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/morale"
)

// The factors a sensitivity nudges each knob by.
const (
	NudgeLow  = 0.9
	NudgeHigh = 1.1
)

// Effect is how much nudging one knob to NudgeLow and NudgeHigh times its
// value (−10% and +10%) moves a statistic. For a negative weight, −10% makes
// it smaller in size (−0.18 → −0.162: milder news) and +10% larger (−0.198:
// harsher).
type Effect struct {
	Key  string  `json:"key"`
	Base float64 `json:"base_value"`
	// LowValue and HighValue are the knob's values at −10% and +10%.
	LowValue  float64 `json:"low_value"`
	HighValue float64 `json:"high_value"`
	// Low and High are the statistic at −10% and +10% (nil when undefined or
	// when the nudged settings do not validate).
	Low  *float64 `json:"low"`
	High *float64 `json:"high"`
	// LowDiff and HighDiff are Low and High minus the baseline, with their
	// 95% paired intervals (StatDiff; nil when either side is undefined).
	LowDiff  *PairedDiff `json:"low_diff"`
	HighDiff *PairedDiff `json:"high_diff"`
	// Invalid says the nudged settings did not validate, at −10% or +10%.
	LowInvalid  bool `json:"low_invalid,omitempty"`
	HighInvalid bool `json:"high_invalid,omitempty"`
	// Swing is |High − Low| (undefined ends count as the baseline).
	Swing float64 `json:"swing"`
	// Move is the larger of its two changes from the baseline, in size
	// (undefined ends count as the baseline): a knob whose nudges both
	// move the statistic the same way has a small Swing and a large Move.
	Move float64 `json:"move"`
}

// Beyond reports whether either nudge moves the statistic beyond the noise
// of the fights (its interval leaves out zero).
func (e Effect) Beyond() bool {
	return (e.LowDiff != nil && e.LowDiff.Beyond()) || (e.HighDiff != nil && e.HighDiff.Beyond())
}

// SensitivityResult is sensitivity.json.
type SensitivityResult struct {
	Scenario string `json:"scenario"`
	Metric   string `json:"metric"`
	Stat     string `json:"stat"`
	Runs     int    `json:"runs"`
	Seed     uint64 `json:"seed"`
	// Resamples is the number of bootstrap resamples behind each interval.
	Resamples int      `json:"resamples"`
	Baseline  *float64 `json:"baseline"`
	// Effects are ranked by RankEffects: a change beyond the noise first,
	// then by Move, largest first.
	Effects []Effect `json:"effects"`
	// Unreported are the weight rows ("weights.EVENT") no event of the
	// scenario reports (Scenario.Reports), in the order of Knobs: left out,
	// as nudging them changes no fight.
	Unreported []string `json:"unreported,omitempty"`
	// BaselineSummary is the summary of the baseline's fights (its header
	// holds the description and the settings changed from the defaults).
	BaselineSummary Summary `json:"baseline_summary"`
}

// UnreportedNote is the line that lists r.Unreported once, on stdout and
// on the page ("" when there are none).
func (r SensitivityResult) UnreportedNote() string {
	if len(r.Unreported) == 0 {
		return ""
	}
	keys := make([]string, len(r.Unreported))
	for i, k := range r.Unreported {
		keys[i] = safefile.Escape(k)
	}
	return "not reported by this scenario, so not nudged (no event of it reports them: a nudge would change no fight): " + strings.Join(keys, ", ")
}

// SensitivityWork is the estimated work (FightWork's units) of a
// Sensitivity of sc with runs fights per nudge: the baseline and two nudges
// of every knob it nudges that is not zero, each with its settings.
func SensitivityWork(sc *Scenario, runs int) float64 {
	e := newWorkEstimator(sc)
	work := e.work(sc.Settings)
	knobs, _ := sensitivityKnobs(sc)
	for _, k := range knobs {
		base := k.Get(sc.Settings)
		if base == 0 {
			continue
		}
		for _, f := range []float64{NudgeLow, NudgeHigh} {
			s := sc.Settings
			if !k.Weight {
				// A nudged setting may move the estimate (the step, the
				// reaches); a weight's row never does (and s shares sc's
				// map).
				k.Set(&s, base*f)
			}
			work += e.work(s)
		}
	}
	return float64(runs) * work
}

// sensitivityKnobs returns the knobs a Sensitivity of sc nudges: every
// setting, and every weight row sc's fights report; and the keys of the
// rows they never report, which a nudge could not move.
func sensitivityKnobs(sc *Scenario) (knobs []Knob, unreported []string) {
	for _, k := range Knobs(sc.Settings) {
		if k.Weight && !sc.Reports(morale.Event(k.Name)) {
			unreported = append(unreported, k.Key)
			continue
		}
		knobs = append(knobs, k)
	}
	return knobs, unreported
}

// Sensitivity nudges every setting of sc's settings, and every weight row
// its fights report, by ±10%, runs the Monte-Carlo (the same seeds each
// time, so that each nudge is paired with the baseline fight by fight) and
// ranks the knobs by how far they move stat of metric, each move with its
// 95% paired interval. Knobs at zero cannot be nudged and get a swing of 0.
// The rows no event reports are listed in Unreported, not nudged: as
// changes of exactly zero they filled the tornado chart wherever few knobs
// move the statistic.
//
// progress, when set, is told the knobs done of all it nudges, fractions
// included.
func Sensitivity(ctx context.Context, sc *Scenario, metric, stat string, runs int, seed uint64, progress Progress) (SensitivityResult, error) {
	if err := CheckMetricStat(sc, metric, stat); err != nil {
		return SensitivityResult{}, err
	}
	m, _ := MetricByName(sc, metric)
	res := SensitivityResult{Scenario: sc.Name, Metric: metric, Stat: stat, Runs: runs, Seed: seed, Resamples: Resamples}
	knobs, unreported := sensitivityKnobs(sc)
	res.Unreported = unreported
	// at is the share of the knobs done when a Monte-Carlo starts, share its
	// part of them (none for the baseline).
	at, share := 0.0, 0.0
	plan := func(s morale.Settings) Plan {
		p := Plan{Scenario: sc, Settings: s, Seed: seed, Runs: runs}
		if progress != nil {
			p.Progress = func(done float64, total int) { progress(at+share*done/float64(total), len(knobs)) }
		}
		return p
	}
	bp := plan(sc.Settings)
	base, err := MonteCarlo(ctx, bp)
	if err != nil {
		return res, err
	}
	res.BaselineSummary = Summarize(NewHeader(bp), base)
	if v, ok := metricStat(m, base, nil).Value(stat); ok {
		res.Baseline = ptr(v)
	}
	// measure returns the statistic at s and its difference from the
	// baseline; invalid when s does not validate.
	measure := func(s morale.Settings) (v *float64, d *PairedDiff, invalid bool, err error) {
		if s.Validate() != nil {
			return nil, nil, true, nil
		}
		rr, err := MonteCarlo(ctx, plan(s))
		if err != nil {
			return nil, nil, false, err
		}
		if x, ok := metricStat(m, rr, nil).Value(stat); ok {
			v = ptr(x)
		}
		if pd, ok := StatDiff(m, stat, base, rr, seed); ok {
			d = &pd
		}
		return v, d, false, nil
	}
	for i, k := range knobs {
		e := Effect{Key: k.Key, Base: k.Get(sc.Settings)}
		e.LowValue, e.HighValue = e.Base*NudgeLow, e.Base*NudgeHigh
		if e.Base != 0 {
			for j, v := range []float64{e.LowValue, e.HighValue} {
				at, share = float64(i)+0.5*float64(j), 0.5
				s := sc.Settings.Clone()
				k.Set(&s, v)
				val, d, invalid, err := measure(s)
				if err != nil {
					return res, err
				}
				if j == 0 {
					e.Low, e.LowDiff, e.LowInvalid = val, d, invalid
				} else {
					e.High, e.HighDiff, e.HighInvalid = val, d, invalid
				}
			}
			or := func(p *float64) float64 {
				if p != nil {
					return *p
				}
				if res.Baseline != nil {
					return *res.Baseline
				}
				return 0
			}
			e.Swing = math.Abs(or(e.High) - or(e.Low))
			e.Move = max(math.Abs(or(e.Low)-or(nil)), math.Abs(or(e.High)-or(nil)))
		}
		res.Effects = append(res.Effects, e)
		if progress != nil {
			progress(float64(i+1), len(knobs))
		}
	}
	RankEffects(res.Effects)
	return res, nil
}

// RankEffects orders effects as the tornado, the effects table and stdout
// show them, the knobs that move the statistic the most first: those with
// a change beyond the noise (Beyond) before those within it, each group by
// Move, the larger change from the baseline, then by Swing. Ranked by
// Swing alone, a knob whose two nudges both moved the statistic the same
// way, beyond the noise, came after knobs within the noise.
func RankEffects(effects []Effect) {
	sort.SliceStable(effects, func(i, j int) bool {
		a, b := effects[i], effects[j]
		if a.Beyond() != b.Beyond() {
			return a.Beyond()
		}
		if a.Move != b.Move {
			return a.Move > b.Move
		}
		return a.Swing > b.Swing
	})
}
