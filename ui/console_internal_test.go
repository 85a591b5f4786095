package ui

import (
	"image"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/event"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/textfit"
	"github.com/moralebreak/moralebreak/internal/weightsfile"
	"github.com/moralebreak/moralebreak/morale"
)

// nopRenderer draws nothing.
type nopRenderer struct{}

func (nopRenderer) DrawField(*ebiten.Image, game.Viewport, game.View)      {}
func (nopRenderer) DrawTimeline(*ebiten.Image, image.Rectangle, game.View) {}

// The console shows its welcome line from the start, not only after the
// first command, and keeps it above the first answer.
func TestConsoleShowsItsWelcomeLine(t *testing.T) {
	g, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewApp(Config{}, g, nopRenderer{}, as)
	if err != nil {
		t.Fatal(err)
	}
	const welcome = "MoraleBreak console. Type help and press Enter"
	if got := strings.Join(a.con.out, "\n"); !strings.HasPrefix(got, welcome) {
		t.Errorf("console before any command: got %q; want it to start with %q", got, welcome)
	}
	a.consoleRun("help")
	if got := strings.Join(a.con.out, "\n"); !strings.Contains(got, "> help") {
		t.Errorf("console after help: got %q; want the command echoed", got)
	}
}

// The strip's lint slot shows what the lint (Config.Lint: cmd/demo's is
// lab.Lint; here one with its flicker rule) finds in the live settings:
// nothing for the shipped defaults, the flicker rule once Hysteresis and
// the dwell are gone, and nothing again when they are put back.
func TestLintBoxFollowsTheLiveSettings(t *testing.T) {
	g, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	lint := func(s morale.Settings) []weightsfile.Warning {
		if s.Hysteresis == 0 && s.MinimumStateSeconds == 0 {
			return []weightsfile.Warning{{Rule: "flicker", Message: "states flicker."}}
		}
		return nil
	}
	a, err := NewApp(Config{Lint: lint}, g, nopRenderer{}, as)
	if err != nil {
		t.Fatal(err)
	}
	if got := a.strip.text(SlotLint); got != "" {
		t.Fatalf("lint box with the defaults: got %q; want it empty", got)
	}
	row := func(key string) int {
		for i, r := range a.tuner.rows {
			if r.p.Name == key {
				return i
			}
		}
		t.Fatalf("no tuner row %s", key)
		return 0
	}
	for _, key := range []string{"MinimumStateSeconds", "Hysteresis"} {
		a.applyEdit(TunerEdit{Row: row(key), Value: 0})
	}
	if s := g.Settings(); s.Hysteresis != 0 || s.MinimumStateSeconds != 0 {
		t.Fatalf("settings after the sliders: Hysteresis %v, MinimumStateSeconds %v; want both 0", s.Hysteresis, s.MinimumStateSeconds)
	}
	if got := a.strip.text(SlotLint); !strings.Contains(got, "flicker") {
		t.Errorf("lint box without hysteresis and dwell: got %q; want the flicker rule", got)
	}
	if got := a.Published().Lint; len(got) == 0 || !strings.HasPrefix(got[0], "flicker") {
		t.Errorf("published lint: got %q; want the flicker warning first", got)
	}
	d := a.editor.Good()
	def := game.DefaultConfig().Settings
	d.Hysteresis, d.MinimumStateSeconds = def.Hysteresis, def.MinimumStateSeconds
	a.applyEdit(TunerEdit{Row: row("Hysteresis"), Value: d.Hysteresis})
	a.applyEdit(TunerEdit{Row: row("MinimumStateSeconds"), Value: d.MinimumStateSeconds})
	if got := a.strip.text(SlotLint); got != "" {
		t.Errorf("lint box with the defaults back: got %q; want it empty", got)
	}
}

// typeChars types s into the open console's TextInput, as ebitenui's
// Update does with the characters of a tick.
func typeChars(a *App, s string) {
	a.con.input.Insert(s)
	a.con.root.Update(&widget.UpdateObject{})
}

// typeLine types s into the open console and presses Enter.
func typeLine(a *App, s string) {
	typeChars(a, s)
	a.consoleInput(InputState{Keys: []ebiten.Key{ebiten.KeyEnter}})
}

// The console, as a user types into it: history, completion, wrapping to
// its width with help's columns kept, scrollback.
func TestConsoleHistoryCompletionWrapAndScroll(t *testing.T) {
	a := testApp(t, Config{})
	a.setConsole(true)
	if !a.con.input.IsFocused() {
		t.Fatal("console open: its line has no focus; want the keys to go to it")
	}
	typeLine(a, "help")
	typeLine(a, "MoraleBreak.Dump")
	if got := a.con.out[len(a.con.out)-1]; !strings.Contains(got, "squad") && !strings.Contains(got, "Squad") {
		t.Errorf("after MoraleBreak.Dump: last line %q; want the squads' dump", got)
	}
	line := func() string { return a.con.input.GetText() }
	key := func(k ebiten.Key) { a.consoleInput(InputState{Keys: []ebiten.Key{k}}) }
	typeChars(a, "draft")
	key(ebiten.KeyUp)
	if got := line(); got != "MoraleBreak.Dump" {
		t.Errorf("Up: %q; want the last command", got)
	}
	key(ebiten.KeyUp)
	key(ebiten.KeyUp) // past the oldest: stays
	if got := line(); got != "help" {
		t.Errorf("Up, Up, Up: %q; want the first command", got)
	}
	key(ebiten.KeyDown)
	key(ebiten.KeyDown)
	if got := line(); got != "draft" {
		t.Errorf("Down past the newest: %q; want what was being typed", got)
	}

	a.con.input.SetText("moralebreak.w")
	key(ebiten.KeyTab)
	typeChars(a, "eri")
	key(ebiten.KeyTab)
	if got := line(); got != "MoraleBreak.Why Eriksen" {
		t.Errorf("Tab, eri, Tab: %q; want MoraleBreak.Why Eriksen", got)
	}
	a.con.input.SetText("MoraleBreak.D")
	key(ebiten.KeyTab)
	if got := a.con.out[len(a.con.out)-1]; !strings.Contains(got, "MoraleBreak.Debug") || !strings.Contains(got, "MoraleBreak.Dump") {
		t.Errorf("Tab on MoraleBreak.D: printed %q; want both candidates listed", got)
	}

	// every wrapped line fits the box; help's rows wrap under their column
	a.con.input.SetText("")
	typeLine(a, "MoraleBreak.Why Eriksen")
	if got := a.con.text.Label; got != strings.Join(a.con.wrapped, "\n") {
		t.Errorf("the output's Text: got %q; want the wrapped output", got)
	}
	w := a.con.wrapW
	col := -1
	for _, l := range a.con.wrapped {
		if textfit.Width(l, a.w.mono) > w {
			t.Errorf("console line %q is wider than the box (%.0f px)", l, w)
		}
		if strings.HasPrefix(l, "  MoraleBreak.Why [name]") {
			col = strings.Index(l, "why his")
		}
	}
	if col < 0 {
		t.Fatalf("help's MoraleBreak.Why row not found in %q", a.con.wrapped)
	}
	// help's block: from its heading to its last row, "  help"
	start := slices.IndexFunc(a.con.wrapped, func(l string) bool { return strings.HasPrefix(l, "Commands (") })
	end := slices.IndexFunc(a.con.wrapped, func(l string) bool { return strings.HasPrefix(l, "  help ") })
	if start < 0 || end < start {
		t.Fatalf("help not found in %q", a.con.wrapped)
	}
	for _, l := range a.con.wrapped[start+1 : end+1] {
		if len(l) <= col || l[col] == ' ' || strings.TrimLeft(l[:col], " ") != "" && l[col-1] != ' ' {
			t.Errorf("help line %q: want its description at column %d", l, col)
		}
	}

	// scrollback: the output is longer than the box; the scrollbar is at
	// the newest, PageUp goes back a page, the wheel (ebitenui's scroll
	// event) comes back
	for range 40 {
		typeLine(a, "MoraleBreak.Dump")
	}
	bar := a.con.bar
	if n := a.con.visible(); len(a.con.wrapped) <= n || bar.Max != len(a.con.wrapped)-n || bar.Current != bar.Max || a.con.view.ScrollTop != 1 {
		t.Fatalf("%d wrapped lines, %d shown: scrollbar %d of %d, scrolled %v; want more lines than shown and the newest in view", len(a.con.wrapped), n, bar.Current, bar.Max, a.con.view.ScrollTop)
	}
	key(ebiten.KeyPageUp)
	if want := bar.Max - (a.con.visible() - 1); bar.Current != want || a.con.view.ScrollTop >= 1 {
		t.Errorf("PageUp: scrollbar %d, scrolled %v; want %d and less than 1", bar.Current, a.con.view.ScrollTop, want)
	}
	a.con.view.GetWidget().ScrolledEvent.Fire(&widget.WidgetScrolledEventArgs{Y: -100})
	event.ExecuteDeferred()
	a.consoleInput(InputState{})
	if bar.Current != bar.Max {
		t.Errorf("wheel down: scrollbar %d; want back at the newest, %d", bar.Current, bar.Max)
	}
	// the backquote closes the console and is not typed
	typeChars(a, "`")
	if strings.Contains(line(), "`") {
		t.Errorf("line %q; want no backquote typed", line())
	}
	a.setConsole(false)
	if a.con.input.IsFocused() {
		t.Error("console closed: its line still has the focus")
	}
}

// The console's output shows whole lines: scrolled to the newest, or a
// page back, the view's top is a line's top (to a pixel), so its top line
// is not cut.
func TestConsoleTopLineIsWhole(t *testing.T) {
	a := testApp(t, Config{})
	a.setConsole(true)
	for range 5 {
		a.consoleRun("help")
	}
	img := ebiten.NewImage(ScreenW, ScreenH)
	defer img.Deallocate()
	c := &a.con
	for _, tc := range []struct {
		name string
		keys []ebiten.Key
	}{
		{"the newest", nil},
		{"a page back", []ebiten.Key{ebiten.KeyPageUp}},
		{"two pages back", []ebiten.Key{ebiten.KeyPageUp}},
	} {
		for range 3 { // the widgets lay themselves out as they are drawn
			a.consoleInput(InputState{Keys: tc.keys})
			tc.keys = nil
			c.root.Render(img)
		}
		off := float64(c.view.ViewRect().Min.Y - c.view.ContentRect().Min.Y)
		if cut := off - math.Floor(off/c.lineH)*c.lineH; cut >= 1 && cut <= c.lineH-1 {
			t.Errorf("%s: the view's top is %.1f px into a line of %.1f; want a line's top", tc.name, cut, c.lineH)
		}
	}
}
