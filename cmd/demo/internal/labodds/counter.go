// Package labodds fills the demo's odds panel and lint from the balance
// lab: New is the ui.OddsCounter of a lab scenario (lab.OddsTracker, whose
// odds are internal/odds' types, which ui shows as they are), Lint the
// lab's lint as ui.Config.Lint takes it. It is cmd/demo's, so that ui does
// not import lab.
package labodds

import (
	"github.com/moralebreak/moralebreak/internal/weightsfile"
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui"
)

var _ ui.OddsCounter = (*lab.OddsTracker)(nil)

// Lint is the lab's lint of s (lab.Lint), as ui.Config.Lint takes it.
func Lint(s morale.Settings) []weightsfile.Warning {
	ws := lab.Lint(s)
	if len(ws) == 0 {
		return nil
	}
	out := make([]weightsfile.Warning, len(ws))
	for i, w := range ws {
		out[i] = weightsfile.Warning{Rule: w.Rule, Message: w.Message}
	}
	return out
}

// Counter is the odds panel's counter of a lab scenario: its
// lab.OddsTracker, and the scenario's duration (Duration), for which the
// panel sizes its columns before the first fight is counted
// (oddspanel.Timed).
type Counter struct {
	*lab.OddsTracker
	duration float64
}

// Duration is the scenario's duration, in seconds.
func (c *Counter) Duration() float64 { return c.duration }

// New returns the counter of the odds panel for scenario sc (its weights
// are replaced by the live settings): a lab.OddsTracker of
// lab.OddsRunsFor(sc) fights on the seeds of moralesim's seed 1, counted
// on a goroutine of its own in native builds and in Poll in the browser
// (one thread), with sc's duration. It counts nothing before the first
// Set. Close stops it.
func New(sc *lab.Scenario) *Counter {
	return &Counter{lab.NewOddsTracker(sc, 1, lab.OddsRunsFor(sc), background), sc.Duration}
}
