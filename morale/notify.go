package morale

import (
	"fmt"
	"slices"
)

// note is one change waiting in the queue for the listeners.
type note struct {
	a                 *Agent
	oldMorale, morale float64
	old, new          State
	why               Reason
	isState           bool
}

// listener is a registered listener: its function (nil once removed while
// the listeners were being told a change), the id its remove function
// finds it by, and the first change of the queue it is told: 0, or, when it
// was registered while the queue was being told, the queue's length then,
// so that it hears only changes made after it (reset when the queue empties).
type listener[F any] struct {
	id   uint64
	fn   F
	from int
}

// OnStateChanged registers fn to be called after every state change, with the
// old and new state and the reason. Listeners run synchronously, once per
// change, in the order they were registered, by the rule in the World's
// documentation; a change made during a step is reported when the step's pass
// over the agents ends. A nil fn registers nothing.
//
// It returns a function that removes the listener: fn is not called after
// it returns, not even for the change being told when a listener calls it
// (the listeners after it are told that change as usual). Calling it again
// does nothing. A listener registered from within a listener hears the
// changes made after it was registered, not those already waiting.
func (w *World) OnStateChanged(fn func(a *Agent, old, new State, why Reason)) (remove func()) {
	w.guard()
	if fn == nil {
		return func() {}
	}
	w.listenerID++
	id := w.listenerID
	w.onState = append(w.onState, listener[func(*Agent, State, State, Reason)]{id: id, fn: fn, from: w.late()})
	return func() { w.onState = unlisten(w, w.onState, id) }
}

// OnMoraleChanged registers fn to be called after every change of an agent's
// morale, with the new value and the reason, by the rule in the World's
// documentation. A step reports at most one change
// per agent: the result of its contagion and recovery together (the reason is
// recovery when recovery took part). A nil fn registers nothing.
//
// It returns a function that removes the listener, as OnStateChanged's
// does; registered from within a listener, it hears the changes made after
// that, as OnStateChanged's does.
func (w *World) OnMoraleChanged(fn func(a *Agent, morale float64, why Reason)) (remove func()) {
	w.guard()
	if fn == nil {
		return func() {}
	}
	w.listenerID++
	id := w.listenerID
	w.onMorale = append(w.onMorale, listener[func(*Agent, float64, Reason)]{id: id, fn: fn, from: w.late()})
	return func() { w.onMorale = unlisten(w, w.onMorale, id) }
}

// late returns the first change of the queue a listener registered now is
// told: the queue's length while the queue is being told (a listener
// registered by a listener), else 0. It notes that the flush must reset it.
func (w *World) late() int {
	if !w.delivering {
		return 0
	}
	w.lateListeners = true
	return len(w.queue)
}

// unlisten returns list without the listener of id: taken out at once, or,
// while the listeners are being told (flush walks the list), its function
// cleared, to be taken out when the flush ends (compactListeners).
func unlisten[F any](w *World, list []listener[F], id uint64) []listener[F] {
	for k := range list {
		if list[k].id != id {
			continue
		}
		if w.delivering {
			var none F
			list[k].fn, list[k].id = none, 0
			w.unlistened = true
			return list
		}
		return slices.Delete(list, k, k+1)
	}
	return list
}

// compactListeners takes out the listeners removed during a flush.
func (w *World) compactListeners() {
	w.unlistened = false
	w.onState = slices.DeleteFunc(w.onState, func(l listener[func(*Agent, State, State, Reason)]) bool { return l.fn == nil })
	w.onMorale = slices.DeleteFunc(w.onMorale, func(l listener[func(*Agent, float64, Reason)]) bool { return l.fn == nil })
}

// flush tells the listeners every change in the queue, oldest first: each
// change to every listener of its kind, in the order they were registered,
// before the next change. A listener's calls into the World apply at once and
// queue their changes behind the ones waiting, so flush delivers them too
// before it returns; called while a flush runs, it returns at once. A change
// to an agent removed before its turn is not told. When a listener panics,
// the changes after the one being told are told to no one, but recorded for
// TakeChanges all the same. A flush that has queued more than
// queueLimit changes panics (after the change being told is told): its
// listeners answer changes with changes without end, or one of their calls
// (a long Advance) made more than one call may hold.
func (w *World) flush() {
	if w.delivering || len(w.queue) == 0 {
		return
	}
	w.delivering = true
	k := 0
	defer func() { // also when a listener panics: no stale changes remain
		if k < len(w.queue) && w.changes.on { // a listener panicked at change k: the rest are recorded, untold
			for _, n := range w.queue[k+1:] {
				if n.a.w == w {
					w.record(&n)
				}
			}
		}
		clear(w.queue)
		w.queue = w.queue[:0]
		w.delivering = false
		if w.unlistened {
			w.compactListeners()
		}
		if w.lateListeners { // the queue is empty: every listener hears what comes
			w.lateListeners = false
			for k := range w.onState {
				w.onState[k].from = 0
			}
			for k := range w.onMorale {
				w.onMorale[k].from = 0
			}
		}
	}()
	for ; k < len(w.queue); k++ {
		n := w.queue[k]
		if n.a.w != w {
			continue // removed by an earlier listener
		}
		if w.changes.on {
			w.record(&n)
		}
		if n.isState {
			for j := 0; j < len(w.onState) && n.a.w == w; j++ {
				if fn := w.onState[j].fn; fn != nil && k >= w.onState[j].from {
					fn(n.a, n.old, n.new, n.why)
				}
			}
		} else {
			for j := 0; j < len(w.onMorale) && n.a.w == w; j++ {
				if fn := w.onMorale[j].fn; fn != nil && k >= w.onMorale[j].from {
					fn(n.a, n.morale, n.why)
				}
			}
		}
		if limit := queueLimit(len(w.col.Handle)); len(w.queue) > limit { // of the World as it is now: listeners may spawn
			panic(fmt.Sprintf("morale: over %d changes queued in one call (%d agents; %d told, %d waiting): listeners answer the changes they are told with changes of their own without end (news for each change of morale, a rally for each rout and a rout for each rally), or a listener's call makes more changes than a call may hold (a long Advance, whose steps' changes wait until the listener returns); make the answer conditional, advance outside listeners, or take the changes with TakeChanges and act once a frame. The changes made stand; those not told are recorded for TakeChanges", limit, len(w.col.Handle), k+1, len(w.queue)-k-1))
		}
	}
}

// queueLimit is the most changes one flush may queue, told and waiting,
// in a World of n agents: 4,194,304 and 256 an agent (64 B a change: 256
// MiB and 16 KiB an agent, up to twice that while the queue grows), room
// for every agent's change of morale and of state in a step and for
// listeners' cascades on top of them: a rout's news reaching his squad,
// for each rout of a squad of 100 that routs whole, makes 100 changes an
// agent. A flush past it panics: its listeners feed themselves, and it
// would otherwise run until memory ran out.
func queueLimit(n int) int { return 1<<22 + 256*n }

// setMorale stores m as agent i's morale, keeps the squad sum and has the
// change, for the reason of id, recorded and told (see told), as news does
// for each agent it reaches.
func (w *World) setMorale(i int32, m float64, id reasonID) {
	old := w.col.Morale[i]
	if m == old {
		return
	}
	if w.tells() {
		w.told(i, old, m, id)
	}
	w.col.Morale[i] = m
	w.squads[w.col.Squad[i]].sum += m - old
}

// tells reports whether a change of morale is recorded or told: the ledger
// is on, a morale listener is registered or changes of morale are recorded
// for TakeChanges.
func (w *World) tells() bool { return w.led != nil || w.hearsMorale() }

// told records agent i's change of morale from old to m, for the reason of
// id, in the ledger when it is on, and queues it for the morale listeners
// and TakeChanges.
func (w *World) told(i int32, old, m float64, id reasonID) {
	if w.led != nil {
		w.led.set(w, i, old, m, id)
	}
	if w.hearsMorale() {
		w.queue = append(w.queue, note{a: w.col.Handle[i], oldMorale: old, morale: m, why: w.reason(id)})
	}
}

// setState moves agent i to state to now, ignoring the dwell time, and
// queues the change for the listeners.
func (w *World) setState(i int32, to State, why Reason) {
	old := w.col.State[i]
	if to == old {
		return
	}
	if w.led != nil && w.led.records(w, i) {
		w.led.state(i, old, to, w.reasonID(why), w.col.Morale[i], w.col.StateSince[i], w.nowTicks, &w.s)
	}
	w.col.State[i] = to
	w.col.StateSince[i] = w.nowTicks
	if w.hearsState() {
		w.queue = append(w.queue, note{a: w.col.Handle[i], old: old, new: to, why: why, isState: true})
	}
}

// news applies news worth weight × scales[k] to agent agents[k]
// (ApplyMoraleEvent), for every k in order, for the reason of id: every
// event, on one agent or at a location, reaches its agents here. Bad news
// (isBadNews) restarts an agent's recovery delay. With a reach, scales[k]
// is his squared distance from the event, and the reach gives his scale or
// leaves him out (see falloff).
func (w *World) news(agents []int32, scales []float64, reach *falloff, weight float64, id reasonID) {
	c := &w.col
	morale := c.Morale
	// One length for the columns: the check of i against morale's covers all.
	nerve, badNews, why, squad := c.Nerve[:len(morale)], c.BadNews[:len(morale)], c.Why[:len(morale)], c.Squad[:len(morale)]
	squads := w.squads
	scales = scales[:len(agents)]
	now, tells := w.nowTicks, w.tells()
	for k, i := range agents {
		scale := scales[k]
		if reach != nil {
			d, ok := rootOfSquares(scale)
			if !ok {
				d = reach.pos[i].Dist(reach.at)
			}
			if scale, ok = reach.of(d); !ok {
				continue
			}
		}
		old := morale[i]
		bad := isBadNews(weight, scale)
		if bad {
			badNews[i] = now
		}
		why[i].set(bad, id)
		m := ApplyMoraleEvent(old, weight, scale, nerve[i])
		if tells {
			w.noted(i, old, m, weight, scale, id)
		}
		if m != old {
			morale[i] = m
			squads[squad[i]].sum += m - old
		}
	}
}

// noted is news's record of agent i's news (old and m his morale before and
// after it), in the ledger when it is on, and its note to the morale
// listeners (see told) when his morale changed.
func (w *World) noted(i int32, old, m, weight, scale float64, id reasonID) {
	if w.led != nil {
		w.led.news(w, i, weight, scale, id)
	}
	if m != old {
		w.told(i, old, m, id)
	}
}
