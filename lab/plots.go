package lab

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
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
func FanChart(sum *Summary) ([]byte, error) {
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
func SurvivalChart(sum *Summary) ([]byte, error) {
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
		lo, hi := vals[0], vals[0]
		for _, v := range vals {
			lo, hi = min(lo, v), max(hi, v)
		}
		if hi == lo {
			hi = lo + 1
		}
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
func SummaryPlots(sum *Summary, runs []RunResult) (map[string][]byte, error) {
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
