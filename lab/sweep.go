package lab

import (
	"context"
	"encoding/json"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/moralebreak/moralebreak/morale"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
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
		st, _ := sum.Stat(metric)
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

// SweepChart draws a one-key sweep as a line (with the share's interval when
// stat is "share") or a two-key sweep as a heat map.
func SweepChart(r SweepResult) ([]byte, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: %s of %s (%d fights per point)", r.Scenario, r.Stat, r.Metric, r.Runs)
	if len(r.Keys) == 1 {
		p.X.Label.Text = r.Keys[0]
		p.Y.Label.Text = r.Stat + " " + r.Metric
		var xy, lo, hi plotter.XYs
		for _, pt := range r.Points {
			if pt.Value != nil {
				xy = append(xy, plotter.XY{X: pt.Values[0], Y: *pt.Value})
			}
			lo = append(lo, plotter.XY{X: pt.Values[0], Y: pt.Lo})
			hi = append(hi, plotter.XY{X: pt.Values[0], Y: pt.Hi})
		}
		if len(xy) > 0 {
			l, s, err := plotter.NewLinePoints(xy)
			if err != nil {
				return nil, err
			}
			l.Color, s.Color = colLine, colLine
			p.Add(l, s)
		}
		if r.Stat == "share" {
			for _, b := range []plotter.XYs{lo, hi} {
				l, err := plotter.NewLine(b)
				if err != nil {
					return nil, err
				}
				l.Color = colBand
				l.Dashes = []vg.Length{vg.Points(3), vg.Points(3)}
				p.Add(l)
			}
		}
		return pngOf(p, plotW, plotH)
	}
	g := &sweepGrid{r: r}
	for _, pt := range r.Points {
		g.xs = appendUnique(g.xs, pt.Values[0])
		g.ys = appendUnique(g.ys, pt.Values[1])
	}
	pal := moreland.SmoothBlueRed().Palette(64)
	hm := plotter.NewHeatMap(g, pal)
	hm.NaN = color.Gray{Y: 200}
	p.Add(hm)
	p.X.Label.Text = r.Keys[0]
	p.Y.Label.Text = r.Keys[1]
	p.Title.Text += fmt.Sprintf(" — blue %.3g, red %.3g", hm.Min, hm.Max)
	return pngOf(p, plotW, plotH*1.4)
}

func appendUnique(xs []float64, v float64) []float64 {
	for _, x := range xs {
		if x == v {
			return xs
		}
	}
	return append(xs, v)
}

type sweepGrid struct {
	r      SweepResult
	xs, ys []float64
}

func (g *sweepGrid) Dims() (c, r int) { return len(g.xs), len(g.ys) }
func (g *sweepGrid) X(c int) float64  { return g.xs[c] }
func (g *sweepGrid) Y(r int) float64  { return g.ys[r] }
func (g *sweepGrid) Z(c, r int) float64 {
	pt := g.r.Points[c*len(g.ys)+r]
	if pt.Value == nil {
		return math.NaN()
	}
	return *pt.Value
}

func runSweep(ctx context.Context, env Env, sc *Scenario, axes []Axis, runs int, seed uint64, out, report, metric, stat string, quiet bool) error {
	bar := newProgress(env, quiet, sc.Name+" sweep")
	res, err := Sweep(ctx, sc, axes, runs, seed, metric, stat, bar.update)
	bar.finish()
	if err != nil {
		return err
	}
	js, err := json.MarshalIndent(res, "", " ")
	if err != nil {
		return err
	}
	png, err := SweepChart(res)
	if err != nil {
		return err
	}
	o := Outputs{"sweep.json": append(js, '\n'), "sweep.png": png}
	var rep []byte
	if report != "" {
		rep, err = ReportHTML(ReportInput{Title: sc.Name + " sweep of " + strings.Join(res.Keys, " × "), Description: sc.Description, Plots: map[string][]byte{"sweep.png": png}})
		if err != nil {
			return err
		}
	}
	if err := writeAll(ctx, o, out, report, rep); err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "%s\t%s %s\tshare [95%% CI]\n", strings.Join(res.Keys, "\t"), stat, metric)
	for _, pt := range res.Points {
		var cols []string
		for _, v := range pt.Values {
			cols = append(cols, strconv.FormatFloat(v, 'g', 6, 64))
		}
		val := "-"
		if pt.Value != nil {
			val = fmt.Sprintf("%.4g", *pt.Value)
		}
		fmt.Fprintf(env.Stdout, "%s\t%s\t%.3f [%.3f, %.3f]\n", strings.Join(cols, "\t"), val, pt.Share, pt.Lo, pt.Hi)
	}
	return nil
}
