package ui

import (
	"image"
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
	in.Typing = a.tuner.Editing()
	return in
}

// applyEdit applies one of the tuner's edits through the Editor; a refused
// one stays on its row with the reason, and changes nothing.
func (a *App) applyEdit(e TunerEdit) {
	p := a.tuner.rows[e.Row].p
	if err := a.editor.Set(p, e.Value); err != nil {
		a.tuner.Refused(e, err)
		return
	}
	a.tuner.Taken(e)
	if m := a.strip.msgs[SlotNotice]; m.tone == ToneBad && m.ticks >= 0 {
		a.showBanner("", false, 0) // what was refused is mended
	}
	a.relint()
}

// syncTuner shows the live settings on the tuner's rows (those Resume will
// continue with, while rewound) and which of them are pending.
func (a *App) syncTuner() { a.tuner.sync(a.g.Settings(), a.pending) }
