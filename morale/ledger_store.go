package morale

// The ledger's storage: a record per agent, in the agents' order, of rings
// of changes and state changes. Their causes are the World's reason ids (see
// reasonTable), so that the rings hold no pointers.

// ledger is the World's cause ledger: one agentLedger per agent, in the
// agents' order.
type ledger struct {
	opt    LedgerOptions
	window int64            // opt.Window in ticks
	only   map[SquadID]bool // opt.Squads; nil: every agent
	agents col[agentLedger]
	// Set by ReportEventAtLocation while it hands out its news: where the
	// event happened, and the scale it was reported with.
	located bool
	at      Vec2
	scale   float64
	// Set by beforeStep for afterStep: the length of the World's queue
	// before the step's pass, and every agent's stateSince and morale.
	queued int
	since  []int64
	old    []float64
	// rules holds each set of StateRules a state change was recorded
	// under, once, in the order first met; a stateRec names his by its
	// place + 1 (ruleIDs maps back). At most maxRuleSets.
	rules   []StateRules
	ruleIDs map[StateRules]uint16
}

// maxRuleSets is the most sets of StateRules a ledger tells apart: a state
// change recorded under another set, after that many, names none.
const maxRuleSets = 1<<16 - 1

// rulesID returns the id of the StateRules of settings s (see ledger.rules),
// adding them when they are new, or 0 when the ledger holds maxRuleSets.
func (l *ledger) rulesID(s *Settings) uint16 {
	r := stateRules(s)
	if n := len(l.rules); n > 0 && l.rules[n-1] == r { // the usual case
		return uint16(n)
	}
	if id, ok := l.ruleIDs[r]; ok || len(l.rules) == maxRuleSets {
		return id
	}
	if l.ruleIDs == nil {
		l.ruleIDs = make(map[StateRules]uint16)
	}
	l.rules = append(l.rules, r)
	l.ruleIDs[r] = uint16(len(l.rules))
	return uint16(len(l.rules))
}

// change is a LedgerEntry as the ring holds it, in ticks and without
// pointers.
type change struct {
	from, at                 int64
	cause                    reasonID
	located                  bool
	steps                    uint32
	delta, morale            float64
	weight, scale            float64
	distance, falloff, nerve float64
}

// stateRec is a StateChange as the ring holds it.
type stateRec struct {
	at, since int64
	from, to  State
	rules     uint16 // the StateRules it was decided under (see ledger.rulesID)
	why       reasonID
	morale    float64
}

// agentLedger is one agent's record: two rings, and the runs of contagion
// and recovery still open.
type agentLedger struct {
	changes   ring[change]
	states    ring[stateRec]
	cont, rec openRun
}

// trim drops the oldest entries and state changes of a beyond limit (≥ 1), as
// push would at his next change.
func (a *agentLedger) trim(limit int) {
	for a.changes.n > limit {
		a.changes.drop()
	}
	for a.states.n > limit {
		a.states.drop()
	}
}

// openRun is a run of contagion or recovery still growing. Its entry was
// pushed when it began; while it grows, its sums are kept here, next to the
// other agents' (the step's pass then reads the agents' records in order
// and never reaches into a ring), and written to the entry by sync.
type openRun struct {
	seq    uint64 // its entry's number in the ring; 0: none
	step   uint64 // the last step it took
	at     int64
	delta  float64
	morale float64
	steps  uint32
}

// ring is a bounded first-in first-out buffer that grows to its limit as it
// fills. Its entries are numbered by seq, from 1, in the order pushed.
type ring[T any] struct {
	buf      []T
	start, n int
	seq      uint64 // entries ever pushed
}

// push appends v, dropping the oldest entries so that the ring holds at most
// limit (≥ 1), and returns where v was put.
func (r *ring[T]) push(v T, limit int) *T {
	if r.n == limit && len(r.buf) == limit { // full: v takes the oldest's place
		p := &r.buf[r.start]
		*p = v
		if r.start++; r.start == limit {
			r.start = 0
		}
		r.seq++
		return p
	}
	for r.n >= limit {
		r.drop()
	}
	if r.n == len(r.buf) { // then n < limit: grow
		nb := make([]T, min(limit, max(4, 2*len(r.buf))))
		for j := range r.n {
			nb[j] = *r.at(j)
		}
		r.buf, r.start = nb, 0
	}
	k := r.start + r.n
	if k >= len(r.buf) {
		k -= len(r.buf)
	}
	r.buf[k] = v
	r.n++
	r.seq++
	return &r.buf[k]
}

// at returns the j-th oldest entry, 0 ≤ j < n.
func (r *ring[T]) at(j int) *T {
	k := r.start + j
	if k >= len(r.buf) {
		k -= len(r.buf)
	}
	return &r.buf[k]
}

// drop forgets the oldest entry.
func (r *ring[T]) drop() {
	var zero T
	r.buf[r.start] = zero
	r.start++
	if r.start == len(r.buf) {
		r.start = 0
	}
	r.n--
}

// bySeq returns the entry numbered s (from 1), or nil when s is 0 or the
// entry was dropped.
func (r *ring[T]) bySeq(s uint64) *T {
	if s == 0 || s > r.seq || r.seq-s >= uint64(r.n) {
		return nil
	}
	return r.at(r.n - 1 - int(r.seq-s))
}

// sync writes the sums of a's open runs to their entries.
func (a *agentLedger) sync() {
	a.write(&a.cont)
	a.write(&a.rec)
}

// write writes the sums of open run o to its entry, if it is still there.
func (a *agentLedger) write(o *openRun) {
	if c := a.changes.bySeq(o.seq); c != nil {
		c.at, c.delta, c.morale, c.steps = o.at, o.delta, o.morale, o.steps
	}
}

// expire forgets the oldest entries of a that ended before tick now minus
// the window (an open run ends where its sums say).
func (l *ledger) expire(a *agentLedger, now int64) {
	cut := now - l.window
	for r := &a.changes; r.n > 0; {
		at, oldest := r.buf[r.start].at, r.seq-uint64(r.n)+1
		switch oldest {
		case a.cont.seq:
			at = a.cont.at
		case a.rec.seq:
			at = a.rec.at
		}
		if at >= cut {
			break
		}
		r.drop()
	}
	for a.states.n > 0 && a.states.buf[a.states.start].at < cut {
		a.states.drop()
	}
}

// add records entry c for agent i.
func (l *ledger) add(i int32, c change) {
	a := &l.agents[i]
	l.expire(a, c.at)
	a.changes.push(c, l.opt.PerAgent)
}
