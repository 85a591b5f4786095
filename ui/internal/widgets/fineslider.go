package widgets

import (
	"image"
	"image/color"
	"math"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
)

// Fine is how much finer a Shift-drag (or a Shift-arrow) is than a plain
// one.
const Fine = 10

// SliderMarks is what a FineSlider shows, as its owner has it now: the
// value (the handle, the track filled up to it; a drag starts from it),
// the default's tick (white, below, when HasDefault), the start's (blue,
// above), whether the value is pending (a blue handle), and a refused
// value (a red outline, when HasRefused).
type SliderMarks struct {
	Value, Default, Start float64
	HasDefault, Pending   bool
	Refused               float64
	HasRefused            bool
}

// SliderHooks are a FineSlider's ties to its owner: Marks is what it
// shows (read whenever it draws or a drag starts); Press is called on a
// left press, before the drag starts (the owner moves its focus);
// Change with each value a drag reaches that differs from Marks' Value;
// Reset on a right-click.
type SliderHooks struct {
	Marks  func() SliderMarks
	Press  func()
	Change func(v float64)
	Reset  func()
}

// FineSlider is a float slider that ebitenui's own Slider (int-only, its
// drag absolute) cannot replace: an ebitenui widget (it lives in a
// container, scrolls with a ScrollContainer and takes its input through
// ebitenui's events) whose drag is relative (DragPerPx), Shift Fine times
// finer, that shows its default's and start's ticks and a refused value,
// and resets on a right-click. Its values go to its owner through its
// hooks; the owner carries a drag on each tick with Drag.
type FineSlider struct {
	sc      SliderScale
	w       *widget.Widget
	hooks   SliderHooks
	focused bool
	drag    struct {
		on      bool
		fine    bool
		anchorX int
		anchorV float64
		last    float64
	}
}

// NewFineSlider returns a slider over sc, at least minW×h pixels, tied to
// its owner by hooks (every hook is required).
func NewFineSlider(sc SliderScale, minW, h int, hooks SliderHooks) *FineSlider {
	s := &FineSlider{sc: sc, hooks: hooks}
	s.w = widget.NewWidget(
		widget.WidgetOpts.MinSize(minW, h),
		widget.WidgetOpts.LayoutData(widget.GridLayoutData{VerticalPosition: widget.GridLayoutPositionCenter}),
		widget.WidgetOpts.MouseButtonPressedHandler(func(e *widget.WidgetMouseButtonPressedEventArgs) {
			x := s.w.Rect.Min.X + e.OffsetX
			if e.Button == ebiten.MouseButtonRight {
				s.hooks.Reset()
			} else {
				s.Press(x, ebiten.IsKeyPressed(ebiten.KeyShift))
			}
		}))
	return s
}

// GetWidget, PreferredSize and SetLocation make it an ebitenui
// PreferredSizeLocateableWidget.
func (s *FineSlider) GetWidget() *widget.Widget { return s.w }

func (s *FineSlider) PreferredSize() (int, int) { return s.w.MinWidth, s.w.MinHeight }

func (s *FineSlider) SetLocation(r image.Rectangle) { s.w.Rect = r }

// Validate is ebitenui's check of a widget's options: a FineSlider has
// none to check.
func (s *FineSlider) Validate() {}

// Update is ebitenui's: it fires the widget's events (a press starts a
// drag or resets); the owner's Drag carries a drag on.
func (s *FineSlider) Update(u *widget.UpdateObject) { s.w.Update(u) }

// Focus, IsFocused, TabOrder, GetFocus and AddFocus make it an ebitenui
// Focuser: its owner gives and takes the focus (Focus).
func (s *FineSlider) Focus(f bool)                                   { s.focused = f }
func (s *FineSlider) IsFocused() bool                                { return s.focused }
func (s *FineSlider) TabOrder() int                                  { return 0 }
func (s *FineSlider) GetFocus(widget.FocusDirection) widget.Focuser  { return nil }
func (s *FineSlider) AddFocus(widget.FocusDirection, widget.Focuser) {}

// Dragging reports whether a drag is under way: pressed, not yet
// released.
func (s *FineSlider) Dragging() bool { return s.drag.on }

// handleW is how near the handle, in pixels either side, a press takes
// the handle where it is rather than putting it under the pointer.
const handleW = 4

// Press starts a drag at x, as a left press there does (the mouse's
// handler calls it, Shift read from the keyboard): from the value under
// the pointer, or from where the handle is when x is on it or the drag is
// fine (shift). It calls the Press hook first.
func (s *FineSlider) Press(x int, shift bool) {
	s.hooks.Press()
	v := s.hooks.Marks().Value
	d := &s.drag
	d.on, d.fine, d.anchorX, d.anchorV, d.last = true, shift, x, v, math.NaN()
	if hx := s.X(v); !shift && (x < hx-handleW || x > hx+handleW) { // a plain press off the handle puts it under the pointer
		d.anchorV = s.valueAt(x)
		s.Drag(x, shift, true)
	}
}

// Drag carries a drag under way to x (held: the button is still down;
// shift: fine), handing the value it reaches to Change when it changes;
// released, the drag ends. Without a drag under way it does nothing.
func (s *FineSlider) Drag(x int, shift, held bool) {
	d := &s.drag
	if !d.on {
		return
	}
	if !held {
		d.on = false
		return
	}
	value := s.hooks.Marks().Value
	if shift != d.fine { // the mode changes: carry on from here
		d.anchorV, d.anchorX, d.fine = d.last, x, shift
		if math.IsNaN(d.anchorV) {
			d.anchorV = value
		}
	}
	perPx := DragPerPx(s.sc)
	if d.fine {
		perPx /= Fine
	}
	v := s.sc.Snap(d.anchorV+float64(x-d.anchorX)*perPx, d.fine)
	if v != d.last {
		d.last = v
		if v != value {
			s.hooks.Change(v)
		}
	}
}

// X is the x of value v on the track (clamped to it).
func (s *FineSlider) X(v float64) int {
	sc, tr := s.sc, s.w.Rect
	if sc.Max <= sc.Min {
		return tr.Min.X
	}
	f := math.Max(0, math.Min(1, (v-sc.Min)/(sc.Max-sc.Min)))
	return tr.Min.X + int(math.Round(f*float64(tr.Dx()-1)))
}

// valueAt is the value at x on the track, unsnapped.
func (s *FineSlider) valueAt(x int) float64 {
	sc, tr := s.sc, s.w.Rect
	f := math.Max(0, math.Min(1, float64(x-tr.Min.X)/float64(max(1, tr.Dx()-1))))
	return sc.Min + f*(sc.Max-sc.Min)
}

// Render draws the track, filled to the value, the default's tick (white,
// below), the start's (blue, above), the handle (blue while pending) and
// a refused value as a red outline.
func (s *FineSlider) Render(dst *ebiten.Image) {
	s.w.Render(dst)
	m, tr := s.hooks.Marks(), s.w.Rect
	if s.focused {
		Fill(dst, tr, ColRowFocus)
	}
	cy := (tr.Min.Y + tr.Max.Y) / 2
	Fill(dst, image.Rect(tr.Min.X, cy-2, tr.Max.X, cy+2), ColTrack)
	hx := s.X(m.Value)
	Fill(dst, image.Rect(tr.Min.X, cy-2, hx, cy+2), ColFill)
	if m.HasDefault {
		x := s.X(m.Default)
		Fill(dst, image.Rect(x, cy+3, x+1, tr.Max.Y-1), ColDefTick)
	}
	sx := s.X(m.Start)
	Fill(dst, image.Rect(sx, tr.Min.Y+1, sx+1, cy-2), ColStart)
	hc := ColHandle
	if m.Pending {
		hc = ColPending
	}
	Fill(dst, image.Rect(hx-3, cy-6, hx+3, cy+6), hc)
	if m.HasRefused {
		x := s.X(m.Refused)
		for _, e := range []image.Rectangle{image.Rect(x-3, cy-6, x+3, cy-5), image.Rect(x-3, cy+5, x+3, cy+6),
			image.Rect(x-3, cy-6, x-2, cy+6), image.Rect(x+2, cy-6, x+3, cy+6)} {
			Fill(dst, e, ColBad)
		}
	}
}

// DragPerPx is how much a plain drag moves a value of sc per pixel: a
// step per 4 pixels (a threshold, whose step is 0.01: 0.01 per 4 px), or
// faster for a setting whose whole range would take more than dragSpan
// pixels at that pace (a radius of thousands of centimetres in steps of
// 50): its range over dragSpan pixels.
func DragPerPx(sc SliderScale) float64 {
	return max(sc.Step/4, (sc.Max-sc.Min)/dragSpan)
}

// dragSpan is the most pixels a plain drag takes across a setting's whole
// range: about four tracks' widths.
const dragSpan = 400

// Fill fills r on dst with c (clipped to dst).
func Fill(dst *ebiten.Image, r image.Rectangle, c color.Color) {
	if r = r.Intersect(dst.Bounds()); !r.Empty() {
		dst.SubImage(r).(*ebiten.Image).Fill(c)
	}
}
