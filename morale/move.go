package morale

// SetPosition moves the agent to p, for events at a location. A position
// with a NaN or infinite coordinate is ignored. A move within the agent's
// grid cell is a few comparisons and a store; a move into another cell
// moves him between the cells' lists (no map lookup for a cell in the grid's
// cache, which holds most cells when they number under 32,768; no allocation
// once the World has held as many occupied cells before) and may make his part of the World due for
// a sort (see World).
func (a *Agent) SetPosition(p Vec2) {
	if !a.live() {
		return
	}
	w := a.w
	if w.grid.boxes[a.cell].holds(p) {
		w.col.Pos[a.i] = p
		return
	}
	w.moveOut(a, p)
}

// moveOut moves agent a to p, outside the box of his cell: into the box of
// a neighbouring cell already in the cell's cache (the common crossing: box
// tests, no key), else to the cell of p's key (its id from the grid's cache,
// or from its map), or nowhere for NaN or ±Inf.
func (w *World) moveOut(a *Agent, p Vec2) {
	g := &w.grid
	from := a.cell
	if id := g.neighbourBox(from, p); id >= 0 {
		w.col.Pos[a.i] = p
		g.empty -= b2i(len(g.lists[id]) == 0)
		w.cross(a, from, id)
		return
	}
	if !p.finite() {
		return
	}
	w.col.Pos[a.i] = p
	k := g.key(p)
	if k == g.keys[from] {
		return // in his cell, in the margin outside its box
	}
	w.cross(a, from, g.cellOf(k))
}

// cross moves agent a from cell from's list to the end of cell id's, id
// already counted non-empty (grid.remove and grid.insert; the agent that
// takes a's place in from's list is told his new place). It keeps the
// count of his window's breaks (see order.go), and asks the World to
// reclaim its grid only when from was left empty (the only change after
// which World.reclaim can have work: see reclaim).
func (w *World) cross(a *Agent, from, id int32) {
	g := &w.grid
	i := int(a.i)
	l := &w.col.Cell[a.i]
	if moved := g.remove(from, l.at); moved >= 0 {
		w.col.Cell[moved].at = l.at
	}
	*l = agentCell{id: id, at: g.insert(id, a.i)}
	a.cell = id
	w.order.breaks[i>>w.order.shift] += w.breaksWith(i, id) - w.breaksWith(i, from)
	if len(g.lists[from]) == 0 {
		w.reclaim()
	}
}
