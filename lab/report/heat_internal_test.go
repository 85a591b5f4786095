package report

import (
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

// A heat map's cells read as the table of points below it: a median of
// 11.25 s read "11.2" in its cell (and "blue 11.2" in the title) beside
// "11.25" in the table, and 12.125 read "12.1" beside "12.12".
func TestHeatMapCellsReadAsTheTable(t *testing.T) {
	v := []float64{11.25, 12.125, 11.75, 0.975}
	r := lab.SweepResult{Keys: []string{"RecoveryDelaySeconds", "weights.ReinforcementsArrived"}, Metric: "back_to_steady_s", Stat: "p50", Runs: 200}
	for i, x := range v {
		r.Points = append(r.Points, lab.SweepPoint{Index: i, Values: []float64{float64(i / 2), float64(i % 2)}, Value: &x, N: 200})
	}
	p := plot.New()
	if err := addHeatMap(p, r, statOf(r), false, plotW); err != nil {
		t.Fatal(err)
	}
	var rec recorder.Canvas
	p.Draw(draw.Canvas{Canvas: &rec, Rectangle: vg.Rectangle{Max: vg.Point{X: plotW, Y: plotH}}})
	var cells []string
	for _, a := range rec.Actions {
		if fs, ok := a.(*recorder.FillString); ok {
			cells = append(cells, fs.String)
		}
	}
	for _, x := range v {
		if want := num(x); !slices.Contains(cells, want) {
			t.Errorf("no cell reads %q, the table's %g; the text drawn: %q", want, x, cells)
		}
	}
	if want := "blue " + num(0.975) + ", red " + num(12.125); !strings.Contains(p.Title.Text, want) {
		t.Errorf("title %q; want %q", p.Title.Text, want)
	}
}
