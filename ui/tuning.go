package ui

import (
	"image"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/ui/published"
)

// The App's side of the tuner: its box, its input and the edits it asks
// for, applied through the Editor.

// tunerRect is where the tuner's rows are drawn (as ebitenui laid its box
// out at the last frame).
func (a *App) tunerRect() image.Rectangle { return a.w.tunerBox.GetWidget().Rect }

// tunerInput gives the tick's input to the tuner, applies the edits it
// asks for and returns the input without the keys it took; while a value
// is typed no key is a shortcut (Typing).
func (a *App) tunerInput(in InputState) InputState {
	edits, rest := a.tuner.Input(in, a.tunerRect())
	in.Keys = rest
	for _, e := range edits {
		a.applyEdit(e)
	}
	a.undo.holding = a.tuner.drag.on // a drag's later edits are its first's undo
	in.Typing = a.tuner.Editing()
	return in
}

// applyEdit applies one of the tuner's edits through the Editor; a refused
// one stays on its row with the reason, and changes nothing.
func (a *App) applyEdit(e TunerEdit) {
	p := a.tuner.rows[e.Row].p
	from := p.Get(a.g.Settings())
	if err := a.editor.Set(p, e.Value); err != nil {
		a.tuner.Refused(e, err)
		if !e.Typed { // the row shows where, the strip says why
			a.showBanner(err.Error(), true, 5*game.TPS)
		}
		return
	}
	a.undo.record(p, from, e.Value)
	a.tuner.Taken(e)
	if m := a.strip.msgs[SlotNotice]; m.tone == ToneBad && m.ticks >= 0 {
		a.showBanner("", false, 0) // what was refused is mended
	}
	a.relint()
}

// syncTuner shows the live settings on the tuner's rows (those Resume will
// continue with, while rewound) and which of them are pending.
func (a *App) syncTuner() { a.tuner.sync(a.g.Settings(), a.pending) }

// published is the tuner's rows as the App publishes them, in box.
func (t *Tuner) published(box image.Rectangle) []published.Row {
	out := make([]published.Row, len(t.rows))
	for i := range t.rows {
		r := &t.rows[i]
		f := r.sc.FormatValue
		v := t.geom(box, t.itemOf(i)).value
		out[i] = published.Row{Name: r.p.Name, Value: f(r.value), Start: f(r.start), Pending: r.pending,
			Shown: v.In(box), Box: published.RectOf(v)}
		if r.hasDef {
			out[i].Default = f(r.def)
		}
		if t.note.row == i {
			out[i].Note = t.note.text
		}
		if t.edit.on && t.edit.row == i {
			out[i].Typing = t.edit.line.String()
		}
	}
	return out
}
