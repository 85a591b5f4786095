package ui

import (
	"fmt"

	"github.com/moralebreak/moralebreak/game"
)

// undoLimit is how many tuner edits Undo keeps (the oldest go first).
const undoLimit = 256

// undoEdit is one tuner edit: parameter p from one value to another (a
// whole drag is one edit: from where it began to where it ended).
type undoEdit struct {
	p        Param
	from, to float64
}

// undoStacks are the tuner's edits to undo (done, the latest last) and to
// redo (undone). They are the tuner's alone: a what-if's revert, a file
// reload and the console are not edits to undo.
type undoStacks struct {
	done, undone []undoEdit
	// holding: a drag is under way; its edits after the first extend the
	// first's
	holding bool
}

// record keeps the edit of p from from to to: a new one, or, during a
// drag, the drag's one carried on. A new edit forgets what was undone.
func (u *undoStacks) record(p Param, from, to float64) {
	if n := len(u.done); u.holding && n > 0 && u.done[n-1].p.Name == p.Name {
		u.done[n-1].to = to
		return
	}
	u.done = append(u.done, undoEdit{p: p, from: from, to: to})
	if len(u.done) > undoLimit {
		u.done = append(u.done[:0], u.done[len(u.done)-undoLimit:]...)
	}
	u.undone = u.undone[:0]
}

// undoEdit takes the latest edit off from and sets its parameter back
// (verb "Undone": to its from; "Redone": to its to), puts it on to, and
// says so in the strip. Nothing to take: it says that.
func (a *App) undoEdit(from, to *[]undoEdit, verb string) {
	n := len(*from)
	if n == 0 {
		what := "undo"
		if verb == "Redone" {
			what = "redo"
		}
		a.showBanner("Nothing to "+what+" (Ctrl+Z undoes a tuner edit, Ctrl+Shift+Z redoes it)", false, 3*game.TPS)
		return
	}
	e := (*from)[n-1]
	v := e.from
	if verb == "Redone" {
		v = e.to
	}
	// was is the value now, which a what-if's revert or a reload of the
	// file may have changed since the edit: the message says what the
	// undo changed, not what the edit had.
	was := e.p.Get(a.editor.Good())
	f := ScaleOf(e.p).FormatValue // as the row writes it: 2.25 typed is "2.25", not "2.2"
	if was == v {
		*from = (*from)[:n-1]
		*to = append(*to, e)
		a.showBanner(fmt.Sprintf("%s: %s is %s already (set back since, outside the tuner); nothing changed (%d to undo, %d to redo)", verb, e.p.Name, f(v), len(a.undo.done), len(a.undo.undone)), false, 3*game.TPS)
		return
	}
	if err := a.editor.Set(e.p, v); err != nil {
		a.showBanner(verb+" refused: "+err.Error(), true, 5*game.TPS)
		return
	}
	*from = (*from)[:n-1]
	*to = append(*to, e)
	a.showBanner(fmt.Sprintf("%s: %s %s → %s (%d to undo, %d to redo)", verb, e.p.Name, f(was), f(v), len(a.undo.done), len(a.undo.undone)), false, 3*game.TPS)
	a.syncTuner()
	a.relint()
}
