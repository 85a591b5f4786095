package morale

import "math"

// A step is the World's fixed update: every SquadUpdateInterval of simulated
// time, each agent in turn
//
//  1. is pulled towards his squad's average ([ContagionPull], with the step's
//     [ContagionFactor]), unless he was spawned WithoutContagion;
//  2. recovers ([RecoverMorale], by the [RecoveryGain] of the time since
//     his last bad news) once RecoveryDelaySeconds have passed since it;
//  3. has his state resolved ([ResolveState], [ShouldRout],
//     [CanReturnFromRout]), unless MinimumStateSeconds have not passed since
//     his last change.
//
// Before anything else a step may sort some of the agents by grid cell, by
// the rule in the World's documentation (see order.go); "the agents' order"
// below is the order after that sort. The squad averages are taken once,
// before the pass, so no agent's result depends on another's change in the
// same step. Each squad keeps a running sum of its members' morale: the pass
// sets it afresh, adding in the agents' order, and every change between
// steps adds its difference (events at a location in the agents' order too),
// so its rounding is fixed by the calls made, never by the grid. The pass
// runs in chunks of stepChunk agents, whatever the number of workers, each
// summing from 0 in the agents' order, their sums added in chunk order (see
// workers.go); its changes are queued in the agents' order and told after it.

// stepRules holds what one step needs of the settings, worked out once per
// step instead of once per agent.
type stepRules struct {
	end    int64   // the step's end, in ticks: the time its changes are stamped with
	dt     float64 // the step's length in seconds
	factor float64 // ContagionFactor(ContagionPerSecond, dt)
	rate   float64 // RecoveryPerSecond
	delay  float64 // RecoveryDelaySeconds
	// Bad news before recovers (a tick) came so long before the step's end
	// that the agent recovers for the whole step, by gains[0]; after
	// recovers+span, by none, gains[1] (see gain and edge).
	recovers              int64
	span                  uint64
	gains                 [2]float64
	dwellTicks            int64 // MinimumStateSeconds
	shaken, panicAt, hyst float64
	routAfter, minRout    float64
}

// edgeTicks is how far, in ticks, bad news must lie from the edge of the
// recovery delay for gain's two gains to stand in for the exact seconds. Near
// the edge the seconds since the bad news are about delay+dt, and converting
// them from ticks and subtracting the delay rounds by a few ulps of that: for
// any delay and interval the clock can hold (below 2^61 ticks) under
// 2^61/2^52 = 512 ticks. 4096 ticks (5.8 µs) is well clear of it.
// TestGainStandsIn checks it.
const edgeTicks = 4096

// stepRules works out the rules of the step from the last step's end to
// tick end: an interval, or longer after SetSettings shortened it (see
// World.Advance).
func (w *World) stepRules(end int64) stepRules {
	s, iv := &w.s, end-w.stepTicks
	dt := float64(iv) / ticksPerSecond
	delayTicks := secondsToTicks(s.RecoveryDelaySeconds)
	recovers, span := end-delayTicks-iv-edgeTicks, iv+2*edgeTicks
	return stepRules{
		end: end, dt: dt, factor: ContagionFactor(s.ContagionPerSecond, dt),
		rate: s.RecoveryPerSecond, delay: s.RecoveryDelaySeconds,
		recovers: recovers, span: uint64(span),
		dwellTicks: secondsToTicks(s.MinimumStateSeconds),
		shaken:     s.ShakenBelow, panicAt: s.PanicBelow, hyst: s.Hysteresis,
		routAfter: s.RoutAfterSeconds, minRout: s.MinRoutSeconds,
		gains: [2]float64{RecoveryGain(math.Inf(1), dt, s.RecoveryPerSecond, s.RecoveryDelaySeconds),
			RecoveryGain(0, dt, s.RecoveryPerSecond, s.RecoveryDelaySeconds)},
	}
}

// gain returns RecoveryGain for bad news at tick b far from the delay's
// edge (see edge): gains[0] when the delay ended before the step began (as
// for any time past delay+dt, +Inf included), gains[1] when it lasts past
// the step. Whose news is recent is anybody's guess in a battle: the
// comparison indexes the gains, no branch (scripts/hotloop.sh checks it).
func (r *stepRules) gain(b int64) float64 {
	return r.gains[b2i(b-r.recovers > int64(r.span))]
}

// edge returns RecoveryGain for bad news at tick b near the delay's edge,
// where gain does not stand in for it (see edgeTicks), else g: the step's
// stage 2 takes edge(b, gain(b)).
func (r *stepRules) edge(b int64, g float64) float64 {
	if uint64(b-r.recovers) <= r.span { // rare: one unsigned test
		g = RecoveryGain(r.seconds(b), r.dt, r.rate, r.delay)
	}
	return g
}

// seconds returns the seconds from tick t to the step's end.
func (r *stepRules) seconds(t int64) float64 { return float64(r.end-t) / ticksPerSecond }

// atRest reports that stages 1 and 2 leave an agent's morale m where it is,
// in a squad of average avg: both are 1, which ContagionPull (1 + 0·factor)
// and RecoverMorale (never past 1) keep. It lets the step skip both stages
// for a squad at rest, all at full morale: the mutation test's copy without
// fast paths (mutation_test.go) runs them for every agent and gets the same
// bits. It tests first the squad's average, which a whole run shares.
func atRest(m, avg float64) bool { return avg == 1 && m == 1 }

// holdsSteady reports that ResolveState keeps an agent in state st with
// morale m where he is: Steady, m at or above shakenBelow (or NaN). The step
// skips stage 3 for him; the mutation test's copy does not (see atRest).
func holdsSteady(st State, m, shakenBelow float64) bool { return st == Steady && !(m < shakenBelow) }

// step runs one fixed step (see the outline above), ending at tick end, and
// queues its changes.
func (w *World) step(end int64) {
	if win := w.sortDue(); win >= 0 {
		w.sortCells(win) // see order.go
	}
	r := w.stepRules(end)
	w.takeSquadAverages()
	w.led.beforeStep(w) // as afterStep, nothing without a ledger
	n := len(w.col.Morale)
	if n <= w.chunk { // one chunk: its running sums are the squads' sums
		_, w.queue = w.stepRange(&r, 0, n, nil, w.next, false, w.queue)
	} else {
		w.stepChunks(&r, n)
	}
	w.led.afterStep(w, &r)
	w.keepSquadSums()
	w.stepTicks = end
	w.steps++
}

// stepRange runs the step's pass over agents lo..hi-1, in order: stages 1
// and 2, then stage 3, agent by agent (an agent's stage 3 reads only his own
// data and the squad averages, never another agent's new morale). It adds
// each agent's new morale to acc[his squad slot] and appends the changes to
// notes. With track, it returns, in touched's array (room for hi−lo slots,
// so that it appends without a call), each slot whose acc was 0 before a
// run of its agents was added (so every slot it added to at least once; a
// slot may come twice). It writes only agents lo..hi-1, acc, touched and
// notes, so ranges may run on several goroutines at once, each with a
// touched and an acc of its own.
func (w *World) stepRange(r *stepRules, lo, hi int, touched []int32, acc []float64, track bool, notes []note) ([]int32, []note) {
	touched = touched[:0]
	if lo >= hi {
		return touched, notes
	}
	avg, acc := w.avg, acc[:len(w.avg)] // one length: the check of avg[sq] covers acc[sq]
	p := pass{w: w, r: *r, acc: acc, touched: touched, track: track, notes: notes, notify: w.hearsMorale()}
	morale := w.col.Morale[lo:hi]
	n := len(morale)
	flags, squads, badNews, states := w.col.Flags[lo:hi][:n], w.col.Squad[lo:hi][:n], w.col.BadNews[lo:hi][:n], w.col.State[lo:hi][:n]
	factor, shaken := r.factor, r.shaken
	// A run of agents side by side of one squad reads its average once and
	// adds to sum (acc[run] is stale meanwhile), in the agents' order.
	run := squads[0]
	p.touch(run)
	a, sum := avg[run], acc[run]
	for k, old := range morale {
		if sq := squads[k]; sq != run {
			acc[run] = sum
			p.touch(sq)
			run, a, sum = sq, avg[sq], acc[sq]
		}
		m, pulled := old, old // at rest, ContagionPull(1, 1, f) is 1
		if !atRest(old, a) {
			if flags[k]&flagNoContagion == 0 { // stage 1: contagion
				pulled = ContagionPull(old, a, factor)
			}
			b := badNews[k]
			m = RecoverMorale(pulled, p.r.edge(b, p.r.gain(b))) // stage 2
			morale[k] = m
		}
		sum += m
		// Stage 3 and the listeners, but for an agent who holds Steady
		// and whose change no one hears.
		if p.notify && m != old || !holdsSteady(states[k], m, shaken) {
			p.agent(lo+k, states[k], old, pulled, m)
		}
	}
	acc[run] = sum
	return p.touched, p.notes
}

// pass is what stepRange's agents who take the slow path need.
type pass struct {
	w       *World
	r       stepRules // a copy of the step's rules
	acc     []float64
	touched []int32
	track   bool
	notes   []note
	notify  bool
}

// touch notes that the pass is about to add to squad slot sq (see
// stepRange's track).
func (p *pass) touch(sq int32) {
	if p.track { // appends without a call, in the room stepRange was given
		t := p.touched[:len(p.touched)+1]
		t[len(t)-1], p.touched = sq, t[:len(t)-1+b2i(p.acc[sq] == 0)]
	}
}

// agent tells the listeners of agent i's new morale m (from old, pulled by
// stage 1) and runs stage 3 for him, in state st: his new state, when the
// rules and the dwell time let him change.
func (p *pass) agent(i int, st State, old, pulled, m float64) {
	w, r := p.w, &p.r
	why := ByContagion
	if m != pulled {
		why = ByRecovery
	}
	if p.notify && m != old {
		p.notes = append(p.notes, note{a: w.col.Handle[i], oldMorale: old, morale: m, why: Reason{Kind: why}})
	}
	since := w.col.StateSince[i]
	to, cause := st, Reason{}
	if st == Routed {
		if CanReturnFromRout(r.seconds(since), m, r.minRout, r.panicAt, r.hyst) {
			to, cause = ResolveState(Panicked, m, r.shaken, r.panicAt, r.hyst), Reason{Kind: ByRoutOver}
		}
	} else {
		to = ResolveState(st, m, r.shaken, r.panicAt, r.hyst)
		if to == Panicked && st == Panicked && ShouldRout(r.seconds(since), r.routAfter) {
			to, cause = Routed, Reason{Kind: ByRoutTimer}
		}
	}
	// MinimumStateSeconds since his last change (one who never changed
	// state may change at once).
	if to == st || since != never && r.end-since < r.dwellTicks {
		return
	}
	if cause.Kind == 0 {
		cause = w.causeOf(i, old, m, why, to < st)
	}
	w.col.State[i] = to
	w.col.StateSince[i] = r.end
	if w.hearsState() || w.led != nil {
		p.notes = append(p.notes, note{a: w.col.Handle[i], old: st, new: to, why: cause, isState: true})
	}
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
// news, rally or SetMorale that moved the agent's morale that way (whys).
func (w *World) causeOf(i int, old, m float64, stepWhy ReasonKind, better bool) Reason {
	if (better && m > old) || (!better && m < old) {
		return Reason{Kind: stepWhy}
	}
	if id := w.col.Why[i].of(better); id != 0 {
		return w.reason(id)
	}
	return Reason{Kind: stepWhy}
}
