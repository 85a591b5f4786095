package report_test

import (
	"bytes"
	"context"
	"image/png"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/lab/report"
)

func summary(t *testing.T) (*lab.Summary, []lab.RunResult, *lab.Scenario) {
	t.Helper()
	sc, err := lab.LoadScenario("../../scenarios/line.toml")
	if err != nil {
		t.Fatal(err)
	}
	p := lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 1, Runs: 30}
	runs, err := lab.MonteCarlo(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	sum := lab.Summarize(lab.NewHeader(p), runs)
	return &sum, runs, sc
}

func TestPlotsArePNGs(t *testing.T) {
	sum, runs, sc := summary(t)
	plots, err := report.SummaryPlots(sum, runs)
	if err != nil {
		t.Fatal(err)
	}
	sens, err := lab.Sensitivity(context.Background(), sc, "squad_broke.centre", "share", 5, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if plots["tornado.png"], err = report.TornadoChart(sens, 8); err != nil {
		t.Fatal(err)
	}
	axes, err := lab.ParseSweeps([]string{"Hysteresis=0.1:0.2:0.05"}, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	sw, err := lab.Sweep(context.Background(), sc, axes, 5, 1, "first_rout_s", "p50", lab.Shard{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if plots["sweep.png"], err = report.SweepChart(sw); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"fan.png", "survival.png", "first_rout.png", "cascade.png", "tornado.png", "sweep.png"} {
		img, err := png.Decode(bytes.NewReader(plots[name]))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if b := img.Bounds(); b.Dx() < 300 || b.Dy() < 200 {
			t.Errorf("%s is %v; want at least 300×200", name, b)
		}
	}
	html, err := report.ReportHTML(report.ReportInput{Title: "line <&>", Summary: sum, Plots: plots, Checks: lab.Check(sc, sum)})
	if err != nil {
		t.Fatal(err)
	}
	page := string(html)
	if n := strings.Count(page, `src="data:image/png;base64,`); n != 6 {
		t.Errorf("the page embeds %d images; want 6", n)
	}
	if !strings.Contains(page, "line &lt;&amp;&gt;") {
		t.Errorf("the title is not escaped")
	}
	if !strings.Contains(page, "squad_broke.centre") || !strings.Contains(page, `class="pass"`) {
		t.Errorf("the page lacks the metrics or the verdicts")
	}
	if strings.Index(page, "fan.png") > strings.Index(page, "tornado.png") {
		t.Errorf("plots out of order: the fan chart comes first")
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
