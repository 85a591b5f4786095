package report

import (
	"fmt"
	"image/color"

	"github.com/moralebreak/moralebreak/lab"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// TornadoChart draws the first n knobs of r.Effects, in the order
// lab.RankEffects gave them (those with a change beyond the noise first,
// then by Move, the larger of the two changes from the baseline, then by
// Swing), the first at the top, as a tornado: per knob a bar from zero to
// the change at −10% and one to the change at +10% of its value, each with
// its 95% paired interval as a whisker. The x axis spans the bars and
// whiskers with a margin. (It said "the n knobs with the largest swing",
// the ranking before Move: a knob whose two nudges move the statistic the
// same way has a small swing and may top the chart.)
func TornadoChart(r lab.SensitivityResult, n int) ([]byte, error) {
	p, h, err := tornadoPlot(r, n)
	if err != nil {
		return nil, err
	}
	return pngOf(p, plotW, h)
}

// tornadoPlot is TornadoChart's plot and its height.
func tornadoPlot(r lab.SensitivityResult, n int) (*plot.Plot, vg.Length, error) {
	p := plot.New()
	// Both texts are short: gonum fits the axis label inside the canvas
	// by squeezing the data area, and a label wider than the canvas pushed
	// the knobs' names off its left edge. The page's caption says the rest
	// (the colours, the whiskers, the fights).
	p.Title.Text = fmt.Sprintf("%s: %s of %s, each knob at −10%% and +10%%", r.Scenario, r.Stat, r.Metric)
	base := "undefined"
	if r.Baseline != nil {
		base = num(*r.Baseline)
	}
	p.X.Label.Text = fmt.Sprintf("change from the baseline (%s)", base)
	eff := r.Effects
	if len(eff) > n {
		eff = eff[:n]
	}
	if len(eff) == 0 {
		return p, plotH, nil
	}
	const half = 0.19 // half a bar's height, in rows
	// The legend, inside the image: which colour is which nudge.
	for j, col := range []color.Color{colShaken, colLine} {
		key, err := rect(0, 1, 0, 1, col)
		if err != nil {
			return nil, 0, err
		}
		p.Legend.Add([]string{"at −10%", "at +10%"}[j], key)
	}
	// Bottom right, by the last ranked knobs: within the noise or with the
	// smallest moves, their bars are the likeliest near zero.
	p.Legend.Top, p.Legend.Left = false, false
	b := newBounds()
	b.add(0)
	drawn := false
	var names []string
	for row := range eff {
		e := eff[len(eff)-1-row] // the first ranked at the top
		names = append(names, fmt.Sprintf("%s (%s)", e.Key, num(e.Base)))
		for j, d := range []*lab.PairedDiff{e.LowDiff, e.HighDiff} {
			if d == nil {
				continue
			}
			y0 := float64(row)
			col := color.Color(colShaken)
			if j == 0 {
				y0 += 0.02
			} else {
				y0 -= 2*half + 0.02
				col = colLine
			}
			bar, err := rect(0, d.Diff, y0, y0+2*half, col)
			if err != nil {
				return nil, 0, err
			}
			p.Add(bar)
			drawn = true
			if err := whisker(p, d.Lo, d.Hi, y0+half, half*0.55); err != nil {
				return nil, 0, err
			}
			b.add(d.Diff, d.Lo, d.Hi)
		}
	}
	zero, err := vline(0, -0.6, float64(len(eff))-0.4, colZero, false)
	if err != nil {
		return nil, 0, err
	}
	p.Add(zero)
	// No change to draw (the table says "–" in every row): say why.
	switch {
	case !drawn && r.Baseline == nil:
		p.Add(emptyNote(fmt.Sprintf("%s never happened in any fight of the baseline: no change of its %s to draw", r.Metric, r.Stat)))
	case !drawn:
		p.Add(emptyNote(fmt.Sprintf("the %s of %s is undefined at every nudge: no change to draw", r.Stat, r.Metric)))
	}
	p.NominalY(names...)
	p.Y.Min, p.Y.Max = -0.6, float64(len(eff))-0.4
	fit(&p.X, b.lo, b.hi, 0.08)
	return p, vg.Length(len(eff))*vg.Points(24) + vg.Inch*1.3, nil
}

// whisker draws an interval lo..hi at height y with caps of half-height h.
func whisker(p *plot.Plot, lo, hi, y, h float64) error {
	for _, xy := range []plotter.XYs{{{X: lo, Y: y}, {X: hi, Y: y}}, {{X: lo, Y: y - h}, {X: lo, Y: y + h}}, {{X: hi, Y: y - h}, {X: hi, Y: y + h}}} {
		l, err := line(xy, color.Black, vg.Points(1), false)
		if err != nil {
			return err
		}
		p.Add(l)
	}
	return nil
}
