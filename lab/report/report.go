package report

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html/template"
	"sort"

	"github.com/moralebreak/moralebreak/lab"
)

// ReportInput is everything a report page shows.
type ReportInput struct {
	Title, Description string
	Summary            *lab.Summary
	// Plots maps file names (fan.png, …) to PNG bytes; they are embedded as
	// data URIs in a fixed order.
	Plots  map[string][]byte
	Checks []lab.Verdict
	// Notes are extra paragraphs (a sweep's or a sensitivity's findings).
	Notes []string
}

var plotOrder = []string{"fan.png", "survival.png", "first_rout.png", "cascade.png", "sweep.png", "tornado.png"}

var reportTmpl = template.Must(template.New("r").Funcs(template.FuncMap{"f": fmtPtr}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>MoraleBreak report: {{.Title}}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:980px;margin:2em auto;color:#222;padding:0 1em}
table{border-collapse:collapse;font-size:14px}td,th{padding:3px 8px;border-bottom:1px solid #ddd;text-align:right}
th:first-child,td:first-child{text-align:left}img{max-width:100%;display:block;margin:1em 0}
.pass{color:#16a34a}.fail{color:#dc2626;font-weight:bold}code{background:#f3f3f3;padding:0 3px}
</style></head><body>
<h1>MoraleBreak report: {{.Title}}</h1>
{{if .Description}}<p>{{.Description}}</p>{{end}}
{{with .Summary}}<p id="header">{{.Runs}} fights of {{.Duration}} s, seed {{.Seed}}; scenario <code>{{.ScenarioHash}}</code>, weights <code>{{.WeightsHash}}</code>, settings <code>{{.SettingsHash}}</code>.</p>{{end}}
{{range .Notes}}<p class="note">{{.}}</p>{{end}}
{{if .Checks}}<h2>Expectations</h2><ul id="checks">{{range .Checks}}<li class="{{if .Pass}}pass{{else}}fail{{end}}">{{.String}}</li>{{end}}</ul>{{end}}
{{if .Summary}}<h2>Metrics</h2>
<table id="metrics"><tr><th>metric</th><th>n</th><th>p10</th><th>p50</th><th>p90</th><th>mean</th><th>share [95% CI]</th></tr>
{{range .Summary.Stats}}<tr><td>{{.Name}}</td><td>{{.N}}</td><td>{{f .P10}}</td><td>{{f .P50}}</td><td>{{f .P90}}</td><td>{{f .Mean}}</td><td>{{printf "%.3f [%.3f, %.3f]" .Share .ShareLo .ShareHi}}</td></tr>
{{end}}</table>{{end}}
<h2>Plots</h2>
{{range .Images}}<figure><img alt="{{.Name}}" src="{{.URI}}"><figcaption>{{.Name}}</figcaption></figure>
{{end}}
</body></html>
`))

type reportImage struct {
	Name string
	URI  template.URL
}

// ReportHTML renders a self-contained HTML page: the summary's metrics, the
// verdicts and every plot embedded as a data URI, so the page can be attached
// to a design document and opened offline.
func ReportHTML(in ReportInput) ([]byte, error) {
	names := make([]string, 0, len(in.Plots))
	for n := range in.Plots {
		names = append(names, n)
	}
	rank := func(n string) int {
		for i, o := range plotOrder {
			if o == n {
				return i
			}
		}
		return len(plotOrder)
	}
	sort.Slice(names, func(i, j int) bool {
		if rank(names[i]) != rank(names[j]) {
			return rank(names[i]) < rank(names[j])
		}
		return names[i] < names[j]
	})
	var imgs []reportImage
	for _, n := range names {
		imgs = append(imgs, reportImage{Name: n, URI: template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(in.Plots[n]))})
	}
	var b bytes.Buffer
	data := struct {
		ReportInput
		Images []reportImage
	}{in, imgs}
	if err := reportTmpl.Execute(&b, data); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func fmtPtr(p *float64) string {
	if p == nil {
		return "–"
	}
	return fmt.Sprintf("%.3g", *p)
}
