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
// Every other cause gets one entry per change, with From == At.
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
	agents []agentLedger
	// Set by ReportEventAtLocation while it hands out its news: where the
	// event happened, and the scale it was reported with.
	located bool
	at      Vec2
	scale   float64
}

// agentLedger is one agent's record: two rings, and the runs of contagion
// and recovery still open (by the sequence number of their entry plus one,
// 0 for none, and the last step they took).
type agentLedger struct {
	changes           ring[LedgerEntry]
	states            ring[StateChange]
	contSeq, recSeq   uint64
	contStep, recStep uint64
}

// ring is a bounded first-in first-out buffer that grows to its limit as it
// fills. Its entries are numbered by seq, from 0, in the order pushed.
type ring[T any] struct {
	buf      []T
	start, n int
	seq      uint64 // entries ever pushed
}

// push appends v, dropping the oldest entry when the ring holds limit, and
// returns where v was put.
func (r *ring[T]) push(v T, limit int) *T {
	if r.n == len(r.buf) {
		if len(r.buf) < limit {
			nb := make([]T, min(limit, max(4, 2*len(r.buf))))
			for j := range r.n {
				nb[j] = *r.at(j)
			}
			r.buf, r.start = nb, 0
		} else {
			r.drop()
		}
	}
	k := (r.start + r.n) % len(r.buf)
	r.buf[k] = v
	r.n++
	r.seq++
	return &r.buf[k]
}

// at returns the j-th oldest entry, 0 ≤ j < n.
func (r *ring[T]) at(j int) *T { return &r.buf[(r.start+j)%len(r.buf)] }

// drop forgets the oldest entry.
func (r *ring[T]) drop() {
	var zero T
	r.buf[r.start] = zero
	r.start = (r.start + 1) % len(r.buf)
	r.n--
}

// bySeq returns the entry numbered s, or nil when it was dropped or s is
// 0-based seq+1 of none.
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
// The ledger is off by default and then costs nothing. On, it costs a few
// tens of nanoseconds per agent per step and per event hit (see the README),
// and memory of at most 2×PerAgent entries per agent.
func (w *World) EnableLedger(opt LedgerOptions) error {
	if opt.PerAgent < 1 {
		return fmt.Errorf("morale: EnableLedger: PerAgent %d must be at least 1", opt.PerAgent)
	}
	if !(opt.Window > 0) {
		return fmt.Errorf("morale: EnableLedger: Window %v must be above 0 seconds (+Inf for no limit)", opt.Window)
	}
	w.init()
	if w.led != nil {
		w.led.opt = opt
		return nil
	}
	w.led = &ledger{opt: opt, agents: make([]agentLedger, len(w.handles))}
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

// expire forgets the oldest entries of a that ended before the window.
func (l *ledger) expire(a *agentLedger, now float64) {
	cut := now - l.opt.Window
	for a.changes.n > 0 && a.changes.at(0).At < cut {
		a.changes.drop()
	}
	for a.states.n > 0 && a.states.at(0).At < cut {
		a.states.drop()
	}
}

// add records entry e for agent i.
func (l *ledger) add(i int32, e LedgerEntry) {
	a := &l.agents[i]
	l.expire(a, e.At)
	a.changes.push(e, l.opt.PerAgent)
}

// news records an event's news to agent i, before it is applied (the World
// calls it with the agent's morale still the old one).
func (l *ledger) news(w *World, i int32, weight, scale float64, why Reason) {
	old, nerve := w.morale[i], w.nerve[i]
	e := LedgerEntry{
		Cause: why, Weight: weight, Scale: scale, Falloff: 1, Nerve: nerve,
	}
	if l.located {
		e.Located, e.Scale = true, l.scale
		e.Distance = w.pos[i].Dist(l.at)
		e.Falloff = DistanceFalloff(e.Distance, w.s.FullEffectRadius, w.s.NoEffectRadius)
	}
	if raw := e.Weight * e.Scale * e.Falloff; raw < 0 && finite(raw) {
		e.Kept = -raw * clamp01(nerve)
	}
	m := ApplyMoraleEvent(old, weight, scale, nerve)
	e.Delta, e.Morale = m-old, m
	e.From = w.Now()
	e.At = e.From
	l.add(i, e)
}

// set records a change of agent i's morale from old to m by a rally or by
// hand. Events are recorded by news.
func (l *ledger) set(w *World, i int32, old, m float64, why Reason) {
	if why.Kind == ByEvent || why.Kind == ByCustomEvent {
		return
	}
	now := w.Now()
	l.add(i, LedgerEntry{From: now, At: now, Cause: why, Delta: m - old, Morale: m, Falloff: 1})
}

// step records step number step's contagion (old to pulled) and recovery
// (pulled to m) of agent i, ending at tick end, each merged into the run of
// the step before when there is one.
func (l *ledger) step(w *World, i int32, old, pulled, m float64, step uint64, end int64) {
	a := &l.agents[i]
	at := float64(end) / ticksPerSecond
	from := float64(end-w.intervalTicks) / ticksPerSecond
	if pulled != old {
		l.run(a, &a.contSeq, &a.contStep, ByContagion, pulled-old, pulled, step, from, at)
	}
	if m != pulled {
		l.run(a, &a.recSeq, &a.recStep, ByRecovery, m-pulled, m, step, from, at)
	}
}

// run adds delta to the open run of kind (seq, last step) when it took the
// step before, or starts a new one.
func (l *ledger) run(a *agentLedger, seq, last *uint64, kind ReasonKind, delta, m float64, step uint64, from, at float64) {
	if e := a.changes.bySeq(*seq); e != nil && *last+1 == step {
		e.Delta += delta
		e.Morale = m
		e.At = at
		e.Steps++
	} else {
		l.expire(a, at)
		a.changes.push(LedgerEntry{From: from, At: at, Cause: Reason{Kind: kind}, Delta: delta, Morale: m, Steps: 1, Falloff: 1}, l.opt.PerAgent)
		*seq = a.changes.seq
	}
	*last = step
}

// state records agent i's change from state from to state to at tick at,
// with morale m, after since ticks in from (never: since spawn).
func (l *ledger) state(i int32, from, to State, why Reason, m float64, since, at int64) {
	a := &l.agents[i]
	in := math.Inf(1)
	if since != never {
		in = float64(at-since) / ticksPerSecond
	}
	t := float64(at) / ticksPerSecond
	l.expire(a, t)
	a.states.push(StateChange{At: t, From: from, To: to, Why: why, Morale: m, SecondsInFrom: in}, l.opt.PerAgent)
}

// locate tells the ledger that the news handed out next is an event at
// location at, reported with scale; unlocate ends it.
func (l *ledger) locate(at Vec2, scale float64) { l.located, l.at, l.scale = true, at, scale }
func (l *ledger) unlocate()                     { l.located = false }
