package morale

import "math"

// note is one change waiting in the queue for the listeners.
type note struct {
	a        *Agent
	morale   float64
	old, new State
	why      Reason
	isState  bool
}

// OnStateChanged registers fn to be called after every state change, with the
// old and new state and the reason. Listeners run synchronously, once per
// change, in the order they were registered, by the rule in the World's
// documentation; a change made during a step is reported when the step's pass
// over the agents ends.
func (w *World) OnStateChanged(fn func(a *Agent, old, new State, why Reason)) {
	if fn != nil {
		w.onState = append(w.onState, fn)
	}
}

// OnMoraleChanged registers fn to be called after every change of an agent's
// morale, with the new value and the reason, by the rule in the World's
// documentation. A step reports at most one change
// per agent: the result of its contagion and recovery together (the reason is
// recovery when recovery took part).
func (w *World) OnMoraleChanged(fn func(a *Agent, morale float64, why Reason)) {
	if fn != nil {
		w.onMorale = append(w.onMorale, fn)
	}
}

// flush tells the listeners every change in the queue, oldest first: each
// change to every listener of its kind, in the order they were registered,
// before the next change. A listener's calls into the World apply at once and
// queue their changes behind the ones waiting, so flush delivers them too
// before it returns; called while a flush runs, it returns at once. A change
// to an agent removed before its turn is not told.
func (w *World) flush() {
	if w.delivering || len(w.queue) == 0 {
		return
	}
	w.delivering = true
	defer func() { // also when a listener panics: no stale changes remain
		clear(w.queue)
		w.queue = w.queue[:0]
		w.delivering = false
	}()
	for k := 0; k < len(w.queue); k++ {
		n := w.queue[k]
		if n.a.w != w {
			continue // removed by an earlier listener
		}
		if n.isState {
			for j := 0; j < len(w.onState) && n.a.w == w; j++ {
				w.onState[j](n.a, n.old, n.new, n.why)
			}
		} else {
			for j := 0; j < len(w.onMorale) && n.a.w == w; j++ {
				w.onMorale[j](n.a, n.morale, n.why)
			}
		}
	}
}

// setMorale stores m as agent i's morale, keeps the squad sum and queues the
// change for the listeners.
func (w *World) setMorale(i int32, m float64, why Reason) {
	old := w.morale[i]
	if m == old {
		return
	}
	if w.led != nil {
		w.led.set(w, i, old, m, why)
	}
	w.morale[i] = m
	w.squads[w.squad[i]].sum += m - old
	if len(w.onMorale) > 0 {
		w.queue = append(w.queue, note{a: w.handles[i], morale: m, why: why})
	}
}

// setState moves agent i to state to now, ignoring the dwell time, and
// queues the change for the listeners.
func (w *World) setState(i int32, to State, why Reason) {
	old := w.state[i]
	if to == old {
		return
	}
	if w.led != nil && w.led.records(w, i) {
		w.led.state(i, old, to, why, w.morale[i], w.stateSince[i], w.nowTicks)
	}
	w.state[i] = to
	w.stateSince[i] = w.nowTicks
	if len(w.onState) > 0 {
		w.queue = append(w.queue, note{a: w.handles[i], old: old, new: to, why: why, isState: true})
	}
}

// news applies weight×scale of news to agent i. Bad news, which restarts
// the recovery delay, is a delta ApplyMoraleEvent applies below zero: a
// finite negative weight×scale (one that overflows to −Inf changes nothing).
func (w *World) news(i int32, weight, scale float64, why Reason) {
	if d := weight * scale; d < 0 && !math.IsInf(d, -1) {
		w.badNews[i] = w.nowTicks
		w.raiseNews(i)
	}
	w.why[i] = w.reasonID(why)
	if w.led != nil {
		w.led.news(w, i, weight, scale, why)
	}
	w.setMorale(i, ApplyMoraleEvent(w.morale[i], weight, scale, w.nerve[i]), why)
}
