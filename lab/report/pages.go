package report

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/moralebreak/moralebreak/internal/figures"
	"github.com/moralebreak/moralebreak/internal/words"
	"github.com/moralebreak/moralebreak/lab"
)

// Report is a rendered page and the figures it embeds, each of which a
// command also writes into its result folder under the figure's Name.
type Report struct {
	HTML    []byte
	Figures []Figure
}

// AddFigures adds r's figures to the result folder o, each under its Name.
func (r Report) AddFigures(o lab.Outputs) {
	for _, f := range r.Figures {
		o[f.Name] = lab.Bytes(f.PNG)
	}
}

// RunReport renders the page of a complete Monte-Carlo (run, merge, game):
// what was tested (every setting and weight changed from the defaults), the
// expectations' verdicts, per squad a table and fan charts, and over all men
// the metrics, the fan chart, the survival curve and two histograms, and in
// its foot the command that wrote sum (sum.Command). It depends on sum and
// runs alone, so a merged set of shards gives the same bytes as a single
// machine's run but for that command.
func RunReport(sum *lab.Summary, runs []lab.RunResult) (Report, error) {
	var figs []Figure
	add := func(name, caption string, png []byte, err error) error {
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		figs = append(figs, Figure{Name: name, Caption: caption, PNG: png})
		return nil
	}
	n := sum.Runs
	sampled := ""
	if len(sum.Squads) > len(sum.PerSquad) {
		sampled = fmt.Sprintf(" Only the first %d of the %d squads have their morale sampled.", len(sum.PerSquad), len(sum.Squads))
	}
	png, err := SquadFans(sum)
	if err := add("squads.png", fmt.Sprintf("Each squad's morale over time: the average morale of its living men, the line for the median fight and the band for the middle 80%% of the %s (10th to 90th percentile; fewer fights where the squad has nobody left alive). Dashed: ShakenBelow %.2f and PanicBelow %.2f; the grey band above each is the hysteresis (+%.2f) a man must climb back through. Each title says how often the squad broke (a man of it Panicked or Routed).%s",
		fights(n), sum.ShakenBelow, sum.PanicBelow, sum.Hysteresis, sampled), png, err); err != nil {
		return Report{}, err
	}
	png, err = UnbrokenChart(sum)
	if err := add("unbroken.png", fmt.Sprintf("For each squad, the share of the %s in which none of its men has broken yet (turned Panicked or Routed), over time: a line drops when that squad breaks, and how far it drops is how often.%s", fights(n), sampled), png, err); err != nil {
		return Report{}, err
	}
	png, err = FanChart(sum)
	if err := add("fan.png", fmt.Sprintf("The average morale of all living men over time: median and 10–90%% band over the %s, with the thresholds as above.", fights(n)), png, err); err != nil {
		return Report{}, err
	}
	png, err = SurvivalChart(sum)
	if err := add("survival.png", fmt.Sprintf("The share of the %s in which nobody has routed yet, over time.", fights(n)), png, err); err != nil {
		return Report{}, err
	}
	var first, cascade []float64
	for i := range runs {
		if runs[i].FirstRouted != nil {
			first = append(first, *runs[i].FirstRouted)
		}
		cascade = append(cascade, float64(runs[i].LargestCascade))
	}
	png, err = Histogram(fmt.Sprintf("time of the first rout (%d of %s had one)", len(first), fights(len(runs))), "seconds", first, 20)
	bins := "(about 20 bins of equal width)"
	if v, ok := oneValue(first); ok {
		bins = "(one bar: every one at " + lab.FormatNumber(v) + " s)"
	}
	if err := add("first_rout.png", fmt.Sprintf("When the first man routed, in the %d of the %s that had a rout %s.", len(first), fights(len(runs)), bins), png, err); err != nil {
		return Report{}, err
	}
	png, err = CountChart(fmt.Sprintf("largest rout cascade (%s)", fights(len(runs))), "men routed in one chain", cascade)
	each := "each of the " + fights(len(runs))
	if len(runs) == 1 {
		each = "the 1 fight"
	}
	if err := add("cascade.png", fmt.Sprintf("The largest chain of routs in %s (each rout within the scenario's cascade_window of the one before; 0: nobody routed).", each), png, err); err != nil {
		return Report{}, err
	}

	p := NewPage(sum.Scenario, sum.Description)
	p.Para(fmt.Sprintf("%s of %g s each (seed %d), %s; morale sampled every %g s.", fights(n), sum.Duration, sum.Seed, squadList(sum.Header), sum.Sample))
	p.Section("What was tested")
	p.Table(settingsTable(sum.Changed))
	if len(sum.Expects) > 0 {
		p.Section("Expectations")
		p.Table(verdictTable(sum.Verdicts(runs), n))
	}
	p.Section("Squads")
	p.Table(squadTable(sum))
	p.Figure(figs[0])
	p.Figure(figs[1])
	p.Section("All men")
	p.Table(metricsTable(sum))
	p.Figure(figs[2])
	p.Figure(figs[3])
	p.Figures(figs[4], figs[5])
	if t, ok := fightsTable(sum, runs); ok {
		p.Section("Fights to watch")
		p.Table(t)
	}
	footnotes(p, sum.Header, sum.Command)
	html, err := p.HTML()
	return Report{HTML: html, Figures: figs}, err
}

// SweepReport renders the page of a complete sweep: the swept keys and the
// settings changed from the defaults, the statistic at every point (a line
// or a heat map with numbers), how often each squad broke at every point,
// a table of the points and, in the foot, the command (when not "").
func SweepReport(r lab.SweepResult, command string) (Report, error) {
	var figs []Figure
	png, err := SweepChart(r)
	if err != nil {
		return Report{}, err
	}
	what := fmt.Sprintf("the %s of %s", r.Stat, r.Metric)
	over := fmt.Sprintf("over the %s of each point", fights(r.Runs))
	if m, ok := (lab.Header{Squads: r.Squads}).Metric(r.Metric); ok && m.Time && r.Stat != "share" {
		over = fmt.Sprintf("over the fights of each point (of %d) in which it happened", r.Runs)
		if r.Runs == 1 {
			over = "over the 1 fight of each point, where it happened"
		}
	}
	shape := "as a heat map, the first key across and the second up, its value in every cell (blue low, red high; grey: undefined)"
	if len(r.Keys) == 1 {
		shape = "at each value of " + r.Keys[0] + ", the dashed line at the scenario's own value"
		if r.Stat == "share" {
			shape += "; the band is its 95% Wilson interval"
		}
	}
	figs = append(figs, Figure{Name: "sweep.png", Caption: fmt.Sprintf("%s %s, %s.", capitalize(what), over, shape), PNG: png})
	png, err = SweepSquadsChart(r)
	if err != nil {
		return Report{}, err
	}
	sq := "one line per squad, with 95% Wilson intervals"
	if len(r.Keys) == 2 {
		sq = "one heat map per squad (the first six), the share in every cell"
	}
	figs = append(figs, Figure{Name: "sweep_squads.png", Caption: fmt.Sprintf("How often each squad broke (a man of it Panicked or Routed) at each point, over its %s: %s.", fights(r.Runs), sq), PNG: png})

	p := NewPage(r.Scenario+": sweep of "+strings.Join(r.Keys, " × "), r.Description)
	p.Para(fmt.Sprintf("%s, %s at each (seed %d) on the same seeds at every point (common random numbers): the differences between points come from the settings, not from luck. Plotted: %s.", count(r.Total, "point", "points"), fights(r.Runs), r.Seed, what))
	p.Section("What was tested")
	p.Table(sweptTable(r))
	p.Table(settingsTable(r.Changed))
	p.Section("Results")
	for _, f := range figs {
		p.Figure(f)
	}
	p.Table(pointsTable(r, over))
	p.Footnote(fmt.Sprintf("Scenario %s: contents %s; weights %s. The same inputs give this page byte for byte, on one machine or merged from shards, but for the command that made it.", r.Scenario, r.ScenarioHash, weightsName(r.WeightsHash)))
	madeBy(p, r.Tool, command)
	html, err := p.HTML()
	return Report{HTML: html, Figures: figs}, err
}

// SensitivityReport renders the page of a sensitivity: how each knob at
// ×0.9 and ×1.1 moves the statistic, with 95% paired intervals, the top n on
// a tornado chart, what −10% of a negative weight means, the baseline's
// squads and, in the footnotes, the command (when not "").
func SensitivityReport(r lab.SensitivityResult, top int, command string) (Report, error) {
	base := r.BaselineSummary
	tornado, err := TornadoChart(r, top)
	if err != nil {
		return Report{}, err
	}
	fans, err := SquadFans(&base)
	if err != nil {
		return Report{}, err
	}
	shown := min(top, len(r.Effects))
	figs := []Figure{
		{Name: "tornado.png", Caption: fmt.Sprintf("The %s whose nudges move the %s of %s the most (of %d), at the top those with a change beyond the noise, then the rest, each group by its larger change from the baseline; each labelled with its value. Orange: the change from the baseline at ×%g (−10%%); blue: at ×%g (+10%%). Whiskers: 95%% paired intervals over the %s; a bar whose whisker crosses zero is within the noise of the fights.",
			count(shown, "knob", "knobs"), r.Stat, r.Metric, len(r.Effects), lab.NudgeLow, lab.NudgeHigh, fights(r.Runs)), PNG: tornado},
		{Name: "squads.png", Caption: fmt.Sprintf("The baseline's squads: each squad's average morale of its living men, median and 10–90%% band over the %s, with ShakenBelow %.2f, PanicBelow %.2f and the hysteresis (+%.2f) above each.", fights(base.Runs), base.ShakenBelow, base.PanicBelow, base.Hysteresis), PNG: fans},
	}
	title := fmt.Sprintf("%s: sensitivity of the %s of %s", r.Scenario, r.Stat, r.Metric)
	p := NewPage(title, base.Description)
	bl := "undefined (no fight had it)"
	if r.Baseline != nil {
		bl = num(*r.Baseline)
	}
	p.Para(fmt.Sprintf("Every setting and every weight the scenario reports nudged to ×%g and to ×%g of its value, one at a time: %s at each nudge, on the baseline's seeds (seed %d), so that fight i differs from the baseline's fight i in that one knob only. The baseline's %s of %s is %s.", lab.NudgeLow, lab.NudgeHigh, fights(r.Runs), r.Seed, r.Stat, r.Metric, bl))
	p.Note(fmt.Sprintf("How to read −10%% and +10%%: each knob is multiplied by %g and by %g. A positive number goes down and up. A negative weight is bad news: ×%g shrinks it towards zero, milder news (AllyDown −0.18 → −0.162), and ×%g makes it harsher (−0.198). So a bar for a negative weight at −10%% shows what softening that blow does. The intervals are 95%% paired bootstrap intervals (%d resamples of the fights, the same resample on both sides); a change whose interval leaves out zero is beyond the noise.",
		lab.NudgeLow, lab.NudgeHigh, lab.NudgeLow, lab.NudgeHigh, r.Resamples))
	p.Section("What was tested")
	p.Table(settingsTable(base.Changed))
	p.Section("Effects")
	p.Figure(figs[0])
	p.Table(effectsTable(r))
	if n := r.UnreportedNote(); n != "" {
		p.Para(capitalize(n) + ".")
	}
	p.Section("The baseline's squads")
	p.Table(squadTable(&base))
	p.Figure(figs[1])
	footnotes(p, base.Header, command)
	html, err := p.HTML()
	return Report{HTML: html, Figures: figs}, err
}

// CompareReport renders the page of a comparison of settings A (from the
// file nameA) and B (nameB): the settings that differ, per metric the plain
// mean of each side beside the paired means over the fights where both had
// it, the shares, per squad how often it broke on each side with each
// side's fan chart and, in the footnotes, the command (when not "").
func CompareReport(r lab.CompareResult, nameA, nameB, command string) (Report, error) {
	fans, err := SquadFansAB(&r.A, &r.B)
	if err != nil {
		return Report{}, err
	}
	figs := []Figure{{Name: "squads.png", Caption: fmt.Sprintf("Each squad's morale over time under A (blue) and B (orange): the average morale of its living men, median and 10–90%% band over the %s of each side, with ShakenBelow, PanicBelow and the hysteresis band of A (%.2f, %.2f, +%.2f). Each title says how often the squad broke on each side.", fights(r.Runs), r.A.ShakenBelow, r.A.PanicBelow, r.A.Hysteresis), PNG: fans}}
	p := NewPage(fmt.Sprintf("%s: A compared with B", r.A.Scenario), r.A.Description)
	p.Para(fmt.Sprintf("A = %s, B = %s: %s each on the same seeds (seed %d), so that fight i of A and fight i of B differ only in the settings (paired).", nameA, nameB, fights(r.Runs), r.Seed))
	p.Section("What was tested")
	p.Table(settingsTableAB(r.A.Changed, r.B.Changed))
	p.Section("Metrics")
	p.Note("Mean A and mean B are plain means, each over the fights where that side had the metric: the means run reports for each file. A time such as first_rout_s exists only in the fights where it happened, so the two plain means can be over different fights. The paired columns use only the fights where both sides had it (their number is given), and B − A is their paired difference, with its 95% interval; for a count (broke, routed, …) every fight has it, and paired and plain agree. A metric differs when B − A, or the difference in how often it happened, is beyond 1.96 standard errors of the paired differences.")
	p.Table(compareTable(r))
	p.Section("Squads")
	p.Table(compareSquadTable(r))
	p.Figure(figs[0])
	p.Footnote(fmt.Sprintf("A: settings %s, weights %s. B: settings %s, weights %s.", r.A.SettingsHash, weightsName(r.A.WeightsHash), r.B.SettingsHash, weightsName(r.B.WeightsHash)))
	p.Footnote(fmt.Sprintf("Scenario %s: contents %s. The same inputs give this page byte for byte.", fileOr(r.A.Header), r.A.ScenarioHash))
	madeBy(p, r.A.Tool, command)
	html, err := p.HTML()
	return Report{HTML: html, Figures: figs}, err
}

// ---- tables ----

func settingsTable(changes []lab.SettingChange) Table {
	t := Table{ID: "settings", Caption: "Every setting and weight that differs from the defaults (morale.DefaultSettings: the design's table, as in the shipped weights.toml). An absent weight row is worth zero.",
		Head: []string{"setting", "default", "here"}}
	for _, c := range changes {
		t.Rows = append(t.Rows, Row{Cells: []string{c.Key, optAbsent(c.Base), optAbsent(c.Value)}})
	}
	if len(changes) == 0 {
		t.Rows = append(t.Rows, Row{Class: "dim", Cells: []string{"none: every setting and weight is at its default", "", ""}})
	}
	return t
}

func settingsTableAB(a, b []lab.SettingChange) Table {
	t := Table{ID: "settings", Caption: "Every setting and weight in which A or B differs from the defaults (morale.DefaultSettings: the design's table, as in the shipped weights.toml), with both sides' values. An absent weight row is worth zero.",
		Head: []string{"setting", "default", "A", "B", ""}}
	type vals struct{ def, a, b *float64 }
	var keys []string
	rows := map[string]*vals{}
	for i, cs := range [][]lab.SettingChange{a, b} {
		for _, c := range cs {
			v, ok := rows[c.Key]
			if !ok {
				v = &vals{def: c.Base, a: c.Base, b: c.Base}
				rows[c.Key] = v
				keys = append(keys, c.Key)
			}
			if i == 0 {
				v.a = c.Value
			} else {
				v.b = c.Value
			}
		}
	}
	for _, k := range keys {
		v := rows[k]
		same := ""
		if optAbsent(v.a) == optAbsent(v.b) {
			same = "A = B"
		}
		t.Rows = append(t.Rows, Row{Cells: []string{k, optAbsent(v.def), optAbsent(v.a), optAbsent(v.b), same}})
	}
	if len(keys) == 0 {
		t.Rows = append(t.Rows, Row{Class: "dim", Cells: []string{"none: both are the defaults", "", "", "", ""}})
	}
	return t
}

func verdictTable(vs []lab.Verdict, runs int) Table {
	pass := 0
	for _, v := range vs {
		if v.Pass {
			pass++
		}
	}
	t := Table{ID: "checks", Caption: fmt.Sprintf("The scenario's [[expect]] blocks, checked over the %s: %d of %d pass. In brackets, the statistic's 95%% interval (Wilson's for a share, the order statistics' for a percentile), rounded outward as check prints it, so that a bound is never overstated (the tables of estimates round to the nearest); n: the fights it is over (for a time, those where it happened).", fights(runs), pass, len(vs)),
		Text: 3, Head: []string{"", "where", "expectation", "want", "got", "n"}}
	for _, v := range vs {
		word, class := "PASS", "pass"
		if !v.Pass {
			word, class = "FAIL", "fail"
		}
		got := "undefined (no fight had it)"
		if v.Defined {
			got = num(v.Got)
			if math.IsInf(v.Got, 1) {
				got = "never" // a time that never came
			}
			if v.HasCI {
				got = lab.FormatEstimate(v.Got, v.Lo95, v.Hi95, "")
			}
		}
		n := strconv.Itoa(v.N)
		if v.Stat != "share" {
			n += fmt.Sprintf(" of %d", v.Runs)
		}
		t.Rows = append(t.Rows, Row{Class: class, Cells: []string{word, fmt.Sprintf("%s:%d", v.Scenario, v.Line), v.Name() + " " + v.Stat, lab.FormatExact(v.Lo) + " … " + lab.FormatExact(v.Hi), got, n}})
	}
	return t
}

// nearest says, in a caption, how a table of estimates rounds its
// intervals, and why an expectation's differ.
const nearest = "The intervals are rounded to the nearest, as estimates; an expectation's (as check prints it) is rounded outward, so that its bound is never overstated, and may end a digit further out."

func squadTable(sum *lab.Summary) Table {
	t := Table{ID: "squads", Caption: fmt.Sprintf("Per squad, over the %s. Broke: a man of the squad turned Panicked or Routed; first break: when, over the fights where it broke; routed: its men ever Routed. In brackets: 95%% Wilson intervals; p10–p90 for the time. %s", fights(sum.Runs), nearest),
		Head: []string{"squad", "men", "broke in", "first break, median (p10–p90)", "men routed, mean", "fights with a rout"}}
	for i, name := range sum.Squads {
		br, _ := sum.Stat("squad_broke." + name)
		fb, _ := sum.Stat("squad_first_break_s." + name)
		ro, _ := sum.Stat("squad_routed." + name)
		men := ""
		if i < len(sum.SquadMen) {
			men = strconv.Itoa(sum.SquadMen[i])
		}
		first := "never"
		if fb.N > 0 {
			first = fmt.Sprintf("%s s (%s–%s), %s", opt(fb.P50), opt(fb.P10), opt(fb.P90), fights(fb.N))
		}
		t.Rows = append(t.Rows, Row{Cells: []string{name, men, pctCI(br.Share, br.ShareLo, br.ShareHi), first, opt(ro.Mean), pctCI(ro.Share, ro.ShareLo, ro.ShareHi)}})
	}
	return t
}

func metricsTable(sum *lab.Summary) Table {
	t := Table{ID: "metrics", Caption: fmt.Sprintf("All men, over the %s. A time (…_s) is over the fights where it happened (n); a count is over every fight. Share: how often the time happened or the count was above zero, with its 95%% Wilson interval. %s The per-squad metrics (squad_broke.NAME, squad_first_break_s.NAME, squad_routed.NAME) are in the table above and in summary.json.", fights(sum.Runs), nearest),
		Text: 2, Head: []string{"metric", "what", "n", "p10", "p50", "p90", "mean", "share [95% CI]"}}
	for _, m := range sum.Header.Metrics() {
		if strings.HasPrefix(m.Name, "squad_") {
			continue
		}
		st, ok := sum.Stat(m.Name)
		if !ok {
			continue
		}
		t.Rows = append(t.Rows, Row{Cells: []string{m.Name, m.Doc, strconv.Itoa(st.N), opt(st.P10), opt(st.P50), opt(st.P90), opt(st.Mean), pctCI(st.Share, st.ShareLo, st.ShareHi)}})
	}
	return t
}

func sweptTable(r lab.SweepResult) Table {
	t := Table{ID: "swept", Caption: "The swept keys: each point sets them to one combination of these values, everything else as in the scenario.",
		Head: []string{"key", "the scenario's value", "swept over", "values"}}
	for i, k := range r.Keys {
		b := newBounds()
		var vals []float64
		for _, pt := range points(r) {
			v := pt.Values[i]
			b.add(v)
			if !slices.Contains(vals, v) {
				vals = append(vals, v)
			}
		}
		base := ""
		if i < len(r.BaseValues) {
			base = num(r.BaseValues[i])
		}
		over := ""
		if b.ok() {
			over = fmt.Sprintf("%s … %s", lab.FormatSweepValue(b.lo), lab.FormatSweepValue(b.hi))
		}
		t.Rows = append(t.Rows, Row{Cells: []string{k, base, over, strconv.Itoa(len(vals))}})
	}
	return t
}

func pointsTable(r lab.SweepResult, over string) Table {
	share := r.Stat == "share"
	head := append([]string{}, r.Keys...)
	if !share {
		head = append(head, fmt.Sprintf("%s of %s", r.Stat, r.Metric), "n")
	}
	head = append(head, "share [95% CI]")
	for _, s := range r.Squads {
		head = append(head, s+" broke")
	}
	caption := fmt.Sprintf("Every point: how often %s happened (share, with its 95%% Wilson interval) and how often each squad broke, over the point's %s.", r.Metric, fights(r.Runs))
	if !share {
		caption = fmt.Sprintf("Every point: the %s of %s %s (n: how many), how often it happened (share, with its 95%% Wilson interval) and how often each squad broke, over the point's %s.", r.Stat, r.Metric, over, fights(r.Runs))
	}
	t := Table{ID: "points", Caption: caption, Head: head}
	for _, pt := range points(r) {
		var cells []string
		for _, v := range pt.Values {
			cells = append(cells, lab.FormatSweepValue(v)) // as run's table of points
		}
		if !share {
			cells = append(cells, opt(pt.Value), strconv.Itoa(pt.N))
		}
		cells = append(cells, pctCI(pt.Share, pt.Lo, pt.Hi))
		for i := range r.Squads {
			c := "–"
			if i < len(pt.SquadBroke) && r.Runs > 0 {
				c = pct1(float64(pt.SquadBroke[i]) / float64(r.Runs))
			}
			cells = append(cells, c)
		}
		t.Rows = append(t.Rows, Row{Cells: cells})
	}
	return t
}

func effectsTable(r lab.SensitivityResult) Table {
	t := Table{ID: "effects", Caption: fmt.Sprintf("Every knob, ranked as the chart (a change beyond the noise first, then by the larger of its two changes from the baseline) by how it moves the %s of %s: its value, the value at ×%g and the change it makes from the baseline, the same at ×%g, each change over %s with its 95%% paired interval. Dimmed: both changes within the noise, or the knob is zero and cannot be nudged. sensitivity.json holds the values themselves.", r.Stat, r.Metric, lab.NudgeLow, lab.NudgeHigh, fights(r.Runs)),
		Head: []string{"knob", "value", "×0.9", "change [95%]", "×1.1", "change [95%]"}}
	for _, e := range r.Effects {
		class := "dim"
		if e.Beyond() {
			class = ""
		}
		side := func(v float64, d *lab.PairedDiff, invalid bool) []string {
			switch {
			case e.Base == 0:
				return []string{"0", "not nudged"}
			case invalid:
				return []string{num(v), "invalid settings"}
			}
			return []string{num(v), diffCI(d)}
		}
		cells := []string{e.Key, num(e.Base)}
		cells = append(cells, side(e.LowValue, e.LowDiff, e.LowInvalid)...)
		cells = append(cells, side(e.HighValue, e.HighDiff, e.HighInvalid)...)
		t.Rows = append(t.Rows, Row{Class: class, Cells: cells})
	}
	return t
}

func compareTable(r lab.CompareResult) Table {
	t := Table{ID: "compare", Caption: fmt.Sprintf("Every metric over the %s of each side. In brackets: how many fights each mean is over. Paired means: over the fights where both sides had the metric only. Happened: how often it happened (a time) or was above zero (a count). Dimmed: the same within the noise of the fights, or it never happened in either; the others differ.", fights(r.Runs)),
		Head: []string{"metric", "mean A (fights)", "mean B (fights)", "paired means A → B (fights)", "B − A [95%]", "happened A → B"}}
	for _, d := range r.Diffs {
		mean := func(p *float64, n int) string {
			if p == nil {
				return "– (0)"
			}
			return fmt.Sprintf("%s (%d)", num(*p), n)
		}
		paired, diff := "– (0)", "–"
		if d.N > 0 {
			paired = fmt.Sprintf("%s → %s (%d)", num(d.PairedA), num(d.PairedB), d.N)
			diff = lab.PairedDiff{Diff: d.Diff, Lo: d.Lo95, Hi: d.Hi95}.String()
		}
		class := "dim"
		if d.Differs {
			class = ""
		}
		if d.Never() {
			diff = "never happened in either"
		}
		t.Rows = append(t.Rows, Row{Class: class, Cells: []string{d.Metric, mean(d.MeanA, d.NA), mean(d.MeanB, d.NB), paired, diff, pct1(d.ShareA) + " → " + pct1(d.ShareB)}})
	}
	return t
}

func compareSquadTable(r lab.CompareResult) Table {
	t := Table{ID: "squads", Caption: fmt.Sprintf("Per squad, over the %s of each side: how often it broke (a man of it Panicked or Routed) with 95%% Wilson intervals, the paired change with its 95%% interval, and the median time of its first break over the fights where it broke.", fights(r.Runs)),
		Head: []string{"squad", "men", "broke in, A", "broke in, B", "B − A [95%]", "first break A", "first break B"}}
	diffs := map[string]lab.Difference{}
	for _, d := range r.Diffs {
		diffs[d.Metric] = d
	}
	for i, name := range r.A.Squads {
		ba, _ := r.A.Stat("squad_broke." + name)
		bb, _ := r.B.Stat("squad_broke." + name)
		fa, _ := r.A.Stat("squad_first_break_s." + name)
		fb, _ := r.B.Stat("squad_first_break_s." + name)
		d := diffs["squad_broke."+name]
		ch := d.ShareB - d.ShareA
		men := ""
		if i < len(r.A.SquadMen) {
			men = strconv.Itoa(r.A.SquadMen[i])
		}
		first := func(s lab.Stat) string {
			if s.N == 0 {
				return "never"
			}
			return fmt.Sprintf("%s s (%s)", opt(s.P50), fights(s.N))
		}
		t.Rows = append(t.Rows, Row{Cells: []string{name, men, pctCI(ba.Share, ba.ShareLo, ba.ShareHi), pctCI(bb.Share, bb.ShareLo, bb.ShareHi),
			fmt.Sprintf("%s points [%s, %s]", pointsChange(ch), pointsChange(d.ShareLo95), pointsChange(d.ShareHi95)), first(fa), first(fb)}})
	}
	return t
}

// footnotes adds the hashes that identify a Monte-Carlo's inputs exactly,
// the tool that ran it and, when not "", the command that made the page.
func footnotes(p *Page, h lab.Header, command string) {
	p.Footnote(fmt.Sprintf("Scenario %s: contents %s; weights %s; settings %s. These hashes identify the inputs exactly; the table of settings above says in words what differs from the defaults.", fileOr(h), h.ScenarioHash, weightsName(h.WeightsHash), h.SettingsHash))
	p.Footnote("The same inputs give this page byte for byte, on one machine or merged from shards, but for the command that made it.")
	madeBy(p, h.Tool, command)
}

// madeBy adds the page's provenance to its foot: the moralesim that made it
// (none from a build without version control, such as a test) and, when not
// "", the command as typed. A page a merge makes too (run, sweep) names
// the merge's command: the two pages differ in that line alone.
func madeBy(p *Page, t lab.Tool, command string) {
	if s := t.String(); s != "" {
		p.Footnote("Made with " + s + ".")
	}
	if command != "" {
		p.MadeBy(command)
	}
}

// ---- formatting ----

// num is a time, a count or a metric's value as the page prints one: the
// lab's rule (lab.FormatNumber), as moralesim's text output prints it.
func num(v float64) string { return lab.FormatNumber(v) }

func opt(p *float64) string {
	if p == nil {
		return "–"
	}
	return num(*p)
}

func optAbsent(p *float64) string {
	if p == nil {
		return "absent"
	}
	return lab.FormatExact(*p) // as typed, without an exponent
}

// pct1 writes a share in per cent with one decimal, and one that is
// neither 0 nor 1 never as 0 or 100% ("<0.1%", ">99.9%": figures.Percent,
// the rule of figures.Fraction that stdout's tables keep).
func pct1(share float64) string { return figures.Percent(share, 1) + "%" }

// pctCI is pct1 with its interval: "52.0% [49.1–54.9]", "<0.1% [<0.1–0.1]".
func pctCI(share, lo, hi float64) string {
	return fmt.Sprintf("%s%% [%s–%s]", figures.Percent(share, 1), figures.Percent(lo, 1), figures.Percent(hi, 1))
}

// pointsChange prints a change of a share in points (0.012 is "+1.2"),
// signed, with one decimal, and one that prints as no change as "0", as
// lab.PairedDiff.String prints a change: neither "+0.0" nor "-0.0"
// (figures.Signed).
func pointsChange(change float64) string {
	return figures.Signed(change, strconv.FormatFloat(100*change, 'f', 1, 64))
}

func diffCI(d *lab.PairedDiff) string {
	if d == nil {
		return "–"
	}
	return d.String()
}

func squadList(h lab.Header) string {
	var parts []string
	for i, s := range h.Squads {
		if i == 8 {
			parts = append(parts, fmt.Sprintf("and %d more", len(h.Squads)-8))
			break
		}
		if i < len(h.SquadMen) {
			s = fmt.Sprintf("%s (%s)", s, men(h.SquadMen[i]))
		}
		parts = append(parts, s)
	}
	word := fmt.Sprintf("%d squads", len(h.Squads))
	if len(h.Squads) == 1 {
		word = "one squad"
	}
	return word + ": " + strings.Join(parts, ", ")
}

func weightsName(hash string) string {
	if hash == "default" {
		return "the defaults"
	}
	return "file " + hash
}

func fileOr(h lab.Header) string {
	if h.File != "" {
		return h.File
	}
	return h.Scenario
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// fights is "1 fight" or "N fights", for the captions: never "1 fights".
func fights(n int) string { return lab.Plural(n, "fight") }

// men is "1 man" or "N men": a squad of one was "1 men".
func men(n int) string { return count(n, "man", "men") }

// count is n with one, or with many when n is not 1 (words.Count): plot
// titles and captions never say "1 fights" nor "1 knobs".
func count(n int, one, many string) string { return words.Count(n, one, many) }
