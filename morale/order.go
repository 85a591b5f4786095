package morale

import (
	"cmp"
	"slices"
)

// The World's order. Agents are spawned at the end of the World's arrays and
// Remove moves the last agent into the removed one's place; an event at a
// location reads the agents of a few grid cells, so it is fastest when the
// agents of one cell sit side by side in the arrays. A game that spawns its
// men squad by squad gets that by itself, and keeps it while they march
// together; one that spawns them at random places, or whose men mix, does
// not. So the World sorts its agents by cell, a window of them at a time,
// when a window has come apart, by a rule that depends only on the calls
// made (never on timing or workers): part of the World's contract (it fixes
// the order in which the step adds the squads' sums, hands out its changes,
// and Agents yields), stated in full in the World's documentation. A sort
// moves each agent's data to his new place in the window, the handles
// follow, and a step sorts one window at most: none stalls on the World.

const (
	// sortShift is log2 of how many places a window of the sort holds,
	// 131072: at 1e6 agents eight windows, so that a cell's agents lie in
	// at most eight runs of the World's arrays, and a window's sort costs
	// about what a step of the World costs.
	sortShift = 17
	// sortMinAgents is the fewest agents a window sorts.
	sortMinAgents = 256
	// sortBreakShare: a window sorts when its breaks have grown by
	// len/sortBreakShare since its last sort: a quarter, so that men who
	// mill about sort a window in one step of three, not in every step.
	sortBreakShare = 4
)

// windows is the World's record of its sort windows (see above).
type windows struct {
	shift uint // log2 of the places per window: sortShift (tests may set fewer)
	// breaks and settled hold, per window, its breaks now and right after
	// its last sort.
	breaks, settled []int32
	next, sorts     int // the window after the one sorted last; how many sorts ran
	// The sort's scratch, kept between sorts: per cell its agents in the
	// window, then its next new place (0 between sorts), the window's
	// cells, each place's new place, and the spare arrays of
	// column.permute.
	count, cells, to []int32
	spares           []any
}

// size returns how many places a window holds.
func (o *windows) size() int { return 1 << o.shift }

// broken reports whether place j is a break: in the same window as place
// j−1, with agent j in another cell. Places outside 1..Len()−1 are not.
func (w *World) broken(j int) bool {
	c := w.col.Cell
	return j > 0 && j < len(c) && j&(w.order.size()-1) != 0 && c[j].id != c[j-1].id
}

// addBreak adds sign to the count of place j's window when j is a break.
func (w *World) addBreak(sign int32, j int) {
	if w.broken(j) {
		w.order.breaks[j>>w.order.shift] += sign
	}
}

// breaksWith returns the breaks agent i, a place below Len(), would make
// with the agents before and after him were he in cell id.
func (w *World) breaksWith(i int, id int32) int32 {
	c, mask := w.col.Cell, w.order.size()-1
	n := int32(0)
	if i > 0 && i&mask != 0 && id != c[i-1].id {
		n++
	}
	if i+1 < len(c) && (i+1)&mask != 0 && c[i+1].id != id {
		n++
	}
	return n
}

// addBreaks adds sign to the count of the breaks agent i makes with the
// agents before and after him (none for a place beyond the last).
func (w *World) addBreaks(sign int32, i int) {
	if i < len(w.col.Cell) {
		w.order.breaks[i>>w.order.shift] += sign * w.breaksWith(i, w.col.Cell[i].id)
	}
}

// spawned counts the break a new agent at place i, the last, may make, in
// a window that may be new.
func (w *World) spawned(i int) {
	o := &w.order
	if i&(o.size()-1) == 0 {
		o.breaks, o.settled = append(o.breaks, 0), append(o.settled, 0)
	}
	w.addBreak(1, i)
}

// recountBreaks counts every window's breaks afresh (after the cells
// changed size).
func (w *World) recountBreaks() {
	clear(w.order.breaks)
	for j := range w.col.Cell {
		w.addBreak(1, j)
	}
}

// sortDue returns the window the step about to run sorts first, or −1.
func (w *World) sortDue() int {
	o := &w.order
	n := len(o.breaks)
	for k := range n {
		win := (o.next + k) % n
		size := min(o.size(), len(w.col.Handle)-win<<o.shift)
		if size >= sortMinAgents && int(o.breaks[win]-o.settled[win])*sortBreakShare >= size {
			return win
		}
	}
	return -1
}

// sortCells puts the agents of window win in cell order (see above): a
// counting sort of its places by the rank of their cells, the window's
// cells sorted by row, then column. Every column follows the permutation,
// and every agent of the window is told his place, by his handle and by
// his cell's list. It allocates only when the World or its grid has grown.
func (w *World) sortCells(win int) {
	o, g := &w.order, &w.grid
	lo := win << o.shift
	places := w.col.Cell[lo:min(lo+o.size(), len(w.col.Cell))]
	o.count = append(o.count, make([]int32, max(0, len(g.lists)-len(o.count)))...)
	count, cells := o.count, o.cells[:0]
	for _, c := range places {
		if count[c.id] == 0 {
			cells = append(cells, c.id)
		}
		count[c.id]++
	}
	slices.SortFunc(cells, func(a, b int32) int {
		ka, kb := g.keys[a], g.keys[b]
		return cmp.Or(cmp.Compare(ka.y, kb.y), cmp.Compare(ka.x, kb.x))
	})
	sum := int32(0)
	for _, id := range cells { // in that order, each cell's first new place
		count[id], sum = sum, sum+count[id]
	}
	to := slices.Grow(o.to[:0], len(places))[:len(places)]
	for k, c := range places {
		to[k] = count[c.id]
		count[c.id]++
	}
	for _, id := range cells {
		count[id] = 0
	}
	o.cells, o.to = cells, to
	for _, k := range w.cols {
		k.permute(lo, to, &o.spares)
	}
	for j, a := range w.col.Handle[lo : lo+len(to)] { // a cell's handles lie side by side
		a.i = int32(lo + j)
	}
	for k, c := range w.col.Cell[lo : lo+len(to)] {
		g.lists[c.id][c.at] = int32(lo + k)
	}
	o.breaks[win], o.settled[win] = int32(len(cells)-1), int32(len(cells)-1)
	o.next, o.sorts = win+1, o.sorts+1
}
