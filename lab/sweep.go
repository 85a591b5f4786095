package lab

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/moralebreak/moralebreak/internal/safefile"
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

// KnobByKey returns the knob called key in s: a setting by its
// weights.toml key, a weight row by its Key (weights.EVENT) or, when no
// setting has the name, by the event's bare name ("Suppressed" for
// weights.Suppressed), as -sweep and the fit's -keys take them.
func KnobByKey(s morale.Settings, key string) (Knob, bool) {
	ks := Knobs(s)
	if k, ok := find(ks, func(k Knob) bool { return k.Key == key }); ok {
		return k, true
	}
	return find(ks, func(k Knob) bool { return k.Key == "weights."+key })
}

// find returns the first element of xs that is, and false when none is.
func find[T any](xs []T, is func(T) bool) (T, bool) {
	if i := slices.IndexFunc(xs, is); i >= 0 {
		return xs[i], true
	}
	var zero T
	return zero, false
}

// Axis is one swept knob and its values.
type Axis struct {
	Knob   Knob
	Values []float64
}

// ParseSweeps reads one or two "KEY=FROM:TO:STEP" specs against s. An
// unknown key, a bad range, more than MaxSweepAxisPoints points on an axis or
// MaxSweepPoints in all (counted in floating point, so that no range can
// overflow the count), a step too small to tell two points apart, and any
// point of the grid whose settings do not validate are errors naming the
// spec.
func ParseSweeps(specs []string, s morale.Settings) ([]Axis, error) {
	if len(specs) > 2 {
		return nil, fmt.Errorf("-sweep: at most two keys; got %d", len(specs))
	}
	var axes []Axis
	total := 1
	for _, spec := range specs {
		q := safefile.Quote(spec)
		key, rng, ok := strings.Cut(spec, "=")
		if !ok {
			return nil, fmt.Errorf("-sweep %s: want KEY=FROM:TO:STEP", q)
		}
		k, ok := KnobByKey(s, key)
		if !ok {
			// The rows first, each list cut on its own: a misspelt event,
			// the likelier mistake, is not left past the settings' list.
			var rows, settings []string
			for _, k := range Knobs(s) {
				if name, row := strings.CutPrefix(k.Key, "weights."); row {
					// A custom event's name may be 256 bytes.
					rows = append(rows, safefile.Clip(name, safefile.MaxQuote))
				} else {
					settings = append(settings, k.Key)
				}
			}
			// Two lines, each well under what an error line may hold
			// (moralesim cuts one at 400 bytes): a cut list would
			// end in a part of a name, a setting that does not exist.
			// Each list as many names as its line has room for.
			rowsHead := fmt.Sprintf("-sweep %s: %s is not a setting or weight row; the weight rows are ", q, safefile.Quote(key))
			const settingsHead = "-sweep: the settings are "
			return nil, fmt.Errorf("%s%s\n%s%s", rowsHead, listNames(rowsHead, rows), settingsHead, listNames(settingsHead, settings))
		}
		for _, a := range axes {
			if a.Knob.Key == k.Key { // weights.Suppressed and Suppressed are one knob
				return nil, fmt.Errorf("-sweep %s: %s is swept twice", q, k.Key)
			}
		}
		parts := strings.Split(rng, ":")
		if len(parts) != 3 {
			return nil, fmt.Errorf("-sweep %s: want KEY=FROM:TO:STEP", q)
		}
		var f [3]float64
		for i, p := range parts {
			v, err := strconv.ParseFloat(p, 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("-sweep %s: %s is not a finite number", q, safefile.Quote(p))
			}
			f[i] = v
		}
		if f[2] <= 0 || f[1] < f[0] {
			return nil, fmt.Errorf("-sweep %s: want FROM ≤ TO and STEP > 0", q)
		}
		// In floating point: (TO−FROM)/STEP may be far beyond any int.
		fn := math.Floor((f[1]-f[0])/f[2]+1e-9) + 1
		if !(fn <= MaxSweepAxisPoints) {
			// The count as the lab says any number back (FormatExact):
			// plain decimals up to MaxPlain characters, where %g wrote
			// "1e+20 points" from 1e15.
			return nil, fmt.Errorf("-sweep %s: %s points; at most %d on one axis", q, FormatExact(fn), MaxSweepAxisPoints)
		}
		n := int(fn)
		if total *= n; total > MaxSweepPoints {
			return nil, fmt.Errorf("-sweep: %d points in all; at most %d", total, MaxSweepPoints)
		}
		ax := Axis{Knob: k}
		for i := 0; i < n; i++ {
			v := f[0] + float64(i)*f[2]
			if i > 0 && v <= ax.Values[i-1] {
				return nil, fmt.Errorf("-sweep %s: the step %s is too small to tell %s from the point before it", q, FormatExact(f[2]), FormatExact(v))
			}
			if i > 0 && FormatSweepValue(v) == FormatSweepValue(ax.Values[i-1]) { // the table and the page would print one point twice
				return nil, fmt.Errorf("-sweep %s: the step %s is too small for its points to read apart in six figures (%s and %s both read %s); take a coarser step", q, FormatExact(f[2]), FormatExact(ax.Values[i-1]), FormatExact(v), FormatSweepValue(v))
			}
			ax.Values = append(ax.Values, v)
		}
		axes = append(axes, ax)
	}
	// Every point of the grid, not each value alone: two keys may be valid
	// apart and not together (ShakenBelow above PanicBelow, say).
	for _, pt := range gridPoints(axes) {
		t := s.Clone()
		for j, a := range axes {
			a.Knob.Set(&t, pt[j])
		}
		if err := t.Validate(); err != nil {
			var at []string
			for j, a := range axes {
				at = append(at, a.Knob.Key+" = "+FormatExact(pt[j])) // exactly: settings may differ in the 17th figure
			}
			return nil, fmt.Errorf("-sweep: the point %s gives invalid settings: %v", strings.Join(at, ", "), err)
		}
	}
	return axes, nil
}

// gridPoints returns the points of axes, the first key varying slowest.
func gridPoints(axes []Axis) [][]float64 {
	var points [][]float64
	switch len(axes) {
	case 1:
		for _, v := range axes[0].Values {
			points = append(points, []float64{v})
		}
	case 2:
		for _, v := range axes[0].Values {
			for _, w := range axes[1].Values {
				points = append(points, []float64{v, w})
			}
		}
	}
	return points
}

// SweepWork is the estimated work (FightWork's units) of a sweep of sc with
// the given axes and runs per point, and of the shard's points of it: each
// point's fights are estimated with that point's settings (a shorter
// SquadUpdateInterval or a wider reach costs more).
func SweepWork(sc *Scenario, axes []Axis, runs int, shard Shard) float64 {
	e := newWorkEstimator(sc)
	work := 0.0
	for i, pt := range gridPoints(axes) {
		if !shard.Has(i) {
			continue
		}
		s := sc.Settings
		for j, a := range axes {
			if a.Knob.Weight {
				continue // a weight's row moves no estimate (and s shares sc's map)
			}
			a.Knob.Set(&s, pt[j])
		}
		work += float64(runs) * e.work(s)
	}
	return work
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
	// Tool is the moralesim that ran the sweep.
	Tool Tool `json:"tool,omitzero"`
}

// CheckSweepsVary refuses a sweep of a weight row sc never reports: every
// point would fight the same fights and draw a flat line, read as "this
// weight does nothing here" (a sweep of AllyDown over a fight whose one
// death is a leader's, LeaderDown, drew one), where sensitivity lists such
// a row as not nudged and fit refuses it. Sweep calls it; a command calls
// it too, to refuse before it makes anything.
func CheckSweepsVary(sc *Scenario, axes []Axis) error {
	for _, a := range axes {
		if !a.Knob.Weight || sc.Reports(morale.Event(a.Knob.Name)) {
			continue
		}
		var rows []string
		for _, k := range Knobs(sc.Settings) {
			if k.Weight && sc.Reports(morale.Event(k.Name)) {
				rows = append(rows, k.Key)
			}
		}
		them := "it reports no news: sweep a setting"
		if len(rows) > 0 {
			them = "sweep a row it reports (" + strings.Join(rows, ", ") + ") or a setting"
		}
		return fmt.Errorf("-sweep: %s cannot vary anything: %s never reports %s, so every point would fight the same fights; %s", a.Knob.Key, safefile.Escape(sc.Path), safefile.Escape(a.Knob.Name), them)
	}
	return nil
}

// Sweep runs the Monte-Carlo at every point of axes that belongs to shard
// (point i when i ≡ K mod N; every point for the zero Shard), with the same
// seeds at every point, and reports stat of metric at each. It refuses,
// before any fight, a weight row sc never reports (CheckSweepsVary).
//
// progress, when set, is told the shard's points done of its total,
// fractions included.
func Sweep(ctx context.Context, sc *Scenario, axes []Axis, runs int, seed uint64, metric, stat string, shard Shard, progress Progress) (SweepResult, error) {
	if err := CheckMetricStat(sc, metric, stat); err != nil {
		return SweepResult{}, err
	}
	if err := CheckSweepsVary(sc, axes); err != nil {
		return SweepResult{}, err
	}
	res := SweepResult{Scenario: sc.Name, Description: sc.Description, ScenarioHash: sc.Hash, WeightsHash: sc.WeightsHash,
		Changed: SettingChanges(morale.DefaultSettings(), sc.Settings),
		Metric:  metric, Stat: stat, Runs: runs, Seed: seed, Shard: shard.String(), Tool: ThisTool()}
	for _, sq := range sc.Squads {
		res.Squads = append(res.Squads, sq.Name)
	}
	for _, a := range axes {
		res.Keys = append(res.Keys, a.Knob.Key)
		res.BaseValues = append(res.BaseValues, a.Knob.Get(sc.Settings))
	}
	points := gridPoints(axes)
	if len(points) == 0 || len(points) > MaxSweepPoints {
		return SweepResult{}, fmt.Errorf("sweep: %d points; want 1..%d (one or two axes)", len(points), MaxSweepPoints)
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
		if progress != nil {
			at := float64(done)
			plan.Progress = func(d float64, t int) { progress(at+d/float64(t), mine) }
		}
		rr, err := MonteCarlo(ctx, plan)
		if err != nil {
			return SweepResult{}, err
		}
		sum := Summarize(NewHeader(plan), rr)
		st, ok := sum.Stat(metric)
		if !ok {
			return SweepResult{}, fmt.Errorf("sweep: no metric %s in the summary", safefile.Quote(metric))
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
			progress(float64(done), mine)
		}
	}
	return res, nil
}

// MergeSweeps puts sweep shards back together. It refuses shards of
// different sweeps (any field but the shard and the points: scenario,
// weights, keys, metric, statistic, runs, seed, total), naming the field and
// the folders, shards cut with different N, points that are out of range or
// not a full grid of the keys, and a set that misses or repeats a point. The
// result does not depend on the order of parts.
func MergeSweeps(parts []SweepResult, dirs []string) (SweepResult, error) {
	// The fields shards of one sweep share: all but the shard and points.
	shards, err := mergeShards(parts, dirs, func(r SweepResult) (any, string, error) {
		err, shard := checkSweepHeader(r), r.Shard
		r.Shard, r.Points = "", nil
		return r, shard, err
	})
	if err != nil {
		return SweepResult{}, err
	}
	h := parts[0]
	out := h
	out.Shard = Shard{}.String()
	out.Points = make([]SweepPoint, h.Total)
	owner := make([]int, h.Total)
	for i, part := range parts {
		for _, p := range part.Points {
			if err := checkPoint(h, shards[i], p); err != nil {
				return SweepResult{}, fmt.Errorf("merge: %s: %w", dirs[i], err)
			}
			if o := owner[p.Index]; o != 0 {
				return SweepResult{}, fmt.Errorf("merge: point %d is in both %s and %s (shard %s twice?)", p.Index, dirs[o-1], dirs[i], shards[i])
			}
			owner[p.Index] = i + 1
			out.Points[p.Index] = p
		}
	}
	for i, o := range owner {
		if o == 0 {
			if n := shards[0].N; n > 1 {
				return SweepResult{}, fmt.Errorf("merge: point %d of %d is missing: no folder holds shard %d/%d", i, h.Total, i%n, n)
			}
			return SweepResult{}, fmt.Errorf("merge: point %d of %d is missing", i, h.Total)
		}
	}
	if err := CheckGrid(out); err != nil {
		return SweepResult{}, fmt.Errorf("merge: %w", err)
	}
	return out, nil
}

// checkSweepHeader validates the fields of a sweep.json that size the rest.
func checkSweepHeader(r SweepResult) error {
	switch {
	case len(r.Keys) < 1 || len(r.Keys) > 2:
		return fmt.Errorf("%d keys; a sweep has one or two", len(r.Keys))
	case r.Total < 1 || r.Total > MaxSweepPoints:
		return fmt.Errorf("total_points is %d; want 1..%d", r.Total, MaxSweepPoints)
	case len(r.Points) > r.Total:
		return fmt.Errorf("%d points of a sweep of %d", len(r.Points), r.Total)
	case r.Runs < 1 || r.Runs > MaxRuns:
		return fmt.Errorf("runs is %d; want 1..%d", r.Runs, MaxRuns)
	case !slices.Contains(statNames(), r.Stat):
		return fmt.Errorf("stat %s is not a statistic", safefile.Quote(r.Stat))
	case len(r.Scenario) > MaxNameBytes || len(r.Metric) > 2*MaxNameBytes:
		return errors.New("a name is too long")
	case r.Tool.check() != nil:
		return r.Tool.check()
	}
	for _, k := range r.Keys {
		if k == "" || len(k) > 2*MaxNameBytes {
			return fmt.Errorf("key %s is not a setting's name", safefile.Quote(k))
		}
	}
	switch {
	case len(r.Squads) < 1 || len(r.Squads) > MaxSquads:
		return fmt.Errorf("%d squads; want 1..%d", len(r.Squads), MaxSquads)
	case len(r.BaseValues) != len(r.Keys) || !finite(r.BaseValues...):
		return fmt.Errorf("base_values has %d values for %d keys, or one is not finite", len(r.BaseValues), len(r.Keys))
	}
	for _, s := range r.Squads {
		if len(s) > MaxNameBytes {
			return fmt.Errorf("a squad name of %d bytes; at most %d", len(s), MaxNameBytes)
		}
	}
	return checkAbout("", r.Description, r.Changed)
}

// checkPoint validates one point of a sweep shard.
func checkPoint(h SweepResult, s Shard, p SweepPoint) error {
	switch {
	case p.Index < 0 || p.Index >= h.Total:
		return fmt.Errorf("point %d is outside 0..%d", p.Index, h.Total-1)
	case !s.Has(p.Index):
		return fmt.Errorf("point %d does not belong to shard %s", p.Index, s)
	case len(p.Values) != len(h.Keys):
		return fmt.Errorf("point %d has %d values for %d keys", p.Index, len(p.Values), len(h.Keys))
	case !finite(p.Values...) || !finite(p.Share, p.Lo, p.Hi):
		return fmt.Errorf("point %d has a number that is not finite", p.Index)
	case p.Value != nil && !finite(*p.Value):
		return fmt.Errorf("point %d has a value that is not finite", p.Index)
	case !(0 <= p.Lo && p.Lo <= p.Share && p.Share <= p.Hi && p.Hi <= 1):
		return fmt.Errorf("point %d has share %s [%s, %s]; want 0 ≤ low ≤ share ≤ high ≤ 1", p.Index, FormatExact(p.Share), FormatExact(p.Lo), FormatExact(p.Hi))
	case p.N < 0 || p.N > h.Runs:
		return fmt.Errorf("point %d has n %d; want 0..%d (the runs)", p.Index, p.N, h.Runs)
	case len(p.SquadBroke) != len(h.Squads):
		return fmt.Errorf("point %d has %d squad_broke counts for %d squads", p.Index, len(p.SquadBroke), len(h.Squads))
	}
	for i, n := range p.SquadBroke {
		if n < 0 || n > h.Runs {
			return fmt.Errorf("point %d has squad_broke[%d] %d; want 0..%d (the runs)", p.Index, i, n, h.Runs)
		}
	}
	return nil
}

// CheckGrid returns an error unless r's points are a whole sweep in index
// order: every point present, each value of one key increasing along its
// axis, and for two keys a full grid (the first key varying slowest).
func CheckGrid(r SweepResult) error {
	if len(r.Keys) < 1 || len(r.Keys) > 2 || len(r.Points) != r.Total || r.Total < 1 {
		return fmt.Errorf("sweep has %d keys and %d of %d points; want one or two keys and every point", len(r.Keys), len(r.Points), r.Total)
	}
	for i, p := range r.Points {
		if p.Index != i || len(p.Values) != len(r.Keys) {
			return fmt.Errorf("point %d is not in its place or has %d values for %d keys", i, len(p.Values), len(r.Keys))
		}
	}
	ny := 1
	if len(r.Keys) == 2 {
		for ny < r.Total && r.Points[ny].Values[0] == r.Points[0].Values[0] {
			ny++
		}
	}
	if r.Total%ny != 0 {
		return fmt.Errorf("the %d points are not a full grid of %s", r.Total, strings.Join(r.Keys, " × "))
	}
	for i, p := range r.Points {
		x, y := r.Points[i/ny*ny].Values[0], r.Points[i%ny].Values
		if p.Values[0] != x || (len(r.Keys) == 2 && p.Values[1] != y[1]) {
			return fmt.Errorf("point %d is not on the grid of %s", i, strings.Join(r.Keys, " × "))
		}
		if i >= ny && i%ny == 0 && !(x > r.Points[i-ny].Values[0]) {
			return fmt.Errorf("point %d: %s does not increase", i, r.Keys[0])
		}
		if len(r.Keys) == 2 && i%ny > 0 && !(p.Values[1] > r.Points[i-1].Values[1]) {
			return fmt.Errorf("point %d: %s does not increase", i, r.Keys[1])
		}
	}
	return nil
}

// EncodeSweep renders sweep.json.
func EncodeSweep(r SweepResult) ([]byte, error) { return encodeJSON(r) }

// ReadSweep reads the sweep.json of a result folder, through the guarded
// input path (a regular file of at most MaxSweepBytes), and validates what
// sizes the rest (keys, total points, runs) and every point.
func ReadSweep(dir string) (SweepResult, error) {
	return readResult(dir, "sweep.json", MaxSweepBytes, DecodeSweep)
}

// DecodeSweep reads a sweep.json named name from in and validates it as
// ReadSweep does.
func DecodeSweep(in io.Reader, name string) (SweepResult, error) {
	var r SweepResult
	dec := json.NewDecoder(newJSONGuard(context.Background(), in))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return SweepResult{}, fmt.Errorf("%s: %w", name, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return SweepResult{}, fmt.Errorf("%s: data after the end of the file's object", name)
	}
	if err := checkSweepHeader(r); err != nil {
		return SweepResult{}, fmt.Errorf("%s: %w", name, err)
	}
	s, err := parseShardField(r.Shard)
	if err != nil {
		return SweepResult{}, fmt.Errorf("%s: %w", name, err)
	}
	for _, p := range r.Points {
		if err := checkPoint(r, s, p); err != nil {
			return SweepResult{}, fmt.Errorf("%s: %w", name, err)
		}
	}
	return r, nil
}

// CheckMetricStat reports an error naming the choices when metric is not a
// metric of sc (CheckMetric) or stat is not a statistic (CheckStat).
func CheckMetricStat(sc *Scenario, metric, stat string) error {
	if err := CheckMetric(sc, metric); err != nil {
		return err
	}
	return CheckStat(stat)
}

// CheckMetric reports an error naming the choices when metric is not a
// metric of sc.
func CheckMetric(sc *Scenario, metric string) error {
	if _, ok := MetricByName(sc, metric); !ok {
		return notAMetric(sc, metric)
	}
	return nil
}

// CheckStat reports an error naming the choices when stat is not a
// statistic.
func CheckStat(stat string) error {
	if slices.Contains(statNames(), stat) {
		return nil
	}
	return fmt.Errorf("%s is not a statistic; one of %s", safefile.Quote(stat), strings.Join(statNames(), ", "))
}

// squadOf returns the squad that name, a metric's, names after the prefix
// of a per-squad metric ("charlie" of "squad_broke.charlie"): a prefix of
// Metrics' per-squad names, or squad_steady_s. ok is false for any other
// name.
func squadOf(sc *Scenario, name string) (squad string, ok bool) {
	prefixes := []string{"squad_steady_s."}
	if len(sc.Squads) > 0 {
		for _, m := range Metrics(sc) {
			if p, ok := strings.CutSuffix(m.Name, "."+sc.Squads[0].Name); ok {
				prefixes = append(prefixes, p+".")
			}
		}
	}
	for _, p := range prefixes {
		if squad, ok := strings.CutPrefix(name, p); ok {
			return squad, true
		}
	}
	return "", false
}

// notAMetric is the error for name, no metric of sc, naming the choices:
// the one message of every place that refuses a metric's name (an
// [[expect]]'s metric and given, -metric, -replays). steady_s and
// squad_steady_s.SQUAD are measured from an event's first occurrence,
// which only an [[expect]]'s after names: elsewhere the error says so,
// where "is not a metric" left a designer who had read of them guessing
// (an [[expect]]'s metric takes them, so never says it). squad_steady_s of a squad
// sc does not have, or a per-squad metric's (squad_broke.NAME, …), says
// that no squad has the name, and names the squads.
func notAMetric(sc *Scenario, name string) error {
	q := safefile.Quote(name)
	men := "every living man"
	squad, ofSquad := squadOf(sc, name)
	var head string // the message, before its list
	switch _, steady := steadySquad(sc, name); {
	case ofSquad && !steady:
		var squads []string
		for _, sq := range sc.Squads {
			squads = append(squads, safefile.Quote(sq.Name))
		}
		head = fmt.Sprintf("%s is not a metric: no squad is named %s; the squads are ", q, safefile.Quote(squad))
		return errors.New(head + listNames(head, squads))
	case !steady:
		head = q + " is not a metric; one of "
	default:
		if ofSquad {
			men += " of " + safefile.Escape(squad)
		}
		head = fmt.Sprintf("%s is not a metric here: it is measured after an event, so it exists only in an [[expect]] with after = \"EVENT\" (the seconds from the event's first occurrence until %s is Steady); one of ", q, men)
	}
	return errors.New(head + listNames(head, MetricNames(sc)))
}
