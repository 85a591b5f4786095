package morale_test

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/moralebreak/moralebreak/morale"
)

// The reference World: the World's contract written in the plainest code,
// from the exported rules (ApplyMoraleEvent, RecoveryGain, RecoverMorale,
// ContagionPull, ResolveState, ShouldRout, CanReturnFromRout,
// DistanceFalloff) and the documented clock, with a slice of structs,
// linear scans and no grid.
// FuzzReferenceWorld drives it and a real World with the same calls and
// compares every agent's morale bits, state and listener calls after each
// one, so "the World calls exactly these rules" is a tested fact.

// refTicks is the documented clock: whole ticks of 1/705,600,000 s.
const refTicks = 705600000

// refMaxTicks is the documented latest time the clock reaches.
var refMaxTicks = int64(math.Round(morale.MaxWorldSeconds * refTicks))

// refSecondsToTicks rounds a time to the clock's tick, as the World
// documents for dt and the time settings.
func refSecondsToTicks(s float64) int64 {
	if t := s * refTicks; t < float64(refMaxTicks) {
		return int64(math.Round(t))
	}
	return refMaxTicks
}

type refAgent struct {
	real        *morale.Agent // the real World's agent made by the same call
	squad       morale.SquadID
	pos         morale.Vec2
	morale      float64
	nerve       float64
	state       morale.State
	noContagion bool
	changed     bool  // has changed state since spawn
	since       int64 // when the state last changed, in ticks
	hadBadNews  bool
	badNews     int64         // when the last bad news came, in ticks
	why         morale.Reason // the last news or rally, or SetMorale
	// fell and rose are the reasons of the last news, rally or SetMorale
	// that lowered his morale (bad news, or a SetMorale below it) and of the
	// last that did not.
	fell, rose morale.Reason
}

// refSquad is a squad's count and running sum of morale. The World averages
// a squad from this sum: each step sets it to the sum of the morale the
// step computed, chunk by chunk (refWorld.chunk agents each, in the
// agents' order): each chunk's members summed in the agents' order from 0,
// the chunks' sums added in chunk order from 0. Every change between steps
// (news, SetMorale, Rally, Spawn, Remove, SetSquad) adds its difference.
type refSquad struct {
	n   int
	sum float64
}

type refWorld struct {
	s       morale.Settings
	now     int64 // ticks
	stepEnd int64 // ticks: the end of the last step
	steps   uint64
	dropped float64
	// agents in the World's order: spawn order, except that Remove moves
	// the last agent into the removed one's place and that a step may
	// first sort a window of them by cell (see sortStep).
	agents []*refAgent
	// winSize is the places of a sort window; settled holds, per window,
	// its breaks right after its last sort (0 before any); next is the
	// window after the one sorted last.
	winSize int
	settled []int
	next    int
	// chunk is the agents of a step's chunk: the World's (StepChunk, or
	// what a test set with SetStepChunk).
	chunk  int
	byReal map[*morale.Agent]*refAgent
	squads map[morale.SquadID]*refSquad
	log    map[*morale.Agent][]string // listener calls, per agent
}

func newRefWorld(s morale.Settings) *refWorld {
	return &refWorld{s: s.Clone(), squads: map[morale.SquadID]*refSquad{}, log: map[*morale.Agent][]string{},
		byReal: map[*morale.Agent]*refAgent{}, winSize: morale.SortWindow, chunk: morale.StepChunk}
}

func (r *refWorld) find(real *morale.Agent) *refAgent { return r.byReal[real] }

// refCell is the documented grid cell of p: ⌊p/NoEffectRadius⌋ on each axis,
// clamped to the int32 range.
func (r *refWorld) refCell(p morale.Vec2) [2]int64 {
	c := func(v float64) int64 {
		return int64(min(max(math.Floor(v/r.s.NoEffectRadius), math.MinInt32), math.MaxInt32))
	}
	return [2]int64{c(p.X), c(p.Y)}
}

// setPosition is Agent.SetPosition: a move into another cell counts.
func (r *refWorld) setPosition(a *refAgent, p morale.Vec2) {
	if !refFinite(p) {
		return
	}
	a.pos = p
}

// setSettings is World.SetSettings with valid settings.
func (r *refWorld) setSettings(s morale.Settings) { r.s = s.Clone() }

// window returns the agents of sort window win.
func (r *refWorld) window(win int) []*refAgent {
	return r.agents[win*r.winSize : min((win+1)*r.winSize, len(r.agents))]
}

// breaks returns the documented breaks of agents: the places but the first
// whose agent is in another cell than the agent before.
func (r *refWorld) breaks(agents []*refAgent) int {
	n := 0
	for j := 1; j < len(agents); j++ {
		if r.refCell(agents[j].pos) != r.refCell(agents[j-1].pos) {
			n++
		}
	}
	return n
}

// trimWindows forgets what it knew of windows the agents no longer reach.
func (r *refWorld) trimWindows() {
	if n := (len(r.agents) + r.winSize - 1) / r.winSize; len(r.settled) > n {
		r.settled = r.settled[:n]
	}
}

// sortStep is the documented rule: from the window after the one sorted
// last, wrapping around, the first window of at least SortMinAgents agents
// whose breaks grew by at least len/SortBreakShare since its last sort is
// sorted stably by cell row, then column.
func (r *refWorld) sortStep() {
	n := (len(r.agents) + r.winSize - 1) / r.winSize
	for len(r.settled) < n {
		r.settled = append(r.settled, 0)
	}
	for k := range n {
		win := (r.next + k) % n
		agents := r.window(win)
		if len(agents) < morale.SortMinAgents || (r.breaks(agents)-r.settled[win])*morale.SortBreakShare < len(agents) {
			continue
		}
		slices.SortStableFunc(agents, func(a, b *refAgent) int {
			ca, cb := r.refCell(a.pos), r.refCell(b.pos)
			return cmp.Or(cmp.Compare(ca[1], cb[1]), cmp.Compare(ca[0], cb[0]))
		})
		r.settled[win] = r.breaks(agents)
		r.next = win + 1
		return
	}
}

func (r *refWorld) squad(id morale.SquadID) *refSquad {
	sq := r.squads[id]
	if sq == nil {
		sq = &refSquad{}
		r.squads[id] = sq
	}
	return sq
}

func (r *refWorld) leave(a *refAgent) {
	sq := r.squads[a.squad]
	sq.n--
	sq.sum -= a.morale
	if sq.n == 0 {
		delete(r.squads, a.squad)
	}
}

func (r *refWorld) join(a *refAgent) {
	sq := r.squad(a.squad)
	sq.n++
	sq.sum += a.morale
}

// spawn adds real's agent; withMorale says he was spawned WithMorale (as if
// set by hand: his last reason).
func (r *refWorld) spawn(real *morale.Agent, squad morale.SquadID, at morale.Vec2, m, nerve float64, noContagion, withMorale bool) {
	a := &refAgent{real: real, squad: squad, pos: at, morale: m, nerve: nerve, noContagion: noContagion}
	if withMorale {
		a.why = morale.Reason{Kind: morale.BySetByHand}
		a.fell, a.rose = a.why, a.why
	}
	r.agents = append(r.agents, a)
	r.byReal[real] = a
	r.join(a)
}

func (r *refWorld) remove(a *refAgent) {
	r.leave(a)
	i := slices.Index(r.agents, a)
	last := len(r.agents) - 1
	r.agents[i] = r.agents[last]
	r.agents = r.agents[:last]
	delete(r.byReal, a.real)
	r.trimWindows()
}

func (r *refWorld) setMorale(a *refAgent, m float64, why morale.Reason) {
	if m == a.morale {
		return
	}
	r.squads[a.squad].sum += m - a.morale
	a.morale = m
	r.log[a.real] = append(r.log[a.real], fmt.Sprintf("morale %x %v", math.Float64bits(m), why))
}

func (r *refWorld) setState(a *refAgent, to morale.State, at int64, why morale.Reason) {
	if to == a.state {
		return
	}
	r.log[a.real] = append(r.log[a.real], fmt.Sprintf("state %v→%v %v", a.state, to, why))
	a.state, a.since, a.changed = to, at, true
}

// news is an event's weight × scale reaching a. Bad news is an applied
// delta below zero: a finite negative weight × scale.
func (r *refWorld) news(a *refAgent, weight, scale float64, why morale.Reason) {
	a.why = why
	if d := weight * scale; d < 0 && !math.IsInf(d, -1) {
		a.hadBadNews, a.badNews = true, r.now
		a.fell = why
	} else {
		a.rose = why
	}
	r.setMorale(a, morale.ApplyMoraleEvent(a.morale, weight, scale, a.nerve), why)
}

// byHand is a.real.SetMorale(v).
func (r *refWorld) byHand(a *refAgent, v float64) {
	a.why = morale.Reason{Kind: morale.BySetByHand}
	if v < a.morale {
		a.fell = a.why
	} else {
		a.rose = a.why
	}
	r.setMorale(a, v, a.why)
}

func refBadScale(scale float64) bool { return math.IsNaN(scale) || math.IsInf(scale, 0) || scale < 0 }

func refFinite(p morale.Vec2) bool {
	return !math.IsNaN(p.X) && !math.IsInf(p.X, 0) && !math.IsNaN(p.Y) && !math.IsInf(p.Y, 0)
}

func (r *refWorld) reportEvent(a *refAgent, e morale.Event, scale float64) error {
	if refBadScale(scale) {
		return fmt.Errorf("bad scale")
	}
	if w := r.s.Weights[e]; w != 0 && scale != 0 {
		r.news(a, w, scale, morale.Reason{Kind: morale.ByEvent, Event: e})
	}
	return nil
}

func (r *refWorld) reportAt(e morale.Event, at morale.Vec2, radius float64, squads []morale.SquadID, scale float64) error {
	if !refFinite(at) || math.IsNaN(radius) || math.IsInf(radius, 0) || refBadScale(scale) {
		return fmt.Errorf("bad input")
	}
	weight := r.s.Weights[e]
	if weight == 0 || scale == 0 {
		return nil
	}
	if radius <= 0 {
		radius = r.s.NoEffectRadius
	}
	for _, a := range r.agents {
		if len(squads) > 0 && !slices.Contains(squads, a.squad) {
			continue
		}
		d := a.pos.Dist(at)
		if d > radius {
			continue
		}
		if f := morale.DistanceFalloff(d, r.s.FullEffectRadius, r.s.NoEffectRadius); f > 0 {
			r.news(a, weight, scale*f, morale.Reason{Kind: morale.ByEvent, Event: e})
		}
	}
	return nil
}

func (r *refWorld) rally(a *refAgent) {
	why := morale.Reason{Kind: morale.ByRally}
	a.why, a.rose = why, why
	r.setMorale(a, max(a.morale, min(1, max(0, r.s.ShakenBelow+r.s.Hysteresis))), why)
	r.setState(a, morale.Steady, r.now, why)
}

func (r *refWorld) setSquad(a *refAgent, id morale.SquadID) {
	if a.squad == id {
		return
	}
	r.leave(a)
	a.squad = id
	r.join(a)
}

// advance is World.Advance: the clock moves by dt rounded to the tick, up
// to MaxWorldSeconds, and every step that falls due runs, at most
// MaxAdvanceSteps of them; the time beyond either limit is dropped. A step
// ends an interval after the last one, or at the present (the clock when
// the call began) when that lies in the past because SetSettings shortened
// the interval: it then spans all the time since the last step.
func (r *refWorld) advance(dt float64) {
	if !(dt > 0) || math.IsInf(dt, 1) {
		return
	}
	present := r.now
	target := r.now + refSecondsToTicks(dt)
	if target > refMaxTicks {
		r.dropped += float64(target-refMaxTicks) / refTicks
		target = refMaxTicks
	}
	interval := refSecondsToTicks(r.s.SquadUpdateInterval)
	for steps := 0; target-r.stepEnd >= interval; steps++ {
		if steps == morale.MaxAdvanceSteps {
			r.dropped += float64(target-r.stepEnd) / refTicks
			target = r.stepEnd
			break
		}
		r.now = max(r.stepEnd+interval, present)
		r.sortStep()
		r.step(r.now, float64(r.now-r.stepEnd)/refTicks)
		r.stepEnd = r.now
	}
	r.now = target
}

// step is one fixed step ending at tick end, dt seconds long.
func (r *refWorld) step(end int64, dt float64) {
	s := r.s
	avg := map[morale.SquadID]float64{}
	for id, sq := range r.squads {
		avg[id] = sq.sum / float64(sq.n)
	}
	sums := map[morale.SquadID]float64{}
	part := map[morale.SquadID]float64{} // the running chunk's sums
	addPart := func() {
		for id, p := range part {
			sums[id] += p
		}
		clear(part)
	}
	dwell := refSecondsToTicks(s.MinimumStateSeconds)
	for k, a := range r.agents {
		if k > 0 && k%r.chunk == 0 {
			addPart()
		}
		old := a.morale
		m := old
		if !a.noContagion {
			m = morale.ContagionPull(m, avg[a.squad], morale.ContagionFactor(s.ContagionPerSecond, dt))
		}
		why := morale.Reason{Kind: morale.ByContagion}
		if m < 1 {
			since := math.Inf(1)
			if a.hadBadNews {
				since = float64(end-a.badNews) / refTicks
			}
			if rec := morale.RecoverMorale(m, morale.RecoveryGain(since, dt, s.RecoveryPerSecond, s.RecoveryDelaySeconds)); rec != m {
				m, why = rec, morale.Reason{Kind: morale.ByRecovery}
			}
		}
		part[a.squad] += m
		if m != old {
			a.morale = m
			r.log[a.real] = append(r.log[a.real], fmt.Sprintf("morale %x %v", math.Float64bits(m), why))
		}

		inState := float64(end-a.since) / refTicks
		to, cause := a.state, morale.Reason{}
		if a.state == morale.Routed {
			if morale.CanReturnFromRout(inState, m, s.MinRoutSeconds, s.PanicBelow, s.Hysteresis) {
				to, cause = morale.ResolveState(morale.Panicked, m, s.ShakenBelow, s.PanicBelow, s.Hysteresis), morale.Reason{Kind: morale.ByRoutOver}
			}
		} else {
			to = morale.ResolveState(a.state, m, s.ShakenBelow, s.PanicBelow, s.Hysteresis)
			if to == morale.Panicked && a.state == morale.Panicked && morale.ShouldRout(inState, s.RoutAfterSeconds) {
				to, cause = morale.Routed, morale.Reason{Kind: morale.ByRoutTimer}
			}
		}
		if to == a.state || (a.changed && end-a.since < dwell) {
			continue
		}
		if cause.Kind == 0 {
			// The step's own contagion or recovery when it moved morale
			// the way of the change, else the last news or rally that
			// moved it that way.
			better := to < a.state
			switch {
			case better && m > old, !better && m < old:
				cause = why
			case better && a.rose.Kind != 0:
				cause = a.rose
			case !better && a.fell.Kind != 0:
				cause = a.fell
			default:
				cause = why
			}
		}
		r.setState(a, to, end, cause)
	}
	addPart()
	for id, sq := range r.squads {
		sq.sum = sums[id]
	}
	r.steps++
}
