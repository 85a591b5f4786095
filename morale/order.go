package morale

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
)

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
// allocates only the first time (and when the World has grown), keeping
// its scratch (see sortScratch) for the next sort.
func (w *World) sortAgents() {
	n := len(w.handles)
	g := &w.grid
	o := &w.order
	o.cells = w.orderCells(o.cells[:0])
	cells := o.cells
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
	// Each cell's list: its range, in order, the cells taken in id order
	// (their lists' headers in order in memory); o.start[id] is now the
	// end of cell id's range.
	for id, l := range g.lists {
		cnt := int32(len(l))
		if cnt == 0 {
			continue
		}
		first := o.start[id] - cnt
		l = l[:0]
		for j := range cnt {
			l = append(l, first+j)
		}
		g.lists[id] = l
	}
	// Every agent's place in the grid, in the World's order.
	keys := g.keys
	k := int32(0)
	for _, id := range cells {
		key, end := keys[id], o.start[id]
		for j := int32(0); k < end; j, k = j+1, k+1 {
			w.loc[k] = agentCell{key: key, id: id, at: j}
		}
	}
	w.moves = 0
}

// orderCells appends to dst the ids of the occupied cells, by row, then
// column: a radix sort of words each holding a cell's row and column, offset
// by the least of each and packed (row above column), above its id, when
// the rows' and columns' spans fit in 32 bits together (always, unless the
// agents are more than 2^16 cells apart on both axes); a comparison sort of
// the full keys otherwise.
func (w *World) orderCells(dst []int32) []int32 {
	g := &w.grid
	o := &w.order
	minX, minY := int64(math.MaxInt32), int64(math.MaxInt32)
	maxX, maxY := int64(math.MinInt32), int64(math.MinInt32)
	for id, l := range g.lists {
		if len(l) > 0 {
			k := g.keys[id]
			minX, maxX = min(minX, int64(k.x)), max(maxX, int64(k.x))
			minY, maxY = min(minY, int64(k.y)), max(maxY, int64(k.y))
		}
	}
	if minX > maxX {
		return dst // no agents
	}
	bx, by := bits.Len64(uint64(maxX-minX)), bits.Len64(uint64(maxY-minY))
	if bx+by > 32 {
		byKey := o.byKey[:0]
		for id, l := range g.lists {
			if len(l) > 0 {
				k := g.keys[id]
				byKey = append(byKey, cellRank{key: uint64(uint32(k.y)^1<<31)<<32 | uint64(uint32(k.x)^1<<31), id: int32(id)})
			}
		}
		slices.SortFunc(byKey, func(a, b cellRank) int { return cmp.Compare(a.key, b.key) })
		for _, c := range byKey {
			dst = append(dst, c.id)
		}
		o.byKey = byKey
		return dst
	}
	a := o.radix[0][:0]
	for id, l := range g.lists {
		if len(l) > 0 {
			k := g.keys[id]
			r := uint64(int64(k.y)-minY)<<bx | uint64(int64(k.x)-minX)
			a = append(a, r<<32|uint64(uint32(id)))
		}
	}
	b := slices.Grow(o.radix[1][:0], len(a))[:len(a)]
	// Least significant digit first, 11 bits at a time: each pass is
	// stable, so after the last the words are in order of their ranks.
	const digit = 11
	var count [1 << digit]int32
	for shift := 32; shift < 32+bx+by; shift += digit {
		clear(count[:])
		for _, v := range a {
			count[(v>>shift)&(1<<digit-1)]++
		}
		sum := int32(0)
		for d, c := range count {
			count[d] = sum
			sum += c
		}
		for _, v := range a {
			d := (v >> shift) & (1<<digit - 1)
			b[count[d]] = v
			count[d]++
		}
		a, b = b, a
	}
	for _, v := range a {
		dst = append(dst, int32(uint32(v)))
	}
	o.radix[0], o.radix[1] = a, b
	return dst
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

// permuteAgents moves agent perm[k] to place k in every per-agent array:
// the numbers through one scratch of 8 bytes per agent, written back in
// place, the handles, reasons and ledger records (which hold pointers)
// in place, cycle by cycle (see permute).
func (w *World) permuteAgents(perm []int32) {
	o := &w.order
	permute(w.handles, perm, &o.seen)
	for k, a := range w.handles {
		a.i = int32(k)
	}
	u := slices.Grow(o.u64[:0], len(perm))[:len(perm)]
	o.u64 = u
	for k, i := range perm {
		u[k] = math.Float64bits(w.morale[i])
	}
	for k := range w.morale {
		w.morale[k] = math.Float64frombits(u[k])
	}
	for k, i := range perm {
		u[k] = math.Float64bits(w.nerve[i])
	}
	for k := range w.nerve {
		w.nerve[k] = math.Float64frombits(u[k])
	}
	for k, i := range perm {
		u[k] = uint64(w.stateSince[i])
	}
	for k := range w.stateSince {
		w.stateSince[k] = int64(u[k])
	}
	for k, i := range perm {
		u[k] = uint64(w.badNews[i])
	}
	for k := range w.badNews {
		w.badNews[k] = int64(u[k])
	}
	// The squad slot, state and flags of an agent in one word.
	for k, i := range perm {
		u[k] = uint64(uint32(w.squad[i]))<<16 | uint64(w.state[i])<<8 | uint64(w.flags[i])
	}
	for k := range w.squad {
		w.squad[k], w.state[k], w.flags[k] = int32(uint32(u[k]>>16)), State(u[k]>>8), uint8(u[k])
	}
	// Positions one coordinate at a time: the Y pass reads the Ys still
	// in the old order.
	for k, i := range perm {
		u[k] = math.Float64bits(w.pos[i].X)
	}
	for k := range w.pos {
		w.pos[k].X = math.Float64frombits(u[k])
	}
	for k, i := range perm {
		u[k] = math.Float64bits(w.pos[i].Y)
	}
	for k := range w.pos {
		w.pos[k].Y = math.Float64frombits(u[k])
	}
	permute(w.why, perm, &o.seen)
	if w.led != nil {
		permute(w.led.agents, perm, &o.seen)
	}
}

// permute puts a[perm[k]] at place k, in place, cycle by cycle, with a bit
// per agent (*seen, grown when too short, cleared) marking the places done:
// no spare array of a's type, which for the arrays that hold pointers
// would cost as much memory as the array itself.
func permute[T any](a []T, perm []int32, seen *[]uint64) {
	m := slices.Grow((*seen)[:0], (len(a)+63)/64)[:(len(a)+63)/64]
	clear(m)
	*seen = m
	for s := range int32(len(a)) {
		if m[s>>6]&(1<<(s&63)) != 0 || perm[s] == s {
			continue
		}
		tmp := a[s]
		k := s
		for {
			m[k>>6] |= 1 << (k & 63)
			j := perm[k]
			if j == s {
				a[k] = tmp
				break
			}
			a[k] = a[j]
			k = j
		}
	}
}

// cellRank is an occupied cell in sortAgents: its key packed into a word
// (row, then column, each offset by 2^31 so that the words order as the
// signed coordinates do) and its id.
type cellRank struct {
	key uint64
	id  int32
}

// sortScratch is what sortAgents keeps between sorts: its scratch per cell
// and per agent, a word per agent for the numbers, and a bit per agent for
// the arrays that hold pointers, permuted in place.
type sortScratch struct {
	// The occupied cells by key for orderCells: packed ranks and ids for
	// its radix sort (and their spare), full keys for its fallback.
	radix              [2][]uint64
	byKey              []cellRank
	cells, start, perm []int32
	u64                []uint64 // the numbers' scratch (permuteAgents)
	seen               []uint64 // permute's bit per agent
}
