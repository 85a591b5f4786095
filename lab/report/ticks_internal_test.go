package report

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	labfit "github.com/moralebreak/moralebreak/lab/fit"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

// drawnText is the text drawPlot writes for p, as the PNGs get it.
func drawnText(p *plot.Plot) []string {
	var rec recorder.Canvas
	drawPlot(p, draw.Canvas{Canvas: &rec, Rectangle: vg.Rectangle{Max: vg.Point{X: plotW, Y: plotH}}})
	var out []string
	for _, a := range rec.Actions {
		if fs, ok := a.(*recorder.FillString); ok {
			out = append(out, fs.String)
		}
	}
	return out
}

// An axis gonum marks with its default ticks read "-5e-05 -3e-05 -1e-05"
// (a sweep of a small weight) and a count "0.00 … 250.00" (the fit's
// evaluations, a histogram's men, seconds): its labels are written by
// internal/figures' rule, plain and whole where whole.
func TestAxisNumbersReadPlain(t *testing.T) {
	for _, tt := range []struct {
		name           string
		lo, hi         float64
		want, notWants []string
	}{
		{"a small weight", -0.00005, -0.00001, []string{"-0.00003"}, []string{"e-0"}},
		{"evaluations", 0, 250, []string{"0", "100", "200"}, []string{"."}},
		{"men", 0, 25, []string{"0", "10", "20"}, []string{"."}},
		{"seconds", 0, 50, []string{"0", "50"}, []string{"."}},
	} {
		p := plot.New()
		p.X.Min, p.X.Max = tt.lo, tt.hi
		p.Y.Min, p.Y.Max = tt.lo, tt.hi
		got := drawnText(p)
		have := map[string]int{}
		for _, s := range got {
			have[s]++
		}
		for _, w := range tt.want {
			if have[w] != 2 {
				t.Errorf("%s: %q is not a label of both axes; the text drawn: %q", tt.name, w, got)
			}
		}
		for _, s := range got {
			for _, nw := range tt.notWants {
				if strings.Contains(s, nw) {
					t.Errorf("%s: a label reads %q; the text drawn: %q", tt.name, s, got)
				}
			}
		}
	}
}

// A share axis read only "0.3" and "0.7" while a sweep's points reached
// 0.98: it is labelled at a round step a reader can read values off.
func TestShareTicksAreReadable(t *testing.T) {
	for _, tt := range []struct {
		lo, hi float64
		want   string // the labels
	}{
		{-0.03, 1.03, "0 0.25 0.5 0.75 1"},
		{0.15, 1, "0.25 0.5 0.75 1"},
		{0.25, 0.98, "0.3 0.4 0.5 0.6 0.7 0.8 0.9"},
		{0.5, 1, "0.5 0.6 0.7 0.8 0.9 1"},
		{0, 0.2, "0 0.05 0.1 0.15 0.2"},
		{0.9, 0.99, "0.9 0.92 0.94 0.96 0.98"},
	} {
		var got []string
		for _, tk := range (shareTicks{}).Ticks(tt.lo, tt.hi) {
			if tk.Label != "" {
				got = append(got, tk.Label)
			}
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("a share axis over %g..%g is labelled %q; want %q", tt.lo, tt.hi, strings.Join(got, " "), tt.want)
		}
	}
}

// The caption promises a dashed line at the scenario's value; when that
// value lay outside the swept range the line was left out and nothing said
// so. The legend now says where the value lies.
func TestSweepSaysWhereTheScenariosValueLies(t *testing.T) {
	for _, tt := range []struct {
		base float64
		want string
	}{
		{-0.00003, "the scenario's value, -0.00003"},
		{0.0002, "the scenario's value, 0.0002, lies right of the swept range (not drawn)"},
		{-0.001, "the scenario's value, -0.001, lies left of the swept range (not drawn)"},
	} {
		r := lab.SweepResult{Scenario: "line", Keys: []string{"weights.Suppressed"}, Metric: "squad_broke.centre", Stat: "share", Runs: 40, BaseValues: []float64{tt.base}}
		for i := range 5 {
			v := 0.5
			r.Points = append(r.Points, lab.SweepPoint{Index: i, Values: []float64{-0.00005 + float64(i)*0.00001}, Value: &v, Lo: 0.4, Hi: 0.6, N: 40})
		}
		p, b := plot.New(), newBounds()
		if err := addSweepLine(p, &b, r, statOf(r), colLine, nil, ""); err != nil {
			t.Fatal(err)
		}
		if err := finishSweepLines(p, b, r, true, 1, ""); err != nil {
			t.Fatal(err)
		}
		if got := drawnText(p); !slices.Contains(got, tt.want) {
			t.Errorf("scenario's value %g: no text reads %q; the text drawn: %q", tt.base, tt.want, got)
		}
	}
}

// Long squad names (up to 100 bytes) ran off the squads' fan charts'
// titles into each other ("HQ, 6 men: broke inBravo-Two …"): each title
// fits its tile, the name cut in its middle, the men and share whole.
func TestSquadTitlesFitTheirTiles(t *testing.T) {
	for _, nSides := range []int{1, 2} {
		sum := &lab.Summary{}
		sum.Duration = 120
		for i := range 6 {
			name := strings.Repeat("Bravo-Two ", 10)[:99] + string(rune('a'+i))
			sum.PerSquad = append(sum.PerSquad, lab.SquadSummary{Name: name})
			sum.SquadMen = append(sum.SquadMen, 6)
		}
		sides := []side{{sum: sum, band: colBand, line: colLine}}
		if nSides == 2 {
			sides = []side{{label: "A ", sum: sum, band: colBand, line: colLine}, {label: "B ", sum: sum, band: colBandB, line: colLineB}}
		}
		plots, cols, err := squadPanels(sides)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range plots {
			if w := p.Title.TextStyle.Width(p.Title.Text); w > squadTileW(cols)-6*vg.Millimeter {
				t.Errorf("%d sides: the title %q is %v wide, its tile %v", nSides, p.Title.Text, w, squadTileW(cols))
			}
			if !strings.Contains(p.Title.Text, ", 6 men: ") || !strings.Contains(p.Title.Text, "…") {
				t.Errorf("%d sides: the title %q lost its men or does not say its name is cut", nSides, p.Title.Text)
			}
		}
	}
}

// unbroken.png's colours repeated after 10 squads: the 11th got the 1st's
// solid blue. Every squad a chart draws (up to lab.MaxSquadSeries) has a
// colour and dashes of its own.
func TestSquadLinesAreDistinct(t *testing.T) {
	seen := map[string]int{}
	for i := range lab.MaxSquadSeries {
		key := fmt.Sprint(squadColour(i), squadDashes(i))
		if j, ok := seen[key]; ok {
			t.Errorf("squads %d and %d are drawn alike: %s", j+1, i+1, key)
		}
		seen[key] = i
	}
}

// An expectation whose statistic no fight defined (a time that never
// came) showed as an empty panel: its row now says "never".
func TestExpectationPanelSaysNever(t *testing.T) {
	got := 30.0
	never := labfit.Measure{Metric: "first_rout_s", Stat: "p50", Lo: 0, Hi: 60, Line: 12}
	seen := never
	seen.Got, seen.CI95, seen.Pass = &got, &labfit.Interval{25, 35}, true
	r := &labfit.Result{Scenario: "line", Scenarios: []string{"line.toml"}, HeldOutRuns: 200, Before: []labfit.Measure{never}, After: []labfit.Measure{seen}}
	panels, err := expectationPanels(r)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(drawnText(panels[0]), "\n")
	if strings.Count(text, "never") != 1 {
		t.Errorf("the panel of a statistic never defined before the fit does not say so once; the text drawn: %q", text)
	}
}

// The "best so far" line sat at 0 while the fit ended "Not met" on the
// held-out fights, and its name did not say it counts only the fit's own
// fights: its legend says so.
func TestConvergenceSaysWhatBestSoFarCounts(t *testing.T) {
	r := &labfit.Result{Scenario: "line", Runs: 200, RefineRuns: 400, HeldOutRuns: 1000, Evaluations: []labfit.Evaluation{
		{Phase: "start", Valid: true, Objective: 1},
		{Phase: "search", Valid: true, Objective: 0},
		{Phase: "held-out", Valid: true, Objective: 0.8},
	}}
	top, _, err := convergencePlots(r)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(drawnText(top), "\n")
	if !strings.Contains(text, "best so far on the fit's own fights (the checks on new fights not counted)") {
		t.Errorf("the best so far's legend does not say what it counts; the text drawn: %q", text)
	}
}

// The time plots' event names were tiny (7 pt), pale and ran into each
// other ("death Alvarez, Suppressed" over "TookDamage"): they are as large
// as the ticks' numbers, dark, and no two overlap.
func TestMarkLabelsReadable(t *testing.T) {
	h := lab.Header{Duration: 60}
	for _, m := range []struct {
		t float64
		l string
	}{{2.5, "death Brandt"}, {5, "death Alvarez"}, {5, "Suppressed"}, {6, "TookDamage"}, {7, "TookDamage"}, {11, "EnemyDown"}, {14, "rally alpha"}} {
		h.Marks = append(h.Marks, lab.Mark{T: m.t, Label: m.l})
	}
	p, names, err := fanFrame(h)
	if err != nil {
		t.Fatal(err)
	}
	onTop(p, names)
	var rec recorder.Canvas
	drawPlot(p, draw.Canvas{Canvas: &rec, Rectangle: vg.Rectangle{Max: vg.Point{X: plotW, Y: plotH}}})
	// An upright text is drawn after a rotation by π/2: at (x, y) in the
	// rotated frame, which is (−y, x) on the canvas.
	var labels []*recorder.FillString
	var xs []vg.Length
	for _, a := range rec.Actions {
		if fs, ok := a.(*recorder.FillString); ok && strings.HasPrefix(fs.String, " ") {
			labels, xs = append(labels, fs), append(xs, -fs.Point.Y)
		}
	}
	if len(labels) < 3 {
		t.Fatalf("%d event names drawn; want at least 3", len(labels))
	}
	for i, fs := range labels {
		if fs.Size < vg.Points(9) {
			t.Errorf("%q is %v high; want at least 9 pt", fs.String, fs.Size)
		}
		if i > 0 {
			if gap := xs[i] - xs[i-1]; gap < fs.Size*1.15 {
				t.Errorf("%q stands %v right of %q, less than a line of %v text", fs.String, gap, labels[i-1].String, fs.Size)
			}
		}
	}
}

// compare's squads' fan charts, three narrow tiles beside the legend,
// labelled a fight of 120 s "0 20 40 60 80 100 120", the last two run
// together ("100120"): a tile of a row of several has at most 5 labels.
func TestSquadTilesTimeLabelsApart(t *testing.T) {
	sum := &lab.Summary{}
	sum.Duration = 120
	for _, n := range []string{"left", "centre", "right"} {
		sum.PerSquad = append(sum.PerSquad, lab.SquadSummary{Name: n})
		sum.SquadMen = append(sum.SquadMen, 8)
	}
	plots, _, err := squadPanels([]side{{label: "A ", sum: sum, band: colBand, line: colLine}, {label: "B ", sum: sum, band: colBandB, line: colLineB}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range plots {
		var labels []string
		for _, tk := range p.X.Tick.Marker.Ticks(0, 120) {
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if len(labels) > 5 {
			t.Errorf("%s: the time axis of a narrow tile reads %q; want at most 5 labels", p.Title.Text, labels)
		}
	}
}
