// Package report draws the lab's results with gonum/plot (a fan chart of
// morale, a survival curve, histograms, sweep lines and heat maps, a tornado
// chart) and renders a self-contained HTML page with every plot embedded.
// It is separate from lab so that tools calling lab.Lint do not link a
// plotting library.
package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

	"github.com/moralebreak/moralebreak/lab"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Plot sizes.
const (
	plotW = 7 * vg.Inch
	plotH = 3.6 * vg.Inch
)

var (
	colBand   = color.NRGBA{R: 70, G: 130, B: 180, A: 90}
	colLine   = color.NRGBA{R: 30, G: 70, B: 140, A: 255}
	colShaken = color.NRGBA{R: 220, G: 160, B: 0, A: 255}
	colPanic  = color.NRGBA{R: 200, G: 40, B: 40, A: 255}
	colHyst   = color.NRGBA{R: 150, G: 150, B: 150, A: 60}
)

// pngOf renders p as a PNG.
func pngOf(p *plot.Plot, w, h vg.Length) ([]byte, error) {
	c := vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(96))}
	p.Draw(draw.New(c))
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func hline(y, x0, x1 float64, col color.Color, dashed bool) (*plotter.Line, error) {
	l, err := plotter.NewLine(plotter.XYs{{X: x0, Y: y}, {X: x1, Y: y}})
	if err != nil {
		return nil, err
	}
	l.Color = col
	l.Width = vg.Points(1.2)
	if dashed {
		l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	}
	return l, nil
}

func band(lo, hi float64, x0, x1 float64, col color.Color) (*plotter.Polygon, error) {
	pg, err := plotter.NewPolygon(plotter.XYs{{X: x0, Y: lo}, {X: x1, Y: lo}, {X: x1, Y: hi}, {X: x0, Y: hi}})
	if err != nil {
		return nil, err
	}
	pg.Color = col
	pg.LineStyle.Width = 0
	return pg, nil
}

// FanChart draws the median and 10–90% band of squad-average morale over
// time, with ShakenBelow, PanicBelow and the hysteresis band above each.
func FanChart(sum *lab.Summary) ([]byte, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: average morale of the living (median, 10–90%% of %d fights)", sum.Scenario, sum.Runs)
	p.X.Label.Text = "time (s)"
	p.Y.Label.Text = "morale"
	p.Y.Min, p.Y.Max = 0, 1
	m := sum.Morale
	if len(m.T) == 0 {
		return pngOf(p, plotW, plotH)
	}
	x0, x1 := m.T[0], m.T[len(m.T)-1]
	h := sum.Hysteresis
	for _, b := range [][2]float64{{sum.ShakenBelow, sum.ShakenBelow + h}, {sum.PanicBelow, sum.PanicBelow + h}} {
		pg, err := band(b[0], b[1], x0, x1, colHyst)
		if err != nil {
			return nil, err
		}
		p.Add(pg)
	}
	var poly plotter.XYs
	for i := range m.T {
		poly = append(poly, plotter.XY{X: m.T[i], Y: m.P90[i]})
	}
	for i := len(m.T) - 1; i >= 0; i-- {
		poly = append(poly, plotter.XY{X: m.T[i], Y: m.P10[i]})
	}
	pg, err := plotter.NewPolygon(poly)
	if err != nil {
		return nil, err
	}
	pg.Color = colBand
	pg.LineStyle.Width = 0
	p.Add(pg)
	var med plotter.XYs
	for i := range m.T {
		med = append(med, plotter.XY{X: m.T[i], Y: m.P50[i]})
	}
	l, err := plotter.NewLine(med)
	if err != nil {
		return nil, err
	}
	l.Color, l.Width = colLine, vg.Points(2)
	p.Add(l)
	p.Legend.Add("median", l)
	p.Legend.Add("10–90%", pg)
	ls, err := hline(sum.ShakenBelow, x0, x1, colShaken, true)
	if err != nil {
		return nil, err
	}
	lp, err := hline(sum.PanicBelow, x0, x1, colPanic, true)
	if err != nil {
		return nil, err
	}
	p.Add(ls, lp)
	p.Legend.Add(fmt.Sprintf("ShakenBelow %.2f", sum.ShakenBelow), ls)
	p.Legend.Add(fmt.Sprintf("PanicBelow %.2f", sum.PanicBelow), lp)
	hb, err := band(0, 0, 0, 0, colHyst)
	if err != nil {
		return nil, err
	}
	p.Legend.Add(fmt.Sprintf("hysteresis +%.2f", h), hb)
	p.Legend.Top = true
	p.Legend.Left = false
	return pngOf(p, plotW, plotH)
}

// SurvivalChart draws the share of fights with nobody routed yet over time.
func SurvivalChart(sum *lab.Summary) ([]byte, error) {
	p := plot.New()
	p.Title.Text = "share of fights with nobody routed yet"
	p.X.Label.Text = "time (s)"
	p.Y.Label.Text = "share"
	p.Y.Min, p.Y.Max = 0, 1
	var xy plotter.XYs
	for i := range sum.Survival.T {
		if i > 0 { // a step curve
			xy = append(xy, plotter.XY{X: sum.Survival.T[i], Y: sum.Survival.Y[i-1]})
		}
		xy = append(xy, plotter.XY{X: sum.Survival.T[i], Y: sum.Survival.Y[i]})
	}
	if len(xy) > 0 {
		l, err := plotter.NewLine(xy)
		if err != nil {
			return nil, err
		}
		l.Color, l.Width = colPanic, vg.Points(2)
		p.Add(l)
	}
	return pngOf(p, plotW, plotH)
}

// Histogram draws the distribution of vals (nothing when empty).
func Histogram(title, xlabel string, vals []float64, bins int) ([]byte, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = "fights"
	if len(vals) > 0 {
		if bins <= 0 {
			bins = 20
		}
		h, err := plotter.NewHist(plotter.Values(vals), bins)
		if err != nil {
			return nil, err
		}
		h.FillColor = colBand
		h.LineStyle.Color = colLine
		p.Add(h)
	}
	return pngOf(p, plotW/2, plotH)
}

// CountChart draws how many fights had each whole-number value of vals
// (0, 1, 2, … up to the largest), as bars.
func CountChart(title, xlabel string, vals []float64) ([]byte, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = "fights"
	top := 0
	for _, v := range vals {
		top = max(top, int(v))
	}
	if len(vals) == 0 || top > 100000 {
		return pngOf(p, plotW/2, plotH)
	}
	counts := make(plotter.Values, top+1)
	for _, v := range vals {
		counts[int(v)]++
	}
	w := vg.Points(math.Max(2, math.Min(24, 200/float64(top+1))))
	bars, err := plotter.NewBarChart(counts, w)
	if err != nil {
		return nil, err
	}
	bars.Color = colBand
	bars.LineStyle.Color = colLine
	p.Add(bars)
	if top <= 20 {
		var names []string
		for i := 0; i <= top; i++ {
			names = append(names, fmt.Sprint(i))
		}
		p.NominalX(names...)
	}
	return pngOf(p, plotW/2, plotH)
}

// SummaryPlots renders the plots of a complete Monte-Carlo: fan.png,
// survival.png, first_rout.png and cascade.png.
func SummaryPlots(sum *lab.Summary, runs []lab.RunResult) (map[string][]byte, error) {
	out := map[string][]byte{}
	var err error
	if out["fan.png"], err = FanChart(sum); err != nil {
		return nil, err
	}
	if out["survival.png"], err = SurvivalChart(sum); err != nil {
		return nil, err
	}
	var first, cascade []float64
	for i := range runs {
		if runs[i].FirstRouted != nil {
			first = append(first, *runs[i].FirstRouted)
		}
		cascade = append(cascade, float64(runs[i].LargestCascade))
	}
	if out["first_rout.png"], err = Histogram(fmt.Sprintf("time of the first rout (%d of %d fights had one)", len(first), len(runs)), "seconds", first, 20); err != nil {
		return nil, err
	}
	if out["cascade.png"], err = CountChart("largest rout cascade", "men routed in one chain", cascade); err != nil {
		return nil, err
	}
	return out, nil
}

// TornadoChart draws the top n effects of r as a tornado: for each knob a bar
// from the baseline to the value at −10% and one to the value at +10%.
func TornadoChart(r lab.SensitivityResult, n int) ([]byte, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: %s of %s at ±10%% of each setting", r.Scenario, r.Stat, r.Metric)
	base := 0.0
	if r.Baseline != nil {
		base = *r.Baseline
	}
	eff := r.Effects
	if len(eff) > n {
		eff = eff[:n]
	}
	var lo, hi plotter.Values
	var names []string
	for i := len(eff) - 1; i >= 0; i-- { // largest at the top
		e := eff[i]
		d := func(p *float64) float64 {
			if p == nil {
				return 0
			}
			return *p - base
		}
		lo = append(lo, d(e.Low))
		hi = append(hi, d(e.High))
		names = append(names, e.Key)
	}
	if len(eff) == 0 {
		return pngOf(p, plotW, plotH)
	}
	w := vg.Points(9)
	bl, err := plotter.NewBarChart(lo, w)
	if err != nil {
		return nil, err
	}
	bl.Horizontal, bl.Color, bl.Offset = true, colShaken, -w/2
	bh, err := plotter.NewBarChart(hi, w)
	if err != nil {
		return nil, err
	}
	bh.Horizontal, bh.Color, bh.Offset = true, colLine, w/2
	p.Add(bl, bh)
	p.Legend.Add("−10%", bl)
	p.Legend.Add("+10%", bh)
	p.NominalY(names...)
	p.X.Label.Text = fmt.Sprintf("change from the baseline %.4g", base)
	return pngOf(p, plotW, vg.Length(len(eff))*vg.Points(26)+vg.Inch)
}

// SweepChart draws a one-key sweep as a line (with the share's interval when
// stat is "share") or a two-key sweep as a heat map. A sweep that is not
// whole (lab.CheckGrid: every point, one or two keys, a full grid) is an
// error.
func SweepChart(r lab.SweepResult) ([]byte, error) {
	if err := lab.CheckGrid(r); err != nil {
		return nil, fmt.Errorf("sweep chart: %w", err)
	}
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
	r      lab.SweepResult
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
