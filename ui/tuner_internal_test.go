package ui

import (
	"image"
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/event"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/internal/windowtest"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
)

// The tuner's rows in an App without a window: the widgets' own events
// and methods (a press is the slider's MouseButtonPressedEvent, a typed
// value the TextInput's text and Enter), the App's tick (tunerInput)
// taking their edits.

func rowIndex(t *testing.T, tu *Tuner, name string) int {
	t.Helper()
	for i, r := range tu.rows {
		if r.p.Name == name {
			return i
		}
	}
	t.Fatalf("no row %s", name)
	return -1
}

// tunerApp is an App whose session starts with s, laid out as its first
// frames lay it out: its rows where they are drawn.
func tunerApp(t *testing.T, s morale.Settings) *App {
	t.Helper()
	a := testApp(t, Config{})
	if err := a.editor.Replace(s); err != nil {
		t.Fatal(err)
	}
	a.tuner.rows = nil // a new session: every row starts at s
	a.tuner.rebuild(s, s)
	layout(t, a)
	return a
}

// layout draws the widgets twice: the scroll container places its rows,
// then they lay themselves out.
func layout(t *testing.T, a *App) {
	t.Helper()
	widgetRects(t, a)
	widgetRects(t, a)
}

// pressOn fires a press of button on row i's slider at x, as ebitenui
// does for a click on it.
func pressOn(a *App, i, x int, b ebiten.MouseButton) {
	s := a.tuner.rows[i].slider
	s.GetWidget().MouseButtonPressedEvent.Fire(&widget.WidgetMouseButtonPressedEventArgs{Widget: s.GetWidget(), Button: b,
		OffsetX: x - s.GetWidget().Rect.Min.X, OffsetY: s.GetWidget().Rect.Dy() / 2})
	event.ExecuteDeferred() // as the UI's Update does
}

// tick is the App's tuner tick without other input.
func tick(a *App) { a.tunerInput(InputState{}) }

// drag presses at x0 on the named row's slider (Shift held when fine),
// moves to x1 a pixel at a time and lets go, a tick of the App's each; it
// returns the row's value.
func drag(t *testing.T, a *App, name string, x0, x1 int, fine bool) float64 {
	t.Helper()
	i := rowIndex(t, a.tuner, name)
	s := a.tuner.rows[i].slider
	if fine {
		s.Press(x0, true)
	} else {
		pressOn(a, i, x0, ebiten.MouseButtonLeft)
	}
	a.tunerInput(InputState{X: x0, LeftHeld: true, Shift: fine})
	step := 1
	if x1 < x0 {
		step = -1
	}
	for x := x0; x != x1; {
		x += step
		a.tunerInput(InputState{X: x, LeftHeld: true, Shift: fine})
	}
	a.tunerInput(InputState{X: x1, Shift: fine})
	return a.tuner.rows[i].value
}

// set sets the named row to v through the App.
func set(t *testing.T, a *App, name string, v float64) {
	t.Helper()
	a.applyEdit(TunerEdit{Row: rowIndex(t, a.tuner, name), Value: v})
}

func TestTunerDragIsPlainOrTenTimesFiner(t *testing.T) {
	a := tunerApp(t, morale.DefaultSettings())
	i := rowIndex(t, a.tuner, "RoutAfterSeconds")
	r, s := &a.tuner.rows[i], a.tuner.rows[i].slider
	x := s.X(3.5)
	perPx := widgets.DragPerPx(r.sc)

	plain := drag(t, a, "RoutAfterSeconds", x, x+16, false)
	if want := r.sc.Snap(3.5+16*perPx, false); math.Abs(plain-want) > r.sc.Step/2+1e-9 {
		t.Errorf("plain drag of 16 px from 3.5: got %v; want about %v (%v a pixel)", plain, want, perPx)
	}
	if d := plain / r.sc.Step; math.Abs(d-math.Round(d)) > 1e-6 {
		t.Errorf("plain drag: got %v; want a whole number of steps of %v", plain, r.sc.Step)
	}
	set(t, a, "RoutAfterSeconds", 3.5)
	fine := drag(t, a, "RoutAfterSeconds", x, x+16, true)
	if got, want := fine-3.5, 16*perPx/widgets.Fine; math.Abs(got-want) > r.sc.Step/widgets.Fine {
		t.Errorf("Shift-drag of 16 px from 3.5: moved %v; want about %v, ten times finer", got, want)
	}
	if fine == 3.5 || fine-3.5 >= plain-3.5 {
		t.Errorf("Shift-drag moved to %v, plain drag to %v; want the fine one to move, less", fine, plain)
	}
	// a fine drag does not jump to the pointer: pressing far from the
	// handle changes nothing until the pointer moves
	set(t, a, "RoutAfterSeconds", 3.5)
	s.Press(s.GetWidget().Rect.Max.X-2, true)
	if e, _, _ := a.tuner.Input(InputState{}); len(e) != 0 {
		t.Errorf("Shift-press far from the handle: got edits %v; want none", e)
	}
	s.Drag(s.GetWidget().Rect.Max.X-2, true, false)
}

// A plain drag moves a threshold by at most 0.01 per 4 pixels (8 px moved
// PanicBelow by 0.08 before), and a press on the handle does not move it.
func TestTunerPlainDragIsCalm(t *testing.T) {
	for _, name := range []string{"ShakenBelow", "PanicBelow", "Hysteresis"} {
		a := tunerApp(t, morale.DefaultSettings())
		i := rowIndex(t, a.tuner, name)
		r, s := &a.tuner.rows[i], a.tuner.rows[i].slider
		start := r.value
		x := s.X(start)
		pressOn(a, i, x+2, ebiten.MouseButtonLeft)
		if e, _, _ := a.tuner.Input(InputState{}); len(e) != 0 {
			t.Errorf("%s: a press on the handle gave edits %v; want none", name, e)
		}
		s.Drag(x+2, false, false)
		for _, px := range []int{4, 8, 40} {
			set(t, a, name, start)
			got := drag(t, a, name, x, x+px, false)
			if d := got - start; d > 0.01*float64(px)/4+1e-9 || d <= 0 {
				t.Errorf("%s: a plain drag of %d px moved %v; want more than 0, at most %v", name, px, d, 0.01*float64(px)/4)
			}
		}
	}
	// a wide range still crosses in a few track widths
	a := tunerApp(t, morale.DefaultSettings())
	r := a.tuner.rows[rowIndex(t, a.tuner, "NoEffectRadius")]
	s := r.slider
	if sc := r.sc; widgets.DragPerPx(sc)*float64(4*(s.GetWidget().Rect.Dx()-1)) < sc.Max-sc.Min-1e-9 {
		t.Errorf("NoEffectRadius: %v a pixel; want its range within four track widths (%d px)", widgets.DragPerPx(sc), 4*s.GetWidget().Rect.Dx())
	}
}

func TestTunerResetsToTheDefault(t *testing.T) {
	s := morale.DefaultSettings()
	s.ShakenBelow = 0.5 // the session starts away from the default
	a := tunerApp(t, s)
	i := rowIndex(t, a.tuner, "ShakenBelow")
	pressOn(a, i, a.tuner.rows[i].slider.GetWidget().Rect.Min.X+10, ebiten.MouseButtonRight)
	if e, _, _ := a.tuner.Input(InputState{}); len(e) != 1 || e[0].Row != i || e[0].Value != 0.6 {
		t.Fatalf("right-click on ShakenBelow: got %v; want it back to the default 0.6", e)
	}
	if a.tuner.rows[i].start != 0.5 {
		t.Errorf("session start of ShakenBelow: got %v; want 0.5", a.tuner.rows[i].start)
	}
	// Delete on the focused row does the same
	set(t, a, "ShakenBelow", 0.42)
	if e, _, _ := a.tuner.Input(InputState{Keys: []ebiten.Key{ebiten.KeyDelete}}); len(e) != 1 || e[0].Value != 0.6 {
		t.Errorf("Delete on the focused row: got %v; want the default 0.6", e)
	}
	// a right-click on the row's name or value does the same
	for k, w := range []*widget.Widget{a.tuner.rows[i].name.GetWidget(), a.tuner.rows[i].shown.GetWidget()} {
		set(t, a, "ShakenBelow", 0.42)
		w.MouseButtonClickedEvent.Fire(&widget.WidgetMouseButtonClickedEventArgs{Widget: w, Button: ebiten.MouseButtonRight})
		event.ExecuteDeferred()
		if e, _, _ := a.tuner.Input(InputState{}); len(e) != 1 || e[0].Value != 0.6 {
			t.Errorf("right-click on ShakenBelow's %s: got %v; want the default 0.6", [...]string{"name", "value"}[k], e)
		}
	}
	// a custom weight row has no default: back to where the session began
	c := s.Clone()
	c.Weights["Whistle"] = -0.2
	a = tunerApp(t, c)
	i = rowIndex(t, a.tuner, "Whistle")
	set(t, a, "Whistle", 0.3)
	pressOn(a, i, a.tuner.rows[i].slider.GetWidget().Rect.Min.X+10, ebiten.MouseButtonRight)
	tick(a)
	if got := a.g.Settings().Weights["Whistle"]; got != -0.2 {
		t.Errorf("reset of a custom row: got %v; want its starting -0.2", got)
	}
}

// typeValue focuses the named row's TextInput, as a click on it does,
// types s over its text and submits it (Enter); it returns the value the
// row shows then.
func typeValue(t *testing.T, a *App, name, s string) *tunerRow {
	t.Helper()
	r := &a.tuner.rows[rowIndex(t, a.tuner, name)]
	r.input.Focus(true)
	tick(a)
	if !a.tuner.Editing() || r.input.SelectedText() != r.input.GetText() {
		t.Fatalf("focus on %s's value: editing %v, %q of %q selected; want typing, all of it selected", name, a.tuner.Editing(), r.input.SelectedText(), r.input.GetText())
	}
	r.input.SetText(s)
	if in := a.tunerInput(InputState{Keys: []ebiten.Key{ebiten.KeyEnter}}); len(in.Keys) != 0 {
		t.Errorf("Enter while typing: keys %v left for the shortcuts; want none", in.Keys)
	}
	return r
}

func TestTunerTakesATypedValue(t *testing.T) {
	a := tunerApp(t, morale.DefaultSettings())
	r := typeValue(t, a, "RoutAfterSeconds", "4.25")
	if got := a.g.Settings().RoutAfterSeconds; got != 4.25 {
		t.Fatalf("typing 4.25: RoutAfterSeconds %v; want 4.25", got)
	}
	if a.tuner.Editing() || r.input.GetText() != "4.25" {
		t.Errorf("after Enter: editing %v, shows %s; want closed, 4.25", a.tuner.Editing(), r.input.GetText())
	}
	// a click on the value opens its TextInput on the release, the text all
	// selected (a press the TextInput saw would place its caret)
	r.shown.GetWidget().MouseButtonPressedEvent.Fire(&widget.WidgetMouseButtonPressedEventArgs{Widget: r.shown.GetWidget(), Button: ebiten.MouseButtonLeft})
	event.ExecuteDeferred()
	if r.input.IsFocused() {
		t.Errorf("a press on the value opened it; want it opened on the release")
	}
	r.shown.GetWidget().MouseButtonClickedEvent.Fire(&widget.WidgetMouseButtonClickedEventArgs{Widget: r.shown.GetWidget(), Button: ebiten.MouseButtonLeft})
	event.ExecuteDeferred()
	a.tunerInput(InputState{})
	if !r.input.IsFocused() || r.input.SelectedText() != "4.25" {
		t.Errorf("click on the value: typing %v, %q selected; want the text open, 4.25 all selected", r.input.IsFocused(), r.input.SelectedText())
	}
	a.tunerInput(InputState{Keys: []ebiten.Key{ebiten.KeyEscape}})
	// "−" reads as a minus; a weight takes a typed value
	typeValue(t, a, "AllyDown", "−0.333")
	if got := a.g.Settings().Weights["AllyDown"]; got != -0.333 {
		t.Errorf("typing −0.333 for AllyDown: got %v", got)
	}
}

// Bad input: refused on the row with the reason (the strip says it), nothing
// changes, the text stays open to mend.
func TestTunerRefusesBadTypedValues(t *testing.T) {
	a := tunerApp(t, morale.DefaultSettings())
	i := rowIndex(t, a.tuner, "ShakenBelow")
	for _, tc := range []struct{ in, reason string }{
		{"abc", `"abc" is not a number`},
		{"NaN", "not a finite number"},
		{"Inf", "not a finite number"},
		{"-inf", "not a finite number"},
		{"1e999", "not a finite number"},
		{"0.6.1", "is not a number"},
		{"0,65", "write decimals with a point"},
		{"1.5", "outside its range 0.00..1.00"},
		{"-0.01", "outside its range"},
		{"   ", "type a number"},
		{"0.2", "must be below ShakenBelow"}, // a number the settings refuse
	} {
		// One App for every case: each is refused, changes nothing and
		// ends with Esc, which the case checks puts everything back; the
		// strip is cleared, so that each case's reason is its own.
		t.Run(tc.in, func(t *testing.T) {
			a.strip.Clear()
			r := typeValue(t, a, "ShakenBelow", tc.in)
			if n := a.tuner.note; n.row != i || !strings.Contains(n.text, tc.reason) || !strings.HasPrefix(n.text, "ShakenBelow") {
				t.Errorf("typing %q: note on row %d %q; want on row %d, naming ShakenBelow and saying %q", tc.in, n.row, n.text, i, tc.reason)
			}
			if got := a.strip.Message(slotNotice).Text; !strings.Contains(got, tc.reason) {
				t.Errorf("typing %q: strip %q; want the reason", tc.in, got)
			}
			if !r.input.IsFocused() || a.g.Settings().ShakenBelow != 0.6 {
				t.Errorf("typing %q: editing %v, value %v; want the text open and 0.6 kept", tc.in, r.input.IsFocused(), a.g.Settings().ShakenBelow)
			}
			a.tunerInput(InputState{Keys: []ebiten.Key{ebiten.KeyEscape}})
			if a.tuner.Editing() || a.tuner.note.row >= 0 || r.input.GetText() != "0.60" {
				t.Errorf("Esc: editing %v, note %q, text %q; want both gone, 0.60 shown", a.tuner.Editing(), a.tuner.note.text, r.input.GetText())
			}
		})
	}
}

func TestTunerKeysOnTheFocusedRow(t *testing.T) {
	a := tunerApp(t, morale.DefaultSettings())
	i := rowIndex(t, a.tuner, "Hysteresis")
	s := a.tuner.rows[i].slider
	pressOn(a, i, s.X(0.15), ebiten.MouseButtonLeft) // on the handle: focus, no edit
	s.Drag(s.X(0.15), false, false)
	tick(a)
	for _, tc := range []struct {
		keys  []ebiten.Key
		shift bool
		want  float64
	}{
		{[]ebiten.Key{ebiten.KeyRight}, false, 0.16},
		{[]ebiten.Key{ebiten.KeyLeft}, true, 0.159},
		{[]ebiten.Key{ebiten.KeyLeft}, false, 0.15},
	} {
		in := a.tunerInput(InputState{Keys: tc.keys, Shift: tc.shift})
		if got := a.g.Settings().Hysteresis; len(in.Keys) != 0 || math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%v (shift %v): got %v, rest %v; want Hysteresis %v", tc.keys, tc.shift, got, in.Keys, tc.want)
		}
	}
	// a key that is not the tuner's goes on to the shortcuts
	if in := a.tunerInput(InputState{Keys: []ebiten.Key{ebiten.KeySpace}}); len(in.Keys) != 1 {
		t.Errorf("Space on a focused row: rest %v; want it left for the shortcuts", in.Keys)
	}
	a.tunerInput(InputState{Keys: []ebiten.Key{ebiten.KeyDown}})
	if a.tuner.focus != i+1 || !a.tuner.rows[i+1].slider.IsFocused() || s.IsFocused() {
		t.Errorf("Down: focus %d; want %d", a.tuner.focus, i+1)
	}
	a.tunerInput(InputState{Keys: []ebiten.Key{ebiten.KeyEnter}})
	if !a.tuner.rows[i+1].input.IsFocused() {
		t.Errorf("Enter: editing %v; want row %d's value open", a.tuner.Editing(), i+1)
	}
	// while typing, every key is the tuner's; Tab takes the value and opens the next
	if in := a.tunerInput(InputState{Keys: []ebiten.Key{ebiten.KeySpace, ebiten.KeyR}}); len(in.Keys) != 0 || !in.Typing {
		t.Errorf("keys while typing: rest %v, typing %v; want none, typing", in.Keys, in.Typing)
	}
	a.tuner.rows[i+1].input.SetText("1.5")
	a.tunerInput(InputState{Keys: []ebiten.Key{ebiten.KeyTab}})
	if got := a.g.Settings().MinimumStateSeconds; got != 1.5 || !a.tuner.rows[i+2].input.IsFocused() || a.tuner.rows[i+1].input.IsFocused() {
		t.Errorf("Tab: %s %v, next row typing %v; want 1.5 and the next row's value open", a.tuner.rows[i+1].p.Name, got, a.tuner.rows[i+2].input.IsFocused())
	}
}

// The ticks: the default's and the session start's, where the track puts
// those values; the Doc, the default and the start in the ToolTip of the
// row's name, and none on its slider (after a drag the pointer rests
// there, and a Doc would cover the odds the drag changed).
func TestTunerTicksAndTooltip(t *testing.T) {
	s := morale.DefaultSettings()
	s.RoutAfterSeconds = 5
	a := tunerApp(t, s)
	i := rowIndex(t, a.tuner, "RoutAfterSeconds")
	r := &a.tuner.rows[i]
	if r.def != 3.5 || r.start != 5 {
		t.Fatalf("RoutAfterSeconds: default %v, start %v; want 3.5 and 5", r.def, r.start)
	}
	tr := r.slider.GetWidget().Rect
	if dx, sx := r.slider.X(r.def), r.slider.X(r.start); !(tr.Min.X < dx && dx < sx && sx < tr.Max.X) {
		t.Errorf("ticks at x %d (default) and %d (start) on track %v; want both inside, the default left", dx, sx, tr)
	}
	tips := r.name.GetWidget().ToolTips
	if len(tips) != 1 || len(r.slider.GetWidget().ToolTips) != 0 {
		t.Fatalf("%d ToolTips on the name, %d on the slider; want 1 and 0", len(tips), len(r.slider.GetWidget().ToolTips))
	}
	set(t, a, "RoutAfterSeconds", 6) // the Doc as it shows: up to date
	tips[0].ToolTipUpdater(nil)
	for _, want := range []string{r.p.Doc, "Default 3.5 ", "session start 5.0", "range 0.0..20.0", "Shift-drag"} {
		if !strings.Contains(r.tip.Label, want) {
			t.Errorf("tooltip %q; want it to contain %q", r.tip.Label, want)
		}
	}
	r.name.GetWidget().FireToolTipEvent(nil, true)
	event.ExecuteDeferred()
	if a.tuner.tipOn != i {
		t.Errorf("the name's ToolTip shown: tipOn %d; want %d (the panel's cache draws it)", a.tuner.tipOn, i)
	}
}

// The row under the pointer is lit, and no longer once it has left.
func TestTunerLightsTheRowUnderThePointer(t *testing.T) {
	windowtest.Skip(t) // reads pixels back
	a := tunerApp(t, morale.DefaultSettings())
	w := a.tuner.rows[1].line.GetWidget()
	for _, tc := range []struct {
		name string
		fire func()
		want color.Color
	}{
		{"entered", func() { w.CursorEnterEvent.Fire(&widget.WidgetCursorEnterEventArgs{Widget: w}) }, widgets.ColRowHover},
		{"left", func() { w.CursorExitEvent.Fire(&widget.WidgetCursorExitEventArgs{Widget: w}) }, color.NRGBA{}},
	} {
		tc.fire()
		event.ExecuteDeferred()
		img := ebiten.NewImage(ScreenW, ScreenH)
		a.tuner.rows[1].line.Render(img)
		r1, g1, b1, a1 := img.At(w.Rect.Min.X+1, w.Rect.Max.Y-1).RGBA()
		r2, g2, b2, a2 := tc.want.RGBA()
		if [4]uint32{r1, g1, b1, a1} != [4]uint32{r2, g2, b2, a2} {
			t.Errorf("%s: the row's corner is %v; want %v", tc.name, img.At(w.Rect.Min.X+1, w.Rect.Max.Y-1), tc.want)
		}
		img.Deallocate()
	}
}

// The wheel over the rows scrolls them, to the end and no further, the bar
// with them; Up to the first row brings it back into view.
func TestTunerWheelScrollsAndRevealsTheFocus(t *testing.T) {
	a := tunerApp(t, morale.DefaultSettings())
	tu := a.tuner
	wheel := func() {
		tu.scroll.GetWidget().ScrolledEvent.Fire(&widget.WidgetScrolledEventArgs{Widget: tu.scroll.GetWidget(), Y: -1})
		event.ExecuteDeferred()
	}
	wheel()
	if tu.top() <= 0 || tu.bar.Current <= 0 {
		t.Fatalf("wheel down: scrolled %d px, bar at %d; want the rows scrolled", tu.top(), tu.bar.Current)
	}
	for range 100 {
		wheel()
	}
	if tu.top() != tu.maxScroll() || tu.bar.Current != scrollUnits {
		t.Errorf("wheel down a lot: scrolled %d, bar %d; want it to stop at %d, %d", tu.top(), tu.bar.Current, tu.maxScroll(), scrollUnits)
	}
	layout(t, a)
	tu.setFocus(1)
	a.tunerInput(InputState{Keys: []ebiten.Key{ebiten.KeyUp}})
	layout(t, a)
	if r, v := tu.rows[0].cell.GetWidget().Rect, tu.scroll.ViewRect(); r.Min.Y < v.Min.Y {
		t.Errorf("Up to the first row: it is at y %d, above the view at %d", r.Min.Y, v.Min.Y)
	}
}

// In the App: a value the settings refuse stays on its row with the
// reason; edits while rewound are pending until Resume; typing keeps the
// keys from the shortcuts.
func TestTunerInTheApp(t *testing.T) {
	a := testApp(t, Config{})
	widgetRects(t, a) // lay the panel out: the tuner's box
	box := a.w.tunerBox.GetWidget().Rect
	if box.Dy() < 200 {
		t.Fatalf("tuner box %v; want room for rows", box)
	}
	i := rowIndex(t, a.tuner, "PanicBelow")
	before := a.g.Settings().PanicBelow
	a.applyEdit(TunerEdit{Row: i, Value: 0.7, Typed: true}) // above ShakenBelow 0.6
	if got := a.g.Settings().PanicBelow; got != before {
		t.Errorf("PanicBelow 0.7: settings took %v; want %v kept", got, before)
	}
	if a.tuner.note.row != i || !strings.Contains(a.tuner.note.text, "PanicBelow") || !a.tuner.Editing() {
		t.Errorf("PanicBelow 0.7: note %q on row %d, editing %v; want the reason on row %d, the text open", a.tuner.note.text, a.tuner.note.row, a.tuner.Editing(), i)
	}
	// typing: Space does not pause
	paused := a.g.Paused()
	in := a.tunerInput(InputState{Keys: []ebiten.Key{ebiten.KeySpace}})
	it := MapInput(in, a.viewport(), a.g.Battle())
	if len(it.Commands) != 0 || !in.Typing {
		t.Errorf("Space while typing: commands %v, typing %v; want none, typing", it.Commands, in.Typing)
	}
	a.tuner.close(i)
	if a.g.Paused() != paused {
		t.Error("Space while typing paused the game")
	}

	for a.g.Time() < 8 {
		a.g.Tick()
	}
	a.do(ActRewindBack)
	j := rowIndex(t, a.tuner, "ShakenBelow")
	a.applyEdit(TunerEdit{Row: j, Value: 0.55})
	a.syncTuner()
	if !a.tuner.rows[j].pending || a.tuner.rows[i].pending {
		t.Errorf("edit while rewound: ShakenBelow pending %v, PanicBelow %v; want only ShakenBelow", a.tuner.rows[j].pending, a.tuner.rows[i].pending)
	}
	a.sessionNotes()
	if got := a.strip.Message(slotSession).Text; !strings.Contains(got, "1 edit pending.") {
		t.Errorf("session note %q; want it to count the pending edit", got)
	}
	a.do(ActResume)
	a.syncTuner()
	if a.tuner.rows[j].pending || a.g.Battle().Settings().ShakenBelow != 0.55 {
		t.Errorf("after Resume: pending %v, battle's ShakenBelow %v; want applied", a.tuner.rows[j].pending, a.g.Battle().Settings().ShakenBelow)
	}
}

// The rows of [custom] come last, under a head of their own; without custom
// rows there is no such head (issue 31).
func TestTunerCustomRowsUnderTheirHead(t *testing.T) {
	s := morale.DefaultSettings()
	s.Weights["Ambush"], s.Weights["Parley"] = -0.3, 0.1
	for _, tc := range []struct {
		name  string
		s     morale.Settings
		heads []string
		last  []string // the rows after the last head
	}{
		{"custom rows", s, []string{"Parameters", "Event weights", "Custom events"}, []string{"Ambush", "Parley"}},
		{"none", morale.DefaultSettings(), []string{"Parameters", "Event weights"}, nil},
	} {
		tu := tunerApp(t, tc.s).tuner
		var heads, last []string
		for k, it := range tu.items {
			if it.head != "" {
				heads, last = append(heads, it.head), nil
				if h, ok := tu.list.Children()[k].(*widget.Text); !ok || h.Label != it.head {
					t.Errorf("%s: widget %d is not the head %q", tc.name, k, it.head)
				}
			} else {
				last = append(last, tu.rows[it.row].p.Name)
			}
		}
		if strings.Join(heads, ",") != strings.Join(tc.heads, ",") {
			t.Errorf("%s: heads got %v; want %v", tc.name, heads, tc.heads)
		}
		if tc.last != nil && strings.Join(last, ",") != strings.Join(tc.last, ",") {
			t.Errorf("%s: rows under the last head got %v; want %v", tc.name, last, tc.last)
		}
	}
}

// rowRect is row i's line in the rows (its name, slider, value and step).
func rowRect(a *App, i int) image.Rectangle { return a.tuner.rows[i].slider.GetWidget().Parent().Rect }

// A row shows the value it was last given (an edit taken, then the
// settings the tuner syncs from): its text is formatted once per change.
func TestTunerShowsTheValueTaken(t *testing.T) {
	a := tunerApp(t, morale.DefaultSettings())
	for _, v := range []float64{0.42, 0.3, 0.42} {
		set(t, a, "PanicBelow", v)
		if err := a.Sync(); err != nil {
			t.Fatal(err)
		}
		r := &a.tuner.rows[rowIndex(t, a.tuner, "PanicBelow")]
		if want := r.sc.FormatValue(v); r.shown.Label != want {
			t.Errorf("PanicBelow set to %v: shows %q; want %q", v, r.shown.Label, want)
		}
	}
}

// Closing a typed value (Enter taken, or Esc) leaves the keyboard focus
// with no widget: ebitenui, which still held the hidden TextInput, must not
// hand the focus on to the panel's first button ("Rally squad" lit as if
// hovered).
func TestClosingATypedValueFocusesNoButton(t *testing.T) {
	for _, tc := range []struct {
		name string
		key  ebiten.Key
		text string
	}{{"Esc", ebiten.KeyEscape, "4.25"}, {"Enter taken", ebiten.KeyEnter, "4.5"}} {
		t.Run(tc.name, func(t *testing.T) {
			a := tunerApp(t, morale.DefaultSettings())
			r := &a.tuner.rows[rowIndex(t, a.tuner, "RoutAfterSeconds")]
			a.tuner.open(rowIndex(t, a.tuner, "RoutAfterSeconds"))
			a.ui.Update() // ebitenui takes note of the focused TextInput
			a.syncTuner()
			r.input.SetText(tc.text)
			a.tunerInput(InputState{Keys: []ebiten.Key{tc.key}})
			for range 3 {
				a.syncTuner() // the TextInput hidden, its value shown
				a.ui.Update()
			}
			if f := a.ui.GetFocusedWidget(); f != nil {
				t.Errorf("after %s: ebitenui's focus on %T; want none", tc.name, f)
			}
			for label, b := range a.w.buttons {
				if b.IsFocused() {
					t.Errorf("after %s: button %q has the focus; want none", tc.name, label)
				}
			}
		})
	}
}

// A pending edit's value is blue, as its handle is and docs/demo.md says
// ("a blue mark and value"); it stayed orange. Once resumed, it is orange
// again.
func TestPendingValueIsBlue(t *testing.T) {
	windowtest.Skip(t)
	a := testApp(t, Config{})
	for a.g.Time() < 8 {
		a.g.Tick()
	}
	a.do(ActRewindBack)
	j := rowIndex(t, a.tuner, "ShakenBelow")
	hues := func() (blue, orange int) {
		t.Helper()
		a.syncTuner()
		img := ebiten.NewImage(ScreenW, ScreenH)
		defer img.Deallocate()
		a.layoutPanel()
		a.ui.Draw(img)
		r := a.tuner.rows[j].shown.GetWidget().Rect
		px := make([]byte, 4*r.Dx()*r.Dy())
		img.SubImage(r).(*ebiten.Image).ReadPixels(px)
		for i := 0; i+3 < len(px); i += 4 {
			red, b := int(px[i]), int(px[i+2])
			switch {
			case b > red+60:
				blue++
			case red > b+60:
				orange++
			}
		}
		return blue, orange
	}
	for _, tc := range []struct {
		name    string
		act     func()
		pending bool
	}{
		{"rewound, before an edit", func() {}, false},
		{"an edit while rewound", func() { a.applyEdit(TunerEdit{Row: j, Value: 0.55}) }, true},
		{"resumed", func() { a.do(ActResume) }, false},
	} {
		tc.act()
		blue, orange := hues()
		if got := blue > 0 && orange == 0; got != tc.pending || (!tc.pending && orange == 0) {
			t.Errorf("%s: got %d blue and %d orange pixels in ShakenBelow's value; want it %s", tc.name, blue, orange,
				map[bool]string{true: "blue", false: "orange"}[tc.pending])
		}
	}
}

// The tuner's weight rows follow the settings whatever changes them: a
// Revert that takes back a custom row a file reload added during the
// what-if leaves no row behind (the banner said "Ambush removed" while
// the tuner kept "Ambush 0.00").
func TestTunerRowsFollowARevert(t *testing.T) {
	a := testApp(t, Config{})
	for a.g.Time() < 8 {
		a.g.Tick()
	}
	a.do(ActRewindBack)
	a.applyEdit(TunerEdit{Row: rowIndex(t, a.tuner, "ShakenBelow"), Value: 0.55})
	a.do(ActResume) // the what-if runs
	s := a.g.Settings().Clone()
	s.Weights["Ambush"] = -0.2 // the file, reloaded, adds a custom row
	if err := a.editor.Replace(s); err != nil {
		t.Fatal(err)
	}
	a.tuner.rebuild(a.g.Settings(), a.editor.Good()) // as reloadFile does
	a.syncTuner()
	has := func() bool {
		for _, r := range a.tuner.rows {
			if r.p.Name == "Ambush" {
				return true
			}
		}
		return false
	}
	for _, tc := range []struct {
		name string
		act  func()
		want bool
	}{
		{"reloaded during the what-if", func() {}, true},
		{"reverted", func() { a.do(ActRevert) }, false},
	} {
		tc.act()
		a.syncTuner()
		_, inSettings := a.g.Settings().Weights["Ambush"]
		if got := has(); got != tc.want || inSettings != tc.want {
			t.Errorf("%s: got an Ambush row %v (in the settings %v); want %v", tc.name, got, inSettings, tc.want)
		}
	}
}
