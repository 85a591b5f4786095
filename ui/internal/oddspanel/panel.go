package oddspanel

import (
	"context"
	"fmt"
	"image"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/internal/figures"
	"github.com/moralebreak/moralebreak/internal/odds"
	"github.com/moralebreak/moralebreak/internal/textfit"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui/published"
)

// In the browser (a counter without a goroutine of its own) the odds are
// counted in slices: each Update may spend oddsShare of the time since the
// last slice ended, at least oddsSliceMin and at most oddsSliceMax: about 4
// ms a frame at 60 frames a second, never more than a quarter of the
// thread however many ticks a slow frame runs.
const (
	oddsShare    = 0.25
	oddsSliceMin = 2 * time.Millisecond
	oddsSliceMax = 25 * time.Millisecond
)

// Counter counts the odds of the live settings for the odds panel:
// cmd/demo fills it from the balance lab (ui does not import lab; it
// names this interface ui.OddsCounter). Set
// says which settings to count and the baseline their changes are
// measured from (hasBase false: none); Report is the latest numbers, over
// the fights counted so far; Poll counts up to n fights on the caller's
// goroutine where the counter has none of its own (the browser) and
// reports whether fights remain; Wait blocks until the settings of the
// last Set are counted to the end, or ctx is done; Close stops the count.
// Its methods are safe for concurrent use.
type Counter interface {
	Set(s, base morale.Settings, hasBase bool) error
	Report() odds.Odds
	Poll(n int) bool
	Wait(ctx context.Context) error
	Close()
}

// Timed is a Counter that knows its scenario's duration in seconds
// (cmd/demo's: the lab scenario's), the latest time a first rout may come:
// the panel sizes its columns for it from the start (New), so that they
// stay where they were first drawn when the counted numbers arrive.
// Without it the panel learns the duration from the first counted report
// (its histogram), and its columns may move once then.
type Timed interface {
	Duration() float64
}

// Panel is the tuner's odds panel: for the live settings, how often
// the squads break, how often each named man routs, when the first man
// routs (median and 10–90%), how often men break again, each with its 95%
// interval, and a histogram of the first rout, over OddsRuns fights of
// a lab scenario (the demo's opening unless the demo says another; fewer
// for a scenario of big fights, OddsRunsFor); and,
// once an edit has been counted, what it changed from the settings before
// it (the same fights: common random numbers) and whether beyond the
// noise. It counts on a goroutine of its own in native builds, never
// holding up the game's; in the browser it counts in slices of a few
// milliseconds per frame (oddsShare) and says how many fights are counted
// so far.
//
// Its owner gives it a slot of its own (the App: in the tuner's panel),
// Heights high: Update changes only its own state, Draw only draws.
type Panel struct {
	tr   Counter
	last morale.Settings // the settings last Set
	has  bool
	// base is the baseline, the settings before the edit under way (a
	// whole drag, from its press to its release, is one edit); hasBase
	// false before the first edit. held: a drag is under way, base stays.
	base          morale.Settings
	hasBase, held bool
	report        odds.Odds // as of the last Update
	view          oddsView  // report, laid out as text
	perFight      time.Duration
	sliced        time.Time // when the last slice ended

	title, small, bold text.Face
	m                  oddsMetrics // the geometry for those faces
	// cw are the widest cells in those faces, for a scenario whose first
	// rout's times have up to cwDigits figures before the point
	// (timeDigits): measured in New, and again only when a report says
	// its scenario's times reach further (take).
	cw        cellWidths
	cwDigits  int
	smallSize float64       // the small face's size (an en is half of it), for measureCells
	labels    []string      // the rows' labels cw.rows was measured for (measureLabels)
	duration  float64       // the scenario's, from a Timed counter (0: unknown)
	img       *ebiten.Image // the panel as last drawn, for key
	key       oddsKey
}

// oddsKey is what the panel's picture depends on.
type oddsKey struct {
	w, h             int
	runs             int
	hash, ref, error string
}

// New returns the odds panel of the counter c (cmd/demo's, of a lab
// scenario), drawn with a's fonts (nil: it lays out but draws nothing).
// Close stops c.
func New(c Counter, a *assets.Assets) *Panel {
	p := &Panel{tr: c, m: newOddsMetrics(1), cw: cellWidths{en: oddsGap}}
	if t, ok := c.(Timed); ok {
		p.duration = t.Duration()
	}
	if a != nil {
		small := a.Face(oddsFace)
		p.title, p.small, p.bold = a.BoldFace(12), small, a.BoldFace(oddsFace)
		p.m = newOddsMetrics(small.Size / oddsFace)
		p.cwDigits = timeDigits(p.duration)
		p.smallSize = small.Size
		p.cw = measureCells(p.small, p.bold, p.smallSize, p.cwDigits)
	}
	return p
}

// take takes o as the report the panel shows and publishes, and measures
// the widest cells again when o's scenario's times have more figures than
// they were measured for: a fight of 120 s may show "120.0 s
// [110.2–120.0]", one of an hour "3600 s [3599–3600]", wider than the
// opening's "20.0 s [19.5–20.5]", and cut so, "120.0 s…", the median lost
// its interval. The scenario is the same for the panel's life, so this
// measures once, and not at all for a Timed counter's, measured in New
// for its duration: the columns do not move when the first counted report
// follows the first report, which has no histogram.
func (p *Panel) take(o odds.Odds) {
	p.report = o
	p.view = layOdds(o)
	if d := timeDigits(latestTime(o, p.duration)); d > p.cwDigits && p.small != nil {
		p.cwDigits = d
		rows := p.cw.rows
		p.cw = measureCells(p.small, p.bold, p.smallSize, d)
		p.cw.rows = rows
	}
	p.measureLabels()
}

// measureLabels measures the widest label of the view's rows that have no
// short form (cellWidths.rows) when those labels are not the ones it
// measured last: a scenario's squads and men are the same for the
// panel's life, so this measures once, and the columns do not move when
// the numbers change.
func (p *Panel) measureLabels() {
	if p.small == nil {
		return
	}
	n, same := 0, true
	for _, r := range p.view.rows {
		if r.short == "" {
			same = same && n < len(p.labels) && p.labels[n] == r.label
			n++
		}
	}
	if same && n == len(p.labels) {
		return
	}
	p.labels, p.cw.rows = p.labels[:0], 0
	for _, r := range p.view.rows {
		if r.short == "" {
			p.labels = append(p.labels, r.label)
			p.cw.rows = max(p.cw.rows, textfit.Width(r.label, p.small))
		}
	}
}

// latestTime is the latest time of the first rout o's scenario allows:
// its duration when known (> 0), else as far as o tells, the end of its
// histogram, which spans the scenario's duration in whole bins
// (odds.OddsHistogram); or any time o shows beyond it (the shift of the
// first rout is at most as long).
func latestTime(o odds.Odds, duration float64) float64 {
	t := duration
	if t <= 0 {
		t = o.Histogram.Bin * float64(len(o.Histogram.Counts))
	}
	f := o.FirstRout
	for _, v := range []*float64{f.P10, f.P50, f.P90, f.P50Lo, f.P50Hi} {
		if v != nil {
			t = max(t, *v)
		}
	}
	if c := f.TimeChange; c != nil {
		t = max(t, math.Abs(c.Diff))
	}
	return t
}

// Update starts counting the odds of the settings s when they changed (the
// count under way stops), measured from the settings before the edit: the
// settings before the change, or while dragging (a drag under way: the
// tuner's handle is held) the settings before the drag's first change,
// kept until the release. It counts a slice of them in the browser, and
// takes the latest report for Draw and the published state.
func (p *Panel) Update(s morale.Settings, dragging bool) {
	if !p.has || !s.Equal(p.last) {
		if p.has && !p.held { // a new edit: measured from before it
			p.base, p.hasBase = p.last, true
		}
		p.last, p.has = s.Clone(), true
		p.held = dragging
		_ = p.tr.Set(s, p.base, p.hasBase) // an error shows in the report; the tuner goes on
	} else if !dragging {
		p.held = false // released: the next change is a new edit
	}
	p.slice() // counts nothing for a counter with a goroutine of its own
	p.take(p.tr.Report())
}

// slice counts fights for its share of the time since the last slice, in
// as many as the last slices' cost says fit. The clock decides only how
// many fights a slice counts, never what they give.
func (p *Panel) slice() {
	start := time.Now()
	budget := oddsSliceMax
	if !p.sliced.IsZero() {
		budget = min(oddsSliceMax, max(oddsSliceMin, time.Duration(oddsShare*float64(start.Sub(p.sliced)))))
	}
	n := 1
	if p.perFight > 0 {
		n = max(1, int(budget/p.perFight))
	}
	more := p.tr.Poll(n)
	p.sliced = time.Now()
	if !more {
		return
	}
	d := p.sliced.Sub(start) / time.Duration(n)
	if p.perFight == 0 {
		p.perFight = d
	} else {
		p.perFight = (3*p.perFight + d) / 4
	}
}

// Wait blocks until the odds of the settings last Set are counted to the
// end (or ctx is done), and takes them as the report: a screenshot shows
// the same numbers every run.
func (p *Panel) Wait(ctx context.Context) error {
	if err := p.tr.Wait(ctx); err != nil {
		return err
	}
	p.take(p.tr.Report())
	return nil
}

// Close stops the count under way.
func (p *Panel) Close() { p.tr.Close() }

// oddsView is the panel's text: a title, a status line, the rows and the
// histogram's caption.
type oddsView struct {
	title, status string
	// statusShort is the status without the lab's command ("fights
	// 0–999 · was: before the edit"), for a panel too narrow for it whole
	// (fitStatus); "" when the status has no such part.
	statusShort string
	rows        []oddsLine
	named       int // how many of rows are of squads and men (the first)
	more        int // squads and men left out for room
	histCaption string
}

// oddsLine is one row: its label, the share now with its interval, the
// reference's, and the change (mark: ▲ ▼ beyond the noise, ≈ within it).
// short is its label in the narrow layout, where it has one of its own
// (the first rout's two rows; Panel.columns).
type oddsLine struct {
	label, short, now, before, change string
	beyond                            bool
}

// oddsRowsShown is how many rows of squads and men the panel has room
// for; when there are more, the last of them says how many are left out.
const oddsRowsShown = 6

// The labels of the first rout's two rows, the widest the panel always
// shows, their short forms, which hang under "a man routs" where the full
// ones leave the numbers no room (the narrow layout, Panel.columns), and
// its median's "before", as wide as "was 100%": their columns are as wide
// as they need (Panel.columns).
const (
	firstRoutMedian      = "first rout, median"
	firstRoutSpread      = "first rout, 10–90%"
	firstRoutMedianShort = "median"
	firstRoutSpreadShort = "10–90%"
	firstRoutFolded      = "first rout" // the median's label on the folded line where the whole one leaves its numbers no room
	meanShift            = "mean shift"
)

// layOdds lays o out as the panel's text.
func layOdds(o odds.Odds) oddsView {
	// the lab's own fights of its scenario, not the battle on screen:
	// the title says so, as a what-if's banner beside it is of the screen
	v := oddsView{title: fmt.Sprintf("Odds · lab's %s, not this battle · %d fights", o.Scenario, o.Total)}
	note := ""
	if o.Reference != nil && o.Reference.Runs > 0 {
		note = " · was: before the edit"
	}
	switch {
	case o.Error != "":
		v.status = "cannot count: " + o.Error + note
	case o.Runs < o.Total:
		v.status = fmt.Sprintf("counting… %d of %d fights", o.Runs, o.Total) + note
	default:
		v.status = fmt.Sprintf("fights 0–%d of moralesim run -seed 1", o.Runs-1) + note
		v.statusShort = fmt.Sprintf("fights 0–%d", o.Runs-1) + note
	}
	var rows []oddsLine
	for _, r := range o.Squads {
		rows = append(rows, shareLine(r.Name+" breaks", r, o.Runs))
	}
	for _, r := range o.Men {
		rows = append(rows, shareLine(r.Name+" routs", r, o.Runs))
	}
	if len(rows) > oddsRowsShown {
		keep := oddsRowsShown - 1 // the last place says how many more
		v.more = len(rows) - keep
		rows = rows[:keep]
	}
	v.named = len(rows)
	rows = append(rows, shareLine("re-breaks", o.Rebreaks, o.Runs))
	fr := shareLine("a man routs", o.FirstRout.OddsRow, o.Runs)
	rows = append(rows, fr)
	t := oddsLine{label: firstRoutMedian, short: firstRoutMedianShort}
	spread := oddsLine{label: firstRoutSpread, short: firstRoutSpreadShort}
	if f := o.FirstRout; f.P50 != nil {
		m := times(*f.P50, *f.P50Lo, *f.P50Hi)
		t.now = fmt.Sprintf("%s s [%s–%s]", m[0], m[1], m[2])
		s := times(*f.P10, *f.P90)
		spread.now = fmt.Sprintf("%s–%s s", s[0], s[1])
		if c := f.TimeChange; c != nil {
			t.before = meanShift // over the fights with a rout both times
			t.change = secs(c.Diff) + " " + mark(c)
			t.beyond = c.Beyond
		}
	} else if o.Runs == 0 {
		t.now, spread.now = "counting…", ""
	} else if o.Runs < o.Total {
		t.now, spread.now = "none yet", "—"
	} else {
		t.now, spread.now = "never", "—"
	}
	rows = append(rows, t, spread)
	v.rows = rows
	v.histCaption = "first rout, " + fmtSeconds(o.Histogram.Bin) + " bins" // as its axis writes times
	if o.Histogram.Ref != nil {
		v.histCaption += " · outline: before the edit"
	}
	return v
}

// shareLine is a row of a share: "64% [58–70]", the reference's "was
// 100%" and its change "−36 ▼"; "counting…" before any fight is counted
// (runs 0), when there is no share to show yet.
func shareLine(label string, r odds.OddsRow, runs int) oddsLine {
	if runs == 0 {
		return oddsLine{label: label, now: "counting…"}
	}
	l := oddsLine{label: label, now: fmt.Sprintf("%s [%s–%s]", pct(r.Share), pctN(r.Lo), pctN(r.Hi))}
	if c := r.Change; c != nil && c.N > 0 {
		l.before = "was " + pct(c.From)
		l.change = pts(r.Share, c.From, c.Diff) + " " + mark(c)
		if c.Diff == 0 && !c.Beyond {
			l.change = "="
		}
		l.beyond = c.Beyond
	}
	return l
}

// pts is the change from the share from to now in points, as a reader
// gets it from the two shares shown: the difference of their whole
// percents ("23% … was 19% +4 pts", though 22.73 − 19.27 is 3.46), so
// that a row never contradicts itself; "+<1" or "-<1" when the shown
// shares are equal but the shares are not (diff, the paired difference,
// gives the sign). A whole percent is rounded as pct writes it, half to
// even (figures.Percent, by strconv: 0.905 reads "90%"), so by
// math.RoundToEven, which rounds a float's exact value as strconv does.
func pts(now, from, diff float64) string {
	return shownChange(math.RoundToEven(100*now)-math.RoundToEven(100*from), diff, "%+.0f pts", "1 pts")
}

// secs is a shift of the first rout in seconds, to a tenth (whole from
// 1000 s, as times reads them), as pts gives points: "+<0.1 s" or "-<0.1
// s" for one that rounds to 0.0 but is not (where %+.1f printed "-0.0 s"
// for −0.04), "+0.0 s" for none.
func secs(diff float64) string {
	if wholeSeconds(diff) {
		return fmt.Sprintf("%+.0f s", math.Round(diff)) // as times rounds: -1234.5 is -1235
	}
	return shownChange(math.Round(10*diff)/10, diff, "%+.1f s", "0.1 s")
}

// times writes the first rout's times vs, in seconds, for one cell: to a
// tenth, as the demo's clock, timeline and Why panel write times ("220.8"),
// but all whole when the largest reads 1000 s or more ("1176", where the
// lab's four figures end too: moralesim prints a median of 1175.8 s as
// 1176), so that a cell never mixes the two and an hour's fight needs no
// wider a cell than "999.9 s [999.9–999.9]".
func times(vs ...float64) []string {
	whole := false
	for _, v := range vs {
		whole = whole || wholeSeconds(v)
	}
	out := make([]string, len(vs))
	for i, v := range vs {
		if whole {
			out[i] = strconv.FormatFloat(math.Round(v), 'f', 0, 64)
		} else {
			out[i] = strconv.FormatFloat(v, 'f', 1, 64)
		}
	}
	return out
}

// wholeSeconds reports whether a time (or a shift) of v seconds is written
// whole: when it reads 1000 s or more to the lab's four figures (which
// from 100 s are its tenths), by the lab's own rule, figures.Whole, so
// that the panel and moralesim switch to whole seconds at the same time.
func wholeSeconds(v float64) bool { return figures.Whole(v, 4) }

// timeDigits is how many figures a time of up to t seconds has before the
// point as times writes it, at least 2 (the opening's "20.0 s").
func timeDigits(t float64) int {
	return max(2, len(strconv.FormatFloat(math.Round(math.Abs(t)), 'f', 0, 64)))
}

// shownChange is a change as a row shows it, rounded to shown and written
// with format, signed; when it rounds to nothing but diff, the change
// itself, is not 0, "+<" or "-<" and least (the smallest change format
// shows, with its unit) as diff's sign says.
func shownChange(shown, diff float64, format, least string) string {
	switch {
	case shown != 0:
		return fmt.Sprintf(format, shown)
	case diff > 0:
		return "+<" + least
	case diff < 0:
		return "-<" + least
	}
	return fmt.Sprintf(format, 0.0)
}

// mark is ▲ or ▼ for a change beyond the noise, ≈ for one within it.
func mark(c *odds.OddsChange) string {
	switch {
	case !c.Beyond:
		return "≈"
	case c.Diff > 0:
		return "▲"
	}
	return "▼"
}

// pct is a share in whole percent: "64%".
func pct(v float64) string { return pctN(v) + "%" }

// pctN is a share in whole percent without the sign, "<1" and ">99" for
// the shares rounding would show as 0 or 100 though they are not (199 of
// 200, 99.5%, read 100).
func pctN(v float64) string { return figures.Percent(v, 0) }

// lines is the view as plain text, one line a row, for the published state.
func (v oddsView) lines() []string {
	out := []string{v.title, v.status}
	for _, r := range v.rows {
		out = append(out, strings.TrimSpace(strings.Join([]string{r.label + ":", r.now, r.before, r.change}, " ")))
	}
	if v.more > 0 {
		out = append(out, fmt.Sprintf("… and %d more", v.more))
	}
	return out
}

// Published returns the panel's part of the published state, drawn in r
// (folded: to its title and a line).
func (p *Panel) Published(r image.Rectangle, folded bool) *published.Odds {
	return &published.Odds{Odds: p.report, Lines: p.view.lines(), Rect: published.RectOf(r), Folded: folded}
}

// Report is the latest report, as of the last Update (or Wait).
func (p *Panel) Report() odds.Odds { return p.report }

// Faces are the faces the panel draws with: its title's, its text's and
// its numbers' (nil without assets).
func (p *Panel) Faces() (title, small, bold text.Face) { return p.title, p.small, p.bold }

// Heights are the panel's heights, in logical pixels, for its faces: open
// (its title, status line, rows and histogram), folded (its title and a
// line), and its head, the part of it a click on which folds or unfolds
// it, like a drawer's handle.
func (p *Panel) Heights() (open, folded, head int) { return p.m.open, p.m.foldedH, p.m.headH }
