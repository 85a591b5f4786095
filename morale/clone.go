package morale

import (
	"maps"
	"math/rand/v2"
	"slices"
)

// Clone returns a deep copy of the World: its settings (the Weights map
// included), clock, random source, agents, squads, spatial grid, worker
// count and, when it is on, the cause ledger with every agent's record. The
// clone shares no memory the World changes with w: calls on one never
// change the other, and from the moment of the copy the two evolve to the
// same bits under the same calls (the same nerves rolled at Spawn, the same
// morale, states, squad sums, ledger and Explain sentences).
//
// The clone has no listeners: w's OnStateChanged and OnMoraleChanged
// functions are not copied (they are closures over the caller's own state,
// which the caller is cloning too); register the clone's own. Called from a
// listener, the clone is the World at that moment without the changes still
// waiting to be told.
//
// The clone records changes for TakeChanges as w does (RecordChanges), and
// holds the same changes not yet taken, with the same count dropped: each
// change's Agent is the clone's handle of that agent (for an agent removed
// since the change, a removed handle of the clone's own, with the same Tag,
// one per agent whatever the number of his changes held).
//
// The clone's agents are new handles, in the same order: the agent at
// position i of w.Agents() is the one at position i of the clone's. Map a
// handle of w to the clone's with clone.Agent(a.Index()). Handles of w stay
// w's: passed to the clone's methods that take an agent they are not its
// agents.
//
// Clone costs O(agents + squads + grid cells + ledger entries) time and
// memory, allocating a fixed number of blocks whatever the number of
// agents, and a few more per thousand grid cells and squads (the copies of
// their maps); its scratch buffers start empty. The zero World clones to a
// zero World.
func (w *World) Clone() *World {
	w.guard()
	if w.self == nil {
		return &World{workers: w.workers} // the zero World: nothing to copy but SetWorkers'
	}
	// Field by field (a World must not be copied by value: see noCopy).
	// Scratch, all empty between calls, and the listeners start empty.
	c := &World{
		s: w.s.Clone(), grid: w.grid.clone(),
		intervalTicks: w.intervalTicks, nowTicks: w.nowTicks, stepTicks: w.stepTicks,
		steps: w.steps, dropped: w.dropped,
		col: w.col, reasons: w.reasons.clone(),
		slotOf: maps.Clone(w.slotOf), free: slices.Clone(w.free), squads: slices.Clone(w.squads), slotHint: w.slotHint,
		avg: slices.Clone(w.avg), next: slices.Clone(w.next), mark: w.mark,
		listenerID: w.listenerID,
		led:        w.led.clone(),
		workers:    w.workers, chunk: w.chunk,
		order: windows{shift: w.order.shift, breaks: slices.Clone(w.order.breaks), settled: slices.Clone(w.order.settled), next: w.order.next, sorts: w.order.sorts},
	}
	c.self = c
	src := *w.src
	c.src = &src
	c.rng = rand.New(c.src)
	for _, k := range c.col.columns() {
		k.own()
	}
	block := make([]Agent, len(c.col.Handle)) // the clone's own handles
	for i := range block {
		block[i] = Agent{w: c, i: int32(i), cell: w.col.Cell[i].id}
		c.col.Handle[i] = &block[i]
	}
	// The clone's later spawns take blocks of handles of their own: slabs
	// starts empty.
	c.changes = w.changes.clone(w, c)
	c.cols = c.columnList()
	return c
}

// Agent returns the agent at position i (0 ≤ i < Len()) of Agents(), or
// nil when i is out of range. With Agent.Index it maps a handle of a World
// to its clone's: clone.Agent(a.Index()).
func (w *World) Agent(i int) *Agent {
	w.guard()
	if i < 0 || i >= len(w.col.Handle) {
		return nil
	}
	return w.col.Handle[i]
}

// Index returns the agent's position in its World's Agents() order, or −1
// once removed (or for nil). It changes when Remove moves the last agent
// into a removed one's place and when a step sorts the World (see World),
// so read it when you need it, do not keep it.
func (a *Agent) Index() int {
	if !a.live() {
		return -1
	}
	return int(a.i)
}

// clone returns a copy of the grid sharing nothing with g. The cells' lists
// are cut from one block, each capped at its length, so that a later insert
// into one reallocates it rather than write into its neighbour.
func (g *grid) clone() grid {
	c := *g
	c.ids = maps.Clone(g.ids)
	c.keys = slices.Clone(g.keys)
	c.cache = slices.Clone(g.cache)
	c.boxes = slices.Clone(g.boxes)
	total := 0
	for _, l := range g.lists {
		total += len(l)
	}
	block := make([]int32, 0, total)
	c.lists = make([][]int32, len(g.lists))
	for id, l := range g.lists {
		if len(l) == 0 {
			continue
		}
		k := len(block)
		block = append(block, l...)
		c.lists[id] = block[k:len(block):len(block)]
	}
	return c
}

// clone returns a copy of the ledger sharing nothing with l; nil for nil.
// Each ring keeps its entries, oldest first, in a buffer cut from one block
// per kind and capped at its length: the ring then grows or wraps as it
// would have (what a ring holds does not depend on its buffer's size).
func (l *ledger) clone() *ledger {
	if l == nil {
		return nil
	}
	c := *l
	c.only = maps.Clone(l.only)
	c.rules, c.ruleIDs = slices.Clone(l.rules), maps.Clone(l.ruleIDs)
	c.opt.Squads = slices.Clone(l.opt.Squads)
	c.since, c.old = nil, nil // scratch of the step (beforeStep fills it)
	nc, ns := 0, 0
	for i := range l.agents {
		nc += l.agents[i].changes.n
		ns += l.agents[i].states.n
	}
	changes := make([]change, 0, nc)
	states := make([]stateRec, 0, ns)
	c.agents = make([]agentLedger, len(l.agents))
	for i := range l.agents {
		a := &l.agents[i]
		c.agents[i] = agentLedger{cont: a.cont, rec: a.rec}
		changes = cloneRing(&c.agents[i].changes, &a.changes, changes)
		states = cloneRing(&c.agents[i].states, &a.states, states)
	}
	return &c
}

// cloneRing sets dst to hold src's entries, oldest first, in a buffer cut
// from block (with room for them), and returns the rest of block.
func cloneRing[T any](dst, src *ring[T], block []T) []T {
	dst.seq, dst.n = src.seq, src.n
	if src.n == 0 {
		return block
	}
	k := len(block)
	for j := range src.n {
		block = append(block, *src.at(j))
	}
	dst.buf = block[k:len(block):len(block)]
	return block
}
