package ui

import (
	"fmt"
	"image"
	"math"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
)

// RewindStep is how far, in seconds of simulated time, the `,` and `.`
// keys move the rewind cursor.
const RewindStep = 1.0

// The timeline plot's margins inside the timeline region, as render draws
// it (render.TimelinePlot): the scrub maps x to time on the same axis
// (TestScrubTimeIsTheRenderersAxis).
const (
	plotLeft  = 40
	plotRight = 12
)

// rewindState is the App's side of rewind and what-if: the timeline's
// scrub and the session note's state.
type rewindState struct {
	dragging  bool
	pressTick int64   // the session sub-tick when the drag began
	pressTime float64 // the battle time then: x maps to time, time to sub-ticks through them
	lastTick  int64   // the sub-tick the drag moved the cursor to last
	// held is true while the timeline's window does not follow the battle
	// (a drag, or the rewind cursor): it ends at battle time win.
	held bool
	win  float64

	nextWhatIf int // ticks until the what-if line is refreshed
}

// Scrubbing beyond the plot's edge pans the window: scrubPan seconds of
// battle time per tick for each pixel beyond it, at most scrubPanMax.
const (
	scrubPan    = 0.02
	scrubPanMax = 1.0
)

// timelinePlot is the plot of the timeline in region r, as render draws it
// (render.TimelinePlot).
func timelinePlot(r Regions) image.Rectangle {
	return image.Rect(r.Timeline.Min.X+plotLeft, r.Timeline.Min.Y, r.Timeline.Max.X-plotRight, r.Timeline.Max.Y)
}

// ScrubTime returns the battle time under screen x on a timeline drawn in
// region r whose window ends at battle time end: the window is the
// game.HistoryWindow seconds before end; x left or right of the plot
// clamps to its edges.
func ScrubTime(r Regions, x int, end float64) float64 {
	p := timelinePlot(r)
	f := math.Max(0, math.Min(1, float64(x-p.Min.X)/math.Max(1, float64(p.Dx()-1))))
	return end - game.HistoryWindow + f*game.HistoryWindow
}

// timelineDrag scrubs: a press on the timeline holds its window where it
// is, and while the button is down the rewind cursor follows the pointer
// both ways within the recorded session, the plot staying under it; held
// beyond the plot's edges, the window pans. Once rewound, the window stays
// held, moving only to keep the cursor in view (, and .), until the
// session runs on.
func (a *App) timelineDrag(in InputState) {
	rw := &a.rewind
	endT := a.g.Rewind().EndTime()
	switch {
	case rw.dragging && !in.LeftHeld:
		rw.dragging = false
	case !rw.dragging && in.LeftClick && !a.con.IsOpen() && image.Pt(in.X, in.Y).In(a.reg.Timeline):
		if !rw.held {
			rw.win = a.g.Time() // the window as it is shown: ending now
		}
		rw.dragging, rw.held, rw.lastTick = true, true, -1
		rw.pressTick, rw.pressTime = a.g.SessionTicks(), a.g.Time()
	}
	if rw.dragging {
		p := timelinePlot(a.reg)
		switch {
		case in.X < p.Min.X:
			rw.win -= min(scrubPanMax, scrubPan*float64(p.Min.X-in.X))
		case in.X >= p.Max.X:
			rw.win += min(scrubPanMax, scrubPan*float64(in.X-p.Max.X+1))
		}
		rw.win = math.Max(math.Min(endT, game.HistoryWindow), math.Min(rw.win, endT))
		t := math.Max(0, math.Min(ScrubTime(a.reg, in.X, rw.win), endT))
		if tick := rw.pressTick + int64(math.Round((t-rw.pressTime)*game.SubTicksPerSecond)); tick != rw.lastTick {
			rw.lastTick = tick
			a.g.Rewind().To(tick)
		}
	}
}

// holdWindow keeps the timeline's window held while the cursor is set,
// moved only to keep the cursor in view, and lets it go once the session
// runs on.
func (a *App) holdWindow() {
	rw := &a.rewind
	if rw.dragging {
		return
	}
	if _, ok := a.g.Rewind().Cursor(); !ok {
		rw.held = false
		return
	}
	endT, t := a.g.Rewind().EndTime(), a.g.Time()
	switch {
	case !rw.held:
		rw.held, rw.win = true, endT // rewound by a key: the plot as it was
	case t > rw.win:
		rw.win = math.Min(endT, t+2)
	case t < rw.win-game.HistoryWindow:
		rw.win = t + game.HistoryWindow - 2
	}
}

// TimelineRenderer is a Renderer whose timeline shows any window of a
// record and the rewind cursor (*render.Renderer is one): LayoutTimeline
// sets, from Update, the game.HistoryWindow seconds ending at battle time
// end that the next DrawTimeline draws, from src (nil: the View's History),
// with the cursor at battle time cursor when hasCursor.
type TimelineRenderer interface {
	LayoutTimeline(end, cursor float64, hasCursor bool, src game.Record)
}

// TimelineSelector is a Renderer whose timeline shows the selected man's
// squad (*render.Renderer is one: a lab fight's squads): SelectInTimeline,
// from Update, names him (-1: none).
type TimelineSelector interface {
	SelectInTimeline(id int)
}

// layoutTimeline keeps the tape up to date and tells the renderer what the
// timeline shows: the last 30 s, or the held window of the tape with the
// cursor (the History alone when the tape is not this battle's), and who
// is selected.
func (a *App) layoutTimeline() {
	if ts, ok := a.r.(TimelineSelector); ok {
		id := -1
		if a.hasSelected {
			id = a.selected
		}
		ts.SelectInTimeline(id)
	}
	a.holdWindow()
	h := a.g.History()
	_, rewound := a.g.Rewind().Cursor()
	if !rewound {
		a.tape.Sync(h)
	}
	tr, ok := a.r.(TimelineRenderer)
	if !ok {
		return
	}
	if !a.rewind.held {
		tr.LayoutTimeline(a.g.Time(), 0, false, nil)
		return
	}
	if !a.tape.Holds(h) {
		tr.LayoutTimeline(a.g.Time(), a.g.Time(), rewound, nil)
		return
	}
	tr.LayoutTimeline(a.rewind.win, a.g.Time(), rewound, &a.tape)
}

// rewoundTo says where the rewind cursor is: at battle time t, session
// time at (they differ after a Restart: the session counts every battle)
// of end. The same moment is said once, "27.65 s of 40.00 s", and the
// session's time beside the battle's only where they differ, at the same
// precision: "2.00 s (session 27.65 of 40.00 s)".
func rewoundTo(t, at, end float64) string {
	if math.Abs(t-at) < 0.5/game.SubTicksPerSecond {
		return fmt.Sprintf("%.2f s of %.2f s", t, end)
	}
	return fmt.Sprintf("%.2f s (session %.2f of %.2f s)", t, at, end)
}

// sessionNotes keeps the strip's session slot up to date: the replay's
// end, where the rewind cursor is, and while a what-if runs how its future
// differs and which future the field shows; when the what-if ends (a new
// rewind, Restart, Revert, or its original future run out) its note goes.
func (a *App) sessionNotes() {
	a.replayNote()
	rw := &a.rewind
	if c, ok := a.g.Rewind().Cursor(); ok {
		msg := "Rewound to " + rewoundTo(a.g.Time(), float64(c)/game.SubTicksPerSecond, float64(a.g.Rewind().End())/game.SubTicksPerSecond) +
			": drag the timeline or , . to move; Space or Resume from here continues with the tuner's weights."
		switch n := a.g.Rewind().PendingEdits(); {
		case n == 1:
			msg += " 1 edit pending."
		case n > 1:
			msg += fmt.Sprintf(" %d edits pending.", n)
		}
		a.strip.Set(slotSession, msg, widgets.ToneInfo, -1)
		return
	}
	w, ok := a.g.Rewind().WhatIf()
	if !ok { // the what-if ended (a new rewind, Restart, its future A run out): its note goes
		a.strip.Set(slotSession, "", widgets.ToneInfo, 0)
		return
	}
	if rw.nextWhatIf--; rw.nextWhatIf > 0 && a.strip.Message(slotSession).Text != "" {
		return
	}
	rw.nextWhatIf = game.TPS / 4
	a.strip.Set(slotSession, whatIfText(w, a.g.Rewind().Shown()), widgets.ToneInfo, -1) // whatif.go
}
