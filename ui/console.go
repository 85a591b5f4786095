package ui

import (
	"image"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/internal/textfit"
)

// The in-game console (` opens and closes it): the game's Console over a
// box that lies on the timeline. Its output is wrapped to the box's width
// in a monospaced face, so help's columns line up, and keeps consoleKeep
// lines to scroll back through (the wheel, PageUp/PageDown); Up and Down
// walk the commands typed before, Tab completes a command or a name.

// Console geometry and limits.
const (
	consoleKeep  = 2000 // output lines kept
	consoleHist  = 100  // commands kept for Up/Down
	consolePad   = 6
	consoleLineH = 14
	consoleInH   = 22 // the input line
)

// consoleState is the console's output, history and input line.
type consoleState struct {
	out    []string // output lines, oldest first, unwrapped
	scroll int      // wrapped lines scrolled back from the newest
	hist   []string // commands typed, oldest first
	histAt int      // the history line shown, len(hist) when none
	draft  string   // what was typed before walking the history
	line   lineEdit
	blink  int

	// wrapped is out wrapped to wrapW pixels (wrap), its lines and the
	// number of out's lines it holds
	wrapped []string
	wrapW   float64
	wrapN   int
}

// consoleRect is the console's box: over the timeline.
func (a *App) consoleRect() image.Rectangle { return a.reg.Timeline }

// print appends the lines of s to the output, scrolled to the newest.
func (c *consoleState) print(s string) {
	c.out = append(c.out, strings.Split(strings.TrimRight(s, "\n"), "\n")...)
	if n := len(c.out); n > consoleKeep {
		c.out = append(c.out[:0], c.out[n-consoleKeep:]...)
		c.wrapN = 0 // wrap again from the start
	}
	c.scroll = 0
}

// wrap brings c.wrapped up to date with the output for a box w pixels
// wide in face (a monospaced face: every rune is as wide as "0").
func (c *consoleState) wrap(face text.Face, w float64) {
	if w != c.wrapW || c.wrapN > len(c.out) {
		c.wrapped, c.wrapN, c.wrapW = c.wrapped[:0], 0, w
	}
	for _, l := range c.out[c.wrapN:] {
		c.wrapped = appendConsoleLine(c.wrapped, l, face, w)
	}
	c.wrapN = len(c.out)
	if over := len(c.wrapped) - 4*consoleKeep; over > 0 {
		c.wrapped = append(c.wrapped[:0], c.wrapped[over:]...)
	}
}

// appendConsoleLine appends line wrapped to w pixels of a monospaced face:
// a row of a table (two spaces or more before its last column, which
// starts in the box's left two thirds) goes on under its last column; any other
// line under its own text, two spaces further in.
func appendConsoleLine(dst []string, line string, face text.Face, w float64) []string {
	if textfit.Width(line, face) <= w {
		return append(dst, line)
	}
	lead := len(line) - len(strings.TrimLeft(line, " "))
	head, pad := line[:lead], line[:lead]+"  "
	if i := strings.LastIndex(line, "  "); i > lead {
		col := i
		for col < len(line) && line[col] == ' ' {
			col++
		}
		if textfit.Width(line[:col], face) < w*2/3 {
			head = line[:col]
			pad = strings.Repeat(" ", utf8.RuneCountInString(head))
		}
	}
	parts := textfit.Wrap(line[len(head):], face, w-textfit.Width(pad, face))
	for k, p := range parts {
		if k == 0 {
			dst = append(dst, head+p)
		} else {
			dst = append(dst, pad+p)
		}
	}
	return dst
}

// visible is how many output lines the box shows.
func visible(box image.Rectangle) int {
	return max(1, (box.Dy()-2*consolePad-consoleInH)/consoleLineH)
}

// consoleInput runs one tick of input while the console is open: typed
// characters, editing keys, Enter, Up/Down, Tab, PageUp/PageDown and the
// wheel over it. Every key but the console's own toggle is the console's.
func (a *App) consoleInput(in InputState) {
	c := &a.con
	c.blink++
	box := a.consoleRect()
	if image.Pt(in.X, in.Y).In(box) && in.WheelY != 0 {
		c.scroll += int(in.WheelY * 3)
	}
	// '`' is the console's toggle, not a character of the line
	keys := c.line.typed(in.Chars, in.Keys, '`')
	page := visible(box) - 1
	for _, k := range keys {
		switch k {
		case ebiten.KeyEnter, ebiten.KeyNumpadEnter:
			a.consoleRun(c.line.String())
			c.line.set("")
		case ebiten.KeyUp, ebiten.KeyDown:
			c.walk(k == ebiten.KeyUp)
		case ebiten.KeyTab:
			line, cands := a.shell.Complete(c.line.String())
			c.line.set(line)
			if len(cands) > 0 {
				c.print("  " + strings.Join(cands, "   "))
			}
		case ebiten.KeyPageUp:
			c.scroll += page
		case ebiten.KeyPageDown:
			c.scroll -= page
		case ebiten.KeyEscape:
			c.line.set("")
		}
	}
	c.wrap(a.w.mono, float64(box.Dx()-2*consolePad))
	c.scroll = max(0, min(c.scroll, len(c.wrapped)-visible(box)))
}

// walk shows the command before (back) or after the one shown.
func (c *consoleState) walk(back bool) {
	if c.histAt == len(c.hist) {
		c.draft = c.line.String()
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
		c.line.set(c.draft)
		return
	}
	c.line.set(c.hist[c.histAt])
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

// setConsole opens or closes the console.
func (a *App) setConsole(open bool) {
	a.consoleOpen = open
	a.con.blink = 0
}

// drawConsole draws the open console over the timeline: the output's last
// lines (scrolled back by c.scroll), a note of what lies below when
// scrolled, and the input line with its caret or, empty, the hint.
func (a *App) drawConsole(dst *ebiten.Image) {
	if !a.consoleOpen {
		return
	}
	c := &a.con
	box := a.consoleRect()
	fill(dst, box, colConsole)
	face := a.w.mono
	n := visible(box)
	end := len(c.wrapped) - c.scroll
	lines := c.wrapped[max(0, end-n):max(0, end)]
	y := box.Max.Y - consolePad - consoleInH - len(lines)*consoleLineH
	for _, l := range lines {
		drawLabel(dst, l, face, float64(box.Min.X+consolePad), float64(y), colText)
		y += consoleLineH
	}
	if c.scroll > 0 {
		note := "↓ " + strconv.Itoa(c.scroll) + " more line(s): PageDown or the wheel"
		w := int(textfit.Width(note, a.w.small)) + 12
		r := image.Rect(box.Max.X-w-consolePad, box.Min.Y+consolePad, box.Max.X-consolePad, box.Min.Y+consolePad+16)
		fill(dst, r, colButton)
		drawLabel(dst, note, a.w.small, float64(r.Min.X+6), float64(r.Min.Y+1), colText)
	}
	in := image.Rect(box.Min.X+consolePad, box.Max.Y-consolePad-consoleInH, box.Max.X-consolePad, box.Max.Y-consolePad)
	fill(dst, in, colTrack)
	tx, ty := float64(in.Min.X+6), float64(in.Min.Y+4)
	drawLabel(dst, ">", face, tx, ty, colSection)
	tx += textfit.Width("> ", face)
	s := c.line.String()
	if s == "" {
		drawLabel(dst, textfit.Clip(a.consoleHint(), a.w.small, float64(in.Max.X)-tx-6), a.w.small, tx, ty+1, colDim)
	} else {
		drawLabel(dst, s, face, tx, ty, colText)
	}
	if c.blink/20%2 == 0 {
		cx := int(tx + textfit.Width(string(c.line.text[:c.line.caret]), face))
		fill(dst, image.Rect(cx, in.Min.Y+4, cx+1, in.Max.Y-4), colSection)
	}
}
