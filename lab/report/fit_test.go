package report_test

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab/fit"
	"github.com/moralebreak/moralebreak/lab/report"
)

func ptr(v float64) *float64 { return &v }

// fitResult is a hand-made fit: two keys of three changed, two
// expectations met on the held-out fights.
func fitResult() *fit.Result {
	share := func(got, lo, hi float64, pass bool) fit.Measure {
		return fit.Measure{Metric: "squad_broke.centre", Stat: "share", Lo: 0.3, Hi: 0.44, Line: 88, Got: ptr(got), CI95: &[2]float64{lo, hi}, Pass: pass}
	}
	p50 := func(got float64, pass bool) fit.Measure {
		return fit.Measure{Metric: "first_rout_s", Stat: "p50", Lo: 80, Hi: 95, Line: 96, Got: ptr(got), CI95: &[2]float64{got - 3, got + 2}, Pass: pass}
	}
	r := &fit.Result{
		Scenario: "line <holds>", Seed: 1, Runs: 200, RefineRuns: 800, HeldOutRuns: 1000, Budget: 60000, Population: 8, Restarts: 3,
		Finished: true, Met: true,
		Keys: []fit.KeyResult{
			{Key: "RoutAfterSeconds", Start: 3.5, End: 3.5, Lo: 0, Hi: 20},
			{Key: "RecoveryDelaySeconds", Start: 4, End: 3.2, Lo: 0, Hi: 30},
			{Key: "weights.Suppressed", Start: -0.07, End: -0.06, Lo: -1, Hi: 0},
		},
		Before: []fit.Measure{share(0.71, 0.68, 0.74, false), p50(82, true)},
		After:  []fit.Measure{share(0.36, 0.33, 0.39, true), p50(93.5, true)},
		Fights: fit.Fights{Search: 50000, Refine: 4000, Polish: 3200, HeldOut: 2000, Total: 59200},
		Notes:  []string{"candidate 1 met every expectation on the search's fights but not on the held-out fights"},
	}
	for i := 0; i < 40; i++ {
		r.Evaluations = append(r.Evaluations, fit.Evaluation{Phase: "search", Restart: 1 + i/20, Generation: 1 + i%20/8, Valid: true, Objective: 3 / float64(i+1), Change: 0.5})
	}
	r.Evaluations = append(r.Evaluations, fit.Evaluation{Phase: "held-out", Valid: true})
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
	plots, err := report.FitPlots(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"convergence.png", "expectations.png"} {
		img, err := png.Decode(bytes.NewReader(plots[name]))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b := img.Bounds(); b.Dx() < 300 || b.Dy() < 200 {
			t.Errorf("%s is %v; want at least 300×200", name, b)
		}
	}
	html, err := report.FitHTML(report.FitInput{Result: r, Description: "The line should hold more often.", Command: "moralesim fit x.toml", Plots: plots})
	if err != nil {
		t.Fatal(err)
	}
	page := string(html)
	for _, want := range []string{
		"MoraleBreak fit: line &lt;holds&gt;",
		"The line should hold more often.",
		"Met: changing 2 of 3 keys",
		"<code>RecoveryDelaySeconds</code></td><td class=\"num\">4.0 → 3.2</td><td class=\"num\">-20%</td>",
		"3.5 (unchanged)",
		"squad_broke.centre share in 0.3..0.44 (line 88)</td><td class=\"num fail\">0.71 [0.68, 0.74]</td><td class=\"num pass\">0.36 [0.33, 0.39]</td>",
		"(the whole interval inside)",
		"59200 fights of a budget of 60000",
		"moralesim fit x.toml",
		"</code>: the objective of each of the 41 candidates measured, in order (200 fights each in the search, 800 re-measured or polished, 1000 on new seeds)",
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
	plots, err = report.FitPlots(r)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := plots["expectations.png"]; ok {
		t.Error("an unfinished fit has no held-out verdicts to plot")
	}
	html, err = report.FitHTML(report.FitInput{Result: r, Plots: plots})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), "Unfinished: interrupted after 59200 fights") {
		t.Error("an unfinished fit's page does not say so")
	}
}
