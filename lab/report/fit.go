package report

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html/template"
	"math"
	"strconv"

	"github.com/moralebreak/moralebreak/lab/fit"
)

// FitInput is everything a fit's page shows.
type FitInput struct {
	Result *fit.Result
	// Description is the scenario's, the designer's intent in words.
	Description string
	// Command is the command line that made the fit, to run it again.
	Command string
	// Plots are FitPlots' PNGs, embedded in a fixed order.
	Plots map[string][]byte
}

// FitChange is one row of a fit's changes table.
type FitChange struct {
	Key, Start, End, Relative, Range string
	Changed                          bool
}

// FitRow is one expectation before and after a fit, on the held-out fights.
type FitRow struct {
	Want, Before, After string
	BeforePass, After95 bool
	AfterPass           bool
	Line                int
}

// FitChanges returns the changes table of r: every key, changed ones first
// in their order, as "4.0 → 3.2" with the relative change (End/Start − 1:
// "-29%" for a weight of -0.07 → -0.05, bad news 29% weaker).
func FitChanges(r *fit.Result) []FitChange {
	var changed, same []FitChange
	for _, k := range r.Keys {
		c := FitChange{Key: k.Key, Start: FormatValue(k.Start), End: FormatValue(k.End), Changed: k.Changed(),
			Range: FormatValue(k.Lo) + ".." + FormatValue(k.Hi)}
		if c.Changed && k.Start != 0 {
			c.Relative = fmt.Sprintf("%+.0f%%", 100*(k.End/k.Start-1))
		}
		if c.Changed {
			changed = append(changed, c)
		} else {
			same = append(same, c)
		}
	}
	return append(changed, same...)
}

// FormatValue prints a setting as weights.toml does: "4.0", "3.2", "-0.065".
func FormatValue(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// FormatMeasure prints a statistic with its 95% interval: "0.356 [0.327, 0.386]".
func FormatMeasure(m fit.Measure) string {
	if m.Got == nil {
		return "undefined (never happened)"
	}
	s := fmt.Sprintf("%.4g", *m.Got)
	if m.CI95 != nil {
		s += fmt.Sprintf(" [%.3g, %.3g]", m.CI95[0], m.CI95[1])
	}
	return s
}

// FitRows returns the before/after table of r (empty before the held-out
// check).
func FitRows(r *fit.Result) []FitRow {
	var rows []FitRow
	for i, a := range r.After {
		row := FitRow{Want: fmt.Sprintf("%s %s in %g..%g", a.Metric, a.Stat, a.Lo, a.Hi), After: FormatMeasure(a), AfterPass: a.Pass, Line: a.Line}
		if i < len(r.Before) {
			row.Before, row.BeforePass = FormatMeasure(r.Before[i]), r.Before[i].Pass
		}
		row.After95 = a.Pass && a.CI95 != nil && a.CI95[0] >= a.Lo && a.CI95[1] <= a.Hi
		rows = append(rows, row)
	}
	return rows
}

var fitPlotOrder = []string{"convergence.png", "expectations.png"}

// fitImage is one plot of the page, embedded, with its caption.
type fitImage struct {
	Name, Caption string
	URI           template.URL
}

var fitTmpl = template.Must(template.New("fit").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>MoraleBreak fit: {{.R.Scenario}}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:980px;margin:2em auto;color:#222;padding:0 1em;line-height:1.45}
table{border-collapse:collapse;font-size:14px;margin:.5em 0}td,th{padding:3px 10px;border-bottom:1px solid #ddd;text-align:left}
td.num{text-align:right;font-variant-numeric:tabular-nums}img{max-width:100%;display:block;margin:1em 0}
.pass{color:#16a34a}.fail{color:#dc2626;font-weight:bold}.same{color:#888}code{background:#f3f3f3;padding:0 3px}
#status{font-size:1.1em;padding:.5em .8em;border-left:4px solid #888;background:#f7f7f7}
#status.met{border-color:#16a34a}#status.unmet{border-color:#dc2626}#status.unfinished{border-color:#d97706}
</style></head><body>
<h1>MoraleBreak fit: {{.R.Scenario}}</h1>
{{if .Description}}<p id="intent">{{.Description}}</p>{{end}}
<p id="status" class="{{.Status}}">{{.StatusText}}</p>
<h2>The intent</h2>
<ul id="expects">{{range .R.After}}<li><code>{{.Metric}}</code> {{.Stat}} in {{.Lo}}..{{.Hi}} (line {{.Line}})</li>{{else}}{{range .R.Before}}<li><code>{{.Metric}}</code> {{.Stat}} in {{.Lo}}..{{.Hi}} (line {{.Line}})</li>{{end}}{{end}}</ul>
<h2>Changes</h2>
<table id="changes"><tr><th>key</th><th>start → end</th><th>change</th><th>searched</th></tr>
{{range .Changes}}<tr{{if not .Changed}} class="same"{{end}}><td><code>{{.Key}}</code></td><td class="num">{{if .Changed}}{{.Start}} → {{.End}}{{else}}{{.Start}} (unchanged){{end}}</td><td class="num">{{.Relative}}</td><td class="num">{{.Range}}</td></tr>
{{end}}</table>
{{if .Rows}}<h2>Before and after</h2>
<p>Each expectation on {{.R.HeldOutRuns}} fights the search never used (runs 2<sup>63</sup> and up of seed {{.R.Seed}}), with the starting weights and with the result: the statistic and its 95% interval.</p>
<table id="verdicts"><tr><th>expectation</th><th>before</th><th>after</th><th>verdict</th></tr>
{{range .Rows}}<tr><td>{{.Want}} (line {{.Line}})</td><td class="num {{if .BeforePass}}pass{{else}}fail{{end}}">{{.Before}}</td><td class="num {{if .AfterPass}}pass{{else}}fail{{end}}">{{.After}}</td><td>{{if .AfterPass}}<span class="pass">PASS</span>{{if .After95}} (the whole interval inside){{end}}{{else}}<span class="fail">FAIL</span>{{end}}</td></tr>
{{end}}</table>{{end}}
{{if .R.Conflicts}}<h2>Expectations that pull against each other</h2><ul id="conflicts">{{range .R.Conflicts}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{if .R.Notes}}<h2>What happened</h2><ul id="notes">{{range .R.Notes}}<li>{{.}}</li>{{end}}</ul>{{end}}
<h2>Cost</h2>
<p id="cost">{{.R.Fights.Total}} fights of a budget of {{.R.Budget}}: {{.R.Fights.Search}} in the search ({{.R.Runs}} per candidate, {{.R.Population}} candidates per generation, {{.R.Restarts}} restarts of CMA-ES), {{.R.Fights.Refine}} re-measuring the best ({{.R.RefineRuns}} each), {{.R.Fights.Polish}} rounding and putting keys back, {{.R.Fights.HeldOut}} on new seeds. Seed {{.R.Seed}}; scenario <code>{{.R.ScenarioHash}}</code>, weights <code>{{.R.WeightsHash}}</code>.</p>
{{if .Command}}<p>Again: <code>{{.Command}}</code></p>{{end}}
<h2>Plots</h2>
{{range .Images}}<figure><img alt="{{.Name}}" src="{{.URI}}"><figcaption><code>{{.Name}}</code>: {{.Caption}}</figcaption></figure>
{{end}}
</body></html>
`))

// FitHTML renders a fit's self-contained page: the intent, the changes, every
// expectation before and after on the held-out fights with its interval, the
// conflicts and notes, the cost, and the plots embedded as data URIs.
func FitHTML(in FitInput) ([]byte, error) {
	r := in.Result
	data := struct {
		R                    *fit.Result
		Description, Command string
		Status, StatusText   string
		Changes              []FitChange
		Rows                 []FitRow
		Images               []fitImage
	}{R: r, Description: in.Description, Command: in.Command, Changes: FitChanges(r), Rows: FitRows(r)}
	data.Status, data.StatusText = FitStatus(r)
	captions := map[string]string{
		"convergence.png": fmt.Sprintf("the objective of each of the %d candidates measured, in order (%d fights each in the search, %d re-measured or polished, %d on new seeds), the best so far, and below it the best's distance from the start",
			len(r.Evaluations), r.Runs, r.RefineRuns, r.HeldOutRuns),
		"expectations.png": fmt.Sprintf("each expectation's range (green) and its statistic with the 95%% interval, before and after, on the same %d fights the search never used", r.HeldOutRuns),
	}
	for _, n := range fitPlotOrder {
		if png, ok := in.Plots[n]; ok {
			data.Images = append(data.Images, fitImage{Name: n, Caption: captions[n], URI: template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(png))})
		}
	}
	var b bytes.Buffer
	if err := fitTmpl.Execute(&b, data); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// FitStatus returns the fit's outcome as a class ("met", "unmet",
// "unfinished") and a sentence.
func FitStatus(r *fit.Result) (class, text string) {
	changed := 0
	for _, k := range r.Keys {
		if k.Changed() {
			changed++
		}
	}
	switch {
	case !r.Finished:
		return "unfinished", fmt.Sprintf("Unfinished: interrupted after %d fights. The weights are the best candidate so far (%d keys changed), not checked on new seeds.", r.Fights.Total, changed)
	case r.Met && changed == 0:
		return "met", fmt.Sprintf("Met with nothing to change: the starting weights meet every expectation on %d fights the search never used.", r.HeldOutRuns)
	case r.Met:
		return "met", fmt.Sprintf("Met: changing %d of %d keys, every expectation holds on %d fights the search never used.", changed, len(r.Keys), r.HeldOutRuns)
	}
	return "unmet", fmt.Sprintf("Not met: no candidate met every expectation on new fights. The weights are the closest found (%d keys changed); see what they miss and which expectations pull against each other.", changed)
}
