package ui

import (
	"image/color"
	"slices"
	"strings"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/internal/textfit"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
)

// The message strip: every message of the panel (a notice, the session's
// rewind and what-if, the lint) in one box of StripLines ebitenui rows
// whose place and size never change, so that nothing under it moves when
// a message comes or goes (TestMessagesMoveNoWidget).

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
	if s < slotCount {
		return [slotCount]string{"notice", "session", "lint"}[s]
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
	toneCount
)

// String names the tone, as the published state does.
func (t Tone) String() string { return [toneCount]string{"info", "good", "bad", "warn"}[t%toneCount] }

// toneColor is the tone's mark at the left of its lines.
func toneColor(t Tone) color.NRGBA {
	return [toneCount]color.NRGBA{{0x6c, 0x9c, 0xd8, 0xff}, {0x4c, 0xc0, 0x6c, 0xff}, widgets.ColBad, {0xe8, 0xb4, 0x4a, 0xff}}[t%toneCount]
}

// message is one slot's message.
type message struct {
	text  string
	tone  Tone
	ticks int // ticks it stays up; < 0: until replaced
}

// stripLine is one line the strip shows.
type stripLine struct {
	text string
	tone Tone
	slot MessageSlot
}

// messageStrip is the strip's messages and, as Update laid them out, its
// lines, shown in ebitenui widgets in the strip's box: a row each (its
// tone's mark and its text) and the box's tooltip, which holds the
// messages cut short whole ("" and no background, so nothing shows, when
// every message fits).
type messageStrip struct {
	msgs   [slotCount]message
	lines  []stripLine
	cut    [slotCount]bool // the slot's message did not fit: the tooltip shows it whole
	marks  [toneCount + 1]*eimage.NineSlice
	texts  [StripLines]*widget.Text
	tones  [StripLines]*widget.Graphic // each row's mark, marks[toneCount]: none
	tip    *widget.Text
	tipBox *widget.Container
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

// build fills the strip's box, under what it holds (Save's answers), with
// the strip's rows of face and its tooltip (ebitenui's, without delay: the
// panel is drawn again when the pointer moves over it).
func (s *messageStrip) build(strip *widget.Container, face text.Face) {
	for t := range s.marks {
		s.marks[t] = eimage.NewNineSliceColor(toneColor(Tone(t)))
	}
	s.marks[toneCount] = eimage.NewNineSliceColor(color.Transparent)
	s.tip = widget.NewText(widget.TextOpts.Text("", &face, widgets.ColText), widget.TextOpts.MaxWidth(PanelW-2*panelPad-16))
	s.tipBox = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewAnchorLayout(widget.AnchorLayoutOpts.Padding(widget.NewInsetsSimple(6)))))
	s.tipBox.AddChild(s.tip)
	box := widgets.Column(0, &widget.Insets{Top: stripPad, Left: 2}, widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{StretchHorizontal: true, StretchVertical: true}),
		widget.WidgetOpts.ToolTip(widget.NewToolTip(widget.ToolTipOpts.Content(s.tipBox), widget.ToolTipOpts.Position(widget.TOOLTIP_POS_WIDGET)))))
	for k := range s.texts {
		s.tones[k] = widget.NewGraphic(widget.GraphicOpts.ImageNineSlice(s.marks[toneCount]), widget.GraphicOpts.WidgetOpts(
			widget.WidgetOpts.LayoutData(widget.RowLayoutData{Position: widget.RowLayoutPositionCenter, MaxWidth: 3, MaxHeight: stripLineH - 2})))
		s.texts[k] = widget.NewText(widget.TextOpts.Text(" ", &face, widgets.ColText))
		row := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(stripTextX-5))),
			widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, stripLineH)))
		row.AddChild(s.tones[k], s.texts[k])
		box.AddChild(row)
	}
	others := slices.Clone(strip.Children())
	strip.RemoveChildren()
	strip.SetBackgroundImage(eimage.NewNineSliceColor(widgets.ColStrip))
	strip.AddChild(append([]widget.PreferredSizeLocateableWidget{box}, others...)...)
	s.show()
}

// layout lays the messages out in StripLines lines of w pixels of face
// and shows them in the rows: every message gets a line, in slot order,
// and what lines are left go to them in the same order; a message that
// does not fit ends in "…", and the strip's tooltip shows it whole.
func (s *messageStrip) layout(face text.Face, w float64) {
	s.lines = s.lines[:0]
	var wrapped [slotCount][]string
	for i, m := range s.msgs {
		if m.text != "" {
			wrapped[i] = textfit.Wrap(m.text, face, w)
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
		for _, l := range kept {
			s.lines = append(s.lines, stripLine{text: l, tone: s.msgs[i].tone, slot: MessageSlot(i)})
		}
	}
	s.show()
}

// show puts the lines in the rows (built: a strip without rows only lays
// out), each with its tone's mark, an empty strip saying so on its first,
// and the messages cut short in the tooltip.
func (s *messageStrip) show() {
	if s.tip == nil {
		return
	}
	var tip []string
	for i, m := range s.msgs {
		if s.cut[i] {
			tip = append(tip, m.text)
		}
	}
	if t := strings.Join(tip, "\n\n"); t != s.tip.Label { // SetBackgroundImage validates the box again: only on change
		var bg *eimage.NineSlice
		if t != "" {
			bg = eimage.NewBorderedNineSliceColor(widgets.ColConsole, widgets.ColButtonHi, 1)
		}
		s.tip.Label = t
		s.tipBox.SetBackgroundImage(bg)
	}
	for k, t := range s.texts {
		label, c, mark := " ", widgets.ColText, s.marks[toneCount]
		switch {
		case k < len(s.lines):
			label, mark = s.lines[k].text, s.marks[s.lines[k].tone%toneCount]
		case k == 0:
			label, c = "No messages.", widgets.ColFaint
		}
		t.Label, s.tones[k].ImageNineSlice = label, mark
		t.SetColor(c)
	}
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

// stripTextX is where the strip's text starts, right of the tone marks.
const stripTextX = 10

// stripTextW is the width of the strip's text in a strip of width w.
func stripTextW(w int) float64 { return float64(w - stripTextX - 4) }
