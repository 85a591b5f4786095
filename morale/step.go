package morale

import (
	"math"
)

// step runs one fixed step: contagion, recovery, rout timers and state
// resolution for every agent, with each squad's average computed once.
func (w *World) step() {
	end := w.stepTicks + w.intervalTicks
	s := &w.s
	dt := float64(w.intervalTicks) / ticksPerSecond
	keep := 1.0
	if s.ContagionPerSecond > 0 {
		keep = math.Exp(-s.ContagionPerSecond * dt)
	}
	for k := range w.squads {
		sq := &w.squads[k]
		if sq.n > 0 {
			w.avg[k] = sq.sum / float64(sq.n)
		}
		w.next[k] = 0
	}
	var (
		rate       = s.RecoveryPerSecond
		delay      = s.RecoveryDelaySeconds
		delayTicks = int64(math.Round(delay * ticksPerSecond))
		// Agents whose last bad news is older than this recover for the
		// whole step; recoverBy would compute exactly the same, so they
		// skip the division. The margin keeps rounding at the edge of the
		// delay inside recoverBy.
		wholeStep = end - delayTicks - w.intervalTicks - 1000
		// Agents whose last bad news is newer than this are still inside
		// the delay for the whole step.
		noneYet    = end - delayTicks + 1000
		rateDt     = rate * dt
		dwellTicks = int64(math.Round(s.MinimumStateSeconds * ticksPerSecond))
		shaken     = s.ShakenBelow
		panicAt    = s.PanicBelow
		hyst       = s.Hysteresis
		notify     = len(w.onMorale) > 0
		notifyST   = len(w.onState) > 0
		avg        = w.avg
		next       = w.next
		morale     = w.morale
		n          = len(morale)
		flags      = w.flags[:n]
		sqs        = w.squad[:n]
		badNews    = w.badNews[:n]
		states     = w.state[:n]
		since      = w.stateSince[:n]
	)
	for i := 0; i < n; i++ {
		sq := sqs[i]
		old := morale[i]
		m := old
		why := ByContagion
		if keep != 1 && flags[i]&flagNoContagion == 0 { // keep 1 is no pull: avoid rounding noise
			m = clamp01(pullBy(m, avg[sq], keep))
		}
		if m < 1 && rate > 0 {
			var r float64
			switch b := badNews[i]; {
			case b < wholeStep:
				if r = m + rateDt; r > 1 {
					r = 1
				}
			case b > noneYet:
				r = m // still inside the delay: recoverBy would return m
			default:
				r = recoverBy(m, float64(end-b)/ticksPerSecond, dt, rate, delay)
			}
			if r != m {
				m, why = r, ByRecovery
			}
		}
		morale[i] = m
		next[sq] += m
		if notify && m != old {
			w.queue = append(w.queue, note{a: w.handles[i], morale: m, why: Reason{Kind: why}})
		}

		st := states[i]
		if st == Steady && m >= shaken {
			continue // the common case: Steady stays Steady (resolve agrees)
		}
		var to State
		cause := Reason{}
		if st == Routed {
			to = st
			if canReturn(float64(end-since[i])/ticksPerSecond, m, panicAt, hyst, s.MinRoutSeconds) {
				to, cause = resolve(Panicked, m, shaken, panicAt, hyst), Reason{Kind: ByRoutOver}
			}
		} else {
			to = resolve(st, m, shaken, panicAt, hyst)
			if to == Panicked && st == Panicked && shouldRout(float64(end-since[i])/ticksPerSecond, s.RoutAfterSeconds) {
				to, cause = Routed, Reason{Kind: ByRoutTimer}
			}
		}
		if to == st || (since[i] != never && end-since[i] < dwellTicks) {
			continue
		}
		if cause.Kind == 0 {
			cause = w.causeOf(i, old, m, why, to < st)
		}
		states[i] = to
		since[i] = end
		if notifyST {
			w.queue = append(w.queue, note{a: w.handles[i], old: st, new: to, why: cause, isState: true})
		}
	}
	squads := w.squads
	for k := range squads {
		squads[k].sum = next[k]
	}
	w.stepTicks = end
	w.steps++
}

// causeOf picks the reason for a state change made by a step: the step's own
// contagion or recovery when it moved morale the same way, else the last
// event that reached the agent.
func (w *World) causeOf(i int, old, m float64, stepWhy ReasonKind, better bool) Reason {
	if (better && m > old) || (!better && m < old) {
		return Reason{Kind: stepWhy}
	}
	if w.why[i].Kind != 0 {
		return w.why[i]
	}
	return Reason{Kind: stepWhy}
}
