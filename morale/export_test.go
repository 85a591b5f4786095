package morale

// Capacity returns how many squad slots and grid cells the World holds,
// used or free, for tests of their reclamation.
func (w *World) Capacity() (squadSlots, gridCells int) {
	return len(w.squads), len(w.grid.lists)
}
