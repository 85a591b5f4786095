package widgets

import (
	"image/color"
	"slices"
	"strings"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/internal/textfit"
)

// StripLines is how many lines of text a message strip holds.
const StripLines = 4

// Message strip geometry, in pixels.
const (
	stripLineH = 15
	stripPad   = 4
	// StripH is a strip's height: StripLines lines and its padding.
	StripH = StripLines*stripLineH + 2*stripPad
	// stripTextX is where the strip's text starts, right of the tone
	// marks.
	stripTextX = 10
)

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

// Color is the tone's mark at the left of its lines.
func (t Tone) Color() color.NRGBA {
	return [toneCount]color.NRGBA{{0x6c, 0x9c, 0xd8, 0xff}, {0x4c, 0xc0, 0x6c, 0xff}, ColBad, {0xe8, 0xb4, 0x4a, 0xff}}[t%toneCount]
}

// Message is one slot's message: its text ("" for none), its tone, and
// the ticks it stays up (< 0: until replaced).
type Message struct {
	Text  string
	Tone  Tone
	Ticks int
}

// stripLine is one line the strip shows.
type stripLine struct {
	text string
	tone Tone
}

// Strip is a message strip: a box of StripLines ebitenui rows whose place
// and size never change, so that nothing under it moves when a message
// comes or goes. Its messages come from slots (one message each; its
// owner names them), shown in slot order, each with its tone's mark; a
// message that does not fit ends in "…" and the box's tooltip shows it
// whole ("" and no background, so nothing shows, when every message fits).
type Strip struct {
	msgs   []Message
	lines  []stripLine // as Layout laid them out
	cut    []bool      // the slot's message did not fit: the tooltip shows it whole
	marks  [toneCount + 1]*eimage.NineSlice
	texts  [StripLines]*widget.Text
	tones  [StripLines]*widget.Graphic // each row's mark, marks[toneCount]: none
	tip    *widget.Text
	tipBox *widget.Container
}

// NewStrip returns an empty strip of slots slots.
func NewStrip(slots int) *Strip {
	return &Strip{msgs: make([]Message, slots), cut: make([]bool, slots)}
}

// Set shows text in slot (replacing what it held) in tone for ticks ticks
// (< 0: until replaced); "" clears the slot.
func (s *Strip) Set(slot int, text string, tone Tone, ticks int) {
	if text == "" {
		s.msgs[slot] = Message{}
		return
	}
	s.msgs[slot] = Message{Text: text, Tone: tone, Ticks: ticks}
}

// Clear clears every slot.
func (s *Strip) Clear() { clear(s.msgs) }

// Message is slot's message (its Text "" when it holds none).
func (s *Strip) Message(slot int) Message { return s.msgs[slot] }

// Messages are every slot's message, in slot order. The slice is the
// strip's: read it, do not keep it.
func (s *Strip) Messages() []Message { return s.msgs }

// Tick counts down the messages with a lifetime and clears the ones whose
// time is up.
func (s *Strip) Tick() {
	for i := range s.msgs {
		m := &s.msgs[i]
		if m.Text != "" && m.Ticks > 0 {
			if m.Ticks--; m.Ticks == 0 {
				*m = Message{}
			}
		}
	}
}

// Build fills box, under what it holds (buttons at its side, say), with
// the strip's rows of face and its tooltip, tipW pixels wide at most
// (ebitenui's, without delay: the panel is drawn again when the pointer
// moves over it).
func (s *Strip) Build(box *widget.Container, face text.Face, tipW int) {
	for t := range s.marks {
		s.marks[t] = eimage.NewNineSliceColor(Tone(t).Color())
	}
	s.marks[toneCount] = eimage.NewNineSliceColor(color.Transparent)
	s.tip = widget.NewText(widget.TextOpts.Text("", &face, ColText), widget.TextOpts.MaxWidth(float64(tipW)))
	s.tipBox = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewAnchorLayout(widget.AnchorLayoutOpts.Padding(widget.NewInsetsSimple(6)))))
	s.tipBox.AddChild(s.tip)
	rows := Column(0, &widget.Insets{Top: stripPad, Left: 2}, widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{StretchHorizontal: true, StretchVertical: true}),
		widget.WidgetOpts.ToolTip(widget.NewToolTip(widget.ToolTipOpts.Content(s.tipBox), widget.ToolTipOpts.Position(widget.TOOLTIP_POS_WIDGET)))))
	for k := range s.texts {
		s.tones[k] = widget.NewGraphic(widget.GraphicOpts.ImageNineSlice(s.marks[toneCount]), widget.GraphicOpts.WidgetOpts(
			widget.WidgetOpts.LayoutData(widget.RowLayoutData{Position: widget.RowLayoutPositionCenter, MaxWidth: 3, MaxHeight: stripLineH - 2})))
		s.texts[k] = widget.NewText(widget.TextOpts.Text(" ", &face, ColText))
		row := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(stripTextX-5))),
			widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, stripLineH)))
		row.AddChild(s.tones[k], s.texts[k])
		rows.AddChild(row)
	}
	others := slices.Clone(box.Children())
	box.RemoveChildren()
	box.SetBackgroundImage(eimage.NewNineSliceColor(ColStrip))
	box.AddChild(append([]widget.PreferredSizeLocateableWidget{rows}, others...)...)
	s.show()
}

// Layout lays the messages out in StripLines lines of face in a strip w
// pixels wide (its text's width is a little less) and shows them in the
// rows: every message gets a line, in slot order, and what lines are left
// go to them in the same order; a message that does not fit ends in "…",
// and the strip's tooltip shows it whole.
func (s *Strip) Layout(face text.Face, w int) {
	tw := float64(w - stripTextX - 4)
	s.lines = s.lines[:0]
	wrapped := make([][]string, len(s.msgs))
	for i, m := range s.msgs {
		if m.Text != "" {
			wrapped[i] = textfit.Wrap(m.Text, face, tw)
		}
	}
	share := make([]int, len(s.msgs))
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
		kept, cut := textfit.Limit(wrapped[i], share[i], face, tw)
		s.cut[i] = cut
		for _, l := range kept {
			s.lines = append(s.lines, stripLine{text: l, tone: s.msgs[i].Tone})
		}
	}
	s.show()
}

// show puts the lines in the rows (built: a strip without rows only lays
// out), each with its tone's mark, an empty strip saying so on its first,
// and the messages cut short in the tooltip.
func (s *Strip) show() {
	if s.tip == nil {
		return
	}
	var tip []string
	for i, m := range s.msgs {
		if s.cut[i] {
			tip = append(tip, m.Text)
		}
	}
	if t := strings.Join(tip, "\n\n"); t != s.tip.Label { // SetBackgroundImage validates the box again: only on change
		var bg *eimage.NineSlice
		if t != "" {
			bg = eimage.NewBorderedNineSliceColor(ColConsole, ColButtonHi, 1)
		}
		s.tip.Label = t
		s.tipBox.SetBackgroundImage(bg)
	}
	for k, t := range s.texts {
		label, c, mark := " ", ColText, s.marks[toneCount]
		switch {
		case k < len(s.lines):
			label, mark = s.lines[k].text, s.marks[s.lines[k].tone%toneCount]
		case k == 0:
			label, c = "No messages.", ColFaint
		}
		t.Label, s.tones[k].ImageNineSlice = label, mark
		t.SetColor(c)
	}
}

// Lines is how many lines the last Layout filled (StripLines at most).
func (s *Strip) Lines() int { return len(s.lines) }

// Rows are the rows' texts as shown, top to bottom, and the tooltip's
// (the messages cut short, whole; "" when every message fits).
func (s *Strip) Rows() (rows [StripLines]string, tip string) {
	for k, t := range s.texts {
		rows[k] = t.Label
	}
	return rows, s.tip.Label
}

// All returns every message shown, in slot order, joined by newlines.
func (s *Strip) All() string {
	var b []string
	for _, m := range s.msgs {
		if m.Text != "" {
			b = append(b, m.Text)
		}
	}
	return strings.Join(b, "\n")
}
