package morale

import (
	"fmt"
	"math"
)

// handleBlock is the most handles in a cell's block (arenas hold 64 blocks).
const handleBlock = 32

// newHandle returns a new handle for agent i, spawned into cell c, from his
// cell's block (up to handleBlock, as many as it holds agents: one for an
// agent alone), the blocks cut in turn from an arena, so that a cell's men
// in spawn order, a sorted window (a stable sort) or a horde spawned squad
// by squad reads its handles nearly in order: only a matter of speed.
func (w *World) newHandle(c, i int32) *Agent {
	w.slabs = append(w.slabs, make([][]Agent, max(0, len(w.grid.lists)-len(w.slabs)))...)
	if k := min(handleBlock, len(w.grid.lists[c])); len(w.slabs[c]) == 0 {
		if len(w.arena) < k {
			w.arena = make([]Agent, 64*handleBlock)
		}
		w.slabs[c], w.arena = w.arena[:k:k], w.arena[k:]
	}
	a := &w.slabs[c][0]
	*a, w.slabs[c] = Agent{w: w, i: i, cell: c}, w.slabs[c][1:]
	return a
}

// Spawn adds an agent to squad at position at, with full morale, in state
// Steady, and with a nerve rolled from NerveMin..NerveMax (the roll happens
// even when WithNerve pins the value, so pinning one agent does not change the
// others'). It panics when an option or the position is invalid (NaN, out of
// range); use TrySpawn to get an error instead.
func (w *World) Spawn(squad SquadID, at Vec2, opts ...SpawnOption) *Agent {
	a, err := w.spawn("Spawn", squad, at, opts)
	if err != nil {
		panic(err)
	}
	return a
}

// TrySpawn is Spawn returning an error, naming the bad value, instead of
// panicking. On error nothing changes, not even the random source.
func (w *World) TrySpawn(squad SquadID, at Vec2, opts ...SpawnOption) (*Agent, error) {
	return w.spawn("TrySpawn", squad, at, opts)
}

// spawn is Spawn and TrySpawn, whose name call is.
func (w *World) spawn(call string, squad SquadID, at Vec2, opts []SpawnOption) (*Agent, error) {
	w.init()
	if w.ranging > 0 {
		w.notRanging("World." + call)
	}
	var c spawnConfig
	if err := c.set(call, at, opts); err != nil {
		return nil, err
	}
	nerve := w.s.NerveMin + float64(w.rng.Float64()*(w.s.NerveMax-w.s.NerveMin))
	if c.nerveSet {
		nerve = c.nerve
	}
	i := int32(len(w.col.Handle))
	loc := w.grid.place(at, i)
	push(&w.col.Handle, w.newHandle(loc.id, i))
	push(&w.col.Morale, c.morale)
	push(&w.col.Nerve, nerve)
	push(&w.col.Flags, c.flags)
	push(&w.col.Squad, w.slot(squad))
	push(&w.col.Pos, at)
	push(&w.col.StateSince, never)
	push(&w.col.BadNews, never)
	push(&w.col.Cell, loc)
	push(&w.col.Tag, c.tag)
	push(&w.col.State, Steady)
	push(&w.col.Why, whys{c.why, c.why, false})
	for _, k := range w.cols[spawnSet:] { // the ledger's and the changes' columns, when on
		k.grow()
	}
	w.join(w.col.Squad[i], c.morale)
	w.spawned(int(i))
	return w.col.Handle[i], nil
}

// Reserve makes room for n more agents than the World holds, so that the
// next n Spawns grow none of its per-agent columns (the grid's cell lists
// and the handles are still made as the agents arrive): a game that knows
// its crowd pays for that memory once, up front. It changes no result, only
// memory, and never shrinks. n = 0 does nothing; a negative n, or one that
// would take the World past math.MaxInt32 agents, returns an error and
// changes nothing.
func (w *World) Reserve(n int) error {
	if n < 0 || n > math.MaxInt32-w.Len() {
		return fmt.Errorf("morale: Reserve(%d): n must be in 0..%d", n, math.MaxInt32-w.Len())
	}
	w.init()
	for _, k := range w.cols {
		k.reserve(n)
	}
	return nil
}

// Remove takes agent a out of the World; a's methods then return zero values
// or ErrRemoved. Removing nil or an agent already removed does nothing;
// removing one a load replaced, one still in another World (from before a
// Clone, used on the clone) or a zero Agent (not Spawn's) panics, naming it.
// Remove a dead agent after reporting his death, so that he no longer counts
// in his squad's average.
func (w *World) Remove(a *Agent) {
	w.guard()
	switch {
	case a == nil || a.w == nil && a.i == -1: // removed
		return
	case a.w != w:
		panic(notToRemove(a))
	case w.ranging > 0 && (a != w.visiting || w.ranging > 1):
		w.notRanging("World.Remove of an agent other than the one visited")
	}
	i := a.i
	w.leave(w.col.Squad[i], w.col.Morale[i])
	if moved := w.grid.remove(w.col.Cell[i].id, w.col.Cell[i].at); moved >= 0 {
		w.col.Cell[moved].at = w.col.Cell[i].at
	}
	last := int32(len(w.col.Handle) - 1)
	// The breaks around i and around the last place, each counted once.
	w.addBreaks(-1, int(i))
	if i+1 < last {
		w.addBreak(-1, int(last))
	}
	for _, k := range w.cols {
		k.remove(int(i), int(last))
	}
	if i != last {
		w.col.Handle[i].i = i
		w.grid.lists[w.col.Cell[i].id][w.col.Cell[i].at] = i
	}
	w.addBreaks(1, int(i))
	if o := &w.order; len(o.breaks) > (int(last)+o.size()-1)>>o.shift { // the last window emptied
		o.breaks, o.settled = o.breaks[:len(o.breaks)-1], o.settled[:len(o.settled)-1]
	}
	a.w, a.i = nil, -1
	w.reclaim()
}
