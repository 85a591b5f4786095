package morale

import "fmt"

// SetPosition moves the agent to p, for events at a location. A position
// with a NaN or infinite coordinate is ignored. A move within the agent's
// grid cell is a few comparisons and a store; a move into another cell
// moves him between the cells' lists (no map lookup for a cell in the
// grid's cache, which holds most cells when they number under 32,768; no
// allocation once the World has held as many occupied cells before) and
// may make his part of the World due for a sort (see World). To move many
// agents at once, SetPositions is faster.
func (a *Agent) SetPosition(p Vec2) {
	if !a.live() {
		return
	} else if w := a.w; w.grid.boxes[a.cell].holds(p) {
		w.col.Pos[a.i] = p
		return
	}
	a.w.moveOut(a, a.i, a.cell, p)
}

// SetPositions moves agents[k] to ps[k] for every k in turn, to the bit as
// agents[k].SetPosition(ps[k]) would, after checking its whole input: when
// the lengths differ, an agent is nil, removed or of another World, or a
// position is not finite, it returns an error naming the first bad element
// and moves no one. A game should call it once a frame rather than
// SetPosition per man: it reads each handle once, and an agents[k] that is
// the World's agent k (in a slice in the World's order, as Agents yields it
// or spawn order with each dead man replaced by the last, as Remove does,
// while no sort falls) moving within his cell costs a store, in order.
func (w *World) SetPositions(agents []*Agent, ps []Vec2) error {
	w.guard()
	if len(agents) != len(ps) {
		return fmt.Errorf("morale: SetPositions: %d agents but %d positions", len(agents), len(ps))
	}
	h := w.col.Handle
	var odd [64]int32 // the first places k whose agents[k] is not h[k], as k−len(ps) (0: the end)
	nOdd := 0
	for k, a := range agents {
		if k >= len(h) || a != h[k] {
			if !a.live() || a.w != w {
				return fmt.Errorf("morale: SetPositions: agents[%d] is nil, removed or of another World", k)
			} else if nOdd < len(odd) {
				odd[nOdd], nOdd = int32(k-len(ps)), nOdd+1
			}
		}
		if !ps[k].finite() {
			return fmt.Errorf("morale: SetPositions: ps[%d] = %v is not finite", k, ps[k])
		}
	}
	cells, pos := w.col.Cell, w.col.Pos
	cur, box := int32(-1), rect{}     // the last man's cell and its box
	j, next := 0, len(ps)+int(odd[0]) // odd[j], the next odd place, is next
	for k := 0; k < len(ps); k++ {
		k = inBox(pos, ps[:max(next-1, 0)], cells, k, cur, box) // one short of next
		p, i := ps[k], int32(k)
		if k >= next { // an odd place (or past the last slot: all are)
			i = agents[k].i
			if k == next && j+1 < len(odd) {
				j, next = j+1, len(ps)+int(odd[j+1])
			}
		}
		if cur = cells[i].id; w.grid.boxes[cur].holds(p) {
			pos[i], box = p, w.grid.boxes[cur]
		} else {
			w.moveOut(h[i], i, cur, p)
			cur = -1 // the grid's ids may have changed
		}
	}
	return nil
}

// inBox moves the men from place k on, pos[k] = ps[k], a store and no handle
// read each, while agent k is in cell cur and ps[k] in box, and returns the
// first k it did not move. pos and cells are at least as long as ps.
func inBox(pos, ps []Vec2, cells []agentCell, k int, cur int32, box rect) int {
	for pos, cells = pos[:len(ps)], cells[:len(ps)]; k < len(ps) && cells[k].id == cur && box.holds(ps[k]); k++ {
		pos[k] = ps[k]
	}
	return k
}

// moveOut moves agent a (whose handle it writes, never reads), at place i
// in cell from, to p, outside the box of his cell: into the box of a
// neighbouring cell in the cell's cache (the common crossing: box tests, no
// key), else to the cell of p's key, or nowhere for NaN or ±Inf.
func (w *World) moveOut(a *Agent, i, from int32, p Vec2) {
	g, id := &w.grid, w.grid.neighbourBox(from, p)
	if id >= 0 {
		g.empty -= b2i(len(g.lists[id]) == 0)
	} else if !p.finite() {
		return
	} else {
		id = g.cellOf(g.key(p)) // from, in the margin of his cell outside its box
	}
	w.col.Pos[i] = p
	if id != from {
		w.cross(a, i, from, id)
	}
}

// cross moves agent a, at place i, from cell from's list to the end of cell
// id's, id already counted non-empty (grid.remove and grid.insert; the
// agent that takes a's place in from's list is told his new place). It keeps the
// count of his window's breaks (see order.go), and asks the World to
// reclaim its grid only when from was left empty (the only change after
// which World.reclaim can have work: see reclaim).
func (w *World) cross(a *Agent, i, from, id int32) {
	g, l := &w.grid, &w.col.Cell[i]
	if moved := g.remove(from, l.at); moved >= 0 {
		w.col.Cell[moved].at = l.at
	}
	*l, a.cell = agentCell{id: id, at: g.insert(id, i)}, id
	w.order.breaks[i>>w.order.shift] += w.breaksWith(int(i), id) - w.breaksWith(int(i), from)
	if len(g.lists[from]) == 0 {
		w.reclaim()
	}
}
