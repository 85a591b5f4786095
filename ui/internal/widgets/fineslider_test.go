package widgets_test

import (
	"image"
	"math"
	"testing"

	"github.com/ebitenui/ebitenui/event"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
)

// owner is a FineSlider's owner, as the tuner is one: it takes every
// value the slider hands it, and counts presses and resets.
type owner struct {
	value          float64
	changes        []float64
	presses, reset int
}

func newOwnedSlider(o *owner) *widgets.FineSlider {
	s := widgets.NewFineSlider(widgets.SliderScale{Min: 0, Max: 1, Step: 0.01}, 40, 18, widgets.SliderHooks{
		Marks:  func() widgets.SliderMarks { return widgets.SliderMarks{Value: o.value} },
		Press:  func() { o.presses++ },
		Change: func(v float64) { o.value = v; o.changes = append(o.changes, v) },
		Reset:  func() { o.reset++ },
	})
	s.SetLocation(image.Rect(0, 0, 401, 18)) // 400 px of track: 0.0025 a pixel
	return s
}

// A press on the handle moves nothing; a drag moves DragPerPx a pixel,
// Shift Fine times finer, in steps (tenths of one, fine); a plain press
// off the handle puts it under the pointer; the release ends the drag.
func TestFineSliderDrags(t *testing.T) {
	for _, tc := range []struct {
		name      string
		press, to int
		shift     bool
		want      float64
	}{
		{"plain drag of 16 px", 200, 216, false, 0.54},
		{"Shift-drag of 16 px", 200, 216, true, 0.504},
		{"plain drag back 8 px", 200, 192, false, 0.48},
		{"a press off the handle", 300, 300, false, 0.75},
		{"a Shift-press off the handle", 300, 300, true, 0.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := &owner{value: 0.5}
			s := newOwnedSlider(o)
			if x := s.X(0.5); x != 200 {
				t.Fatalf("X(0.5) = %d; want 200, the track's middle", x)
			}
			s.Press(tc.press, tc.shift)
			step := 1
			if tc.to < tc.press {
				step = -1
			}
			for x := tc.press; x != tc.to; { // a pixel a tick, as the owner carries it on
				x += step
				s.Drag(x, tc.shift, true)
			}
			if !s.Dragging() || o.presses != 1 {
				t.Errorf("during the drag: dragging %v, %d presses; want true, 1", s.Dragging(), o.presses)
			}
			s.Drag(tc.to, tc.shift, false)
			if s.Dragging() {
				t.Error("released: still dragging")
			}
			if math.Abs(o.value-tc.want) > 1e-9 {
				t.Errorf("got %v (changes %v); want %v", o.value, o.changes, tc.want)
			}
		})
	}
}

// A right-click resets, through the owner's Reset, and starts no drag.
func TestFineSliderRightClickResets(t *testing.T) {
	o := &owner{value: 0.5}
	s := newOwnedSlider(o)
	w := s.GetWidget()
	w.MouseButtonPressedEvent.Fire(&widget.WidgetMouseButtonPressedEventArgs{Widget: w, Button: ebiten.MouseButtonRight, OffsetX: 10, OffsetY: 9})
	event.ExecuteDeferred()
	if o.reset != 1 || o.presses != 0 || s.Dragging() || len(o.changes) != 0 {
		t.Errorf("right-click: %d resets, %d presses, dragging %v, changes %v; want 1 reset and nothing else", o.reset, o.presses, s.Dragging(), o.changes)
	}
}
