package morale

import (
	"fmt"
	"math"
)

// Agent is a handle to one agent of a World: his morale, nerve and state.
// Its data lives in the World's arrays; the handle stays valid, and keeps
// pointing at the same agent, until the agent is removed. After that its
// getters return zero values and its setters return ErrRemoved or do nothing.
// Agent methods must be called from the World's goroutine.
type Agent struct {
	w *World
	i int32
	// cell is the id of the agent's grid cell, w.col.Cell[i].id, kept in the
	// handle (in what was its padding) so that SetPosition within the
	// cell reads the handle and the cell's box, not w.col.Cell.
	cell int32
}

// SpawnOption configures an agent at Spawn.
type SpawnOption func(*spawnConfig)

type spawnConfig struct {
	morale   float64
	nerve    float64
	nerveSet bool
	flags    uint8
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

// WithMorale spawns the agent with morale v (0..1) instead of 1. His state is
// resolved at the next step.
func WithMorale(v float64) SpawnOption {
	return func(c *spawnConfig) { c.morale = v }
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
	// LastReason is the reason of the last event or rally that reached him.
	LastReason Reason
}

func (a *Agent) live() bool { return a != nil && a.w != nil }

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

// IsLeader reports whether the agent was spawned AsLeader.
func (a *Agent) IsLeader() bool { return a.live() && a.w.col.Flags[a.i]&flagLeader != 0 }

// AffectedByContagion reports whether the squad average pulls on the agent.
func (a *Agent) AffectedByContagion() bool {
	return a.live() && a.w.col.Flags[a.i]&flagNoContagion == 0
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
		LastReason:          w.reason(w.col.Why[i]),
	}
}

// ReportEvent applies event e to the agent at once: its weight × scale, with
// bad news reduced by his nerve (see ApplyMoraleEvent). Bad news restarts the
// recovery delay. A NaN, infinite or negative scale returns an error and
// changes nothing; an event without a weight row is worth zero and is not
// news. The state follows at the next step.
func (a *Agent) ReportEvent(e Event, scale float64) error {
	if !a.live() {
		return ErrRemoved
	}
	if err := checkScale(scale); err != nil {
		return fmt.Errorf("morale: ReportEvent(%s): %w", e, err)
	}
	weight := a.w.s.Weights[e]
	if weight == 0 || scale == 0 {
		return nil
	}
	a.w.news(a.i, weight, scale, Reason{Kind: ByEvent, Event: e})
	a.w.flush()
	return nil
}

// ReportCustomEvent applies news of the given weight (negative is bad) to the
// agent, as ReportEvent does for an event worth weight. A NaN or infinite
// weight returns an error and changes nothing.
func (a *Agent) ReportCustomEvent(weight float64) error {
	if !a.live() {
		return ErrRemoved
	}
	if !finite(weight) {
		return fmt.Errorf("morale: ReportCustomEvent: weight %v is not finite", weight)
	}
	if weight == 0 {
		return nil
	}
	a.w.news(a.i, weight, 1, Reason{Kind: ByCustomEvent})
	a.w.flush()
	return nil
}

// SetMorale sets the agent's morale to v (0..1) by hand. It is not news: the
// recovery delay is left alone. The state follows at the next step, with
// dwell time and rout rules as usual. A value outside 0..1 or NaN returns an
// error and changes nothing.
func (a *Agent) SetMorale(v float64) error {
	if !a.live() {
		return ErrRemoved
	}
	if !(v >= 0 && v <= 1) {
		return fmt.Errorf("morale: SetMorale(%v): morale must lie in 0..1", v)
	}
	a.w.col.Why[a.i] = reasonID(BySetByHand)
	a.w.setMorale(a.i, v, Reason{Kind: BySetByHand})
	a.w.flush()
	return nil
}

// SetNerve sets the agent's nerve to v (0..1). A value outside 0..1 or NaN
// returns an error and changes nothing.
func (a *Agent) SetNerve(v float64) error {
	if !a.live() {
		return ErrRemoved
	}
	if !(v >= 0 && v <= 1) {
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
	if !a.live() {
		return
	}
	a.w.rally(a)
	a.w.flush()
}

// rally is Rally without telling the listeners.
func (w *World) rally(a *Agent) {
	i := a.i
	why := Reason{Kind: ByRally}
	w.col.Why[i] = reasonID(ByRally)
	w.setMorale(i, max(w.col.Morale[i], clamp01(w.s.ShakenBelow+w.s.Hysteresis)), why)
	w.setState(i, Steady, why)
}

// ForceRout puts the agent in Routed at once, ignoring the dwell time. His
// morale is left as it is; the rout ends as any rout does.
func (a *Agent) ForceRout() {
	if !a.live() {
		return
	}
	a.w.setState(a.i, Routed, Reason{Kind: ByForcedRout})
	a.w.flush()
}

// SetSquad moves the agent to squad id. His morale leaves the old squad's
// average and joins the new one's.
func (a *Agent) SetSquad(id SquadID) {
	if !a.live() {
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

// SetPosition moves the agent to p, for events at a location. A position
// with a NaN or infinite coordinate is ignored. A move within the agent's
// grid cell costs a few comparisons (with a box just inside the cell); a
// move into a neighbouring cell costs no map lookup once that cell was
// crossed into before; a move into another cell allocates nothing once the
// World has held as many occupied cells before, and counts towards the next
// sort of the World's agents (see World). It is small enough for the
// compiler to inline into the caller's loop (see setPos).
func (a *Agent) SetPosition(p Vec2) { setPos(a, p, (*Agent).setPosition) }

// setPos is SetPosition: within the box just inside the agent's cell
// (false for NaN, and for ±Inf as the box is finite) a store, nothing
// else, reading the handle (a.cell is his cell's id), the cell's box and
// nothing of w.col.Cell; otherwise slow, which SetPosition passes as
// (*Agent).setPosition. slow is a parameter for the compiler's sake: the
// inliner charges a call of a function parameter 17 of its budget of 80, a
// call of a named function 57, which would leave 23 for the rest; inlined
// into SetPosition, slow is the method's constant func value (one indirect
// call, on the slow path only; a method expression costs one node less
// than a function's name). Keep setPos at cost 76 or less (go build
// -gcflags=-m=2 2>&1 | grep setPos), or SetPosition (cost 80 at 76) is no
// longer inlined.
func setPos(a *Agent, p Vec2, slow func(*Agent, Vec2)) {
	if a != nil {
		if w := a.w; w != nil {
			if b := w.grid.boxes[a.cell]; p.X >= b.x0 && p.X < b.x1 && p.Y >= b.y0 && p.Y < b.y1 {
				w.col.Pos[a.i] = p
			} else {
				slow(a, p)
			}
		}
	}
}

// setPosition is SetPosition for a live agent a and a position outside the
// box of his cell: maybe another cell. Into the box of a neighbouring cell
// already known (the common crossing) it takes the box tests and cross: no
// NaN test, no key, no lookup; anything else (another cell, a neighbour
// not yet looked up, a box margin, NaN or ±Inf) takes setPositionFar.
func (a *Agent) setPosition(p Vec2) {
	w := a.w
	g := &w.grid
	from := a.cell
	// Which neighbour's box p may be in (NaN fails every comparison and
	// gives 4 on its axis; ±Inf is in no box): 0..8 as in neighbourOf.
	b := &g.boxes[from]
	d := 4
	if p.X < b.x0 {
		d--
	} else if p.X >= b.x1 {
		d++
	}
	if p.Y < b.y0 {
		d -= 3
	} else if p.Y >= b.y1 {
		d += 3
	}
	if d != 4 {
		if d > 4 {
			d--
		}
		if id := g.nb[int64(from)*8+int64(d)]; id >= 0 {
			if c := &g.boxes[id]; p.X >= c.x0 && p.X < c.x1 && p.Y >= c.y0 && p.Y < c.y1 {
				w.col.Pos[a.i] = p
				if len(g.lists[id]) == 0 {
					g.empty--
				}
				w.cross(a, from, id)
				return
			}
		}
	}
	a.setPositionFar(p)
}

// setPositionFar is setPosition for any position but the box of a
// neighbouring cell already in the neighbour cache.
func (a *Agent) setPositionFar(p Vec2) {
	// NaN or ±Inf: x−x is 0 exactly for every finite x, NaN otherwise.
	if p.X-p.X != 0 || p.Y-p.Y != 0 {
		return
	}
	w := a.w
	g := &w.grid
	w.col.Pos[a.i] = p
	from := a.cell
	k := g.key(p)
	if k == g.keys[from] {
		return // in his cell's box margin
	}
	w.cross(a, from, g.neighbourOf(from, k))
}

// cross moves agent a from cell from's list to the end of cell id's, id
// already counted non-empty (grid.remove and grid.insert; the agent that
// takes a's place in from's list is told his new place). It counts the
// move, and asks the World to reclaim its grid only when from was left
// empty (the only change after which World.reclaim can have work: see
// reclaim).
func (w *World) cross(a *Agent, from, id int32) {
	g := &w.grid
	l := &w.col.Cell[a.i]
	if moved := g.remove(from, l.at); moved >= 0 {
		w.col.Cell[moved].at = l.at
	}
	*l = agentCell{key: g.keys[id], id: id, at: g.insert(id, a.i)}
	a.cell = id
	w.moves++
	if len(g.lists[from]) == 0 {
		w.reclaim()
	}
}
