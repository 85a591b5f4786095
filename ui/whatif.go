package ui

import (
	"errors"
	"fmt"

	"github.com/moralebreak/moralebreak/game"
)

// The App's side of a what-if's two futures (game.Rewind.Show, Revert):
// which one the field and the timeline show, the look-only original
// future, Revert, and the banner's sentence.

// errLookOnly is why a click on the field does nothing while the original
// future of a what-if is shown.
var errLookOnly = errors.New("showing future A, the weights before: a look only; press A (Future A/B) to act on the live battle, B")

// view returns what the field, the timeline and the inspector show: the
// session, or the original future (A) of a what-if when Future A/B chose
// it. It changes nothing: Draw may call it.
func (a *App) view() game.View { return a.g.Rewind().View() }

// finder hit-tests the soldiers of the future shown (right-click selects
// where he is drawn): the live battle's, the fallen included (hits), or
// future A's.
func (a *App) finder() SoldierFinder {
	if a.g.Rewind().Shown() == game.FutureA {
		if f, ok := a.view().(SoldierFinder); ok {
			return f
		}
	}
	return a.hits()
}

// lookOnly drops the field's kills and shells while future A is shown:
// they would land in the live battle where future A's men are drawn. It
// says why instead.
func (a *App) lookOnly(it *Intent) {
	if a.g.Rewind().Shown() != game.FutureA {
		return
	}
	kept, dropped := it.Commands[:0], false
	for _, c := range it.Commands {
		switch c.(type) {
		case game.Kill, game.Shell:
			dropped = true
			continue
		}
		kept = append(kept, c)
	}
	it.Commands = kept
	if dropped {
		it.Refused = append(it.Refused, errLookOnly)
	}
}

// backToLive shows the live battle (B) again before command c, which
// changes it, is carried out while future A is shown; the clock's commands
// (pause, step, speed) leave the view alone.
func (a *App) backToLive(c game.Command) {
	switch c.(type) {
	case game.Pause, game.Step, game.SetSpeed:
		return
	}
	if a.g.Rewind().Shown() == game.FutureA {
		_ = a.g.Rewind().Show(game.FutureB) // cannot fail: a what-if runs
		a.rewind.nextWhatIf = 0
	}
}

// toggleFuture shows the other future of the running what-if (Future A/B,
// the A key); without one it says so.
func (a *App) toggleFuture() {
	rw := a.g.Rewind()
	next := game.FutureA
	if rw.Shown() == game.FutureA {
		next = game.FutureB
	}
	if err := rw.Show(next); err != nil {
		a.showBanner("Future A/B: "+err.Error(), true, 4*game.TPS)
		return
	}
	a.rewind.nextWhatIf = 0 // the banner says which, at once
}

// revert ends the what-if with the weights of its branch (Revert what-if,
// the Z key) and says what came back; without a what-if it changes
// nothing and says so.
func (a *App) revert() {
	restored, err := a.g.Rewind().Revert()
	if err != nil {
		a.showBanner("Revert: "+err.Error(), true, 4*game.TPS)
		return
	}
	a.relint() // the tuner's rows follow at the tick's end (settle)
	msg := "Reverted: the what-if ended (its weights were the branch's)."
	if restored != "" {
		msg = "Reverted to " + restored + ": the what-if ended; the battle runs on with the weights from before it."
	}
	a.showBanner(msg, false, 5*game.TPS)
}

// whatIfText is the banner's sentence for what-if w while future shown is
// on the field: where it branched, with which weights, who breaks when in
// the new future against the original, and the keys.
func whatIfText(w game.WhatIf, shown game.Future) string {
	other := game.FutureA
	if shown == game.FutureA {
		other = game.FutureB
	}
	return fmt.Sprintf("What-if from %.1f s — %s. Showing %s (%s dashed) · A: show %s · Z: revert",
		w.From, w.String(), shown, other, other)
}
