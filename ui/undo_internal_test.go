package ui

import (
	"image"
	"image/color"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/windowtest"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
	"github.com/moralebreak/moralebreak/ui/published"
)

// Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, and neither reverts the
// what-if (Z alone does); F1 and ? show the keys.
func TestUndoAndHelpKeys(t *testing.T) {
	g := sessionAt(t, game.SceneOpening, 0)
	vp := FieldViewport(ScreenRegions().Field, g.Field())
	for _, tc := range []struct {
		name             string
		in               InputState
		undo, redo, help bool
		revert           bool
	}{
		{"Ctrl+Z", InputState{Ctrl: true, Keys: []ebiten.Key{ebiten.KeyZ}}, true, false, false, false},
		{"Ctrl+Shift+Z", InputState{Ctrl: true, Shift: true, Keys: []ebiten.Key{ebiten.KeyZ}}, false, true, false, false},
		{"Ctrl+Y", InputState{Ctrl: true, Keys: []ebiten.Key{ebiten.KeyY}}, false, true, false, false},
		{"Z", InputState{Keys: []ebiten.Key{ebiten.KeyZ}}, false, false, false, true},
		{"F1", InputState{Keys: []ebiten.Key{ebiten.KeyF1}}, false, false, true, false},
		{"?", InputState{Keys: []ebiten.Key{ebiten.KeySlash}, Shift: true, Chars: []rune{'?'}}, false, false, true, false},
		{"Ctrl+Z while typing", InputState{Ctrl: true, Typing: true, Keys: []ebiten.Key{ebiten.KeyZ}}, false, false, false, false},
	} {
		it := MapInput(tc.in, vp, fieldHits{Battle: g.Battle()})
		if it.Undo != tc.undo || it.Redo != tc.redo || it.ToggleHelp != tc.help || slices.Contains(it.Actions, ActRevert) != tc.revert {
			t.Errorf("%s: undo %v redo %v help %v revert %v; want %v %v %v %v", tc.name, it.Undo, it.Redo, it.ToggleHelp, slices.Contains(it.Actions, ActRevert), tc.undo, tc.redo, tc.help, tc.revert)
		}
	}
}

// Undo takes back at least a hundred tuner edits, newest first, and Redo
// puts them back; a whole drag is one edit; a new edit forgets what was
// undone.
func TestUndoRedoTunerEdits(t *testing.T) {
	a, g := newTestApp(t, Config{})
	row := func(name string) int {
		for i, r := range a.tuner.rows {
			if r.p.Name == name {
				return i
			}
		}
		t.Fatalf("no row %s", name)
		return -1
	}
	start := g.Settings().Clone()
	pb, rd := row("PanicBelow"), row("RoutAfterSeconds")
	const n = 120
	for i := range n {
		if i%2 == 0 {
			a.applyEdit(TunerEdit{Row: pb, Value: 0.20 + 0.001*float64(i%40)})
		} else {
			a.applyEdit(TunerEdit{Row: rd, Value: 2 + 0.1*float64(i%30)})
		}
	}
	end := g.Settings().Clone()
	for range n {
		a.applyIntent(Intent{Undo: true})
	}
	if s := g.Settings(); !s.Equal(start) {
		t.Fatalf("after %d undos: PanicBelow %v RoutAfterSeconds %v; want the start's %v %v", n, s.PanicBelow, s.RoutAfterSeconds, start.PanicBelow, start.RoutAfterSeconds)
	}
	a.applyIntent(Intent{Undo: true})
	if got := a.strip.Message(slotNotice).Text; !strings.HasPrefix(got, "Nothing to undo") {
		t.Errorf("undo with nothing left: %q; want it said", got)
	}
	for range n {
		a.applyIntent(Intent{Redo: true})
	}
	if s := g.Settings(); !s.Equal(end) {
		t.Fatalf("after %d redos: PanicBelow %v; want the end's %v", n, s.PanicBelow, end.PanicBelow)
	}
	// a drag, over several ticks, is one edit
	layout(t, a) // laid out: the tuner's rows
	before := g.Settings().PanicBelow
	drag(t, a, "PanicBelow", a.tuner.rows[pb].slider.X(before), a.tuner.rows[pb].slider.X(before)+20, false)
	if g.Settings().PanicBelow == before {
		t.Fatal("the drag moved nothing")
	}
	a.applyIntent(Intent{Undo: true})
	if got := g.Settings().PanicBelow; got != before {
		t.Errorf("one undo after a drag: PanicBelow %v; want %v, before the whole drag", got, before)
	}
	a.applyEdit(TunerEdit{Row: rd, Value: 5})
	if len(a.undo.undone) != 0 {
		t.Errorf("a new edit kept %d edits to redo; want none", len(a.undo.undone))
	}
}

// Undo and Redo say what they change from the value the parameter has now:
// after a what-if's revert (or a reload of the file) set it back, an undo
// of the edit said "Undone: ShakenBelow 0.50 → 0.60" of a value that was
// 0.60 already, and recorded a settings command that changed nothing.
func TestUndoSaysTheValueItChanges(t *testing.T) {
	for _, tc := range []struct {
		name    string
		between func(t *testing.T, a *App, g *game.Session)
		undo    string
		redo    string
		changes bool // whether the undo applies settings
	}{
		{"nothing between", func(*testing.T, *App, *game.Session) {},
			"Undone: ShakenBelow 0.50 → 0.60 (0 to undo, 1 to redo)", "Redone: ShakenBelow 0.60 → 0.50 (1 to undo, 0 to redo)", true},
		{"a what-if reverted", func(t *testing.T, a *App, g *game.Session) {
			a.run(bindingLabelled(t, "Revert what-if"))
			if got := g.Settings().ShakenBelow; got != 0.6 {
				t.Fatalf("after the revert ShakenBelow is %v; want 0.6", got)
			}
		}, "Undone: ShakenBelow is 0.60 already (set back since, outside the tuner); nothing changed (0 to undo, 1 to redo)",
			"Redone: ShakenBelow 0.60 → 0.50 (1 to undo, 0 to redo)", false},
		{"the file set another value", func(t *testing.T, a *App, g *game.Session) {
			s := g.Settings().Clone()
			s.ShakenBelow = 0.55
			if err := a.editor.Replace(s); err != nil {
				t.Fatal(err)
			}
		}, "Undone: ShakenBelow 0.55 → 0.60 (0 to undo, 1 to redo)", "Redone: ShakenBelow 0.60 → 0.50 (1 to undo, 0 to redo)", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, g := newTestApp(t, Config{})
			for g.Time() < 10 {
				g.Tick()
			}
			for range 3 {
				a.run(bindingLabelled(t, "Rewind 1 s"))
			}
			a.applyEdit(TunerEdit{Row: rowIndex(t, a.tuner, "ShakenBelow"), Value: 0.5})
			a.run(bindingLabelled(t, "Resume from here"))
			for range 60 {
				g.Tick()
			}
			tc.between(t, a, g)
			n := len(g.Recording().Entries)
			a.applyIntent(Intent{Undo: true})
			if got := a.strip.Message(slotNotice).Text; got != tc.undo {
				t.Errorf("undo: got %q; want %q", got, tc.undo)
			}
			if got := g.Settings().ShakenBelow; got != 0.6 {
				t.Errorf("after the undo ShakenBelow is %v; want 0.6", got)
			}
			if got := len(g.Recording().Entries) - n; (got > 0) != tc.changes {
				t.Errorf("the undo recorded %d commands; want settings applied %v", got, tc.changes)
			}
			a.applyIntent(Intent{Redo: true})
			if got := a.strip.Message(slotNotice).Text; got != tc.redo {
				t.Errorf("redo: got %q; want %q", got, tc.redo)
			}
			if got := g.Settings().ShakenBelow; got != 0.5 {
				t.Errorf("after the redo ShakenBelow is %v; want 0.5", got)
			}
		})
	}
}

// Undo and Redo write the values as the row writes them: a value typed
// off the step keeps its figures ("RoutAfterSeconds 2.25" on its row), where
// the message wrote it to the step's decimals, "Undone: RoutAfterSeconds
// 2.2 → 3.5", a value the row never showed.
func TestUndoWritesValuesAsTheRow(t *testing.T) {
	for _, tc := range []struct {
		param      string
		typed      float64
		undo, redo string
	}{
		{"RoutAfterSeconds", 2.25, "Undone: RoutAfterSeconds 2.25 → 3.5 (0 to undo, 1 to redo)", "Redone: RoutAfterSeconds 3.5 → 2.25 (1 to undo, 0 to redo)"},
		{"ShakenBelow", 0.625, "Undone: ShakenBelow 0.625 → 0.60 (0 to undo, 1 to redo)", "Redone: ShakenBelow 0.60 → 0.625 (1 to undo, 0 to redo)"},
		{"NoEffectRadius", 3025, "Undone: NoEffectRadius 3025 → 3000 (0 to undo, 1 to redo)", "Redone: NoEffectRadius 3000 → 3025 (1 to undo, 0 to redo)"},
		{"PanicBelow", 0.3, "Undone: PanicBelow 0.30 → 0.25 (0 to undo, 1 to redo)", "Redone: PanicBelow 0.25 → 0.30 (1 to undo, 0 to redo)"},
	} {
		t.Run(tc.param, func(t *testing.T) {
			a, _ := newTestApp(t, Config{})
			i := rowIndex(t, a.tuner, tc.param)
			a.applyEdit(TunerEdit{Row: i, Value: tc.typed})
			if got, want := a.tuner.rows[i].text, ScaleOf(a.tuner.rows[i].p).FormatValue(tc.typed); got != want {
				t.Fatalf("the row reads %q; want %q", got, want)
			}
			a.applyIntent(Intent{Undo: true})
			if got := a.strip.Message(slotNotice).Text; got != tc.undo {
				t.Errorf("undo: got %q; want %q", got, tc.undo)
			}
			a.applyIntent(Intent{Redo: true})
			if got := a.strip.Message(slotNotice).Text; got != tc.redo {
				t.Errorf("redo: got %q; want %q", got, tc.redo)
			}
		})
	}
}

// F1 shows the keys' sheet, with every key of the scene's bindings, and
// publishes it (the browser test reads it); Esc hides it and is not passed
// on.
func TestHelpSheet(t *testing.T) {
	a, _ := newTestApp(t, Config{})
	a.applyIntent(Intent{ToggleHelp: true})
	if !a.helpOpen {
		t.Fatal("F1 did not show the keys")
	}
	sheet := strings.Join(a.helpLines, "\n")
	for _, b := range SceneBindings(game.SceneOpening) {
		if len(b.Keys) > 0 && !strings.Contains(sheet, b.KeyName) {
			t.Errorf("the sheet lacks %s (%s):\n%s", b.KeyName, b.Label, sheet)
		}
	}
	for _, want := range []string{"Ctrl+Z", "F1 or ?", "` (backquote)"} {
		if !strings.Contains(sheet, want) {
			t.Errorf("the sheet lacks %q", want)
		}
	}
	if st := a.Published(); st.Help != sheet || st.HelpRect.W == 0 || st.HelpRect.H == 0 {
		t.Errorf("published: help %q in %+v; want the sheet and its rectangle", st.Help, st.HelpRect)
	}
	in := a.helpInput(InputState{Keys: []ebiten.Key{ebiten.KeyEscape}})
	if a.helpOpen || len(in.Keys) != 0 {
		t.Errorf("Esc: open %v, keys passed on %v; want closed, none", a.helpOpen, in.Keys)
	}
	if st := a.Published(); st.Help != "" || st.HelpRect != (published.Rect{}) {
		t.Errorf("published after Esc: help %q in %+v; want none", st.Help, st.HelpRect)
	}
}

// A drag into a value the settings refuse is shown on its row alone (the
// refused value in red, an outline where the handle would be), covering
// no other row, and the strip says why.
func TestRefusedDragStaysOnItsRow(t *testing.T) {
	windowtest.Skip(t) // it reads pixels back
	a, _ := newTestApp(t, Config{})
	layout(t, a)
	box := a.w.tunerBox.GetWidget().Rect
	row := rowIndex(t, a.tuner, "PanicBelow")
	draw := func() *image.RGBA {
		img := ebiten.NewImage(ScreenW, ScreenH)
		defer img.Deallocate()
		a.ui.Draw(img)
		out := image.NewRGBA(img.Bounds())
		img.ReadPixels(out.Pix)
		return out
	}
	before := draw()
	a.applyEdit(TunerEdit{Row: row, Value: 0.9}) // above ShakenBelow: refused
	a.syncTuner()
	if n := a.tuner.note; n.row != row || n.typed || n.refused != 0.9 {
		t.Fatalf("note %+v; want on PanicBelow's row, at 0.9", n)
	}
	if got := a.strip.Message(slotNotice).Text; !strings.Contains(got, "PanicBelow") {
		t.Errorf("strip %q; want why PanicBelow was refused", got)
	}
	after := draw()
	line, changed := rowRect(a, row), 0
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if before.RGBAAt(x, y) == after.RGBAAt(x, y) {
				continue
			}
			if !image.Pt(x, y).In(line) {
				t.Fatalf("the refusal changed pixel (%d, %d) outside its row %v", x, y, line)
			}
			changed++
		}
	}
	if changed == 0 {
		t.Error("the refusal changed nothing on its row; want its name in red and an outline at 0.9")
	}
}

// The keys' sheet hides what lies under it: drawn over a white screen, the
// inside of its box is the sheet's own colour, so the Why panel's text
// under it does not show through between its lines (at 94% it did, as a
// grey ghost of every line).
func TestHelpSheetIsOpaque(t *testing.T) {
	windowtest.Skip(t)
	a, _ := newTestApp(t, Config{})
	a.applyIntent(Intent{ToggleHelp: true})
	screen := ebiten.NewImage(ScreenW, ScreenH)
	screen.Fill(color.White)
	a.drawHelp(screen)
	box := a.helpBox.GetWidget().Rect
	at := image.Pt(box.Max.X-4, box.Max.Y-4) // inside the box, clear of its text
	want := widgets.ColHelp
	want.A = 0xff
	if got := color.NRGBAModel.Convert(screen.At(at.X, at.Y)).(color.NRGBA); got != want {
		t.Errorf("the sheet at %v over white: got %v; want its own colour %v, opaque", at, got, want)
	}
}
