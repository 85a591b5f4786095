package report_test

import (
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	labfit "github.com/moralebreak/moralebreak/lab/fit"
	"github.com/moralebreak/moralebreak/lab/report"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

// The names of the timeline's events on the time plots were added with the
// frame, before the bands and curves, which were then drawn over them: a
// curve at the foot of the chart (a share that falls to 0, a squad's band
// near 0) crossed out "death Brandt" and "Suppressed". The names are drawn
// last, each on its white ground: after the first name no line is stroked
// and nothing is filled but the other names' grounds.
func TestMarkNamesOverTheCurves(t *testing.T) {
	sc := load(t, "opening.toml")
	h, runs := monteCarlo(t, sc, 20, lab.Shard{})
	sum := lab.Summarize(h, runs)
	if len(sum.Marks) == 0 {
		t.Fatal("opening.toml has no marks to name")
	}
	squads, err := report.SquadPlots(&sum)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		plot func(*lab.Summary) (*plot.Plot, error)
	}{
		{"fan.png", report.FanPlot},
		{"survival.png", report.SurvivalPlot},
		{"unbroken.png", report.UnbrokenPlot},
		{"squads.png", func(*lab.Summary) (*plot.Plot, error) { return squads[0], nil }},
	} {
		p, err := tc.plot(&sum)
		if err != nil {
			t.Fatal(err)
		}
		var rec recorder.Canvas
		p.Draw(draw.Canvas{Canvas: &rec, Rectangle: vg.Rectangle{Max: vg.Point{X: 7 * vg.Inch, Y: 3.6 * vg.Inch}}})
		first, names, curves, strokes, fills := -1, 0, 0, 0, 0
		for i, a := range rec.Actions {
			switch a := a.(type) {
			case *recorder.FillString:
				if strings.HasPrefix(a.String, " ") { // an event's name
					if first < 0 {
						first = i
					}
					names++
				}
			case *recorder.Stroke:
				if first < 0 {
					curves++
				} else {
					strokes++
				}
			case *recorder.Fill:
				if first >= 0 {
					fills++
				}
			}
		}
		if first < 0 || curves == 0 {
			t.Fatalf("%s: %d lines and no event's name drawn; want both", tc.name, curves)
		}
		if strokes > 0 || fills > names-1 {
			t.Errorf("%s: got %d lines stroked and %d areas filled after the first event's name; want 0 and at most %d (the other names' grounds)", tc.name, strokes, fills, names-1)
		}
	}
}

// sweepOf is a one-key sweep of weights.Suppressed over vals, its share
// 0.5 at every point and squad a broken in half its 40 fights.
func sweepOf(vals ...float64) lab.SweepResult {
	r := lab.SweepResult{Scenario: "line", Keys: []string{"weights.Suppressed"}, Metric: "squad_broke.a", Stat: "share", Runs: 40, Squads: []string{"a"}}
	for i, x := range vals {
		v := 0.5
		r.Points = append(r.Points, lab.SweepPoint{Index: i, Values: []float64{x}, Value: &v, Share: 0.5, Lo: 0.35, Hi: 0.65, N: 20, SquadBroke: []int{20}})
	}
	return r
}

// steps returns n values from lo by step.
func steps(lo, step float64, n int) []float64 {
	var out []float64
	for i := range n {
		out = append(out, lo+float64(i)*step)
	}
	return out
}

// A sweep's x axis was marked by gonum's default ticks, which fell between
// its points: a sweep of 0.05 … 0.33 by 0.07 read "0.1 0.2 0.3", no label
// on a point. The swept values are the ticks, labelled as the table of
// points writes them; of many points, every k-th is labelled (k the
// fewest that keep the labels apart) and every point has its tick.
func TestSweepTicksAreItsPoints(t *testing.T) {
	for _, tc := range []struct {
		name   string
		vals   []float64
		labels []string // nil: every k-th point, from the first
	}{
		{"5 points by 0.07", steps(0.05, 0.07, 5), []string{"0.05", "0.12", "0.19", "0.26", "0.33"}},
		{"3 points above 1000", steps(3000, 0.1, 3), []string{"3000", "3000.1", "3000.2"}},
		{"7 negative points", steps(-0.3, 0.05, 7), []string{"-0.3", "-0.25", "-0.2", "-0.15", "-0.1", "-0.05", "0"}},
		{"41 points by 0.05", steps(0, 0.05, 41), nil},
		{"101 points by 0.00001", steps(0.001, 0.00001, 101), nil},
	} {
		r := sweepOf(tc.vals...)
		for _, chart := range []struct {
			name string
			plot func(lab.SweepResult) (*plot.Plot, error)
		}{{"sweep.png", report.SweepPlot}, {"sweep_squads.png", report.SweepSquadLines}} {
			p, err := chart.plot(r)
			if err != nil {
				t.Fatal(err)
			}
			var got, want []string
			var at []float64
			for _, tk := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
				at = append(at, tk.Value)
				if tk.Label != "" {
					got = append(got, tk.Label)
				}
			}
			want = tc.labels
			if want == nil {
				k := 0
				for i, v := range tc.vals {
					if lab.FormatSweepValue(v) == got[min(1, len(got)-1)] {
						k = i
					}
				}
				for i := 0; k > 0 && i < len(tc.vals); i += k {
					want = append(want, lab.FormatSweepValue(tc.vals[i]))
				}
				if len(want) < 5 || len(want) > 12 {
					t.Errorf("%s, %s: got %d labels %q; want 5 to 12", tc.name, chart.name, len(got), got)
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s, %s: got the labels %q; want %q", tc.name, chart.name, got, want)
			}
			if !slices.Equal(at, tc.vals) {
				t.Errorf("%s, %s: got ticks at %v; want one at every point, %v", tc.name, chart.name, at, tc.vals)
			}
		}
	}
}

// The tornado's comment said it drew "the n knobs of r with the largest
// swing", the ranking before lab.RankEffects ranked by Move: it draws the
// first n of r.Effects as ranked, the first at the top. Ranked, a knob
// whose two nudges both move the statistic by +1, beyond the noise (swing
// 0), comes before one at −1.5 and +1.5 within it (swing 3), and with room
// for one knob the tornado draws the first. (The code did so before the
// comment was put right: this test pins what the comment now says.)
func TestTornadoDrawsTheFirstRanked(t *testing.T) {
	one, low, high := 1.0, -1.5, 1.5
	same := lab.Effect{Key: "same", Base: 2, Low: &one, High: &one, LowDiff: &lab.PairedDiff{Diff: 1, Lo: 0.5, Hi: 1.5}, HighDiff: &lab.PairedDiff{Diff: 1, Lo: 0.5, Hi: 1.5}, Swing: 0, Move: 1}
	wide := lab.Effect{Key: "wide", Base: 3, Low: &low, High: &high, LowDiff: &lab.PairedDiff{Diff: -1.5, Lo: -5, Hi: 2}, HighDiff: &lab.PairedDiff{Diff: 1.5, Lo: -2, Hi: 5}, Swing: 3, Move: 1.5}
	effects := []lab.Effect{wide, same}
	lab.RankEffects(effects)
	zero := 0.0
	r := lab.SensitivityResult{Scenario: "line", Metric: "broke", Stat: "mean", Runs: 40, Baseline: &zero, Effects: effects}
	for _, tc := range []struct {
		n    int
		want []string // the rows' names, bottom to top
	}{
		{1, []string{"same (2)"}},
		{2, []string{"wide (3)", "same (2)"}},
	} {
		p, err := report.TornadoPlot(r, tc.n)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, tk := range p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max) {
			if tk.Label != "" {
				got = append(got, tk.Label)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("n %d: got the rows %q, bottom to top; want %q", tc.n, got, tc.want)
		}
	}
}

// textOf returns every text drawn on p, one line of it each.
func textOf(t *testing.T, p *plot.Plot) []string {
	t.Helper()
	var rec recorder.Canvas
	p.Draw(draw.Canvas{Canvas: &rec, Rectangle: vg.Rectangle{Max: vg.Point{X: 7 * vg.Inch, Y: 3.6 * vg.Inch}}})
	var out []string
	for _, a := range rec.Actions {
		if fs, ok := a.(*recorder.FillString); ok {
			out = append(out, strings.Split(fs.String, "\n")...)
		}
	}
	return out
}

// pageText returns the captions of rep's figures and its page's text, one
// line a caption, a heading, a paragraph or a table's caption or cell.
func pageText(rep report.Report) []string {
	var out []string
	for _, f := range rep.Figures {
		out = append(out, f.Caption)
	}
	for _, s := range regexp.MustCompile(`<[^>]*>`).Split(string(rep.HTML), -1) {
		if s = strings.TrimSpace(html.UnescapeString(s)); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// onePlural finds a count of one with a plural noun, or with a plural's
// words ("checked over these 1 fight", "in each of the 1 fight", "the
// fights of each point (of 1)").
var onePlural = regexp.MustCompile(`(^|[^0-9.,])1 (more |new )?(fights|men|knobs|points|keys|candidates|expectations)\b|\b(these|those|each of the) 1\b|each point \(of 1\)`)

// Plot titles and captions said "1 fights" of a run of one fight (the fan
// chart's "median and 10–90% of 1 fights", the sweep's "(1 fights per
// point)", the fit's "checked on 1 new fights", the expectations'
// "checked over these 1 fight", the cascade's "in each of the 1 fight",
// the sweep's "over the fights of each point (of 1)"),
// and "1 men" of a squad of one. Every count of one in a plot's text, a caption or the page's text
// takes its noun in the singular.
func TestCountsOfOneAreSingular(t *testing.T) {
	sc := load(t, "line.toml")
	h, runs := monteCarlo(t, sc, 1, lab.Shard{})
	sum := lab.Summarize(h, runs)
	sum.SquadMen[0] = 1
	one := 0.5
	sweep := lab.SweepResult{Scenario: "line", Keys: []string{"weights.Suppressed"}, Metric: "first_rout_s", Stat: "p50", Runs: 1, Total: 1, Squads: []string{"a"},
		Points: []lab.SweepPoint{{Values: []float64{-0.07}, Value: &one, N: 1, Share: 1, Lo: 0.2, Hi: 1, SquadBroke: []int{1}}}}
	heat := sweep
	heat.Keys, heat.Runs, heat.Total = []string{"weights.Suppressed", "NerveMin"}, 2, 2
	heat.Points = []lab.SweepPoint{{Values: []float64{-0.07, 0.1}, Value: &one, N: 1, SquadBroke: []int{1}}, {Values: []float64{-0.06, 0.1}, Value: &one, N: 2, SquadBroke: []int{2}}}
	zero := 0.0
	sens := lab.SensitivityResult{Scenario: "line", Metric: "broke", Stat: "mean", Runs: 1, Resamples: 1000, Baseline: &zero, BaselineSummary: sum,
		Effects: []lab.Effect{{Key: "NerveMin", Base: 0.1, LowDiff: &lab.PairedDiff{Diff: 1, Lo: 1, Hi: 1}, HighDiff: &lab.PairedDiff{}, Swing: 1, Move: 1}}}
	fit := fitResult()
	fit.Runs, fit.RefineRuns, fit.HeldOutRuns, fit.Keys, fit.Evaluations = 1, 1, 1, fit.Keys[1:2], fit.Evaluations[:1]
	for range maxPanelsPlus(fit) { // one expectation left out of the plot
		fit.Before, fit.After = append(fit.Before, fit.Before[0]), append(fit.After, fit.After[0])
	}
	for _, tc := range []struct {
		name string
		text func() ([]string, error)
	}{
		{"run page", func() ([]string, error) {
			rep, err := report.RunReport(&sum, runs)
			return pageText(rep), err
		}},
		{"fan, survival, unbroken and squads plots", func() ([]string, error) {
			var out []string
			for _, f := range []func(*lab.Summary) (*plot.Plot, error){report.FanPlot, report.SurvivalPlot, report.UnbrokenPlot} {
				p, err := f(&sum)
				if err != nil {
					return nil, err
				}
				out = append(out, textOf(t, p)...)
			}
			ps, err := report.SquadPlots(&sum)
			for _, p := range ps {
				out = append(out, textOf(t, p)...)
			}
			return out, err
		}},
		{"sweep page", func() ([]string, error) {
			rep, err := report.SweepReport(sweep, "")
			return pageText(rep), err
		}},
		{"sweep plots", func() ([]string, error) {
			var out []string
			for _, r := range []lab.SweepResult{sweep, heat} {
				p, err := report.SweepPlot(r)
				if err != nil {
					return nil, err
				}
				out = append(out, textOf(t, p)...)
			}
			p, err := report.SweepSquadLines(sweep)
			if err != nil {
				return nil, err
			}
			return append(out, textOf(t, p)...), nil
		}},
		{"sensitivity page", func() ([]string, error) {
			rep, err := report.SensitivityReport(sens, 15, "")
			return pageText(rep), err
		}},
		{"compare page", func() ([]string, error) {
			rep, err := report.CompareReport(compareDelay(t, "line.toml", 1), "a.toml", "b.toml", "")
			return pageText(rep), err
		}},
		{"fit page", func() ([]string, error) {
			rep, err := report.FitReport(fit, "", "")
			return pageText(rep), err
		}},
		{"fit plots", func() ([]string, error) {
			top, low, err := report.ConvergencePlots(fit)
			if err != nil {
				return nil, err
			}
			out := append(textOf(t, top), textOf(t, low)...)
			ps, err := report.ExpectationPanels(fit)
			for _, p := range ps {
				out = append(out, textOf(t, p)...)
			}
			return out, err
		}},
	} {
		text, err := tc.text()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		seen := map[string]bool{}
		for _, s := range text {
			if m := onePlural.FindString(s); m != "" && !seen[s] {
				seen[s] = true
				t.Errorf("%s: got %q in %q; want its noun singular", tc.name, strings.TrimSpace(m), s)
			}
		}
	}
}

// maxPanelsPlus is how many expectations to add to r for the
// expectations plot to leave exactly one out.
func maxPanelsPlus(r *labfit.Result) int { return 24 + 1 - len(r.After) }

// The squads' fan charts' titles wrote how often a squad broke as a whole
// percentage by %.0f: a squad that broke in 3 fights of 1,000 read "broke
// in 0%", one that broke in 998 "broke in 100%". A share that is neither 0
// nor 1 now reads "<1%" or ">99%", the rule of figures.Percent; and a
// two-key sweep's heat-map cell of a share of 0.9996 read "1": ">0.999",
// as figures.Fraction writes it.
func TestWholePercentsNeverReadNoneOrAll(t *testing.T) {
	for _, tc := range []struct {
		share float64
		title string
		cell  string
	}{
		{0, "broke in 0%", "0"},
		{0.003, "broke in <1%", "0.003"},
		{0.004, "broke in <1%", "0.004"},
		{0.007, "broke in 1%", "0.007"},
		{0.62, "broke in 62%", "0.62"},
		{0.994, "broke in 99%", "0.994"},
		{0.998, "broke in >99%", "0.998"},
		{0.9996, "broke in >99%", ">0.999"},
		{1, "broke in 100%", "1"},
	} {
		sum := &lab.Summary{}
		sum.Duration, sum.Runs = 60, 10000
		sum.PerSquad = []lab.SquadSummary{{Name: "a"}}
		sum.Squads, sum.SquadMen = []string{"a"}, []int{8}
		sum.Stats = []lab.Stat{{Name: "squad_broke.a", Share: tc.share}}
		plots, err := report.SquadPlots(sum)
		if err != nil {
			t.Fatal(err)
		}
		if want := "a, 8 men: " + tc.title; plots[0].Title.Text != want {
			t.Errorf("share %g: got the title %q; want %q", tc.share, plots[0].Title.Text, want)
		}
		v := tc.share
		r := lab.SweepResult{Scenario: "line", Keys: []string{"NerveMin", "NerveMax"}, Metric: "broke", Stat: "share", Runs: 10000,
			Points: []lab.SweepPoint{{Values: []float64{0.1, 0.7}, Value: &v, N: 10000}}}
		p, err := report.SweepPlot(r)
		if err != nil {
			t.Fatal(err)
		}
		if got := textOf(t, p); !slices.Contains(got, tc.cell) {
			t.Errorf("share %g: no heat-map cell reads %q; the text drawn: %q", tc.share, tc.cell, got)
		}
	}
}
