package widgets

import (
	"image"
	"image/color"
	"math"
	"strings"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/internal/textfit"
)

// Console geometry and limits.
const (
	consoleKeep  = 2000 // output lines kept
	consoleHist  = 100  // commands kept for Up/Down
	consolePad   = 6
	consoleInset = 4  // the input's padding, around its text
	consoleBarW  = 10 // the scrollbar's width
)

// Shell runs a console's lines: Exec answers a line, Complete completes
// one (the line completed, and the candidates when there are several),
// Examples are lines that run as typed, for the input's placeholder.
// *game.Console satisfies it.
type Shell interface {
	Exec(line string) string
	Complete(line string) (string, []string)
	Examples() []string
}

// Console is an in-game console in ebitenui's widgets: its output is a
// Text in a ScrollContainer with a Slider for its scrollbar (the wheel,
// PageUp and PageDown move it too), wrapped to the box's width in a
// monospaced face, so that a table's columns line up, keeping consoleKeep
// lines to scroll back through; its command line is a TextInput. Enter
// runs the line through its Shell, Up and Down walk the commands typed
// before, Tab completes, Esc clears the line. Its widgets are a tree of
// their own (not in a panel's): its owner calls Update inside ebitenui's
// Update while it is open, Input with the tick's keys, and Draw.
type Console struct {
	shell  Shell
	face   text.Face
	open   bool
	out    []string // output lines, oldest first, unwrapped
	hist   []string // commands typed, oldest first
	histAt int      // the history line shown, len(hist) when none
	draft  string   // what was typed before walking the history

	// wrapped is out wrapped to wrapW pixels (wrap), its lines and the
	// number of out's lines it holds
	wrapped []string
	wrapW   float64
	wrapN   int
	follow  bool // new output: scroll to the newest

	root  *widget.Container // the box
	text  *widget.Text      // the wrapped output
	view  *widget.ScrollContainer
	bar   *widget.Slider // the scrollbar, in lines from the top; at Max the newest show
	input *widget.TextInput
	lineH float64 // the output's line height

	// The frame's typing (Update): the line before the TextInput took the
	// frame's characters, and where Enter came among them (order, the
	// browser's key order; known false natively). See enterLines.
	before  string
	framed  bool // before is this frame's; Input has not run since Update
	enters  []int
	ordered bool
	order   func() ([]int, bool)
}

// NewConsole returns a closed console that runs its lines through sh, in
// the monospaced face mono, laid out in r, its scrollbar's handle in
// handle. A backquote is never typed into its line: it is the key that
// opens and closes a console.
func NewConsole(sh Shell, mono text.Face, r image.Rectangle, handle *widget.ButtonImage) *Console {
	c := &Console{shell: sh, face: mono, order: frameEnters}
	_, c.lineH = text.Measure(" ", mono, 0)
	c.text = widget.NewText(widget.TextOpts.Text("", &mono, ColText))
	c.view = widget.NewScrollContainer(widget.ScrollContainerOpts.Content(c.text), widget.ScrollContainerOpts.StretchContentWidth(),
		widget.ScrollContainerOpts.Image(&widget.ScrollContainerImage{Idle: eimage.NewNineSliceColor(color.Transparent), Mask: eimage.NewNineSliceColor(ColConsole)}))
	c.view.GetWidget().ScrolledEvent.AddHandler(func(args any) {
		c.bar.Current -= int(math.Round(args.(*widget.WidgetScrolledEventArgs).Y * 3))
	})
	c.bar = widget.NewSlider(widget.SliderOpts.Orientation(widget.DirectionVertical), widget.SliderOpts.MinMax(0, 1),
		widget.SliderOpts.Images(&widget.SliderTrackImage{Idle: eimage.NewNineSliceColor(ColTrack)}, handle),
		widget.SliderOpts.PageSizeFunc(c.page), widget.SliderOpts.MinHandleSize(12), widget.SliderOpts.DisableDefaultKeys(true),
		widget.SliderOpts.WidgetOpts(widget.WidgetOpts.MinSize(consoleBarW, 0)))
	hint := consoleHint(sh.Examples(), mono, float64(r.Dx()-2*consolePad-2*consoleInset))
	c.input = LineInput(&mono, ColText, ColTrack, widget.NewInsetsSimple(consoleInset), widget.TextInputOpts.Placeholder(hint), // Enter: Input's
		// the backquote is the console's key, not a character of the line
		widget.TextInputOpts.Validation(func(s string) (bool, *string) { return !strings.ContainsRune(s, '`'), nil }))
	top := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(widget.GridLayoutOpts.Columns(2),
		widget.GridLayoutOpts.Stretch([]bool{true, false}, []bool{true}), widget.GridLayoutOpts.Spacing(4, 0))))
	top.AddChild(c.view, c.bar)
	// The output's view is a whole number of lines high, what is left over
	// above it: scrolled to its end, its top line is not cut.
	c.input.Validate()
	_, in := c.input.PreferredSize()
	out := float64(r.Dy() - 2*consolePad - 4 - in)
	pad := widget.NewInsetsSimple(consolePad)
	pad.Top += int(out - math.Floor(out/c.lineH)*c.lineH)
	c.root = widget.NewContainer(widget.ContainerOpts.BackgroundImage(eimage.NewNineSliceColor(ColConsole)),
		widget.ContainerOpts.Layout(widget.NewGridLayout(widget.GridLayoutOpts.Columns(1), widget.GridLayoutOpts.Stretch([]bool{true}, []bool{true, false}),
			widget.GridLayoutOpts.Spacing(0, 4), widget.GridLayoutOpts.Padding(pad))))
	c.root.AddChild(top, c.input)
	c.root.Validate()
	c.root.SetLocation(r)
	return c
}

// consoleKeys ends the input's placeholder, after the shell's examples.
const consoleKeys = "Tab completes · ↑↓ history"

// consoleHint is the input's placeholder: as many of the shell's examples
// as fit room pixels of face with consoleKeys after them, so that a
// narrow console drops examples rather than its keys (at -scale 0.75 the
// whole line ran past the box, cut at "… · Tab compl"); consoleKeys alone
// when no example fits beside them, clipped (Clip) when not even they fit.
func consoleHint(examples []string, face text.Face, room float64) string {
	h := consoleKeys
	for n := len(examples); n >= 0; n-- {
		h = strings.Join(append(examples[:n:n], consoleKeys), " · ")
		if textfit.Width(h, face) <= room {
			return h
		}
	}
	return textfit.Clip(h, face, room)
}

// Print appends the lines of s to the output, scrolled to the newest.
func (c *Console) Print(s string) {
	c.out = append(c.out, strings.Split(strings.TrimRight(s, "\n"), "\n")...)
	if n := len(c.out); n > consoleKeep {
		c.out = append(c.out[:0], c.out[n-consoleKeep:]...)
		c.wrapN = 0 // wrap again from the start
	}
	c.follow = true
}

// Output is the output's last n lines at most (fewer when it holds
// fewer), unwrapped, oldest first. The slice is the console's: read it,
// do not keep it.
func (c *Console) Output(n int) []string { return c.out[max(0, len(c.out)-n):] }

// wrap brings c.wrapped up to date with the output for a box w pixels
// wide (a monospaced face: every rune is as wide as "0").
func (c *Console) wrap(w float64) {
	if w != c.wrapW || c.wrapN > len(c.out) {
		c.wrapped, c.wrapN, c.wrapW = c.wrapped[:0], 0, w
	}
	for _, l := range c.out[c.wrapN:] {
		c.wrapped = textfit.AppendHanging(c.wrapped, l, c.face, w)
	}
	c.wrapN = len(c.out)
	if over := len(c.wrapped) - 4*consoleKeep; over > 0 {
		c.wrapped = append(c.wrapped[:0], c.wrapped[over:]...)
	}
}

// visible is how many output lines the box shows.
func (c *Console) visible() int {
	_, in := c.input.PreferredSize()
	return max(1, int(float64(c.root.GetWidget().Rect.Dy()-2*consolePad-4-in)/c.lineH))
}

// page is the scrollbar's page: the Slider draws its handle page/(Max+1)
// of its track, which is the share of the output the box shows.
func (c *Console) page() int { return c.visible() * (c.bar.Max + 1) / max(1, len(c.wrapped)) }

// Input runs one tick of the console's keys, keys just pressed, while it
// is open (the TextInput types and edits the line in ebitenui's Update):
// Enter, which runs the line, Up and Down, Tab, PageUp and PageDown, Esc,
// which clears the line; then it brings the output's widgets up to date.
func (c *Console) Input(keys []ebiten.Key) {
	for _, k := range keys {
		switch k {
		case ebiten.KeyEnter, ebiten.KeyNumpadEnter: // a key just pressed: however short, never missed
			c.enter()
		case ebiten.KeyUp, ebiten.KeyDown:
			c.walk(k == ebiten.KeyUp)
		case ebiten.KeyTab:
			line, cands := c.shell.Complete(c.input.GetText())
			c.input.SetText(line)
			if len(cands) > 0 {
				c.Print("  " + strings.Join(cands, "   "))
			}
		case ebiten.KeyPageUp:
			c.bar.Current -= c.visible() - 1
		case ebiten.KeyPageDown:
			c.bar.Current += c.visible() - 1
		case ebiten.KeyEscape:
			c.input.SetText("")
		}
	}
	c.wrap(float64(c.root.GetWidget().Rect.Dx() - 2*consolePad - consoleBarW - 4))
	c.bar.Max = max(1, len(c.wrapped)-c.visible())
	if c.follow { // new output: shown, the newest in view
		c.text.Label = strings.Join(c.wrapped, "\n")
		c.bar.Current, c.follow = c.bar.Max, false
	}
	c.bar.Current = max(0, min(c.bar.Current, c.bar.Max))
	c.view.ScrollTop = float64(c.bar.Current) / float64(c.bar.Max)
	c.framed = false
}

// enter runs the line on Enter, split from this frame's characters by
// enterLines: the lines typed up to each Enter run, what was typed after
// the last stays in the box.
func (c *Console) enter() {
	after := c.input.GetText()
	before := after
	if c.framed {
		before = c.before
	}
	enters := c.enters
	if !c.ordered || len(enters) == 0 { // the order is not known (natively)
		enters = []int{c.guessEnter(before, after)}
	}
	c.enters, c.ordered, c.framed = nil, false, false // one frame's Enters run once
	lines, rest := enterLines(before, after, enters)
	for _, l := range lines {
		c.Run(l)
	}
	c.input.SetText(rest)
}

// guessEnter is where Enter most likely came among the characters typed
// in its frame when the order is not known (natively; see keyorder_js.go):
// after the fewest of them that leave, after the Enter, the start of a
// command, a word the Shell completes ("Mo" of MoraleBreak, "he" of help),
// or none; else after all of them (as the line ended: "hel", then "p" and
// Enter). It can guess wrong only where a line ends in the start of a
// command ("MoraleBreak.Why Smit", then "h" and Enter sends "…Smit"), in a
// frame that holds Enter and characters: at 60 frames a second, keys
// 17 ms apart.
func (c *Console) guessEnter(before, after string) int {
	typed, ok := typedIn(before, after)
	if !ok {
		return 0
	}
	for k := range typed {
		w, _, _ := strings.Cut(string(typed[k:]), " ")
		if w == "" {
			continue
		}
		got, cands := c.shell.Complete(w)
		if len(cands) > 0 || len(got) > len(w) && strings.EqualFold(got[:len(w)], w) {
			return k
		}
	}
	return len(typed)
}

// typedIn is what was typed into before to make after: the runes
// inserted at one place, and whether after is before with runes inserted.
func typedIn(before, after string) ([]rune, bool) {
	b, a := []rune(before), []rune(after)
	p, s := typedAt(b, a)
	if p+s != len(b) {
		return nil, false
	}
	return a[p : len(a)-s], true
}

// typedAt is the common start (p) and end (s) of b and a, not overlapping.
func typedAt(b, a []rune) (p, s int) {
	for p < len(b) && p < len(a) && b[p] == a[p] {
		p++
	}
	for s < len(b)-p && s < len(a)-p && b[len(b)-1-s] == a[len(a)-1-s] {
		s++
	}
	return p, s
}

// enterLines splits the line on Enter, after, from the characters typed in
// Enter's frame, which the TextInput took into it before the Enter was
// seen (Ebitengine gives a frame's characters and its key presses, not
// their order): before is the line as the frame began, enters the number
// of the frame's characters typed before each Enter. It returns the lines
// to run, one an Enter, and what stays in the box: the line with the
// characters typed before the first Enter, those between two Enters, and
// those after the last. When the order is not known (natively) the caller
// passes guessEnter's guess. When after is not before with characters
// inserted (the frame also edited the line), after runs whole.
func enterLines(before, after string, enters []int) (lines []string, rest string) {
	b, a := []rune(before), []rune(after)
	p, s := typedAt(b, a) // the characters went in at p
	if p+s != len(b) {
		return []string{after}, ""
	}
	typed := a[p : len(a)-s]
	at := 0
	for i, e := range enters {
		e = max(at, min(e, len(typed)))
		if i == 0 {
			lines = append(lines, string(b[:p])+string(typed[:e])+string(b[p:]))
		} else {
			lines = append(lines, string(typed[at:e]))
		}
		at = e
	}
	return lines, string(typed[at:])
}

// walk shows the command before (back) or after the one shown.
func (c *Console) walk(back bool) {
	if c.histAt == len(c.hist) {
		c.draft = c.input.GetText()
	}
	switch {
	case back && c.histAt > 0:
		c.histAt--
	case !back && c.histAt < len(c.hist):
		c.histAt++
	default:
		return
	}
	if c.histAt == len(c.hist) {
		c.input.SetText(c.draft)
		return
	}
	c.input.SetText(c.hist[c.histAt])
}

// Run executes one line: echoed, run by the Shell, its answer printed,
// the line kept in the history. A blank line does nothing.
func (c *Console) Run(line string) {
	line = strings.TrimSpace(line)
	if line == "" {
		return
	}
	if n := len(c.hist); n == 0 || c.hist[n-1] != line {
		c.hist = append(c.hist, line)
		if len(c.hist) > consoleHist {
			c.hist = append(c.hist[:0], c.hist[len(c.hist)-consoleHist:]...)
		}
	}
	c.histAt, c.draft = len(c.hist), ""
	c.Print("> " + line)
	if out := c.shell.Exec(line); out != "" {
		c.Print(out)
	}
}

// SetOpen opens or closes the console; its line has the keys while it is
// open.
func (c *Console) SetOpen(open bool) {
	c.open = open
	c.input.Focus(open)
}

// IsOpen reports whether the console is open.
func (c *Console) IsOpen() bool { return c.open }

// Update updates the console's widgets (their input, read by ebitenui)
// while it is open; call it inside ebitenui's Update.
//
// It notes the line as the frame begins, before the TextInput takes the
// frame's characters, and where Enter came among them (in the browser),
// for Input's Enter (enterLines).
func (c *Console) Update() {
	c.enters, c.ordered = c.order() // every frame: the browser's count starts again
	c.before, c.framed = c.input.GetText(), c.open
	if c.open {
		c.root.Update(&widget.UpdateObject{})
	}
}

// Draw draws the open console in its box.
func (c *Console) Draw(dst *ebiten.Image) {
	if c.open {
		c.root.Render(dst)
	}
}
