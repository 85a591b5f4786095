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
	n := len(w.handles)
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
		w.applyPerm(perm, w.countSort(rk, b, perm), false)
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
		w.applyPerm(perm, moves, true)
		w.relist()
	}
	w.rebuildNews() // the news blocks' bounds follow the agents (newsblocks.go)
	w.moves = 0
}

// fewCells reports whether the grid has few cells for its agents, so that
// a pass over its cells costs less than a pass over its agents.
func (w *World) fewCells() bool { return 4*len(w.grid.lists) <= len(w.loc) }

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
	return bounds(w.loc, func(c agentCell) cellKey { return c.key })
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

// countSort sets perm[k] to the agent that goes to place k, for ranks of at
// most 16 bits, and returns how many agents change place. It leaves in
// o.count each rank's end in the new order and in o.ids each occupied
// rank's cell id (see relistBuckets).
func (w *World) countSort(rk ranker, b int, perm []int32) (moves int) {
	o := &w.order
	g := &w.grid
	loc := w.loc
	count := slices.Grow(o.count[:0], 1<<b)[:1<<b]
	ids := slices.Grow(o.ids[:0], 1<<b)[:1<<b]
	o.count, o.ids = count, ids
	clear(count)
	if w.fewCells() {
		for id, l := range g.lists {
			if len(l) > 0 {
				r := rk.rank(g.keys[id])
				count[r], ids[r] = int32(len(l)), int32(id)
			}
		}
	} else {
		for _, c := range loc {
			r := rk.rank(c.key)
			count[r]++
			ids[r] = c.id
		}
	}
	prefix(count)
	for i, c := range loc {
		r := rk.rank(c.key)
		d := count[r]
		count[r] = d + 1
		perm[d] = int32(i)
		moves += b2i(d != int32(i))
	}
	return moves
}

// relistBuckets, after countSort (and the permutation), gives each cell its
// range of the World's arrays as its list, in order, and each agent his
// place in the grid: each occupied rank's range, in rank order.
func (w *World) relistBuckets(b int) {
	o := &w.order
	g := &w.grid
	loc := w.loc
	k := int32(0)
	for r, end := range o.count[:1<<b] {
		if end == k {
			continue
		}
		id := o.ids[r]
		key := g.keys[id]
		l := g.lists[id][:end-k] // as long as the range
		for j := range l {
			l[j] = k
			loc[k] = agentCell{key: key, id: id, at: int32(j)}
			k++
		}
	}
}

// mergeSort sets perm[k] to the agent that goes to place k, for ranks of at
// most 32 bits, when few agents are out of order, and returns how many
// agents change place and true; it returns false when more than one in
// eight are (perm is then undefined). The agents whose rank is not below
// the last kept one's are kept in their order; the others, in o.words as
// their rank and place, are sorted by both and merged in.
func (w *World) mergeSort(rk ranker, perm []int32) (moves int, ok bool) {
	o := &w.order
	loc := w.loc
	most := len(loc)/8 + 1
	side := o.words[:0]
	last := uint32(0)
	for i, c := range loc {
		r := rk.rank(c.key)
		if r >= last {
			last = r
			continue
		}
		if len(side) == most {
			o.words = side
			return 0, false
		}
		side = append(side, uint64(r)<<32|uint64(uint32(i)))
	}
	o.words = side
	if len(side) == 0 {
		for k := range perm {
			perm[k] = int32(k)
		}
		return 0, true
	}
	// The out-of-order agents' places, in order, to skip them in the
	// merge, before they are sorted by rank.
	out := slices.Grow(o.ids[:0], len(side))[:len(side)]
	o.ids = out
	for j, v := range side {
		out[j] = int32(uint32(v))
	}
	slices.Sort(side)
	k, j, s := 0, 0, 0
	for i, c := range loc {
		if s < len(out) && out[s] == int32(i) {
			s++
			continue
		}
		v := uint64(rk.rank(c.key))<<32 | uint64(uint32(i))
		for j < len(side) && side[j] < v {
			p := int32(uint32(side[j]))
			perm[k] = p
			moves += b2i(p != int32(k))
			k, j = k+1, j+1
		}
		perm[k] = int32(i)
		moves += b2i(int32(i) != int32(k))
		k++
	}
	// No agent out of order is left: each ranks below a kept agent
	// before him, so below the last kept one.
	return moves, true
}

// radixSort sets perm[k] to the agent that goes to place k, for ranks of 17
// to 32 bits, and returns how many agents change place: a radix sort of
// two digits of at most 16 bits, the low one first, each pass stable.
func (w *World) radixSort(rk ranker, b int, perm []int32) (moves int) {
	o := &w.order
	g := &w.grid
	loc := w.loc
	lo := b / 2
	hi := b - lo
	count := slices.Grow(o.count[:0], 1<<lo+1<<hi)[:1<<lo+1<<hi]
	o.count = count
	clear(count)
	cl, ch := count[:1<<lo], count[1<<lo:]
	mask := uint32(1)<<lo - 1
	if w.fewCells() {
		for id, l := range g.lists {
			if len(l) > 0 {
				r := rk.rank(g.keys[id])
				cl[r&mask] += int32(len(l))
				ch[r>>lo] += int32(len(l))
			}
		}
	} else {
		for _, c := range loc {
			r := rk.rank(c.key)
			cl[r&mask]++
			ch[r>>lo]++
		}
	}
	prefix(cl)
	prefix(ch)
	words := slices.Grow(o.words[:0], len(loc))[:len(loc)]
	o.words = words
	for i, c := range loc {
		r := rk.rank(c.key)
		d := cl[r&mask]
		cl[r&mask] = d + 1
		words[d] = uint64(r>>lo)<<32 | uint64(uint32(i))
	}
	for _, v := range words {
		r := uint32(v >> 32)
		d := ch[r]
		ch[r] = d + 1
		perm[d] = int32(uint32(v))
		moves += b2i(d != int32(uint32(v)))
	}
	return moves
}

// compareSort sets perm[k] to the agent that goes to place k by a
// comparison sort of the agents' full keys and places, and returns how
// many agents change place.
func (w *World) compareSort(perm []int32) (moves int) {
	o := &w.order
	byKey := slices.Grow(o.byKey[:0], len(w.loc))
	for i, c := range w.loc {
		k := c.key
		byKey = append(byKey, agentRank{key: uint64(uint32(k.y)^1<<31)<<32 | uint64(uint32(k.x)^1<<31), i: int32(i)})
	}
	slices.SortFunc(byKey, func(a, b agentRank) int {
		if c := cmp.Compare(a.key, b.key); c != 0 {
			return c
		}
		return cmp.Compare(a.i, b.i)
	})
	for k, r := range byKey {
		perm[k] = r.i
		moves += b2i(r.i != int32(k))
	}
	o.byKey = byKey
	return moves
}

// relist, after the permutation (of the grid places too), gives each
// agent his place in his cell's list, now his place in the cell's range,
// and each cell that range as its list, in order: the cells taken in id
// order, their lists in order in memory. It writes only what changes.
func (w *World) relist() {
	o := &w.order
	g := &w.grid
	loc := w.loc
	start := slices.Grow(o.start[:0], len(g.lists))[:len(g.lists)]
	o.start = start
	prev, first := int32(-1), int32(0)
	for k := range loc {
		c := &loc[k]
		if c.id != prev {
			prev, first = c.id, int32(k)
			start[c.id] = first
		}
		if at := int32(k) - first; c.at != at {
			c.at = at
		}
	}
	for id, l := range g.lists {
		if len(l) == 0 {
			continue
		}
		first := start[id]
		for j, v := range l {
			if want := first + int32(j); v != want {
				l[j] = want
			}
		}
	}
}

// prefix turns counts into each bucket's first place: the sum of the
// counts before it.
func prefix(count []int32) {
	sum := int32(0)
	for d, c := range count {
		count[d] = sum
		sum += c
	}
}

// applyPerm moves agent perm[k] to place k in every per-agent array, and in
// the grid places too when withLoc, given how many agents change place:
// none, nothing to do; at most half, only those, in place (see
// permuteSome); more, every array gathered into its spare, which then
// takes its place (see permuteAgents).
func (w *World) applyPerm(perm []int32, moves int, withLoc bool) {
	switch {
	case moves == 0:
	case 2*moves <= len(perm):
		o := &w.order
		mv := slices.Grow(o.moved[:0], moves)
		for k, i := range perm {
			if i != int32(k) {
				mv = append(mv, int32(k))
			}
		}
		o.moved = mv
		w.permuteSome(perm, mv, withLoc)
	default:
		w.permuteAgents(perm, withLoc)
	}
}

// permuteSome moves agent perm[k] to place k for every place k in mv (the
// places whose agent changes, in order; the others keep theirs), in every
// per-agent array, in place: the incoming agents' data gathered into the
// spares, then written to their places. The ledger's records are permuted
// cycle by cycle (see permute).
func (w *World) permuteSome(perm, mv []int32, withLoc bool) {
	o := &w.order
	o.handles = moveSome(w.handles, o.handles, perm, mv)
	for _, k := range mv {
		w.handles[k].i = k
	}
	o.morale = moveSome(w.morale, o.morale, perm, mv)
	o.nerve = moveSome(w.nerve, o.nerve, perm, mv)
	o.stateSince = moveSome(w.stateSince, o.stateSince, perm, mv)
	o.badNews = moveSome(w.badNews, o.badNews, perm, mv)
	o.squad = moveSome(w.squad, o.squad, perm, mv)
	o.state = moveSome(w.state, o.state, perm, mv)
	o.flags = moveSome(w.flags, o.flags, perm, mv)
	o.pos = moveSome(w.pos, o.pos, perm, mv)
	o.why = moveSome(w.why, o.why, perm, mv)
	if withLoc {
		o.loc = moveSome(w.loc, o.loc, perm, mv)
	}
	if w.led != nil {
		permute(w.led.agents, perm, &o.seen)
	}
}

// moveSome sets a[k] = a[perm[k]] (the values before the call) for every k
// in mv, through tmp (grown when too short, and returned).
func moveSome[T any](a, tmp []T, perm, mv []int32) []T {
	tmp = slices.Grow(tmp[:0], len(mv))[:len(mv)]
	for j, k := range mv {
		tmp[j] = a[perm[k]]
	}
	for j, k := range mv {
		a[k] = tmp[j]
	}
	return tmp
}

// permuteAgents moves agent perm[k] to place k in every per-agent array,
// and in the grid places too when withLoc: each array is gathered into its
// spare (see sortScratch), which then takes its place, the old array
// becoming the spare for the next sort. The ledger's records, kept only
// when the ledger is on and large, are permuted in place, cycle by cycle
// (see permute).
func (w *World) permuteAgents(perm []int32, withLoc bool) {
	o := &w.order
	n := len(perm)
	handles := slices.Grow(o.handles[:0], n)[:n]
	morale := slices.Grow(o.morale[:0], n)[:n]
	nerve := slices.Grow(o.nerve[:0], n)[:n]
	stateSince := slices.Grow(o.stateSince[:0], n)[:n]
	badNews := slices.Grow(o.badNews[:0], n)[:n]
	squad := slices.Grow(o.squad[:0], n)[:n]
	state := slices.Grow(o.state[:0], n)[:n]
	flags := slices.Grow(o.flags[:0], n)[:n]
	pos := slices.Grow(o.pos[:0], n)[:n]
	why := slices.Grow(o.why[:0], n)[:n]
	// Two passes, each over a few arrays, so that the streams of both
	// fit the hardware's prefetchers; each handle is told his new place.
	{
		h, m, v, s, b := w.handles, w.morale, w.nerve, w.stateSince, w.badNews
		for k, i := range perm {
			a := h[i]
			handles[k] = a
			a.i = int32(k)
			morale[k], nerve[k] = m[i], v[i]
			stateSince[k], badNews[k] = s[i], b[i]
		}
	}
	{
		q, s, f, p, y := w.squad, w.state, w.flags, w.pos, w.why
		for k, i := range perm {
			squad[k], state[k], flags[k] = q[i], s[i], f[i]
			pos[k] = p[i]
			why[k] = y[i]
		}
	}
	w.handles, o.handles = handles, w.handles
	w.morale, o.morale = morale, w.morale
	w.nerve, o.nerve = nerve, w.nerve
	w.stateSince, o.stateSince = stateSince, w.stateSince
	w.badNews, o.badNews = badNews, w.badNews
	w.squad, o.squad = squad, w.squad
	w.state, o.state = state, w.state
	w.flags, o.flags = flags, w.flags
	w.pos, o.pos = pos, w.pos
	w.why, o.why = why, w.why
	if withLoc {
		loc := slices.Grow(o.loc[:0], n)[:n]
		l := w.loc
		for k, i := range perm {
			loc[k] = l[i]
		}
		w.loc, o.loc = loc, w.loc
	}
	if w.led != nil {
		permute(w.led.agents, perm, &o.seen)
	}
}

// permute puts a[perm[k]] at place k, in place, cycle by cycle, with a bit
// per agent (*seen, grown when too short, cleared) marking the places done:
// no spare array of a's type, which for the ledger's records would cost as
// much memory as the records themselves.
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

// agentRank is an agent in compareSort: his cell's key packed into a word
// (row, then column, each offset by 2^31 so that the words order as the
// signed coordinates do) and his place.
type agentRank struct {
	key uint64
	i   int32
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
	// The spare arrays.
	handles             []*Agent
	morale, nerve       []float64
	state               []State
	flags               []uint8
	squad               []int32
	pos                 []Vec2
	stateSince, badNews []int64
	why                 []Reason
	loc                 []agentCell
	seen                []uint64 // permute's bit per agent
}
