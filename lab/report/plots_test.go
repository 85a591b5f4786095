package report_test

import (
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
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
