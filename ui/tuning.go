package ui

import (
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
	"github.com/moralebreak/moralebreak/ui/published"
)

// The App's side of the tuner: its box, its input and the edits it asks
// for, applied through the Editor.

// tunerInput takes the tick's tuner edits (queued by its widgets in the
// UI's Update, and by the keys of in), applies them and returns the input
// without the keys it took; a typed value refused before it became an
// edit is said in the strip; while a value is typed no key is a shortcut
// (Typing).
func (a *App) tunerInput(in InputState) InputState {
	edits, refused, rest := a.tuner.Input(in)
	in.Keys = rest
	for _, err := range refused {
		a.showBanner(err.Error(), true, 5*game.TPS)
	}
	for _, e := range edits {
		a.applyEdit(e)
	}
	a.undo.holding = a.tuner.dragging() // a drag's later edits are its first's undo
	in.Typing = a.tuner.Editing()
	// A TextInput closed this tick (Enter taken, Tab, Esc) is hidden by
	// the next sync while ebitenui still holds it as focused (its unfocus
	// event fires at the end of ebitenui's next Update, after it moves the
	// focus off a hidden widget): dropped now, the focus goes to no button.
	if f := a.ui.GetFocusedWidget(); f != nil && !f.IsFocused() {
		a.ui.ClearFocus()
	}
	return in
}

// applyEdit applies one of the tuner's edits through the Editor; a refused
// one stays on its row with the reason, and changes nothing.
func (a *App) applyEdit(e TunerEdit) {
	p := a.tuner.rows[e.Row].p
	from := p.Get(a.g.Settings())
	if err := a.editor.Set(p, e.Value); err != nil {
		a.tuner.Refused(e, err)
		a.showBanner(err.Error(), true, 5*game.TPS) // the row shows where, the strip says why
		return
	}
	a.undo.record(p, from, e.Value)
	a.tuner.Taken(e)
	if m := a.strip.Message(slotNotice); m.Tone == widgets.ToneBad && m.Ticks >= 0 {
		a.showBanner("", false, 0) // what was refused is mended
	}
	a.relint()
}

// syncTuner shows the live settings on the tuner's rows (those Resume will
// continue with, while rewound) and which of them are pending.
//
// The rows are remade first when the settings' weight rows are not the
// tuner's: a Revert, an undo or a rewind can take back a row a file
// reload added (or bring one back), and the tuner kept it ("Ambush
// removed" in the banner, an Ambush row at 0.00 in the tuner).
func (a *App) syncTuner() {
	s := a.g.Settings()
	if !a.tuner.rowsOf(s) {
		a.tuner.rebuild(s, s)
	}
	a.tuner.sync(s, a.g.Rewind().Pending)
}

// rowsOf reports whether the tuner's weight rows are those of s: a row
// for each of its weights and no other.
func (t *Tuner) rowsOf(s morale.Settings) bool {
	n := 0
	for i := range t.rows {
		if p := t.rows[i].p; p.Weight {
			if _, ok := s.Weights[morale.Event(p.Name)]; !ok {
				return false
			}
			n++
		}
	}
	return n == len(s.Weights)
}

// dragging reports whether a row's slider is being dragged.
func (t *Tuner) dragging() bool {
	for i := range t.rows {
		if t.rows[i].slider.Dragging() {
			return true
		}
	}
	return false
}

// published is the tuner's rows as the App publishes them: Box is a row's
// value (shown, or typed), Shown whether it is inside the rows' view.
func (t *Tuner) published() []published.Row {
	out := make([]published.Row, len(t.rows))
	view := t.scroll.ViewRect()
	for i := range t.rows {
		r := &t.rows[i]
		f := r.sc.FormatValue
		v := r.cell.GetWidget().Rect
		out[i] = published.Row{Name: r.p.Name, Value: f(r.value), Start: f(r.start), Pending: r.pending,
			Shown: !v.Empty() && v.In(view), Box: published.RectOf(v)}
		if r.hasDef {
			out[i].Default = f(r.def)
		}
		if t.note.row == i {
			out[i].Note = t.note.text
		}
		if r.input.IsFocused() {
			out[i].Typing = r.input.GetText()
		}
	}
	return out
}
