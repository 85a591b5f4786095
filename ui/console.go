package ui

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
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
)

// The in-game console (` opens and closes it): the game's Console in
// ebitenui's widgets over the timeline. Its output is a Text in a
// ScrollContainer with a Slider for its scrollbar (the wheel, PageUp and
// PageDown move it too), wrapped to the box's width by us in a
// monospaced face, so that help's columns line up, keeping consoleKeep
// lines to scroll back through; its command line is a TextInput; Enter
// runs the line, Up and Down walk the commands typed before, Tab
// completes a command or a name.

// Console geometry and limits.
const (
	consoleKeep = 2000 // output lines kept
	consoleHist = 100  // commands kept for Up/Down
	consolePad  = 6
	consoleBarW = 10 // the scrollbar's width
)

// consoleState is the console's output, history and widgets.
type consoleState struct {
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

	root  *widget.Container // the box, over the timeline; not in the panel's tree
	text  *widget.Text      // the wrapped output
	view  *widget.ScrollContainer
	bar   *widget.Slider // the scrollbar, in lines from the top; at Max the newest show
	input *widget.TextInput
	lineH float64 // the output's line height
}

// consoleRect is the console's box: over the timeline.
func (a *App) consoleRect() image.Rectangle { return a.reg.Timeline }

// buildConsole builds the console's widgets in its box. They are not in
// the panel's tree (whose picture is cached and copied over the panel
// alone): the root container's Update updates them while the console is
// open, inside ebitenui's Update where its input is read, and Draw draws
// them over the timeline.
func (a *App) buildConsole() {
	c := &a.con
	mono := a.w.mono
	_, c.lineH = text.Measure(" ", mono, 0)
	c.text = widget.NewText(widget.TextOpts.Text("", &mono, widgets.ColText))
	c.view = widget.NewScrollContainer(widget.ScrollContainerOpts.Content(c.text), widget.ScrollContainerOpts.StretchContentWidth(),
		widget.ScrollContainerOpts.Image(&widget.ScrollContainerImage{Idle: eimage.NewNineSliceColor(color.Transparent), Mask: eimage.NewNineSliceColor(widgets.ColConsole)}))
	c.view.GetWidget().ScrolledEvent.AddHandler(func(args any) {
		c.bar.Current -= int(math.Round(args.(*widget.WidgetScrolledEventArgs).Y * 3))
	})
	c.bar = widget.NewSlider(widget.SliderOpts.Orientation(widget.DirectionVertical), widget.SliderOpts.MinMax(0, 1),
		widget.SliderOpts.Images(&widget.SliderTrackImage{Idle: eimage.NewNineSliceColor(widgets.ColTrack)}, a.w.buttonImage),
		widget.SliderOpts.PageSizeFunc(c.page), widget.SliderOpts.MinHandleSize(12), widget.SliderOpts.DisableDefaultKeys(true),
		widget.SliderOpts.WidgetOpts(widget.WidgetOpts.MinSize(consoleBarW, 0)))
	c.input = widgets.LineInput(&mono, widgets.ColText, widgets.ColTrack, widget.NewInsetsSimple(4), widget.TextInputOpts.Placeholder(a.consoleHint()), // Enter: consoleInput's
		// the backquote is the console's key, not a character of the line
		widget.TextInputOpts.Validation(func(s string) (bool, *string) { return !strings.ContainsRune(s, '`'), nil }))
	top := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(widget.GridLayoutOpts.Columns(2),
		widget.GridLayoutOpts.Stretch([]bool{true, false}, []bool{true}), widget.GridLayoutOpts.Spacing(4, 0))))
	top.AddChild(c.view, c.bar)
	// The output's view is a whole number of lines high, what is left over
	// above it: scrolled to its end, its top line is not cut.
	c.input.Validate()
	_, in := c.input.PreferredSize()
	out := float64(a.consoleRect().Dy() - 2*consolePad - 4 - in)
	pad := widget.NewInsetsSimple(consolePad)
	pad.Top += int(out - math.Floor(out/c.lineH)*c.lineH)
	c.root = widget.NewContainer(widget.ContainerOpts.BackgroundImage(eimage.NewNineSliceColor(widgets.ColConsole)),
		widget.ContainerOpts.Layout(widget.NewGridLayout(widget.GridLayoutOpts.Columns(1), widget.GridLayoutOpts.Stretch([]bool{true}, []bool{true, false}),
			widget.GridLayoutOpts.Spacing(0, 4), widget.GridLayoutOpts.Padding(pad))))
	c.root.AddChild(top, c.input)
	c.root.Validate()
	c.root.SetLocation(a.consoleRect())
	a.w.root.GetWidget().OnUpdate = func(widget.HasWidget) {
		if a.consoleOpen {
			c.root.Update(&widget.UpdateObject{})
		}
	}
}

// print appends the lines of s to the output, scrolled to the newest.
func (c *consoleState) print(s string) {
	c.out = append(c.out, strings.Split(strings.TrimRight(s, "\n"), "\n")...)
	if n := len(c.out); n > consoleKeep {
		c.out = append(c.out[:0], c.out[n-consoleKeep:]...)
		c.wrapN = 0 // wrap again from the start
	}
	c.follow = true
}

// wrap brings c.wrapped up to date with the output for a box w pixels
// wide in face (a monospaced face: every rune is as wide as "0").
func (c *consoleState) wrap(face text.Face, w float64) {
	if w != c.wrapW || c.wrapN > len(c.out) {
		c.wrapped, c.wrapN, c.wrapW = c.wrapped[:0], 0, w
	}
	for _, l := range c.out[c.wrapN:] {
		c.wrapped = textfit.AppendHanging(c.wrapped, l, face, w)
	}
	c.wrapN = len(c.out)
	if over := len(c.wrapped) - 4*consoleKeep; over > 0 {
		c.wrapped = append(c.wrapped[:0], c.wrapped[over:]...)
	}
}

// visible is how many output lines the box shows.
func (c *consoleState) visible() int {
	_, in := c.input.PreferredSize()
	return max(1, int(float64(c.root.GetWidget().Rect.Dy()-2*consolePad-4-in)/c.lineH))
}

// page is the scrollbar's page: the Slider draws its handle page/(Max+1)
// of its track, which is the share of the output the box shows.
func (c *consoleState) page() int { return c.visible() * (c.bar.Max + 1) / max(1, len(c.wrapped)) }

// consoleInput runs one tick of the console's keys while it is open (the
// TextInput types and edits the line in ebitenui's Update): Enter, which
// runs the line, Up and Down, Tab, PageUp and PageDown, Esc, which clears
// the line; then it brings the output's widgets up to date.
func (a *App) consoleInput(in InputState) {
	c := &a.con
	for _, k := range in.Keys {
		switch k {
		case ebiten.KeyEnter, ebiten.KeyNumpadEnter: // a key just pressed: however short, never missed
			a.consoleRun(c.input.GetText())
			c.input.SetText("")
		case ebiten.KeyUp, ebiten.KeyDown:
			c.walk(k == ebiten.KeyUp)
		case ebiten.KeyTab:
			line, cands := a.shell.Complete(c.input.GetText())
			c.input.SetText(line)
			if len(cands) > 0 {
				c.print("  " + strings.Join(cands, "   "))
			}
		case ebiten.KeyPageUp:
			c.bar.Current -= c.visible() - 1
		case ebiten.KeyPageDown:
			c.bar.Current += c.visible() - 1
		case ebiten.KeyEscape:
			c.input.SetText("")
		}
	}
	c.wrap(a.w.mono, float64(a.consoleRect().Dx()-2*consolePad-consoleBarW-4))
	c.bar.Max = max(1, len(c.wrapped)-c.visible())
	if c.follow { // new output: shown, the newest in view
		c.text.Label = strings.Join(c.wrapped, "\n")
		c.bar.Current, c.follow = c.bar.Max, false
	}
	c.bar.Current = max(0, min(c.bar.Current, c.bar.Max))
	c.view.ScrollTop = float64(c.bar.Current) / float64(c.bar.Max)
}

// walk shows the command before (back) or after the one shown.
func (c *consoleState) walk(back bool) {
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

// consoleRun executes one console line: echoed, run by the game's
// Console, its answer printed, the line kept in the history.
func (a *App) consoleRun(line string) {
	c := &a.con
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
	c.print("> " + line)
	if out := a.shell.Exec(line); out != "" {
		c.print(out)
	}
}

// consoleHint is the input's placeholder: lines that run as typed here.
func (a *App) consoleHint() string {
	return strings.Join(a.shell.Examples(), " · ") + " · Tab completes · ↑↓ history"
}

// setConsole opens or closes the console; its line has the keys while
// it is open.
func (a *App) setConsole(open bool) {
	a.consoleOpen = open
	a.con.input.Focus(open)
}

// drawConsole draws the open console over the timeline.
func (a *App) drawConsole(dst *ebiten.Image) {
	if a.consoleOpen {
		a.con.root.Render(dst)
	}
}
