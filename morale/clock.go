package morale

import (
	"math"
)

// never is the timestamp of something that has not happened yet. It is far
// enough in the past that "seconds since" is huge, and far enough from
// math.MinInt64 that subtracting it from a clock reading cannot overflow.
const never = -(int64(1) << 62)

// ticksPerSecond is the clock's resolution: ticks per second. It is a flick
// (1/705,600,000 s), not a nanosecond, so that the frame times games use —
// 1/24, 1/30, 1/60, 1/120, 1/144 s, and any whole number of milliseconds —
// are whole ticks: thirty Advance(1.0/30) calls add up to exactly one second,
// where whole nanoseconds would lose 10 ns and miss the step at 1.0 s.
const ticksPerSecond = 705600000

// MaxWorldSeconds is the longest a World runs: 3e9 seconds of simulated time,
// about 95 years. Advance stops the clock there and drops the rest of the
// time (see World.DroppedSeconds), so the clock never wraps.
const MaxWorldSeconds = 3e9

// maxTicks is MaxWorldSeconds in ticks, 2.1168e18: exact in a float64, and small
// enough that the difference of any two times the World holds (never
// included) fits in an int64.
const maxTicks = int64(MaxWorldSeconds) * ticksPerSecond

// MaxAdvanceSteps is the most fixed steps one call of Advance runs: 16384,
// 68 minutes of simulated time at the default 0.25 s interval. When more
// fall due (a game that slept, or a huge dt), Advance runs these, stops the
// clock at the end of the last one and drops the rest of the time, adding
// it to World.DroppedSeconds: so no call runs for ever, and a game can tell
// that the determinism contract (the same time in any frame sizes gives the
// same World) was broken by the drop. Split a long catch-up into calls of
// at most MaxAdvanceSteps×SquadUpdateInterval seconds to keep every step.
const MaxAdvanceSteps = 16384

// secondsToTicks converts a non-negative time in seconds to whole ticks,
// rounding to the nearest and saturating at maxTicks; NaN and negative times
// are 0.
func secondsToTicks(seconds float64) int64 {
	t := seconds * ticksPerSecond
	switch {
	case !(t > 0):
		return 0
	case t >= float64(maxTicks):
		return maxTicks
	}
	return int64(math.Round(t))
}

// Advance moves the World's clock forward by dt seconds and runs every fixed
// step that falls due, telling the listeners each step's changes before the
// next step runs (called from a listener, once it returns: see below). dt
// is rounded to the clock's tick (1/705,600,000 s) and the clock counts
// ticks, so nothing drifts: Advance(1.0) with a 0.1 s interval runs exactly
// ten steps, and ten Advance(0.1) calls do the same. A negative or
// non-finite dt is ignored.
//
// One call runs at most MaxAdvanceSteps steps, and the clock stops at
// MaxWorldSeconds; time beyond either is dropped and added to DroppedSeconds
// (of one dt, at most MaxWorldSeconds count, so that it stays finite). When
// a listener's Advance reaches MaxAdvanceSteps, the Advance that told it
// stops there too, dropping the rest of its own dt. The clock never goes
// back, and no step ends before the present: when SetSettings shortened
// SquadUpdateInterval so that an interval after the last step lies in the
// past, the next step ends at the present and spans all the time since the
// last one (see SetSettings).
//
// Called from a listener during an Advance, it moves the same clock at
// once, from the present (the end of the step being told) by its own dt,
// running every step that falls due on the way: what a listener sees after
// it does not depend on the frame sizes of the Advance under way, whose end
// moves on by dt too, so that the time of every call adds up. Its steps'
// changes join the queue, to be told after the change being told, once the
// listener returns (the World's rule), not step by step; they wait in
// memory until then, and a call that queues too many panics (see World):
// advance long strides outside listeners. From a listener of any other
// call (ForceRout, say), it runs its own time from the present. Nothing of
// an Advance's time outlives its call: a listener's panic that stops it
// drops the time it did not run, counted in DroppedSeconds, and a Clone
// taken meanwhile holds none of it.
func (w *World) Advance(dt float64) {
	// Misuse is loud whatever dt is: a paused game's Advance(0) in a loop
	// over the agents panics as its running game's would.
	w.guard()
	w.notRanging("World.Advance")
	if !(dt > 0) || math.IsInf(dt, 0) {
		return
	}
	w.init()
	// w.ends holds the end of every Advance under way, the outermost (the
	// farthest) first, this call's at me. Its time moves every end, the
	// outermost stopping at maxTicks (the time beyond it is dropped), so
	// none overflows.
	present, ticks, me := w.nowTicks, secondsToTicks(dt), len(w.ends)
	if top := max(present, w.outermostEnd()); top+ticks > maxTicks {
		w.drop(top + ticks - maxTicks)
		ticks = maxTicks - top
	}
	for k := range w.ends {
		w.ends[k] += ticks
	}
	w.ends = append(w.ends, present+ticks)
	defer func() {
		if me == 0 { // the outermost: what a listener's panic left unrun is dropped
			w.drop(w.ends[0] - w.nowTicks)
		}
		w.ends = w.ends[:me]
	}()
	for steps := 0; w.ends[me]-w.stepTicks >= w.intervalTicks; steps++ {
		if steps == MaxAdvanceSteps { // every Advance under way ends here, or where a listener's took the clock
			stop := max(w.stepTicks, w.nowTicks)
			w.drop(w.ends[0] - stop)
			for k := range w.ends {
				w.ends[k] = stop
			}
			break
		}
		// A step ends an interval after the last one, or at the present
		// when that lies in the past (SetSettings shortened the interval
		// since, or a listener's Advance moved the clock past it): it then
		// spans all the time since the last step.
		w.nowTicks = max(w.stepTicks+w.intervalTicks, w.nowTicks)
		w.stepGuarded()
		w.flush()
	}
	w.nowTicks = w.ends[me]
}

// outermostEnd returns the end of the outermost Advance under way, or
// never when none is.
func (w *World) outermostEnd() int64 {
	if len(w.ends) == 0 {
		return never
	}
	return w.ends[0]
}

// stepGuarded runs the step ending at the present with stepping set (see
// World.guard), and clears it however the step ends: a step that panicked
// (a bug) and was recovered must not leave every later call reporting a
// World used by two goroutines at once. One defer a step, none an agent.
func (w *World) stepGuarded() {
	w.stepping = true
	defer func() { w.stepping = false }()
	w.step(w.nowTicks)
}

// drop adds ticks of time Advance did not run to DroppedSeconds.
func (w *World) drop(ticks int64) {
	w.dropped += float64(ticks) / ticksPerSecond
}

// DroppedSeconds returns the simulated time Advance dropped since the World
// was made, in seconds: time beyond MaxAdvanceSteps steps in one call, or
// beyond MaxWorldSeconds, of each call's dt at most MaxWorldSeconds (so that
// it stays finite), and the time a listener's panic left unrun. It is 0 while the World keeps its determinism contract
// (the same time in any frame sizes gives the same World).
func (w *World) DroppedSeconds() float64 {
	w.notCopied()
	return w.dropped
}
