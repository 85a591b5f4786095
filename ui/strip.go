package ui

import (
	"image"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/internal/textfit"
)

// The message strip: every message of the panel (a notice, the session's
// rewind and what-if, the lint) in one box of StripLines lines whose place
// and size never change, so that nothing under it moves when a message
// comes or goes (TestMessagesMoveNoWidget).

// StripLines is how many lines of text the message strip holds.
const StripLines = 4

// Message strip geometry, in pixels.
const (
	stripLineH = 15
	stripPad   = 4
	// StripH is the strip's height: StripLines lines and its padding.
	StripH = StripLines*stripLineH + 2*stripPad
)

// MessageSlot is one source of the strip's messages. Each slot holds one
// message at a time; the strip shows them in slot order.
type MessageSlot uint8

const (
	// SlotNotice is what the last action did or why it was refused: a save,
	// a reload, a refused command or edit (App.showBanner).
	SlotNotice MessageSlot = iota
	// SlotSession is the session's own note: the rewind cursor, the
	// what-if's sentence, a replay's end (App.sessionNotes).
	SlotSession
	// SlotLint is what lab.Lint says of the live settings (App.relint).
	SlotLint
	slotCount
)

// String names the slot, as the published state does.
func (s MessageSlot) String() string {
	switch s {
	case SlotNotice:
		return "notice"
	case SlotSession:
		return "session"
	case SlotLint:
		return "lint"
	}
	return "slot?"
}

// Tone is how a message is coloured.
type Tone uint8

const (
	ToneInfo Tone = iota // neutral: where the rewind cursor is
	ToneGood             // done: saved, reloaded
	ToneBad              // refused, broken
	ToneWarn             // a warning: the lint
)

// String names the tone, as the published state does.
func (t Tone) String() string {
	switch t {
	case ToneGood:
		return "good"
	case ToneBad:
		return "bad"
	case ToneWarn:
		return "warn"
	}
	return "info"
}

// toneColor is the tone's mark at the left of its lines.
func toneColor(t Tone) color.NRGBA {
	switch t {
	case ToneGood:
		return color.NRGBA{0x4c, 0xc0, 0x6c, 0xff}
	case ToneBad:
		return color.NRGBA{0xe0, 0x4c, 0x40, 0xff}
	case ToneWarn:
		return color.NRGBA{0xe8, 0xb4, 0x4a, 0xff}
	}
	return color.NRGBA{0x6c, 0x9c, 0xd8, 0xff}
}

// message is one slot's message.
type message struct {
	text  string
	tone  Tone
	ticks int // ticks it stays up; < 0: until replaced
}

// stripLine is one line the strip draws.
type stripLine struct {
	text  string
	tone  Tone
	slot  MessageSlot
	first bool // the first line of its message (a gap above it)
}

// messageStrip is the strip's messages and, as Update laid them out, its
// lines.
type messageStrip struct {
	msgs  [slotCount]message
	lines []stripLine
	cut   [slotCount]bool // the slot's message did not fit: hovering shows it whole
}

// set shows text in slot (replacing what it held) for ticks ticks (< 0:
// until replaced); "" clears the slot.
func (s *messageStrip) set(slot MessageSlot, text string, tone Tone, ticks int) {
	if text == "" {
		s.msgs[slot] = message{}
		return
	}
	s.msgs[slot] = message{text: text, tone: tone, ticks: ticks}
}

// text returns slot's message, "" when it holds none.
func (s *messageStrip) text(slot MessageSlot) string { return s.msgs[slot].text }

// tick counts down the messages with a lifetime and clears the ones whose
// time is up.
func (s *messageStrip) tick() {
	for i := range s.msgs {
		m := &s.msgs[i]
		if m.text != "" && m.ticks > 0 {
			if m.ticks--; m.ticks == 0 {
				*m = message{}
			}
		}
	}
}

// layout lays the messages out in StripLines lines of w pixels of face:
// every message gets a line, in slot order, and what lines are left go to
// them in the same order; a message that does not fit ends in "…", and
// hovering it shows it whole (hover).
func (s *messageStrip) layout(face text.Face, w float64) {
	s.lines = s.lines[:0]
	var wrapped [slotCount][]string
	n := 0 // messages to show
	for i, m := range s.msgs {
		if m.text != "" {
			wrapped[i] = textfit.Wrap(m.text, face, w)
			n++
		}
	}
	share := [slotCount]int{}
	left := StripLines
	for i := range wrapped { // a line each
		if len(wrapped[i]) > 0 && left > 0 {
			share[i], left = 1, left-1
		}
	}
	for i := range wrapped { // then the rest, in order
		more := min(left, len(wrapped[i])-share[i])
		if len(wrapped[i]) > 0 && more > 0 {
			share[i] += more
			left -= more
		}
	}
	for i := range wrapped {
		if share[i] == 0 {
			s.cut[i] = len(wrapped[i]) > 0
			continue
		}
		kept, cut := textfit.Limit(wrapped[i], share[i], face, w)
		s.cut[i] = cut
		for k, l := range kept {
			s.lines = append(s.lines, stripLine{text: l, tone: s.msgs[i].tone, slot: MessageSlot(i), first: k == 0})
		}
	}
}

// lineRect is the rectangle of line k of a strip drawn in r.
func lineRect(r image.Rectangle, k int) image.Rectangle {
	y := r.Min.Y + stripPad + k*stripLineH
	return image.Rect(r.Min.X, y, r.Max.X, y+stripLineH)
}

// hover returns the whole text of the message under (x, y) in a strip
// drawn in r when it was cut, else "".
func (s *messageStrip) hover(r image.Rectangle, x, y int) string {
	for k, l := range s.lines {
		if image.Pt(x, y).In(lineRect(r, k)) && s.cut[l.slot] {
			return s.msgs[l.slot].text
		}
	}
	return ""
}

// all returns every message shown, in slot order, joined by newlines.
func (s *messageStrip) all() string {
	var b []string
	for _, m := range s.msgs {
		if m.text != "" {
			b = append(b, m.text)
		}
	}
	return strings.Join(b, "\n")
}

// draw draws the strip's lines into r on dst: a dark box, and each line
// with its tone's mark at the left.
func (s *messageStrip) draw(dst *ebiten.Image, r image.Rectangle, face text.Face) {
	dst.SubImage(r).(*ebiten.Image).Fill(colStrip)
	if len(s.lines) == 0 {
		drawLabel(dst, "No messages.", face, float64(r.Min.X+stripTextX), float64(lineRect(r, 0).Min.Y), colFaint)
		return
	}
	for k, l := range s.lines {
		lr := lineRect(r, k)
		dst.SubImage(image.Rect(r.Min.X+2, lr.Min.Y+1, r.Min.X+5, lr.Max.Y-1)).(*ebiten.Image).Fill(toneColor(l.tone))
		drawLabel(dst, l.text, face, float64(r.Min.X+stripTextX), float64(lr.Min.Y), colText)
	}
}

// stripTextX is where the strip's text starts, right of the tone marks.
const stripTextX = 10

// stripTextW is the width of the strip's text in a strip of width w.
func stripTextW(w int) float64 { return float64(w - stripTextX - 4) }

// drawLabel draws s with its top-left at (x, y).
func drawLabel(dst *ebiten.Image, s string, face text.Face, x, y float64, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	text.Draw(dst, s, face, op)
}
