package morale

import "fmt"

// SetPosition moves the agent to p, for events at a location. A NaN or
// infinite coordinate, or a removed agent, is ignored; an agent a load
// replaced panics (see World.Remove). A move within his grid cell is a few
// comparisons and a store; one into another cell moves him between the
// cells' lists (no map lookup for most cells under 32,768 of them, in the
// grid's cache; no allocation once the World held as many) and may make
// his part of the World due for a sort (see World). For many: SetPositions.
func (a *Agent) SetPosition(p Vec2) {
	if !a.live() {
		a.notStale("Agent.SetPosition")
		return
	} else if w := a.w; w.grid.boxes[a.cell].holds(p) {
		w.col.Pos[a.i] = p
		return
	}
	a.w.moveOut(a, a.i, a.cell, p)
}

// SetPositions moves agents[k] to ps[k] for every k in turn, to the bit as
// agents[k].SetPosition(ps[k]) would, after checking its whole input: when
// the lengths differ, a position is not finite, or an agent is nil, removed
// or of another World, it returns an error naming the first such position,
// else the first such agent, and moves no one. Call it once a frame, not
// SetPosition per man: where agents[k] is the World's agent k (spawn order,
// each dead man replaced by the last as Remove does, collected again when
// Reorders changes), it reads no handle of a man who stays in his cell and,
// while few leave their cells, no position twice (it keeps 16 B a place of
// Pos's room). In another order it is right, but slower than SetPosition.
func (w *World) SetPositions(agents []*Agent, ps []Vec2) error {
	w.guard()
	if len(agents) != len(ps) {
		return fmt.Errorf("morale: SetPositions: %s but %s", count(len(agents), "agent"), count(len(ps), "position"))
	}
	h, pos, one, odd := w.col.Handle, w.col.Pos, w.moving[:0], 0 // one: the places inPlace leaves; odd: those not the World's agent
	if cap(w.posNext) < cap(pos) {
		w.posNext = make([]Vec2, cap(pos)) // Pos's room, Reserve's too: it takes Pos's place
	}
	next, many := w.posNext[:len(pos)], false // next: Pos to be, ps[k] where inPlace passes, else as it is
	for k := inPlace(agents, h, ps, next, w.col.Cell, w.grid.boxes, 0); k < len(agents); {
		if !ps[k].finite() {
			return fmt.Errorf("morale: SetPositions: ps[%d] = %v is not finite (no one was moved: give a man without a new position his last one)", k, ps[k])
		}
		if one, odd = append(one, int32(k)), odd+b2i(k >= len(h) || agents[k] != h[k]); k < len(h) {
			next[k] = pos[k]
		}
		if k++; many || len(one) > 64 && 16*len(one) > k { // 1 in 16 leave: the rest checked only, then all in turn (not a second pass)
			for many = true; k < min(len(agents), len(h)) && agents[k] == h[k] && ps[k].finite(); k++ {
			}
		} else {
			k = inPlace(agents, h, ps, next, w.col.Cell, w.grid.boxes, k)
		}
	}
	w.moving = one
	again := 8*odd > len(agents) // many out of place: all in turn, as below
	if odd > 0 {                 // their handles, in a loop of their own
		for _, k32 := range one {
			if k, a := int(k32), agents[k32]; k >= len(h) || a != h[k] {
				if !a.live() || a.w != w {
					return notOurs(k, a)
				} // moved here, then at his own place, in a box not known yet: all in turn
				again = again || int(a.i) > k && int(a.i) < len(agents) && agents[a.i] == a
			}
		}
	}
	if again {
		for k, a := range agents {
			a.SetPosition(ps[k])
		}
		return nil
	} else if many { // in turn, in place: runs of men who stay in their boxes, the others one by one
		for k := inPlace(agents, h, ps, pos, w.col.Cell, w.grid.boxes, 0); k < len(agents); k = inPlace(agents, h, ps, pos, w.col.Cell, w.grid.boxes, k+1) {
			if a := agents[k]; k < len(h) && a == h[k] {
				w.moveOut(a, int32(k), a.cell, ps[k])
			} else {
				a.SetPosition(ps[k])
			}
		}
		return nil
	}
	copy(next[min(len(ps), len(h)):], pos[min(len(ps), len(h)):]) // the places past ps
	w.col.Pos, w.posNext = next, pos
	for _, k := range one { // the moves inPlace left, in turn
		if a := agents[k]; int(k) < len(h) && a == h[k] {
			w.moveOut(a, k, w.col.Cell[k].id, ps[k]) // his cell read at k, not in his handle
		} else {
			a.SetPosition(ps[k])
		}
	}
	return nil
}

// inPlace returns the first place from k on whose agents[k] is not h[k] or
// leaves his cell's box, and sets next[j] = ps[j] for the places before it:
// compares and no call, so nothing leaves a register.
func inPlace(agents, h []*Agent, ps, next []Vec2, cells []agentCell, boxes []rect, k int) int {
	n := min(len(agents), len(h), len(ps), len(next), len(cells))
	agents, h, ps, next, cells = agents[:n], h[:n], ps[:n], next[:n], cells[:n]
	for cur, box := int32(-1), (rect{}); k < n && agents[k] == h[k]; k++ {
		if id := cells[k].id; id != cur {
			cur, box = id, boxes[id]
		}
		if !box.holds(ps[k]) {
			break
		}
		next[k] = ps[k]
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
// id's, id already counted non-empty (grid.remove and grid.insert; the agent
// who takes a's place in from's list is told it). It keeps the count of his
// window's breaks (order.go), and reclaims the grid when from is left empty.
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
