package ui

import (
	"hash/maphash"
	"image"
	"image/color"
	"math"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
)

// fill fills r on dst with c.
func fill(dst *ebiten.Image, r image.Rectangle, c color.Color) {
	if r = r.Intersect(dst.Bounds()); !r.Empty() {
		dst.SubImage(r).(*ebiten.Image).Fill(c)
	}
}

// rowSlider is a tuner row's slider: an ebitenui widget (it lives in the
// row's container, scrolls with the ScrollContainer and takes its input
// through ebitenui's events and input layers) that ebitenui's own Slider
// cannot replace: its drag is relative (dragPerPx, Shift ten times finer),
// it shows the default's and the start's ticks, and a right-click resets.
// Its edits go to the tuner's queue.
type rowSlider struct {
	w       *widget.Widget
	t       *Tuner
	row     int
	focused bool
	drag    struct {
		on      bool
		fine    bool
		anchorX int
		anchorV float64
		last    float64
	}
}

func newRowSlider(t *Tuner, row int) *rowSlider {
	s := &rowSlider{t: t, row: row}
	s.w = widget.NewWidget(
		widget.WidgetOpts.MinSize(40, tunerRowH),
		widget.WidgetOpts.LayoutData(widget.GridLayoutData{VerticalPosition: widget.GridLayoutPositionCenter}),
		widget.WidgetOpts.MouseButtonPressedHandler(func(e *widget.WidgetMouseButtonPressedEventArgs) {
			x := s.w.Rect.Min.X + e.OffsetX
			if e.Button == ebiten.MouseButtonRight {
				s.reset()
			} else {
				s.press(x, ebiten.IsKeyPressed(ebiten.KeyShift))
			}
		}))
	return s
}

// GetWidget, PreferredSize and SetLocation make it an ebitenui
// PreferredSizeLocateableWidget.
func (s *rowSlider) GetWidget() *widget.Widget { return s.w }

func (s *rowSlider) PreferredSize() (int, int) { return s.w.MinWidth, s.w.MinHeight }

func (s *rowSlider) SetLocation(r image.Rectangle) { s.w.Rect = r }

// Validate is ebitenui's check of a widget's options: a rowSlider has none
// to check.
func (s *rowSlider) Validate() {}

// Update is ebitenui's: it fires the widget's events (a press starts a
// drag or resets); the tuner's Input carries a drag on.
func (s *rowSlider) Update(u *widget.UpdateObject) { s.w.Update(u) }

// dragHandleW is how near the handle, in pixels either side, a press
// takes the handle where it is rather than putting it under the pointer.
const dragHandleW = 4

// press starts a drag at x: from the value under the pointer, or from
// where the handle is when x is on it or the drag is fine (shift). The
// row takes the slider's focus, and a value being typed is closed.
func (s *rowSlider) press(x int, shift bool) {
	t, r := s.t, &s.t.rows[s.row]
	if j := t.typed(); j >= 0 {
		t.rows[j].input.Focus(false) // its changed text counts at the next tick (Tuner.Input)
	}
	t.setFocus(s.row)
	d := &s.drag
	d.on, d.fine, d.anchorX, d.anchorV, d.last = true, shift, x, r.value, math.NaN()
	if hx := s.x(r.value); !shift && (x < hx-dragHandleW || x > hx+dragHandleW) { // a plain press off the handle puts it under the pointer
		d.anchorV = s.valueAt(x)
		s.move(x, shift, true)
	}
}

// move carries the drag to x (held: the button is still down), queueing
// the value it reaches when it changes.
func (s *rowSlider) move(x int, shift, held bool) {
	d, r := &s.drag, &s.t.rows[s.row]
	if !held {
		d.on = false
		return
	}
	if shift != d.fine { // the mode changes: carry on from here
		d.anchorV, d.anchorX, d.fine = d.last, x, shift
		if math.IsNaN(d.anchorV) {
			d.anchorV = r.value
		}
	}
	perPx := dragPerPx(r.sc)
	if d.fine {
		perPx /= TunerFine
	}
	v := snap(r, d.anchorV+float64(x-d.anchorX)*perPx, d.fine)
	if v != d.last {
		d.last = v
		if v != r.value {
			s.t.queue = append(s.t.queue, TunerEdit{Row: s.row, Value: v})
		}
	}
}

// reset queues the row's reset (right-click).
func (s *rowSlider) reset() {
	s.t.setFocus(s.row)
	s.t.queue = append(s.t.queue, TunerEdit{Row: s.row, Value: s.t.rows[s.row].resetValue()})
}

// Focus, IsFocused, TabOrder, GetFocus and AddFocus make it an ebitenui
// Focuser: the tuner's focused row (Tuner.setFocus) is its slider's.
func (s *rowSlider) Focus(f bool)                                   { s.focused = f }
func (s *rowSlider) IsFocused() bool                                { return s.focused }
func (s *rowSlider) TabOrder() int                                  { return 0 }
func (s *rowSlider) GetFocus(widget.FocusDirection) widget.Focuser  { return nil }
func (s *rowSlider) AddFocus(widget.FocusDirection, widget.Focuser) {}

// x is the x of value v on the track (clamped to it).
func (s *rowSlider) x(v float64) int {
	sc, tr := s.t.rows[s.row].sc, s.w.Rect
	if sc.Max <= sc.Min {
		return tr.Min.X
	}
	f := math.Max(0, math.Min(1, (v-sc.Min)/(sc.Max-sc.Min)))
	return tr.Min.X + int(math.Round(f*float64(tr.Dx()-1)))
}

// valueAt is the value at x on the track, unsnapped.
func (s *rowSlider) valueAt(x int) float64 {
	sc, tr := s.t.rows[s.row].sc, s.w.Rect
	f := math.Max(0, math.Min(1, float64(x-tr.Min.X)/float64(max(1, tr.Dx()-1))))
	return sc.Min + f*(sc.Max-sc.Min)
}

// Render draws the track, filled to the value, the default's tick (white,
// below), the start's (blue, above), the handle (blue while pending) and
// a refused edit's value as a red outline.
func (s *rowSlider) Render(dst *ebiten.Image) {
	s.w.Render(dst)
	r, tr := &s.t.rows[s.row], s.w.Rect
	if s.focused {
		fill(dst, tr, colRowFocus)
	}
	cy := (tr.Min.Y + tr.Max.Y) / 2
	fill(dst, image.Rect(tr.Min.X, cy-2, tr.Max.X, cy+2), colTrack)
	hx := s.x(r.value)
	fill(dst, image.Rect(tr.Min.X, cy-2, hx, cy+2), colFill)
	if r.hasDef {
		x := s.x(r.def)
		fill(dst, image.Rect(x, cy+3, x+1, tr.Max.Y-1), colDefTick)
	}
	sx := s.x(r.start)
	fill(dst, image.Rect(sx, tr.Min.Y+1, sx+1, cy-2), colStart)
	hc := colHandle
	if r.pending {
		hc = colPending
	}
	fill(dst, image.Rect(hx-3, cy-6, hx+3, cy+6), hc)
	if n := s.t.note; n.row == s.row && !n.typed {
		x, bad := s.x(n.refused), toneColor(ToneBad)
		for _, e := range []image.Rectangle{image.Rect(x-3, cy-6, x+3, cy-5), image.Rect(x-3, cy+5, x+3, cy+6),
			image.Rect(x-3, cy-6, x-2, cy+6), image.Rect(x+2, cy-6, x+3, cy+6)} {
			fill(dst, e, bad)
		}
	}
}

// dragPerPx is how much a plain drag moves a value of sc per pixel: a
// step per 4 pixels (a threshold, whose step is 0.01: 0.01 per 4 px), or
// faster for a setting whose whole range would take more than dragSpan
// pixels at that pace (a radius of thousands of centimetres in steps of
// 50): its range over dragSpan pixels.
func dragPerPx(sc SliderScale) float64 {
	return max(sc.Step/4, (sc.Max-sc.Min)/dragSpan)
}

// dragSpan is the most pixels a plain drag takes across a setting's whole
// range: about four tracks' widths.
const dragSpan = 400

// snap rounds v to row r's steps (fine: tenths of a step) inside its range.
func snap(r *tunerRow, v float64, fine bool) float64 {
	sc := r.sc
	if fine {
		sc.Step /= TunerFine
	}
	return sc.ToFloat(sc.ToInt(v))
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
