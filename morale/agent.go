package morale

import (
	"fmt"
	"math"
)

// Agent is a handle to one agent of a World: his morale, nerve and state.
// Its data lives in the World's arrays; the handle stays valid, and keeps
// pointing at the same agent, until the agent is removed. After that its
// getters return zero values and its setters do nothing or return an error
// that names the call and matches ErrRemoved (errors.Is). A handle a load
// replaced (UnmarshalBinary) is removed too, except that the commands that
// return no error (SetPosition, Rally, ForceRout, SetSquad, World.Remove)
// panic, naming the misuse: the man the game meant would stay as he was.
// So does an Agent that Spawn did not make (a zero Agent, as var a
// morale.Agent or new(morale.Agent) give), which names no man; its errors
// say so. Agent methods must be called from the World's goroutine.
type Agent struct {
	w *World
	i int32
	// cell is the id of the agent's grid cell, w.col.Cell[i].id, kept in the
	// handle too, so that SetPosition within the cell reads the handle and
	// the cell's box, not w.col.Cell (checkGrid checks that both agree).
	cell int32
}

// SpawnOption configures an agent at Spawn. A nil SpawnOption does nothing,
// so that a game may pass an option it sets only for some agents:
//
//	var lead morale.SpawnOption // nil for the rank and file
//	if leader {
//		lead = morale.AsLeader()
//	}
//	w.Spawn(squad, at, lead)
type SpawnOption func(*spawnConfig)

type spawnConfig struct {
	morale   float64
	nerve    float64
	nerveSet bool
	flags    uint8
	tag      uint64
	why      reasonID // his LastReason at spawn: BySetByHand under WithMorale, else none
}

// apply applies opts to c. An option is a func the compiler cannot see
// into, so the config it is handed escapes to the heap: apply hands the
// options a copy, and only when there are some, so that a plain Spawn
// allocates and copies nothing for them.
func (c *spawnConfig) apply(opts []SpawnOption) {
	if len(opts) > 0 {
		p := new(spawnConfig)
		*p = *c
		for _, o := range opts {
			if o != nil {
				o(p)
			}
		}
		*c = *p
	}
}

// set makes c the config of an agent spawned at at with opts over the
// defaults, or returns an error naming call (Spawn or TrySpawn) and the bad
// value.
func (c *spawnConfig) set(call string, at Vec2, opts []SpawnOption) error {
	*c = spawnConfig{morale: 1, nerve: -1}
	c.apply(opts)
	switch {
	case !at.finite():
		return fmt.Errorf("morale: %s: position %v is not finite", call, at)
	case c.nerveSet && !in01(c.nerve):
		return fmt.Errorf("morale: %s: WithNerve(%v) is outside 0..1", call, c.nerve)
	case !in01(c.morale):
		return fmt.Errorf("morale: %s: WithMorale(%v) is outside 0..1", call, c.morale)
	}
	return nil
}

// WithNerve pins the agent's nerve to v (0..1) instead of rolling it, for the
// named character who is supposed to be brave (see "Morale, nerve and state"
// in the package documentation).
func WithNerve(v float64) SpawnOption {
	return func(c *spawnConfig) { c.nerve, c.nerveSet = v, true }
}

// AsLeader marks the agent as a leader. It is a flag the game reads (to report
// LeaderDown on his death and LeaderNearby around him); the World gives it no
// weight of its own.
func AsLeader() SpawnOption {
	return func(c *spawnConfig) { c.flags |= flagLeader }
}

// WithoutContagion makes the agent immune to the pull of his squad's average:
// he holds while everyone around him runs. He still counts in the average, so
// he steadies the others.
func WithoutContagion() SpawnOption {
	return func(c *spawnConfig) { c.flags |= flagNoContagion }
}

// WithMorale spawns the agent with morale v (0..1) instead of 1, as if set
// by SetMorale: his LastReason is BySetByHand, and so is the reason of the
// state the next step resolves for him (Shaken at 0.5, say), unless news or
// the step's own contagion or recovery drives that change.
func WithMorale(v float64) SpawnOption {
	return func(c *spawnConfig) { c.morale, c.why = v, reasonID(BySetByHand) }
}

// WithTag gives the agent the game's own id for him, tag: an entity id, an
// index into the game's own array, anything that fits in 64 bits. The World
// never reads it; it keeps it with the agent through Remove's reordering, a
// step's sort, Clone, MarshalBinary and UnmarshalBinary, so that a game maps
// an agent back to its entity with Agent.Tag instead of a map keyed by
// handles (which Clone and UnmarshalBinary replace). The default is 0.
func WithTag(tag uint64) SpawnOption {
	return func(c *spawnConfig) { c.tag = tag }
}

// Snapshot is a copy of everything an agent's morale is made of, for debug
// views, saves and tests.
type Snapshot struct {
	State               State
	Morale              float64
	Nerve               float64
	Squad               SquadID
	Position            Vec2
	Leader              bool
	AffectedByContagion bool
	// SecondsInState is the time since the last state change; +Inf when the
	// agent never changed state.
	SecondsInState float64
	// SecondsSinceBadNews is the time since the last bad news; +Inf when
	// there was none.
	SecondsSinceBadNews float64
	// LastReason is the reason of the last event (built-in or custom),
	// rally or SetMorale that reached him (WithMorale counts as SetMorale);
	// the zero Reason ("none") before any did.
	LastReason Reason
	// Tag is the game's own id for him (WithTag).
	Tag uint64
}

// changing is live for a method that changes the agent: it panics, naming
// the misuse, while another goroutine's Advance runs a step (see
// World.guard).
func (a *Agent) changing() bool {
	if !a.live() {
		return false
	}
	a.w.guard()
	return true
}

// Removed reports whether the agent was removed from its World.
func (a *Agent) Removed() bool { return !a.live() }

// State returns the agent's state; Steady once removed.
func (a *Agent) State() State {
	if !a.live() {
		return Steady
	}
	return a.w.col.State[a.i]
}

// Morale returns the agent's morale in 0..1; 0 once removed.
func (a *Agent) Morale() float64 {
	if !a.live() {
		return 0
	}
	return a.w.col.Morale[a.i]
}

// Nerve returns the agent's nerve in 0..1; 0 once removed.
func (a *Agent) Nerve() float64 {
	if !a.live() {
		return 0
	}
	return a.w.col.Nerve[a.i]
}

// IsFighting reports whether the agent is Steady or Shaken; false once
// removed.
func (a *Agent) IsFighting() bool { return a.live() && a.w.col.State[a.i].IsFighting() }

// IsLeader reports whether the agent leads his squad: spawned AsLeader, or
// made so by SetLeader.
func (a *Agent) IsLeader() bool { return a.live() && a.w.col.Flags[a.i]&flagLeader != 0 }

// SetLeader makes the agent his squad's leader, or not: the sergeant who
// takes command when the leader falls, so that his own death is reported
// as LeaderDown. The rules do not read it (IsLeader and Snapshot do).
// Once the agent is removed it returns an error that names the call and
// matches ErrRemoved.
func (a *Agent) SetLeader(leader bool) error {
	if !a.changing() {
		return a.removed("Agent.SetLeader(%v)", leader)
	}
	a.setFlag(flagLeader, leader)
	return nil
}

// AffectedByContagion reports whether the squad average pulls on the agent:
// true unless he was spawned WithoutContagion or set so by
// SetAffectedByContagion.
func (a *Agent) AffectedByContagion() bool {
	return a.live() && a.w.col.Flags[a.i]&flagNoContagion == 0
}

// SetAffectedByContagion sets whether the squad average pulls on the
// agent from the next step on, as WithoutContagion does at his spawn (false
// for a fearless spell, a bodyguard deaf to the squad's mood). News,
// recovery and his part in his squad's average go on as before. Once the
// agent is removed it returns an error that names the call and matches
// ErrRemoved.
func (a *Agent) SetAffectedByContagion(on bool) error {
	if !a.changing() {
		return a.removed("Agent.SetAffectedByContagion(%v)", on)
	}
	a.setFlag(flagNoContagion, !on)
	return nil
}

// setFlag sets flag f of the agent's flags when on, else clears it.
func (a *Agent) setFlag(f uint8, on bool) {
	fl := &a.w.col.Flags[a.i]
	*fl &^= f
	if on {
		*fl |= f
	}
}

// Tag returns the game's own id for the agent (see WithTag); 0 once removed.
func (a *Agent) Tag() uint64 {
	if !a.live() {
		return 0
	}
	return a.w.col.Tag[a.i]
}

// SetTag replaces the agent's tag (see WithTag). Once the agent is removed
// it returns an error that names the call and matches ErrRemoved.
func (a *Agent) SetTag(tag uint64) error {
	if !a.changing() {
		return a.removed("Agent.SetTag(%d)", tag)
	}
	a.w.col.Tag[a.i] = tag
	return nil
}

// Squad returns the agent's squad.
func (a *Agent) Squad() SquadID {
	if !a.live() {
		return 0
	}
	return a.w.squads[a.w.col.Squad[a.i]].id
}

// Position returns the agent's position.
func (a *Agent) Position() Vec2 {
	if !a.live() {
		return Vec2{}
	}
	return a.w.col.Pos[a.i]
}

// Snapshot returns a copy of the agent's morale data; the zero Snapshot once
// removed.
func (a *Agent) Snapshot() Snapshot {
	if !a.live() {
		return Snapshot{}
	}
	w, i := a.w, a.i
	secs := func(t int64) float64 {
		if t == never {
			return math.Inf(1)
		}
		return float64(w.nowTicks-t) / ticksPerSecond
	}
	return Snapshot{
		State:               w.col.State[i],
		Morale:              w.col.Morale[i],
		Nerve:               w.col.Nerve[i],
		Squad:               w.squads[w.col.Squad[i]].id,
		Position:            w.col.Pos[i],
		Leader:              w.col.Flags[i]&flagLeader != 0,
		AffectedByContagion: w.col.Flags[i]&flagNoContagion == 0,
		SecondsInState:      secs(w.col.StateSince[i]),
		SecondsSinceBadNews: secs(w.col.BadNews[i]),
		LastReason:          w.reason(w.col.Why[i].last()),
		Tag:                 w.col.Tag[i],
	}
}

// ReportEvent applies event e to the agent at once: its weight × scale, with
// bad news reduced by his nerve (see ApplyMoraleEvent). Bad news restarts the
// recovery delay. A NaN, infinite or negative scale, or a weight × scale that
// is not finite (weight -1000 at scale 1e306 overflows to -Inf), returns an
// error and changes nothing; an event without a weight row is worth zero and
// is not news. The state follows at the next step.
func (a *Agent) ReportEvent(e Event, scale float64) error {
	if !a.changing() {
		return a.removed("Agent.ReportEvent(%s, %v)", e, scale)
	}
	weight := a.w.s.Weights[e]
	if err := checkNews(weight, scale); err != nil {
		return fmt.Errorf("morale: ReportEvent(%s): %w", e, err)
	}
	if weight == 0 || scale == 0 {
		return nil
	}
	a.w.news([]int32{a.i}, []float64{scale}, nil, weight, a.w.reasonID(Reason{Kind: ByEvent, Event: e}))
	a.w.flush()
	return nil
}

// ReportCustomEvent applies news of the given weight (negative is bad) to the
// agent, as ReportEvent does for an event worth weight at scale 1. A NaN or
// infinite weight returns an error and changes nothing.
func (a *Agent) ReportCustomEvent(weight float64) error {
	if !a.changing() {
		return a.removed("Agent.ReportCustomEvent(%v)", weight)
	}
	if err := checkNews(weight, 1); err != nil {
		return fmt.Errorf("morale: ReportCustomEvent: %w", err)
	}
	if weight == 0 {
		return nil
	}
	a.w.news([]int32{a.i}, []float64{1}, nil, weight, reasonID(ByCustomEvent))
	a.w.flush()
	return nil
}

// SetMorale sets the agent's morale to v (0..1) by hand. It is not news: the
// recovery delay is left alone. The state follows at the next step, with
// dwell time and rout rules as usual. A value outside 0..1 or NaN returns an
// error and changes nothing.
func (a *Agent) SetMorale(v float64) error {
	if !a.changing() {
		return a.removed("Agent.SetMorale(%v)", v)
	}
	if !in01(v) {
		return fmt.Errorf("morale: SetMorale(%v): morale must lie in 0..1", v)
	}
	a.w.col.Why[a.i].set(v < a.w.col.Morale[a.i], reasonID(BySetByHand))
	a.w.setMorale(a.i, v, reasonID(BySetByHand))
	a.w.flush()
	return nil
}

// SetNerve sets the agent's nerve to v (0..1). A value outside 0..1 or NaN
// returns an error and changes nothing.
func (a *Agent) SetNerve(v float64) error {
	if !a.changing() {
		return a.removed("Agent.SetNerve(%v)", v)
	}
	if !in01(v) {
		return fmt.Errorf("morale: SetNerve(%v): nerve must lie in 0..1", v)
	}
	a.w.col.Nerve[a.i] = v
	return nil
}

// Rally puts the agent in Steady at once, ending any rout, and lifts his
// morale to at least ShakenBelow+Hysteresis so that the rally sticks. It
// deliberately ignores the dwell time and the rout minimum: it is the
// scripted moment where the officer arrives.
func (a *Agent) Rally() {
	if !a.changing() {
		a.notStale("Agent.Rally")
		return
	}
	a.w.rally(a)
	a.w.flush()
}

// rally is Rally without telling the listeners.
func (w *World) rally(a *Agent) {
	i := a.i
	w.col.Why[i].set(false, reasonID(ByRally))
	w.setMorale(i, max(w.col.Morale[i], clamp01(band(w.s.ShakenBelow, w.s.Hysteresis))), reasonID(ByRally))
	w.setState(i, Steady, Reason{Kind: ByRally})
}

// ForceRout puts the agent in Routed at once, ignoring the dwell time. His
// morale is left as it is; the rout ends as any rout does.
func (a *Agent) ForceRout() {
	if !a.changing() {
		a.notStale("Agent.ForceRout")
		return
	}
	a.w.setState(a.i, Routed, Reason{Kind: ByForcedRout})
	a.w.flush()
}

// SetSquad moves the agent to squad id. His morale leaves the old squad's
// average and joins the new one's.
func (a *Agent) SetSquad(id SquadID) {
	if !a.changing() {
		a.notStale("Agent.SetSquad")
		return
	}
	w, i := a.w, a.i
	oldSlot := w.col.Squad[i]
	if w.squads[oldSlot].id == id {
		return
	}
	slot := w.slot(id)
	w.leave(oldSlot, w.col.Morale[i])
	w.join(slot, w.col.Morale[i])
	w.col.Squad[i] = slot
	w.reclaim()
}
