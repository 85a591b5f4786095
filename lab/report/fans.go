package report

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/moralebreak/moralebreak/lab"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// side is one Monte-Carlo drawn on a fan chart, with its colours and the
// label that names it in titles ("" for a chart of one).
type side struct {
	label      string
	sum        *lab.Summary
	band, line color.Color
}

// addThresholds draws ShakenBelow and PanicBelow (dashed) over x0..x1, each
// with the hysteresis band above it, and names them on the morale axis,
// where no data can cover the names: "shaken 0.6", "panic 0.25", and the
// tops of the hysteresis bands.
func addThresholds(p *plot.Plot, h lab.Header, x0, x1 float64) error {
	for _, b := range [][2]float64{{h.ShakenBelow, h.ShakenBelow + h.Hysteresis}, {h.PanicBelow, h.PanicBelow + h.Hysteresis}} {
		pg, err := rect(x0, x1, b[0], b[1], colHyst)
		if err != nil {
			return err
		}
		p.Add(pg)
	}
	ls, err := hline(h.ShakenBelow, x0, x1, colShaken, true)
	if err != nil {
		return err
	}
	lp, err := hline(h.PanicBelow, x0, x1, colPanic, true)
	if err != nil {
		return err
	}
	p.Add(ls, lp)
	ticks := plot.ConstantTicks{
		{Value: h.PanicBelow, Label: "panic " + num(h.PanicBelow)},
		{Value: h.ShakenBelow, Label: "shaken " + num(h.ShakenBelow)},
	}
	// The other labels where they do not crowd the two names.
	for _, v := range []float64{0, 1, h.PanicBelow + h.Hysteresis, h.ShakenBelow + h.Hysteresis} {
		t := plot.Tick{Value: v}
		if math.Abs(v-h.PanicBelow) >= 0.07 && math.Abs(v-h.ShakenBelow) >= 0.07 {
			t.Label = num(v)
		}
		ticks = append(ticks, t)
	}
	p.Y.Tick.Marker = ticks
	return nil
}

// addBand draws b's 10–90% band and median.
func addBand(p *plot.Plot, b lab.Band, s side) error {
	if len(b.T) == 0 {
		return nil
	}
	pg, err := ribbon(b.T, b.P10, b.P90, s.band)
	if err != nil {
		return err
	}
	med := make(plotter.XYs, len(b.T))
	for i := range b.T {
		med[i] = plotter.XY{X: b.T[i], Y: b.P50[i]}
	}
	l, err := line(med, s.line, vg.Points(2), false)
	if err != nil {
		return err
	}
	p.Add(pg, l)
	return nil
}

// fanFrame is an empty morale-over-time frame of a fight of h.Duration s,
// with its events marked, and their names, which the chart adds last
// (onTop), over its bands and lines.
func fanFrame(h lab.Header) (*plot.Plot, plot.Plotter, error) {
	p := plot.New()
	p.X.Label.Text = "time (s)"
	p.Y.Label.Text = "morale"
	p.Y.Min, p.Y.Max = 0, 1
	p.X.Min, p.X.Max = 0, h.Duration
	p.X.Tick.Marker = timeTicks{}
	names, err := addMarks(p, h)
	return p, names, err
}

// onTop adds names, the events' names of a frame (nil: none), to p after
// everything else, so that they are drawn over its bands and curves on
// their white ground: added with the frame, before the curves, the names
// were crossed out by every curve that passed their foot.
func onTop(p *plot.Plot, names plot.Plotter) {
	if names != nil {
		p.Add(names)
	}
}

// addMarks draws the timeline's events that happen once (h.Marks) as
// dotted vertical lines over the 0..1 of a chart, under what the chart
// draws next, and returns the plotter that names each upright at its foot
// (nil without marks), for the chart to add last (onTop).
func addMarks(p *plot.Plot, h lab.Header) (plot.Plotter, error) {
	if len(h.Marks) == 0 {
		return nil, nil
	}
	col := color.NRGBA{R: 90, G: 90, B: 90, A: 150} // the lines, pale under the curves
	var at plotter.XYs
	var names []string
	for _, m := range h.Marks {
		l, err := vline(m.T, 0, 1, col, true)
		if err != nil {
			return nil, err
		}
		l.Width = vg.Points(0.6)
		p.Add(l)
		at = append(at, plotter.XY{X: m.T, Y: 0.02})
		names = append(names, " "+m.Label)
	}
	lb, err := plotter.NewLabels(plotter.XYLabels{XYs: at, Labels: names})
	if err != nil {
		return nil, err
	}
	for i := range lb.TextStyle { // upright, as large and dark as the ticks' numbers
		lb.TextStyle[i].Rotation = math.Pi / 2
		lb.TextStyle[i].Font.Size = vg.Points(9)
		lb.TextStyle[i].Color = colZero
	}
	return markLabels{lb}, nil
}

// markLabels names the marks upright at their foot, each on a white
// ground over the bands and lines drawn before it: the chart adds it last
// (onTop). Marks nearer each other on the
// canvas than a line of their text and a gap share one label, at the
// first of them ("Suppressed ×2, death convoy"): two events half a second
// apart were printed over each other.
type markLabels struct{ *plotter.Labels }

// maxMarkLabel is the most runes of a shared label.
const maxMarkLabel = 48

func (m markLabels) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	var group []int // marks sharing a label, in time order
	flush := func() {
		if len(group) == 0 {
			return
		}
		var names []string
		count := map[string]int{}
		for _, i := range group {
			n := strings.TrimSpace(m.Labels.Labels[i])
			if count[n]++; count[n] == 1 {
				names = append(names, n)
			}
		}
		for k, n := range names {
			if count[n] > 1 {
				names[k] = fmt.Sprintf("%s ×%d", n, count[n])
			}
		}
		label := strings.Join(names, ", ")
		if r := []rune(label); len(r) > maxMarkLabel {
			label = string(r[:maxMarkLabel-1]) + "…"
		}
		xy := m.XYs[group[0]]
		pt := vg.Point{X: trX(xy.X), Y: trY(xy.Y)}
		if c.Contains(pt) {
			sty := m.TextStyle[group[0]]
			at := pt.Add(m.Offset)
			// Upright, the text runs up from at, its line to the left of it.
			h, w := sty.Height(" "+label), sty.Width(" "+label)
			c.SetColor(color.NRGBA{R: 255, G: 255, B: 255, A: 210})
			c.Fill(vg.Rectangle{Min: vg.Point{X: at.X - h, Y: at.Y}, Max: vg.Point{X: at.X, Y: at.Y + w}}.Path())
			c.FillText(sty, at, " "+label)
		}
		group = group[:0]
	}
	for i, xy := range m.XYs {
		if len(group) > 0 && trX(xy.X)-trX(m.XYs[group[0]].X) < m.TextStyle[i].Height("M")+vg.Points(2) {
			group = append(group, i)
			continue
		}
		flush()
		group = append(group, i)
	}
	flush()
}

// FanChart draws the median (line) and 10–90% band of the average morale of
// all living men over time, with ShakenBelow, PanicBelow and the hysteresis
// band above each.
func FanChart(sum *lab.Summary) ([]byte, error) {
	p, err := fanPlot(sum)
	if err != nil {
		return nil, err
	}
	return pngOf(p, plotW, plotH)
}

// fanPlot is FanChart's plot.
func fanPlot(sum *lab.Summary) (*plot.Plot, error) {
	p, names, err := fanFrame(sum.Header)
	if err != nil {
		return nil, err
	}
	p.Title.Text = fmt.Sprintf("%s: average morale of all living men, median and 10–90%% of %s", sum.Scenario, fights(sum.Runs))
	if err := addThresholds(p, sum.Header, 0, sum.Duration); err != nil {
		return nil, err
	}
	if err := addBand(p, sum.Morale, side{sum: sum, band: colBand, line: colLine}); err != nil {
		return nil, err
	}
	onTop(p, names)
	return p, nil
}

// squadFans draws one small fan chart per squad (the first
// lab.MaxSquadSeries), each side's band over the other, titled with the
// squad's men and how often it broke.
func squadFans(sides []side) ([]byte, error) {
	h := sides[0].sum.Header
	n := len(sides[0].sum.PerSquad)
	if n == 0 {
		p, names, err := fanFrame(h)
		if err != nil {
			return nil, err
		}
		onTop(p, names)
		return pngOf(p, plotW, plotH)
	}
	plots, cols, err := squadPanels(sides)
	if err != nil {
		return nil, err
	}
	// Of two sides, one legend beside the tiles, where it covers nothing:
	// which colour is which side.
	legend := plot.NewLegend()
	if len(sides) > 1 {
		for _, s := range sides {
			key, err := line(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 0}}, s.line, vg.Points(2), false)
			if err != nil {
				return nil, err
			}
			legend.Add(strings.TrimSpace(s.label), key)
		}
	}
	if cols == 1 {
		return pngBeside(plots[0], legend, plotW, plotH)
	}
	w := squadTileW(cols)
	return tilesBeside(plots, legend, cols, w, max(2.2*vg.Inch, w*0.62))
}

// squadTileW is the width of a squad's tile, cols to a row.
func squadTileW(cols int) vg.Length { return plotW * 1.15 / vg.Length(cols) }

// squadCols is how many squads' tiles squadFans sets in a row of n: one
// row for up to three squads, two columns for four.
func squadCols(n int) int {
	switch {
	case n <= 3:
		return n
	case n == 4:
		return 2
	}
	return 3
}

// squadPanels are squadFans' tiles, one a squad, and how many to a row.
// A title wider than its tile (a long squad's name: up to 100 bytes) ran
// into its neighbour's: the name is cut in its middle, as little as fits,
// so that the men and how often it broke stay whole.
func squadPanels(sides []side) ([]*plot.Plot, int, error) {
	h := sides[0].sum.Header
	n := len(sides[0].sum.PerSquad)
	cols := squadCols(n)
	room := plotW - 6*vg.Millimeter // one tile: the whole image
	if cols > 1 {
		room = squadTileW(cols) - 8*vg.Millimeter
		if len(sides) > 1 {
			room -= 0.6 * vg.Inch / vg.Length(cols) // the legend's column takes its share
		}
	}
	var plots []*plot.Plot
	for i := 0; i < n; i++ {
		p, names, err := fanFrame(h)
		if err != nil {
			return nil, 0, err
		}
		if cols > 1 {
			p.X.Tick.Marker = timeTicks{steps: 4}
		}
		name := sides[0].sum.PerSquad[i].Name
		var broke []string
		for _, s := range sides {
			st, _ := s.sum.Stat("squad_broke." + name)
			broke = append(broke, s.label+pct(st.Share))
		}
		p.Title.TextStyle.Font.Size = vg.Points(11)
		size := ""
		if i < len(h.SquadMen) {
			size = ", " + men(h.SquadMen[i])
		}
		rest := fmt.Sprintf("%s: broke in %s", size, broke[0])
		if len(sides) > 1 { // "left, 8 men: A 18%, B 2%": the caption says which colour is which
			rest = fmt.Sprintf("%s: %s", size, strings.Join(broke, ", "))
		}
		sty := p.Title.TextStyle
		if nameRoom := room - sty.Width(rest); sty.Width(name+rest) > room && nameRoom > sty.Width("ab…yz") {
			name = cutMiddle(sty, name, nameRoom)
		}
		p.Title.Text = cutMiddle(sty, name+rest, room)
		if err := addThresholds(p, h, 0, h.Duration); err != nil {
			return nil, 0, err
		}
		for _, s := range sides {
			if i < len(s.sum.PerSquad) {
				if err := addBand(p, s.sum.PerSquad[i].Morale, s); err != nil {
					return nil, 0, err
				}
			}
		}
		onTop(p, names)
		plots = append(plots, p)
	}
	return plots, cols, nil
}

// SquadFans draws the fan chart of each squad of sum (its first
// lab.MaxSquadSeries squads), in small multiples.
func SquadFans(sum *lab.Summary) ([]byte, error) {
	return squadFans([]side{{sum: sum, band: colBand, line: colLine}})
}

// SquadFansAB draws each squad's fan under settings A and B on one chart.
func SquadFansAB(a, b *lab.Summary) ([]byte, error) {
	return squadFans([]side{{label: "A ", sum: a, band: colBand, line: colLine}, {label: "B ", sum: b, band: colBandB, line: colLineB}})
}

// shareFrame is an empty frame of a share of fights over a fight of h,
// with its events marked, and their names, for the chart to add last
// (onTop).
func shareFrame(title string, h lab.Header) (*plot.Plot, plot.Plotter, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "time (s)"
	p.Y.Label.Text = "share of fights"
	p.X.Min, p.X.Max = 0, h.Duration
	p.X.Tick.Marker = timeTicks{}
	names, err := addMarks(p, h)
	if err != nil {
		return nil, nil, err
	}
	shareAxis(&p.Y)
	return p, names, nil
}

// UnbrokenChart draws, per squad, the share of fights in which none of its
// men has broken yet, over time.
func UnbrokenChart(sum *lab.Summary) ([]byte, error) {
	p, legend, err := unbrokenPlot(sum)
	if err != nil {
		return nil, err
	}
	return pngBeside(p, legend, plotW, plotH)
}

// unbrokenPlot is UnbrokenChart's plot and the legend beside it.
func unbrokenPlot(sum *lab.Summary) (*plot.Plot, plot.Legend, error) {
	p, names, err := shareFrame(fmt.Sprintf("share of fights in which the squad has not broken yet (%s)", fights(sum.Runs)), sum.Header)
	if err != nil {
		return nil, plot.Legend{}, err
	}
	legend := plot.NewLegend() // beside the frame, where it covers nothing
	for i, sq := range sum.PerSquad {
		if len(sq.Unbroken.T) == 0 {
			continue
		}
		l, err := stepCurve(sq.Unbroken.T, sq.Unbroken.Y, squadColour(i), vg.Points(2))
		if err != nil {
			return nil, plot.Legend{}, err
		}
		l.Dashes = squadDashes(i)
		p.Add(l)
		legend.Add(cutMiddle(legend.TextStyle, sq.Name, plotW/5), l) // a long name would squeeze the frame
	}
	onTop(p, names)
	return p, legend, nil
}

// SurvivalChart draws the share of fights with nobody routed yet over time.
func SurvivalChart(sum *lab.Summary) ([]byte, error) {
	p, err := survivalPlot(sum)
	if err != nil {
		return nil, err
	}
	return pngOf(p, plotW, plotH)
}

// survivalPlot is SurvivalChart's plot.
func survivalPlot(sum *lab.Summary) (*plot.Plot, error) {
	p, names, err := shareFrame(fmt.Sprintf("share of fights with nobody routed yet (%s)", fights(sum.Runs)), sum.Header)
	if err != nil {
		return nil, err
	}
	if len(sum.Survival.T) > 0 {
		l, err := stepCurve(sum.Survival.T, sum.Survival.Y, colPanic, vg.Points(2))
		if err != nil {
			return nil, err
		}
		p.Add(l)
	}
	onTop(p, names)
	return p, nil
}
