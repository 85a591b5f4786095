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

// ShareFrame is shareFrame, for the tests.
func ShareFrame(title string, h lab.Header) (*plot.Plot, error) { return shareFrame(title, h) }

// Pct1 and PctCI are pct1 and pctCI, for the tests.
func Pct1(share float64) string { return pct1(share) }

func PctCI(share, lo, hi float64) string { return pctCI(share, lo, hi) }
