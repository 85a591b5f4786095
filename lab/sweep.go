package lab

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/moralebreak/moralebreak/morale"
)

// Knob is one number of Settings a sweep or a sensitivity may change: a
// setting (its weights.toml key) or a weight row ("weights.EVENT").
type Knob struct {
	Key string
	Get func(s *morale.Settings) float64
	Set func(s *morale.Settings, v float64)
}

// Knobs returns every setting and every weight row of s, in that order.
func Knobs(s morale.Settings) []Knob {
	var ks []Knob
	for _, p := range morale.Params() {
		ks = append(ks, Knob{Key: p.Name, Get: p.Get, Set: p.Set})
	}
	for _, e := range s.Events() {
		ks = append(ks, Knob{
			Key: "weights." + string(e),
			Get: func(s *morale.Settings) float64 { return s.Weights[e] },
			Set: func(s *morale.Settings, v float64) { s.Weights[e] = v },
		})
	}
	return ks
}

// KnobByKey returns the knob called key in s.
func KnobByKey(s morale.Settings, key string) (Knob, bool) {
	for _, k := range Knobs(s) {
		if k.Key == key {
			return k, true
		}
	}
	return Knob{}, false
}

// Axis is one swept knob and its values.
type Axis struct {
	Knob   Knob
	Values []float64
}

// ParseSweeps reads one or two "KEY=FROM:TO:STEP" specs against s. An
// unknown key, a bad range or more than 1000 points is an error naming it.
func ParseSweeps(specs []string, s morale.Settings) ([]Axis, error) {
	if len(specs) > 2 {
		return nil, fmt.Errorf("-sweep: at most two keys; got %d", len(specs))
	}
	var axes []Axis
	for _, spec := range specs {
		key, rng, ok := strings.Cut(spec, "=")
		if !ok {
			return nil, fmt.Errorf("-sweep %q: want KEY=FROM:TO:STEP", spec)
		}
		k, ok := KnobByKey(s, key)
		if !ok {
			var keys []string
			for _, k := range Knobs(s) {
				keys = append(keys, k.Key)
			}
			return nil, fmt.Errorf("-sweep %q: %q is not a setting or weight row; one of %s", spec, key, strings.Join(keys, ", "))
		}
		parts := strings.Split(rng, ":")
		if len(parts) != 3 {
			return nil, fmt.Errorf("-sweep %q: want KEY=FROM:TO:STEP", spec)
		}
		var f [3]float64
		for i, p := range parts {
			v, err := strconv.ParseFloat(p, 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("-sweep %q: %q is not a number", spec, p)
			}
			f[i] = v
		}
		if f[2] <= 0 || f[1] < f[0] {
			return nil, fmt.Errorf("-sweep %q: want FROM ≤ TO and STEP > 0", spec)
		}
		n := int(math.Floor((f[1]-f[0])/f[2]+1e-9)) + 1
		if n > 1000 {
			return nil, fmt.Errorf("-sweep %q: %d points; at most 1000", spec, n)
		}
		ax := Axis{Knob: k}
		for i := 0; i < n; i++ {
			ax.Values = append(ax.Values, f[0]+float64(i)*f[2])
		}
		for _, v := range ax.Values {
			t := s.Clone()
			k.Set(&t, v)
			if err := t.Validate(); err != nil {
				return nil, fmt.Errorf("-sweep %q: %s = %g gives invalid settings: %v", spec, key, v, err)
			}
		}
		axes = append(axes, ax)
	}
	return axes, nil
}

// SweepPoint is the result of the Monte-Carlo at one point of a sweep.
type SweepPoint struct {
	Values []float64 `json:"values"`
	Value  *float64  `json:"value"`
	Share  float64   `json:"share"`
	Lo     float64   `json:"share_lo"`
	Hi     float64   `json:"share_hi"`
}

// SweepResult is sweep.json.
type SweepResult struct {
	Scenario string       `json:"scenario"`
	Keys     []string     `json:"keys"`
	Metric   string       `json:"metric"`
	Stat     string       `json:"stat"`
	Runs     int          `json:"runs"`
	Seed     uint64       `json:"seed"`
	Points   []SweepPoint `json:"points"`
}

// Sweep runs the Monte-Carlo at every point of axes (the same seeds at every
// point) and reports stat of metric at each.
func Sweep(ctx context.Context, sc *Scenario, axes []Axis, runs int, seed uint64, metric, stat string, progress func(done, total int)) (SweepResult, error) {
	if err := CheckMetricStat(sc, metric, stat); err != nil {
		return SweepResult{}, err
	}
	res := SweepResult{Scenario: sc.Name, Metric: metric, Stat: stat, Runs: runs, Seed: seed}
	for _, a := range axes {
		res.Keys = append(res.Keys, a.Knob.Key)
	}
	var points [][]float64
	if len(axes) == 1 {
		for _, v := range axes[0].Values {
			points = append(points, []float64{v})
		}
	} else {
		for _, v := range axes[0].Values {
			for _, w := range axes[1].Values {
				points = append(points, []float64{v, w})
			}
		}
	}
	for i, pt := range points {
		s := sc.Settings.Clone()
		for j, a := range axes {
			a.Knob.Set(&s, pt[j])
		}
		plan := Plan{Scenario: sc, Settings: s, Seed: seed, Runs: runs}
		rr, err := MonteCarlo(ctx, plan)
		if err != nil {
			return SweepResult{}, err
		}
		sum := Summarize(NewHeader(plan), rr)
		st, ok := sum.Stat(metric)
		if !ok {
			return SweepResult{}, fmt.Errorf("sweep: no metric %q in the summary", metric)
		}
		p := SweepPoint{Values: pt, Share: st.Share, Lo: st.ShareLo, Hi: st.ShareHi}
		if v, ok := st.Value(stat); ok {
			p.Value = ptr(v)
		}
		res.Points = append(res.Points, p)
		if progress != nil {
			progress(i+1, len(points))
		}
	}
	return res, nil
}

// CheckMetricStat reports an error naming the choices when metric is not a
// metric of sc or stat is not a statistic.
func CheckMetricStat(sc *Scenario, metric, stat string) error {
	if _, ok := MetricByName(sc, metric); !ok {
		return fmt.Errorf("%q is not a metric; one of %s", metric, strings.Join(MetricNames(sc), ", "))
	}
	for _, s := range statNames {
		if s == stat {
			return nil
		}
	}
	return fmt.Errorf("%q is not a statistic; one of %s", stat, strings.Join(statNames, ", "))
}
