package morale

import (
	"fmt"
	"math"
)

// The logs' part of a savegame (see savegame.go). The cause ledger: its
// options, then every agent's record in the World's order, each ring oldest
// entry first, and the runs still open; the entries are stored as they are,
// the open runs' sums apart, so that a loaded ledger grows exactly as the
// saved one would. Then the changes held for TakeChanges.

// encodeLedger appends the ledger, or a single 0 when it is off.
func (w *World) encodeLedger(e *saveWriter) {
	l := w.led
	e.bool(l != nil)
	if l == nil {
		return
	}
	e.uvarint(uint64(l.opt.PerAgent))
	e.f64(l.opt.Window)
	e.bool(l.opt.Squads != nil) // nil: every squad; empty: none
	e.uvarint(uint64(len(l.opt.Squads)))
	for _, id := range l.opt.Squads {
		e.varint(int64(id))
	}
	e.uvarint(uint64(len(l.rules)))
	for _, r := range l.rules {
		for _, v := range [...]float64{r.ShakenBelow, r.PanicBelow, r.Hysteresis, r.RoutAfterSeconds, r.MinRoutSeconds} {
			e.f64(v)
		}
	}
	for i := range l.agents {
		a := &l.agents[i]
		e.uvarint(a.changes.seq)
		e.uvarint(uint64(a.changes.n))
		for j := range a.changes.n {
			c := a.changes.at(j)
			e.uvarint(w.ago(c.from))
			e.uvarint(w.ago(c.at))
			e.uvarint(uint64(c.cause))
			e.bool(c.located)
			e.uvarint(uint64(c.steps))
			for _, v := range [...]float64{c.delta, c.morale, c.weight, c.scale, c.distance, c.falloff, c.nerve} {
				e.f64(v)
			}
		}
		e.uvarint(a.states.seq)
		e.uvarint(uint64(a.states.n))
		for j := range a.states.n {
			s := a.states.at(j)
			e.uvarint(w.ago(s.at))
			e.uvarint(w.ago(s.since))
			e.u8(uint8(s.from) | uint8(s.to)<<4)
			e.uvarint(uint64(s.rules))
			e.uvarint(uint64(s.why))
			e.f64(s.morale)
		}
		for _, r := range [...]*openRun{&a.cont, &a.rec} {
			e.uvarint(r.seq)
			e.uvarint(r.step)
			e.uvarint(w.ago(r.at))
			e.f64(r.delta)
			e.f64(r.morale)
			e.uvarint(uint64(r.steps))
		}
	}
}

// decodeLedger reads the ledger into n, whose agents are read, checking its
// options and every entry; reasons is the count of n's reason ids.
func decodeLedger(d *saveReader, n *World, reasons reasonID) {
	d.what = "ledger"
	if !d.bool() || d.err != nil {
		return
	}
	var opt LedgerOptions
	if v := d.uvarint(); v > math.MaxInt {
		d.fail("PerAgent %d is beyond any int", v)
	} else {
		opt.PerAgent = int(v)
	}
	opt.Window = d.f64()
	if d.bool() {
		opt.Squads = []SquadID{}
	}
	if k := d.count(1, "ledger squads"); k > 0 { // room for all at once: 8 bytes a byte read at most
		opt.Squads = make([]SquadID, k)
		for j := range opt.Squads {
			opt.Squads[j] = SquadID(d.varint())
		}
	}
	if d.err != nil {
		return
	}
	if err := n.EnableLedger(opt); err != nil {
		d.fail("%v", err)
		return
	}
	l := n.led
	if d.version >= 2 {
		sets := d.count(5*8, "ledger rule sets")
		if sets > maxRuleSets {
			d.fail("%d rule sets; a ledger holds at most %d", sets, maxRuleSets)
			return
		}
		for range sets {
			var v [5]float64
			for j := range v {
				if v[j] = d.f64(); !finite(v[j]) {
					d.fail("rule set %d holds %v, not a finite number", len(l.rules)+1, v[j])
					return
				}
			}
			l.rules = append(l.rules, StateRules{v[0], v[1], v[2], v[3], v[4]})
		}
		l.ruleIDs = make(map[StateRules]uint16, len(l.rules))
		for k := len(l.rules) - 1; k >= 0; k-- { // the first of equal sets
			l.ruleIDs[l.rules[k]] = uint16(k + 1)
		}
	}
	rules := func() uint16 {
		if d.version < 2 { // none saved: the saved settings'
			return l.rulesID(&n.s)
		}
		v := d.uvarint()
		if v > uint64(len(l.rules)) {
			d.fail("rule set %d is not one the ledger holds", v)
			return 0
		}
		return uint16(v)
	}
	now := n.nowTicks
	why := func(v uint64) reasonID {
		if v >= uint64(reasons) {
			d.fail("reason %d is not one the World knows", v)
			return 0
		}
		return reasonID(v)
	}
	for i := range n.led.agents {
		a := &n.led.agents[i]
		what := fmt.Sprintf("agent %d's ledger entries", i)
		if !readRing(d, &a.changes, 5+7*8, opt.PerAgent, what, func(c *change) {
			c.from, c.at, c.cause, c.located = d.tick(now), d.tick(now), why(d.uvarint()), d.bool()
			c.steps = uint32(min(d.uvarint(), 1<<32-1))
			c.delta, c.morale, c.weight, c.scale = d.f64(), d.f64(), d.f64(), d.f64()
			c.distance, c.falloff, c.nerve = d.f64(), d.f64(), d.f64()
			if p := entryProblem(c, n.reason(c.cause)); p != "" && d.err == nil {
				d.fail("%s: an entry %s", what, p)
			}
		}) {
			return
		}
		what = fmt.Sprintf("agent %d's ledger state changes", i)
		if !readRing(d, &a.states, 4+8+b2i(d.version >= 2), opt.PerAgent, what, func(s *stateRec) {
			s.at, s.since = d.tick(now), d.tick(now)
			v := d.u8()
			s.from, s.to = State(v&15), State(v>>4)
			if s.from >= NumStates || s.to >= NumStates {
				d.fail("%s: a state byte %#x", what, v)
			}
			s.rules = rules()
			s.why, s.morale = why(d.uvarint()), d.f64()
			if p := stateRecProblem(s, n.reason(s.why)); p != "" && d.err == nil {
				d.fail("%s: %s", what, p)
			}
		}) {
			return
		}
		for _, r := range [...]*openRun{&a.cont, &a.rec} {
			r.seq, r.step, r.at = d.uvarint(), d.uvarint(), d.tick(now)
			r.delta, r.morale = d.f64(), d.f64()
			r.steps = uint32(min(d.uvarint(), 1<<32-1))
			if !in01(r.morale) || !finite(r.delta) {
				d.fail("agent %d's open run: morale %v, change %v", i, r.morale, r.delta)
			}
		}
	}
}

// entryProblem says what in ledger entry c, whose cause is why, no World's
// ledger could hold, or "": every entry has a cause, ends no sooner than it
// began, and leaves a morale in 0..1, by a finite change, within ±1 but for
// a run of steps (which sums its steps' changes); news has a nerve and a
// falloff in 0..1, a distance of 0 or more, a finite weight (within
// MaxWeight for a weights table's event) and a scale of 0 or more, whose
// product is finite.
func entryProblem(c *change, why Reason) string {
	switch {
	case why.Kind == 0 || why.Kind == ByEvent && why.Event == "":
		return "has no cause"
	case c.from > c.at:
		return "begins after it ends"
	case !in01(c.morale) || !finite(c.delta) || c.steps == 0 && math.Abs(c.delta) > 1:
		return fmt.Sprintf("leaves morale %v by a change of %v", c.morale, c.delta)
	case !in01(c.nerve) || !in01(c.falloff) || !(c.distance >= 0):
		return fmt.Sprintf("has nerve %v, falloff %v, distance %v", c.nerve, c.falloff, c.distance)
	case !finite(c.weight) || !finite(c.scale) || c.scale < 0 || !finite(c.weight*c.scale) ||
		why.Kind == ByEvent && math.Abs(c.weight) > MaxWeight:
		return fmt.Sprintf("has weight %v at scale %v", c.weight, c.scale)
	}
	return ""
}

// stateRecProblem says what in state change s, whose reason is why, no
// World's ledger could hold, or "": it changes the state, for a reason, in
// a state entered no later than it left it, with a morale in 0..1.
func stateRecProblem(s *stateRec, why Reason) string {
	switch {
	case s.from == s.to:
		return fmt.Sprintf("a change from %v to %v", s.from, s.to)
	case why.Kind == 0 || why.Kind == ByEvent && why.Event == "":
		return "a change with no cause"
	case s.since > s.at:
		return "a change from a state entered after it"
	case !in01(s.morale):
		return fmt.Sprintf("a change at morale %v", s.morale)
	}
	return ""
}

// readRing reads a ring of the ledger, its entries oldest first, each by
// entry (of at least min bytes), and reports whether it could: it holds at
// most limit of the entries ever pushed.
func readRing[T any](d *saveReader, r *ring[T], min, limit int, what string, entry func(*T)) bool {
	r.seq = d.uvarint()
	n := d.count(min, what)
	if d.err == nil && (n > limit || uint64(n) > r.seq) {
		d.fail("%s: %d held of %d pushed, at most %d kept", what, n, r.seq, limit)
	}
	if d.err != nil {
		return false
	}
	r.buf, r.n = make([]T, n), n
	for j := range r.buf {
		entry(&r.buf[j])
	}
	return d.err == nil
}

// encodeChanges appends the record of changes for TakeChanges (see
// changes.go): whether it is on, its options, the count dropped, and the
// changes held, each with its agent's place (0 for a removed agent, else
// the place plus one) and tag.
func (w *World) encodeChanges(e *saveWriter) {
	cl := &w.changes
	e.bool(cl.on)
	if !cl.on {
		return
	}
	e.bool(cl.opt.Morale)
	e.bool(cl.opt.Coalesce)
	e.uvarint(uint64(cl.opt.Capacity))
	e.uvarint(cl.dropped)
	e.uvarint(uint64(len(cl.pending)))
	for k := range cl.pending {
		c := &cl.pending[k]
		at := uint64(0)
		if c.Agent.w == w {
			at = uint64(c.Agent.i) + 1
		}
		e.uvarint(at)
		e.uvarint(c.Tag)
		e.bool(c.IsState)
		e.u8(uint8(c.Old) | uint8(c.New)<<4)
		e.f64(c.OldMorale)
		e.f64(c.Morale)
		e.u8(uint8(c.Why.Kind))
		e.str(string(c.Why.Event))
	}
}

// decodeChanges reads the record of changes into n, whose agents are read:
// a held change of a removed agent gets a removed handle of its own.
func decodeChanges(d *saveReader, n *World) {
	d.what = "changes"
	if !d.bool() || d.err != nil {
		return
	}
	cl := &n.changes
	cl.on = true
	cl.opt.Morale, cl.opt.Coalesce = d.bool(), d.bool()
	cl.opt.Capacity = int(min(d.uvarint(), math.MaxInt32))
	cl.dropped = d.uvarint()
	np := d.count(1+1+1+1+16+1+1, "held changes")
	if d.err == nil && (cl.opt.Capacity < 1 || np > cl.opt.Capacity) {
		d.fail("%d changes held of at most %d", np, cl.opt.Capacity)
	}
	if d.err != nil {
		return
	}
	cl.pending = make([]Change, np)
	slots := make(map[[2]int64]bool) // with Coalesce: one change of each kind an agent
	for k := range cl.pending {
		c := &cl.pending[k]
		at := d.uvarint()
		c.Tag, c.IsState = d.uvarint(), d.bool()
		v := d.u8()
		c.Old, c.New = State(v&15), State(v>>4)
		c.OldMorale, c.Morale = d.f64(), d.f64()
		c.Why = Reason{Kind: ReasonKind(d.u8()), Event: Event(d.str())}
		if d.err != nil {
			return
		}
		switch {
		case c.Old >= NumStates || c.New >= NumStates:
			d.fail("held change %d's states byte %#x", k, v)
		case !in01(c.OldMorale) || !in01(c.Morale):
			d.fail("held change %d's morale %v → %v is outside 0..1", k, c.OldMorale, c.Morale)
		case c.Why.Kind == 0 || c.Why.Kind > BySetByHand || (c.Why.Kind == ByEvent) != (c.Why.Event != "") ||
			c.Why.Event != "" && eventNameProblem(c.Why.Event) != "":
			d.fail("held change %d's reason %v %.40q", k, c.Why.Kind, c.Why.Event)
		case c.IsState && (c.OldMorale != 0 || c.Morale != 0):
			d.fail("held change %d, of state, carries a morale", k)
		case !c.IsState && v != 0:
			d.fail("held change %d, of morale, carries states", k)
		case !cl.opt.Coalesce && (c.IsState && c.Old == c.New || !c.IsState && c.OldMorale == c.Morale):
			d.fail("held change %d changes nothing, and changes are not coalesced", k)
		case !c.IsState && !cl.opt.Morale:
			d.fail("held change %d is of morale, which is not recorded", k)
		case at > uint64(len(n.col.Handle)):
			d.fail("held change %d is of agent %d of %d", k, at-1, len(n.col.Handle))
		}
		if d.err != nil {
			return
		}
		if at == 0 {
			c.Agent = &Agent{i: -1} // removed
			continue
		}
		c.Agent = n.col.Handle[at-1]
		if key := [2]int64{int64(at), int64(b2i(c.IsState))}; cl.opt.Coalesce {
			if slots[key] {
				d.fail("agent %d holds two changes of one kind, coalesced", at-1)
			}
			slots[key] = true
		}
	}
	n.rebuildChangeSlots()
}
