package lab

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/moralebreak/moralebreak/morale"
)

// Knob is one number of Settings a sweep or a sensitivity may change: a
// morale.Param whose Key is the setting's weights.toml key, or
// "weights.EVENT" for a weight row.
type Knob struct {
	morale.Param
	Key string
}

// Knobs returns every setting and every weight row of s, in that order.
func Knobs(s morale.Settings) []Knob {
	var ks []Knob
	for _, p := range morale.Params() {
		ks = append(ks, Knob{Param: p, Key: p.Name})
	}
	for _, p := range morale.WeightParams(s) {
		ks = append(ks, Knob{Param: p, Key: "weights." + p.Name})
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
	// Index is the point's place in the sweep (the first key varies
	// slowest).
	Index  int       `json:"index"`
	Values []float64 `json:"values"`
	// Value is the statistic of the metric (nil when undefined), over the N
	// fights where the metric is defined; Share is the share of all fights
	// where it happened, in [Lo, Hi] at 95%.
	Value *float64 `json:"value"`
	N     int      `json:"n"`
	Share float64  `json:"share"`
	Lo    float64  `json:"share_lo"`
	Hi    float64  `json:"share_hi"`
	// SquadBroke counts, per squad in scenario order, the fights in which
	// a man of it broke.
	SquadBroke []int `json:"squad_broke"`
}

// SweepResult is sweep.json. A shard holds only its points; MergeSweeps
// puts the shards back together into the same bytes one machine writes.
type SweepResult struct {
	Scenario     string `json:"scenario"`
	Description  string `json:"description"`
	ScenarioHash string `json:"scenario_hash"`
	WeightsHash  string `json:"weights_hash"`
	// Squads are the scenario's squads, in order.
	Squads []string `json:"squads"`
	// Changed lists the scenario's settings and weights that differ from
	// the defaults, before any key is swept; BaseValues holds each swept
	// key's value there.
	Changed    []SettingChange `json:"changed_settings"`
	BaseValues []float64       `json:"base_values"`
	Keys       []string        `json:"keys"`
	Metric     string          `json:"metric"`
	Stat       string          `json:"stat"`
	Runs       int             `json:"runs"`
	Seed       uint64          `json:"seed"`
	Total      int             `json:"total_points"`
	Shard      string          `json:"shard"`
	Points     []SweepPoint    `json:"points"`
}

// Sweep runs the Monte-Carlo at every point of axes that belongs to shard
// (point i when i ≡ K mod N; every point for the zero Shard), with the same
// seeds at every point, and reports stat of metric at each.
func Sweep(ctx context.Context, sc *Scenario, axes []Axis, runs int, seed uint64, metric, stat string, shard Shard, progress func(done, total int)) (SweepResult, error) {
	if err := CheckMetricStat(sc, metric, stat); err != nil {
		return SweepResult{}, err
	}
	res := SweepResult{Scenario: sc.Name, Description: sc.Description, ScenarioHash: sc.Hash, WeightsHash: sc.WeightsHash,
		Changed: SettingChanges(morale.DefaultSettings(), sc.Settings),
		Metric:  metric, Stat: stat, Runs: runs, Seed: seed, Shard: shard.String()}
	for _, sq := range sc.Squads {
		res.Squads = append(res.Squads, sq.Name)
	}
	for _, a := range axes {
		res.Keys = append(res.Keys, a.Knob.Key)
		res.BaseValues = append(res.BaseValues, a.Knob.Get(sc.Settings))
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
	res.Total = len(points)
	mine := 0
	for i := range points {
		if shard.Has(i) {
			mine++
		}
	}
	done := 0
	for i, pt := range points {
		if !shard.Has(i) {
			continue
		}
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
		p := SweepPoint{Index: i, Values: pt, N: st.N, Share: st.Share, Lo: st.ShareLo, Hi: st.ShareHi, SquadBroke: make([]int, len(sc.Squads))}
		if v, ok := st.Value(stat); ok {
			p.Value = ptr(v)
		}
		for i := range rr {
			for j, b := range rr[i].SquadBroke {
				if b {
					p.SquadBroke[j]++
				}
			}
		}
		res.Points = append(res.Points, p)
		done++
		if progress != nil {
			progress(done, mine)
		}
	}
	return res, nil
}

// MergeSweeps puts sweep shards back together. It refuses shards of different
// sweeps (scenario, weights, keys, metric, statistic, runs, seed), naming
// the field and the folders, and a set that misses or repeats a point.
func MergeSweeps(parts []SweepResult, dirs []string) (SweepResult, error) {
	if len(parts) == 0 {
		return SweepResult{}, fmt.Errorf("merge: no shards given")
	}
	h := parts[0]
	for i, g := range parts[1:] {
		if err := sameShards(dirs[0], dirs[i+1], []shardField{
			{"scenario", h.Scenario, g.Scenario},
			{"scenario (file contents)", h.ScenarioHash, g.ScenarioHash},
			{"weights", h.WeightsHash, g.WeightsHash},
			{"sweep keys", h.Keys, g.Keys},
			{"metric", h.Metric, g.Metric},
			{"stat", h.Stat, g.Stat},
			{"runs", h.Runs, g.Runs},
			{"seed", h.Seed, g.Seed},
			{"points", h.Total, g.Total},
			{"description", h.Description, g.Description},
			{"squads", h.Squads, g.Squads},
			{"changed settings", changesString(h.Changed), changesString(g.Changed)},
			{"swept keys' values in the scenario", h.BaseValues, g.BaseValues},
		}); err != nil {
			return SweepResult{}, err
		}
	}
	out := h
	out.Shard = Shard{}.String()
	out.Points = make([]SweepPoint, h.Total)
	seen := make([]bool, h.Total)
	for i, part := range parts {
		for _, p := range part.Points {
			if p.Index < 0 || p.Index >= h.Total {
				return SweepResult{}, fmt.Errorf("merge: %s has point %d, outside 0..%d", dirs[i], p.Index, h.Total-1)
			}
			if seen[p.Index] {
				return SweepResult{}, fmt.Errorf("merge: point %d appears twice (again in %s)", p.Index, dirs[i])
			}
			seen[p.Index] = true
			out.Points[p.Index] = p
		}
	}
	for i, s := range seen {
		if !s {
			return SweepResult{}, fmt.Errorf("merge: point %d of %d is missing; is a shard missing?", i, h.Total)
		}
	}
	return out, nil
}

// EncodeSweep renders sweep.json.
func EncodeSweep(r SweepResult) ([]byte, error) { return encodeJSON(r) }

// ReadSweep reads the sweep.json of a result folder.
func ReadSweep(dir string) (SweepResult, error) {
	path := filepath.Join(dir, "sweep.json")
	data, err := os.ReadFile(path)
	if err != nil {
		return SweepResult{}, err
	}
	var r SweepResult
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return SweepResult{}, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
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
