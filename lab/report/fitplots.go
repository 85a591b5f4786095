package report

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/moralebreak/moralebreak/lab"
	labfit "github.com/moralebreak/moralebreak/lab/fit"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

var (
	colSearch = color.NRGBA{R: 70, G: 130, B: 180, A: 120}
	colPass   = color.NRGBA{R: 22, G: 163, B: 74, A: 255}
	colRange  = color.NRGBA{R: 22, G: 163, B: 74, A: 50}
)

// ConvergenceChart draws, over the evaluations in order, every candidate's
// objective (the search's, the re-measured and polished ones, the checks on
// new seeds; values above 1.5× the start's are drawn at that ceiling) and the
// best candidate's so far, with the restarts marked; and below, how far the
// best so far is from the start (the sum of its keys' relative changes),
// which falls as the fit trades changes away once the objective is zero.
func ConvergenceChart(r *labfit.Result) ([]byte, error) {
	top, low, err := convergencePlots(r)
	if err != nil {
		return nil, err
	}
	return tilesOf([]*plot.Plot{top, low}, 1, plotW, plotH*0.8)
}

// convergencePlots are ConvergenceChart's two panels, top and below.
func convergencePlots(r *labfit.Result) (top, low *plot.Plot, err error) {
	top = plot.New()
	top.Title.Text = fmt.Sprintf("%s: objective per candidate (0: every expectation holds with margin)", r.Scenario)
	top.Y.Label.Text = "objective"
	low = plot.New()
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
	fitPads(&top.Y, 0, ceiling, 0.03, 0.45)
	maxDist := 1e-3
	for _, p := range dist {
		maxDist = math.Max(maxDist, p.Y)
	}
	fitPads(&low.Y, 0, maxDist, 0.05, 0.1)
	for _, x := range restarts {
		for _, c := range []struct {
			p   *plot.Plot
			top float64
		}{{top, ceiling}, {low, maxDist}} {
			l, err := vline(x, 0, c.top, colZero, true)
			if err != nil {
				return nil, nil, err
			}
			c.p.Add(l)
		}
	}
	for _, g := range []struct {
		name, label string
		col         color.Color
	}{
		{"search", fmt.Sprintf("search candidate (%s)", fights(r.Runs)), colSearch},
		{"refine", fmt.Sprintf("re-measured / polished (%s)", fights(r.RefineRuns)), colShaken},
		{"held-out", "checked on " + count(r.HeldOutRuns, "new fight", "new fights"), colPanic},
	} {
		xy := groups[g.name]
		if len(xy) == 0 {
			continue
		}
		s, err := plotter.NewScatter(xy)
		if err != nil {
			return nil, nil, err
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
	}{{top, best, "best so far on the fit's own fights (the checks on new fights not counted)"}, {low, dist, ""}} {
		if len(c.xy) == 0 {
			continue
		}
		l, err := line(c.xy, colLine, vg.Points(2), false)
		if err != nil {
			return nil, nil, err
		}
		c.p.Add(l)
		if c.name != "" {
			c.p.Legend.Add(c.name, l)
		}
	}
	top.Legend.Top = true
	return top, low, nil
}

// maxPanels is the most expectations the expectations plot draws, one panel
// each: past it the plot would grow without bound (a fit may have thousands),
// so it draws maxPanels of them and a last panel says how many it left out;
// every one is in the page's table and in fit.json.
const maxPanels = 24

// drawnExpectations returns the indices of r.After that the expectations
// plot draws, in file order: all of them when they are at most maxPanels,
// else maxPanels of them, those that fail after the fit first; and how many
// of those it leaves out fail.
func drawnExpectations(r *labfit.Result) (drawn []int, leftFailing int) {
	var fail, pass []int
	for i := range min(len(r.After), len(r.Before)) {
		if r.After[i].Pass {
			pass = append(pass, i)
		} else {
			fail = append(fail, i)
		}
	}
	drawn = append(fail, pass...)
	drawn = drawn[:min(len(drawn), maxPanels)]
	slices.Sort(drawn)
	return drawn, max(0, len(fail)-maxPanels)
}

// ExpectationsChart draws, per expectation, its range and the statistic
// with its 95% interval before (the starting weights) and after (the
// result), both on the held-out fights: one panel each, stacked, at most
// maxPanels of them (those that fail first), and then a panel that says how
// many it left out.
func ExpectationsChart(r *labfit.Result) ([]byte, error) {
	plots, err := expectationPanels(r)
	if err != nil {
		return nil, err
	}
	return tilesOf(plots, 1, plotW, 1.3*vg.Inch)
}

// expectationPanels returns the panels of ExpectationsChart, top to bottom.
func expectationPanels(r *labfit.Result) ([]*plot.Plot, error) {
	var plots []*plot.Plot
	drawn, leftFailing := drawnExpectations(r)
	for _, i := range drawn {
		p, err := expectationPanel(r, r.Before[i], r.After[i])
		if err != nil {
			return nil, err
		}
		plots = append(plots, p)
	}
	if left := min(len(r.After), len(r.Before)) - len(drawn); left > 0 {
		p := plot.New()
		p.HideAxes()
		p.Title.Text = fmt.Sprintf("… and %s, not drawn (%d fail): see fit.json", count(left, "more expectation", "more expectations"), leftFailing)
		plots = append(plots, p)
	}
	return plots, nil
}

// titleW is the widest a panel's title line may be: the panel's width less
// the tiles' pads (3 mm) and a margin, so that no title is clipped.
const titleW = plotW - 6*vg.Millimeter

// expectationTitle is the title of after's panel: where the expectation is
// (file:line, as the verdict lines say it), what it wants and on how many
// fights, in at most two lines of at most titleW in sty. A title too long
// for two lines drops the count of fights (the caption has it), and then
// cuts its longest words (a path, a squad's name) in their middle with "…",
// as little as fits, so that every word of the metric (after, given) and
// the range stay; a title of many short words (names with spaces) that
// still takes more lines gets one line for where and what and one for the
// range, each cut in its middle.
func expectationTitle(sty text.Style, r *labfit.Result, after labfit.Measure) string {
	where := fmt.Sprintf("%s:%d", fileOf(r, after), after.Line)
	what := fmt.Sprintf("%s %s,", after.Metric, after.Stat)
	want := "want " + lab.FormatExact(after.Lo) + ".." + lab.FormatExact(after.Hi)
	each := "(" + count(r.HeldOutRuns, "new fight", "new fights") + " each)"
	words := slices.Concat(strings.Fields(where), strings.Fields(what))
	if lines := wrapWords(sty, slices.Concat(words, []string{want, each}), titleW); len(lines) <= 2 {
		return strings.Join(lines, "\n")
	}
	words = append(words, want)
	for limit := titleW; limit >= titleW/10; limit *= 0.9 {
		cut := make([]string, len(words))
		for i, w := range words {
			cut[i] = cutMiddle(sty, w, limit)
		}
		if lines := wrapWords(sty, cut, titleW); len(lines) <= 2 {
			return strings.Join(lines, "\n")
		}
	}
	return cutMiddle(sty, where+" "+what, titleW) + "\n" + cutMiddle(sty, want, titleW)
}

// wrapWords sets words (a "word" may hold spaces: it is not broken) into
// lines of at most w in sty, as many to a line as fit; a word wider than a
// line alone gets a line of its own, cut in its middle.
func wrapWords(sty text.Style, words []string, w vg.Length) []string {
	var lines []string
	for _, word := range words {
		if n := len(lines); n > 0 && sty.Width(lines[n-1]+" "+word) <= w {
			lines[n-1] += " " + word
			continue
		}
		lines = append(lines, cutMiddle(sty, word, w))
	}
	return lines
}

// cutMiddle returns s, or, when it is wider than w in sty, its start and
// end around "…", as much of both as fits.
func cutMiddle(sty text.Style, s string, w vg.Length) string {
	if sty.Width(s) <= w {
		return s
	}
	rs := []rune(s)
	cut := func(keep int) string { return string(rs[:(keep+1)/2]) + "…" + string(rs[len(rs)-keep/2:]) }
	// The widest cut that fits: keep runes of s, 0 ≤ keep < len(rs).
	keep := sort.Search(len(rs), func(k int) bool { return sty.Width(cut(k)) > w }) - 1
	return cut(max(keep, 0))
}

func expectationPanel(r *labfit.Result, before, after labfit.Measure) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = expectationTitle(p.Title.TextStyle, r, after)
	p.Y.Min, p.Y.Max = -0.7, 1.7
	p.NominalY("after", "before")
	b := newBounds()
	b.add(after.Lo, after.Hi)
	for _, m := range []labfit.Measure{before, after} {
		if m.Got != nil {
			b.add(*m.Got)
		}
		if m.CI95 != nil {
			b.add(m.CI95[0])
			if !math.IsInf(m.CI95[1], 1) {
				b.add(m.CI95[1])
			}
		}
	}
	fit(&p.X, b.lo, b.hi, 0.08)
	rng, err := rect(after.Lo, after.Hi, -0.5, 1.5, colRange)
	if err != nil {
		return nil, err
	}
	p.Add(rng)
	for y, m := range []labfit.Measure{after, before} {
		col := colPanic
		if m.Pass {
			col = colPass
		}
		if m.Got == nil { // an empty row read as a panel with nothing drawn: say why
			l, err := plotter.NewLabels(plotter.XYLabels{XYs: plotter.XYs{{X: p.X.Min, Y: float64(y)}}, Labels: []string{"  never: no fight defined " + m.Stat + " of " + m.Metric}})
			if err != nil {
				return nil, err
			}
			l.TextStyle[0].Color, l.TextStyle[0].YAlign = col, draw.YCenter
			p.Add(l)
			continue
		}
		if m.CI95 != nil {
			// An interval up to never runs off the right edge.
			hi := math.Min(m.CI95[1], p.X.Max)
			eb, err := plotter.NewXErrorBars(errPoint{x: *m.Got, y: float64(y), lo: *m.Got - m.CI95[0], hi: hi - *m.Got})
			if err != nil {
				return nil, err
			}
			eb.Color, eb.Width = col, vg.Points(1.5)
			p.Add(eb)
		}
		s, err := plotter.NewScatter(plotter.XYs{{X: *m.Got, Y: float64(y)}})
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
