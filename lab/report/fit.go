package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/moralebreak/moralebreak/internal/figures"
	"github.com/moralebreak/moralebreak/lab"
	labfit "github.com/moralebreak/moralebreak/lab/fit"
	"github.com/moralebreak/moralebreak/morale"
)

// FitChange is one row of a fit's changes table.
type FitChange struct {
	Key, Start, End, Relative, Range string
	Changed                          bool
	// Edge says the key ended at the edge of its search range, with advice.
	Edge string
}

// FitRow is one expectation before and after a fit, on the held-out fights.
type FitRow struct {
	// File is the expectation's scenario file.
	File                string
	Want, Before, After string
	BeforePass, After95 bool
	AfterPass           bool
	Line                int
}

// FitChanges returns the changes table of r: every key, changed ones first
// in their order, as "4.0 → 3.2" with the relative change (End/Start − 1:
// "-29%" for a weight of -0.07 → -0.05, bad news 29% weaker).
func FitChanges(r *labfit.Result) []FitChange {
	var changed, same []FitChange
	for _, k := range r.Keys {
		c := FitChange{Key: k.Key, Start: FormatValue(k.Start), End: FormatValue(k.End), Changed: k.Changed(),
			Range: FormatValue(k.Lo) + ".." + FormatValue(k.Hi), Edge: k.Edge}
		if c.Changed && k.Start != 0 {
			c.Relative = relative(k.Start, k.End)
		}
		if c.Changed {
			changed = append(changed, c)
		} else {
			same = append(same, c)
		}
	}
	return append(changed, same...)
}

// relative prints the change of a key the fit moved from start to end
// (not 0), (end − start)/start, in per cent: whole per cent, and below 1%
// two significant figures at any size with no exponent (figures.Rounded:
// "+0.00001%", not "+1e-05%"; "+0.0000000001%", where lab's Negligible
// would write "0"), with its sign (figures.Signed), so that a key the fit
// changed never reads as "0%", "+0%" or "-0%", nor unsigned.
func relative(start, end float64) string {
	p := 100 * ((end - start) / start) // not end/start − 1, which is 0 for neighbouring floats
	if math.Abs(p) >= 0.995 {
		return figures.Signed(p, strconv.FormatFloat(p, 'f', 0, 64)) + "%"
	}
	return figures.Signed(p, figures.Rounded(p, 2)) + "%"
}

// FitProblems returns why no candidate of r met every expectation, one line
// each, as stdout and the page say it: "never met with margin: " before each
// expectation no candidate met, then "conflict: " before each set that pulls
// against each other.
func FitProblems(r *labfit.Result) []string {
	out := make([]string, 0, len(r.NeverMet)+len(r.Conflicts))
	for _, c := range r.NeverMet {
		out = append(out, "never met with margin: "+c)
	}
	for _, c := range r.Conflicts {
		out = append(out, "conflict: "+c)
	}
	return out
}

// FormatValue prints a setting as weights.toml does: "4.0", "3.2", "-0.065",
// a value not whole with six significant figures, without an exponent
// ("0.00001", not "1e-05") and however small ("0.00000000000123457"):
// figures.Rounded.
func FormatValue(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	return figures.Rounded(v, 6)
}

// FormatMeasure prints a statistic with its 95% interval, rounded outward
// (lab.FormatEstimate): "0.356 [0.327, 0.386]".
func FormatMeasure(m labfit.Measure) string {
	if m.Got == nil {
		return "undefined (never happened)"
	}
	if m.CI95 != nil {
		return lab.FormatEstimate(*m.Got, m.CI95[0], m.CI95[1], "")
	}
	return lab.FormatNumber(*m.Got)
}

// FitRows returns the before/after table of r (empty before the held-out
// check).
func FitRows(r *labfit.Result) []FitRow {
	var rows []FitRow
	for i, a := range r.After {
		row := FitRow{File: fileOf(r, a), Want: fmt.Sprintf("%s %s in %s..%s", a.Metric, a.Stat, lab.FormatExact(a.Lo), lab.FormatExact(a.Hi)), After: FormatMeasure(a), AfterPass: a.Pass, Line: a.Line}
		if i < len(r.Before) {
			row.Before, row.BeforePass = FormatMeasure(r.Before[i]), r.Before[i].Pass
		}
		row.After95 = a.Pass && a.CI95 != nil && a.CI95[0] >= a.Lo && a.CI95[1] <= a.Hi
		rows = append(rows, row)
	}
	return rows
}

// FitReport renders a fit's page: the outcome, the intent, the changes,
// every expectation before and after on the held-out fights with its 95%
// interval, the conflicts and what happened, the cost, the plots (whose PNGs
// the command also writes into its folder) and, in the footnotes, the seeds,
// hashes and the command that made it.
func FitReport(r *labfit.Result, description, command string) (Report, error) {
	var figs []Figure
	png, err := ConvergenceChart(r)
	if err != nil {
		return Report{}, fmt.Errorf("convergence.png: %w", err)
	}
	// An invalid candidate (settings that do not validate, or that lint
	// warns of) fights no fight and is not drawn: it is not counted as
	// measured, where the caption counted every evaluation.
	measured := 0
	for _, ev := range r.Evaluations {
		if ev.Valid {
			measured++
		}
	}
	each := fmt.Sprintf("each of the %d candidates", measured)
	if measured == 1 {
		each = "the 1 candidate"
	}
	refused := ""
	switch n := len(r.Evaluations) - measured; {
	case n == 1:
		refused = " 1 more candidate, whose settings do not validate or that lint warns of, fought no fight and is not drawn (it keeps its place on the axis of evaluations)."
	case n > 1:
		refused = fmt.Sprintf(" %d more candidates, whose settings do not validate or that lint warns of, fought no fight and are not drawn (they keep their places on the axis of evaluations).", n)
	}
	ofEach := labfit.OfEachScenario(len(r.Scenarios))
	if ofEach != "" {
		ofEach = "," + ofEach
	}
	figs = append(figs, Figure{Name: "convergence.png", PNG: png, Caption: fmt.Sprintf("The objective of %s measured, in order (%s each in the search, %d re-measured or polished, %d on new seeds%s; 0: every expectation holds with margin), the best so far, and below it the best's distance from the start (the sum of its keys' relative changes), which falls once the fit trades changes away.%s",
		each, fights(r.Runs), r.RefineRuns, r.HeldOutRuns, ofEach, refused)})
	if len(r.Before) > 0 && len(r.After) > 0 {
		png, err := ExpectationsChart(r)
		if err != nil {
			return Report{}, fmt.Errorf("expectations.png: %w", err)
		}
		caption := fmt.Sprintf("Each expectation's range (green) and its statistic with the 95%% interval, with the starting weights (before) and the result (after), on the same %s the search never used.", fights(r.HeldOutRuns))
		if drawn, _ := drawnExpectations(r); len(drawn) < len(r.After) {
			caption += fmt.Sprintf(" %d of the %d expectations are drawn (those that fail first); the table Before and after has every one.", len(drawn), len(r.After))
		}
		figs = append(figs, Figure{Name: "expectations.png", PNG: png, Caption: caption})
	}

	_, status := FitStatus(r)
	p := NewPage(r.Scenario+" fit", description)
	p.Para(status)
	for _, l := range FitScenarios(r) {
		p.Para(l)
	}
	p.Section("The intent")
	intent := Table{ID: "expects", Caption: "The scenario's [[expect]] blocks: the fit's target.", Text: 2, Head: []string{"where", "expectation", "want"}}
	for _, e := range fitExpects(r) {
		intent.Rows = append(intent.Rows, Row{Cells: []string{fmt.Sprintf("%s:%d", fileOf(r, e), e.Line), e.Metric + " " + e.Stat, lab.FormatExact(e.Lo) + " … " + lab.FormatExact(e.Hi)}})
	}
	p.Table(intent)
	p.Section("Changes")
	changes := Table{ID: "changes", Caption: fmt.Sprintf("The %s the fit could change, changed ones first; searched: the range every candidate kept to.", lab.Plural(len(r.Keys), "key")), Head: []string{"key", "start → end", "change", "searched"}}
	for _, c := range FitChanges(r) {
		row := Row{Cells: []string{c.Key, c.Start + " → " + c.End, c.Relative, c.Range}}
		if c.Edge != "" {
			row = Row{Class: "fail", Cells: []string{c.Key, c.Start + " → " + c.End, c.Relative, c.Range + " (at its edge)"}}
		}
		if !c.Changed {
			row = Row{Class: "dim", Cells: []string{c.Key, c.Start + " (unchanged)", "", c.Range}}
		}
		changes.Rows = append(changes.Rows, row)
	}
	p.Table(changes)
	for _, c := range FitChanges(r) {
		if c.Edge != "" {
			p.Para("At the edge: " + c.Edge + ".")
		}
	}
	tested := settingsTableAB(lab.SettingChanges(morale.DefaultSettings(), r.Start), lab.SettingChanges(morale.DefaultSettings(), r.Settings))
	tested.Caption = "Every setting and weight in which the starting weights or the result differ from the defaults (morale.DefaultSettings: the design's table, as in the shipped weights.toml). An absent weight row is worth zero."
	tested.Head = []string{"setting", "default", "start", "result", ""}
	for i := range tested.Rows {
		if tested.Rows[i].Cells[4] == "A = B" {
			tested.Rows[i].Cells[4] = "unchanged"
		}
	}
	p.Table(tested)
	if rows := FitRows(r); len(rows) > 0 {
		p.Section("Before and after")
		t := Table{ID: "verdicts", Caption: fmt.Sprintf("Each expectation on %s the search never used (runs 2^63 and up of seed %d), with the starting weights and with the result: the statistic and its 95%% interval. PASS: the result's statistic lies in the range, as moralesim check judges.", fights(r.HeldOutRuns), r.Seed),
			Text: 3, Head: []string{"", "where", "expectation", "before", "after"}}
		for _, row := range rows {
			word, class := "PASS", "pass"
			if !row.AfterPass {
				word, class = "FAIL", "fail"
			}
			if row.After95 {
				word += " (the whole interval inside)"
			}
			t.Rows = append(t.Rows, Row{Class: class, Cells: []string{word, fmt.Sprintf("%s:%d", row.File, row.Line), row.Want, row.Before, row.After}})
		}
		p.Table(t)
	}
	if problems := FitProblems(r); len(problems) > 0 {
		// Its lines name single expectations no candidate met and pairs
		// that pull against each other: a heading for both.
		p.Section("Why no candidate met every expectation")
		for _, c := range problems {
			p.Para(c)
		}
	}
	if len(r.Notes) > 0 {
		p.Section("What happened")
		for _, n := range r.Notes {
			p.Para(n)
		}
	}
	p.Section("Cost")
	f := r.Fights
	restarts := fmt.Sprintf("%d restarts", r.Restarts)
	if r.Restarts == 1 {
		restarts = "one run"
	}
	// A candidate of a fit of several fights its runs of each file: "100
	// per candidate" read as half the fights it fought.
	ofEach = labfit.OfEachScenario(len(r.Scenarios))
	p.Para(fmt.Sprintf("%d fights of a budget of %d: %d in the search (%d per candidate%s, %d candidates per generation, %s of CMA-ES), %d re-measuring the best (%d a candidate%s), %d rounding and putting keys back, %d on new seeds.",
		f.Total, r.Budget, f.Search, r.Runs, ofEach, r.Population, restarts, f.Refine, r.RefineRuns, ofEach, f.Polish, f.HeldOut))
	p.Section("Plots")
	for _, fig := range figs {
		p.Figure(fig)
	}
	contents := fmt.Sprintf("Scenario %s: contents %s", r.ScenarioPath, r.ScenarioHash)
	if len(r.Scenarios) > 1 && len(r.ScenarioHashes) == len(r.Scenarios) {
		// Each file's: the first's alone left the others unidentified.
		var each []string
		for i, file := range r.Scenarios {
			each = append(each, fmt.Sprintf("%s: contents %s", file, r.ScenarioHashes[i]))
		}
		contents = "Scenarios " + strings.Join(each, "; ")
	}
	p.Footnote(fmt.Sprintf("%s; weights %s. Search seed %d; the held-out fights are runs 2^63 and up of it, which no search fight uses.", contents, weightsName(r.WeightsHash), r.Seed))
	p.Footnote("The same command and seed give this page byte for byte, on one core or many.")
	madeBy(p, r.Tool, command)
	html, err := p.HTML()
	return Report{HTML: html, Figures: figs}, err
}

// fileOf returns the scenario file of m, an expectation of r.
func fileOf(r *labfit.Result, m labfit.Measure) string {
	if m.Scenario != "" {
		return m.Scenario
	}
	return r.ScenarioPath
}

// FitScenarios returns, for a fit of several scenarios, one line per
// scenario: whether the result meets all of its expectations on the
// held-out fights, or how many fail and how many of those the starting
// weights met (BROKEN: the fit broke them) (nil for one scenario, or before
// the held-out check).
func FitScenarios(r *labfit.Result) []string {
	if len(r.Scenarios) < 2 || len(r.After) == 0 {
		return nil
	}
	var out []string
	for _, file := range r.Scenarios {
		n, failed, broken := 0, 0, 0
		for i, a := range r.After {
			if a.Scenario == file {
				n++
				if !a.Pass {
					failed++
					if i < len(r.Before) && r.Before[i].Pass {
						broken++
					}
				}
			}
		}
		switch {
		case failed == 0 && n == 1:
			out = append(out, fmt.Sprintf("%s: its 1 expectation holds", file))
		case failed == 0:
			out = append(out, fmt.Sprintf("%s: all %d expectations hold", file, n))
		case broken == 0:
			out = append(out, fmt.Sprintf("%s: %d of %d expectations fail, none that the starting weights met", file, failed, n))
		default:
			out = append(out, fmt.Sprintf("%s: BROKEN, %d of %d expectations fail, %d of them met with the starting weights", file, failed, n, broken))
		}
	}
	return out
}

// fitExpects returns the expectations of r: from the held-out verdicts
// (after, else before), which list them in the scenario's order.
func fitExpects(r *labfit.Result) []labfit.Measure {
	if len(r.After) > 0 {
		return r.After
	}
	return r.Before
}

// FitStatus returns the fit's outcome as a class ("met", "unmet",
// "unfinished") and a sentence.
func FitStatus(r *labfit.Result) (class, text string) {
	changed := 0
	for _, k := range r.Keys {
		if k.Changed() {
			changed++
		}
	}
	switch {
	case !r.Finished:
		return "unfinished", fmt.Sprintf("Unfinished: interrupted after %s. The weights are the best candidate so far (%s changed), not checked on new seeds.", fights(r.Fights.Total), lab.Plural(changed, "key"))
	case r.Met && changed == 0:
		return "met", fmt.Sprintf("Met with nothing to change: the starting weights meet every expectation on %s%s the search never used.", fights(r.HeldOutRuns), labfit.OfEachScenario(len(r.Scenarios)))
	case r.Met:
		return "met", fmt.Sprintf("Met: changing %d of %s, every expectation holds on %s%s the search never used.", changed, lab.Plural(len(r.Keys), "key"), fights(r.HeldOutRuns), labfit.OfEachScenario(len(r.Scenarios)))
	}
	// What the page and stdout list: what the result misses, then the
	// expectations no candidate met and those that pull against each other,
	// only when there are some.
	see, and := "what they miss", " and "
	if len(r.Scenarios) > 1 {
		see, and = see+", per scenario", ", and "
	}
	switch {
	case len(r.NeverMet) > 0 && len(r.Conflicts) > 0:
		see += ", which expectations no candidate met, and which pull against each other"
	case len(r.NeverMet) > 0:
		see += and + "which expectations no candidate met"
	case len(r.Conflicts) > 0:
		see += and + "which expectations pull against each other"
	}
	if len(r.Scenarios) > 1 {
		return "unmet", fmt.Sprintf("Not met: no candidate met every expectation of the %d scenarios on new fights, and meeting some of them while breaking another is a failure. The weights are the closest found (%s changed); see %s.", len(r.Scenarios), lab.Plural(changed, "key"), see)
	}
	return "unmet", fmt.Sprintf("Not met: no candidate met every expectation on new fights. The weights are the closest found (%s changed); see %s.", lab.Plural(changed, "key"), see)
}
