package ui

import (
	"fmt"
	"image"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/morale"
)

// The tuner: one row per parameter and weight, each a slider with its value
// and step, a tick at the default and one at the value the session started
// with. The rows need no window: Tuner.Input maps a tick of input to edits
// (TunerEdit) that the App applies through its Editor, and tells the rows
// whether they were taken.
//
//   - drag on a slider: from where the press put the handle (under the
//     pointer, or where it is when pressed on it), a step per 4 pixels at
//     most (dragPerPx), in steps (Step);
//   - Shift-drag: ten times finer, in tenths of a step, from where it is;
//   - click on the value, or Enter on the focused row: type a value, Enter
//     to apply it, Tab to apply it and type the next row's, Esc to cancel;
//     a value that is not a number, not finite or outside the parameter's
//     range is refused on the row, with the reason, and changes nothing;
//   - right-click on a row, or Delete/Backspace on the focused one: back
//     to the default (a weight row the defaults lack: to the session's
//     starting value);
//   - Left/Right on the focused row: a step (Shift: a tenth of one); Up and
//     Down move the focus; Esc leaves it;
//   - the wheel scrolls the rows; hovering a row shows its Doc.

// Tuner row geometry, in pixels, inside the tuner's box.
const (
	tunerRowH    = 18
	tunerHeadH   = 20
	tunerNameW   = 140 // the name column
	tunerValueW  = 92  // the value column: value and step
	tunerGap     = 6
	tunerBarW    = 8  // the scrollbar
	tunerHoverAt = 36 // ticks of hovering still before the Doc shows
	// TunerFine is how much finer a Shift-drag is than a plain one.
	TunerFine = 10
)

// tunerRow is one tunable parameter's row.
type tunerRow struct {
	p      Param
	sc     SliderScale // ScaleOf(p)
	def    float64     // its default (morale.DefaultSettings), when hasDef
	hasDef bool
	start  float64 // its value when the session started
	// value and pending are the row as the last sync saw it: the tuner's
	// setting, and whether it waits for a Resume (pending).
	value   float64
	pending bool
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

// tunerNote is a refusal shown on a row, with its reason.
type tunerNote struct {
	row   int
	text  string
	ticks int // < 0: while the row's typed text is open
	// onRow: a refused drag, key or reset, shown on the row itself (a red
	// handle at refused, the value the edit asked for) while the strip
	// says why; otherwise (typed) the reason is a box under the row
	onRow   bool
	refused float64
}

// Tuner is the tuner's rows and their interaction state.
type Tuner struct {
	rows   []tunerRow
	items  []tunerItem
	scroll int // pixels scrolled from the top
	focus  int // the focused row, -1 for none
	hover  int // the row under the cursor, -1 for none
	hoverN int // ticks it has been under the cursor
	// dragged: the hovered row was dragged; it shows no Doc until the
	// pointer leaves it or clicks (the Doc would cover the odds the drag
	// changes)
	dragged bool

	drag struct {
		on      bool
		row     int
		fine    bool
		anchorX int
		anchorV float64
		last    float64
	}
	bar struct { // the scrollbar's drag
		on              bool
		anchorY, anchor int
	}
	edit struct {
		on   bool
		row  int
		line lineEdit
		was  string // the text it opened with
	}
	note  tunerNote
	blink int // ticks, for the caret
}

// newTuner makes one row per parameter of SettingParams and per weight of
// s, with their defaults and their values in s as the session's start.
func newTuner(s morale.Settings) *Tuner {
	t := &Tuner{focus: -1, hover: -1, note: tunerNote{row: -1}}
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
	t.items = append(t.items, tunerItem{head: "Parameters"})
	for _, p := range SettingParams() {
		add(p, true)
	}
	t.items = append(t.items, tunerItem{head: "Event weights"})
	custom := false
	for _, p := range WeightParams(s) {
		if p.Custom && !custom { // the rows of [custom] come last, under a head of their own
			t.items = append(t.items, tunerItem{head: "Custom events"})
			custom = true
		}
		_, has := def.Weights[morale.Event(p.Name)]
		add(p, has)
	}
	t.focus, t.hover = min(t.focus, len(t.rows)-1), -1
	t.drag.on, t.edit.on = false, false
	t.note = tunerNote{row: -1}
}

// sync shows the settings s on every row; pending tells whether a row's
// value waits for a Resume.
func (t *Tuner) sync(s morale.Settings, pending func(Param) bool) {
	for i := range t.rows {
		r := &t.rows[i]
		r.value, r.pending = r.p.Get(s), pending(r.p)
	}
}

// contentH is the height of all the items, in pixels.
func (t *Tuner) contentH() int {
	h := 0
	for _, it := range t.items {
		h += itemH(it)
	}
	return h
}

func itemH(it tunerItem) int {
	if it.head != "" {
		return tunerHeadH
	}
	return tunerRowH
}

// maxScroll is the most the rows scroll in a box of height h.
func (t *Tuner) maxScroll(h int) int { return max(0, t.contentH()-h) }

// rowGeom is where a row is drawn in the tuner's box: the whole row, its
// name, its slider's track and its value column (value and step).
type rowGeom struct {
	row, name, track, value image.Rectangle
}

// listRect is the part of the box the rows are drawn in (left of the
// scrollbar).
func listRect(box image.Rectangle) image.Rectangle {
	return image.Rect(box.Min.X, box.Min.Y, box.Max.X-tunerBarW-4, box.Max.Y)
}

// geom returns the geometry of item k in box, scrolled by t.scroll (it may
// lie outside the box).
func (t *Tuner) geom(box image.Rectangle, k int) rowGeom {
	y := box.Min.Y - t.scroll
	for _, it := range t.items[:k] {
		y += itemH(it)
	}
	l := listRect(box)
	row := image.Rect(l.Min.X, y, l.Max.X, y+itemH(t.items[k]))
	name := image.Rect(l.Min.X, y, l.Min.X+tunerNameW, row.Max.Y)
	value := image.Rect(l.Max.X-tunerValueW, y, l.Max.X, row.Max.Y)
	track := image.Rect(name.Max.X+tunerGap, y, value.Min.X-tunerGap, row.Max.Y)
	return rowGeom{row: row, name: name, track: track, value: value}
}

// itemOf returns the index of the item of row i.
func (t *Tuner) itemOf(i int) int {
	for k, it := range t.items {
		if it.head == "" && it.row == i {
			return k
		}
	}
	return -1
}

// at returns the row under (x, y) in box and its geometry; ok is false
// off the rows (a head, the scrollbar, outside).
func (t *Tuner) at(box image.Rectangle, x, y int) (row int, g rowGeom, ok bool) {
	p := image.Pt(x, y)
	if !p.In(listRect(box)) {
		return -1, rowGeom{}, false
	}
	for k, it := range t.items {
		g := t.geom(box, k)
		if p.In(g.row) {
			return it.row, g, it.head == ""
		}
	}
	return -1, rowGeom{}, false
}

// trackValue is the value of row r at x on its track, unsnapped.
func trackValue(r *tunerRow, track image.Rectangle, x int) float64 {
	f := float64(x-track.Min.X) / float64(max(1, track.Dx()-1))
	f = math.Max(0, math.Min(1, f))
	return r.sc.Min + f*(r.sc.Max-r.sc.Min)
}

// trackX is the x of value v on track (clamped to it).
func trackX(sc SliderScale, track image.Rectangle, v float64) int {
	if sc.Max <= sc.Min {
		return track.Min.X
	}
	f := math.Max(0, math.Min(1, (v-sc.Min)/(sc.Max-sc.Min)))
	return track.Min.X + int(math.Round(f*float64(track.Dx()-1)))
}

// dragHandleW is how near the handle, in pixels either side, a press
// takes the handle where it is rather than putting it under the pointer.
const dragHandleW = 4

// onHandle reports whether x on track is on row r's handle.
func onHandle(r *tunerRow, track image.Rectangle, x int) bool {
	return abs(x-trackX(r.sc, track, r.value)) <= dragHandleW
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// dragPerPx is how much a plain drag moves a value of sc per pixel on
// track: a step per 4 pixels (a threshold, whose step is 0.01: 0.01 per 4
// px), or faster for a setting whose whole range would take more than
// four track widths at that pace (a radius of thousands of centimetres in
// steps of 50): its range over four track widths.
func dragPerPx(sc SliderScale, track image.Rectangle) float64 {
	return max(sc.Step/4, (sc.Max-sc.Min)/float64(4*max(1, track.Dx()-1)))
}

// snap rounds v to row r's steps (fine: tenths of a step) inside its range.
func snap(r *tunerRow, v float64, fine bool) float64 {
	sc := r.sc
	if fine {
		sc.Step /= TunerFine
	}
	return sc.ToFloat(sc.ToInt(v))
}

// Editing reports whether a row's value is being typed: the keyboard is
// the tuner's, no key is a shortcut.
func (t *Tuner) Editing() bool { return t.edit.on }

// Input maps one tick of input over the tuner's box to edits, and returns
// the keys it did not take (the rest go to the shortcuts). Call Refused or
// Taken with each edit's fate.
func (t *Tuner) Input(in InputState, box image.Rectangle) (edits []TunerEdit, rest []ebiten.Key) {
	t.blink++
	if t.note.ticks > 0 {
		if t.note.ticks--; t.note.ticks == 0 {
			t.note = tunerNote{row: -1}
		}
	}
	p := image.Pt(in.X, in.Y)
	inBox := p.In(box)
	row, g, onRow := t.at(box, in.X, in.Y)

	// the wheel and the scrollbar
	if inBox && in.WheelY != 0 {
		t.scroll -= int(math.Round(in.WheelY * 3 * tunerRowH))
	}
	bar := image.Rect(box.Max.X-tunerBarW, box.Min.Y, box.Max.X, box.Max.Y)
	switch {
	case in.LeftClick && p.In(bar):
		t.bar.on, t.bar.anchorY, t.bar.anchor = true, in.Y, t.scroll
		if th := t.thumb(box); !p.In(th) { // a page up or down, then drag from there
			if in.Y < th.Min.Y {
				t.scroll -= box.Dy()
			} else {
				t.scroll += box.Dy()
			}
			t.bar.anchor = t.scroll
		}
	case t.bar.on && in.LeftHeld:
		if ch := t.contentH(); ch > 0 {
			t.scroll = t.bar.anchor + (in.Y-t.bar.anchorY)*ch/max(1, box.Dy())
		}
	default:
		t.bar.on = false
	}
	t.scroll = max(0, min(t.scroll, t.maxScroll(box.Dy())))

	// clicks
	switch {
	case in.LeftClick && onRow:
		t.hoverN = 0
		if t.edit.on && t.edit.row != row {
			edits = t.commit(edits)
		}
		t.focus = row
		if p.In(g.value) {
			if !t.edit.on {
				t.open(row)
			}
			break
		}
		if t.edit.on {
			edits = t.commit(edits)
		}
		r := &t.rows[row]
		d := &t.drag
		d.on, d.row, d.fine, d.anchorX = true, row, in.Shift, in.X
		d.anchorV = r.value
		if !in.Shift && !onHandle(r, g.track, in.X) { // a plain press off the handle puts it under the pointer
			d.anchorV = trackValue(r, g.track, in.X)
		}
		d.last = math.NaN()
	case in.LeftClick:
		if t.edit.on {
			edits = t.commit(edits)
		}
		if !inBox {
			t.focus = -1
		}
	case in.RightClick && onRow:
		if t.edit.on {
			t.close()
		}
		t.focus = row
		edits = append(edits, TunerEdit{Row: row, Value: t.rows[row].resetValue()})
	}

	// the drag
	if d := &t.drag; d.on {
		if !in.LeftHeld {
			d.on = false
		} else {
			r := &t.rows[d.row]
			track := t.geom(box, t.itemOf(d.row)).track
			if in.Shift != d.fine { // the mode changes: carry on from here
				d.anchorV, d.anchorX, d.fine = d.last, in.X, in.Shift
				if math.IsNaN(d.anchorV) {
					d.anchorV = r.value
				}
			}
			perPx := dragPerPx(r.sc, track)
			if d.fine {
				perPx /= TunerFine
			}
			v := snap(r, d.anchorV+float64(in.X-d.anchorX)*perPx, d.fine)
			if v != d.last {
				d.last = v
				if v != r.value {
					edits = append(edits, TunerEdit{Row: d.row, Value: v})
				}
			}
		}
	}

	// hover
	switch {
	case !onRow:
		t.hover, t.hoverN, t.dragged = -1, 0, false
	case t.drag.on:
		t.hover, t.hoverN, t.dragged = row, 0, true
	case in.LeftClick || in.RightClick || len(in.Keys) > 0:
		t.hover, t.hoverN, t.dragged = row, 0, false // acting on it: no Doc in the way
	case row == t.hover:
		t.hoverN++
	default:
		t.hover, t.hoverN, t.dragged = row, 0, false
	}

	// keys and characters
	keys := in.Keys
	if t.edit.on {
		keys = t.edit.line.typed(in.Chars, keys, 0)
	}
	for _, k := range keys {
		var took bool
		edits, took = t.key(k, in.Shift, box, edits)
		if !took {
			rest = append(rest, k)
		}
	}
	return edits, rest
}

// key applies key k; took is false when the tuner does not use it now.
func (t *Tuner) key(k ebiten.Key, shift bool, box image.Rectangle, edits []TunerEdit) (_ []TunerEdit, took bool) {
	if t.edit.on {
		switch k {
		case ebiten.KeyEnter, ebiten.KeyNumpadEnter:
			edits = t.commit(edits)
		case ebiten.KeyTab:
			row := t.edit.row
			n := len(edits)
			edits = t.commit(edits)
			if !t.edit.on && (len(edits) > n || t.note.row != row) && row+1 < len(t.rows) {
				t.focus = row + 1
				t.open(row + 1)
				t.reveal(box, row+1)
			}
		case ebiten.KeyEscape:
			t.close()
		default:
			t.edit.line.key(k)
		}
		return edits, true // while typing, every key is the tuner's
	}
	if t.focus < 0 {
		return edits, false
	}
	r := &t.rows[t.focus]
	switch k {
	case ebiten.KeyLeft, ebiten.KeyRight:
		step := r.sc.Step
		if shift {
			step /= TunerFine
		}
		if k == ebiten.KeyLeft {
			step = -step
		}
		if v := snap(r, r.value+step, shift); v != r.value {
			edits = append(edits, TunerEdit{Row: t.focus, Value: v})
		}
	case ebiten.KeyUp, ebiten.KeyDown:
		if k == ebiten.KeyUp {
			t.focus = max(0, t.focus-1)
		} else {
			t.focus = min(len(t.rows)-1, t.focus+1)
		}
		t.reveal(box, t.focus)
	case ebiten.KeyEnter, ebiten.KeyNumpadEnter:
		t.open(t.focus)
	case ebiten.KeyDelete, ebiten.KeyBackspace:
		edits = append(edits, TunerEdit{Row: t.focus, Value: r.resetValue()})
	case ebiten.KeyEscape:
		t.focus = -1
	default:
		return edits, false
	}
	return edits, true
}

// reveal scrolls row i into a box's view.
func (t *Tuner) reveal(box image.Rectangle, i int) {
	g := t.geom(box, t.itemOf(i))
	switch {
	case g.row.Min.Y < box.Min.Y:
		t.scroll -= box.Min.Y - g.row.Min.Y
	case g.row.Max.Y > box.Max.Y:
		t.scroll += g.row.Max.Y - box.Max.Y
	}
	t.scroll = max(0, min(t.scroll, t.maxScroll(box.Dy())))
}

// open starts typing row i's value, its text all selected.
func (t *Tuner) open(i int) {
	t.edit.on, t.edit.row = true, i
	t.edit.was = t.rows[i].sc.FormatValue(t.rows[i].value)
	t.edit.line.set(t.edit.was)
	t.edit.line.selectAll()
	t.blink = 0
	if t.note.row == i {
		t.note = tunerNote{row: -1}
	}
}

// close ends the typing, changing nothing.
func (t *Tuner) close() {
	t.edit.on = false
	if t.note.ticks < 0 {
		t.note = tunerNote{row: -1}
	}
}

// commit parses the typed value: a number inside the parameter's range
// becomes an edit (Refused may still turn it down), anything else a note
// on the row, the text kept open to mend. Unchanged text closes.
func (t *Tuner) commit(edits []TunerEdit) []TunerEdit {
	i, s := t.edit.row, t.edit.line.String()
	if s == t.edit.was {
		t.close()
		return edits
	}
	v, err := ParseValue(t.rows[i].p, s)
	if err != nil {
		t.note = tunerNote{row: i, text: err.Error(), ticks: -1}
		t.edit.line.selectAll() // retype it, or mend it with the arrows
		return edits
	}
	t.close()
	return append(edits, TunerEdit{Row: i, Value: v, Typed: true})
}

// Refused shows why edit e was refused on its row; a typed value's text
// opens again for mending.
func (t *Tuner) Refused(e TunerEdit, err error) {
	if e.Typed {
		t.focus = e.Row
		t.edit.on, t.edit.row = true, e.Row
		t.edit.line.set(t.rows[e.Row].sc.FormatValue(e.Value))
		t.edit.line.selectAll()
		t.edit.was = t.rows[e.Row].sc.FormatValue(t.rows[e.Row].value)
		t.note = tunerNote{row: e.Row, text: err.Error(), ticks: -1}
		return
	}
	t.note = tunerNote{row: e.Row, text: err.Error(), ticks: 5 * 60, onRow: true, refused: e.Value}
}

// Taken tells the tuner edit e applied: the row shows its value, and a
// refusal shown on it goes.
func (t *Tuner) Taken(e TunerEdit) {
	t.rows[e.Row].value = e.Value
	if t.note.row == e.Row {
		t.note = tunerNote{row: -1}
	}
}

// ParseValue reads a value typed for parameter p: a number ("−" is read as
// a minus), finite, inside p's range Min..Max. The error names p and says
// what is wrong; nothing changes on an error.
func ParseValue(p Param, s string) (float64, error) {
	t := strings.TrimSpace(strings.ReplaceAll(s, "−", "-"))
	v, err := strconv.ParseFloat(t, 64)
	sc := ScaleOf(p)
	switch {
	case t == "":
		return 0, fmt.Errorf("%s: type a number (%s..%s)", p.Name, sc.FormatValue(p.Min), sc.FormatValue(p.Max))
	case err != nil && !isRangeErr(err):
		return 0, fmt.Errorf("%s: %q is not a number", p.Name, s)
	case math.IsNaN(v) || math.IsInf(v, 0):
		return 0, fmt.Errorf("%s: %s is not a finite number", p.Name, strings.TrimSpace(s))
	case v < p.Min || v > p.Max:
		return 0, fmt.Errorf("%s: %s is outside its range %s..%s", p.Name, strings.TrimSpace(s), sc.FormatValue(p.Min), sc.FormatValue(p.Max))
	}
	return v, nil
}

// isRangeErr reports whether err is ParseFloat's "out of range" (the value
// is ±Inf then, which the caller refuses as not finite).
func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// thumb is the scrollbar's handle in box.
func (t *Tuner) thumb(box image.Rectangle) image.Rectangle {
	bar := image.Rect(box.Max.X-tunerBarW, box.Min.Y, box.Max.X, box.Max.Y)
	ch := t.contentH()
	if ch <= box.Dy() || ch == 0 {
		return bar
	}
	h := max(16, box.Dy()*box.Dy()/ch)
	y := box.Min.Y + (box.Dy()-h)*t.scroll/max(1, t.maxScroll(box.Dy()))
	return image.Rect(bar.Min.X, y, bar.Max.X, y+h)
}

// tip is the Doc of the row hovered long enough ("" when none): what it
// is, its default and starting value, its range and step, and how to edit.
func (t *Tuner) tip() string {
	if t.hover < 0 || t.hoverN < tunerHoverAt || t.dragged || t.edit.on {
		return ""
	}
	r := &t.rows[t.hover]
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
