package ui

import (
	"image"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/morale"
)

// The tuner's input mapping, without a window: a tick of input in, edits out.

var tunerBox = image.Rect(900, 300, 1260, 640)

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

// rowAt is the geometry of the named row.
func rowAt(t *testing.T, tu *Tuner, name string) (int, rowGeom) {
	t.Helper()
	i := rowIndex(t, tu, name)
	return i, tu.geom(tunerBox, tu.itemOf(i))
}

// apply takes the edits as an Editor would: every one.
func apply(tu *Tuner, edits []TunerEdit) {
	for _, e := range edits {
		tu.Taken(e)
	}
}

// drag presses at x0 on the named row's track, moves to x1 a pixel at a
// time (Shift held when fine) and lets go; it returns the last value set.
func drag(t *testing.T, tu *Tuner, name string, x0, x1 int, fine bool) float64 {
	t.Helper()
	i, g := rowAt(t, tu, name)
	y := g.track.Min.Y + g.track.Dy()/2
	apply(tu, first(tu.Input(InputState{X: x0, Y: y, LeftClick: true, LeftHeld: true, Shift: fine}, tunerBox)))
	step := 1
	if x1 < x0 {
		step = -1
	}
	for x := x0; x != x1; {
		x += step
		apply(tu, first(tu.Input(InputState{X: x, Y: y, LeftHeld: true, Shift: fine}, tunerBox)))
	}
	apply(tu, first(tu.Input(InputState{X: x1, Y: y}, tunerBox)))
	return tu.rows[i].value
}

func first(e []TunerEdit, _ []ebiten.Key) []TunerEdit { return e }

func TestTunerDragIsPlainOrTenTimesFiner(t *testing.T) {
	tu := newTuner(morale.DefaultSettings())
	i, g := rowAt(t, tu, "RoutAfterSeconds")
	r := &tu.rows[i]
	x := trackX(r.sc, g.track, 3.5)
	perPx := dragPerPx(r.sc, g.track)

	plain := drag(t, tu, "RoutAfterSeconds", x, x+16, false)
	if want := snap(r, 3.5+16*perPx, false); math.Abs(plain-want) > r.sc.Step/2+1e-9 {
		t.Errorf("plain drag of 16 px from 3.5: got %v; want about %v (%v a pixel)", plain, want, perPx)
	}
	if d := plain / r.sc.Step; math.Abs(d-math.Round(d)) > 1e-6 {
		t.Errorf("plain drag: got %v; want a whole number of steps of %v", plain, r.sc.Step)
	}
	tu.Taken(TunerEdit{Row: i, Value: 3.5})
	fine := drag(t, tu, "RoutAfterSeconds", x, x+16, true)
	if got, want := fine-3.5, 16*perPx/TunerFine; math.Abs(got-want) > r.sc.Step/TunerFine {
		t.Errorf("Shift-drag of 16 px from 3.5: moved %v; want about %v, ten times finer", got, want)
	}
	if fine == 3.5 || fine-3.5 >= plain-3.5 {
		t.Errorf("Shift-drag moved to %v, plain drag to %v; want the fine one to move, less", fine, plain)
	}
	// a fine drag does not jump to the pointer: pressing far from the
	// handle changes nothing until the pointer moves
	tu.Taken(TunerEdit{Row: i, Value: 3.5})
	y := g.track.Min.Y + g.track.Dy()/2
	if e, _ := tu.Input(InputState{X: g.track.Max.X - 2, Y: y, LeftClick: true, LeftHeld: true, Shift: true}, tunerBox); len(e) != 0 {
		t.Errorf("Shift-press far from the handle: got edits %v; want none", e)
	}
	tu.Input(InputState{X: g.track.Max.X - 2, Y: y}, tunerBox)
}

// A plain drag moves a threshold by at most 0.01 per 4 pixels (8 px moved
// PanicBelow by 0.08 before), and a press on the handle does not move it.
func TestTunerPlainDragIsCalm(t *testing.T) {
	for _, name := range []string{"ShakenBelow", "PanicBelow", "Hysteresis"} {
		tu := newTuner(morale.DefaultSettings())
		i, g := rowAt(t, tu, name)
		r := &tu.rows[i]
		start := r.value
		x := trackX(r.sc, g.track, start)
		y := g.track.Min.Y + g.track.Dy()/2
		if e, _ := tu.Input(InputState{X: x + 2, Y: y, LeftClick: true, LeftHeld: true}, tunerBox); len(e) != 0 {
			t.Errorf("%s: a press on the handle gave edits %v; want none", name, e)
		}
		tu.Input(InputState{X: x + 2, Y: y}, tunerBox)
		for _, px := range []int{4, 8, 40} {
			tu.Taken(TunerEdit{Row: i, Value: start})
			got := drag(t, tu, name, x, x+px, false)
			if d := got - start; d > 0.01*float64(px)/4+1e-9 || d <= 0 {
				t.Errorf("%s: a plain drag of %d px moved %v; want more than 0, at most %v", name, px, d, 0.01*float64(px)/4)
			}
		}
	}
	// a wide range still crosses in a few track widths
	tu := newTuner(morale.DefaultSettings())
	i, g := rowAt(t, tu, "NoEffectRadius")
	if r := &tu.rows[i]; dragPerPx(r.sc, g.track)*float64(4*(g.track.Dx()-1)) < r.sc.Max-r.sc.Min-1e-9 {
		t.Errorf("NoEffectRadius: %v a pixel; want its range within four track widths", dragPerPx(r.sc, g.track))
	}
}

func TestTunerResetsToTheDefault(t *testing.T) {
	s := morale.DefaultSettings()
	s.ShakenBelow = 0.5 // the session starts away from the default
	tu := newTuner(s)
	i, g := rowAt(t, tu, "ShakenBelow")
	e, _ := tu.Input(InputState{X: g.name.Min.X + 10, Y: g.row.Min.Y + 5, RightClick: true}, tunerBox)
	if len(e) != 1 || e[0].Row != i || e[0].Value != 0.6 {
		t.Fatalf("right-click on ShakenBelow: got %v; want it back to the default 0.6", e)
	}
	if tu.rows[i].start != 0.5 {
		t.Errorf("session start of ShakenBelow: got %v; want 0.5", tu.rows[i].start)
	}
	// Delete on the focused row does the same
	tu.Taken(TunerEdit{Row: i, Value: 0.42})
	e, _ = tu.Input(InputState{X: 0, Y: 0, Keys: []ebiten.Key{ebiten.KeyDelete}}, tunerBox)
	if len(e) != 1 || e[0].Value != 0.6 {
		t.Errorf("Delete on the focused row: got %v; want the default 0.6", e)
	}
	// a custom weight row has no default: back to where the session began
	c := s.Clone()
	c.Weights["Whistle"] = -0.2
	tu = newTuner(c)
	tu.reveal(tunerBox, rowIndex(t, tu, "Whistle")) // the last row: scrolled into view
	i, g = rowAt(t, tu, "Whistle")
	tu.Taken(TunerEdit{Row: i, Value: 0.3})
	e, _ = tu.Input(InputState{X: g.name.Min.X + 10, Y: g.row.Min.Y + 5, RightClick: true}, tunerBox)
	if len(e) != 1 || e[0].Value != -0.2 {
		t.Errorf("reset of a custom row: got %v; want its starting -0.2", e)
	}
}

// typeValue clicks the named row's value, types s and presses Enter.
func typeValue(t *testing.T, tu *Tuner, name, s string) []TunerEdit {
	t.Helper()
	_, g := rowAt(t, tu, name)
	cx, cy := g.value.Min.X+10, g.value.Min.Y+5
	if e, _ := tu.Input(InputState{X: cx, Y: cy, LeftClick: true, LeftHeld: true}, tunerBox); len(e) != 0 {
		t.Fatalf("click on the value: got edits %v; want none", e)
	}
	tu.Input(InputState{X: cx, Y: cy}, tunerBox)
	if !tu.Editing() {
		t.Fatalf("click on %s's value: not typing", name)
	}
	tu.Input(InputState{X: cx, Y: cy, Chars: []rune(s)}, tunerBox)
	e, rest := tu.Input(InputState{X: cx, Y: cy, Keys: []ebiten.Key{ebiten.KeyEnter}}, tunerBox)
	if len(rest) != 0 {
		t.Errorf("Enter while typing: keys %v left for the shortcuts; want none", rest)
	}
	return e
}

func TestTunerTakesATypedValue(t *testing.T) {
	tu := newTuner(morale.DefaultSettings())
	i := rowIndex(t, tu, "RoutAfterSeconds")
	e := typeValue(t, tu, "RoutAfterSeconds", "4.25")
	if len(e) != 1 || e[0] != (TunerEdit{Row: i, Value: 4.25, Typed: true}) {
		t.Fatalf("typing 4.25: got %v; want RoutAfterSeconds = 4.25, typed", e)
	}
	tu.Taken(e[0])
	if tu.Editing() || tu.rows[i].sc.FormatValue(tu.rows[i].value) != "4.25" {
		t.Errorf("after Enter: editing %v, shows %s; want closed, 4.25", tu.Editing(), tu.rows[i].sc.FormatValue(tu.rows[i].value))
	}
	// "−" reads as a minus; a weight takes a typed value
	if e := typeValue(t, tu, "AllyDown", "−0.333"); len(e) != 1 || e[0].Value != -0.333 {
		t.Errorf("typing −0.333 for AllyDown: got %v", e)
	}
}

// Bad input: refused on the row with the reason, nothing changes, the text
// stays open to mend.
func TestTunerRefusesBadTypedValues(t *testing.T) {
	for _, tc := range []struct{ in, reason string }{
		{"abc", `"abc" is not a number`},
		{"NaN", "not a finite number"},
		{"Inf", "not a finite number"},
		{"-inf", "not a finite number"},
		{"1e999", "not a finite number"},
		{"0.6.1", "is not a number"},
		{"1.5", "outside its range 0.00..1.00"},
		{"-0.01", "outside its range"},
		{"   ", "type a number"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			tu := newTuner(morale.DefaultSettings())
			i := rowIndex(t, tu, "ShakenBelow")
			if e := typeValue(t, tu, "ShakenBelow", tc.in); len(e) != 0 {
				t.Fatalf("typing %q: got edits %v; want none", tc.in, e)
			}
			if tu.note.row != i || !strings.Contains(tu.note.text, tc.reason) || !strings.HasPrefix(tu.note.text, "ShakenBelow: ") {
				t.Errorf("typing %q: note on row %d %q; want on row %d, naming ShakenBelow and saying %q", tc.in, tu.note.row, tu.note.text, i, tc.reason)
			}
			if !tu.Editing() || tu.rows[i].value != 0.6 {
				t.Errorf("typing %q: editing %v, value %v; want the text open and 0.6 kept", tc.in, tu.Editing(), tu.rows[i].value)
			}
			tu.Input(InputState{Keys: []ebiten.Key{ebiten.KeyEscape}}, tunerBox)
			if tu.Editing() || tu.note.row >= 0 {
				t.Errorf("Esc: editing %v, note %q; want both gone", tu.Editing(), tu.note.text)
			}
		})
	}
}

func TestTunerKeysOnTheFocusedRow(t *testing.T) {
	tu := newTuner(morale.DefaultSettings())
	i, g := rowAt(t, tu, "Hysteresis")
	tu.Input(InputState{X: g.name.Min.X + 5, Y: g.row.Min.Y + 5, LeftClick: true, LeftHeld: true}, tunerBox)
	tu.Input(InputState{X: g.name.Min.X + 5, Y: g.row.Min.Y + 5}, tunerBox)
	for _, tc := range []struct {
		keys  []ebiten.Key
		shift bool
		want  float64
	}{
		{[]ebiten.Key{ebiten.KeyRight}, false, 0.16},
		{[]ebiten.Key{ebiten.KeyLeft}, true, 0.159},
		{[]ebiten.Key{ebiten.KeyLeft}, false, 0.15},
	} {
		e, rest := tu.Input(InputState{Keys: tc.keys, Shift: tc.shift}, tunerBox)
		apply(tu, e)
		if len(rest) != 0 || len(e) != 1 || math.Abs(e[0].Value-tc.want) > 1e-12 {
			t.Errorf("%v (shift %v): got %v, rest %v; want Hysteresis %v", tc.keys, tc.shift, e, rest, tc.want)
		}
	}
	// a key that is not the tuner's goes on to the shortcuts
	if _, rest := tu.Input(InputState{Keys: []ebiten.Key{ebiten.KeySpace}}, tunerBox); len(rest) != 1 {
		t.Errorf("Space on a focused row: rest %v; want it left for the shortcuts", rest)
	}
	tu.Input(InputState{Keys: []ebiten.Key{ebiten.KeyDown}}, tunerBox)
	if tu.focus != i+1 {
		t.Errorf("Down: focus %d; want %d", tu.focus, i+1)
	}
	tu.Input(InputState{Keys: []ebiten.Key{ebiten.KeyEnter}}, tunerBox)
	if !tu.Editing() || tu.edit.row != i+1 {
		t.Errorf("Enter: editing %v row %d; want row %d's value open", tu.Editing(), tu.edit.row, i+1)
	}
	// while typing, every key is the tuner's
	if _, rest := tu.Input(InputState{Keys: []ebiten.Key{ebiten.KeySpace, ebiten.KeyR}}, tunerBox); len(rest) != 0 {
		t.Errorf("keys while typing: rest %v; want none", rest)
	}
}

// The ticks: the default's and the session start's, where the track puts
// those values; the Doc, the default and the start in the hover's tooltip.
func TestTunerTicksAndTooltip(t *testing.T) {
	s := morale.DefaultSettings()
	s.RoutAfterSeconds = 5
	tu := newTuner(s)
	i, g := rowAt(t, tu, "RoutAfterSeconds")
	r := tu.rows[i]
	if r.def != 3.5 || r.start != 5 {
		t.Fatalf("RoutAfterSeconds: default %v, start %v; want 3.5 and 5", r.def, r.start)
	}
	if dx, sx := trackX(r.sc, g.track, r.def), trackX(r.sc, g.track, r.start); !(g.track.Min.X < dx && dx < sx && sx < g.track.Max.X) {
		t.Errorf("ticks at x %d (default) and %d (start) on track %v; want both inside, the default left", dx, sx, g.track)
	}
	in := InputState{X: g.name.Min.X + 5, Y: g.row.Min.Y + 5}
	for range tunerHoverAt + 1 {
		tu.Input(in, tunerBox)
	}
	tip := tu.tip()
	for _, want := range []string{r.p.Doc, "Default 3.5 ", "session start 5.0", "range 0.0..20.0", "Shift-drag"} {
		if !strings.Contains(tip, want) {
			t.Errorf("tooltip %q; want it to contain %q", tip, want)
		}
	}
}

// After a drag the row's Doc does not cover the panel (the odds the drag
// changed) while the pointer rests on the row; it shows again once the
// pointer has left the row and hovers it anew.
func TestTunerNoTooltipAfterADrag(t *testing.T) {
	tu := newTuner(morale.DefaultSettings())
	_, g := rowAt(t, tu, "RoutAfterSeconds")
	in := InputState{X: g.track.Min.X + 10, Y: g.row.Min.Y + 5, LeftClick: true, LeftHeld: true}
	for x := range 5 {
		in.X += 5 * x
		tu.Input(in, tunerBox)
		in.LeftClick = false
	}
	in.LeftHeld = false
	for range 3 * tunerHoverAt {
		tu.Input(in, tunerBox)
	}
	if tip := tu.tip(); tip != "" {
		t.Errorf("resting on the dragged row: tooltip %q; want none", tip)
	}
	tu.Input(InputState{X: tunerBox.Max.X + 20, Y: in.Y}, tunerBox)
	for range tunerHoverAt + 1 {
		tu.Input(in, tunerBox)
	}
	if tip := tu.tip(); !strings.Contains(tip, "RoutAfterSeconds") {
		t.Errorf("back on the row after leaving it: tooltip %q; want its Doc", tip)
	}
}

func TestTunerWheelScrollsAndRevealsTheFocus(t *testing.T) {
	tu := newTuner(morale.DefaultSettings())
	in := InputState{X: tunerBox.Min.X + 50, Y: tunerBox.Min.Y + 50, WheelY: -1}
	tu.Input(in, tunerBox)
	if tu.scroll <= 0 {
		t.Fatalf("wheel down: scroll %d; want the rows scrolled", tu.scroll)
	}
	for range 100 {
		tu.Input(in, tunerBox)
	}
	if tu.scroll != tu.maxScroll(tunerBox.Dy()) {
		t.Errorf("wheel down a lot: scroll %d; want it to stop at %d", tu.scroll, tu.maxScroll(tunerBox.Dy()))
	}
	tu.focus = 1
	tu.Input(InputState{Keys: []ebiten.Key{ebiten.KeyUp}}, tunerBox)
	if g := tu.geom(tunerBox, tu.itemOf(0)); g.row.Min.Y < tunerBox.Min.Y {
		t.Errorf("Up to the first row: it is at y %d, above the box at %d", g.row.Min.Y, tunerBox.Min.Y)
	}
}

// In the App: a value the settings refuse stays on its row with the
// reason; edits while rewound are pending until Resume; typing keeps the
// keys from the shortcuts.
func TestTunerInTheApp(t *testing.T) {
	a := testApp(t, Config{})
	widgetRects(t, a) // lay the panel out: the tuner's box
	box := a.tunerRect()
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
	a.tuner.close()
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
	if got := a.strip.text(SlotSession); !strings.Contains(got, "1 edit pending.") {
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
		tu := newTuner(tc.s)
		var heads, last []string
		for _, it := range tu.items {
			if it.head != "" {
				heads, last = append(heads, it.head), nil
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
