package morale

import "slices"

// The World's order. Agents are spawned at the end of the World's arrays and
// Remove moves the last agent into the removed one's place; left at that, the
// agents of one grid cell end up scattered through the arrays, and every
// agent an event reaches, or a move touches, is a few cache misses. So the
// World puts its agents back in cell order from time to time, by a rule
// that depends only on the calls made to it (never on timing or workers):
//
//   - Every Spawn and every Remove counts one move, and so does every
//     SetPosition that takes an agent into another grid cell (the cell of
//     position p is (⌊p.X/r⌋, ⌊p.Y/r⌋) with r = Settings.NoEffectRadius,
//     each clamped to the int32 range); a SetSettings that changes
//     NoEffectRadius counts one move per agent.
//   - At the start of every step, before the squad averages are taken, a
//     World of at least SortMinAgents agents whose moves since its last
//     sort number at least one in SortMoveShare of its agents sorts them:
//     by cell row (⌊p.Y/r⌋), then cell column (⌊p.X/r⌋), the agents of one
//     cell keeping their order. The moves count from 0 again.
//
// A sort moves each agent's data to his new place; the Agent handles keep
// pointing at the same agents. It changes the order in which the step adds
// the squads' sums, hands out its changes to the listeners, and in which
// Agents yields, which is why the rule is part of the World's contract.

// Exported for the reference World (see export_test.go).
const (
	// sortMinAgents is the fewest agents a World sorts.
	sortMinAgents = 256
	// sortMoveShare: a World sorts when its moves reach len/sortMoveShare.
	sortMoveShare = 8
)

// sortDue reports whether the step about to run sorts the agents first.
func (w *World) sortDue() bool {
	n := len(w.handles)
	return n >= sortMinAgents && w.moves*sortMoveShare >= int64(n)
}

// sortAgents puts the agents in cell order (see above): a counting sort by
// grid cell, the cells ordered by row, then column, the agents of a cell in
// their present order. Every per-agent array follows the permutation, and
// each cell's list becomes the cell's range of indices, in order. It
// allocates only the first time (and when the World has grown), keeping a
// spare of each per-agent array for the next sort.
func (w *World) sortAgents() {
	n := len(w.handles)
	g := &w.grid
	o := &w.order
	// The occupied cells, by row, then column.
	cells := o.cells[:0]
	for id, l := range g.lists {
		if len(l) > 0 {
			cells = append(cells, int32(id))
		}
	}
	keys := g.keys
	slices.SortFunc(cells, func(a, b int32) int {
		ka, kb := keys[a], keys[b]
		if ka.y != kb.y {
			return cmpInt32(ka.y, kb.y)
		}
		return cmpInt32(ka.x, kb.x)
	})
	o.cells = cells
	// Each cell's first place, then every agent's place.
	o.start = slices.Grow(o.start[:0], len(g.lists))[:len(g.lists)]
	at := int32(0)
	for _, id := range cells {
		o.start[id] = at
		at += int32(len(g.lists[id]))
	}
	perm := slices.Grow(o.perm[:0], n)[:n] // perm[k]: who goes to place k
	for i := range n {
		id := w.loc[i].id
		perm[o.start[id]] = int32(i)
		o.start[id]++
	}
	o.perm = perm
	if !isIdentity(perm) {
		w.permuteAgents(perm)
	}
	// Each cell's list: its range, in order.
	k := int32(0)
	for _, id := range cells {
		cnt := int32(len(g.lists[id]))
		l := g.lists[id][:0]
		key := keys[id]
		for j := range cnt {
			l = append(l, k)
			w.loc[k] = agentCell{key: key, id: id, at: j}
			k++
		}
		g.lists[id] = l
	}
	w.moves = 0
}

// isIdentity reports whether perm leaves every agent where he is: a World
// already in order (spawned in order, or moved little) is not copied.
func isIdentity(perm []int32) bool {
	for k, i := range perm {
		if int32(k) != i {
			return false
		}
	}
	return true
}

// permuteAgents moves agent perm[k] to place k in every per-agent array.
func (w *World) permuteAgents(perm []int32) {
	o := &w.order
	w.handles = permute(w.handles, &o.handles, perm)
	for k, a := range w.handles {
		a.i = int32(k)
	}
	w.morale = permute(w.morale, &o.f64, perm)
	w.nerve = permute(w.nerve, &o.f64, perm)
	w.state = permute(w.state, &o.state, perm)
	w.flags = permute(w.flags, &o.u8, perm)
	w.squad = permute(w.squad, &o.i32, perm)
	w.pos = permute(w.pos, &o.pos, perm)
	w.stateSince = permute(w.stateSince, &o.i64, perm)
	w.badNews = permute(w.badNews, &o.i64, perm)
	w.why = permute(w.why, &o.why, perm)
	if w.led != nil {
		w.led.agents = permute(w.led.agents, &o.led, perm)
	}
}

// permute returns a with a[perm[k]] at place k, written into *spare (grown
// when too short), and leaves a's array, cleared, in *spare for the next
// array of the same type.
func permute[T any](a []T, spare *[]T, perm []int32) []T {
	dst := slices.Grow((*spare)[:0], len(a))[:len(a)]
	for k, i := range perm {
		dst[k] = a[i]
	}
	clear(a) // no stale pointers kept alive by the spare
	*spare = a
	return dst
}

func cmpInt32(a, b int32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// sortScratch is what sortAgents keeps between sorts: its scratch per cell
// and per agent, and one spare array of each per-agent type.
type sortScratch struct {
	cells, start, perm []int32
	handles            []*Agent
	f64                []float64
	i64                []int64
	state              []State
	u8                 []uint8
	i32                []int32
	pos                []Vec2
	why                []Reason
	led                []agentLedger
}
