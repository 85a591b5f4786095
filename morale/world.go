package morale

import (
	"errors"
	"fmt"
	"iter"
	"math"
	"math/rand/v2"
	"slices"
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

// Agent flags.
const (
	flagLeader uint8 = 1 << iota
	flagNoContagion
)

// ErrRemoved is returned by the methods of an Agent that was removed from its
// World.
var ErrRemoved = errors.New("morale: agent was removed from its world")

// World drives every agent from one clock. It keeps the agents' data in
// flat arrays, computes each squad's average once per step, and finds the
// agents near an event with a spatial grid. Create one with NewWorld.
//
// Events change morale at once. Recovery, contagion, timers and state changes
// run on a fixed step of Settings.SquadUpdateInterval seconds, fed by Advance.
// The clock counts whole ticks of 1/705,600,000 s, so advancing 1.0 s with a 0.1 s interval
// runs exactly ten steps, and the same events driven at any frame sizes end
// bit-for-bit equal.
//
// A World is not safe for concurrent use: call it from one goroutine, as a
// game's update loop does. Listeners run synchronously on that goroutine and
// may call any method of the World, including Spawn and Remove.
type World struct {
	s    Settings
	rng  *rand.Rand
	grid grid

	// The clock, in ticks (see ticksPerSecond) of simulated time.
	intervalTicks int64
	nowTicks      int64 // the present: events are stamped with it
	stepTicks     int64 // end of the last step
	steps         uint64
	advancing     bool

	// Agents, struct-of-arrays, dense in 0..len-1.
	handles    []*Agent
	morale     []float64
	nerve      []float64
	state      []State
	flags      []uint8
	squad      []int32 // index into squads
	pos        []Vec2
	stateSince []int64 // when the state last changed, or never
	badNews    []int64 // when the last bad news arrived, or never
	why        []Reason
	cell       []int32 // grid cell
	cellAt     []int32 // index in the grid cell's list

	// Squads, by slot. Slots are never freed; a squad exists while n > 0.
	slotOf map[SquadID]int32
	squads []squad
	avg    []float64 // squad averages at the start of the running step
	next   []float64 // squad sums being built by the running step
	mark   uint32    // squad filter generation

	onState  []func(a *Agent, old, new State, why Reason)
	onMorale []func(a *Agent, morale float64, why Reason)
	pending  []note
	// flushNext is the index of the next pending note flush delivers;
	// 0 when no flush is running.
	flushNext int
	cells     []int32 // scratch for ReportEventAtLocation
	hits      []hit   // scratch for ReportEventAtLocation with listeners
}

type squad struct {
	id   SquadID
	n    int32
	sum  float64 // sum of the members' morale, kept up to date by every change
	mark uint32
}

// note is a listener call waiting for the end of a step's pass.
type note struct {
	a        *Agent
	morale   float64
	old, new State
	why      Reason
	isState  bool
}

// NewWorld returns an empty World with settings s and a random source seeded
// with seed: the same seed and the same calls give the same nerves and the
// same battle. It fails, naming the field, when s does not validate.
func NewWorld(s Settings, seed uint64) (*World, error) {
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("morale: invalid settings: %w", err)
	}
	w := &World{
		rng:    rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		slotOf: make(map[SquadID]int32),
	}
	w.apply(s.Clone())
	return w, nil
}

func (w *World) apply(s Settings) {
	w.s = s
	w.intervalTicks = int64(math.Round(s.SquadUpdateInterval * ticksPerSecond))
	if w.grid.size != s.NoEffectRadius {
		w.rebuildGrid(s.NoEffectRadius)
	}
}

func (w *World) rebuildGrid(size float64) {
	w.grid = newGrid(size)
	for i := range w.pos {
		c := w.grid.cellOf(w.pos[i])
		w.cell[i] = c
		w.cellAt[i] = w.grid.insert(c, int32(i))
	}
}

// Settings returns a copy of the World's settings.
func (w *World) Settings() Settings { return w.s.Clone() }

// SetSettings retunes the World while it runs. Settings that do not validate
// return an error naming the field and change nothing. Nerves already rolled
// are kept; a new SquadUpdateInterval applies from the next step.
func (w *World) SetSettings(s Settings) error {
	if err := s.Validate(); err != nil {
		return fmt.Errorf("morale: invalid settings: %w", err)
	}
	w.apply(s.Clone())
	return nil
}

// Now returns the simulated time in seconds: the sum of everything passed to
// Advance (each rounded to the clock's tick, 1/705,600,000 s).
func (w *World) Now() float64 { return float64(w.nowTicks) / ticksPerSecond }

// Steps returns how many fixed steps the World has run.
func (w *World) Steps() uint64 { return w.steps }

// Len returns the number of agents in the World.
func (w *World) Len() int { return len(w.handles) }

// Agents returns an iterator over the World's agents. Spawning or removing
// agents while iterating is not allowed.
func (w *World) Agents() iter.Seq[*Agent] {
	return func(yield func(*Agent) bool) {
		for _, a := range w.handles {
			if !yield(a) {
				return
			}
		}
	}
}

// OnStateChanged registers fn to be called after every state change, with the
// old and new state and the reason. Listeners run synchronously, once per
// change, in the order they were registered; a change made during a step is
// reported when the step's pass over the agents ends.
func (w *World) OnStateChanged(fn func(a *Agent, old, new State, why Reason)) {
	if fn != nil {
		w.onState = append(w.onState, fn)
	}
}

// OnMoraleChanged registers fn to be called after every change of an agent's
// morale, with the new value and the reason. A step reports at most one change
// per agent: the result of its contagion and recovery together (the reason is
// recovery when recovery took part).
func (w *World) OnMoraleChanged(fn func(a *Agent, morale float64, why Reason)) {
	if fn != nil {
		w.onMorale = append(w.onMorale, fn)
	}
}

// Spawn adds an agent to squad at position at, with full morale, in state
// Steady, and with a nerve rolled from NerveMin..NerveMax (the roll happens
// even when WithNerve pins the value, so pinning one agent does not change the
// others'). It panics when an option or the position is invalid (NaN, out of
// range); use TrySpawn to get an error instead.
func (w *World) Spawn(squad SquadID, at Vec2, opts ...SpawnOption) *Agent {
	a, err := w.TrySpawn(squad, at, opts...)
	if err != nil {
		panic(err)
	}
	return a
}

// TrySpawn is Spawn returning an error, naming the bad value, instead of
// panicking. On error nothing changes, not even the random source.
func (w *World) TrySpawn(squad SquadID, at Vec2, opts ...SpawnOption) (*Agent, error) {
	c := spawnConfig{morale: 1, nerve: -1}
	for _, o := range opts {
		o(&c)
	}
	if !at.finite() {
		return nil, fmt.Errorf("morale: Spawn: position %v is not finite", at)
	}
	if c.nerveSet && !(c.nerve >= 0 && c.nerve <= 1) {
		return nil, fmt.Errorf("morale: Spawn: WithNerve(%v) is outside 0..1", c.nerve)
	}
	if !(c.morale >= 0 && c.morale <= 1) {
		return nil, fmt.Errorf("morale: Spawn: WithMorale(%v) is outside 0..1", c.morale)
	}
	nerve := w.s.NerveMin + float64(w.rng.Float64()*(w.s.NerveMax-w.s.NerveMin))
	if c.nerveSet {
		nerve = c.nerve
	}
	i := int32(len(w.handles))
	a := &Agent{w: w, i: i}
	slot := w.slot(squad)
	w.handles = append(w.handles, a)
	w.morale = append(w.morale, c.morale)
	w.nerve = append(w.nerve, nerve)
	w.state = append(w.state, Steady)
	w.flags = append(w.flags, c.flags)
	w.squad = append(w.squad, slot)
	w.pos = append(w.pos, at)
	w.stateSince = append(w.stateSince, never)
	w.badNews = append(w.badNews, never)
	w.why = append(w.why, Reason{})
	cell := w.grid.cellOf(at)
	w.cell = append(w.cell, cell)
	w.cellAt = append(w.cellAt, w.grid.insert(cell, i))
	w.squads[slot].n++
	w.squads[slot].sum += c.morale
	return a, nil
}

func (w *World) slot(id SquadID) int32 {
	s, ok := w.slotOf[id]
	if !ok {
		s = int32(len(w.squads))
		w.slotOf[id] = s
		w.squads = append(w.squads, squad{id: id})
		w.next = append(w.next, 0)
		w.avg = append(w.avg, 0)
	}
	return s
}

// Remove takes agent a out of the World; a's methods then return zero values
// or ErrRemoved. Removing an agent twice, or nil, does nothing. A dead agent
// should be removed after its death is reported, so that it no longer counts
// in its squad's average.
func (w *World) Remove(a *Agent) {
	if a == nil || a.w != w {
		return
	}
	i := a.i
	sq := &w.squads[w.squad[i]]
	sq.n--
	sq.sum -= w.morale[i]
	if sq.n == 0 {
		sq.sum = 0
	}
	if moved := w.grid.remove(w.cell[i], w.cellAt[i]); moved >= 0 {
		w.cellAt[moved] = w.cellAt[i]
	}
	last := int32(len(w.handles) - 1)
	if i != last {
		w.handles[i] = w.handles[last]
		w.handles[i].i = i
		w.morale[i] = w.morale[last]
		w.nerve[i] = w.nerve[last]
		w.state[i] = w.state[last]
		w.flags[i] = w.flags[last]
		w.squad[i] = w.squad[last]
		w.pos[i] = w.pos[last]
		w.stateSince[i] = w.stateSince[last]
		w.badNews[i] = w.badNews[last]
		w.why[i] = w.why[last]
		w.cell[i] = w.cell[last]
		w.cellAt[i] = w.cellAt[last]
		w.grid.lists[w.cell[i]][w.cellAt[i]] = i
	}
	w.handles[last] = nil
	w.handles = w.handles[:last]
	w.morale = w.morale[:last]
	w.nerve = w.nerve[:last]
	w.state = w.state[:last]
	w.flags = w.flags[:last]
	w.squad = w.squad[:last]
	w.pos = w.pos[:last]
	w.stateSince = w.stateSince[:last]
	w.badNews = w.badNews[:last]
	w.why = w.why[:last]
	w.cell = w.cell[:last]
	w.cellAt = w.cellAt[:last]
	a.w, a.i = nil, -1
}

// Advance moves the World's clock forward by dt seconds and runs every fixed
// step that falls due. dt is rounded to the clock's tick (see ticksPerSecond) and
// the clock counts ticks, so nothing drifts: Advance(1.0) with a 0.1 s interval runs
// exactly ten steps, and ten Advance(0.1) calls do the same. A negative or
// non-finite dt is ignored. Called from a listener, it only moves the clock;
// the outer Advance runs the steps.
func (w *World) Advance(dt float64) {
	if !(dt > 0) || math.IsInf(dt, 0) {
		return
	}
	dtTicks := int64(math.Round(dt * ticksPerSecond))
	if dt*ticksPerSecond > math.MaxInt64/4 {
		dtTicks = math.MaxInt64 / 4
	}
	target := w.nowTicks + dtTicks
	if w.advancing {
		w.nowTicks = target
		return
	}
	w.advancing = true
	defer func() { w.advancing = false }()
	for target-w.stepTicks >= w.intervalTicks {
		w.nowTicks = w.stepTicks + w.intervalTicks
		w.step()
		if w.nowTicks > target { // a listener advanced the clock
			target = w.nowTicks
		}
	}
	w.nowTicks = target
}

// step runs one fixed step: contagion, recovery, rout timers and state
// resolution for every agent, with each squad's average computed once.
func (w *World) step() {
	end := w.stepTicks + w.intervalTicks
	s := &w.s
	dt := float64(w.intervalTicks) / ticksPerSecond
	keep := 1.0
	if s.ContagionPerSecond > 0 {
		keep = portableExp(-s.ContagionPerSecond * dt)
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
		rateDt     = float64(rate * dt)
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
			w.pending = append(w.pending, note{a: w.handles[i], morale: m, why: Reason{Kind: why}})
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
			w.pending = append(w.pending, note{a: w.handles[i], old: st, new: to, why: cause, isState: true})
		}
	}
	squads := w.squads
	for k := range squads {
		squads[k].sum = next[k]
	}
	w.stepTicks = end
	w.steps++
	w.flush()
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

// flush hands the pending notes of a step to the listeners.
func (w *World) flush() {
	if len(w.pending) == 0 {
		return
	}
	// Listeners may call back into the World and change agents whose notes
	// are still waiting: catchUp delivers those first, so every listener
	// sees each agent's changes in the order they happened.
	for k := 0; k < len(w.pending); k++ {
		w.flushNext = k + 1
		n := w.pending[k]
		w.pending[k].a = nil
		w.deliver(n)
	}
	w.flushNext = 0
	clear(w.pending)
	w.pending = w.pending[:0]
}

// deliver hands one note to the listeners.
func (w *World) deliver(n note) {
	if n.a == nil || n.a.w != w {
		return // delivered already, or removed by an earlier listener
	}
	if n.isState {
		for _, fn := range w.onState {
			fn(n.a, n.old, n.new, n.why)
		}
	} else {
		for _, fn := range w.onMorale {
			fn(n.a, n.morale, n.why)
		}
	}
}

// catchUp delivers the step's notes still waiting for agent a, before a
// newer change to a is made and reported. It reports whether a is still in
// the World afterwards (those listeners may remove it) and may move a's
// index.
func (w *World) catchUp(a *Agent) bool {
	if w.flushNext == 0 {
		return true
	}
	for k := w.flushNext; k < len(w.pending); k++ {
		if n := w.pending[k]; n.a == a {
			w.pending[k].a = nil
			w.deliver(n)
		}
	}
	return a.w == w
}

// setMorale stores m as agent i's morale, keeps the squad sum and reports the
// change.
func (w *World) setMorale(i int32, m float64, why Reason) {
	a := w.handles[i]
	if !w.catchUp(a) {
		return
	}
	i = a.i
	old := w.morale[i]
	if m == old {
		return
	}
	w.morale[i] = m
	w.squads[w.squad[i]].sum += m - old
	for _, fn := range w.onMorale {
		fn(a, m, why)
	}
}

// setState moves agent i to state to now, ignoring the dwell time.
func (w *World) setState(i int32, to State, why Reason) {
	a := w.handles[i]
	if !w.catchUp(a) {
		return
	}
	i = a.i
	old := w.state[i]
	if to == old {
		return
	}
	w.state[i] = to
	w.stateSince[i] = w.nowTicks
	for _, fn := range w.onState {
		fn(a, old, to, why)
	}
}

// news applies weight×scale of news to agent i.
func (w *World) news(i int32, weight, scale float64, why Reason) {
	a := w.handles[i]
	if !w.catchUp(a) {
		return
	}
	i = a.i
	if weight*scale < 0 {
		w.badNews[i] = w.nowTicks
	}
	w.why[i] = why
	w.setMorale(i, ApplyMoraleEvent(w.morale[i], weight, scale, w.nerve[i]), why)
}

func checkScale(scale float64) error {
	if !finite(scale) || scale < 0 {
		return fmt.Errorf("morale: scale %v must be finite and not negative", scale)
	}
	return nil
}

// ReportEventAtLocation reports event e at location at to every agent within
// radius of it (radius ≤ 0 means Settings.NoEffectRadius) that belongs to one
// of squads (none listed means every squad). Each agent takes weight × scale ×
// DistanceFalloff(distance, FullEffectRadius, NoEffectRadius). A NaN or
// infinite location, radius or scale, or a negative scale, returns an error
// and changes nothing. An event without a weight row is worth zero: it changes
// nothing and is not an error. The cost grows with the number of agents near
// the location, not with the size of the World.
func (w *World) ReportEventAtLocation(e Event, at Vec2, radius float64, squads []SquadID, scale float64) error {
	if !at.finite() {
		return fmt.Errorf("morale: ReportEventAtLocation: location %v is not finite", at)
	}
	if !finite(radius) {
		return fmt.Errorf("morale: ReportEventAtLocation: radius %v is not finite", radius)
	}
	if err := checkScale(scale); err != nil {
		return fmt.Errorf("morale: ReportEventAtLocation: %w", err)
	}
	weight := w.s.Weights[e]
	if weight == 0 || scale == 0 {
		return nil
	}
	if radius <= 0 {
		radius = w.s.NoEffectRadius
	}
	filter := len(squads) > 0
	if filter {
		w.mark++
		if w.mark == 0 { // wrapped: clear old marks
			for k := range w.squads {
				w.squads[k].mark = 0
			}
			w.mark = 1
		}
		for _, id := range squads {
			if s, ok := w.slotOf[id]; ok {
				w.squads[s].mark = w.mark
			}
		}
	}
	why := Reason{Kind: ByEvent, Event: e}
	full, none := w.s.FullEffectRadius, w.s.NoEffectRadius
	cells, all := w.grid.appendCells(w.cells[:0], at, radius)
	w.cells = cells
	// Listeners may remove or move agents, or report more events, while
	// the grid is being walked. When any could run, find the agents first
	// and tell them afterwards, by handle.
	direct := len(w.onMorale) == 0 && w.flushNext == 0
	var hits []hit
	if !direct {
		hits, w.hits = w.hits[:0], nil
	}
	visit := func(list []int32) {
		for _, i := range list {
			if filter && w.squads[w.squad[i]].mark != w.mark {
				continue
			}
			d := w.pos[i].Dist(at)
			if d > radius {
				continue
			}
			if f := DistanceFalloff(d, full, none); f > 0 {
				if direct {
					w.news(i, weight, scale*f, why)
				} else {
					hits = append(hits, hit{w.handles[i], scale * f})
				}
			}
		}
	}
	if all {
		for c := range w.grid.lists {
			visit(w.grid.lists[c])
		}
	} else {
		for _, c := range cells {
			visit(w.grid.lists[c])
		}
	}
	if direct {
		return nil
	}
	for _, h := range hits {
		if h.a.w == w {
			w.news(h.a.i, weight, h.scale, why)
		}
	}
	clear(hits)
	w.hits = hits[:0]
	return nil
}

// hit is an agent reached by an event at a location, and its scale.
type hit struct {
	a     *Agent
	scale float64
}

// RallySquad rallies every member of squad id, as Agent.Rally does. An unknown
// or empty squad is ignored.
func (w *World) RallySquad(id SquadID) {
	slot, ok := w.slotOf[id]
	if !ok {
		return
	}
	for _, a := range slices.Clone(w.handles) {
		if a.w == w && w.squad[a.i] == slot {
			a.Rally()
		}
	}
}

// SquadIDs returns the squads that have members, sorted.
func (w *World) SquadIDs() []SquadID {
	ids := make([]SquadID, 0, len(w.squads))
	for _, s := range w.squads {
		if s.n > 0 {
			ids = append(ids, s.id)
		}
	}
	slices.Sort(ids)
	return ids
}
