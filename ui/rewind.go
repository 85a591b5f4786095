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
	dragging             bool
	pressTick            int64   // the session sub-tick when the drag began
	pressTime            float64 // the battle time then (the window's right edge)
	lastX                int
	cursorShown, whatIfs string
	nextWhatIf           int // ticks until the what-if line is refreshed
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

// sessionNotes keeps the banner up to date with the replay's end, the
// rewind cursor and the what-if diff.
func (a *App) sessionNotes() {
	a.replayNote()
	rw := &a.rewind
	if c, ok := a.g.Rewind().Cursor(); ok {
		msg := fmt.Sprintf("Rewound to %.2f s (session %.1f of %.1f s). , . or drag the timeline to move; Resume from here (or Space) continues with the tuner's weights.",
			a.g.Time(), float64(c)/game.SubTicksPerSecond, float64(a.g.Rewind().End())/game.SubTicksPerSecond)
		if msg != rw.cursorShown {
			rw.cursorShown = msg
			a.showBanner(msg, false, -1)
		}
		return
	}
	if rw.cursorShown != "" {
		rw.cursorShown = ""
		a.showBanner("", false, 0)
	}
	w, ok := a.g.Rewind().WhatIf()
	if !ok {
		if rw.whatIfs != "" { // the what-if ended (a new rewind, Restart): its banner goes
			if a.banner == rw.whatIfs {
				a.showBanner("", false, 0)
			}
			rw.whatIfs = ""
		}
		return
	}
	if rw.nextWhatIf--; rw.nextWhatIf > 0 {
		return
	}
	rw.nextWhatIf = game.TPS / 4
	if s := whatIfText(w, a.g.Rewind().Shown()); s != rw.whatIfs { // whatif.go
		rw.whatIfs = s
		a.showBanner(s, false, -1)
	}
}
