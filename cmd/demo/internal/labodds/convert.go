package labodds

import (
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui"
)

var _ ui.OddsCounter = (*Counter)(nil)

// Lint is the lab's lint of s (lab.Lint), as ui.Config.Lint takes it.
func Lint(s morale.Settings) []ui.LintWarning {
	ws := lab.Lint(s)
	if len(ws) == 0 {
		return nil
	}
	out := make([]ui.LintWarning, len(ws))
	for i, w := range ws {
		out[i] = ui.LintWarning{Rule: w.Rule, Message: w.Message}
	}
	return out
}

// convert is o as the demo shows it. It shares nothing with o but the
// histogram's counts and the times, which nothing writes once reported.
func convert(o lab.Odds) ui.Odds {
	u := ui.Odds{Scenario: o.Scenario, SettingsHash: o.SettingsHash, Runs: o.Runs, Total: o.Total,
		Squads: rows(o.Squads), Men: rows(o.Men), Rebreaks: row(o.Rebreaks), Error: o.Error,
		Histogram: ui.OddsHistogram{Bin: o.Histogram.Bin, Counts: o.Histogram.Counts, Ref: o.Histogram.Ref}}
	f := o.FirstRout
	u.FirstRout = ui.OddsTimes{OddsRow: row(f.OddsRow), P10: f.P10, P50: f.P50, P90: f.P90,
		P50Lo: f.P50Lo, P50Hi: f.P50Hi, TimeChange: change(f.TimeChange)}
	if r := o.Reference; r != nil {
		u.Reference = &ui.OddsReference{SettingsHash: r.SettingsHash, Runs: r.Runs}
	}
	return u
}

func rows(rs []lab.OddsRow) []ui.OddsRow {
	if rs == nil {
		return nil
	}
	out := make([]ui.OddsRow, len(rs))
	for i, r := range rs {
		out[i] = row(r)
	}
	return out
}

func row(r lab.OddsRow) ui.OddsRow {
	return ui.OddsRow{Name: r.Name, K: r.K, Share: r.Share, Lo: r.Lo, Hi: r.Hi, Change: change(r.Change)}
}

func change(c *lab.OddsChange) *ui.OddsChange {
	if c == nil {
		return nil
	}
	return &ui.OddsChange{From: c.From, N: c.N, Diff: c.Diff, Lo: c.Lo, Hi: c.Hi, Beyond: c.Beyond}
}
