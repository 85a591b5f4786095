// Package report draws the lab's results with gonum/plot (fan charts of
// morale per squad, survival curves, histograms, sweep lines and heat maps
// with their numbers, a tornado chart with intervals) and renders them into
// self-contained HTML pages (Page, Table, Figure; RunPage, SweepPage,
// SensitivityPage, ComparePage). It is separate from lab so that tools
// calling lab.Lint do not link a plotting library.
package report

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/moralebreak/moralebreak/internal/figures"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/text"
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
	colBandB  = color.NRGBA{R: 230, G: 120, B: 20, A: 80}
	colLineB  = color.NRGBA{R: 190, G: 80, B: 0, A: 255}
	colShaken = color.NRGBA{R: 220, G: 160, B: 0, A: 255}
	colPanic  = color.NRGBA{R: 200, G: 40, B: 40, A: 255}
	colHyst   = color.NRGBA{R: 150, G: 150, B: 150, A: 50}
	colZero   = color.NRGBA{R: 90, G: 90, B: 90, A: 255}
)

// squadColours tells squads apart on one chart (Tableau 10).
var squadColours = []color.NRGBA{
	{31, 119, 180, 255}, {255, 127, 14, 255}, {44, 160, 44, 255}, {214, 39, 40, 255},
	{148, 103, 189, 255}, {140, 86, 75, 255}, {227, 119, 194, 255}, {127, 127, 127, 255},
	{188, 189, 34, 255}, {23, 190, 207, 255},
}

func squadColour(i int) color.NRGBA { return squadColours[i%len(squadColours)] }

// squadDashes tells apart squads whose colours repeat: the first
// len(squadColours) squads are drawn solid, the next dashed (gonum's
// plotutil.Dashes), so that on a chart of up to lab.MaxSquadSeries squads
// the 11th is not the 1st's solid blue.
func squadDashes(i int) []vg.Length { return plotutil.Dashes(i / len(squadColours)) }

// pngOf renders p as a PNG of w × h, with a margin on the right and at the
// top so that nothing touches the image's edge.
func pngOf(p *plot.Plot, w, h vg.Length) ([]byte, error) {
	return pngBeside(p, plot.Legend{}, w, h)
}

// pngBeside renders p as pngOf does, with the legend l in a column of its
// own at the image's right (legendBeside).
func pngBeside(p *plot.Plot, l plot.Legend, w, h vg.Length) ([]byte, error) {
	c, dc := whiteCanvas(w, h)
	dc = legendBeside(dc, l)
	drawPlot(p, draw.Crop(dc, vg.Points(6), -vg.Points(10), 0, -vg.Points(4))) // a margin at the left: gonum sets the y labels flush against the edge
	return encode(c)
}

// drawPlot draws p on c, an axis still marked by gonum's default ticks
// marked by plainTicks instead, so that no chart's axis reads "-5e-05" or
// counts "0.00 25.00".
func drawPlot(p *plot.Plot, c draw.Canvas) {
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		if _, ok := ax.Tick.Marker.(plot.DefaultTicks); ok {
			ax.Tick.Marker = plainTicks{}
		}
	}
	p.Draw(c)
}

// plainTicks are gonum's default ticks labelled by internal/figures' rule
// for a number a person reads (figures.Format with 4 figures): no exponent
// ("-0.00005", not "-5e-05") and a whole number whole ("25", not "25.00").
type plainTicks struct{}

// Ticks implements plot.Ticker.
func (plainTicks) Ticks(lo, hi float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(lo, hi)
	for i, t := range ts {
		if t.Label != "" {
			ts[i].Label = figures.Format(t.Value, 4)
		}
	}
	return ts
}

// whiteCanvas returns a PNG canvas of w × h at 96 dpi, filled white, and
// the whole of it to draw on.
func whiteCanvas(w, h vg.Length) (vgimg.PngCanvas, draw.Canvas) {
	c := vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(96))}
	dc := draw.New(c)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	return c, dc
}

// legendBeside draws l's entries (none: nothing) in a column of their own
// at the right of c, centred on its height, and returns the rest of c for
// the plots. There the legend covers no curve, mark or name of a mark: in a
// corner of the frame it sat on the names of the first events (bottom
// left), on curves that hold at 1 all fight (top) or fall to 0 (bottom).
func legendBeside(c draw.Canvas, l plot.Legend) draw.Canvas {
	size := l.Rectangle(c).Size()
	if size.X <= 0 {
		return c
	}
	pad := vg.Points(8)
	col := c
	col.Min.X, col.Max.X = c.Max.X-pad-size.X, c.Max.X-pad
	mid := (c.Min.Y + c.Max.Y) / 2
	col.Min.Y, col.Max.Y = mid-size.Y/2, mid+size.Y/2
	l.Top, l.Left, l.XOffs, l.YOffs = true, true, 0, 0
	l.Draw(col)
	c.Max.X = col.Min.X - pad
	return c
}

// tilesOf renders plots (nil for an empty tile) as one PNG, cols per row,
// each tile tileW × tileH.
func tilesOf(plots []*plot.Plot, cols int, tileW, tileH vg.Length) ([]byte, error) {
	return tilesBeside(plots, plot.Legend{}, cols, tileW, tileH)
}

// tilesBeside renders plots as tilesOf does, with the legend l in a column
// of its own at the image's right (legendBeside), which the tiles make room
// for.
func tilesBeside(plots []*plot.Plot, l plot.Legend, cols int, tileW, tileH vg.Length) ([]byte, error) {
	rows := (len(plots) + cols - 1) / cols
	grid := make([][]*plot.Plot, rows)
	for r := range grid {
		grid[r] = make([]*plot.Plot, cols)
		for c := range grid[r] {
			if i := r*cols + c; i < len(plots) {
				grid[r][c] = plots[i]
			}
		}
	}
	c, dc := whiteCanvas(vg.Length(cols)*tileW, vg.Length(rows)*tileH)
	dc = legendBeside(dc, l)
	t := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Millimeter * 2, PadY: vg.Millimeter * 2, PadTop: vg.Millimeter, PadBottom: vg.Millimeter, PadLeft: vg.Millimeter, PadRight: vg.Millimeter * 2}
	canvases := plot.Align(grid, t, dc)
	for r := range grid {
		for col, p := range grid[r] {
			if p != nil {
				drawPlot(p, canvases[r][col])
			}
		}
	}
	return encode(c)
}

func encode(c vgimg.PngCanvas) ([]byte, error) {
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// fit sets ax to span lo..hi widened by pad of the span on each side (a
// span of zero by pad of the value, or by 0.5 at zero), so that no line, bar
// or whisker touches the frame.
func fit(ax *plot.Axis, lo, hi, pad float64) { fitPads(ax, lo, hi, pad, pad) }

// fitPads is fit with a margin of its own below (padLo) and above (padHi):
// room for a legend over the data, say.
func fitPads(ax *plot.Axis, lo, hi, padLo, padHi float64) {
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) || math.IsNaN(lo) || math.IsNaN(hi) {
		return
	}
	span := hi - lo
	if span <= 0 {
		span = math.Abs(lo)
		if span == 0 {
			span = 1
		}
	}
	ax.Min, ax.Max = lo-padLo*span, hi+padHi*span
}

// bounds tracks the range of the values it sees.
type bounds struct{ lo, hi float64 }

func newBounds() bounds { return bounds{math.Inf(1), math.Inf(-1)} }

func (b *bounds) add(vs ...float64) {
	for _, v := range vs {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			b.lo, b.hi = math.Min(b.lo, v), math.Max(b.hi, v)
		}
	}
}

func (b bounds) ok() bool { return b.lo <= b.hi }

func line(xy plotter.XYs, col color.Color, width vg.Length, dashed bool) (*plotter.Line, error) {
	l, err := plotter.NewLine(xy)
	if err != nil {
		return nil, err
	}
	l.Color, l.Width = col, width
	if dashed {
		l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	}
	return l, nil
}

func hline(y, x0, x1 float64, col color.Color, dashed bool) (*plotter.Line, error) {
	return line(plotter.XYs{{X: x0, Y: y}, {X: x1, Y: y}}, col, vg.Points(1.2), dashed)
}

func vline(x, y0, y1 float64, col color.Color, dashed bool) (*plotter.Line, error) {
	return line(plotter.XYs{{X: x, Y: y0}, {X: x, Y: y1}}, col, vg.Points(1), dashed)
}

func rect(x0, x1, y0, y1 float64, col color.Color) (*plotter.Polygon, error) {
	return ribbon([]float64{x0, x1}, []float64{y0, y0}, []float64{y1, y1}, col)
}

// ribbon returns the filled polygon, without an outline, between lo and hi
// over xs (equal lengths, at least one point).
func ribbon(xs, lo, hi []float64, col color.Color) (*plotter.Polygon, error) {
	var poly plotter.XYs
	for i := range xs {
		poly = append(poly, plotter.XY{X: xs[i], Y: hi[i]})
	}
	for i := len(xs) - 1; i >= 0; i-- {
		poly = append(poly, plotter.XY{X: xs[i], Y: lo[i]})
	}
	pg, err := plotter.NewPolygon(poly)
	if err != nil {
		return nil, err
	}
	pg.Color = col
	pg.LineStyle.Width = 0
	return pg, nil
}

// stepCurve draws y over t as a step curve (the value holds until the next
// sample).
func stepCurve(t, y []float64, col color.Color, width vg.Length) (*plotter.Line, error) {
	var xy plotter.XYs
	for i := range t {
		if i > 0 {
			xy = append(xy, plotter.XY{X: t[i], Y: y[i-1]})
		}
		xy = append(xy, plotter.XY{X: t[i], Y: y[i]})
	}
	return line(xy, col, width, false)
}

// shareAxis fits a share (0..1) axis with a small margin, so that a curve
// at 0 or 1 stays visible inside the frame.
func shareAxis(ax *plot.Axis) {
	ax.Min, ax.Max = -0.03, 1.03
	ax.Tick.Marker = shareTicks{}
}

// shareTicks mark a share axis at a round step a reader can read values
// off, labelled "0 0.1 0.2 … 1" or "0 0.25 0.5 0.75 1" (the finest of 0.01,
// 0.02, 0.05, 0.1 that labels at most 8 ticks, else 0.25), with unlabelled
// ticks between, and none outside 0..1, which a margin (room for a
// legend) may bring into view. gonum's default labelled a sweep's share
// axis only at 0.3 and 0.7 while its points reached 0.98.
type shareTicks struct{}

// Ticks implements plot.Ticker.
func (shareTicks) Ticks(lo, hi float64) []plot.Tick {
	lo, hi = math.Max(lo, 0), math.Min(hi, 1)
	if !(hi > lo) {
		return nil
	}
	step, minor := 0.25, 0.05
	for _, s := range []float64{0.01, 0.02, 0.05, 0.1} {
		if math.Floor(hi/s+1e-9)-math.Ceil(lo/s-1e-9)+1 <= 8 {
			step, minor = s, s/2
			break
		}
	}
	var out []plot.Tick
	per := int(math.Round(step / minor))
	for k := int(math.Ceil(lo/minor - 1e-9)); float64(k)*minor <= hi+1e-9; k++ {
		v := float64(k) * minor
		t := plot.Tick{Value: v}
		if k%per == 0 {
			t.Label = figures.Format(v, 4)
		}
		out = append(out, t)
	}
	return out
}

// Histogram draws the distribution of vals in about bins bins (20 when ≤
// 0), its axes fitted to the data; an empty vals gives an empty frame. When
// every value is a whole multiple of one step (times that land on the
// squads' updates, every 0.25 s), each bin holds the same number of steps,
// so the bars do not alternate between four steps and five.
func Histogram(title, xlabel string, vals []float64, bins int) ([]byte, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = "fights"
	p.Y.Tick.Marker = countTicks{}
	if len(vals) > 0 {
		if bins <= 0 {
			bins = 20
		}
		h, err := plotter.NewHist(plotter.Values(vals), bins)
		if err != nil {
			return nil, err
		}
		if b := histBins(vals, bins); b != nil {
			h.Bins, h.Width = b, b[0].Max-b[0].Min
		}
		h.FillColor = colBand
		h.LineStyle.Color = colLine
		p.Add(h)
		top := 0.0
		for _, b := range h.Bins {
			top = math.Max(top, b.Weight)
		}
		p.Y.Min, p.Y.Max = 0, top*1.08
		x0, x1, _, _ := h.DataRange()
		fit(&p.X, x0, x1, 0.03)
	}
	return pngOf(p, plotW/2, plotH)
}

// histBins returns Histogram's bins for vals, nil for gonum's own: when
// every value is one, a bin of width 1 centred on it, where gonum's went
// from it to it + 1 (the demo's battle, whose first rout is at 10.5 s in
// every fight, drew a bar from 10.5 to 11.5 s); else stepBins'.
func histBins(vals []float64, n int) []plotter.HistogramBin {
	if v, ok := oneValue(vals); ok {
		return []plotter.HistogramBin{{Min: v - 0.5, Max: v + 0.5, Weight: float64(len(vals))}}
	}
	return stepBins(vals, n)
}

// oneValue returns the value of vals when they are all one finite value.
func oneValue(vals []float64) (float64, bool) {
	if len(vals) == 0 || math.IsNaN(vals[0]) || math.IsInf(vals[0], 0) {
		return 0, false
	}
	for _, v := range vals[1:] {
		if v != vals[0] {
			return 0, false
		}
	}
	return vals[0], true
}

// stepBins returns at most about n bins of equal width for vals when every
// value is a whole multiple of their smallest gap q (to 1e-6 of it): each
// bin spans k steps, centred on them, k the fewest that make at most n bins.
// It returns nil when the values have no such step (or one value only).
func stepBins(vals []float64, n int) []plotter.HistogramBin {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range vals {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	if !(hi > lo) || math.IsInf(hi-lo, 0) {
		return nil
	}
	sorted := append([]float64(nil), vals...)
	slices.Sort(sorted)
	q := math.Inf(1)
	for i := 1; i < len(sorted); i++ {
		if d := sorted[i] - sorted[i-1]; d > 1e-9*(hi-lo) {
			q = math.Min(q, d)
		}
	}
	steps := (hi - lo) / q
	if steps > 1e6 {
		return nil
	}
	for _, v := range vals {
		if f := (v - lo) / q; math.Abs(f-math.Round(f)) > 1e-6 {
			return nil
		}
	}
	total := int(math.Round(steps)) + 1 // the steps from lo to hi, both in
	k := (total + n - 1) / n
	bins := make([]plotter.HistogramBin, (total+k-1)/k)
	for i := range bins {
		bins[i].Min = lo + (float64(i*k)-0.5)*q
		bins[i].Max = bins[i].Min + float64(k)*q
	}
	for _, v := range vals {
		bins[int(math.Round((v-lo)/q))/k].Weight++
	}
	return bins
}

// CountChart draws how many fights had each whole-number value of vals
// (0, 1, 2, … up to the largest), as bars.
func CountChart(title, xlabel string, vals []float64) ([]byte, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = "fights"
	p.Y.Tick.Marker = countTicks{}
	top := 0
	for _, v := range vals {
		top = max(top, int(v))
	}
	if len(vals) == 0 || top > 100000 {
		return pngOf(p, plotW/2, plotH)
	}
	counts := make(plotter.Values, top+1)
	highest := 0.0
	for _, v := range vals {
		counts[int(v)]++
		highest = math.Max(highest, counts[int(v)])
	}
	w := vg.Points(math.Max(2, math.Min(24, 200/float64(top+1))))
	bars, err := plotter.NewBarChart(counts, w)
	if err != nil {
		return nil, err
	}
	bars.Color = colBand
	bars.LineStyle.Color = colLine
	p.Add(bars)
	p.Y.Min, p.Y.Max = 0, highest*1.08
	p.X.Min, p.X.Max = -0.7, float64(top)+0.7
	if top <= 20 {
		var names []string
		for i := 0; i <= top; i++ {
			names = append(names, fmt.Sprint(i))
		}
		p.NominalX(names...)
	}
	return pngOf(p, plotW/2, plotH)
}

// pct formats a share as a whole percentage ("62%"), and one that is
// neither 0 nor 1 never as 0% or 100%: "<1%" and ">99%" (figures.Percent),
// so that a squad that broke in 3 fights of 1,000 does not read "broke in
// 0%", nor one that broke in 998 "broke in 100%".
func pct(share float64) string { return figures.Percent(share, 0) + "%" }

// countTicks marks a count axis (fights) with whole numbers only: the
// default ticks, the fractional ones left unlabelled ("50", not "50.00").
type countTicks struct{}

// Ticks returns the default ticks of min..max, labelled as whole numbers.
func (countTicks) Ticks(min, max float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(min, max)
	for i, t := range ts {
		switch {
		case t.Label == "":
		case t.Value != math.Trunc(t.Value):
			ts[i].Label = ""
		default:
			ts[i].Label = strconv.FormatFloat(t.Value, 'f', 0, 64)
		}
	}
	return ts
}

// timeTicks marks a time axis in seconds at a round step (1, 2, 5, 10, 15,
// 20, 30 s, a minute, …) that gives at most steps+1 labelled ticks (6 when
// steps is 0), with an unlabelled one between each: "0 15 30 … 90" for a
// fight of 90 s, where the default gives "0 40 80". A narrow tile (the
// squads' small charts, three in a row beside compare's legend) sets fewer
// steps: 7 labels there ran together ("100120").
type timeTicks struct{ steps int }

// Ticks returns the ticks of min..max.
func (tt timeTicks) Ticks(min, max float64) []plot.Tick {
	most := float64(tt.steps)
	if most <= 0 {
		most = 6
	}
	step := 0.5
	for _, s := range []float64{0.5, 1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400} {
		step = s
		if (max-min)/s <= most {
			break
		}
	}
	var ts []plot.Tick
	for k := math.Ceil(min/step*2 - 1e-9); k/2*step <= max+1e-9 && len(ts) < 100; k++ {
		v := k / 2 * step
		if v == 0 {
			v = 0 // not -0
		}
		label := ""
		if math.Mod(k, 2) == 0 {
			label = strconv.FormatFloat(v, 'f', -1, 64)
		}
		ts = append(ts, plot.Tick{Value: v, Label: label})
	}
	return ts
}

// emptyNote is a plotter that writes its text in the middle of the data
// area, on white, wrapped to the area's width: it says why a plot has
// nothing to draw (a metric that never happened), where the tables say "–".
type emptyNote string

// Plot draws the note.
func (n emptyNote) Plot(c draw.Canvas, _ *plot.Plot) {
	sty := text.Style{Color: colZero, Font: font.From(plotter.DefaultFont, vg.Points(12)), XAlign: draw.XCenter, YAlign: draw.YCenter, Handler: plot.DefaultTextHandler}
	msg := strings.Join(wrapWords(sty, strings.Fields(string(n)), c.Size().X*0.9), "\n")
	at := c.Center()
	w, h, pad := sty.Width(msg), sty.Height(msg), vg.Points(6)
	box := vg.Rectangle{Min: vg.Point{X: at.X - w/2 - pad, Y: at.Y - h/2 - pad}, Max: vg.Point{X: at.X + w/2 + pad, Y: at.Y + h/2 + pad}}
	c.SetColor(color.White)
	c.Fill(box.Path())
	c.FillText(sty, at, msg)
}
