package morale

// The ledger's hooks: what the World calls, when the ledger is on, at each
// place where morale or state changes (news, set, the step, state changes).

// news records an event's news to agent i, before it is applied (the World
// calls it with the agent's morale still the old one).
func (l *ledger) news(w *World, i int32, weight, scale float64, id reasonID) {
	if !l.records(w, i) {
		return
	}
	old, nerve := w.col.Morale[i], w.col.Nerve[i]
	c := change{
		from: w.nowTicks, at: w.nowTicks, cause: id,
		weight: weight, scale: scale, falloff: 1, nerve: nerve,
	}
	if l.located {
		c.located, c.scale = true, l.scale
		c.distance = w.col.Pos[i].Dist(l.at)
		c.falloff = DistanceFalloff(c.distance, w.s.FullEffectRadius, w.s.NoEffectRadius)
	}
	m := ApplyMoraleEvent(old, weight, scale, nerve)
	c.delta, c.morale = m-old, m
	l.add(i, c)
}

// set records a change of agent i's morale from old to m by a rally or by
// hand. Events are recorded by news.
func (l *ledger) set(w *World, i int32, old, m float64, id reasonID) {
	if k := w.reason(id).Kind; k == ByEvent || k == ByCustomEvent || !l.records(w, i) {
		return
	}
	l.add(i, change{from: w.nowTicks, at: w.nowTicks, cause: id, delta: m - old, morale: m, falloff: 1})
}

// beforeStep readies the ledger for the coming step's pass: it notes every
// agent's morale and stateSince before it (see afterStep). On a nil ledger
// (none on) it does nothing, as afterStep, locate and unlocate do.
func (l *ledger) beforeStep(w *World) {
	if l == nil {
		return
	}
	l.queued = len(w.queue)
	l.since = append(l.since[:0], w.col.StateSince...)
	l.old = append(l.old[:0], w.col.Morale...)
}

// step records step number step's contagion (old to pulled) and recovery
// (pulled to m) of agent i, from the last step's end to tick end, each merged into the run of
// the step before when there is one.
func (l *ledger) step(w *World, i int32, old, pulled, m float64, step uint64, end int64) {
	a := &l.agents[i]
	if pulled != old {
		l.run(a, &a.cont, ByContagion, pulled-old, pulled, step, w.stepTicks, end)
	}
	if m != pulled {
		l.run(a, &a.rec, ByRecovery, m-pulled, m, step, w.stepTicks, end)
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
	a.changes.push(change{from: from, at: at, cause: reasonID(kind), delta: delta, morale: m, steps: 1, falloff: 1}, l.opt.PerAgent)
	*o = openRun{seq: a.changes.seq, step: step, at: at, delta: delta, morale: m, steps: 1}
}

// afterStep records what the step's pass of rules r did: every agent's
// contagion, from the morale beforeStep noted (ContagionPull with the step's
// averages, as the pass pulled him), and his recovery, the rest of the way
// to his morale now; and its state changes: the World queues them while the
// ledger is on (see step), and the
// morale of an agent whose state the pass changed is the morale he changed
// it with. When no state listener is registered it takes them out of the
// queue again, so that the listeners are told exactly what they would be
// told without the ledger.
func (l *ledger) afterStep(w *World, r *stepRules) {
	if l == nil {
		return
	}
	end := r.end
	for i, old := range l.old {
		if !l.records(w, int32(i)) {
			continue
		}
		pulled := old
		if w.col.Flags[i]&flagNoContagion == 0 {
			pulled = ContagionPull(old, w.avg[w.col.Squad[i]], r.factor)
		}
		if m := w.col.Morale[i]; m != old || pulled != old {
			l.step(w, int32(i), old, pulled, m, w.steps, end)
		}
	}
	keep := l.queued
	for k := l.queued; k < len(w.queue); k++ {
		n := w.queue[k]
		if n.isState {
			i := n.a.i
			if l.records(w, i) {
				l.state(i, n.old, n.new, w.reasonID(n.why), w.col.Morale[i], l.since[i], end, &w.s)
			}
			if !w.hearsState() {
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
// with morale m, in from since tick since (never: since spawn), decided
// under settings s.
func (l *ledger) state(i int32, from, to State, why reasonID, m float64, since, at int64, s *Settings) {
	a := &l.agents[i]
	l.expire(a, at)
	a.states.push(stateRec{at: at, since: since, from: from, to: to, rules: l.rulesID(s), why: why, morale: m}, l.opt.PerAgent)
}

// locate tells the ledger that the news handed out next is an event at
// location at, reported with scale; unlocate ends it.
func (l *ledger) locate(at Vec2, scale float64) {
	if l != nil {
		l.located, l.at, l.scale = true, at, scale
	}
}

func (l *ledger) unlocate() {
	if l != nil {
		l.located = false
	}
}
