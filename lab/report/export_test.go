package report

import "gonum.org/v1/plot"

// CountTicks is countTicks{}.Ticks, for the tests.
func CountTicks(min, max float64) []plot.Tick { return countTicks{}.Ticks(min, max) }

// TimeTicks is timeTicks{}.Ticks, for the tests.
func TimeTicks(min, max float64) []plot.Tick { return timeTicks{}.Ticks(min, max) }
