package report

import (
	"github.com/moralebreak/moralebreak/lab"
	labfit "github.com/moralebreak/moralebreak/lab/fit"
	"gonum.org/v1/plot"
)

// CountTicks is countTicks{}.Ticks, for the tests.
func CountTicks(min, max float64) []plot.Tick { return countTicks{}.Ticks(min, max) }

// TimeTicks is timeTicks{}.Ticks, for the tests.
func TimeTicks(min, max float64) []plot.Tick { return timeTicks{}.Ticks(min, max) }

// ExpectationPanels is expectationPanels, for the tests.
func ExpectationPanels(r *labfit.Result) ([]*plot.Plot, error) { return expectationPanels(r) }

// ShareFrame is shareFrame with its events' names added, for the tests.
func ShareFrame(title string, h lab.Header) (*plot.Plot, error) {
	p, names, err := shareFrame(title, h)
	if err != nil {
		return nil, err
	}
	onTop(p, names)
	return p, nil
}

// FanPlot, SurvivalPlot and UnbrokenPlot are the plots of FanChart,
// SurvivalChart and UnbrokenChart, for the tests.
func FanPlot(sum *lab.Summary) (*plot.Plot, error) { return fanPlot(sum) }

func SurvivalPlot(sum *lab.Summary) (*plot.Plot, error) { return survivalPlot(sum) }

func UnbrokenPlot(sum *lab.Summary) (*plot.Plot, error) {
	p, _, err := unbrokenPlot(sum)
	return p, err
}

// SquadPlots are SquadFans' tiles, for the tests.
func SquadPlots(sum *lab.Summary) ([]*plot.Plot, error) {
	plots, _, err := squadPanels([]side{{sum: sum, band: colBand, line: colLine}})
	return plots, err
}

// Pct1 and PctCI are pct1 and pctCI, for the tests.
func Pct1(share float64) string { return pct1(share) }

func PctCI(share, lo, hi float64) string { return pctCI(share, lo, hi) }

// SweepPlot is SweepChart's plot, and SweepSquadLines SweepSquadsChart's
// of a one-key sweep, for the tests.
func SweepPlot(r lab.SweepResult) (*plot.Plot, error) {
	p, _, err := sweepPlot(r)
	return p, err
}

func SweepSquadLines(r lab.SweepResult) (*plot.Plot, error) { return sweepSquadLines(r, "t") }

// TornadoPlot is TornadoChart's plot, for the tests.
func TornadoPlot(r lab.SensitivityResult, n int) (*plot.Plot, error) {
	p, _, err := tornadoPlot(r, n)
	return p, err
}

// ConvergencePlots are ConvergenceChart's two panels, for the tests.
func ConvergencePlots(r *labfit.Result) (top, low *plot.Plot, err error) { return convergencePlots(r) }
