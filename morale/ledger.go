package morale

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// The cause ledger: an opt-in record, per agent, of every change of his
// morale and state and what caused it. See EnableLedger.

// ErrLedgerOff is returned by Explain when the World's ledger is not enabled.
var ErrLedgerOff = errors.New("morale: the cause ledger is off (call World.EnableLedger)")

// ErrNotInLedger is returned by Explain for an agent whose squad the
// ledger does not record (LedgerOptions.Squads).
var ErrNotInLedger = errors.New("morale: the cause ledger does not record this agent's squad (LedgerOptions.Squads)")

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
	// Squads, when not nil, are the only squads whose agents the ledger
	// records: the records and their time are then those of their agents
	// alone (a crowd's one squad under a designer's eye), though every
	// agent of the World still costs the ledger 208 bytes of bookkeeping
	// (see EnableLedger). An agent's record
	// starts when his squad is in the list; Explain of an agent of another
	// squad fails with ErrNotInLedger. An agent moved (SetSquad) to a squad
	// not in the list keeps his record but adds nothing to it there; moved
	// back, it goes on with a gap: what moved his morale while he was away
	// is missing, so its Deltas no longer add up to his morale. Nil: every agent; empty and not nil
	// (the list of a squad wiped out, say): nobody, as a squad filter of
	// ReportEventAtLocation reaches nobody.
	Squads []SquadID
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
	// Rules are the settings the change was decided under: the World's at
	// the change, which SetSettings may have changed since. (A ledger tells
	// apart 65,535 sets of them; a change recorded under yet another set
	// has the World's settings of the moment it is read.)
	Rules StateRules
}

// StateRules are the settings that decide an agent's state (ResolveState,
// ShouldRout, CanReturnFromRout), as a StateChange was decided under them.
type StateRules struct {
	ShakenBelow, PanicBelow, Hysteresis float64
	RoutAfterSeconds, MinRoutSeconds    float64
}

// stateRules returns the StateRules of settings s.
func stateRules(s *Settings) StateRules {
	return StateRules{s.ShakenBelow, s.PanicBelow, s.Hysteresis, s.RoutAfterSeconds, s.MinRoutSeconds}
}

// EnableLedger turns on the cause ledger (see LedgerEntry, StateChange and
// Explain) with the given bounds, for every agent present and to come. It
// fails, changing nothing, when PerAgent is below 1 or Window is not above 0
// (NaN included). Called when the ledger is already on, it keeps the record,
// but for what a lower PerAgent leaves out: each agent's oldest entries and
// state changes beyond it go at once (so a savegame holds what the bound
// allows); the other bounds apply from the next change on.
//
// The ledger is off by default, and off it costs a nil check per step and
// per event: the step's loop over the agents has no ledger code. On, it
// costs an extra pass over the agents per step and a record per event hit
// (BenchmarkLedgerStep and BenchmarkLedgerHit; numbers in
// docs/performance.md), and memory of at most PerAgent×88 + PerAgent×32 +
// 208 bytes per agent (his entries, his state changes, and 208 bytes of
// bookkeeping, in an array that grows as append grows a slice). With Squads, the agents of other squads cost the 208 bytes
// and a squad lookup in the pass, and nothing else.
func (w *World) EnableLedger(opt LedgerOptions) error {
	if opt.PerAgent < 1 {
		return fmt.Errorf("morale: EnableLedger: PerAgent %d must be at least 1", opt.PerAgent)
	}
	if !(opt.Window > 0) {
		return fmt.Errorf("morale: EnableLedger: Window %v must be above 0 seconds (+Inf for no limit)", opt.Window)
	}
	w.init()
	if w.led == nil {
		w.led = &ledger{agents: make([]agentLedger, len(w.col.Handle))}
		w.cols = w.columnList()
	}
	for k := range w.led.agents {
		w.led.agents[k].trim(opt.PerAgent)
	}
	opt.Squads = slices.Clone(opt.Squads)
	w.led.opt, w.led.window, w.led.only = opt, secondsToTicks(opt.Window), nil
	if opt.Squads != nil {
		w.led.only = make(map[SquadID]bool) // not sized by the list, which may repeat a squad
		for _, id := range opt.Squads {
			w.led.only[id] = true
		}
	}
	return nil
}

// records reports whether the ledger records agent i: every agent, or
// those of LedgerOptions.Squads.
func (l *ledger) records(w *World, i int32) bool {
	return l.only == nil || l.only[w.squads[w.col.Squad[i]].id]
}

// DisableLedger turns the cause ledger off and forgets its record.
func (w *World) DisableLedger() {
	w.guard()
	w.led = nil
	w.cols = w.columnList()
}

// LedgerEnabled reports whether the cause ledger is on.
func (w *World) LedgerEnabled() bool {
	w.notCopied()
	return w.led != nil
}

// entry returns c as a LedgerEntry.
func (w *World) entry(c *change) LedgerEntry {
	e := LedgerEntry{
		From: float64(c.from) / ticksPerSecond, At: float64(c.at) / ticksPerSecond,
		Cause: w.reason(c.cause), Delta: c.delta, Morale: c.morale, Steps: int(c.steps),
		Weight: c.weight, Scale: c.scale, Located: c.located, Distance: c.distance,
		Falloff: c.falloff, Nerve: c.nerve,
	}
	if raw := e.Weight * e.Scale * e.Falloff; raw < 0 && finite(raw) {
		e.Kept = -raw * clamp01(e.Nerve)
	}
	return e
}

// stateChange returns s as a StateChange.
func (w *World) stateChange(s *stateRec) StateChange {
	in := math.Inf(1)
	if s.since != never {
		in = float64(s.at-s.since) / ticksPerSecond
	}
	rules := stateRules(&w.s)
	if s.rules > 0 {
		rules = w.led.rules[s.rules-1]
	}
	return StateChange{
		At: float64(s.at) / ticksPerSecond, From: s.from, To: s.to,
		Why: w.reason(s.why), Morale: s.morale, SecondsInFrom: in, Rules: rules,
	}
}
