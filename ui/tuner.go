package ui

import (
	"errors"
	"fmt"
	"hash/maphash"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/internal/textfit"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
)

// The tuner: one row per parameter and weight in an ebitenui ScrollContainer
// (its bar an ebitenui Slider, the wheel its ScrolledEvent). A row is the
// name (a Text whose ToolTip is the Doc), the slider (widgets.FineSlider, ours: an
// ebitenui widget with relative and fine drags, the default's and the
// start's ticks), a TextInput for typed values and the step. The widgets'
// handlers only queue edits (TunerEdit); the App takes them each tick
// (tunerInput) and applies them through its Editor, then tells the tuner
// whether they were taken.
//
//   - drag on a slider: from where the press put the handle (under the
//     pointer, or where it is when pressed on it), a step per 4 pixels at
//     most (widgets.DragPerPx), in steps (Step);
//   - Shift-drag: ten times finer, in tenths of a step, from where it is;
//   - click on the value, or Enter on the focused row: type a value, Enter
//     to apply it, Tab to apply it and type the next row's, Esc to cancel;
//     a value that is not a number, not finite or outside the parameter's
//     range is refused on the row, with the reason, and changes nothing;
//   - right-click on a slider, or Delete/Backspace on the focused one: back
//     to the default (a weight row the defaults lack: to the session's
//     starting value);
//   - Left/Right on the focused row: a step (Shift: a tenth of one); Up and
//     Down move the focus; Esc leaves it;
//   - the wheel scrolls the rows; hovering a row's name shows its Doc.

// Tuner row geometry, in pixels.
const (
	tunerNameW  = 140 // the name column: the longest name and unit fit
	tunerInputW = 44  // the typed value's column
	tunerStepW  = 38  // the step's column
	tunerRowH   = 18
	tunerBarW   = 10 // the scrollbar
	scrollUnits = 1000
)

// tunerRow is one tunable parameter's row and its widgets.
type tunerRow struct {
	p      Param
	sc     widgets.SliderScale // ScaleOf(p)
	def    float64             // its default (morale.DefaultSettings), when hasDef
	hasDef bool
	start  float64 // its value when the session started
	// value and pending are the row as the last sync saw it: the tuner's
	// setting, and whether it waits for a Resume (pending).
	value   float64
	text    string // value as the row shows it (sc.FormatValue), "" before the first sync
	pending bool
	bad     bool // its name is red: a refusal is shown on it

	name   *widget.Text
	tip    *widget.Text      // the ToolTip's text
	tipBox *widget.Container // the ToolTip's box: where it shows (ebitenui places it)
	slider *widgets.FineSlider
	input  *widget.TextInput // shown only while typed
	shown  *widget.Text      // the value, while not typed
	cell   *widget.Container // the value's place: shown or input
	line   *widget.Container // the row's widgets, lit under the pointer
}

// resetValue is what a reset sets the row to: its default, or without one
// its value at the session's start.
func (r *tunerRow) resetValue() float64 {
	if r.hasDef {
		return r.def
	}
	return r.start
}

// tunerItem is one line of the tuner: a section head or a row.
type tunerItem struct {
	head string // "" for a row
	row  int
}

// TunerEdit is one edit the input asks for: row Row to Value. Typed is true
// for a value typed in (its refusal keeps the row's text open to mend).
type TunerEdit struct {
	Row   int
	Value float64
	Typed bool
}

// tunerNote is a refusal shown on a row: its name in red, the value the
// edit asked for (an outline on the slider, or the typed text kept open),
// while the strip says why.
type tunerNote struct {
	row     int
	text    string
	ticks   int // < 0: while the row's typed text is open
	refused float64
	typed   bool
}

// Tuner is the tuner's rows, their widgets and the edits they asked for.
type Tuner struct {
	rows   []tunerRow
	items  []tunerItem
	look   *panelWidgets
	box    *widget.Container // the scroll container and its bar: the panel's stretching row
	scroll *tunerScroll
	list   *widget.Container // the rows, the scroll container's content
	bar    *widget.Slider
	focus  int // the focused slider's row, -1 for none
	typing int // the row whose TextInput had the focus at the last tick, -1 for none
	tipOn  int // the row whose Doc shows, -1 for none
	queue  []TunerEdit
	errs   []error // typed values refused before they became edits
	note   tunerNote
}

// tunerScroll is ebitenui's ScrollContainer that asks for no height of its
// own: the panel's grid gives it what is left, however many rows it holds.
type tunerScroll struct{ *widget.ScrollContainer }

// PreferredSize is the content's width and a few rows' height.
func (s tunerScroll) PreferredSize() (int, int) {
	w, _ := s.ScrollContainer.PreferredSize()
	return w, 3 * tunerRowH
}

// newTuner makes the tuner's widgets in w's look, with one row per
// parameter of morale.Params and per weight of s, their defaults, and
// their values in s as the session's start.
func newTuner(s morale.Settings, w *panelWidgets) *Tuner {
	t := &Tuner{look: w, focus: -1, typing: -1, tipOn: -1, note: tunerNote{row: -1}}
	t.list = widgets.Column(0, nil)
	sc := widget.NewScrollContainer(
		widget.ScrollContainerOpts.Content(t.list),
		widget.ScrollContainerOpts.StretchContentWidth(),
		widget.ScrollContainerOpts.Image(&widget.ScrollContainerImage{
			Idle: eimage.NewNineSliceColor(widgets.ColPanel), Mask: eimage.NewNineSliceColor(widgets.ColPanel)}),
		widget.ScrollContainerOpts.WidgetOpts(widget.WidgetOpts.ScrolledHandler(func(e *widget.WidgetScrolledEventArgs) {
			t.scrollTo(t.top() - int(math.Round(e.Y*3*tunerRowH)))
		})))
	t.scroll = &tunerScroll{sc}
	t.bar = widget.NewSlider(
		widget.SliderOpts.Orientation(widget.DirectionVertical),
		widget.SliderOpts.MinMax(0, scrollUnits),
		widget.SliderOpts.PageSizeFunc(func() int {
			return int(math.Round(float64(scrollUnits) * float64(sc.ViewRect().Dy()) / float64(max(1, sc.ContentRect().Dy()))))
		}),
		widget.SliderOpts.ChangedHandler(func(e *widget.SliderChangedEventArgs) { sc.ScrollTop = float64(e.Current) / scrollUnits }),
		widget.SliderOpts.Images(&widget.SliderTrackImage{Idle: eimage.NewNineSliceColor(widgets.ColTrack), Hover: eimage.NewNineSliceColor(widgets.ColTrack)},
			w.buttonImage),
		widget.SliderOpts.DisableDefaultKeys(true),
		widget.SliderOpts.WidgetOpts(widget.WidgetOpts.MinSize(tunerBarW, 0)))
	t.box = widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewGridLayout(widget.GridLayoutOpts.Columns(2), widget.GridLayoutOpts.Spacing(4, 0),
			widget.GridLayoutOpts.Stretch([]bool{true, false}, []bool{true}))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(panelInner, 60),
			widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})))
	t.box.AddChild(t.scroll, t.bar)
	t.rebuild(s, s)
	return t
}

// rebuild remakes the rows for the weights of s (a reloaded file may add
// or drop rows), keeping the session's starting values of the rows it
// keeps; start gives them for new rows.
func (t *Tuner) rebuild(s, start morale.Settings) {
	def := morale.DefaultSettings()
	old := map[string]float64{}
	for _, r := range t.rows {
		old[r.p.Name] = r.start
	}
	t.rows, t.items = t.rows[:0], t.items[:0]
	t.list.RemoveChildren()
	head := func(h string) { t.items = append(t.items, tunerItem{head: h}) }
	add := func(p Param, hasDef bool) {
		r := tunerRow{p: p, sc: ScaleOf(p), start: p.Get(start), hasDef: hasDef, value: p.Get(s)}
		if hasDef {
			r.def = p.Get(def)
		}
		if v, ok := old[p.Name]; ok {
			r.start = v
		}
		t.items = append(t.items, tunerItem{row: len(t.rows)})
		t.rows = append(t.rows, r)
	}
	head("Parameters")
	for _, p := range morale.Params() {
		add(p, true)
	}
	head("Event weights")
	custom := false
	for _, p := range morale.WeightParams(s) {
		if p.Custom && !custom { // the rows of [custom] come last, under a head of their own
			head("Custom events")
			custom = true
		}
		_, has := def.Weights[morale.Event(p.Name)]
		add(p, has)
	}
	for _, it := range t.items {
		if it.head != "" {
			t.list.AddChild(t.look.text(it.head, t.look.face, widgets.ColSection))
		} else {
			t.list.AddChild(t.rowWidgets(it.row))
		}
	}
	t.focus, t.typing, t.tipOn = min(t.focus, len(t.rows)-1), -1, -1
	t.note = tunerNote{row: -1}
	t.list.RequestRelayout()
}

// rowWidgets makes row i's widgets and returns their line: the name with
// its Doc as a ToolTip, the slider, the TextInput and the step.
func (t *Tuner) rowWidgets(i int) *widget.Container {
	w, r := t.look, &t.rows[i]
	name, room := r.p.Name, float64(tunerNameW-2)
	if r.p.Unit != "" && textfit.Width(name+" ("+r.p.Unit+")", w.small) <= room {
		name += " (" + r.p.Unit + ")" // the unit when it fits (the Doc has it too)
	}
	r.tip = w.text(t.tip(i), w.small, widgets.ColText)
	r.tipBox = widget.NewContainer(widget.ContainerOpts.BackgroundImage(eimage.NewBorderedNineSliceColor(widgets.ColTip, widgets.ColButtonDn, 1)),
		widget.ContainerOpts.Layout(widget.NewAnchorLayout(widget.AnchorLayoutOpts.Padding(widget.NewInsetsSimple(6)))))
	r.tipBox.AddChild(r.tip)
	tip := widget.NewToolTip(widget.ToolTipOpts.Content(r.tipBox), widget.ToolTipOpts.Delay(600e6),
		widget.ToolTipOpts.ToolTipUpdater(func(widget.Containerer) { r.tip.Label = t.tip(i) }))
	nameOpts := []widget.WidgetOpt{widget.WidgetOpts.MinSize(tunerNameW, tunerRowH),
		widget.WidgetOpts.MouseButtonClickedHandler(func(e *widget.WidgetMouseButtonClickedEventArgs) {
			if e.Button == ebiten.MouseButtonRight { // anywhere on the row, as the hint says
				t.reset(i)
			}
		})}
	if !w.noTips {
		// not in a picture (Config.Capture): where the pointer happened
		// to rest, a -gif showed a row's Doc from its second second on
		nameOpts = append(nameOpts, widget.WidgetOpts.ToolTip(tip))
	}
	r.name = widget.NewText(widget.TextOpts.Text(textfit.Clip(name, w.small, room), &w.small, widgets.ColText),
		widget.TextOpts.Position(widget.TextPositionStart, widget.TextPositionCenter),
		widget.TextOpts.WidgetOpts(nameOpts...))
	r.name.GetWidget().ToolTipEvent.AddHandler(func(a any) {
		if e, ok := a.(*widget.WidgetToolTipEventArgs); ok {
			t.tipOn = -1
			if e.Show {
				t.tipOn = i
			}
		}
	})
	r.slider = widgets.NewFineSlider(r.sc, 40, tunerRowH, widgets.SliderHooks{
		Marks: func() widgets.SliderMarks {
			n := t.note
			return widgets.SliderMarks{Value: r.value, Default: r.def, Start: r.start, HasDefault: r.hasDef, Pending: r.pending,
				Refused: n.refused, HasRefused: n.row == i && !n.typed}
		},
		Press: func() { // the row takes the slider's focus, a value being typed is closed
			if j := t.typed(); j >= 0 {
				t.rows[j].input.Focus(false) // its changed text counts at the next tick (Tuner.Input)
			}
			t.setFocus(i)
		},
		Change: func(v float64) { t.queue = append(t.queue, TunerEdit{Row: i, Value: v}) },
		Reset:  func() { t.reset(i) },
	})
	r.input = widgets.LineInput(&w.small, widgets.ColSection, widgets.ColEditBG, &widget.Insets{Left: 4, Right: 2, Top: 2, Bottom: 2}, // Enter: key's
		widget.TextInputOpts.WidgetOpts(widget.WidgetOpts.MinSize(tunerInputW, tunerRowH)))
	r.input.SetText(r.sc.FormatValue(r.value))
	r.input.GetWidget().SetVisibility(widget.Visibility_Hide)
	// The value shows as a Text, and the TextInput only while it is typed:
	// ebitenui's TextInput keeps two screen-sized buffers once drawn, too
	// many for a row each.
	r.shown = widget.NewText(widget.TextOpts.Text(r.sc.FormatValue(r.value), &w.small, widgets.ColSection),
		widget.TextOpts.Padding(&widget.Insets{Left: 4}), widget.TextOpts.Position(widget.TextPositionStart, widget.TextPositionCenter),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.MinSize(tunerInputW, tunerRowH),
			// opened on the click's release, after the TextInput's update
			// (ebitenui runs handlers last): a press it saw would move its
			// caret and undo the selection
			widget.WidgetOpts.MouseButtonClickedHandler(func(e *widget.WidgetMouseButtonClickedEventArgs) {
				switch e.Button {
				case ebiten.MouseButtonLeft:
					t.open(i)
				case ebiten.MouseButtonRight:
					t.reset(i)
				}
			})))
	r.cell = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewStackedLayout()),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(tunerInputW, tunerRowH)))
	r.cell.AddChild(r.shown, r.input)
	// the row under the pointer is lit, as ebitenui's hover images light a
	// button
	var line *widget.Container
	line = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(widget.GridLayoutOpts.Columns(4),
		widget.GridLayoutOpts.Spacing(4, 0), widget.GridLayoutOpts.Stretch([]bool{false, true, false, false}, nil))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true}),
			widget.WidgetOpts.CursorEnterHandler(func(*widget.WidgetCursorEnterEventArgs) { line.SetBackgroundImage(w.rowHover) }),
			widget.WidgetOpts.CursorExitHandler(func(*widget.WidgetCursorExitEventArgs) { line.SetBackgroundImage(nil) })))
	step := widget.NewText(widget.TextOpts.Text(r.sc.StepLabel(), &w.small, widgets.ColDim),
		widget.TextOpts.Position(widget.TextPositionEnd, widget.TextPositionCenter),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.MinSize(tunerStepW, tunerRowH)))
	line.AddChild(r.name, r.slider, r.cell, step)
	r.line = line
	return line
}

// sync shows the settings s on every row; pending tells whether a row's
// value waits for a Resume. A row being typed keeps its text.
func (t *Tuner) sync(s morale.Settings, pending func(Param) bool) {
	for i := range t.rows {
		r := &t.rows[i]
		if v := r.p.Get(s); v != r.value || r.text == "" { // formatted when it changes, not every tick
			r.value, r.text = v, r.sc.FormatValue(v)
		}
		if p := pending(r.p); p != r.pending {
			// a pending value is blue, as its handle (widgets.ColPending)
			c := color.Color(widgets.ColSection)
			if p {
				c = widgets.ColPending
			}
			r.shown.SetColor(c)
			r.pending = p
		}
		bad := i == t.note.row
		if bad != r.bad {
			r.bad = bad
			c := color.Color(widgets.ColText)
			if bad {
				c = widgets.ToneBad.Color()
			}
			r.name.SetColor(c)
		}
		typed := r.input.IsFocused()
		if !typed && r.input.GetText() != r.text {
			r.input.SetText(r.text)
		}
		r.shown.Label = r.text
		in, out := widget.Visibility_Hide, widget.Visibility_Show // the TextInput's, the Text's
		if typed {
			in, out = out, in
		}
		if r.input.GetWidget().GetVisibility() != in {
			r.input.GetWidget().SetVisibility(in)
			r.shown.GetWidget().SetVisibility(out)
		}
	}
}

// Editing reports whether a row's value is being typed: the keyboard is
// the tuner's, no key is a shortcut.
func (t *Tuner) Editing() bool { return t.typed() >= 0 }

// typed is the row whose TextInput has the focus, -1 for none.
func (t *Tuner) typed() int {
	for i := range t.rows {
		if t.rows[i].input.IsFocused() {
			return i
		}
	}
	return -1
}

// Input takes one tick of the tuner: the edits its widgets queued in the
// UI's Update, the typed values refused before they became edits, a drag
// carried on to the pointer of in, and the keys of in (the focused row's, Tab and Esc while typing); it returns the
// keys it did not take (the rest go to the shortcuts). Call Refused or
// Taken with each edit's fate.
func (t *Tuner) Input(in InputState) (edits []TunerEdit, refused []error, rest []ebiten.Key) {
	if t.note.ticks > 0 {
		if t.note.ticks--; t.note.ticks == 0 {
			t.note = tunerNote{row: -1}
		}
	}
	for i := range t.rows { // a drag goes on while the button is held
		t.rows[i].slider.Drag(in.X, in.Shift, in.LeftHeld)
	}
	if (in.LeftClick || in.RightClick) && !image.Pt(in.X, in.Y).In(t.box.GetWidget().Rect) {
		t.setFocus(-1) // a click elsewhere leaves the rows
		if i := t.typed(); i >= 0 {
			// ebitenui takes a text's focus away on a left click only: a
			// right click (a soldier selected) closes it too, its text
			// applied below as Enter does
			t.rows[i].input.Focus(false)
		}
	}
	now := t.typed()
	switch {
	case now >= 0 && now != t.typing: // opened: its text all selected, the slider's focus gone
		t.rows[now].input.SelectAll()
		t.setFocus(-1)
	case now < 0 && t.typing >= 0: // closed by a click elsewhere: a changed text counts
		if r := &t.rows[t.typing]; r.input.GetText() != r.sc.FormatValue(r.value) {
			t.commit(t.typing, r.input.GetText())
		}
	}
	for _, k := range in.Keys {
		if !t.key(k, in.Shift) {
			rest = append(rest, k)
		}
	}
	t.typing = t.typed()
	edits, refused = t.queue, t.errs
	t.queue, t.errs = nil, nil
	return edits, refused, rest
}

// key applies key k; it reports false when the tuner does not use it now.
func (t *Tuner) key(k ebiten.Key, shift bool) bool {
	if i := t.typed(); i >= 0 {
		switch k {
		case ebiten.KeyEnter, ebiten.KeyNumpadEnter: // a key just pressed: however short, never missed
			t.commit(i, t.rows[i].input.GetText())
		case ebiten.KeyTab:
			r := &t.rows[i]
			if r.input.GetText() != r.sc.FormatValue(r.value) {
				t.commit(i, r.input.GetText())
			}
			if t.note.row != i && i+1 < len(t.rows) { // taken, or unchanged: the next row's
				t.open(i + 1)
			}
		case ebiten.KeyEscape:
			t.close(i)
		}
		return true // while typing, every key is the tuner's (the TextInput reads its own)
	}
	if t.focus < 0 {
		return false
	}
	r := &t.rows[t.focus]
	switch k {
	case ebiten.KeyLeft, ebiten.KeyRight:
		step := r.sc.Step
		if shift {
			step /= widgets.Fine
		}
		if k == ebiten.KeyLeft {
			step = -step
		}
		if v := r.sc.Snap(r.value+step, shift); v != r.value {
			t.queue = append(t.queue, TunerEdit{Row: t.focus, Value: v})
		}
	case ebiten.KeyUp:
		t.setFocus(max(0, t.focus-1))
	case ebiten.KeyDown:
		t.setFocus(min(len(t.rows)-1, t.focus+1))
	case ebiten.KeyEnter, ebiten.KeyNumpadEnter:
		t.open(t.focus)
	case ebiten.KeyDelete, ebiten.KeyBackspace:
		t.reset(t.focus)
	case ebiten.KeyEscape:
		t.setFocus(-1)
	default:
		return false
	}
	return true
}

// setFocus moves the slider's focus to row i (-1: none) and scrolls it
// into view.
func (t *Tuner) setFocus(i int) {
	if t.focus >= 0 && t.focus < len(t.rows) {
		t.rows[t.focus].slider.Focus(false)
	}
	t.focus = i
	if i >= 0 {
		t.rows[i].slider.Focus(true)
		t.reveal(i)
	}
}

// reset queues row i's reset (a right-click, Delete), its slider focused.
func (t *Tuner) reset(i int) {
	t.setFocus(i)
	t.queue = append(t.queue, TunerEdit{Row: i, Value: t.rows[i].resetValue()})
}

// open starts typing row i's value, its text all selected: its TextInput
// takes the focus.
func (t *Tuner) open(i int) {
	t.setFocus(-1)
	t.retype(i, t.rows[i].sc.FormatValue(t.rows[i].value))
	t.reveal(i)
}

// retype opens row i's TextInput on s, all selected (another row's
// closes): to type over, or to mend with the arrows.
func (t *Tuner) retype(i int, s string) {
	if j := t.typed(); j >= 0 && j != i {
		t.rows[j].input.Focus(false)
	}
	r := &t.rows[i]
	r.input.SetText(s)
	r.input.Focus(true)
	r.input.SelectAll()
	t.typing = i
}

// close ends typing row i's value, changing nothing.
func (t *Tuner) close(i int) {
	r := &t.rows[i]
	r.input.Focus(false)
	r.input.SetText(r.sc.FormatValue(r.value))
	if t.note.row == i && t.note.typed {
		t.note = tunerNote{row: -1}
	}
}

// commit parses the text typed on row i: a number inside the parameter's
// range becomes an edit (Refused may still turn it down), anything else a
// note on the row, the text kept open to mend.
func (t *Tuner) commit(i int, s string) {
	v, err := ParseValue(t.rows[i].p, s)
	if err != nil {
		t.note = tunerNote{row: i, text: err.Error(), ticks: -1, typed: true}
		t.errs = append(t.errs, err)
		if r := &t.rows[i]; !r.input.IsFocused() {
			r.input.Focus(true)
		}
		t.rows[i].input.SelectAll() // retype it, or mend it with the arrows
		return
	}
	t.queue = append(t.queue, TunerEdit{Row: i, Value: v, Typed: true})
}

// Refused shows why edit e was refused on its row; a typed value's text
// stays open for mending.
func (t *Tuner) Refused(e TunerEdit, err error) {
	t.note = tunerNote{row: e.Row, text: err.Error(), ticks: 5 * 60, refused: e.Value, typed: e.Typed}
	if e.Typed {
		t.note.ticks = -1
		t.retype(e.Row, t.rows[e.Row].sc.FormatValue(e.Value))
	}
}

// Taken tells the tuner edit e applied: the row shows its value, its
// typing ends, and a refusal shown on it goes.
func (t *Tuner) Taken(e TunerEdit) {
	r := &t.rows[e.Row]
	r.value, r.text = e.Value, r.sc.FormatValue(e.Value)
	if e.Typed && r.input.IsFocused() {
		r.input.Focus(false)
	}
	if !r.input.IsFocused() {
		r.input.SetText(r.text)
	}
	if t.note.row == e.Row {
		t.note = tunerNote{row: -1}
	}
}

// top is how far the rows are scrolled, in pixels.
func (t *Tuner) top() int {
	return int(math.Round(t.scroll.ScrollTop * float64(t.maxScroll())))
}

// maxScroll is the most the rows scroll, in pixels.
func (t *Tuner) maxScroll() int {
	return max(0, t.scroll.ContentRect().Dy()-t.scroll.ViewRect().Dy())
}

// scrollTo scrolls the rows to y pixels from the top (clamped), the bar
// with them.
func (t *Tuner) scrollTo(y int) {
	m := t.maxScroll()
	y = max(0, min(y, m))
	t.scroll.ScrollTop = 0
	if m > 0 {
		t.scroll.ScrollTop = float64(y) / float64(m)
	}
	t.bar.Current = int(math.Round(t.scroll.ScrollTop * scrollUnits))
}

// reveal scrolls row i into the view.
func (t *Tuner) reveal(i int) {
	r, v := t.rows[i].cell.GetWidget().Rect, t.scroll.ViewRect()
	switch {
	case r.Min.Y < v.Min.Y:
		t.scrollTo(t.top() - (v.Min.Y - r.Min.Y))
	case r.Max.Y > v.Max.Y:
		t.scrollTo(t.top() + r.Max.Y - v.Max.Y)
	}
}

// ParseValue reads a value typed for parameter p: a number ("−" is read as
// a minus), finite, inside p's range Min..Max. The error names p and says
// what is wrong (with a comma in it, how to write decimals); nothing
// changes on an error.
func ParseValue(p Param, s string) (float64, error) {
	t := strings.TrimSpace(strings.ReplaceAll(s, "−", "-"))
	v, err := strconv.ParseFloat(t, 64)
	sc := ScaleOf(p)
	switch {
	case t == "":
		return 0, fmt.Errorf("%s: type a number (%s..%s)", p.Name, sc.FormatValue(p.Min), sc.FormatValue(p.Max))
	case err != nil && !errors.Is(err, strconv.ErrRange) && strings.Contains(t, ","):
		// a decimal comma ("0,65"), or a thousands separator ("3,000"):
		// which, only the designer knows
		return 0, fmt.Errorf("%s: %q is not a number: write decimals with a point (0.5), and no thousands separator", p.Name, s)
	case err != nil && !errors.Is(err, strconv.ErrRange): // out of range: ±Inf, refused as not finite
		return 0, fmt.Errorf("%s: %q is not a number", p.Name, s)
	case math.IsNaN(v) || math.IsInf(v, 0):
		return 0, fmt.Errorf("%s: %s is not a finite number", p.Name, strings.TrimSpace(s))
	case v < p.Min || v > p.Max:
		return 0, fmt.Errorf("%s: %s is outside its range %s..%s", p.Name, strings.TrimSpace(s), sc.FormatValue(p.Min), sc.FormatValue(p.Max))
	}
	return v, nil
}

// tip is row i's Doc as its ToolTip shows it: what it is, its default and
// starting value, its range and step, whether it is pending, and how to
// edit it.
func (t *Tuner) tip(i int) string {
	r := &t.rows[i]
	f := r.sc.FormatValue
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s.\n", r.p.Name, r.p.Doc)
	if r.hasDef {
		fmt.Fprintf(&b, "Default %s (white tick)", f(r.def))
	} else {
		b.WriteString("No default (a row of this weights file)")
	}
	fmt.Fprintf(&b, " · session start %s (blue tick) · range %s..%s, step %s", f(r.start), f(r.sc.Min), f(r.sc.Max), r.sc.Format(r.sc.Step))
	if r.p.Unit != "" {
		fmt.Fprintf(&b, " %s", r.p.Unit)
	}
	b.WriteString(".\n")
	if r.pending {
		b.WriteString("Pending: set while rewound, it applies when the session resumes.\n")
	}
	b.WriteString("Drag · Shift-drag 10× finer · click the value (or Enter) to type it · right-click (or Delete): default.")
	return b.String()
}

// tipRect is where the row's Doc shows (tipOn), as ebitenui placed its
// ToolTip at the last Update; empty when none shows.
func (t *Tuner) tipRect() image.Rectangle {
	if t.tipOn < 0 || t.tipOn >= len(t.rows) {
		return image.Rectangle{}
	}
	return t.rows[t.tipOn].tipBox.GetWidget().Rect
}

// hash hashes what the tuner shows, for the panel's cache.
func (t *Tuner) hash(h *maphash.Hash) {
	maphash.WriteComparable(h, math.Float64bits(t.scroll.ScrollTop))
	maphash.WriteComparable(h, t.focus)
	maphash.WriteComparable(h, t.tipOn)
	for _, r := range t.rows {
		maphash.WriteComparable(h, math.Float64bits(r.value))
		maphash.WriteComparable(h, r.input.GetText())
		maphash.WriteComparable(h, r.pending)
		maphash.WriteComparable(h, r.input.IsFocused())
	}
	maphash.WriteComparable(h, t.note.row)
	maphash.WriteComparable(h, t.note.text)
	maphash.WriteComparable(h, math.Float64bits(t.note.refused))
}
