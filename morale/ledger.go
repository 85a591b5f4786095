package morale

import (
	"errors"
	"fmt"
	"math"
)

// The cause ledger: an opt-in record, per agent, of every change of his
// morale and state and what caused it. See EnableLedger.

// ErrLedgerOff is returned by Explain when the World's ledger is not enabled.
var ErrLedgerOff = errors.New("morale: the cause ledger is off (call World.EnableLedger)")

// LedgerOptions sizes the cause ledger. Both bounds apply: an agent's record
// keeps at most PerAgent morale changes and PerAgent state changes, and
// forgets those that ended more than Window seconds ago.
type LedgerOptions struct {
	// PerAgent is how many morale changes, and how many state changes, the
	// ring of each agent holds (≥ 1). The oldest go first. A ring grows to
	// this size as it fills, so agents with little history cost little.
	PerAgent int
	// Window is how far back, in seconds of simulated time, the record
	// reaches (> 0; +Inf keeps whatever the ring holds). It is also the
	// window Explain sums over.
	Window float64
}

// LedgerEntry is one change of an agent's morale, or one run of them.
//
// Contagion and recovery are merged: one entry holds a run of consecutive
// steps in which the cause moved the agent's morale, its Delta the sum of the
// run's deltas, From the start of its first step and At the end of its last.
// Every other cause gets one entry per change, with From == At; an event
// gets one for every agent it reaches, even when it moved nothing (his
// morale already at 0 or 1).
type LedgerEntry struct {
	// From and At are the simulated times, in seconds, the entry spans.
	From, At float64
	// Cause is what moved morale: an event (Cause.Event names it), a custom
	// event, contagion, recovery, a rally or morale set by hand.
	Cause Reason
	// Delta is the change applied to morale: after minus before, clamped
	// to 0..1 as the rules clamp it. The sum of an agent's Deltas over his
	// whole history is his morale now minus his morale at spawn, to within
	// rounding (a step's contagion and recovery are kept apart, so their
	// two deltas add up to the step's change only to the last bit).
	Delta float64
	// Morale is the agent's morale after the change (after the run).
	Morale float64
	// Steps is the number of steps merged into a contagion or recovery
	// entry; 0 for other causes.
	Steps int

	// The rest describes events (Cause.Kind ByEvent or ByCustomEvent).

	// Weight is the event's weight (Settings.Weights, or the custom weight)
	// and Scale the scale it was reported with (1 for a custom event).
	Weight, Scale float64
	// Located is true for an event reported at a location; Distance is
	// then the agent's distance from it, in world units (cm), and Falloff
	// the DistanceFalloff at that distance. Falloff is 1 otherwise.
	Located  bool
	Distance float64
	Falloff  float64
	// Nerve is the agent's nerve when the news reached him.
	Nerve float64
	// Kept is how much morale the nerve kept out, ≥ 0: for bad news
	// (Weight×Scale×Falloff < 0) it is −Weight×Scale×Falloff×Nerve, the
	// share ApplyMoraleEvent takes off (bad delta × (1 − nerve) is what
	// gets through); 0 for good news.
	Kept float64
}

// StateChange is one change of an agent's state, as the ledger records it.
type StateChange struct {
	// At is the simulated time of the change, in seconds.
	At float64
	// From and To are the old and new states.
	From, To State
	// Why is the reason the listeners were given.
	Why Reason
	// Morale is the agent's morale at the change.
	Morale float64
	// SecondsInFrom is how long he had been in From: +Inf when he had
	// been in it since he was spawned.
	SecondsInFrom float64
}

// ledger is the World's cause ledger: one agentLedger per agent, in the
// agents' order.
type ledger struct {
	opt    LedgerOptions
	window int64 // opt.Window in ticks
	agents []agentLedger
	// Event names, interned so that the rings hold no pointers (the
	// garbage collector then never scans them): events[id-1] is the name
	// of id; last and lastID cache the last one looked up.
	events []Event
	ids    map[Event]uint32
	last   Event
	lastID uint32
	// Set by ReportEventAtLocation while it hands out its news: where the
	// event happened, and the scale it was reported with.
	located bool
	at      Vec2
	scale   float64
	// Set by beforeStep for afterStep: the length of the World's queue
	// before the step's pass, and every agent's stateSince.
	queued int
	since  []int64
}

// cause is a Reason with its event name interned.
type cause struct {
	kind  ReasonKind
	event uint32 // 0: none
}

// change is a LedgerEntry as the ring holds it, in ticks and without
// pointers.
type change struct {
	from, at                 int64
	cause                    cause
	located                  bool
	steps                    uint32
	delta, morale            float64
	weight, scale            float64
	distance, falloff, nerve float64
}

// stateRec is a StateChange as the ring holds it.
type stateRec struct {
	at, since int64
	from, to  State
	why       cause
	morale    float64
}

// agentLedger is one agent's record: two rings, and the runs of contagion
// and recovery still open.
type agentLedger struct {
	changes   ring[change]
	states    ring[stateRec]
	cont, rec openRun
}

// openRun is a run of contagion or recovery still growing. Its entry was
// pushed when it began; while it grows, its sums are kept here, next to the
// other agents' (the step's pass then reads the agents' records in order
// and never reaches into a ring), and written to the entry by sync.
type openRun struct {
	seq    uint64 // its entry's number in the ring; 0: none
	step   uint64 // the last step it took
	at     int64
	delta  float64
	morale float64
	steps  uint32
}

// ring is a bounded first-in first-out buffer that grows to its limit as it
// fills. Its entries are numbered by seq, from 1, in the order pushed.
type ring[T any] struct {
	buf      []T
	start, n int
	seq      uint64 // entries ever pushed
}

// push appends v, dropping the oldest entries so that the ring holds at most
// limit (≥ 1), and returns where v was put.
func (r *ring[T]) push(v T, limit int) *T {
	if r.n == limit && len(r.buf) == limit { // full: v takes the oldest's place
		p := &r.buf[r.start]
		*p = v
		if r.start++; r.start == limit {
			r.start = 0
		}
		r.seq++
		return p
	}
	for r.n >= limit {
		r.drop()
	}
	if r.n == len(r.buf) { // then n < limit: grow
		nb := make([]T, min(limit, max(4, 2*len(r.buf))))
		for j := range r.n {
			nb[j] = *r.at(j)
		}
		r.buf, r.start = nb, 0
	}
	k := r.start + r.n
	if k >= len(r.buf) {
		k -= len(r.buf)
	}
	r.buf[k] = v
	r.n++
	r.seq++
	return &r.buf[k]
}

// at returns the j-th oldest entry, 0 ≤ j < n.
func (r *ring[T]) at(j int) *T {
	k := r.start + j
	if k >= len(r.buf) {
		k -= len(r.buf)
	}
	return &r.buf[k]
}

// drop forgets the oldest entry.
func (r *ring[T]) drop() {
	var zero T
	r.buf[r.start] = zero
	r.start++
	if r.start == len(r.buf) {
		r.start = 0
	}
	r.n--
}

// bySeq returns the entry numbered s (from 1), or nil when s is 0 or the
// entry was dropped.
func (r *ring[T]) bySeq(s uint64) *T {
	if s == 0 || s > r.seq || r.seq-s >= uint64(r.n) {
		return nil
	}
	return r.at(r.n - 1 - int(r.seq-s))
}

// EnableLedger turns on the cause ledger (see LedgerEntry, StateChange and
// Explain) with the given bounds, for every agent present and to come. It
// fails, changing nothing, when PerAgent is below 1 or Window is not above 0
// (NaN included). Called when the ledger is already on, it keeps the record
// and applies the new bounds from the next change on.
//
// The ledger is off by default, and off it costs a nil check per step and
// per event: the step's loop over the agents has no ledger code. On, it
// costs an extra pass over the agents per step and a record per event hit
// (BenchmarkLedgerStep and BenchmarkLedgerHit; numbers in the README), and
// memory of at most PerAgent×88 + PerAgent×40 + 192 bytes per agent.
func (w *World) EnableLedger(opt LedgerOptions) error {
	if opt.PerAgent < 1 {
		return fmt.Errorf("morale: EnableLedger: PerAgent %d must be at least 1", opt.PerAgent)
	}
	if !(opt.Window > 0) {
		return fmt.Errorf("morale: EnableLedger: Window %v must be above 0 seconds (+Inf for no limit)", opt.Window)
	}
	w.init()
	if w.led == nil {
		w.led = &ledger{agents: make([]agentLedger, len(w.handles))}
	}
	w.led.opt, w.led.window = opt, secondsToTicks(opt.Window)
	return nil
}

// DisableLedger turns the cause ledger off and forgets its record.
func (w *World) DisableLedger() { w.led = nil }

// LedgerEnabled reports whether the cause ledger is on.
func (w *World) LedgerEnabled() bool { return w.led != nil }

// spawn adds an empty record for a new agent, the last.
func (l *ledger) spawn() { l.agents = append(l.agents, agentLedger{}) }

// remove frees agent i's record; the last agent's moves to i, as Remove
// moves the agent.
func (l *ledger) remove(i, last int32) {
	l.agents[i] = l.agents[last]
	l.agents[last] = agentLedger{}
	l.agents = l.agents[:last]
}

// intern returns why with its event name interned.
func (l *ledger) intern(why Reason) cause {
	c := cause{kind: why.Kind}
	if why.Kind != ByEvent {
		return c
	}
	if l.lastID != 0 && why.Event == l.last {
		c.event = l.lastID
		return c
	}
	id, ok := l.ids[why.Event]
	if !ok {
		if l.ids == nil {
			l.ids = make(map[Event]uint32)
		}
		l.events = append(l.events, why.Event)
		id = uint32(len(l.events))
		l.ids[why.Event] = id
	}
	l.last, l.lastID = why.Event, id
	c.event = id
	return c
}

// reason returns the Reason of an interned cause.
func (l *ledger) reason(c cause) Reason {
	r := Reason{Kind: c.kind}
	if c.event != 0 {
		r.Event = l.events[c.event-1]
	}
	return r
}

// sync writes the sums of a's open runs to their entries.
func (a *agentLedger) sync() {
	a.write(&a.cont)
	a.write(&a.rec)
}

// write writes the sums of open run o to its entry, if it is still there.
func (a *agentLedger) write(o *openRun) {
	if c := a.changes.bySeq(o.seq); c != nil {
		c.at, c.delta, c.morale, c.steps = o.at, o.delta, o.morale, o.steps
	}
}

// expire forgets the oldest entries of a that ended before tick now minus
// the window (an open run ends where its sums say).
func (l *ledger) expire(a *agentLedger, now int64) {
	cut := now - l.window
	for r := &a.changes; r.n > 0; {
		at, oldest := r.buf[r.start].at, r.seq-uint64(r.n)+1
		switch oldest {
		case a.cont.seq:
			at = a.cont.at
		case a.rec.seq:
			at = a.rec.at
		}
		if at >= cut {
			break
		}
		r.drop()
	}
	for a.states.n > 0 && a.states.buf[a.states.start].at < cut {
		a.states.drop()
	}
}

// add records entry c for agent i.
func (l *ledger) add(i int32, c change) {
	a := &l.agents[i]
	l.expire(a, c.at)
	a.changes.push(c, l.opt.PerAgent)
}

// news records an event's news to agent i, before it is applied (the World
// calls it with the agent's morale still the old one).
func (l *ledger) news(w *World, i int32, weight, scale float64, why Reason) {
	old, nerve := w.morale[i], w.nerve[i]
	c := change{
		from: w.nowTicks, at: w.nowTicks, cause: l.intern(why),
		weight: weight, scale: scale, falloff: 1, nerve: nerve,
	}
	if l.located {
		c.located, c.scale = true, l.scale
		c.distance = w.pos[i].Dist(l.at)
		c.falloff = DistanceFalloff(c.distance, w.s.FullEffectRadius, w.s.NoEffectRadius)
	}
	m := ApplyMoraleEvent(old, weight, scale, nerve)
	c.delta, c.morale = m-old, m
	l.add(i, c)
}

// set records a change of agent i's morale from old to m by a rally or by
// hand. Events are recorded by news.
func (l *ledger) set(w *World, i int32, old, m float64, why Reason) {
	if why.Kind == ByEvent || why.Kind == ByCustomEvent {
		return
	}
	l.add(i, change{from: w.nowTicks, at: w.nowTicks, cause: cause{kind: why.Kind}, delta: m - old, morale: m, falloff: 1})
}

// beforeStep records what the coming step's pass will do to every agent's
// morale: his contagion and his recovery, worked out as the pass works them
// out (stepRules.contagion, then recoverBy), with the squad averages already
// taken. Doing it in a pass of its own keeps the step's loop free of the
// ledger; FuzzLedger checks that the record adds up to what the pass did.
// It also notes what afterStep needs to record the pass's state changes.
func (l *ledger) beforeStep(w *World, r *stepRules) {
	l.queued = len(w.queue)
	l.since = append(l.since[:0], w.stateSince...)
	n := len(w.morale)
	morale, flags, squads, badNews := w.morale[:n], w.flags[:n], w.squad[:n], w.badNews[:n]
	for i := range n {
		old := morale[i]
		m := old
		if flags[i]&flagNoContagion == 0 {
			m = r.contagion(m, w.avg[squads[i]])
		}
		pulled := m
		if m < 1 && r.rate > 0 {
			m = recoverBy(m, r.secondsSinceBadNews(badNews[i]), r.dt, r.rate, r.delay)
		}
		if m != old || pulled != old {
			l.step(w, int32(i), old, pulled, m, w.steps, r.end)
		}
	}
}

// step records step number step's contagion (old to pulled) and recovery
// (pulled to m) of agent i, ending at tick end, each merged into the run of
// the step before when there is one.
func (l *ledger) step(w *World, i int32, old, pulled, m float64, step uint64, end int64) {
	a := &l.agents[i]
	if pulled != old {
		l.run(a, &a.cont, ByContagion, pulled-old, pulled, step, end-w.intervalTicks, end)
	}
	if m != pulled {
		l.run(a, &a.rec, ByRecovery, m-pulled, m, step, end-w.intervalTicks, end)
	}
}

// run adds delta to the open run o when it took the step before and its
// entry is still in the ring, or starts a new run.
func (l *ledger) run(a *agentLedger, o *openRun, kind ReasonKind, delta, m float64, step uint64, from, at int64) {
	if o.step+1 == step && a.changes.bySeq(o.seq) != nil {
		o.delta += delta
		o.morale = m
		o.at = at
		o.steps++
		o.step = step
		return
	}
	a.write(o) // the run that ended
	l.expire(a, at)
	a.changes.push(change{from: from, at: at, cause: cause{kind: kind}, delta: delta, morale: m, steps: 1, falloff: 1}, l.opt.PerAgent)
	*o = openRun{seq: a.changes.seq, step: step, at: at, delta: delta, morale: m, steps: 1}
}

// afterStep records the state changes of the step's pass that ended at tick
// end: the World queues them while the ledger is on (see step), and the
// morale of an agent whose state the pass changed is the morale he changed
// it with. When no state listener is registered it takes them out of the
// queue again, so that the listeners are told exactly what they would be
// told without the ledger.
func (l *ledger) afterStep(w *World, end int64) {
	keep := l.queued
	for k := l.queued; k < len(w.queue); k++ {
		n := w.queue[k]
		if n.isState {
			i := n.a.i
			l.state(i, n.old, n.new, n.why, w.morale[i], l.since[i], end)
			if len(w.onState) == 0 {
				continue
			}
		}
		w.queue[keep] = n
		keep++
	}
	clear(w.queue[keep:])
	w.queue = w.queue[:keep]
}

// state records agent i's change from state from to state to at tick at,
// with morale m, in from since tick since (never: since spawn).
func (l *ledger) state(i int32, from, to State, why Reason, m float64, since, at int64) {
	a := &l.agents[i]
	l.expire(a, at)
	a.states.push(stateRec{at: at, since: since, from: from, to: to, why: l.intern(why), morale: m}, l.opt.PerAgent)
}

// locate tells the ledger that the news handed out next is an event at
// location at, reported with scale; unlocate ends it.
func (l *ledger) locate(at Vec2, scale float64) { l.located, l.at, l.scale = true, at, scale }
func (l *ledger) unlocate()                     { l.located = false }

// entry returns c as a LedgerEntry.
func (l *ledger) entry(c *change) LedgerEntry {
	e := LedgerEntry{
		From: float64(c.from) / ticksPerSecond, At: float64(c.at) / ticksPerSecond,
		Cause: l.reason(c.cause), Delta: c.delta, Morale: c.morale, Steps: int(c.steps),
		Weight: c.weight, Scale: c.scale, Located: c.located, Distance: c.distance,
		Falloff: c.falloff, Nerve: c.nerve,
	}
	if raw := e.Weight * e.Scale * e.Falloff; raw < 0 && finite(raw) {
		e.Kept = -raw * clamp01(e.Nerve)
	}
	return e
}

// stateChange returns s as a StateChange.
func (l *ledger) stateChange(s *stateRec) StateChange {
	in := math.Inf(1)
	if s.since != never {
		in = float64(s.at-s.since) / ticksPerSecond
	}
	return StateChange{
		At: float64(s.at) / ticksPerSecond, From: s.from, To: s.to,
		Why: l.reason(s.why), Morale: s.morale, SecondsInFrom: in,
	}
}
