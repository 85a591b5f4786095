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

// maxTicks is the latest time the clock reaches: 2^61 ticks, about
// 3.27e9 s (103 years). It keeps every difference of two times the World
// holds (never included) inside int64.
const maxTicks = int64(1) << 61

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
// next step runs. dt is rounded to the clock's tick (see ticksPerSecond) and
// the clock counts ticks, so nothing drifts: Advance(1.0) with a 0.1 s interval runs
// exactly ten steps, and ten Advance(0.1) calls do the same. A negative or
// non-finite dt is ignored. Called from a listener, it moves the same clock
// at once: the time adds up, and every step that falls due runs before it
// returns.
func (w *World) Advance(dt float64) {
	if !(dt > 0) || math.IsInf(dt, 0) {
		return
	}
	dtTicks := int64(math.Round(dt * ticksPerSecond))
	if dt*ticksPerSecond > math.MaxInt64/4 {
		dtTicks = math.MaxInt64 / 4
	}
	// Outside Advance targetTicks equals nowTicks; inside (a listener
	// advancing during a step's flush) the time adds to what remains.
	w.targetTicks += dtTicks
	for w.targetTicks-w.stepTicks >= w.intervalTicks {
		w.nowTicks = w.stepTicks + w.intervalTicks
		w.step()
		w.flush()
	}
	w.nowTicks = w.targetTicks
}
