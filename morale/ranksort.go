package morale

import (
	"cmp"
	"slices"
)

// The sorts behind sortAgents (see order.go): each sets perm[k] to the agent
// that goes to place k, and relist or relistBuckets give each cell its new
// range of places.

// countSort sets perm[k] to the agent that goes to place k, for ranks of at
// most 16 bits, and returns how many agents change place. It leaves in
// o.count each rank's end in the new order and in o.ids each occupied
// rank's cell id (see relistBuckets).
func (w *World) countSort(rk ranker, b int, perm []int32) (moves int) {
	o := &w.order
	g := &w.grid
	loc := w.col.Cell
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
	loc := w.col.Cell
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
	loc := w.col.Cell
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
	loc := w.col.Cell
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
	byKey := slices.Grow(o.byKey[:0], len(w.col.Cell))
	for i, c := range w.col.Cell {
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
	loc := w.col.Cell
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

// agentRank is an agent in compareSort: his cell's key packed into a word
// (row, then column, each offset by 2^31 so that the words order as the
// signed coordinates do) and his place.
type agentRank struct {
	key uint64
	i   int32
}
