package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/figures"
	"github.com/moralebreak/moralebreak/internal/textfit"
	"github.com/moralebreak/moralebreak/morale"
)

// The inspector's "Why" panel and the timeline's tooltip.

// Why panel layout, in pixels.
const (
	WhyPanelW    = 440 // the panel's width
	whyPad       = 10
	whyLine      = 15 // a line of smallFace
	whyTitleLine = 18
	whyLabelW    = 118 // the cause labels' column, at least (whyLabelCol)
	whyLabelGap  = 6   // between a cause's label and its track
	whyLabelMax  = 0.4 // the most of the panel's inner width the labels take
	whyNumW      = 52  // the numbers' column (whyNumCol: wider for a long number)
	whyNumGap    = 8   // at least between the track and a number
	whyMaxLines  = 9   // of the sentence
	whyMaxBars   = 8
	whyMaxStates = 5 // state changes shown: the first and the latest
	whyStateRows = 3 // lines a state change may wrap to
	// WhyCloseSize is the side of the panel's close box, at its top-right
	// corner (MoveWhy returns it).
	WhyCloseSize = 20
	// whyRefresh is how many frames a squad's panel keeps its content
	// while the squad's numbers stay the same. Rebuilding a panel every
	// frame costs the frame (wrapping and redrawing ~40 lines of text:
	// 0.8 ms of CPU a draw became 2.6 to 3.9 ms in the opening under
	// Xvfb, -tpslog), so a soldier's is rebuilt only when what it shows
	// changed (whyInputs, with the time since his last bad news in tenths),
	// and a squad's when its numbers changed, and else twice a second.
	whyRefresh = 30
	// MarkerHitRadius is how near, in pixels, the cursor must be to a
	// timeline marker for its tooltip.
	MarkerHitRadius = 6
)

// WhyBar is one cause's bar in the Why panel: what it moved his morale by
// over the window (negative: bad news), and that number as the panel and
// the sentence print it, formatted once when the panel is built: a
// soldier's as morale.Explanation.ShownChanges writes them, a squad's as
// game.SquadWhy.ShownChanges does, which add up to the panel's Span.
type WhyBar struct {
	Label  string
	Delta  float64
	Number string
}

// WhyPanel is the content of the Why panel for one soldier: plain strings
// and numbers (BuildWhyPanel makes it; tests read it without a display).
type WhyPanel struct {
	// Title is "Why · Eriksen · Routed" (or "… · dead"); Detail his morale
	// and nerve and the window, which Window says (WindowText); Whose is
	// whose morale the bars moved ("his", or a squad's "the average man's").
	Title, Detail, Window, Whose string
	// Span is where the bars take his morale, from the morale the window's
	// causes began at (morale.Explanation.Start) to the one they leave
	// ("1.00 → 0.31"), for the bars' header: so that a designer can check
	// the bars against the morale shown; their numbers, as written, add up
	// exactly to its end less its start. A squad's is its average man's
	// (squadSpan). "" with no causes, or when a run of contagion or
	// recovery reaches back before the window (counted whole, without the
	// entries between: "since 2.00 s (a run of contagion)" read
	// "0.00 → 0.57" for a man at 1.00 then).
	Span  string
	State morale.State
	Alive bool
	// Sentence is morale.Explanation.String ("" when there is none).
	Sentence string
	// Bars are the causes, the largest |Delta| first.
	Bars []WhyBar
	// States are his state changes in the window, oldest first, each
	// "10.50 s  Panicked → Routed: Panicked for 3.50 s (RoutAfterSeconds 3.5)".
	States []string
}

// BuildWhyPanel builds soldier s's panel from his explanation x (ok false:
// there is none, as for a man who fell before the ledger saw him).
func BuildWhyPanel(s game.SoldierView, x morale.Explanation, ok bool) WhyPanel {
	x.SecondsSinceBadNews = game.ShownSinceBadNews(x.SecondsSinceBadNews)
	p := WhyPanel{State: s.State, Alive: s.Alive, Window: WindowText(x, ok), Whose: "his"}
	if s.Alive {
		p.Title = fmt.Sprintf("Why · %s · %v", s.Name, s.State)
		p.Detail = fmt.Sprintf("morale %.2f · nerve %.2f · %s", s.Morale, s.Nerve, p.Window)
	} else {
		p.Title = fmt.Sprintf("Why · %s · dead", s.Name)
		p.Detail = fmt.Sprintf("nerve %.2f", s.Nerve)
		if ok {
			p.Detail = fmt.Sprintf("fell at %.2f s · morale then %.2f · nerve %.2f · %s", x.Now, x.Morale, x.Nerve, p.Window)
		}
	}
	if !ok {
		p.Sentence = "No record of him."
		return p
	}
	p.Sentence = x.String()
	shown := x.ShownChanges() // the sentence's: they add up to the span
	for k, c := range x.Causes {
		p.Bars = append(p.Bars, WhyBar{Label: CauseLabel(c.Cause), Delta: c.Delta, Number: shown[k]})
	}
	if len(x.Causes) > 0 && runBefore(x) < 0 {
		// the window's entries follow one another: their sum is the
		// change since its start (a run reaching back before it is
		// counted whole without what came between, and has no start)
		p.Span = figures.Fixed(x.Start(), 2) + " → " + figures.Fixed(x.Morale, 2)
	}
	for _, sc := range x.States {
		p.States = append(p.States, fmt.Sprintf("%.2f s  %v → %v: %s", sc.At, sc.From, sc.To, x.StateReason(sc)))
	}
	return p
}

// WindowText says how far back explanation x reaches: "last 30 s", or
// "since 4.75 s (last Steady)" when Why reached further back, to the step
// in which he left Steady (game.WhyWindow), or "since 16.50 s (a run of
// contagion)" when a cause's run reaches back further still: the ledger
// keeps a run of contagion or recovery steps as one entry, which the
// window takes whole, so its number is the whole run's.
func WindowText(x morale.Explanation, ok bool) string {
	if i := runBefore(x); ok && i >= 0 {
		return fmt.Sprintf("since %.2f s (a run of %s)", x.Causes[i].First, CauseLabel(x.Causes[i].Cause))
	}
	if !ok || x.Window <= game.WhyWindow+1e-9 {
		return fmt.Sprintf("last %g s", game.WhyWindow)
	}
	if math.IsInf(x.Window, 1) {
		return "since the start"
	}
	return fmt.Sprintf("since %.2f s (last Steady)", x.Now-x.Window)
}

// runBefore is the index in x.Causes of the cause that began earliest
// before x's window (a run of contagion or recovery steps, which the
// ledger keeps as one entry and the window takes whole), or -1 when none
// began before it.
func runBefore(x morale.Explanation) int {
	from, k := x.Now-x.Window, -1
	for i, c := range x.Causes {
		if c.First < from-1e-9 {
			from, k = c.First, i
		}
	}
	return k
}

// CauseLabel names a cause for a bar: the event's name, or the kind
// ("contagion", "recovery", "rally", "forced rout", "set by hand", "custom
// event").
func CauseLabel(r morale.Reason) string {
	if r.Kind == morale.ByEvent {
		return string(r.Event)
	}
	return r.Kind.String()
}

// Text is the panel as plain text, one line per row, each bar's number as
// the panel draws it (WhyBar.Number): what the demo publishes for tests.
func (p WhyPanel) Text() string {
	var b strings.Builder
	b.WriteString(p.Title + "\n" + p.Detail + "\n" + p.Sentence)
	for _, bar := range p.Bars {
		b.WriteString("\n" + bar.Label + " " + bar.Number)
	}
	for _, s := range p.States {
		b.WriteString("\n" + s)
	}
	if p.Span != "" {
		b.WriteString("\n" + p.Span)
	}
	return b.String()
}

// whyCache is the Why panel laid out last (LayoutWhy) and its cached image
// (DrawWhy).
type whyCache struct {
	shown  bool // LayoutWhy laid a panel out: DrawWhy draws it
	panel  WhyPanel
	text   string          // panel.Text()
	lines  whyLayout       // what of panel is drawn, for maxH (wrapping the sentence costs)
	maxH   int             // the tallest it may be: its area's height
	rect   image.Rectangle // where it goes
	area   image.Rectangle // the area LayoutWhy was given
	id     int
	frames int // LayoutWhy calls since its content was refreshed
	// in is what a soldier's content was refreshed from, squad the
	// squad's numbers and read when they were read (its window's end)
	in    whyInputs
	squad morale.SquadStats
	read  float64

	img   *ebiten.Image
	stale bool // img is not lines' drawing: DrawWhy draws it again
}

// whyLayout is what of a panel is drawn (whyLines): the detail line's and
// the bars' header's lines (whyHeads), the sentence's lines, the bars, the
// line naming the causes without one and the state changes' lines.
type whyLayout struct {
	detail   []string
	head     []string
	sentence []string
	bars     []WhyBar
	more     string
	states   [][]string
}

// setPanel makes p the panel laid out, its lines laid out for c.maxH,
// when its text differs from the panel's laid out last (or there is none,
// text ""), so that DrawWhy draws it again.
func (r *Renderer) setPanel(p WhyPanel) {
	c := &r.why
	t := p.Text()
	if t == c.text {
		return
	}
	c.text, c.panel = t, p
	c.lines = r.layOut(&c.panel, c.maxH)
	c.stale = true
}

// layOut is what of panel p is drawn: its heads (whyHeads), the
// sentence's lines, the bars and the state changes that fit (the first,
// which began his fall, and the latest), each wrapped into lines, and the
// line that names the causes left without a bar ("" when every cause has
// one: at most whyMaxBars do); no taller than maxH pixels when the
// sentence (down to two lines), then the state changes (down to the
// latest) and the bars (down to the three largest) can give up lines for
// it.
func (r *Renderer) layOut(p *WhyPanel, maxH int) whyLayout {
	var l whyLayout
	l.detail, l.head = r.whyHeads(p)
	inner := float64(WhyPanelW - 2*whyPad)
	bars := p.Bars[:min(len(p.Bars), whyMaxBars)]
	shown := p.States
	if len(shown) > whyMaxStates {
		shown = append([]string{shown[0]}, shown[len(shown)-whyMaxStates+1:]...)
	}
	var states [][]string
	for _, st := range shown {
		states = append(states, r.wrapState(st, inner))
	}
	height := func(n int) int {
		return whyHeightOf(n, bars, len(bars) < len(p.Bars), states) + headsExtra(l.detail, l.head, len(bars) > 0)
	}
	all := textfit.Wrap(p.Sentence, r.smallFace, inner)
	n := min(len(all), whyMaxLines)
	for n > 2 && height(n) > maxH {
		n--
	}
	// still too tall (a panel shortened to the room beside its soldier):
	// the state changes but the latest go, then the smallest bars, down
	// to three
	for len(states) > 1 && height(n) > maxH {
		states = states[1:]
	}
	for len(bars) > 3 && height(n) > maxH {
		bars = bars[:len(bars)-1]
	}
	l.sentence, _ = textfit.Limit(all, n, r.smallFace, inner)
	l.bars, l.more, l.states = bars, moreCauses(p.Bars[len(bars):]), states
	return l
}

// wrapState wraps a state change, "5.00 s  Steady → Shaken: …", into at
// most whyStateRows lines of inner pixels, with a hanging indent: the
// lines after its first go under its text (buildWhy draws them
// stateHead's width in), not under its time, where they read as the next
// change ("event LeaderDown" under "5.00 s", over "7.00 s  Shaken → …").
func (r *Renderer) wrapState(st string, inner float64) []string {
	head := stateHead(st)
	w := inner - textWidth(head, r.smallFace)
	lines, _ := textfit.Limit(textfit.Wrap(st[len(head):], r.smallFace, w), whyStateRows, r.smallFace, w)
	if len(lines) == 0 {
		return []string{head}
	}
	lines[0] = head + lines[0]
	return lines
}

// stateHead is the time of a state change with the two spaces after it,
// "5.00 s  " of "5.00 s  Steady → Shaken: …"; "" when it has none.
func stateHead(st string) string {
	if i := strings.Index(st, "  "); i > 0 {
		return st[:i+2]
	}
	return ""
}

// height is the height of a panel of lines l, in pixels.
func (l *whyLayout) height() int {
	return whyHeightOf(len(l.sentence), l.bars, l.more != "", l.states) + headsExtra(l.detail, l.head, len(l.bars) > 0)
}

// whyHeads is panel p's detail line and its bars' header, each wrapped
// to the panel's width, in two lines at most (the second ending in "…"
// when cut): cut at the panel's edge, a squad's bars' header read "What
// moved the average man's morale · from 0.00 s to its break at 26" in a
// window of -scale 0.75, and its detail line "… · from 0.00 s to i…".
func (r *Renderer) whyHeads(p *WhyPanel) (detail, head []string) {
	inner := float64(WhyPanelW - 2*whyPad)
	h := "What moved " + p.Whose + " morale · " + p.Window
	if p.Span != "" {
		h += " · " + p.Span
	}
	return wrap(p.Detail, r.smallFace, inner, 2), wrap(h, r.smallFace, inner, 2)
}

// headsExtra is the height, in pixels, the detail line's lines and the
// bars' header's (when the panel has bars) take beyond the one line each
// whyHeightOf counts.
func headsExtra(detail, head []string, bars bool) int {
	n := max(len(detail)-1, 0)
	if bars {
		n += max(len(head)-1, 0)
	}
	return n * whyLine
}

// whyKey is what a soldier's panel shows besides his explanation's causes
// and state changes (whyInputs compares those whole): his morale (on the
// field and in his explanation), state and nerve, which change at the
// World's steps and at a command (a rally sets his morale, a death adds
// news); the window his explanation covers; a dead man's time of death,
// which his panel prints ("fell at"; it prints the start of a window
// reaching back past WhyWindow too, Now−Window, but that window moves with
// Now); and the time since his last bad news as the panel says it
// (game.ShownSinceBadNews), which changes as time passes, and where the
// earliest run that began before the window began (runBefore; -Inf for
// none), which the panel's window text says once the window's start passes
// it (WindowText). His name goes
// with his id. The settings of the moment do not enter: each state change
// quotes those it was decided under (morale.StateChange.Rules).
type whyKey struct {
	id              int
	ok, alive       bool
	state           morale.State
	morale, xMorale float64
	nerve, window   float64
	fell, since     float64
	run             float64
}

// keyOf is the key of soldier s's panel from his explanation x.
func keyOf(s game.SoldierView, x morale.Explanation, ok bool) whyKey {
	k := whyKey{id: s.ID, ok: ok, alive: s.Alive, state: s.State, morale: s.Morale, xMorale: x.Morale,
		nerve: s.Nerve, window: x.Window, since: game.ShownSinceBadNews(x.SecondsSinceBadNews)}
	if !s.Alive {
		k.fell = x.Now
	}
	k.run = math.Inf(-1)
	if i := runBefore(x); i >= 0 {
		k.run = x.Causes[i].First
	}
	return k
}

// whyInputs is what a soldier's panel was built from: its key, and his
// explanation's causes and state changes, copied. Those are compared
// whole: a cause changes without his morale or his latest entry (his
// contagion and recovery grow together while he stays at 1), and two
// futures of a what-if may bring a man to the same morale by other
// causes.
type whyInputs struct {
	key    whyKey
	causes []morale.Contribution
	states []morale.StateChange
}

// same reports whether the panel built from in is the one of key k
// (keyOf) from explanation x.
func (in *whyInputs) same(k whyKey, x morale.Explanation) bool {
	return in.key == k && slices.Equal(in.causes, x.Causes) && slices.Equal(in.states, x.States)
}

// set makes in what the panel of key k (keyOf) from explanation x is
// built from.
func (in *whyInputs) set(k whyKey, x morale.Explanation) {
	in.key = k
	in.causes = append(in.causes[:0], x.Causes...)
	in.states = append(in.states[:0], x.States...)
}

// LayoutWhy lays soldier id's Why panel out at the top-right corner of area
// (MoveWhy moves it) for the next DrawWhy and returns the panel's text
// (WhyPanel.Text) and where it goes, no taller than area; in the armies,
// id is the selected squad's and the panel its men's Why
// (game.Armies.SquadWhy). An id that is not a soldier (or the selected
// squad) of g's scene (-1: none selected) clears it and returns "" and
// the empty rectangle. Call it from Update, once a tick: it reads g and
// draws nothing. The content is refreshed at once when what it shows
// changed (whyInputs: another soldier, a death, a state change, his morale,
// a cause, the tenth of a second since his last bad news; for a
// squad its numbers, and otherwise every whyRefresh calls), so that the
// panel never contradicts the rest of the frame; its image is rebuilt
// only when its text changed.
func (r *Renderer) LayoutWhy(area image.Rectangle, g game.View, id int) (string, image.Rectangle) {
	c := &r.why
	if maxH := area.Dy() - 24; maxH != c.maxH {
		c.maxH, c.text = maxH, "" // another area: lay it out again
		c.in.key = whyKey{id: -1} // now: a soldier's
		c.frames = whyRefresh     // a squad's
	}
	c.frames++
	if handled, shown := drawerOf(g.Scene()).layoutWhy(r, g, id); handled { // the armies: a squad's
		if !shown {
			c.shown, c.rect = false, image.Rectangle{}
			return "", image.Rectangle{}
		}
		return r.placeWhy(area)
	}
	r.whySoldiers = appendSoldiers(r.whySoldiers[:0], g)
	if id < 0 || id >= len(r.whySoldiers) {
		c.shown, c.rect = false, image.Rectangle{}
		return "", image.Rectangle{}
	}
	s := r.whySoldiers[id]
	x, ok := g.Why(id) // cached by the game per sub-tick
	k := keyOf(s, x, ok)
	if c.shown && c.id == id && c.in.same(k, x) {
		return r.placeWhy(area)
	}
	c.id, c.frames = id, 0
	c.in.set(k, x)
	r.setPanel(BuildWhyPanel(s, x, ok))
	return r.placeWhy(area)
}

// placeWhy puts the panel laid out at the top-right corner of area, or
// where MoveWhy put it last, and returns its text and rectangle.
func (r *Renderer) placeWhy(area image.Rectangle) (string, image.Rectangle) {
	c := &r.why
	at := image.Pt(area.Max.X-12-WhyPanelW, area.Min.Y+12)
	if c.shown && c.area == area {
		at = c.rect.Min // where MoveWhy put it
	}
	c.shown, c.area = true, area
	c.rect, _ = r.MoveWhy(at)
	return c.text, c.rect
}

// layoutSquadWhy lays the armies' selected squad's panel out (id is its
// squad): refreshed at once for another squad, when the squad's numbers
// changed (its men's morale) or when the battle read them again (the end
// of its window, game.Armies.FiguresAt), else every whyRefresh calls (a
// squad's Why sums a hundred explanations).
func (r *Renderer) layoutSquadWhy(g game.View, av *game.Armies, id int) {
	c := &r.why
	r.army.squads = av.AppendSquads(r.army.squads[:0])
	var sv game.SquadView
	for _, s := range r.army.squads {
		if int(s.ID) == id {
			sv = s
		}
	}
	if c.shown && c.id == -id && c.frames < whyRefresh && sv.Stats == c.squad && av.FiguresAt() == c.read {
		return
	}
	c.id, c.frames, c.squad, c.read = -id, 0, sv.Stats, av.FiguresAt() // negative: a squad's, not a soldier's
	x, ok := av.SquadWhy()
	if !ok {
		return
	}
	counting := false
	if bw, can := g.(breakWhyer); can {
		// a broken squad: the causes up to its break, however long
		// after it the squad was selected
		switch bx, st := bw.SquadBreakWhy(x.ID); st {
		case game.BreakReady:
			if bx.Broke > 0 {
				x = bx
			}
		case game.BreakCounting:
			x.Broke, x.Causes, x.States, counting = bx.Broke, nil, nil, true
		}
	}
	p := BuildSquadPanel(sv, x)
	if counting {
		p.Detail = fmt.Sprintf("broke at %.2f s · counting its causes up to then…", x.Broke)
		p.Sentence = "Its ledger began when it was selected, after its break: the fall is played again, with the ledger on, to say why."
	}
	r.setPanel(p)
}

// squadSpan is squad Why x's span for its panel, from the average morale
// its causes began at to the one they leave ("0.98 → 0.21"): "" when
// game.SquadWhy.StartKnown says there is none to give (no causes, or a run
// of contagion or recovery that began before its window counted whole), as
// for a soldier (runBefore).
func squadSpan(x game.SquadWhy) string {
	if !x.StartKnown() {
		return ""
	}
	return figures.Fixed(x.Start(), 2) + " → " + figures.Fixed(x.Average, 2)
}

// breakWhyer is a view that says why a squad of the armies broke, asked
// after it broke (game.Session.SquadBreakWhy).
type breakWhyer interface {
	SquadBreakWhy(morale.SquadID) (game.SquadWhy, game.BreakWhyStatus)
}

// BuildSquadPanel builds the Why panel of squad s of the armies from its
// men's Why x (game.Armies.SquadWhy, or game.Session.SquadBreakWhy: up to
// its break); each state change quotes the settings it was decided under.
//
// Its window says both ends, the end being the moment its counts were
// read (x.Now, game.Armies.FiguresAt, or the break): "since 20.00 s
// (selected) up to 38.00 s". Its Span, as a soldier's, is where the bars
// take the average man's morale ("0.98 → 0.21", from x.Start to the
// average the panel gives), and the bars' numbers are x.ShownChanges,
// which add up exactly to it; no Span when a run of contagion or recovery
// that began before the window is counted whole (squadSpan).
func BuildSquadPanel(s game.SquadView, x game.SquadWhy) WhyPanel {
	p := WhyPanel{State: s.State, Alive: true, Whose: "the average man's"}
	p.Title = fmt.Sprintf("Why · Squad %d (army %d) · %s", x.ID, x.Side+1, squadStateLabel(s.State))
	p.Window = fmt.Sprintf("last %g s up to %.2f s", game.WhyWindow, x.Now)
	if x.Since == x.Selected {
		p.Window = fmt.Sprintf("since %.2f s (selected) up to %.2f s", x.Since, x.Now)
	}
	p.Detail = fmt.Sprintf("%d men · %d broken · average %.2f · %s", x.Men, x.Broken, x.Average, p.Window)
	if x.Broke > 0 {
		p.Window = fmt.Sprintf("from %.2f s to its break at %.2f s", x.Since, x.Broke)
		p.Detail = fmt.Sprintf("at its break: %d men · %d broken · average %.2f · %s", x.Men, x.Broken, x.Average, p.Window)
	}
	p.Sentence = "Each bar is a cause's sum over the squad's living men, divided by their number."
	if t := x.Transitions(); t != "" {
		p.Sentence += " State changes: " + t + "."
	}
	shown := x.ShownChanges() // they add up to the span
	for k, c := range x.Causes {
		p.Bars = append(p.Bars, WhyBar{Label: CauseLabel(c.Cause), Delta: c.Delta, Number: shown[k]})
	}
	p.Span = squadSpan(x)
	var q morale.Explanation // StateReason quotes each change's own Rules
	// the men's changes alike in time, kind and reason are one line, with
	// their count: "20.25 s  ×3 Panicked → Routed: …"
	type group struct {
		at   float64
		text string
		n    int
	}
	var groups []group
	for _, sc := range x.States {
		text := fmt.Sprintf("%v → %v: %s", sc.From, sc.To, q.StateReason(sc))
		if k := len(groups) - 1; k >= 0 && groups[k].at == sc.At && groups[k].text == text {
			groups[k].n++
			continue
		}
		groups = append(groups, group{sc.At, text, 1})
	}
	for _, g := range groups[max(0, len(groups)-whyMaxStates):] {
		count := ""
		if g.n > 1 {
			count = fmt.Sprintf("×%d ", g.n)
		}
		p.States = append(p.States, fmt.Sprintf("%.2f s  %s%s", g.at, count, g.text))
	}
	return p
}

// MoveWhy moves the panel LayoutWhy laid out so that its top-left corner
// is at (or, to stay inside LayoutWhy's area, as near as it can be to)
// at, and returns where it goes and where its close box is (a square of
// WhyCloseSize at its top-right corner). Call it from Update; with no
// panel laid out it returns empty rectangles.
func (r *Renderer) MoveWhy(at image.Point) (panel, close image.Rectangle) {
	c := &r.why
	if !c.shown {
		return image.Rectangle{}, image.Rectangle{}
	}
	a := c.area.Inset(4)
	at.X = max(a.Min.X, min(at.X, a.Max.X-WhyPanelW))
	h := c.lines.height()
	at.Y = max(a.Min.Y, min(at.Y, a.Max.Y-h))
	c.rect = image.Rect(0, 0, WhyPanelW, h).Add(at)
	return c.rect, whyClose(c.rect)
}

// whyClose is the close box of a panel at r.
func whyClose(r image.Rectangle) image.Rectangle {
	return image.Rect(r.Max.X-WhyCloseSize-4, r.Min.Y+4, r.Max.X-4, r.Min.Y+4+WhyCloseSize)
}

// DrawWhy draws the panel LayoutWhy laid out last, if any, onto dst (in
// dst's coordinates, which are the screen's). It only draws: the panel's
// image is drawn again when LayoutWhy laid it out again (its text, or the
// room it has, changed) since.
func (r *Renderer) DrawWhy(dst *ebiten.Image) {
	c := &r.why
	if !c.shown {
		return
	}
	if c.img == nil || c.stale {
		r.buildWhy(&c.panel, &c.lines)
		c.stale = false
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(c.rect.Min.X), float64(c.rect.Min.Y))
	dst.DrawImage(c.img, op)
}

// wrap breaks s into lines no wider than w pixels in face, at spaces; at
// most max lines, the last ending in "…" when s was cut.
func wrap(s string, face text.Face, w float64, max int) []string {
	lines, _ := textfit.Limit(textfit.Wrap(s, face, w), max, face, w)
	return lines
}

// clip shortens s with "…" until it fits in w pixels.
func clip(s string, face text.Face, w float64) string { return textfit.Clip(s, face, w) }

// clipList shortens a list s ("and 3 more: Suppressed −0.12, EnemyDown
// +0.08, contagion +0.01") to w pixels of face by whole items, ending in
// ", …" after the last that fits, so that no cause shows without its
// number: clip, which cuts at any word, would end "…, contagion…". It
// clips when not even the first item fits.
func clipList(s string, face text.Face, w float64) string {
	if textWidth(s, face) <= w {
		return s
	}
	for i := strings.LastIndex(s, ", "); i > 0; i = strings.LastIndex(s[:i], ", ") {
		if t := s[:i] + ", " + textfit.Ellipsis; textWidth(t, face) <= w {
			return t
		}
	}
	return clip(s, face, w)
}

// Colours of the Why panel.
var (
	whyBG    = color.RGBA{16, 20, 26, 236}
	whyEdge  = color.RGBA{70, 70, 70, 70} // premultiplied: white at 27%
	whyText  = color.RGBA{226, 230, 238, 255}
	whyDim   = color.RGBA{160, 168, 184, 255}
	whyHead  = color.RGBA{242, 178, 64, 255}
	whyBad   = color.RGBA{226, 74, 60, 255}
	whyGood  = color.RGBA{72, 200, 96, 255}
	whyTrack = color.RGBA{22, 22, 22, 22} // premultiplied: white at 9%
)

// whyLines is layOut's lines of panel p, no taller than maxH: the
// sentence's, the bars, the line naming the causes without one, and the
// state changes'.
func (r *Renderer) whyLines(p *WhyPanel, maxH int) (sentence []string, bars []WhyBar, more string, states [][]string) {
	l := r.layOut(p, maxH)
	return l.sentence, l.bars, l.more, l.states
}

// moreCauses names the causes rest, which have no bar, with their
// numbers as the sentence prints them (WhyBar.Number): "and 2 more:
// LeaderNearby +0.01, EnemyDown −0.00" ("" for none).
func moreCauses(rest []WhyBar) string {
	if len(rest) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "and %d more: ", len(rest))
	for i, c := range rest {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.Label + " " + c.Number)
	}
	return b.String()
}

// whyHeightOf is the height of a panel of sentence lines, bars (and a
// line naming the causes without one, when more) and states.
func whyHeightOf(sentence int, bars []WhyBar, more bool, states [][]string) int {
	h := whyPad + whyTitleLine + whyLine + 4 + sentence*whyLine
	if len(bars) > 0 {
		h += 6 + whyLine + len(bars)*whyLine
		if more {
			h += whyLine
		}
	}
	if len(states) > 0 {
		h += 6 + whyLine
		for _, l := range states {
			h += len(l) * whyLine
		}
	}
	return h + whyPad
}

// buildWhy draws panel p into the cached image, its lines l (whyLines),
// sized to them.
func (r *Renderer) buildWhy(p *WhyPanel, l *whyLayout) {
	inner := float64(WhyPanelW - 2*whyPad)
	sentence, bars, more, states, h := l.sentence, l.bars, l.more, l.states, l.height()

	c := &r.why
	c.img = clearedLayer(c.img, image.Pt(WhyPanelW, h))
	dst := c.img
	fillRoundRect(dst, 0, 0, WhyPanelW, float32(h), 6, whyBG)
	strokePath(dst, roundRectPath(0.5, 0.5, WhyPanelW-1, float32(h)-1, 6), 1, whyEdge)
	fillRect(dst, 0, 6, 4, float32(h)-12, StateColor(p.State))

	x, y := float64(whyPad), float64(whyPad)
	title := StateColor(p.State)
	if !p.Alive {
		title = whyDim
	}
	drawText(dst, clip(p.Title, r.titleFace, inner-WhyCloseSize), r.titleFace, x, y, text.AlignStart, title, false)
	cb := whyClose(image.Rect(0, 0, WhyPanelW, h))
	fillRoundRect(dst, float32(cb.Min.X), float32(cb.Min.Y), float32(cb.Dx()), float32(cb.Dy()), 3, whyTrack)
	drawText(dst, "×", r.titleFace, float64(cb.Min.X+cb.Dx()/2), float64(cb.Min.Y), text.AlignCenter, whyDim, false)
	y += whyTitleLine
	for _, d := range l.detail {
		drawText(dst, d, r.smallFace, x, y, text.AlignStart, whyDim, false)
		y += whyLine
	}
	y += 4
	for _, l := range sentence {
		drawText(dst, l, r.smallFace, x, y, text.AlignStart, whyText, false)
		y += whyLine
	}
	if len(bars) > 0 {
		y += 6
		for _, hl := range l.head {
			drawText(dst, hl, r.smallFace, x, y, text.AlignStart, whyHead, false)
			y += whyLine
		}
		scale := 0.1
		for _, b := range bars {
			scale = math.Max(scale, math.Abs(b.Delta))
		}
		labelW := r.whyLabelCol(bars, inner)
		trackX := x + labelW
		trackW := inner - labelW - r.whyNumCol(bars)
		mid := trackX + trackW/2
		for _, b := range bars {
			drawText(dst, clip(b.Label, r.smallFace, labelW-whyLabelGap), r.smallFace, x, y, text.AlignStart, whyText, false)
			fillRect(dst, float32(trackX), float32(y+3), float32(trackW), 9, whyTrack)
			w := b.Delta / scale * trackW / 2
			col := whyGood
			switch {
			case b.Delta < 0:
				col = whyBad
			case b.Delta == 0: // moved nothing (±0.00): neither good nor bad
				col = whyDim
			}
			fillRect(dst, float32(math.Min(mid, mid+w)), float32(y+3), float32(math.Max(1, math.Abs(w))), 9, col)
			fillRect(dst, float32(mid), float32(y+1), 1, 13, whyDim)
			drawText(dst, b.Number, r.monoFace, x+inner, y, text.AlignEnd, col, false)
			y += whyLine
		}
		if more != "" {
			drawText(dst, clipList(more, r.smallFace, inner), r.smallFace, x, y, text.AlignStart, whyDim, false)
			y += whyLine
		}
	}
	if len(states) > 0 {
		y += 6
		drawText(dst, "State changes", r.smallFace, x, y, text.AlignStart, whyHead, false)
		y += whyLine
		for _, lines := range states {
			indent := textWidth(stateHead(lines[0]), r.smallFace)
			for k, l := range lines {
				lx := x
				if k > 0 {
					lx += indent
				}
				drawText(dst, l, r.smallFace, lx, y, text.AlignStart, whyText, false)
				y += whyLine
			}
		}
	}
}

// whyLabelCol is the width of the column of the bars' labels, in a panel
// inner wide: whyLabelW, or wider to hold the widest label whole, up to
// whyLabelMax of inner (a custom event's long name is then cut with "…"):
// at whyLabelW, ReinforcementsArrived (112.5 px, 143 px in the larger text
// of -scale 0.75) read "Reinforcements…", though the sentence above it
// names it whole. The track shortens instead.
func (r *Renderer) whyLabelCol(bars []WhyBar, inner float64) float64 {
	w := float64(whyLabelW)
	for _, b := range bars {
		w = math.Max(w, textWidth(b.Label, r.smallFace)+whyLabelGap)
	}
	return math.Min(w, inner*whyLabelMax)
}

// whyNumCol is the width of the column of the bars' numbers: whyNumW, or
// wider when a number morale.FormatChange gives a squad more decimals (−0.000004, 59 px)
// would come nearer the track than whyNumGap, so that the track shortens
// rather than run under it.
func (r *Renderer) whyNumCol(bars []WhyBar) float64 {
	w := float64(whyNumW)
	for _, b := range bars {
		w = math.Max(w, textWidth(b.Number, r.monoFace)+whyNumGap)
	}
	return w
}

// MarkerAt returns the state change whose timeline marker lies under (x, y)
// (within MarkerHitRadius pixels; the nearest when several do), for a
// timeline drawn into a panel whose plot is plot, its window ending at
// time now, from record h. It is pure: the same geometry DrawTimeline
// draws the markers with.
func MarkerAt(plot image.Rectangle, now float64, h game.Record, x, y int) (game.Change, bool) {
	best, found := float64(MarkerHitRadius*MarkerHitRadius)+0.5, -1
	cs := changesIn(h.Changes(), now)
	for i, c := range cs {
		m, ok := moraleAt(inWindow(h.Samples(c.ID), now), c.T)
		if !ok {
			continue
		}
		dx := TimelineX(plot, now, c.T) - float64(x)
		dy := float64(TimelineY(plot, m) - y)
		if d := dx*dx + dy*dy; d <= best {
			best, found = d, i
		}
	}
	if found < 0 {
		return game.Change{}, false
	}
	return cs[found], true
}

// ChangeText is a timeline tooltip's text for change c of soldier name:
// "Eriksen: Panicked → Routed at 10.50 s: Panicked for 3.50 s
// (RoutAfterSeconds 3.5)", the reason taken from his explanation x (as
// game.StateReason finds it; without it when x does not hold the change).
func ChangeText(name string, c game.Change, x morale.Explanation, ok bool) string {
	head := fmt.Sprintf("%s: %v → %v at %.2f s", name, c.From, c.To, c.T)
	if !ok {
		return head
	}
	if why, found := game.StateReason(x, c); found {
		return head + ": " + why
	}
	return head
}

// TimelineTooltip returns the text of the tooltip for the cursor at (x, y)
// over a timeline drawn into rect (its window as LayoutTimeline set it):
// the reason of the state change under it (see MarkerAt and ChangeText),
// or "" when there is no marker there (in a lab fight, only the selected
// man's squad's changes have markers).
func (r *Renderer) TimelineTooltip(rect image.Rectangle, g game.View, x, y int) string {
	if !image.Pt(x, y).In(rect) {
		return ""
	}
	now, h := r.timelineNow(g)
	c, ok := MarkerAt(TimelinePlot(rect), now, drawerOf(g.Scene()).markers(r, h), x, y)
	if !ok {
		return ""
	}
	r.whySoldiers = appendSoldiers(r.whySoldiers[:0], g)
	name := fmt.Sprintf("soldier %d", c.ID)
	if c.ID >= 0 && c.ID < len(r.whySoldiers) {
		name = r.whySoldiers[c.ID].Name
	}
	xp, ok := g.Why(c.ID)
	return ChangeText(name, c, xp, ok)
}

// DrawTooltip draws tooltip s (TimelineTooltip's text for the cursor at
// (x, y)) above the cursor, kept inside dst, with a ring around the marker
// under it; "" draws nothing.
func (r *Renderer) DrawTooltip(dst *ebiten.Image, s string, x, y int) {
	if s == "" {
		return
	}
	const maxW = 460
	lines := wrap(s, r.smallFace, maxW-16, 3)
	w := 0.0
	for _, l := range lines {
		w = math.Max(w, textWidth(l, r.smallFace))
	}
	bw, bh := float32(w+16), float32(len(lines)*whyLine+10)
	b := dst.Bounds()
	bx := min(max(float32(x)-bw/2, float32(b.Min.X)+2), float32(b.Max.X)-bw-2)
	by := max(float32(y)-bh-12, float32(b.Min.Y)+2)
	fillRoundRect(dst, bx, by, bw, bh, 4, color.RGBA{10, 12, 16, 240})
	strokePath(dst, roundRectPath(bx+0.5, by+0.5, bw-1, bh-1, 4), 1, whyEdge)
	for i, l := range lines {
		drawText(dst, l, r.smallFace, float64(bx)+8, float64(by)+5+float64(i*whyLine), text.AlignStart, whyText, false)
	}
	vector.StrokeCircle(dst, float32(x), float32(y), MarkerHitRadius, 1, whyText, true)
}
