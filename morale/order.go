package morale

import (
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
	n := len(w.col.Handle)
	return n >= sortMinAgents && w.moves*sortMoveShare >= int64(n)
}

// sortAgents puts the agents in cell order (see above): a stable sort of
// the agents by their cells' ranks (see ranks). Ranks of at most 16 bits
// (a World spanning at most 2^16 cells) take a counting sort; wider ranks
// of at most 32 bits first a merge of the agents already in order with the
// few that are not (mergeSort; the common case when the World was sorted
// and its agents moved into cells that keep their order), and a radix sort
// of two digits when that fails; wider ones (agents more than 2^16 cells
// apart on both axes) a comparison sort of the full keys. The per-agent
// arrays follow the permutation (see applyPerm), and each cell's list becomes
// the cell's range of indices, in order. It allocates only the first time
// (and when the World or its grid has grown), keeping its scratch (see
// sortScratch) for the next sort.
func (w *World) sortAgents() {
	n := len(w.col.Handle)
	if n == 0 {
		w.moves = 0
		return
	}
	o := &w.order
	perm := slices.Grow(o.perm[:0], n)[:n]
	o.perm = perm
	rk, b := w.ranks()
	switch {
	case b <= 16:
		w.applyPerm(perm, w.countSort(rk, b, perm))
		w.relistBuckets(b)
	default:
		var moves int
		ok := false
		if b <= 32 {
			moves, ok = w.mergeSort(rk, perm)
			if !ok {
				moves = w.radixSort(rk, b, perm)
			}
		} else {
			moves = w.compareSort(perm)
		}
		w.applyPerm(perm, moves)
		w.relist()
	}
	w.moves = 0
}

// fewCells reports whether the grid has few cells for its agents, so that
// a pass over its cells costs less than a pass over its agents.
func (w *World) fewCells() bool { return 4*len(w.grid.lists) <= len(w.col.Cell) }

// ranker packs a cell's key into its rank: its row and column, offset by
// the least of each (y0, x0), the row shifted above the column's bx bits.
type ranker struct {
	x0, y0 int32
	bx     int
}

// rank returns the rank of cell key k (k within the ranker's bounds).
func (r ranker) rank(k cellKey) uint32 {
	return uint32(k.y-r.y0)<<r.bx | uint32(k.x-r.x0)
}

// ranks returns the ranker of the World's agents and how many bits their
// ranks take (more than 32 when they do not fit in a word). The bounds are
// those of the grid's cells, empty ones too, when they are few and fit;
// the agents' own otherwise.
func (w *World) ranks() (ranker, int) {
	if w.fewCells() {
		rk, b := bounds(w.grid.keys, func(k cellKey) cellKey { return k })
		if b <= 32 {
			return rk, b
		}
	}
	return bounds(w.col.Cell, func(c agentCell) cellKey { return c.key })
}

// bounds returns the ranker of the keys of s (not empty) and how many bits
// their ranks take.
func bounds[T any](s []T, key func(T) cellKey) (ranker, int) {
	minX, minY := int64(math.MaxInt32), int64(math.MaxInt32)
	maxX, maxY := int64(math.MinInt32), int64(math.MinInt32)
	for _, e := range s {
		k := key(e)
		minX, maxX = min(minX, int64(k.x)), max(maxX, int64(k.x))
		minY, maxY = min(minY, int64(k.y)), max(maxY, int64(k.y))
	}
	bx, by := bits.Len64(uint64(maxX-minX)), bits.Len64(uint64(maxY-minY))
	return ranker{x0: int32(minX), y0: int32(minY), bx: bx}, bx + by
}

// sortScratch is what sortAgents keeps between sorts: its scratch per
// rank, per cell and per agent, a spare for each per-agent array (the
// World's array of the last full permutation, gathered from by the next:
// see permuteAgents; or the moved agents' data in permuteSome), and a bit
// per agent for the ledger's records, permuted in place.
type sortScratch struct {
	// The sorts' scratch: counts per rank (countSort, radixSort), words
	// of rank and place (radixSort between its digits; mergeSort's agents
	// out of order), keys (compareSort), and the result.
	count []int32
	words []uint64
	byKey []agentRank
	perm  []int32
	// Per rank its cell's id (countSort), or the places of the agents out
	// of order (mergeSort); per cell its first place (relist); the places
	// whose agent changes (applyPerm).
	ids, start, moved []int32
	seen              []uint64 // permute's bit per agent
}
