package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

	"github.com/moralebreak/moralebreak/lab/fit"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

var (
	colSearch = color.NRGBA{R: 70, G: 130, B: 180, A: 120}
	colPass   = color.NRGBA{R: 22, G: 163, B: 74, A: 255}
	colRange  = color.NRGBA{R: 22, G: 163, B: 74, A: 50}
)

// FitPlots renders the plots of a fit: convergence.png and, once the result
// was checked on the held-out fights, expectations.png.
func FitPlots(r *fit.Result) (map[string][]byte, error) {
	out := map[string][]byte{}
	var err error
	if out["convergence.png"], err = ConvergenceChart(r); err != nil {
		return nil, err
	}
	if len(r.Before) > 0 && len(r.After) > 0 {
		if out["expectations.png"], err = ExpectationsChart(r); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ConvergenceChart draws, over the evaluations in order, every candidate's
// objective (the search's, the re-measured and polished ones, the checks on
// new seeds; values above 1.5× the start's are drawn at that ceiling) and the
// best candidate's so far, with the restarts marked; and below, how far the
// best so far is from the start (the sum of its keys' relative changes),
// which falls as the fit trades changes away once the objective is zero.
func ConvergenceChart(r *fit.Result) ([]byte, error) {
	top := plot.New()
	top.Title.Text = fmt.Sprintf("%s: objective per candidate (0: every expectation holds with margin)", r.Scenario)
	top.Y.Label.Text = "objective"
	low := plot.New()
	low.Title.Text = "distance of the best so far from the start"
	low.X.Label.Text = "evaluation"
	low.Y.Label.Text = "relative change"
	groups := map[string]plotter.XYs{}
	var best, dist plotter.XYs
	bestScore, bestObj, bestChange := math.Inf(1), 0.0, 0.0
	ceiling := 1e-3
	if len(r.Evaluations) > 0 {
		ceiling = math.Max(1.5*r.Evaluations[0].Objective, ceiling)
	}
	var restarts []float64
	lastRestart := 0
	for i, ev := range r.Evaluations {
		if !ev.Valid {
			continue
		}
		x := float64(i)
		group := map[string]string{"start": "search", "polish": "refine"}[ev.Phase]
		if group == "" {
			group = ev.Phase
		}
		groups[group] = append(groups[group], plotter.XY{X: x, Y: math.Min(ev.Objective, ceiling)})
		if ev.Restart > 1 && ev.Restart != lastRestart {
			restarts = append(restarts, x)
		}
		if ev.Restart != 0 {
			lastRestart = ev.Restart
		}
		if ev.Phase != "held-out" {
			if s := ev.Objective + 1e-3*ev.Change; s < bestScore {
				bestScore, bestObj, bestChange = s, ev.Objective, ev.Change
			}
			best = append(best, plotter.XY{X: x, Y: bestObj})
			dist = append(dist, plotter.XY{X: x, Y: bestChange})
		}
	}
	// The legend gets the band above the ceiling, clear of the points.
	top.Y.Min, top.Y.Max = 0, ceiling*1.45
	low.Y.Min = 0
	for _, x := range restarts {
		for _, p := range []*plot.Plot{top, low} {
			ymax := ceiling
			if p == low {
				ymax = maxY(dist)
			}
			l, err := plotter.NewLine(plotter.XYs{{X: x, Y: 0}, {X: x, Y: ymax}})
			if err != nil {
				return nil, err
			}
			l.Color = colHyst
			l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
			p.Add(l)
		}
	}
	for _, g := range []struct {
		name, label string
		col         color.Color
	}{
		{"search", "search candidate", colSearch},
		{"refine", fmt.Sprintf("re-measured / polished (%d fights)", r.RefineRuns), colShaken},
		{"held-out", fmt.Sprintf("checked on %d new fights", r.HeldOutRuns), colPanic},
	} {
		xy := groups[g.name]
		if len(xy) == 0 {
			continue
		}
		s, err := plotter.NewScatter(xy)
		if err != nil {
			return nil, err
		}
		s.Color = g.col
		s.Radius = vg.Points(1.8)
		top.Add(s)
		top.Legend.Add(g.label, s)
	}
	for _, c := range []struct {
		p    *plot.Plot
		xy   plotter.XYs
		name string
	}{{top, best, "best so far"}, {low, dist, ""}} {
		if len(c.xy) == 0 {
			continue
		}
		l, err := plotter.NewLine(c.xy)
		if err != nil {
			return nil, err
		}
		l.Color, l.Width = colLine, vg.Points(2)
		c.p.Add(l)
		if c.name != "" {
			c.p.Legend.Add(c.name, l)
		}
	}
	top.Legend.Top = true
	return tiled([]*plot.Plot{top, low}, []vg.Length{plotH, plotH * 0.6})
}

func maxY(xy plotter.XYs) float64 {
	m := 1e-3
	for _, p := range xy {
		m = math.Max(m, p.Y)
	}
	return m
}

// tiled renders plots stacked, each as high as heights says, as one PNG.
func tiled(plots []*plot.Plot, heights []vg.Length) ([]byte, error) {
	total := vg.Length(0)
	for _, h := range heights {
		total += h
	}
	c := vgimg.NewWith(vgimg.UseWH(plotW, total), vgimg.UseDPI(96))
	dc := draw.New(c)
	y := total
	for i, p := range plots {
		y -= heights[i]
		p.Draw(draw.Crop(dc, 0, 0, y, y+heights[i]-total))
	}
	var b bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// ExpectationsChart draws, per expectation, its range and the statistic
// with its 95% interval before (the starting weights) and after (the
// result), both on the held-out fights: one panel each, stacked.
func ExpectationsChart(r *fit.Result) ([]byte, error) {
	var plots []*plot.Plot
	var heights []vg.Length
	for i := range r.After {
		p, err := expectationPanel(r.Before[i], r.After[i], r.HeldOutRuns)
		if err != nil {
			return nil, err
		}
		plots = append(plots, p)
		heights = append(heights, 1.3*vg.Inch)
	}
	return tiled(plots, heights)
}

func expectationPanel(before, after fit.Measure, runs int) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s %s, want %g..%g (%d new fights each)", after.Metric, after.Stat, after.Lo, after.Hi, runs)
	p.Y.Min, p.Y.Max = -0.7, 1.7
	p.NominalY("after", "before")
	lo, hi := after.Lo, after.Hi
	for _, m := range []fit.Measure{before, after} {
		if m.Got != nil {
			lo, hi = math.Min(lo, *m.Got), math.Max(hi, *m.Got)
		}
		if m.CI95 != nil {
			lo, hi = math.Min(lo, m.CI95[0]), math.Max(hi, m.CI95[1])
		}
	}
	pad := math.Max((hi-lo)*0.08, 1e-3)
	p.X.Min, p.X.Max = lo-pad, hi+pad
	rng, err := band(-0.5, 1.5, after.Lo, after.Hi, colRange)
	if err != nil {
		return nil, err
	}
	p.Add(rng)
	for y, m := range []fit.Measure{after, before} {
		if m.Got == nil {
			continue
		}
		col := colPanic
		if m.Pass {
			col = colPass
		}
		pt := plotter.XYs{{X: *m.Got, Y: float64(y)}}
		if m.CI95 != nil {
			eb, err := plotter.NewXErrorBars(errPoint{x: *m.Got, y: float64(y), lo: *m.Got - m.CI95[0], hi: m.CI95[1] - *m.Got})
			if err != nil {
				return nil, err
			}
			eb.Color, eb.Width = col, vg.Points(1.5)
			p.Add(eb)
		}
		s, err := plotter.NewScatter(pt)
		if err != nil {
			return nil, err
		}
		s.Color, s.Radius = col, vg.Points(3.5)
		p.Add(s)
	}
	return p, nil
}

// errPoint is one point with its X error bar.
type errPoint struct{ x, y, lo, hi float64 }

func (e errPoint) Len() int                      { return 1 }
func (e errPoint) XY(int) (float64, float64)     { return e.x, e.y }
func (e errPoint) XError(int) (float64, float64) { return e.lo, e.hi }
