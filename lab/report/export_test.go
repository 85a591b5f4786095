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
