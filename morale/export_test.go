package morale

// Capacity returns how many squad slots and grid cells the World holds,
// used or free, for tests of their reclamation.
func (w *World) Capacity() (squadSlots, gridCells int) {
	return len(w.squads), len(w.grid.lists)
}

// StepChunk is how many agents a step's chunk holds: the squads' sums are
// added chunk by chunk (see step.go).
const StepChunk = stepChunk

// SortMinAgents and SortMoveShare are the World's sorting rule (see the
// World's documentation): a World of at least SortMinAgents agents sorts
// them at the start of a step when its moves reach len/SortMoveShare.
const (
	SortMinAgents = sortMinAgents
	SortMoveShare = sortMoveShare
)
