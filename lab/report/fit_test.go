package report_test

import (
	"bytes"
	"fmt"
	"image/png"
	"math"
	"strings"
	"testing"

	labfit "github.com/moralebreak/moralebreak/lab/fit"
	"github.com/moralebreak/moralebreak/lab/report"
	"github.com/moralebreak/moralebreak/morale"
	"gonum.org/v1/plot/vg"
)

func ptr(v float64) *float64 { return &v }

// fitResult is a hand-made fit: two keys of three changed, two
// expectations met on the held-out fights.
func fitResult() *labfit.Result {
	share := func(got, lo, hi float64, pass bool) labfit.Measure {
		return labfit.Measure{Metric: "squad_broke.centre", Stat: "share", Lo: 0.3, Hi: 0.44, Line: 88, Got: ptr(got), CI95: &labfit.Interval{lo, hi}, Pass: pass}
	}
	p50 := func(got float64, pass bool) labfit.Measure {
		return labfit.Measure{Metric: "first_rout_s", Stat: "p50", Lo: 80, Hi: 95, Line: 96, Got: ptr(got), CI95: &labfit.Interval{got - 3, got + 2}, Pass: pass}
	}
	r := &labfit.Result{
		Scenario: "line <holds>", ScenarioPath: "x.toml", Seed: 1, Runs: 200, RefineRuns: 800, HeldOutRuns: 1000, Budget: 60000, Population: 8, Restarts: 3,
		Finished: true, Met: true,
		Keys: []labfit.KeyResult{
			{Key: "RoutAfterSeconds", Start: 3.5, End: 3.5, Lo: 0, Hi: 20},
			{Key: "RecoveryDelaySeconds", Start: 4, End: 3.2, Lo: 0, Hi: 30},
			{Key: "weights.Suppressed", Start: -0.07, End: -0.06, Lo: -1, Hi: 0},
		},
		Before: []labfit.Measure{share(0.71, 0.68, 0.74, false), p50(82, true)},
		After:  []labfit.Measure{share(0.36, 0.33, 0.39, true), p50(93.5, true)},
		Fights: labfit.Fights{Search: 50000, Refine: 4000, Polish: 3200, HeldOut: 2000, Total: 59200},
		Notes:  []string{"candidate 1 met every expectation on the search's fights but not on the held-out fights"},
	}
	r.Start = morale.DefaultSettings()
	r.Settings = morale.DefaultSettings()
	r.Settings.RecoveryDelaySeconds = 3.2
	r.Settings.Weights[morale.Suppressed] = -0.06
	for i := 0; i < 40; i++ {
		r.Evaluations = append(r.Evaluations, labfit.Evaluation{Phase: "search", Restart: 1 + i/20, Generation: 1 + i%20/8, Valid: true, Objective: 3 / float64(i+1), Change: 0.5})
	}
	r.Evaluations = append(r.Evaluations, labfit.Evaluation{Phase: "held-out", Valid: true})
	return r
}

func TestFitChanges(t *testing.T) {
	got := report.FitChanges(fitResult())
	want := []report.FitChange{
		{Key: "RecoveryDelaySeconds", Start: "4.0", End: "3.2", Relative: "-20%", Range: "0.0..30.0", Changed: true},
		{Key: "weights.Suppressed", Start: "-0.07", End: "-0.06", Relative: "-14%", Range: "-1.0..0.0", Changed: true},
		{Key: "RoutAfterSeconds", Start: "3.5", End: "3.5", Range: "0.0..20.0"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d rows; want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("row %d = %+v; want %+v", i, got[i], want[i])
		}
	}
}

func TestFitPage(t *testing.T) {
	r := fitResult()
	rep, err := report.FitReport(r, "The line should hold more often.", "moralesim fit x.toml")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range rep.Figures {
		names = append(names, f.Name)
		img, err := png.Decode(bytes.NewReader(f.PNG))
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if b := img.Bounds(); b.Dx() < 300 || b.Dy() < 200 {
			t.Errorf("%s is %v; want at least 300×200", f.Name, b)
		}
	}
	if strings.Join(names, " ") != "convergence.png expectations.png" {
		t.Errorf("figures %q; want convergence.png and expectations.png", names)
	}
	page := unspanned(string(rep.HTML), "", "")
	for _, want := range []string{
		"MoraleBreak report: line &lt;holds&gt; fit",
		"The line should hold more often.",
		"Met: changing 2 of 3 keys",
		`<td>RecoveryDelaySeconds</td><td class="n">4.0 → 3.2</td><td class="n">-20%</td>`,
		`<tr class="dim"><td>RoutAfterSeconds</td><td class="n">3.5 (unchanged)</td>`,
		`<tr class="pass"><td>PASS (the whole interval inside)</td><td>x.toml:88</td><td>squad_broke.centre share in 0.3..0.44</td><td class="n">0.71 [0.68, 0.74]</td><td class="n">0.36 [0.33, 0.39]</td></tr>`,
		"59200 fights of a budget of 60000",
		`<table id="settings">`,
		"<td>RecoveryDelaySeconds</td><td class=\"n\">4</td><td class=\"n\">4</td><td class=\"n\">3.2</td>",
		"Made by: moralesim fit x.toml",
		"The objective of each of the 41 candidates measured, in order (200 fights each in the search, 800 re-measured or polished, 1000 on new seeds",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if n := strings.Count(page, `src="data:image/png;base64,`); n != 2 {
		t.Errorf("the page embeds %d images; want 2", n)
	}
	if strings.Contains(page, "http://") || strings.Contains(page, "https://") {
		t.Error("the page links outside itself; it must be self-contained")
	}

	r.Finished, r.Met, r.After = false, false, nil
	rep, err = report.FitReport(r, "", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Figures) != 1 {
		t.Errorf("an unfinished fit has %d figures; want only convergence.png (no held-out verdicts to plot)", len(rep.Figures))
	}
	if !strings.Contains(string(rep.HTML), "Unfinished: interrupted after 59200 fights") {
		t.Error("an unfinished fit's page does not say so")
	}
}

// A key that ended at the edge of its range is marked in the changes table,
// with the advice under it.
func TestFitReportEdge(t *testing.T) {
	r := fitResult()
	r.Keys[2].End, r.Keys[2].Edge = -1, "weights.Suppressed ended at -1, the edge of its search range -1..0: the fit wanted more; if the design allows, widen it: -keys weights.Suppressed=-2:0"
	rep, err := report.FitReport(r, "", "moralesim fit x.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"-1.0..0.0 (at its edge)", "At the edge: weights.Suppressed ended at -1, the edge of its search range -1..0: the fit wanted more; if the design allows, widen it: -keys weights.Suppressed=-2:0."} {
		if !bytes.Contains(rep.HTML, []byte(want)) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

// FitScenarios says per file of a fit of several whether its expectations
// hold, fail as they did with the starting weights, or were broken by the
// fit.
func TestFitScenarios(t *testing.T) {
	m := func(file string, pass bool) labfit.Measure {
		return labfit.Measure{Scenario: file, Metric: "deaths", Stat: "mean", Lo: 0, Hi: 1, Got: ptr(0.5), Pass: pass}
	}
	r := &labfit.Result{
		Scenarios: []string{"a.toml", "b.toml", "c.toml"},
		Before:    []labfit.Measure{m("a.toml", true), m("b.toml", false), m("b.toml", true), m("c.toml", true), m("c.toml", false)},
		After:     []labfit.Measure{m("a.toml", true), m("b.toml", false), m("b.toml", true), m("c.toml", false), m("c.toml", false)},
	}
	want := []string{
		"a.toml: its 1 expectation holds",
		"b.toml: 1 of 2 expectations fail, none that the starting weights met",
		"c.toml: BROKEN, 2 of 2 expectations fail, 1 of them met with the starting weights",
	}
	got := report.FitScenarios(r)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("FitScenarios = %q; want %q", got, want)
	}
}

// The expectations plot draws at most 24 panels, those that fail first, and
// then one that says how many it left out; the caption says so too. (It
// drew one panel per expectation: 8,000 of them ran out of memory.)
func TestFitExpectationsPlotCapped(t *testing.T) {
	tests := []struct {
		expects, tiles int
		caption        string // "" when every expectation is drawn
	}{
		{2, 2, ""},
		{24, 24, ""},
		{25, 25, "24 of the 25 expectations are drawn (those that fail first)"},
		{300, 25, "24 of the 300 expectations are drawn (those that fail first)"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.expects), func(t *testing.T) {
			r := fitResult()
			m := r.After[1]
			r.Before, r.After = nil, nil
			for i := range tt.expects {
				m.Line, m.Pass = i+1, i%3 != 0
				r.Before, r.After = append(r.Before, m), append(r.After, m)
			}
			rep, err := report.FitReport(r, "", "")
			if err != nil {
				t.Fatal(err)
			}
			fig := rep.Figures[1]
			img, err := png.Decode(bytes.NewReader(fig.PNG))
			if err != nil {
				t.Fatal(err)
			}
			// A panel is 1.3 in at 96 dpi.
			if h, want := img.Bounds().Dy(), float64(tt.tiles)*1.3*96; math.Abs(float64(h)-want) > 1 {
				t.Errorf("got a plot %d px high; want %d panels, %.0f px", h, tt.tiles, want)
			}
			if got := strings.Contains(fig.Caption, "expectations are drawn"); got != (tt.caption != "") || !strings.Contains(fig.Caption, tt.caption) {
				t.Errorf("got caption %q; want it to say %q", fig.Caption, tt.caption)
			}
		})
	}
}

// Every panel title of the expectations plot fits the 672-px panel, in at
// most two lines, and names the expectation's file:line as the verdict
// lines do, so that two panels of the same statistic in a fit of several
// files can be told apart. (A conditional expectation's title ran off both
// sides of the panel, and no title named its file.)
func TestFitExpectationsTitlesFit(t *testing.T) {
	m := func(file string, line int, metric string) labfit.Measure {
		return labfit.Measure{Metric: metric, Stat: "p50", Lo: 0, Hi: 60, Line: line, Scenario: file, Got: ptr(4.5), CI95: &labfit.Interval{4.5, 4.75}, Pass: true}
	}
	long := strings.Repeat("x", 100)
	r := fitResult()
	r.Scenarios = []string{"scenarios/fit/line_holds.toml", "scenarios/platoon.toml", "bridge.toml"}
	r.After = []labfit.Measure{
		m("scenarios/fit/line_holds.toml", 100, "first_rout_s"),
		m("scenarios/platoon.toml", 93, "first_rout_s"),
		m("bridge.toml", 51, "squad_steady_s.rearguard after ReinforcementsArrived given squad_broke.rearguard"),
		// The longest names a scenario allows: no two lines hold them whole.
		m("bridge.toml", 60, "squad_steady_s."+long+" after ReinforcementsArrived given squad_first_break_s."+long),
		m("bridge.toml", 70, "squad_routed."+long+long),
		// Names of many short words, which no cut of a word makes fit.
		m("bridge.toml", 80, "squad_steady_s."+strings.Repeat("m ", 50)+"after ReinforcementsArrived given squad_broke."+strings.Repeat("m ", 50)),
	}
	r.Before = r.After
	wantWhere := []string{"scenarios/fit/line_holds.toml:100 ", "scenarios/platoon.toml:93 ", "bridge.toml:51 ", "bridge.toml:60 ", "bridge.toml:70 ", "bridge.toml:80 "}
	panels, err := report.ExpectationPanels(r)
	if err != nil {
		t.Fatal(err)
	}
	// The panel is 7 in wide less the tiles' pads, 1 mm left and 2 mm right.
	panelW := 7*vg.Inch - 3*vg.Millimeter
	for i, p := range panels {
		title := p.Title.Text
		if !strings.HasPrefix(title, wantWhere[i]) {
			t.Errorf("panel %d: title %q; want it to start with %q", i, title, wantWhere[i])
		}
		if !strings.Contains(title, "want 0..60") {
			t.Errorf("panel %d: title %q does not say what it wants", i, title)
		}
		lines := strings.Split(title, "\n")
		if len(lines) > 2 {
			t.Errorf("panel %d: title %q has %d lines; want at most 2", i, title, len(lines))
		}
		for _, l := range lines {
			if w := p.Title.TextStyle.Width(l); w > panelW {
				t.Errorf("panel %d: title line %q is %.0f pt wide; the panel %.0f pt", i, l, w, panelW)
			}
		}
	}
	// And in the image: nothing is drawn in its first or last column, where
	// a clipped title ran off.
	fig, err := report.ExpectationsChart(r)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(fig))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	for _, x := range []int{b.Min.X, b.Max.X - 1} {
		for y := b.Min.Y; y < b.Max.Y; y++ {
			if r, g, bl, _ := img.At(x, y).RGBA(); r < 0xf000 || g < 0xf000 || bl < 0xf000 {
				t.Fatalf("the image has ink at its edge, (%d, %d): a title is clipped", x, y)
			}
		}
	}
}

// A count of one is singular in the fit's sentences: the outcome said
// "(1 keys changed)" and "changing 1 of 1 keys", and a file of one
// expectation "all 1 expectations hold".
func TestFitStatusCountsOne(t *testing.T) {
	r := fitResult()
	r.Keys = r.Keys[1:2] // RecoveryDelaySeconds, changed
	tests := []struct {
		name      string
		met, done bool
		want      string
	}{
		{"met", true, true, "Met: changing 1 of 1 key, every expectation holds"},
		{"unmet", false, true, "The weights are the closest found (1 key changed);"},
		{"unfinished", false, false, "The weights are the best candidate so far (1 key changed),"},
	}
	for _, tt := range tests {
		r.Met, r.Finished = tt.met, tt.done
		if _, got := report.FitStatus(r); !strings.Contains(got, tt.want) {
			t.Errorf("%s: FitStatus = %q; want it to say %q", tt.name, got, tt.want)
		}
	}
	r.Keys = append(r.Keys, r.Keys[0])
	r.Met, r.Finished = false, true
	if _, got := report.FitStatus(r); !strings.Contains(got, "(2 keys changed)") {
		t.Errorf("FitStatus = %q; want it to say (2 keys changed)", got)
	}
	r.Scenarios = []string{"x.toml", "y.toml"}
	r.Before, r.After = r.After[:1], r.After[:1]
	r.After[0].Scenario, r.After[0].Pass = "x.toml", true
	if got := report.FitScenarios(r); len(got) == 0 || got[0] != "x.toml: its 1 expectation holds" {
		t.Errorf("FitScenarios = %q; want x.toml: its 1 expectation holds", got)
	}
}

// The problems' heading fits every line under it ("Expectations that pull
// against each other" stood over a single expectation no candidate met), and
// each line says what it is: an expectation never met is no conflict.
func TestFitProblemsSayWhatTheyAre(t *testing.T) {
	tests := []struct {
		name                string
		neverMet, conflicts []string
		want                string
	}{
		{"one never met", []string{"squad_broke.north share (line 48) over 25 candidates ranged 0.05..0.2, want 0.3..0.7; the keys cannot move it far enough (name others with -keys)"}, nil,
			"<p>never met with margin: squad_broke.north share (line 48) over 25 candidates"},
		{"a pair", nil, []string{"squad_broke.a share (line 30) and squad_broke.b share (line 34) pull against each other: 9 candidates met the first, 17 the second, none both"},
			"<p>conflict: squad_broke.a share (line 30) and squad_broke.b share (line 34) pull against each other"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := fitResult()
			r.Met, r.NeverMet, r.Conflicts = false, tt.neverMet, tt.conflicts
			rep, err := report.FitReport(r, "", "")
			if err != nil {
				t.Fatal(err)
			}
			page := string(rep.HTML)
			const want = "Why no candidate met every expectation</h2>"
			if !strings.Contains(page, want) || strings.Contains(page, "Expectations that pull against each other") {
				t.Errorf("got a page without %q (or with the old heading); want it over %q", want, tt.want)
			}
			if !strings.Contains(page, tt.want) {
				t.Errorf("the page lacks %q", tt.want)
			}
			if tt.conflicts == nil && (strings.Contains(page, "conflict:") || strings.Contains(page, "pull against")) {
				t.Error("the page calls an expectation never met a conflict, or says some pull against each other")
			}
		})
	}
}

// A statistic whose interval reaches a fight where the time never came
// reads as check prints it, "29.25 [28.7, never]" (it read "29.25", as if
// it had no interval), is not "the whole interval inside" its range, and
// its panel draws the whisker off the right edge.
func TestFitIntervalUpToNever(t *testing.T) {
	r := fitResult()
	r.After[1].Got, r.After[1].CI95 = ptr(29.25), &labfit.Interval{28.75, math.Inf(1)}
	r.After[1].Lo, r.After[1].Hi = 20, 45
	rows := report.FitRows(r)
	if got, want := rows[1].After, "29.25 [28.7, never]"; got != want {
		t.Errorf("after %q; want %q", got, want)
	}
	if rows[1].After95 {
		t.Error("an interval up to never counted as the whole interval inside 20..45")
	}
	if _, err := report.FitReport(r, "", ""); err != nil {
		t.Fatal(err)
	}
}

// A key the fit changed by less than 1% (RecoveryDelaySeconds 4.0 → 3.99)
// read "-0%" in the changes, on stdout and on the page, as if unchanged
// while the status counted it among the keys changed.
func TestFitChangesUnderOnePercent(t *testing.T) {
	r := fitResult()
	r.Keys[1].End = 3.99
	r.Keys[0].End = 3.5 * 1.006
	want := map[string]string{"RecoveryDelaySeconds": "-0.25%", "RoutAfterSeconds": "+0.6%", "weights.Suppressed": "-14%"}
	for _, c := range report.FitChanges(r) {
		if c.Relative != want[c.Key] {
			t.Errorf("%s %s → %s: %q; want %q", c.Key, c.Start, c.End, c.Relative, want[c.Key])
		}
	}
}

// A change far under 1% is written with no exponent: RecoveryDelaySeconds
// 4.0 → 4.0000004 read "+1e-05%" (%+.2g).
func TestFitChangesTinyHasNoExponent(t *testing.T) {
	tests := []struct {
		end  float64
		want string
	}{
		{4.0000004, "+0.00001%"},
		{3.9999996, "-0.00001%"},
		{4.00024, "+0.006%"},
		{3.99, "-0.25%"},
		{4.2, "+5%"},
	}
	for _, tt := range tests {
		r := fitResult()
		r.Keys[1].End = tt.end
		for _, c := range report.FitChanges(r) {
			if c.Key == "RecoveryDelaySeconds" && c.Relative != tt.want {
				t.Errorf("4.0 → %v: got %q; want %q", tt.end, c.Relative, tt.want)
			}
		}
	}
}

// An expectation's range reads as its scenario wrote it, with no exponent:
// a fit's row and its page wanted 'share in 0..5e-05' and '0 … 5e-05'.
func TestFitRangeHasNoExponent(t *testing.T) {
	r := fitResult()
	r.After[0].Lo, r.After[0].Hi = 0, 0.00005
	rows := report.FitRows(r)
	if got, want := rows[0].Want, "squad_broke.centre share in 0..0.00005"; got != want {
		t.Errorf("want: got %q; want %q", got, want)
	}
	page, err := report.FitReport(r, "", "")
	if err != nil {
		t.Fatal(err)
	}
	if got := string(page.HTML); strings.Contains(got, "e-05") || !strings.Contains(got, "0 … 0.00005") {
		t.Errorf("the page says the range with an exponent, or not as 0 … 0.00005")
	}
}

// A setting on the fit's page reads as weights.toml writes it, whole with
// ".0", else with six figures, and never with an exponent: a key searched
// in 0..0.00001 read "0.0..1e-05".
func TestFormatValueHasNoExponent(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{4, "4.0"}, {3.2, "3.2"}, {-0.065, "-0.065"}, {0.00001, "0.00001"}, {-0.0000123456789, "-0.0000123457"},
		{0.123456789, "0.123457"}, {1234567.8, "1234570"}, {1e15, "1000000000000000"}, {1e300, "1e+300"},
		// A tiny setting keeps its figures (Significant's floor would write "0").
		{1.23456789e-12, "0.00000000000123457"}, {-4e-10, "-0.0000000004"},
	} {
		if got := report.FormatValue(tc.v); got != tc.want {
			t.Errorf("FormatValue(%v): got %q; want %q", tc.v, got, tc.want)
		}
	}
}

// A key the fit moved never reads as unchanged or unsigned, however small
// the move: relative wrote 4.0 → 4.000000000004 (a change of 1e-12) as
// "+0%" and 4.0 → 3.999999999996 as "0%", and 4.0 → the next float as
// "0%" (End/Start − 1 was 0 or below Negligible).
func TestFitChangesNeverReadUnchanged(t *testing.T) {
	tests := []struct {
		start, end float64
		want       string
	}{
		{4, 4 * (1 + 1e-12), "+0.0000000001%"},
		{4, 4 * (1 - 1e-12), "-0.0000000001%"},
		{4, math.Nextafter(4, 5), "+0.000000000000022%"},
		{4, math.Nextafter(4, 0), "-0.000000000000011%"},
		{1e-310, math.Nextafter(1e-310, 1), "+0.0000000000049%"},
		{4, 4.2, "+5%"},
		{4, 3.99, "-0.25%"},
		{-0.07, -0.06, "-14%"},
		{1e-300, 2e-300, "+100%"},
	}
	for _, tt := range tests {
		r := fitResult()
		r.Keys[1].Start, r.Keys[1].End = tt.start, tt.end
		for _, c := range report.FitChanges(r) {
			if c.Key == "RecoveryDelaySeconds" && c.Relative != tt.want {
				t.Errorf("%v → %v: got %q; want %q", tt.start, tt.end, c.Relative, tt.want)
			}
		}
	}
}

// The convergence chart's caption counts the candidates it draws: an
// invalid one (settings that do not validate, or that lint warns of)
// fights no fight and is not drawn, but the caption counted every
// evaluation, so a fit of rearguard.toml and twosquads.toml read "each of
// the 295 candidates measured" where 84 of them fought nothing.
func TestFitCaptionCountsMeasuredCandidates(t *testing.T) {
	tests := []struct {
		name    string
		invalid int
		want    string
	}{
		{"none refused", 0, "The objective of each of the 41 candidates measured, in order (200 fights each in the search, 800 re-measured or polished, 1000 on new seeds; 0: every expectation holds with margin), the best so far, and below it the best's distance from the start (the sum of its keys' relative changes), which falls once the fit trades changes away."},
		{"one refused", 1, "The objective of each of the 41 candidates measured, in order (200 fights each in the search, 800 re-measured or polished, 1000 on new seeds; 0: every expectation holds with margin), the best so far, and below it the best's distance from the start (the sum of its keys' relative changes), which falls once the fit trades changes away. 1 more candidate, whose settings do not validate or that lint warns of, fought no fight and is not drawn (it keeps its place on the axis of evaluations)."},
		{"84 refused", 84, "The objective of each of the 41 candidates measured, in order (200 fights each in the search, 800 re-measured or polished, 1000 on new seeds; 0: every expectation holds with margin), the best so far, and below it the best's distance from the start (the sum of its keys' relative changes), which falls once the fit trades changes away. 84 more candidates, whose settings do not validate or that lint warns of, fought no fight and are not drawn (they keep their places on the axis of evaluations)."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := fitResult()
			for i := 0; i < tt.invalid; i++ {
				r.Evaluations = append(r.Evaluations, labfit.Evaluation{Phase: "search", Restart: 3, Generation: 1})
			}
			rep, err := report.FitReport(r, "", "moralesim fit x.toml")
			if err != nil {
				t.Fatal(err)
			}
			if got := rep.Figures[0].Caption; got != tt.want {
				t.Errorf("got the caption %q; want %q", got, tt.want)
			}
		})
	}
}

// A fit of several files says its fights per candidate are of each file:
// the page of a fit of two read "38200 in the search (100 per candidate,
// …)", where each candidate fought 100 of each, 200 in all.
func TestFitPageSaysFightsOfEachFile(t *testing.T) {
	tests := []struct {
		name  string
		files []string
		want  []string
	}{
		{"one file", nil, []string{
			"59200 fights of a budget of 60000: 50000 in the search (200 per candidate, 8 candidates per generation, 3 restarts of CMA-ES), 4000 re-measuring the best (800 a candidate), 3200 rounding",
			"(200 fights each in the search, 800 re-measured or polished, 1000 on new seeds; 0: every",
		}},
		{"two files", []string{"x.toml", "y.toml"}, []string{
			"59200 fights of a budget of 60000: 50000 in the search (200 per candidate of each of the 2 scenarios, 8 candidates per generation, 3 restarts of CMA-ES), 4000 re-measuring the best (800 a candidate of each of the 2 scenarios), 3200 rounding",
			"(200 fights each in the search, 800 re-measured or polished, 1000 on new seeds, of each of the 2 scenarios; 0: every",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := fitResult()
			r.Scenarios = tt.files
			rep, err := report.FitReport(r, "", "moralesim fit x.toml")
			if err != nil {
				t.Fatal(err)
			}
			page := unspanned(string(rep.HTML), "", "")
			for _, w := range tt.want {
				if !strings.Contains(page, w) {
					t.Errorf("the page lacks %q", w)
				}
			}
		})
	}
}
