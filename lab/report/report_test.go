package report_test

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"image"
	"image/png"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/lab/report"
	"github.com/moralebreak/moralebreak/morale"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

func load(t *testing.T, name string) *lab.Scenario {
	t.Helper()
	sc, err := lab.LoadScenario("../../scenarios/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func monteCarlo(t *testing.T, sc *lab.Scenario, runs int, shard lab.Shard) (lab.Header, []lab.RunResult) {
	t.Helper()
	p := lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 1, Runs: runs, Shard: shard}
	rr, err := lab.MonteCarlo(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	return lab.NewHeader(p), rr
}

func decode(t *testing.T, name string, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if r := img.Bounds(); r.Dx() < 300 || r.Dy() < 200 {
		t.Errorf("%s is %v; want at least 300×200", name, r)
	}
	return img
}

func checkFigures(t *testing.T, r report.Report, want ...string) {
	t.Helper()
	var got []string
	for _, f := range r.Figures {
		got = append(got, f.Name)
		decode(t, f.Name, f.PNG)
		if !strings.Contains(f.Caption, " fights") {
			t.Errorf("%s: caption %q does not say for how many fights", f.Name, f.Caption)
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("figures %q; want %q", got, want)
	}
	page := string(r.HTML)
	if n := strings.Count(page, `src="data:image/png;base64,`); n != len(want) {
		t.Errorf("the page embeds %d images; want %d", n, len(want))
	}
	if strings.Contains(page, `src="http`) || strings.Contains(page, `href="http`) {
		t.Errorf("the page links outside itself")
	}
}

// rows returns the number of rows of the table with id in page, header
// excluded (0 when there is no such table).
func rows(page, id string) int {
	i := strings.Index(page, `<table id="`+id+`">`)
	if i < 0 {
		return 0
	}
	end := strings.Index(page[i:], "</table>")
	return strings.Count(page[i:i+end], "<tr") - 1
}

func TestRunReport(t *testing.T) {
	sc := load(t, "line.toml")
	sc.Name = "line <&>"
	sc.Settings.Weights[morale.Suppressed] = -0.08
	h, runs := monteCarlo(t, sc, 30, lab.Shard{})
	h.Tool = lab.Tool{Version: "v1.2.0", Revision: "0123abc"}
	sum := lab.Summarize(h, runs)
	sum.Command = "moralesim run 'my dir/line.toml' -runs 30"
	r, err := report.RunReport(&sum, runs)
	if err != nil {
		t.Fatal(err)
	}
	checkFigures(t, r, "squads.png", "unbroken.png", "fan.png", "survival.png", "first_rout.png", "cascade.png")
	page := string(r.HTML)
	for _, want := range []string{
		// the command as typed, last, each word kept whole on its line
		`<p class="cmd">Made by: <span>moralesim</span> <span>run</span> <span>&#39;my</span> <span>dir/line.toml&#39;</span> <span>-runs 30</span></p></footer>`,
		"<p>Made with moralesim v1.2.0, commit 0123abc.</p>", // the tool, in the foot
		"line &lt;&amp;&gt;", // the title, escaped
		html.EscapeString(sc.Description),
		"<td>weights.Suppressed</td><td class=\"n\">-0.07</td><td class=\"n\">-0.08</td>", // both values
		"30 fights of 120 s each (seed 1)",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	for id, want := range map[string]int{"settings": 1, "checks": len(sc.Expects), "squads": 3, "metrics": 10} {
		if got := rows(page, id); got != want {
			t.Errorf("table %s has %d rows; want %d", id, got, want)
		}
	}
	if strings.Count(page, `<tr class="pass">`)+strings.Count(page, `<tr class="fail">`) != len(sc.Expects) {
		t.Errorf("the page lacks a verdict per expectation")
	}
	if strings.Index(page, sum.SettingsHash) < strings.Index(page, "<footer>") {
		t.Errorf("the settings hash appears before the footnote")
	}
	// every fight listed names the commands that open it
	if n := rows(page, "fights"); n < 3 {
		t.Errorf("fights to watch: %d rows; want the earliest and latest first rout and more", n)
	}
	first, _ := lab.MetricByName(sc, "first_rout_s")
	early := (lab.RunPick{Kind: lab.PickFirst, Metric: first, N: 1}).Select(runs)
	// The commands are cells of words, each kept whole on its line.
	plain := strings.NewReplacer("<span>", "", "</span>", "").Replace(page)
	if len(early) != 1 || !strings.Contains(plain, `<td class="c">demo -scenario ../../scenarios/line.toml -run `+strconv.Itoa(early[0].Index)+"</td>") ||
		!strings.Contains(plain, "-replays "+strconv.Itoa(early[0].Index)+" -out DIR</td>") {
		t.Errorf("the fights table does not name the commands of the earliest first rout (%v)", early)
	}
	if !strings.Contains(page, "<span>-out DIR</span></td>") {
		t.Errorf("the commands are not cut into words kept whole, a flag with its value")
	}
}

// The page of merged shards is the page of one machine, byte for byte, but
// for the command each names: all else it shows comes through runs.json.
func TestRunReportOfMergedShards(t *testing.T) {
	sc := load(t, "platoon.toml")
	h, all := monteCarlo(t, sc, 41, lab.Shard{})
	sum := lab.Summarize(h, all)
	sum.Command = "moralesim run platoon.toml -runs 41"
	want, err := report.RunReport(&sum, all)
	if err != nil {
		t.Fatal(err)
	}
	var files []lab.RunsFile
	for k := 2; k >= 0; k-- { // in any order
		hk, runs := monteCarlo(t, sc, 41, lab.Shard{K: k, N: 3})
		o, _, err := lab.RunOutputs(hk, lab.Shard{K: k, N: 3}, runs, "")
		if err != nil {
			t.Fatal(err)
		}
		rj, _, err := o.Render("runs.json")
		if err != nil {
			t.Fatal(err)
		}
		f, err := lab.DecodeRuns(bytes.NewReader(rj), fmt.Sprintf("s%d", k))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	mh, merged, err := lab.Merge(files, []string{"s2", "s1", "s0"})
	if err != nil {
		t.Fatal(err)
	}
	msum := lab.Summarize(mh, merged)
	msum.Command = "moralesim merge s2 s1 s0 -out m"
	got, err := report.RunReport(&msum, merged)
	if err != nil {
		t.Fatal(err)
	}
	if unspanned(string(got.HTML), msum.Command, sum.Command) != unspanned(string(want.HTML), "", "") {
		t.Errorf("the merged page (%d bytes) differs from the single machine's (%d bytes)", len(got.HTML), len(want.HTML))
	}
	if !strings.Contains(string(got.HTML), html.EscapeString(sc.Description)) || !strings.Contains(string(got.HTML), `<table id="checks">`) {
		t.Errorf("the merged page lacks the description or the verdicts")
	}
}

// unspanned returns page without the spans that keep a command's words
// whole, and with the command from in its foot replaced by to.
func unspanned(page, from, to string) string {
	page = strings.NewReplacer("<span>", "", "</span>", "").Replace(page)
	return strings.Replace(page, "Made by: "+from, "Made by: "+to, 1)
}

func sweep(t *testing.T, sc *lab.Scenario, metric, stat string, specs ...string) lab.SweepResult {
	t.Helper()
	axes, err := lab.ParseSweeps(specs, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	r, err := lab.Sweep(context.Background(), sc, axes, 20, 1, metric, stat, lab.Shard{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestSweepReport(t *testing.T) {
	sc := load(t, "line.toml")
	for _, r := range []lab.SweepResult{
		sweep(t, sc, "squad_broke.centre", "share", "RecoveryDelaySeconds=3:5:0.5"),
		sweep(t, sc, "first_rout_s", "p50", "RecoveryDelaySeconds=3:5:1", "Hysteresis=0.1:0.2:0.05"),
	} {
		rep, err := report.SweepReport(r, "moralesim run line.toml -sweep X")
		if err != nil {
			t.Fatal(err)
		}
		checkFigures(t, rep, "sweep.png", "sweep_squads.png")
		page := string(rep.HTML)
		if !strings.Contains(unspanned(page, "", ""), `<p class="cmd">Made by: moralesim run line.toml -sweep X</p></footer>`) {
			t.Errorf("%v: the sweep's page does not end with its command", r.Keys)
		}
		if got := rows(page, "points"); got != r.Total {
			t.Errorf("%v: %d rows of points; want %d", r.Keys, got, r.Total)
		}
		if got := rows(page, "swept"); got != len(r.Keys) {
			t.Errorf("%v: %d swept keys listed; want %d", r.Keys, got, len(r.Keys))
		}
		if !strings.Contains(page, html.EscapeString(sc.Description)) {
			t.Errorf("%v: the sweep's page lacks the description", r.Keys)
		}
	}
}

// A heat map writes its numbers in its cells: inside the box of coloured
// cells there are pixels of dark ink (the cells' borders are white).
func TestHeatMapHasNumbers(t *testing.T) {
	r := sweep(t, load(t, "line.toml"), "squad_broke.centre", "share", "RecoveryDelaySeconds=2:6:1", "NerveMax=0.5:0.9:0.1")
	b, err := report.SweepChart(r)
	if err != nil {
		t.Fatal(err)
	}
	img := decode(t, "sweep.png", b)
	box := image.Rectangle{Min: img.Bounds().Max, Max: img.Bounds().Min}
	each(img, func(x, y int, c [3]int) {
		if max(c[0], c[1], c[2])-min(c[0], c[1], c[2]) > 80 {
			box = box.Union(image.Rect(x, y, x+1, y+1))
		}
	})
	ink := 0
	each(img, func(x, y int, c [3]int) {
		if (image.Point{X: x, Y: y}).In(box.Inset(2)) && c[0] < 70 && c[1] < 70 && c[2] < 70 {
			ink++
		}
	})
	if ink < 60 {
		t.Errorf("%d dark pixels inside the heat map's cells %v; want the numbers (at least 60)", ink, box)
	}
}

// Sweep charts of odd results (no keys, points missing values or missing
// from the grid) draw what they can instead of failing.
func TestSweepChartOfOddResults(t *testing.T) {
	v := 0.5
	for _, r := range []lab.SweepResult{
		{Keys: nil, Points: []lab.SweepPoint{{Values: []float64{1}, Value: &v}}},
		{Keys: []string{"Hysteresis"}, Points: []lab.SweepPoint{{Values: nil, Value: &v}, {Values: []float64{0.1}}}},
		{Keys: []string{"Hysteresis", "NerveMax"}, Squads: []string{"a"}, Runs: 4, Points: []lab.SweepPoint{{Values: []float64{0.1, 0.5}, Value: &v, SquadBroke: []int{2}}, {Values: []float64{0.2, 0.6}}, {Values: []float64{0.3}}}},
	} {
		for name, f := range map[string]func(lab.SweepResult) ([]byte, error){"SweepChart": report.SweepChart, "SweepSquadsChart": report.SweepSquadsChart} {
			b, err := f(r)
			if err != nil {
				t.Errorf("%s(%v): %v", name, r.Keys, err)
				continue
			}
			decode(t, name, b)
		}
	}
}

func TestSensitivityReport(t *testing.T) {
	sc := load(t, "opening.toml")
	res, err := lab.Sensitivity(context.Background(), sc, "first_rout_s", "p50", 30, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := report.SensitivityReport(res, 8, "")
	if err != nil {
		t.Fatal(err)
	}
	checkFigures(t, rep, "tornado.png", "squads.png")
	page := string(rep.HTML)
	for _, want := range []string{"A negative weight is bad news: ×0.9 shrinks it towards zero, milder news", "95% paired bootstrap intervals", html.EscapeString(sc.Description)} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if got := rows(page, "effects"); got != len(res.Effects) {
		t.Errorf("%d rows of effects; want %d", got, len(res.Effects))
	}
	// The bars (colShaken and colLine) and their whiskers stay inside the x
	// axis with a margin at both ends: the axis spans them.
	img := decode(t, "tornado.png", rep.Figures[0].PNG)
	x0, x1 := xAxis(img)
	left, right, legend := img.Bounds().Dx(), -1, 0
	each(img, func(x, y int, c [3]int) {
		near := func(w [3]int) bool {
			return abs(c[0]-w[0]) < 12 && abs(c[1]-w[1]) < 12 && abs(c[2]-w[2]) < 12
		}
		if x > x1-100 && y > img.Bounds().Dy()-80 {
			if near([3]int{220, 160, 0}) || near([3]int{30, 70, 140}) {
				legend++
			}
			return // the legend's swatches, bottom right
		}
		if near([3]int{220, 160, 0}) || near([3]int{30, 70, 140}) {
			left, right = min(left, x), max(right, x)
		}
	})
	if legend < 100 {
		t.Errorf("%d pixels of the bars' colours in the bottom right corner; want the legend there", legend)
	}
	margin := (x1 - x0) / 50
	if right < 0 || left < x0+margin || right > x1-margin {
		t.Errorf("the tornado's bars span x = %d..%d, the axis %d..%d; want them inside it by at least %d pixels", left, right, x0, x1, margin)
	}

	// Nothing is cut at the image's left or right edge (the knobs' names
	// were, when the axis label was wider than the image), and the axis
	// takes at least half the width (it took 40% then).
	w := img.Bounds().Dx()
	each(img, func(x, y int, c [3]int) {
		if (x == 0 || x == w-1) && c != [3]int{255, 255, 255} {
			t.Errorf("the tornado has ink at its edge (%d, %d): %v; want white", x, y, c)
		}
	})
	if x1-x0 < w/2 {
		t.Errorf("the tornado's x axis spans %d..%d of %d pixels; want at least half the width", x0, x1, w)
	}
}

// each calls f with every pixel of img, in 8-bit RGB.
func each(img image.Image, f func(x, y int, c [3]int)) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			f(x, y, [3]int{int(r >> 8), int(g >> 8), int(bl >> 8)})
		}
	}
}

// xAxis returns the ends of the longest horizontal run of grey pixels (the
// line is thin, so anti-aliased to grey): the x axis's line.
func xAxis(img image.Image) (x0, x1 int) {
	b := img.Bounds()
	best := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		run := 0
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if hi, lo := max(r, g, bl)>>8, min(r, g, bl)>>8; hi < 200 && hi-lo < 20 {
				run++
				if run > best {
					best, x0, x1 = run, x-run+1, x
				}
			} else {
				run = 0
			}
		}
	}
	return x0, x1
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// compareDelay compares the weights of the shipped scenario file (A) with
// the same at RecoveryDelaySeconds 3.6 (B) over runs fights.
func compareDelay(t *testing.T, file string, runs int) lab.CompareResult {
	t.Helper()
	sc := load(t, file)
	b := *sc
	b.Settings = sc.Settings.Clone()
	b.Settings.RecoveryDelaySeconds = 3.6
	res, err := lab.Compare(context.Background(), sc, &b, runs, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestCompareReport(t *testing.T) {
	res := compareDelay(t, "line.toml", 40)
	rep, err := report.CompareReport(res, "weights.toml", "delay36.toml", "")
	if err != nil {
		t.Fatal(err)
	}
	checkFigures(t, rep, "squads.png")
	page := string(rep.HTML)
	for _, want := range []string{"A = weights.toml, B = delay36.toml", "paired means A → B (fights)", "mean A (fights)",
		"<td>RecoveryDelaySeconds</td><td class=\"n\">4</td><td class=\"n\">4</td><td class=\"n\">3.6</td>"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if got := rows(page, "compare"); got != len(res.Diffs) {
		t.Errorf("%d rows of metrics; want %d", got, len(res.Diffs))
	}
	if got := rows(page, "squads"); got != 3 {
		t.Errorf("%d rows of squads; want 3", got)
	}
}

func TestHistogramOfEqualValues(t *testing.T) {
	for _, vals := range [][]float64{nil, {3, 3, 3}, {1, 2, 2, 9}} {
		b, err := report.Histogram("t", "x", vals, 10)
		if err != nil {
			t.Errorf("Histogram(%v): %v", vals, err)
			continue
		}
		if _, err := png.Decode(bytes.NewReader(b)); err != nil {
			t.Errorf("Histogram(%v) is not a PNG: %v", vals, err)
		}
	}
}

// A page built from the skeleton escapes every text and lays out its parts
// in order.
func TestPage(t *testing.T) {
	p := report.NewPage("fit <1>", "a & b")
	p.Section("Weights")
	p.Para("x < y")
	p.Table(report.Table{ID: "t", Caption: "c", Text: 2, Head: []string{"k", "doc", "v"}, Rows: []report.Row{{Class: "fail", Cells: []string{"a", "b", "1"}}}})
	p.Footnote("hash <h>")
	b, err := p.HTML()
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, want := range []string{"<title>MoraleBreak report: fit &lt;1&gt;</title>", `<p class="lead">a &amp; b</p>`, "<h2>Weights</h2>", "<p>x &lt; y</p>",
		`<tr class="fail"><td>a</td><td>b</td><td class="n">1</td></tr>`, "<footer><p>hash &lt;h&gt;</p></footer>"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q:\n%s", want, page)
		}
	}
}

func TestCountTicksAreWhole(t *testing.T) {
	tests := []struct {
		min, max float64
		want     []string // the labels, in order
	}{
		{0, 54, []string{"0", "25", "50"}},
		{0, 1.08, []string{"0", "1"}},
		{0, 2.16, []string{"0", "1", "2"}},
	}
	for _, tt := range tests {
		var got []string
		for _, tk := range report.CountTicks(tt.min, tt.max) {
			if tk.Label != "" {
				got = append(got, tk.Label)
			}
		}
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("ticks of %g..%g labelled %q; want %q", tt.min, tt.max, got, tt.want)
		}
	}
}

func TestTimeTicksAreReadable(t *testing.T) {
	tests := []struct {
		min, max float64
		want     string // the labels
	}{
		{0, 90, "0 15 30 45 60 75 90"},
		{0, 40, "0 10 20 30 40"},
		{0, 120, "0 20 40 60 80 100 120"},
		{0, 3, "0 0.5 1 1.5 2 2.5 3"},
		{0, 600, "0 120 240 360 480 600"},
	}
	for _, tt := range tests {
		var got []string
		for _, tk := range report.TimeTicks(tt.min, tt.max) {
			if tk.Label != "" {
				got = append(got, tk.Label)
			}
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("ticks of %g..%g labelled %q; want %q", tt.min, tt.max, strings.Join(got, " "), tt.want)
		}
	}
}

// A sweep or a tornado whose metric never happened says so on the plot, as
// the tables say "–": it drew an empty frame (a sweep's line, a tornado's
// bars) or grey cells under a colour scale of nothing, with no word.
func TestEmptyPlotsSayNever(t *testing.T) {
	never := func(keys int, values ...[]float64) lab.SweepResult {
		r := lab.SweepResult{Scenario: "calm", Squads: []string{"a"}, Metric: "first_rout_s", Stat: "p50", Runs: 50}
		r.Keys = []string{"Hysteresis", "ContagionPerSecond"}[:keys]
		for i, v := range values {
			r.Points = append(r.Points, lab.SweepPoint{Index: i, Values: v, Lo: 0, Hi: 0.07, SquadBroke: []int{0}})
		}
		return r
	}
	one := never(1, []float64{0.05}, []float64{0.1}, []float64{0.15})
	var grid [][]float64
	for _, x := range []float64{0.05, 0.15, 0.25} {
		for _, y := range []float64{0.25, 0.5, 0.75} {
			grid = append(grid, []float64{x, y})
		}
	}
	two := never(2, grid...)
	sens := lab.SensitivityResult{Scenario: "calm", Metric: "first_rout_s", Stat: "p50", Runs: 50}
	for _, k := range []string{"ShakenBelow", "PanicBelow", "Hysteresis"} {
		sens.Effects = append(sens.Effects, lab.Effect{Key: k, Base: 0.5})
	}
	charts := []struct {
		name string
		draw func() ([]byte, error)
	}{
		{"one-key sweep", func() ([]byte, error) { return report.SweepChart(one) }},
		{"two-key sweep", func() ([]byte, error) { return report.SweepChart(two) }},
		{"tornado", func() ([]byte, error) { return report.TornadoChart(sens, 15) }},
	}
	for _, c := range charts {
		t.Run(c.name, func(t *testing.T) {
			b, err := c.draw()
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			// The note is a line of text across the middle of the plot: many
			// columns there have ink, where an empty plot has at most a
			// line or a cell's "–".
			if n := inkColumns(img, 0.3, 0.7, 0.35, 0.65); n < 60 {
				t.Errorf("%d columns in the middle of the plot have ink; want a note across it", n)
			}
		})
	}
	// A sweep that has a value somewhere draws it, without the note.
	v := 12.0
	one.Points[1].Value, one.Points[1].N = &v, 3
	b, err := report.SweepChart(one)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if n := inkColumns(img, 0.3, 0.7, 0.35, 0.65); n > 10 {
		t.Errorf("%d columns in the middle of a sweep with a value have ink; want no note", n)
	}
}

// inkColumns counts the columns of img, between the fractions x0..x1 of its
// width, that have a dark pixel (a channel below 160) between y0..y1 of its
// height.
func inkColumns(img image.Image, x0, x1, y0, y1 float64) int {
	b := img.Bounds()
	n := 0
	for x := b.Min.X + int(x0*float64(b.Dx())); x < b.Min.X+int(x1*float64(b.Dx())); x++ {
		for y := b.Min.Y + int(y0*float64(b.Dy())); y < b.Min.Y+int(y1*float64(b.Dy())); y++ {
			if r, g, bl, _ := img.At(x, y).RGBA(); r < 160<<8 || g < 160<<8 || bl < 160<<8 {
				n++
				break
			}
		}
	}
	return n
}

// compare's page prints each paired change with an interval within what a
// change can be: a squad that never broke under A and broke in 59 of 60
// fights under B read "+98.3 points [+95.1, +101.6]", more than every fight.
func TestComparePageIntervalsWithinTheMetric(t *testing.T) {
	sc, err := lab.ParseScenario("p.toml", []byte("name = \"p\"\nduration = 30.0\n[[squad]]\nname = \"a\"\nsize = 4\n"))
	if err != nil {
		t.Fatal(err)
	}
	ra, rb := make([]lab.RunResult, 60), make([]lab.RunResult, 60)
	for i := range ra {
		ra[i] = lab.RunResult{Index: i, SquadBroke: []bool{false}, SquadFirstBreak: []*float64{nil}, SquadRouted: []int{0}}
		rb[i] = lab.RunResult{Index: i, SquadBroke: []bool{i != 0}, SquadFirstBreak: []*float64{nil}, SquadRouted: []int{0}, Broke: 1, ShareSquadsBroken: 1}
		if i == 0 {
			rb[i].Broke, rb[i].ShareSquadsBroken = 0, 0
		}
	}
	plan := lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 1, Runs: 60}
	res := lab.CompareResult{Runs: 60, Seed: 1, A: lab.Summarize(lab.NewHeader(plan), ra), B: lab.Summarize(lab.NewHeader(plan), rb)}
	for _, m := range lab.Metrics(sc) {
		res.Diffs = append(res.Diffs, lab.PairedDifference(m, ra, rb, sc.Duration))
	}
	rep, err := report.CompareReport(res, "a.toml", "b.toml", "")
	if err != nil {
		t.Fatal(err)
	}
	page := string(rep.HTML)
	tests := []struct{ row, want string }{
		{"<td>a</td>", "&#43;98.3 points [&#43;95.1, &#43;100.0]"},
		// Both bounds to the same decimals (PairedDiff.String), as the
		// squads' row above has them.
		{"<td>squad_broke.a</td>", "&#43;0.983 [&#43;0.951, &#43;1.000]"},
		{"<td>share_squads_broken</td>", "&#43;0.983 [&#43;0.951, &#43;1.000]"},
	}
	for _, tt := range tests {
		_, row, _ := strings.Cut(page, tt.row)
		row, _, _ = strings.Cut(row, "</tr>")
		if !strings.Contains(row, tt.want) {
			t.Errorf("got the row %s%s; want %q in it", tt.row, row, tt.want)
		}
	}
}

// compare's squad table printed a change of nothing as "+0.0 points
// [+0.0, +0.0]" (a squad that never broke on either side, or broke in the
// same fights), where the metrics table and every other page print it as
// "0 [0, 0]" (lab.PairedDiff.String); a change reads as before.
func TestComparePageSquadChangesOfNothing(t *testing.T) {
	sc, err := lab.ParseScenario("p.toml", []byte("name = \"p\"\nduration = 30.0\n[[squad]]\nname = \"unbroken\"\nsize = 4\n[[squad]]\nname = \"same\"\nsize = 4\n[[squad]]\nname = \"more\"\nsize = 4\n[[squad]]\nname = \"fewer\"\nsize = 4\n"))
	if err != nil {
		t.Fatal(err)
	}
	const runs = 60
	ra, rb := make([]lab.RunResult, runs), make([]lab.RunResult, runs)
	for i := range ra {
		// unbroken: in no fight; same: in every other fight on both sides;
		// more: in every fight under B, in all but one under A; fewer: the
		// other way about.
		ra[i] = lab.RunResult{Index: i, SquadBroke: []bool{false, i%2 == 0, i != 0, true}, SquadFirstBreak: make([]*float64, 4), SquadRouted: make([]int, 4)}
		rb[i] = lab.RunResult{Index: i, SquadBroke: []bool{false, i%2 == 0, true, i != 0}, SquadFirstBreak: make([]*float64, 4), SquadRouted: make([]int, 4)}
	}
	plan := lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 1, Runs: runs}
	res := lab.CompareResult{Runs: runs, Seed: 1, A: lab.Summarize(lab.NewHeader(plan), ra), B: lab.Summarize(lab.NewHeader(plan), rb)}
	for _, m := range lab.Metrics(sc) {
		res.Diffs = append(res.Diffs, lab.PairedDifference(m, ra, rb, sc.Duration))
	}
	rep, err := report.CompareReport(res, "a.toml", "b.toml", "")
	if err != nil {
		t.Fatal(err)
	}
	_, squads, _ := strings.Cut(html.UnescapeString(string(rep.HTML)), `id="squads"`)
	squads, _, _ = strings.Cut(squads, "</table>")
	for _, tc := range []struct{ squad, want string }{
		{"unbroken", "0 points [0, 0]"},
		{"same", "0 points [0, 0]"},
		{"more", "+1.7 points [-1.6, +4.9]"},
		{"fewer", "-1.7 points [-4.9, +1.6]"},
	} {
		_, row, _ := strings.Cut(squads, "<td>"+tc.squad+"</td>")
		row, _, _ = strings.Cut(row, "</tr>")
		cells := regexp.MustCompile(`<td[^>]*>([^<]*)</td>`).FindAllStringSubmatch(row, -1)
		if len(cells) != 6 || cells[3][1] != tc.want {
			t.Errorf("squad %s: got the row %q; want its B − A %q", tc.squad, row, tc.want)
		}
	}
}

// The names of the timeline's events on a time plot do not print over each
// other: a crossfire with volleys at 3 s and 3.5 s and a death at 6 s, on
// a 45-s chart, printed "Suppressed" twice, 6 px apart, one over the other.
// Marks nearer than a line of text share one label; every label is at
// least a line from the next.
func TestMarkLabelsDoNotOverlap(t *testing.T) {
	h := lab.Header{Duration: 45, Marks: []lab.Mark{{T: 3, Label: "Suppressed"}, {T: 3.5, Label: "Suppressed"}, {T: 6, Label: "death convoy"}, {T: 6.2, Label: "rally convoy"}, {T: 30, Label: "+6 convoy"}}}
	p, err := report.ShareFrame("t", h)
	if err != nil {
		t.Fatal(err)
	}
	var rec recorder.Canvas
	p.Draw(draw.Canvas{Canvas: &rec, Rectangle: vg.Rectangle{Max: vg.Point{X: 7 * vg.Inch, Y: 3.6 * vg.Inch}}})
	var got []string
	var at []vg.Length // upright text: the canvas's x is the string's -y
	for _, a := range rec.Actions {
		if fs, ok := a.(*recorder.FillString); ok && strings.HasPrefix(fs.String, " ") {
			got = append(got, strings.TrimSpace(fs.String))
			at = append(at, -fs.Point.Y)
		}
	}
	want := []string{"Suppressed ×2", "death convoy, rally convoy", "+6 convoy"}
	if !slices.Equal(got, want) {
		t.Errorf("labels %q; want %q", got, want)
	}
	for i := 1; i < len(at); i++ {
		if gap := at[i] - at[i-1]; gap < vg.Points(7) {
			t.Errorf("%q and %q %.1f pt apart; want at least a line of 7-pt text", got[i-1], got[i], gap)
		}
	}
}

// The legend of the unbroken chart and of compare's squad fans sat in the
// frame's bottom-left corner, over the names of the first events (the
// opening's 'death Brandt' at 2.5 s, 'death Alvarez, Suppressed' at 5 s),
// and in the fans over a band near 0. It now stands in a column of its own,
// right of every frame: each side's colour (the unbroken chart's alpha,
// compare's A and B) is drawn there, past the right end of every x axis.
func TestLegendsBesideTheFrame(t *testing.T) {
	beside := func(name string, b []byte, cols ...[3]int) {
		t.Helper()
		img := decode(t, name, b)
		end := axisEnd(img)
		for _, col := range cols {
			n := 0
			each(img, func(x, y int, c [3]int) {
				if x > end && abs(c[0]-col[0]) < 12 && abs(c[1]-col[1]) < 12 && abs(c[2]-col[2]) < 12 {
					n++
				}
			})
			if n < 15 {
				t.Errorf("%s: %d pixels of %v right of the frames (x > %d); want its key there", name, n, col, end)
			}
		}
	}
	sc := load(t, "opening.toml")
	h, runs := monteCarlo(t, sc, 20, lab.Shard{})
	sum := lab.Summarize(h, runs)
	png, err := report.UnbrokenChart(&sum)
	if err != nil {
		t.Fatal(err)
	}
	beside("unbroken.png", png, [3]int{31, 119, 180})
	for _, file := range []string{"opening.toml", "line.toml"} { // one tile, three
		res := compareDelay(t, file, 20)
		png, err := report.SquadFansAB(&res.A, &res.B)
		if err != nil {
			t.Fatal(err)
		}
		beside(file+" squads.png", png, [3]int{30, 70, 140}, [3]int{190, 80, 0})
	}
}

// axisEnd returns the right end of the rightmost x axis: of the horizontal
// runs of grey pixels (a thin line, anti-aliased) at least 100 pixels long.
func axisEnd(img image.Image) int {
	b := img.Bounds()
	end := -1
	for y := b.Min.Y; y < b.Max.Y; y++ {
		run := 0
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if hi, lo := max(r, g, bl)>>8, min(r, g, bl)>>8; hi < 200 && hi-lo < 20 {
				if run++; run >= 100 {
					end = max(end, x)
				}
			} else {
				run = 0
			}
		}
	}
	return end
}

// One interval, two roundings on one page: with the shipped weights,
// sergeant.toml's alpha broke in 953 of 1,000 fights, Wilson's upper bound
// 0.9642, which the expectations row prints as check does, 0.965 (rounded
// outward, so that a bound is never overstated), and the squads table as an
// estimate, 96.4% (to the nearest). Both are meant; each table now says how
// it rounds and why the other differs, where the page left a designer to
// take one for a bug.
func TestIntervalRoundingSaysWhy(t *testing.T) {
	sc := load(t, "sergeant.toml")
	h, runs := monteCarlo(t, sc, 1000, lab.Shard{})
	sum := lab.Summarize(h, runs)
	rep, err := report.RunReport(&sum, runs)
	if err != nil {
		t.Fatal(err)
	}
	page := html.UnescapeString(string(rep.HTML))
	st, _ := sum.Stat("squad_broke.alpha")
	outward := lab.FormatEstimate(st.Share, st.ShareLo, st.ShareHi, "")
	nearest := fmt.Sprintf("%.1f%% [%.1f–%.1f]", 100*st.Share, 100*st.ShareLo, 100*st.ShareHi)
	if !strings.Contains(page, ">"+outward+"<") || !strings.Contains(page, ">"+nearest+"<") {
		t.Errorf("the page lacks alpha's %q (its expectation) or %q (the squads table)", outward, nearest)
	}
	for id, want := range map[string]string{
		"checks":  "rounded outward as check prints it, so that a bound is never overstated (the tables of estimates round to the nearest)",
		"squads":  "The intervals are rounded to the nearest, as estimates; an expectation's (as check prints it) is rounded outward, so that its bound is never overstated",
		"metrics": "The intervals are rounded to the nearest, as estimates",
	} {
		i := strings.Index(page, `<table id="`+id+`">`)
		if end := strings.Index(page[max(i, 0):], "</caption>"); i < 0 || end < 0 || !strings.Contains(page[i:i+end], want) {
			t.Errorf("table %s's caption lacks %q", id, want)
		}
	}
}

// The settings table says a changed weight as it was typed, without an
// exponent: Suppressed = -0.00001 read "-1e-05" beside its default -0.07.
func TestSettingsTableHasNoExponent(t *testing.T) {
	sc := load(t, "line.toml")
	sc.Settings.Weights[morale.Suppressed] = -0.00001
	h, runs := monteCarlo(t, sc, 5, lab.Shard{})
	sum := lab.Summarize(h, runs)
	r, err := report.RunReport(&sum, runs)
	if err != nil {
		t.Fatal(err)
	}
	page := html.UnescapeString(string(r.HTML))
	if !strings.Contains(page, `<td>weights.Suppressed</td><td class="n">-0.07</td><td class="n">-0.00001</td>`) || strings.Contains(page, "e-05") {
		t.Errorf("the settings table says Suppressed with an exponent, or not as -0.07 → -0.00001")
	}
}

// The sweep's page writes its points as run's table does, with six figures
// (lab.FormatSweepValue): a sweep of Suppressed a step of 0.000001 apart
// read "-0.07" at every point, in the table of points and the swept range.
func TestSweepPointsReadApart(t *testing.T) {
	r := sweep(t, load(t, "line.toml"), "squad_broke.centre", "share", "weights.Suppressed=-0.07:-0.069998:0.000001")
	rep, err := report.SweepReport(r, "")
	if err != nil {
		t.Fatal(err)
	}
	page := string(rep.HTML)
	for _, want := range []string{"-0.07", "-0.069999", "-0.069998"} {
		if !strings.Contains(page, `<tr><td>`+want+`</td>`) {
			t.Errorf("the table of points has no row of the point %s", want)
		}
	}
	if want := "-0.07 … -0.069998"; !strings.Contains(page, want) {
		t.Errorf("the swept keys' table does not say the range as %q", want)
	}
}

// The page's shares keep stdout's rule (figures.Percent): 1 fight in
// 12,000 read "0.0% [0.0–0.0]" and 11,999 of 12,000 "100.0%", as if the
// thing never or always happened.
func TestPageSharesNeverReadNoneOrAll(t *testing.T) {
	for _, tt := range []struct {
		share, lo, hi float64
		pct1, pctCI   string
	}{
		{1.0 / 12000, 1.5e-5, 4.7e-4, "<0.1%", "<0.1% [<0.1–<0.1]"},
		{11999.0 / 12000, 0.99953, 0.999985, ">99.9%", ">99.9% [>99.9–>99.9]"},
		{0, 0, 3.2e-4, "0.0%", "0.0% [0.0–<0.1]"},
		{1, 0.99968, 1, "100.0%", "100.0% [>99.9–100.0]"},
		{0.5204, 0.491, 0.549, "52.0%", "52.0% [49.1–54.9]"},
		{0.0006, 0.0004, 0.0009, "0.1%", "0.1% [<0.1–0.1]"},
	} {
		if got := report.Pct1(tt.share); got != tt.pct1 {
			t.Errorf("pct1(%v) = %q; want %q", tt.share, got, tt.pct1)
		}
		if got := report.PctCI(tt.share, tt.lo, tt.hi); got != tt.pctCI {
			t.Errorf("pctCI(%v, %v, %v) = %q; want %q", tt.share, tt.lo, tt.hi, got, tt.pctCI)
		}
	}
}

// The first rout's caption says when every first rout came at one time
// (one bar), where it said "about 20 bins of equal width" of the demo's
// battle, whose 100 first routs were all at 10.5 s.
func TestFirstRoutCaptionOfOneTime(t *testing.T) {
	tests := []struct {
		name  string
		times []float64
		want  string
	}{
		{"one time", []float64{10.5, 10.5, 10.5, 10.5}, "When the first man routed, in the 4 of the 4 fights that had a rout (one bar: every one at 10.5 s)."},
		{"two times", []float64{10.5, 10.75, 10.5, 10.5}, "When the first man routed, in the 4 of the 4 fights that had a rout (about 20 bins of equal width)."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, runs := monteCarlo(t, load(t, "opening.toml"), len(tt.times), lab.Shard{})
			for i, v := range tt.times {
				runs[i].FirstRouted = &v
			}
			sum := lab.Summarize(h, runs)
			r, err := report.RunReport(&sum, runs)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range r.Figures {
				if f.Name == "first_rout.png" && f.Caption != tt.want {
					t.Errorf("got the caption %q; want %q", f.Caption, tt.want)
				}
			}
		})
	}
}
