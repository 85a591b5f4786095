package ui

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/event"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
)

// widgetRects lays a's widgets out (ebitenui lays out as it draws: into an
// image that is never shown, which needs no display) and returns every
// widget's rectangle, in tree order, by its path.
func widgetRects(t *testing.T, a *App) map[string]image.Rectangle {
	t.Helper()
	a.layoutPanel()
	img := ebiten.NewImage(ScreenW, ScreenH)
	defer img.Deallocate()
	a.ui.Draw(img)
	out := map[string]image.Rectangle{}
	var walk func(path string, w widget.PreferredSizeLocateableWidget)
	walk = func(path string, w widget.PreferredSizeLocateableWidget) {
		out[path] = w.GetWidget().Rect
		if c, ok := w.(*widget.Container); ok {
			for i, ch := range c.Children() {
				walk(fmt.Sprintf("%s/%d", path, i), ch)
			}
		}
	}
	walk("root", a.w.root)
	for label, b := range a.w.buttons {
		out["button "+label] = b.GetWidget().Rect
	}
	return out
}

func testApp(t *testing.T, cfg Config) *App {
	t.Helper()
	return sceneApp(t, cfg, game.SceneOpening)
}

// sceneApp is an App over a new session of scene.
func sceneApp(t *testing.T, cfg Config, scene string) *App {
	t.Helper()
	return appOver(t, sessionAt(t, scene, 0), cfg, nil)
}

// No message moves a widget: with the strip empty, holding one line, three
// lines (a notice, a what-if, the lint) or more than it can show, every
// widget of the panel stays where it was, to the pixel, and the strip
// keeps its place and size.
func TestMessagesMoveNoWidget(t *testing.T) {
	a := testApp(t, Config{})
	a.strip.Clear()
	base := widgetRects(t, a)
	if r := a.w.stripBox.GetWidget().Rect; r.Dy() != widgets.StripH || r.Empty() {
		t.Fatalf("strip laid out at %v; want a box %d px high", r, widgets.StripH)
	}
	long := strings.Repeat("Eriksen routs at 9.1 s instead of 10.5 s; ", 12)
	for _, tc := range []struct {
		name  string
		set   func()
		lines int // the strip's lines, at least
	}{
		{"no message", func() {}, 0},
		{"one line", func() { a.showBanner("saved weights.toml", false, 10) }, 1},
		{"three lines", func() {
			a.showBanner("ShakenBelow = 0.2 rejected: PanicBelow must be below ShakenBelow", true, 10)
			a.strip.Set(slotSession, "What-if with AllyDown −0.25: Eriksen routs at 9.1 s instead of 10.5 s", widgets.ToneInfo, -1)
			a.strip.Set(slotLint, "Lint (1): flicker", widgets.ToneWarn, -1)
		}, 3},
		{"overflowing", func() {
			a.showBanner(long, true, -1)
			a.strip.Set(slotSession, long, widgets.ToneInfo, -1)
			a.strip.Set(slotLint, long, widgets.ToneWarn, -1)
		}, widgets.StripLines},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a.strip.Clear()
			tc.set()
			got := widgetRects(t, a)
			if n := a.strip.Lines(); n < tc.lines || n > widgets.StripLines {
				t.Errorf("strip lines: got %d; want %d..%d", n, tc.lines, widgets.StripLines)
			}
			for path, r := range base {
				if got[path] != r {
					t.Errorf("%s: moved from %v to %v", path, r, got[path])
				}
			}
		})
	}
}

// A message that does not fit ends in "…" and the strip's ebitenui
// tooltip holds it whole; with every message fitting it has none to show.
func TestCutMessageShowsWholeOnHover(t *testing.T) {
	a := testApp(t, Config{})
	long := strings.Repeat("with AllyDown −0.25: Eriksen routs at 9.1 s instead of 10.5 s; ", 6)
	a.strip.Clear()
	a.strip.Set(slotSession, long, widgets.ToneInfo, -1)
	a.strip.Set(slotLint, "Lint (1): flicker", widgets.ToneWarn, -1)
	widgetRects(t, a)
	box := a.w.stripBox.Children()[0].(*widget.Container)
	if n := len(box.GetWidget().ToolTips); n != 1 {
		t.Fatalf("strip: got %d tooltips; want 1", n)
	}
	rows := box.Children()
	if len(rows) != widgets.StripLines {
		t.Fatalf("strip box: got %d rows; want %d", len(rows), widgets.StripLines)
	}
	shown, tip := a.strip.Rows()
	if got := shown[widgets.StripLines-2]; !strings.HasSuffix(got, "…") {
		t.Errorf("the session's last row %q; want it to end in …", got)
	}
	if got := shown[widgets.StripLines-1]; got != "Lint (1): flicker" {
		t.Errorf("last row %q; want the lint", got)
	}
	if tip != long {
		t.Errorf("tooltip: got %q; want the cut message whole", tip)
	}
	a.strip.Set(slotSession, "short", widgets.ToneInfo, -1)
	a.layoutPanel()
	if shown, tip = a.strip.Rows(); shown[0] != "short" || tip != "" {
		t.Errorf("messages that fit: first row %q, tooltip %q; want the message and no tooltip", shown[0], tip)
	}
	a.strip.Clear()
	a.layoutPanel()
	if shown, _ = a.strip.Rows(); shown[0] != "No messages." {
		t.Errorf("an empty strip: first row %q; want No messages.", shown[0])
	}
}

// The odds panel gets its slot in the tuner's panel without moving a
// button, the strip, the selection or the foot (only the tuner's rows end
// higher), and no message moves it: with three lines in the strip and a
// long message, the slot is where it was, to the pixel.
func TestOddsPanelMovesNoWidget(t *testing.T) {
	plain := widgetRects(t, testApp(t, Config{}))
	a := testApp(t, Config{Odds: newFakeOdds()})
	t.Cleanup(func() {
		if err := a.Close(); err != nil {
			t.Error(err)
		}
	})
	if !a.oddsFolded {
		t.Error("the odds panel starts open; want it folded to its line")
	}
	a.foldOdds(false)
	with := widgetRects(t, a)
	slot := a.oddsSlot()
	if open, _, _ := a.odds.Heights(); slot.Dy() != open || slot.Dx() != panelInner {
		t.Fatalf("odds slot %v; want %d×%d", slot, panelInner, open)
	}
	if panel := ScreenRegions().Panel; !slot.In(panel) {
		t.Errorf("odds slot %v leaves the panel %v", slot, panel)
	}
	for path, r := range plain {
		if !strings.HasPrefix(path, "button ") {
			continue
		}
		if with[path] != r {
			t.Errorf("%s: at %v without the odds panel, %v with it", path, r, with[path])
		}
		if r.Overlaps(slot) {
			t.Errorf("%s at %v overlaps the odds slot %v", path, r, slot)
		}
	}
	for name, w := range map[string]*widget.Container{"strip": a.w.stripBox, "tuner": a.w.tunerBox} {
		if r := w.GetWidget().Rect; r.Overlaps(slot) {
			t.Errorf("%s %v overlaps the odds slot %v", name, r, slot)
		}
	}
	if got, want := a.w.fileNote.GetWidget().Rect, testAppFileNote(t); got != want {
		t.Errorf("foot: at %v with the odds panel, %v without", got, want)
	}

	a.showBanner("ShakenBelow = 0.2 rejected: PanicBelow must be below ShakenBelow", true, 10)
	a.strip.Set(slotSession, strings.Repeat("with AllyDown −0.25: Eriksen routs at 9.1 s instead of 10.5 s; ", 6), widgets.ToneInfo, -1)
	a.strip.Set(slotLint, "Lint (1): flicker", widgets.ToneWarn, -1)
	after := widgetRects(t, a)
	if got := a.oddsSlot(); got != slot {
		t.Errorf("odds slot at %v with three messages, %v without", got, slot)
	}
	for path, r := range with {
		if after[path] != r {
			t.Errorf("%s: at %v before the messages, %v after", path, r, after[path])
		}
	}
}

// A click on the odds panel's title folds it to a line and back, like a
// drawer: folded, the foot's keys come back under it; the tuner's rows
// keep their top and take the room, and no button, the strip or the
// file's note (the panel's last line) moves.
func TestOddsFoldMovesNoButton(t *testing.T) {
	a := openingOdds(t)
	a.foldOdds(false)
	open := widgetRects(t, a)
	slot, rows := a.oddsSlot(), a.w.tunerBox.GetWidget().Rect
	if v := a.w.help.GetWidget().GetVisibility(); v != widget.Visibility_Hide || slot.Max.Y+6 < a.w.fileNote.GetWidget().Rect.Min.Y {
		t.Errorf("open: the keys' visibility %v, odds slot %v, file note %v; want the keys hidden, their room the odds'", v, slot, a.w.fileNote.GetWidget().Rect)
	}
	if clickOdds(a, 8); !a.oddsFolded {
		t.Fatal("click on the odds' title: open; want folded")
	}
	folded := widgetRects(t, a)
	_, oddsFoldedH, oddsHeadH := a.odds.Heights()
	fs, help, note := a.oddsSlot(), a.w.help.GetWidget().Rect, a.w.fileNote.GetWidget().Rect
	if fs.Dy() != oddsFoldedH || a.w.help.GetWidget().GetVisibility() != widget.Visibility_Show || fs.Max.Y > help.Min.Y || help.Max.Y > note.Min.Y {
		t.Errorf("folded odds slot %v, keys at %v, file note at %v; want a slot %d px high over the keys over the note", fs, help, note, oddsFoldedH)
	}
	if got := a.w.tunerBox.GetWidget().Rect; got.Min != rows.Min || got.Max.Y-rows.Max.Y != fs.Min.Y-slot.Min.Y {
		t.Errorf("tuner rows %v folded, %v open; want the same top, the bottom where the slot's top went (%v open, %v folded)", got, rows, slot, fs)
	}
	for path, r := range open {
		if strings.HasPrefix(path, "button ") && folded[path] != r {
			t.Errorf("%s: at %v open, %v folded", path, r, folded[path])
		}
	}
	if got, want := a.w.fileNote.GetWidget().Rect, testAppFileNote(t); got != want {
		t.Errorf("foot at %v folded, %v without odds", got, want)
	}
	if clickOdds(a, oddsHeadH+4); !a.oddsFolded {
		t.Error("a click under the folded title unfolded the panel")
	}
	clickOdds(a, 8)
	widgetRects(t, a)
	if got := a.oddsSlot(); a.oddsFolded || got != slot {
		t.Errorf("unfolded: folded %v, slot %v; want open at %v", a.oddsFolded, got, slot)
	}
}

// clickOdds fires a left click on the odds panel's slot, y pixels under
// its top, as ebitenui's Update does for a click there (the panel is the
// UI's: the click does not reach the field).
func clickOdds(a *App, y int) {
	w := a.w.oddsBox.GetWidget()
	w.MouseButtonClickedEvent.Fire(&widget.WidgetMouseButtonClickedEventArgs{Widget: w, Button: ebiten.MouseButtonLeft, OffsetX: 40, OffsetY: y})
	event.ExecuteDeferred()
}

func testAppFileNote(t *testing.T) image.Rectangle {
	a := testApp(t, Config{})
	widgetRects(t, a)
	return a.w.fileNote.GetWidget().Rect
}

// Every widget of the panel lies inside the panel's region, in both
// scenes: a label wider than the panel would widen it over the field. The
// weights file's note names the file, whose path has no space to wrap at:
// one in folders of long names (-weights) widened the panel, its left
// part and "Selected: …" under the field.
func TestPanelStaysInItsRegion(t *testing.T) {
	long := filepath.Join(t.TempDir(), "designers-balance-work-folder", "morale-tuning-2026-december-session")
	if err := os.MkdirAll(long, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, scene := range game.Scenes() {
		for _, weights := range []string{"", filepath.Join(long, "weights.toml")} {
			t.Run(scene+" "+weights, func(t *testing.T) {
				a := sceneApp(t, Config{WeightsPath: weights}, scene)
				panel := ScreenRegions().Panel
				for path, r := range widgetRects(t, a) {
					if path != "root" && !r.Empty() && !r.In(panel) {
						t.Errorf("%s at %v leaves the panel %v", path, r, panel)
					}
				}
			})
		}
	}
}

// The demo's own Save is seen by the file watcher as an edit: the reload
// that follows (the same settings) leaves "saved" up; an outside edit that
// changes a value says "reloaded", and so does a good file after a broken
// one (the refusal goes).
func TestSaveNoticeSurvivesItsOwnReload(t *testing.T) {
	path := filepath.Join(t.TempDir(), "weights.toml")
	a := testApp(t, Config{WeightsPath: path})
	a.save()
	if got := a.strip.Message(slotNotice).Text; got != "saved "+path {
		t.Fatalf("after Save: notice %q; want saved", got)
	}
	a.reloadFile()
	if got := a.strip.Message(slotNotice).Text; got != "saved "+path {
		t.Errorf("after the reload of its own save: notice %q; want still saved", got)
	}
	s := a.editor.Good()
	s.RoutAfterSeconds = 5
	if err := morale.SaveSettings(path, s); err != nil {
		t.Fatal(err)
	}
	a.reloadFile()
	if got := a.strip.Message(slotNotice).Text; got != "reloaded "+path+": RoutAfterSeconds 3.5 → 5.0" {
		t.Errorf("after an outside edit: notice %q; want reloaded, with what it changed", got)
	}
	if err := os.WriteFile(path, []byte("ShakenBelow = \"x\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a.reloadFile()
	if a.strip.Message(slotNotice).Tone != widgets.ToneBad {
		t.Fatalf("after a broken file: notice %q; want a refusal", a.strip.Message(slotNotice).Text)
	}
	if err := morale.SaveSettings(path, s); err != nil {
		t.Fatal(err)
	}
	a.reloadFile()
	if got := a.strip.Message(slotNotice).Text; got != "reloaded "+path {
		t.Errorf("after the file was mended: notice %q; want reloaded", got)
	}
}

// openingOdds is an App of the opening with its odds panel (folded, as
// it starts).
func openingOdds(t *testing.T) *App {
	t.Helper()
	a := testApp(t, Config{Odds: newFakeOdds()})
	t.Cleanup(func() {
		if err := a.Close(); err != nil {
			t.Error(err)
		}
	})
	return a
}

// oddsApp is an App of the opening with its odds panel, open, and its
// labels as a running demo sets them (the clock, the selection).
func oddsApp(t *testing.T) *App {
	t.Helper()
	a := openingOdds(t)
	a.foldOdds(false)
	widgetRects(t, a) // the buttons get their text
	a.refresh()
	a.w.panel.RequestRelayout() // as the first frame lays out with them
	return a
}

// fullRows is how many of the tuner's rows (not heads) lie wholly in its
// view with the rows at the top, and at the scroll where the fewest do.
func fullRows(t *testing.T, a *App) (top, least int) {
	t.Helper()
	a.tuner.scrollTo(0)
	layout(t, a)
	view := a.tuner.scroll.ViewRect()
	least = len(a.tuner.rows)
	for s := 0; s <= a.tuner.maxScroll(); s++ {
		n := 0
		for i := range a.tuner.rows {
			if rowRect(a, i).Sub(image.Pt(0, s)).In(view) {
				n++
			}
		}
		if s == 0 {
			top = n
		}
		least = min(least, n)
	}
	return top, least
}

// With the odds panel open the tuner still shows several whole rows (six
// at the top, five at any scroll, besides the ones cut at its edges), at
// the demo's window size and at small ones (the App lays out at
// ScreenW×ScreenH whatever the window, so they are the same rows,
// scaled), and folded it shows more.
func TestOddsOpenLeavesRows(t *testing.T) {
	const wantTop, wantLeast = 6, 5
	for _, tc := range []struct {
		name string
		w, h int
	}{
		{"default window (-scale 1)", ScreenW, ScreenH},
		{"half-size window (-scale 0.5)", ScreenW / 2, ScreenH / 2},
		{"smallest window (-scale 0.25)", ScreenW / 4, ScreenH / 4},
		{"a wide window", 1920, 720},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := oddsApp(t)
			if w, h := a.Layout(tc.w, tc.h); w != ScreenW || h != ScreenH {
				t.Fatalf("Layout(%d, %d) = %d×%d; want the logical %d×%d", tc.w, tc.h, w, h, ScreenW, ScreenH)
			}
			widgetRects(t, a)
			if !strings.HasPrefix(a.w.status.Label, "t = ") || !strings.HasPrefix(a.w.selText.Label, "Selected: ") {
				t.Fatalf("status %q, selection %q; want the running demo's labels", a.w.status.Label, a.w.selText.Label)
			}
			top, least := fullRows(t, a)
			if top < wantTop || least < wantLeast {
				t.Errorf("odds open: %d whole rows in %v at the top, %d at the worst scroll; want %d and %d at least", top, a.w.tunerBox.GetWidget().Rect, least, wantTop, wantLeast)
			}
			a.foldOdds(true)
			widgetRects(t, a)
			if ftop, _ := fullRows(t, a); ftop < top+4 {
				t.Errorf("odds folded: %d whole rows at the top; want more than the %d open", ftop, top)
			}
		})
	}
}

// Dragging a slider with the odds panel open: as the odds of each value
// are counted and a reference ("was …") appears, no widget, not the odds
// slot and not a row moves, and the row dragged stays under the pointer.
func TestOddsDragMovesNothing(t *testing.T) {
	a := oddsApp(t)
	if err := a.Sync(); err != nil {
		t.Fatal(err)
	}
	if r := a.odds.Report().Reference; r != nil {
		t.Fatalf("a reference before any edit: %+v", r)
	}
	layout(t, a)
	base := widgetRects(t, a)
	slot, box := a.oddsSlot(), a.w.tunerBox.GetWidget().Rect
	row := -1 // the last whole row
	for i := range a.tuner.rows {
		if rowRect(a, i).In(a.tuner.scroll.ViewRect()) {
			row = i
		}
	}
	sl := a.tuner.rows[row].slider
	name, start, at := a.tuner.rows[row].p.Name, a.tuner.rows[row].value, sl.GetWidget().Rect
	x, y := at.Max.X-4, at.Min.Y+at.Dy()/2
	pressOn(a, row, x, ebiten.MouseButtonLeft)
	for step := range 6 {
		a.tunerInput(InputState{X: x, Y: y, LeftHeld: true, UIHovered: true})
		if err := a.Sync(); err != nil {
			t.Fatal(err)
		}
		got := widgetRects(t, a)
		for path, r := range base {
			if got[path] != r {
				t.Errorf("step %d: %s moved from %v to %v", step, path, r, got[path])
			}
		}
		if s, b := a.oddsSlot(), a.w.tunerBox.GetWidget().Rect; s != slot || b != box {
			t.Errorf("step %d: odds slot %v, rows %v; want %v, %v", step, s, b, slot, box)
		}
		if !image.Pt(x, y).In(sl.GetWidget().Rect) || !sl.Dragging() {
			t.Errorf("step %d: %s's slider at %v, dragging %v; want it under the pointer (%d, %d), dragging", step, name, sl.GetWidget().Rect, sl.Dragging(), x, y)
		}
		x -= 12
	}
	if v := a.tuner.rows[row].value; v == start {
		t.Errorf("%s still %v after the drag; want it moved", name, v)
	}
	if a.odds.Report().Reference == nil {
		t.Error("no reference after the drag's counts; want \"was …\" shown")
	}
}

// The panel's help keeps each key with what it does on one line, as
// drawn: at -scale 0.75 (larger faces, LegibleAt) and 1, in both scenes,
// ebitenui wraps none of its lines again (the help is as high as its lines
// unwrapped), and every "key: what it does" pair stands whole in a line.
// Laid out by characters, the help at 0.75 broke as "right-click:" over
// "select".
func TestHelpKeepsEachKeyWithItsAction(t *testing.T) {
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []float64{0.75, 1} {
		for _, scene := range game.Scenes() {
			t.Run(fmt.Sprintf("scale %v, %s", k, scene), func(t *testing.T) {
				a := appWith(t, sessionAt(t, scene, 0), Config{}, nil, as.LegibleAt(k))
				widgetRects(t, a)
				help := a.w.help
				face := a.w.small
				unwrapped := widget.NewText(widget.TextOpts.Text(help.Label, &face, widgets.ColDim))
				unwrapped.Validate()
				_, got := help.PreferredSize()
				_, want := unwrapped.PreferredSize()
				if got != want {
					t.Errorf("help %d px high in the panel, %d unwrapped: ebitenui wrapped a line of\n%s", got, want, help.Label)
				}
				lines := strings.Split(help.Label, "\n")
				for _, para := range helpPairs(scene) {
					for _, pair := range para {
						if !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, pair) }) {
							t.Errorf("%q is not whole on a line of the help:\n%s", pair, help.Label)
						}
					}
				}
			})
		}
	}
}
