package report

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"github.com/moralebreak/moralebreak/internal/figures"
	"github.com/moralebreak/moralebreak/lab"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// sweepValue is one number drawn at a sweep point, with its 95% interval
// when hasCI.
type sweepValue struct {
	v, lo, hi float64
	hasCI     bool
	// n, when above zero, is the number of fights the value is over, shown
	// in a heat-map cell under the value.
	n int
}

// sweepGetter reads one number of a point; false when it is undefined.
type sweepGetter func(pt lab.SweepPoint) (sweepValue, bool)

// statOf reads the sweep's statistic at a point. When at some point it is
// over only some of the fights (a time that did not always happen), each
// value carries the number of fights it is over, for the heat-map cells.
func statOf(r lab.SweepResult) sweepGetter {
	partial := false
	for _, pt := range r.Points {
		partial = partial || (r.Stat != "share" && pt.N < r.Runs)
	}
	return func(pt lab.SweepPoint) (sweepValue, bool) {
		if pt.Value == nil {
			return sweepValue{}, false
		}
		v := sweepValue{v: *pt.Value}
		if partial {
			v.n = pt.N
		}
		return v, true
	}
}

func squadBroke(r lab.SweepResult, i int) sweepGetter {
	return func(pt lab.SweepPoint) (sweepValue, bool) {
		if i >= len(pt.SquadBroke) || r.Runs <= 0 {
			return sweepValue{}, false
		}
		lo, hi := lab.Wilson(pt.SquadBroke[i], r.Runs)
		return sweepValue{v: float64(pt.SquadBroke[i]) / float64(r.Runs), lo: lo, hi: hi, hasCI: true}, true
	}
}

// SweepChart draws a one-key sweep as a line of the statistic over the key
// (with the share's 95% band when the statistic is "share") and a dashed
// line at the scenario's own value, or a two-key sweep as a heat map with
// the value in every cell. Points whose values do not match the sweep's keys
// are left out.
func SweepChart(r lab.SweepResult) ([]byte, error) {
	p, h, err := sweepPlot(r)
	if err != nil {
		return nil, err
	}
	return pngOf(p, plotW, h)
}

// sweepPlot is SweepChart's plot and its height.
func sweepPlot(r lab.SweepResult) (*plot.Plot, vg.Length, error) {
	title := fmt.Sprintf("%s: %s of %s (%s per point)", r.Scenario, r.Stat, r.Metric, fights(r.Runs))
	// A statistic defined at no point: the metric never happened (the
	// table says "–" at every point); the plot says so, not an empty frame.
	never := len(r.Keys) > 0 && len(r.Keys) <= 2 && len(points(r)) > 0
	for _, pt := range points(r) {
		if _, ok := statOf(r)(pt); ok {
			never = false
		}
	}
	note := emptyNote(fmt.Sprintf("%s never happened in any fight: it has no %s at any point", r.Metric, r.Stat))
	switch len(r.Keys) {
	case 1:
		p, b := plot.New(), newBounds()
		p.Title.Text = title
		p.Y.Label.Text = r.Stat + " of " + r.Metric
		if r.Stat == "share" {
			var xs, lo, hi []float64
			for _, pt := range points(r) {
				xs, lo, hi = append(xs, pt.Values[0]), append(lo, pt.Lo), append(hi, pt.Hi)
			}
			if len(xs) > 0 {
				rb, err := ribbon(xs, lo, hi, colBand)
				if err != nil {
					return nil, 0, err
				}
				p.Add(rb)
				p.Legend.Add("95% interval", rb)
				b.add(lo...)
				b.add(hi...)
			}
		}
		if err := addSweepLine(p, &b, r, statOf(r), colLine, nil, ""); err != nil {
			return nil, 0, err
		}
		entries := 1
		if r.Stat == "share" {
			entries++
		}
		if !never {
			note = ""
		}
		return p, plotH, finishSweepLines(p, b, r, r.Stat == "share", entries, note)
	case 2:
		p := plot.New()
		p.Title.Text = title
		if err := addHeatMap(p, r, statOf(r), r.Stat == "share", plotW); err != nil {
			return nil, 0, err
		}
		if never {
			p.Add(note)
		}
		return p, plotH * 1.4, nil
	}
	p := plot.New()
	p.Title.Text = title + ": no keys"
	return p, plotH, nil
}

// SweepSquadsChart draws how often each squad broke at each point of the
// sweep: one line per squad with its 95% interval for one key, or one heat
// map per squad (the first six) for two.
func SweepSquadsChart(r lab.SweepResult) ([]byte, error) {
	title := fmt.Sprintf("%s: share of fights in which each squad broke (%s per point)", r.Scenario, fights(r.Runs))
	switch len(r.Keys) {
	case 1:
		p, err := sweepSquadLines(r, title)
		if err != nil {
			return nil, err
		}
		return pngOf(p, plotW, plotH)
	case 2:
		var plots []*plot.Plot
		cols := min(2, len(r.Squads))
		for i, name := range r.Squads {
			if i == 6 {
				break
			}
			p := plot.New()
			p.Title.Text = name + ": share of fights it broke"
			if err := addHeatMap(p, r, squadBroke(r, i), true, plotW/vg.Length(max(1, cols))); err != nil {
				return nil, err
			}
			plots = append(plots, p)
		}
		if len(plots) == 0 {
			return pngOf(plot.New(), plotW, plotH)
		}
		if cols == 1 {
			return pngOf(plots[0], plotW, plotH*1.4)
		}
		return tilesOf(plots, cols, plotW/2, plotW/2*0.8)
	}
	p := plot.New()
	p.Title.Text = title + ": no keys"
	return pngOf(p, plotW, plotH)
}

// sweepSquadLines is SweepSquadsChart's plot of a one-key sweep, titled
// title.
func sweepSquadLines(r lab.SweepResult, title string) (*plot.Plot, error) {
	p, b := plot.New(), newBounds()
	p.Title.Text = title
	p.Y.Label.Text = "share of fights the squad broke"
	for i, name := range r.Squads {
		if err := addSweepLine(p, &b, r, squadBroke(r, i), squadColour(i), squadDashes(i), name); err != nil {
			return nil, err
		}
	}
	return p, finishSweepLines(p, b, r, true, len(r.Squads)+1, "")
}

// points returns the points of r that have a value for each key, in order.
func points(r lab.SweepResult) []lab.SweepPoint {
	var out []lab.SweepPoint
	for _, pt := range r.Points {
		if len(pt.Values) == len(r.Keys) {
			out = append(out, pt)
		}
	}
	return out
}

// addSweepLine draws get over the points of a one-key sweep as a line
// (dashed by dashes, nil: solid) with points (labelled in the legend
// unless label is ""), each with whiskers when it has an interval, and
// widens b to what it drew.
func addSweepLine(p *plot.Plot, b *bounds, r lab.SweepResult, get sweepGetter, col color.Color, dashes []vg.Length, label string) error {
	var xy plotter.XYs
	var vals []sweepValue
	for _, pt := range points(r) {
		if v, ok := get(pt); ok {
			xy = append(xy, plotter.XY{X: pt.Values[0], Y: v.v})
			vals = append(vals, v)
			b.add(v.v)
		}
	}
	if len(xy) == 0 {
		return nil
	}
	l, s, err := plotter.NewLinePoints(xy)
	if err != nil {
		return err
	}
	l.Color, s.Color, l.Width, l.Dashes = col, col, vg.Points(1.6), dashes
	s.Shape = draw.CircleGlyph{}
	p.Add(l, s)
	if label != "" {
		p.Legend.Add(label, l, s)
	}
	capW := 0.5
	if len(xy) > 1 {
		capW = (xy[len(xy)-1].X - xy[0].X) / float64(len(xy)-1) * 0.08
	}
	for i, v := range vals {
		if !v.hasCI {
			continue
		}
		x := xy[i].X
		for _, seg := range []plotter.XYs{{{X: x, Y: v.lo}, {X: x, Y: v.hi}}, {{X: x - capW, Y: v.lo}, {X: x + capW, Y: v.lo}}, {{X: x - capW, Y: v.hi}, {X: x + capW, Y: v.hi}}} {
			w, err := line(seg, col, vg.Points(0.8), false)
			if err != nil {
				return err
			}
			p.Add(w)
		}
		b.add(v.lo, v.hi)
	}
	return nil
}

// finishSweepLines fits the axes of a one-key sweep chart to the points and
// to b (within 0..1 for a share), with room above for a legend of entries
// lines, marks the x axis at the swept values (pointTicks), marks the
// scenario's value of the key, and writes note (unless "") over it all.
func finishSweepLines(p *plot.Plot, b bounds, r lab.SweepResult, share bool, entries int, note emptyNote) error {
	p.X.Label.Text = r.Keys[0]
	xb := newBounds()
	var xs []float64
	for _, pt := range points(r) {
		xb.add(pt.Values[0])
		if !slices.Contains(xs, pt.Values[0]) {
			xs = append(xs, pt.Values[0])
		}
	}
	slices.Sort(xs)
	p.X.Tick.Marker = pointTicks{vals: xs, sty: p.X.Tick.Label, room: plotW - 1.2*vg.Inch}
	if !b.ok() {
		b.add(0, 1)
	}
	if share {
		b.lo, b.hi = math.Max(0, b.lo), math.Min(1, b.hi)
		p.Y.Tick.Marker = shareTicks{}
	}
	fitPads(&p.Y, b.lo, b.hi, 0.08, 0.08+0.075*float64(entries))
	if xb.ok() {
		fit(&p.X, xb.lo, xb.hi, 0.04)
	}
	if len(r.BaseValues) == 1 {
		v := r.BaseValues[0]
		l, err := vline(v, p.Y.Min, p.Y.Max, colZero, true)
		if err != nil {
			return err
		}
		switch {
		case v >= p.X.Min && v <= p.X.Max:
			p.Add(l)
			p.Legend.Add("the scenario's value, "+num(v), l)
		case v < p.X.Min: // no line: the legend says where it lies
			p.Legend.Add("the scenario's value, "+num(v)+", lies left of the swept range (not drawn)", l)
		default:
			p.Legend.Add("the scenario's value, "+num(v)+", lies right of the swept range (not drawn)", l)
		}
	}
	if note != "" {
		p.Add(note)
	}
	p.Legend.Top, p.Legend.Left = true, false
	return nil
}

// pointTicks mark a one-key sweep's axis at its points, vals (sorted,
// distinct): a tick at every point (at every labelled one only when they
// stand closer than 3 pt on an axis of about room), labelled as the table
// of points writes a value (lab.FormatSweepValue) at the first point and
// every k-th after it, k the smallest of 1, 2, 5, 10, 20, 50, … with which
// at most maxPointLabels are labelled and no two labels in sty come nearer
// than a gap. gonum's default ticks fell between the points (a sweep
// of 0.05 … 0.33 by 0.07 read "0.1 0.2 0.3"), so that a reader could not
// tell which value a point was.
type pointTicks struct {
	vals []float64
	sty  text.Style
	room vg.Length
}

// maxPointLabels is the most labels pointTicks writes, as indexTicks
// labels a heat map's axis.
const maxPointLabels = 12

// Ticks implements plot.Ticker.
func (pt pointTicks) Ticks(lo, hi float64) []plot.Tick {
	if len(pt.vals) == 0 || !(hi > lo) {
		return nil
	}
	at := func(v float64) vg.Length { return vg.Length((v-lo)/(hi-lo)) * pt.room }
	labels := make([]string, len(pt.vals))
	for i, v := range pt.vals {
		labels[i] = lab.FormatSweepValue(v)
	}
	gap := pt.sty.Width("0")
	fits := func(k int) bool {
		for i := k; i < len(pt.vals); i += k {
			if at(pt.vals[i])-at(pt.vals[i-k]) < (pt.sty.Width(labels[i])+pt.sty.Width(labels[i-k]))/2+gap {
				return false
			}
		}
		return true
	}
	k := 1 // 1, 2, 5, 10, 20, 50, …: at most maxPointLabels labels
	for m := 1; k < len(pt.vals) && ((len(pt.vals)-1)/k+1 > maxPointLabels || !fits(k)); m++ {
		k = []int{1, 2, 5}[m%3] * int(math.Pow(10, float64(m/3)))
	}
	every := at(pt.vals[len(pt.vals)-1])-at(pt.vals[0]) >= vg.Points(3)*vg.Length(len(pt.vals)-1)
	var ts []plot.Tick
	for i, v := range pt.vals {
		t := plot.Tick{Value: v}
		if i%k == 0 {
			t.Label = labels[i]
		}
		if t.Label != "" || every {
			ts = append(ts, t)
		}
	}
	return ts
}

// addHeatMap draws a two-key sweep as a grid of cells, the first key across
// and the second up, each cell coloured by get (blue low, red high; over
// 0..1 for a share, else over the values' range; grey where undefined or
// missing) and labelled with its value. width is the plot's width, which
// sizes the numbers to the cells.
func addHeatMap(p *plot.Plot, r lab.SweepResult, get sweepGetter, share bool, width vg.Length) error {
	var xs, ys []float64
	for _, pt := range points(r) {
		if !slices.Contains(xs, pt.Values[0]) {
			xs = append(xs, pt.Values[0])
		}
		if !slices.Contains(ys, pt.Values[1]) {
			ys = append(ys, pt.Values[1])
		}
	}
	slices.Sort(xs)
	slices.Sort(ys)
	p.X.Label.Text, p.Y.Label.Text = r.Keys[0], r.Keys[1]
	if len(xs) == 0 {
		return nil
	}
	type cell struct {
		v  sweepValue
		ok bool
	}
	grid := map[[2]int]cell{}
	b := newBounds()
	for _, pt := range points(r) {
		c, row := slices.Index(xs, pt.Values[0]), slices.Index(ys, pt.Values[1])
		v, ok := get(pt)
		grid[[2]int{c, row}] = cell{v, ok}
		if ok {
			b.add(v.v)
		}
	}
	lo, hi := b.lo, b.hi
	if share {
		lo, hi = 0, 1
	}
	if !b.ok() || hi <= lo {
		lo, hi = lo-0.5, lo+0.5
		if !b.ok() {
			lo, hi = 0, 1
		}
	}
	pal := moreland.SmoothBlueRed().Palette(64).Colors()
	// The numbers: as large as the cells allow, from 5 to 10 points.
	cellW := float64(width) * 0.8 / float64(len(xs))
	size := math.Min(10, cellW/3.4)
	var labels plotter.XYLabels
	var styles []text.Style
	for c := range xs {
		for row := range ys {
			cl, found := grid[[2]int{c, row}]
			fill := color.Color(color.Gray{Y: 210})
			txt := "–"
			if found && cl.ok {
				f := (cl.v.v - lo) / (hi - lo)
				fill = pal[min(len(pal)-1, max(0, int(f*float64(len(pal)))))]
				// A statistic as the table of points says it (11.25, not
				// 11.2); a share, which the table says in per cent, in
				// three digits (0.0333), and one that is not 1 never as
				// 1 (0.9996 read "1"): ">0.999", as figures.Fraction says it.
				txt = num(cl.v.v)
				if share {
					txt = lab.FormatFigures(cl.v.v, 3)
					if txt == "1" && cl.v.v < 1 {
						txt = figures.Fraction(cl.v.v, 3)
					}
				}
				if cl.v.n > 0 {
					txt += "\n" + fights(cl.v.n)
				}
			}
			pg, err := rect(float64(c)-0.5, float64(c)+0.5, float64(row)-0.5, float64(row)+0.5, fill)
			if err != nil {
				return err
			}
			pg.LineStyle.Width, pg.LineStyle.Color = vg.Points(0.5), color.White
			p.Add(pg)
			if size >= 5 {
				labels.XYs = append(labels.XYs, plotter.XY{X: float64(c), Y: float64(row)})
				labels.Labels = append(labels.Labels, txt)
				styles = append(styles, text.Style{Color: ink(fill), Font: font.From(plotter.DefaultFont, vg.Points(size)), XAlign: draw.XCenter, YAlign: draw.YCenter, Handler: plot.DefaultTextHandler})
			}
		}
	}
	if len(labels.XYs) > 0 {
		l, err := plotter.NewLabels(labels)
		if err != nil {
			return err
		}
		l.TextStyle = styles
		p.Add(l)
	}
	p.X.Tick.Marker = indexTicks(xs)
	p.Y.Tick.Marker = indexTicks(ys)
	p.X.Min, p.X.Max = -0.5, float64(len(xs))-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(len(ys))-0.5
	if b.ok() { // the colours' scale, when any cell has one
		p.Title.Text += fmt.Sprintf(" — blue %s, red %s", num(lo), num(hi))
	}
	return nil
}

// ink returns black or white, whichever reads better on fill.
func ink(fill color.Color) color.Color {
	r, g, b, _ := fill.RGBA()
	if 0.299*float64(r)+0.587*float64(g)+0.114*float64(b) > 0.55*0xffff {
		return color.Black
	}
	return color.White
}

// indexTicks labels the positions 0, 1, … with vals, at most about 12
// labels.
func indexTicks(vals []float64) plot.ConstantTicks {
	step := max(1, (len(vals)+11)/12)
	var ts plot.ConstantTicks
	for i, v := range vals {
		t := plot.Tick{Value: float64(i)}
		if i%step == 0 {
			t.Label = lab.FormatSweepValue(v)
		}
		ts = append(ts, t)
	}
	return ts
}
