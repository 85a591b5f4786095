package ui

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
)

// RewindStep is how far, in seconds of simulated time, the `,` and `.`
// keys move the rewind cursor.
const RewindStep = 1.0

// The timeline plot's margins inside the timeline region, as render draws
// it (render.TimelinePlot): the drag maps x to time on the same axis.
const (
	plotLeft  = 40
	plotRight = 12
)

// rewindState is the App's side of rewind and what-if: the timeline drag
// and what the banner last said.
type rewindState struct {
	dragging   bool
	pressTick  int64   // the session sub-tick when the drag began
	pressTime  float64 // the battle time then (the window's right edge)
	lastX      int
	nextWhatIf int     // ticks until the what-if line is refreshed
	rewound    bool    // a rewind or its what-if is on: the session slot is theirs
	branchT    float64 // the battle time the cursor was last at (the what-if's branch)
}

// DragTick returns the session sub-tick under screen x on a timeline drawn
// in region r whose window ended at battle time now at session sub-tick
// nowTick: the timeline shows the last game.HistoryWindow seconds; x left
// or right of the plot clamps to its edges.
func DragTick(r Regions, x int, now float64, nowTick int64) int64 {
	left, right := float64(r.Timeline.Min.X+plotLeft), float64(r.Timeline.Max.X-plotRight-1)
	f := math.Max(0, math.Min(1, (float64(x)-left)/math.Max(1, right-left)))
	t := now - game.HistoryWindow + f*game.HistoryWindow
	return nowTick + int64(math.Round((t-now)*game.SubTicksPerSecond))
}

// timelineDrag moves the rewind cursor while the left button drags on the
// timeline.
func (a *App) timelineDrag() {
	x, y := ebiten.CursorPosition()
	pressed := ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	rw := &a.rewind
	switch {
	case !pressed:
		rw.dragging = false
	case !rw.dragging && a.reg.Timeline.Min.X <= x && x < a.reg.Timeline.Max.X &&
		a.reg.Timeline.Min.Y <= y && y < a.reg.Timeline.Max.Y:
		rw.dragging, rw.pressTick, rw.pressTime, rw.lastX = true, a.g.SessionTicks(), a.g.Time(), math.MinInt
	}
	if rw.dragging && x != rw.lastX {
		rw.lastX = x
		a.g.Rewind().To(DragTick(a.reg, x, rw.pressTime, rw.pressTick))
	}
}

// sessionNotes keeps the strip's session slot up to date: the replay's
// end, where the rewind cursor is, and while a what-if runs how its future
// differs, until the moment it branched at has left the timeline (30 s
// later): then the what-if no longer shows on screen, nor does its note.
func (a *App) sessionNotes() {
	a.replayNote()
	rw := &a.rewind
	if c, ok := a.g.Rewind().Cursor(); ok {
		rw.rewound, rw.branchT = true, a.g.Time()
		msg := fmt.Sprintf("Rewound to %.2f s (session %.1f of %.1f s): drag the timeline or , . to move; Space or Resume from here continues with the tuner's weights.",
			a.g.Time(), float64(c)/game.SubTicksPerSecond, float64(a.g.Rewind().End())/game.SubTicksPerSecond)
		if n := a.pendingEdits(); n > 0 {
			msg += fmt.Sprintf(" %d edit(s) pending.", n)
		}
		a.strip.set(SlotSession, msg, ToneInfo, -1)
		return
	}
	w, ok := a.g.Rewind().WhatIf()
	if !ok || !rw.rewound || a.g.Time()-rw.branchT > game.HistoryWindow || a.g.Time() < rw.branchT {
		rw.rewound = rw.rewound && ok
		a.strip.set(SlotSession, "", ToneInfo, 0)
		return
	}
	if rw.nextWhatIf--; rw.nextWhatIf > 0 && a.strip.text(SlotSession) != "" {
		return
	}
	rw.nextWhatIf = game.TPS / 4
	a.strip.set(SlotSession, "What-if "+w.String(), ToneInfo, -1)
}

// pending reports whether p's value in the settings Resume will continue
// with differs from the battle's own: an edit made while the rewind cursor
// is set, which applies only once the session resumes (false without a
// cursor).
func (a *App) pending(p Param) bool {
	if _, ok := a.g.Rewind().Cursor(); !ok {
		return false
	}
	return p.Get(a.g.Settings()) != p.Get(a.g.Battle().Settings())
}

// pendingEdits counts the parameters pending (see pending).
func (a *App) pendingEdits() int {
	if _, ok := a.g.Rewind().Cursor(); !ok {
		return 0
	}
	n := 0
	for _, p := range append(SettingParams(), WeightParams(a.g.Settings())...) {
		if a.pending(p) {
			n++
		}
	}
	return n
}
