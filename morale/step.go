package morale

import "math"

// A step is the World's fixed update: every SquadUpdateInterval of simulated
// time, each agent in turn
//
//  1. is pulled towards his squad's average ([ContagionPull]), unless he was
//     spawned WithoutContagion;
//  2. recovers ([RecoverMorale]) once RecoveryDelaySeconds have passed since
//     his last bad news;
//  3. has his state resolved ([ResolveState], [ShouldRout],
//     [CanReturnFromRout]), unless MinimumStateSeconds have not passed since
//     his last change.
//
// Before anything else a step may sort the agents by grid cell, by the rule
// in the World's documentation (see order.go); "the agents' order" below is
// the order after that sort. The squad averages are taken once, before the pass, so no agent's result
// depends on another's change in the same step. Each squad keeps a running
// sum of its members' morale: the pass sets it afresh, adding in the agents'
// order, and every change between steps adds its difference (events at a
// location in the agents' order too), so its rounding is fixed by the calls
// made, never by the grid. The pass runs in chunks of stepChunk agents
// (agents 0..stepChunk-1, then the next stepChunk, and so on, whatever the
// number of workers): each chunk sums its members' new morale per squad in
// the agents' order starting from 0, and each squad's sum is its chunks'
// sums added in chunk order, starting from 0 (a World of one chunk adds in
// the agents' order). The changes are queued for the listeners, chunk after
// chunk, so in the agents' order, and told after the pass (see the World's
// documentation).

// edgeTicks is how far, in ticks, an agent's last bad news must lie from the
// edge of the recovery delay for stepRules.secondsSinceBadNews to decide his
// recovery without the exact seconds. Near the edge the seconds since the bad
// news are about delay+dt; converting them from ticks and subtracting the
// delay rounds by a few ulps of that, which for any delay and interval the
// clock can hold (maxTicks, below 2^61 ticks) is under 2^61/2^52 = 512
// ticks, and for the settings Validate accepts far below one tick. 4096
// ticks (5.8 µs) is well clear of it; agents nearer the edge take the exact
// path. TestSecondsSinceBadNewsStandInsAreExact checks it, and fails with a
// margin of 0.
const edgeTicks = 4096

// stepRules holds what one step needs of the settings, worked out once
// per step instead of once per agent.
type stepRules struct {
	end        int64   // the step's end, in ticks: the time its changes are stamped with
	dt         float64 // the step's length in seconds
	contagious bool    // ContagionPerSecond > 0
	keep       float64 // e^(−ContagionPerSecond·dt)
	rate       float64 // RecoveryPerSecond
	delay      float64 // RecoveryDelaySeconds
	// Last bad news before recoversWholeStep: the delay was over before the
	// step began. After stillInDelay: the delay lasts past the step's end.
	recoversWholeStep, stillInDelay int64
	dwellTicks                      int64 // MinimumStateSeconds
	shaken, panicAt, hyst           float64
	routAfter, minRout              float64
}

// stepRules works out the rules of the step ending at tick end.
func (w *World) stepRules(end int64) stepRules {
	s := &w.s
	dt := float64(w.intervalTicks) / ticksPerSecond
	r := stepRules{
		end: end, dt: dt, keep: 1,
		rate: s.RecoveryPerSecond, delay: s.RecoveryDelaySeconds,
		dwellTicks: secondsToTicks(s.MinimumStateSeconds),
		shaken:     s.ShakenBelow, panicAt: s.PanicBelow, hyst: s.Hysteresis,
		routAfter: s.RoutAfterSeconds, minRout: s.MinRoutSeconds,
	}
	if s.ContagionPerSecond > 0 {
		r.contagious, r.keep = true, portableExp(-s.ContagionPerSecond*dt)
	}
	delayTicks := secondsToTicks(s.RecoveryDelaySeconds)
	r.recoversWholeStep = end - delayTicks - w.intervalTicks - edgeTicks
	r.stillInDelay = end - delayTicks + edgeTicks
	return r
}

// contagion is stage 1: ContagionPull with the step's decay factor, kept in
// 0..1. ContagionPerSecond 0 leaves m alone, not even a rounding error away.
func (r *stepRules) contagion(m, avg float64) float64 {
	if !r.contagious {
		return m
	}
	return clamp01(pullBy(m, avg, r.keep))
}

// secondsSinceBadNews returns the seconds from bad news at tick b to the
// step's end, as RecoverMorale reads them. Far from the edge of the delay it
// returns a stand-in that gives RecoverMorale the same answer without a
// division: +Inf when the delay ended before the step began (RecoverMorale
// then recovers for the whole step, as it does for any time past
// delay+dt), 0 when the delay lasts past the step (no recovery, as for any
// time within the delay). See edgeTicks for why the stand-ins are exact.
func (r *stepRules) secondsSinceBadNews(b int64) float64 {
	switch {
	case b < r.recoversWholeStep:
		return math.Inf(1)
	case b > r.stillInDelay:
		return 0
	}
	return float64(r.end-b) / ticksPerSecond
}

// afterRout is stage 3 for a Routed agent with morale m, routed since
// tick since: the state he returns to and why, or Routed
// (CanReturnFromRout, then ResolveState from Panicked).
func (r *stepRules) afterRout(m float64, since int64) (State, Reason) {
	if canReturn(float64(r.end-since)/ticksPerSecond, m, r.panicAt, r.hyst, r.minRout) {
		return resolve(Panicked, m, r.shaken, r.panicAt, r.hyst), Reason{Kind: ByRoutOver}
	}
	return Routed, Reason{}
}

// routs reports whether an agent Panicked since tick since routs now
// (ShouldRout).
func (r *stepRules) routs(since int64) bool {
	return shouldRout(float64(r.end-since)/ticksPerSecond, r.routAfter)
}

// dwelling reports whether an agent who entered his state at since must stay
// in it: MinimumStateSeconds have not passed (an agent who never changed
// state may change at once).
func (r *stepRules) dwelling(since int64) bool {
	return since != never && r.end-since < r.dwellTicks
}

// step runs one fixed step (see the outline above) and queues its changes.
func (w *World) step() {
	if w.sortDue() {
		w.sortAgents() // see order.go
	}
	end := w.stepTicks + w.intervalTicks
	r := w.stepRules(end)
	w.takeSquadAverages()
	if w.led != nil {
		w.led.beforeStep(w, &r)
	}
	n := len(w.morale)
	if n <= stepChunk {
		// One chunk: its running sums are the squads' sums.
		_, w.queue = w.stepRange(&r, 0, n, w.next, nil, false, w.queue)
	} else {
		w.stepChunks(&r, n)
	}
	if w.led != nil {
		w.led.afterStep(w, end)
	}
	w.keepSquadSums()
	w.stepTicks = end
	w.steps++
}

// stepRange runs the step's pass over agents lo..hi-1, in order: it adds
// each agent's new morale to acc[his squad slot] and appends the changes to
// notes. With track, it appends to touched each slot whose acc was 0 before
// an agent's morale was added (so every slot it added to at least once; a
// slot may come twice). It writes only agents lo..hi-1, acc, touched and
// notes, so ranges may run on several goroutines at once.
//
// The common agent (see stepFast) goes through a tight loop; each other
// agent through stepAgent, which applies the rules as written. Both give
// the same bits for the common agent.
func (w *World) stepRange(r *stepRules, lo, hi int, acc []float64, touched []int32, track bool, notes []note) ([]int32, []note) {
	if !r.contagious || track {
		for i := lo; i < hi; i++ {
			touched, notes = w.stepAgent(r, i, acc, touched, track, notes)
		}
		return touched, notes
	}
	f := fastRules{
		keep: r.keep, inc: float64(r.rate * r.dt), shaken: r.shaken,
		whole: r.recoversWholeStep, span: uint64(r.stillInDelay - r.recoversWholeStep),
		notify: len(w.onMorale) > 0,
	}
	if !(r.rate > 0) || !(r.dt > 0) {
		// No recovery: every agent takes stepAgent's path for it.
		f.whole, f.span = math.MinInt64, math.MaxUint64
	}
	morale, flags, squads, badNews, states := w.morale[:hi], w.flags[:hi], w.squad[:hi], w.badNews[:hi], w.state[:hi]
	// With recovery on and no morale listener, the runs of news blocks
	// whose agents all recover for the whole step and are all pulled (see
	// newsblocks.go) take stepCalm, the others stepFast.
	useCalm := !f.notify && f.whole != math.MinInt64
	bounds := w.newsBound
	for i := lo; i < hi; {
		// The run of blocks of i's kind, from i's block on (all of
		// lo..hi-1 without the calm loop).
		end, calm := hi, false
		if useCalm {
			calm = bounds[i>>newsShift] < f.whole
			end = min((i>>newsShift+1)<<newsShift, hi)
			for end < hi && (bounds[end>>newsShift] < f.whole) == calm {
				end = min(end+newsBlock, hi)
			}
		}
		for i < end {
			if calm {
				i = stepCalm(&f, i, morale[:end], squads[:end], states[:end], w.avg, acc)
			} else {
				i = stepFast(&f, i, morale[:end], flags[:end], squads[:end], badNews[:end], states[:end], w.avg, acc)
			}
			if i < end {
				touched, notes = w.stepAgent(r, i, acc, touched, track, notes)
				i++
			}
		}
	}
	return touched, notes
}

// fastRules is what stepFast needs of the step's rules.
type fastRules struct {
	keep, inc, shaken float64 // e^(−ContagionPerSecond·dt); RecoveryPerSecond·dt; ShakenBelow
	// Bad news before whole recovers for the whole step; from whole to
	// whole+span it lies near the delay's edge (see edgeTicks); after, it
	// stops recovery for the step.
	whole  int64
	span   uint64
	notify bool // a morale listener is registered
}

// stepFast runs the step for agents j, j+1, ... while each is a common
// agent, and returns the index of the first who is not (len(morale) if
// all are), leaving him untouched. A common agent is pulled by contagion
// (he was not spawned WithoutContagion), his last bad news is not near the
// edge of the recovery delay, he is Steady and stays so (his new morale is
// at least ShakenBelow), and his morale did not change or no morale
// listener is registered. For him it stores the new morale and adds it to
// acc[his squad], giving the bits stepAgent gives: recovery for the whole
// step is recoverBy's min(m + RecoveryPerSecond·dt, 1) (m lies in 0..1, so
// its "m < 1" test changes nothing: at 1, min(1+inc, 1) is 1), and within
// the delay m stays as it is, which is min(m + 0, 1): after contagion m is
// never −0 (a squad's average is never −0, and +0 + −0 is +0), so adding +0
// changes no bit. The choice between inc and 0 is a mask, not a branch: in
// a battle, which agents had bad news lately is anybody's guess, and a
// mispredicted branch costs more than both answers.
func stepFast(f *fastRules, j int, morale []float64, flags []uint8, squads []int32, badNews []int64, states []State, avg, acc []float64) int {
	keep, inc, shaken := f.keep, f.inc, f.shaken
	whole, span, notify := f.whole, f.span, f.notify
	n := len(morale)
	flags, squads, badNews, states = flags[:n], squads[:n], badNews[:n], states[:n]
	for ; j < n; j++ {
		since := badNews[j] - whole // no overflow: both lie within ±2^62
		if flags[j]&flagNoContagion != 0 || uint64(since) <= span {
			return j
		}
		sq := squads[j]
		old := morale[j]
		m := clamp01(pullBy(old, avg[sq], keep)) // stage 1: contagion
		// Stage 2: recovery. pick is all ones when the bad news came
		// before whole (since < 0), else 0, so m gains inc or +0.
		pick := uint64(since >> 63)
		m = min(float64(m)+math.Float64frombits(math.Float64bits(inc)&pick), 1)
		if states[j] != Steady || m < shaken || (notify && m != old) {
			return j // stage 3 or a listener: stepAgent
		}
		morale[j] = m
		acc[sq] += m
	}
	return n
}

// stepCalm is stepFast for agents who all recover for the whole step (their
// last bad news came before fastRules.whole) and are all pulled by contagion,
// with no morale listener registered: it reads neither their bad news nor
// their flags. It runs agents j, j+1, ... while each is Steady and stays so,
// and returns the index of the first who is not (len(morale) if all are),
// leaving him untouched. The bits are stepFast's: its pick is all ones, so m
// gains inc; and clamp01's cap at 1 before min(m+inc, 1) changes nothing
// (for m above 1, both give 1; inc is not negative), so only its floor at 0
// is kept.
func stepCalm(f *fastRules, j int, morale []float64, squads []int32, states []State, avg, acc []float64) int {
	keep, inc, shaken := f.keep, f.inc, f.shaken
	n := len(morale)
	squads, states = squads[:n], states[:n]
	acc = acc[:len(avg)]
	for ; j < n; j++ {
		sq := squads[j]
		m := pullBy(morale[j], avg[sq], keep) // stage 1: contagion
		if m < 0 {
			m = 0
		}
		m = min(float64(m)+inc, 1) // stage 2: recovery for the whole step
		if states[j] != Steady || m < shaken {
			return j // stage 3: stepAgent
		}
		morale[j] = m
		acc[sq] += m
	}
	return n
}

// stepAgent runs the step for agent i (see stepRange) by the rules as
// written.
func (w *World) stepAgent(r *stepRules, i int, acc []float64, touched []int32, track bool, notes []note) ([]int32, []note) {
	sq := w.squad[i]
	old := w.morale[i]
	m := old
	if w.flags[i]&flagNoContagion == 0 { // stage 1: contagion
		m = r.contagion(m, w.avg[sq])
	}
	why := ByContagion
	if m < 1 && r.rate > 0 { // stage 2: recovery (RecoverMorale)
		if rec := recoverBy(m, r.secondsSinceBadNews(w.badNews[i]), r.dt, r.rate, r.delay); rec != m {
			m, why = rec, ByRecovery
		}
	}
	w.morale[i] = m
	if track && acc[sq] == 0 {
		touched = append(touched, sq)
	}
	acc[sq] += m
	if len(w.onMorale) > 0 && m != old {
		notes = append(notes, note{a: w.handles[i], morale: m, why: Reason{Kind: why}})
	}

	st := w.state[i] // stage 3: the state
	if st == Steady && m >= r.shaken {
		return touched, notes // resolve would keep him Steady
	}
	to, cause := st, Reason{}
	if st == Routed {
		to, cause = r.afterRout(m, w.stateSince[i])
	} else {
		to = resolve(st, m, r.shaken, r.panicAt, r.hyst) // ResolveState
		if to == Panicked && st == Panicked && r.routs(w.stateSince[i]) {
			to, cause = Routed, Reason{Kind: ByRoutTimer}
		}
	}
	if to == st || r.dwelling(w.stateSince[i]) {
		return touched, notes
	}
	if cause.Kind == 0 {
		cause = w.causeOf(i, old, m, why, to < st)
	}
	w.state[i] = to
	w.stateSince[i] = r.end
	if len(w.onState) > 0 || w.led != nil {
		notes = append(notes, note{a: w.handles[i], old: st, new: to, why: cause, isState: true})
	}
	return touched, notes
}

// takeSquadAverages fixes every squad's average for the step and clears the
// sums the step builds.
func (w *World) takeSquadAverages() {
	for k := range w.squads {
		sq := &w.squads[k]
		if sq.n > 0 {
			w.avg[k] = sq.sum / float64(sq.n)
		}
		w.next[k] = 0
	}
}

// keepSquadSums stores the sums the step built as the squads' sums: summed
// afresh every step, they do not drift with rounding.
func (w *World) keepSquadSums() {
	for k := range w.squads {
		w.squads[k].sum = w.next[k]
	}
}

// causeOf picks the reason for a state change made by a step: the step's own
// contagion or recovery when it moved morale the same way, else the last
// event that reached the agent.
func (w *World) causeOf(i int, old, m float64, stepWhy ReasonKind, better bool) Reason {
	if (better && m > old) || (!better && m < old) {
		return Reason{Kind: stepWhy}
	}
	if id := w.why[i]; id != 0 {
		return w.reason(id)
	}
	return Reason{Kind: stepWhy}
}
