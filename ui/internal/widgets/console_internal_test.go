package widgets

import (
	"errors"
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
)

// testConsole is a closed console over the game's own console (its help,
// its completion of names), in the demo's place and face: over the
// timeline of the 1280×720 screen.
func testConsole(t *testing.T) *Console {
	t.Helper()
	g, errGame := game.NewSession(game.DefaultConfig())
	as, errAssets := assets.Load()
	if err := errors.Join(errGame, errAssets); err != nil {
		t.Fatal(err)
	}
	return NewConsole(game.NewConsole(g), as.MonoFace(12), image.Rect(0, 520, 900, 720), ButtonImage(ColButton, ColButtonHi))
}

// typeChars types s into the open console's TextInput, as ebitenui's
// Update does with the characters of a tick.
func typeChars(c *Console, s string) {
	c.input.Insert(s)
	c.root.Update(&widget.UpdateObject{})
}

// typeLine types s into the open console and presses Enter.
func typeLine(c *Console, s string) {
	typeChars(c, s)
	c.Input([]ebiten.Key{ebiten.KeyEnter})
}

// The console, as a user types into it: history, completion, wrapping to
// its width with help's columns kept, scrollback.
func TestConsoleHistoryCompletionWrapAndScroll(t *testing.T) {
	c := testConsole(t)
	c.SetOpen(true)
	if !c.input.IsFocused() {
		t.Fatal("console open: its line has no focus; want the keys to go to it")
	}
	typeLine(c, "help")
	typeLine(c, "MoraleBreak.Dump")
	if got := c.Output(1)[0]; !strings.Contains(got, "squad") && !strings.Contains(got, "Squad") {
		t.Errorf("after MoraleBreak.Dump: last line %q; want the squads' dump", got)
	}
	line := func() string { return c.input.GetText() }
	key := func(k ebiten.Key) { c.Input([]ebiten.Key{k}) }
	typeChars(c, "draft")
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

	c.input.SetText("moralebreak.w")
	key(ebiten.KeyTab)
	typeChars(c, "eri")
	key(ebiten.KeyTab)
	if got := line(); got != "MoraleBreak.Why Eriksen" {
		t.Errorf("Tab, eri, Tab: %q; want MoraleBreak.Why Eriksen", got)
	}
	c.input.SetText("MoraleBreak.D")
	key(ebiten.KeyTab)
	if got := c.Output(1)[0]; !strings.Contains(got, "MoraleBreak.Debug") || !strings.Contains(got, "MoraleBreak.Dump") {
		t.Errorf("Tab on MoraleBreak.D: printed %q; want both candidates listed", got)
	}

	// every wrapped line fits the box; help's rows wrap under their column
	c.input.SetText("")
	typeLine(c, "MoraleBreak.Why Eriksen")
	if got := c.text.Label; got != strings.Join(c.wrapped, "\n") {
		t.Errorf("the output's Text: got %q; want the wrapped output", got)
	}
	w := c.wrapW
	col := -1
	for _, l := range c.wrapped {
		if textfit.Width(l, c.face) > w {
			t.Errorf("console line %q is wider than the box (%.0f px)", l, w)
		}
		if strings.HasPrefix(l, "  MoraleBreak.Why [name]") {
			col = strings.Index(l, "why his")
		}
	}
	if col < 0 {
		t.Fatalf("help's MoraleBreak.Why row not found in %q", c.wrapped)
	}
	// help's block: from its heading to its last row, "  help"
	start := slices.IndexFunc(c.wrapped, func(l string) bool { return strings.HasPrefix(l, "Commands (") })
	end := slices.IndexFunc(c.wrapped, func(l string) bool { return strings.HasPrefix(l, "  help ") })
	if start < 0 || end < start {
		t.Fatalf("help not found in %q", c.wrapped)
	}
	for _, l := range c.wrapped[start+1 : end+1] {
		if len(l) <= col || l[col] == ' ' || strings.TrimLeft(l[:col], " ") != "" && l[col-1] != ' ' {
			t.Errorf("help line %q: want its description at column %d", l, col)
		}
	}

	// scrollback: the output is longer than the box; the scrollbar is at
	// the newest, PageUp goes back a page, the wheel (ebitenui's scroll
	// event) comes back
	for range 40 {
		typeLine(c, "MoraleBreak.Dump")
	}
	bar := c.bar
	if n := c.visible(); len(c.wrapped) <= n || bar.Max != len(c.wrapped)-n || bar.Current != bar.Max || c.view.ScrollTop != 1 {
		t.Fatalf("%d wrapped lines, %d shown: scrollbar %d of %d, scrolled %v; want more lines than shown and the newest in view", len(c.wrapped), n, bar.Current, bar.Max, c.view.ScrollTop)
	}
	key(ebiten.KeyPageUp)
	if want := bar.Max - (c.visible() - 1); bar.Current != want || c.view.ScrollTop >= 1 {
		t.Errorf("PageUp: scrollbar %d, scrolled %v; want %d and less than 1", bar.Current, c.view.ScrollTop, want)
	}
	c.view.GetWidget().ScrolledEvent.Fire(&widget.WidgetScrolledEventArgs{Y: -100})
	event.ExecuteDeferred()
	c.Input(nil)
	if bar.Current != bar.Max {
		t.Errorf("wheel down: scrollbar %d; want back at the newest, %d", bar.Current, bar.Max)
	}
	// the backquote closes the console and is not typed
	typeChars(c, "`")
	if strings.Contains(line(), "`") {
		t.Errorf("line %q; want no backquote typed", line())
	}
	c.SetOpen(false)
	if c.input.IsFocused() {
		t.Error("console closed: its line still has the focus")
	}
}

// The console's output shows whole lines: scrolled to the newest, or a
// page back, the view's top is a line's top (to a pixel), so its top line
// is not cut.
func TestConsoleTopLineIsWhole(t *testing.T) {
	c := testConsole(t)
	c.SetOpen(true)
	for range 5 {
		c.Run("help")
	}
	img := ebiten.NewImage(1280, 720)
	defer img.Deallocate()
	for _, tc := range []struct {
		name string
		keys []ebiten.Key
	}{
		{"the newest", nil},
		{"a page back", []ebiten.Key{ebiten.KeyPageUp}},
		{"two pages back", []ebiten.Key{ebiten.KeyPageUp}},
	} {
		for range 3 { // the widgets lay themselves out as they are drawn
			c.Input(tc.keys)
			tc.keys = nil
			c.root.Render(img)
		}
		off := float64(c.view.ViewRect().Min.Y - c.view.ContentRect().Min.Y)
		if cut := off - math.Floor(off/c.lineH)*c.lineH; cut >= 1 && cut <= c.lineH-1 {
			t.Errorf("%s: the view's top is %.1f px into a line of %.1f; want a line's top", tc.name, cut, c.lineH)
		}
	}
}

// The input's placeholder fits the console: a narrow one drops examples
// and keeps its keys, alone when no example fits beside them. At -scale
// 0.75 it ran past the box, cut at "… · MoraleBreak.Debug 1 · Tab compl";
// then, where the keys fit alone but not after "help", it read
// "help · Tab completes · ↑↓…".
func TestConsoleHintFitsItsBox(t *testing.T) {
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	face := as.MonoFace(12)
	examples := []string{"help", "MoraleBreak.Why Eriksen", "MoraleBreak.Rally 1", "MoraleBreak.Dump", "MoraleBreak.Debug 1"}
	whole := strings.Join(append(examples, consoleKeys), " · ")
	for room := 40.0; room < textfit.Width(whole, face)+20; room += 7 {
		got := consoleHint(examples, face, room)
		if textfit.Width(got, face) > room {
			t.Errorf("consoleHint in %.0f px: %q is %.0f px wide", room, got, textfit.Width(got, face))
		}
		first := "help · " + consoleKeys
		if textfit.Width(first, face) <= room && (!strings.HasPrefix(got, "help · ") || !strings.HasSuffix(got, " · "+consoleKeys)) {
			t.Errorf("consoleHint in %.0f px: %q; want the first examples that fit, then %q", room, got, consoleKeys)
		}
		if textfit.Width(consoleKeys, face) <= room && !strings.HasSuffix(got, consoleKeys) {
			t.Errorf("consoleHint in %.0f px: %q; want it to end with its keys, %q, which fit", room, got, consoleKeys)
		}
		if textfit.Width(whole, face) <= room && got != whole {
			t.Errorf("consoleHint in %.0f px: %q; want every example, %q", room, got, whole)
		}
	}
}

// runShell is the game's console, keeping the lines it runs.
type runShell struct {
	Shell
	ran []string
}

func (s *runShell) Exec(line string) string { s.ran = append(s.ran, line); return s.Shell.Exec(line) }

// Characters typed in Enter's frame go to the line they were typed on.
// Ebitengine gives a frame's characters and that Enter was pressed, not
// their order, and the TextInput took them all into the line before the
// Enter was seen: typing at 40 ms a key natively sent
// "MoraleBreak.Dump 1Mo", then "raleBreak.Debug 7"; in the browser, at a
// few frames a second, "MoraleBreak.Dumphe", then "lp". Each frame here is
// the characters Ebitengine gives, Enter or not, and where the browser saw
// the Enters among them (known false: natively, not known).
func TestConsoleEnterSplitsItsFramesCharacters(t *testing.T) {
	g, errGame := game.NewSession(game.DefaultConfig())
	as, errAssets := assets.Load()
	if err := errors.Join(errGame, errAssets); err != nil {
		t.Fatal(err)
	}
	type frame struct {
		chars  string
		enter  bool
		enters []int // the browser's: characters before each Enter
		known  bool
	}
	for _, tc := range []struct {
		name   string
		frames []frame
		ran    []string
		box    string
	}{
		{"natively: Enter alone", []frame{{"MoraleBreak.Dump 1", false, nil, false}, {"", true, nil, false}}, []string{"MoraleBreak.Dump 1"}, ""},
		{"natively: the next command's first keys in Enter's frame", []frame{{"MoraleBreak.Dump 1", false, nil, false}, {"Mo", true, nil, false},
			{"raleBreak.Debug 7", false, nil, false}, {"", true, nil, false}}, []string{"MoraleBreak.Dump 1", "MoraleBreak.Debug 7"}, ""},
		{"natively: the line's end in Enter's frame", []frame{{"hel", false, nil, false}, {"p", true, nil, false}}, []string{"help"}, ""},
		{"natively: the line's end and the next's start", []frame{{"MoraleBreak.Dump ", false, nil, false}, {"1Mo", true, nil, false},
			{"raleBreak.Why Eri", false, nil, false}, {"ksenhe", true, nil, false}, {"lp", true, nil, false}},
			[]string{"MoraleBreak.Dump 1", "MoraleBreak.Why Eriksen", "help"}, ""},
		{"natively: lower case", []frame{{"moralebreak.dump", false, nil, false}, {"mo", true, nil, false}}, []string{"moralebreak.dump"}, "mo"},
		{"browser: the command's end, Enter, the next's start", []frame{{"MoraleBreak.Du", false, nil, true}, {"mphe", true, []int{2}, true},
			{"lp", true, []int{2}, true}}, []string{"MoraleBreak.Dump", "help"}, ""},
		{"browser: the command's end and Enter", []frame{{"hel", false, nil, true}, {"p", true, []int{1}, true}}, []string{"help"}, ""},
		{"browser: two Enters in a frame", []frame{{"MoraleBreak.Dum", false, nil, true}, {"phelpMora", true, []int{1, 5}, true}},
			[]string{"MoraleBreak.Dump", "help"}, "Mora"},
		{"browser: Enter first", []frame{{"help", false, nil, true}, {"Mo", true, []int{0}, true}}, []string{"help"}, "Mo"},
		{"browser: the order not known yet", []frame{{"help", false, nil, false}, {"Mo", true, nil, true}}, []string{"help"}, "Mo"},
	} {
		sh := &runShell{Shell: game.NewConsole(g)}
		c := NewConsole(sh, as.MonoFace(12), image.Rect(0, 520, 900, 720), ButtonImage(ColButton, ColButtonHi))
		c.SetOpen(true)
		for _, f := range tc.frames {
			c.order = func() ([]int, bool) { return f.enters, f.known }
			c.Update() // the frame begins: the TextInput takes its characters
			c.input.Insert(f.chars)
			var keys []ebiten.Key
			if f.enter {
				keys = []ebiten.Key{ebiten.KeyEnter}
			}
			c.Input(keys)
		}
		if got, box := sh.ran, c.input.GetText(); !slices.Equal(got, tc.ran) || box != tc.box {
			t.Errorf("%s: got %q run, %q in the box; want %q run, %q in the box", tc.name, got, box, tc.ran, tc.box)
		}
	}
}

// enterLines: the characters went in where the cursor was, in the
// middle of the line too; a frame that edited the line too runs it whole.
func TestEnterLines(t *testing.T) {
	for _, tc := range []struct {
		before, after string
		enters        []int
		lines         []string
		rest          string
	}{
		{"MoraleBreak.Dump 1", "MoraleBreak.Dump 1Mo", []int{0}, []string{"MoraleBreak.Dump 1"}, "Mo"},
		{"MoraleBreak.Du", "MoraleBreak.Dumphe", []int{2}, []string{"MoraleBreak.Dump"}, "he"},
		{"MoraleBreak. 1", "MoraleBreak.Dump 1", []int{4}, []string{"MoraleBreak.Dump 1"}, ""},
		{"MoraleBreak. 1", "MoraleBreak.Dumphe 1", []int{4}, []string{"MoraleBreak.Dump 1"}, "he"},
		{"help", "help", []int{0}, []string{"help"}, ""},
		{"ab", "abb", []int{0}, []string{"ab"}, "b"},
		{"a", "ab", []int{9}, []string{"ab"}, ""},
		{"helpx", "hel", []int{0}, []string{"hel"}, ""},
		{"", "ab", []int{1, 1, 2}, []string{"a", "", "b"}, ""},
	} {
		lines, rest := enterLines(tc.before, tc.after, tc.enters)
		if !slices.Equal(lines, tc.lines) || rest != tc.rest {
			t.Errorf("enterLines(%q, %q, %v): got %q, %q; want %q, %q", tc.before, tc.after, tc.enters, lines, rest, tc.lines, tc.rest)
		}
	}
}
