package morale

import (
	"fmt"
	"math/bits"
)

// Capacity returns how many squad slots and grid cells the World holds,
// used or free, for tests of their reclamation.
func (w *World) Capacity() (squadSlots, gridCells int) {
	return len(w.squads), len(w.grid.lists)
}

// SaveMaxAgentBytes is saveMaxAgentBytes, the most bytes an agent takes in
// a savegame without the ledger.
const SaveMaxAgentBytes = saveMaxAgentBytes

// PlainAgent and PlainFloor are the plain floor's agent and pass
// (plainfloor_internal_test.go), for the external benchmarks.
type PlainAgent = plainAgent

// PlainFloor is plainFloor.
func PlainFloor(fl []PlainAgent) { plainFloor(fl) }

// StepChunk is how many agents a step's chunk holds: the squads' sums are
// added chunk by chunk (see step.go).
const StepChunk = stepChunk

// SortMinAgents and SortBreakShare are the World's sorting rule (see the
// World's documentation): at the start of a step the World sorts the first
// window of SortWindow() places, from the one after the last it sorted, that
// holds at least SortMinAgents agents and whose breaks grew by
// len/SortBreakShare since its last sort.
const (
	SortWindow     = 1 << sortShift // by default
	SortMinAgents  = sortMinAgents
	SortBreakShare = sortBreakShare
)

// SortWindow returns how many places a window of w's sort holds.
func (w *World) SortWindow() int {
	w.init()
	return w.order.size()
}

// TestStepChunk is the step chunk the tests of several chunks set
// (SetStepChunk), so that their Worlds stay small.
const TestStepChunk = 4096

// SetStepChunk makes w's steps add the squads' sums in chunks of n agents
// instead of StepChunk, for tests of several chunks with fewer agents.
func (w *World) SetStepChunk(n int) {
	w.init()
	if n < 1 {
		panic("morale: SetStepChunk of no agents")
	}
	w.chunk = n
}

// SetSortWindow makes w's sort windows n places long (a power of two), for
// tests of several windows that a reference World must follow with fewer
// agents. It panics unless w is empty.
func (w *World) SetSortWindow(n int) {
	w.init()
	if w.Len() > 0 || n < 1 || n&(n-1) != 0 {
		panic("morale: SetSortWindow on a World with agents, or not a power of two")
	}
	w.order.shift = uint(bits.TrailingZeros(uint(n)))
}

// CheckBreaks returns an error when the World's count of a window's breaks
// (see order.go) is not the count of its places whose agent is in another
// cell than the agent before.
func (w *World) CheckBreaks() error {
	want := make([]int32, len(w.order.breaks))
	size := w.order.size()
	if got := (len(w.col.Cell) + size - 1) / size; len(want) != got || len(w.order.settled) != got {
		return fmt.Errorf("breaks of %d windows, settled of %d, for %d agents; want %d", len(want), len(w.order.settled), len(w.col.Cell), got)
	}
	for j := range w.col.Cell {
		if j%size != 0 && w.col.Cell[j].id != w.col.Cell[j-1].id {
			want[j/size]++
		}
	}
	for k := range want {
		if want[k] != w.order.breaks[k] {
			return fmt.Errorf("window %d: %d breaks counted; want %d", k, w.order.breaks[k], want[k])
		}
	}
	return nil
}

// Candidates returns how many agents an event at at with the given reach
// (at most NoEffectRadius) reads through the grid before it keeps those
// within reach: the agents listed in the cells the reach touches, or every
// agent when it touches more cells than the World holds.
func (w *World) Candidates(at Vec2, radius float64) int {
	w.init()
	cells, all, _ := w.nearCells(at, radius)
	if all {
		return len(w.col.Pos)
	}
	n := 0
	for _, c := range cells {
		n += len(w.grid.lists[c])
	}
	return n
}

// Stepping runs fn as if another goroutine's Advance were running a step
// of w meanwhile (see World.stepping), and returns what fn panicked with,
// or nil.
func (w *World) Stepping(fn func()) (r any) {
	w.stepping = true
	defer func() { w.stepping, r = false, recover() }()
	fn()
	return nil
}

// PanicInStep runs w.Advance(dt) with steps that panic, as a bug in the
// step would, and returns what Advance panicked with, or nil. The step
// panics before it changes an agent: the squads' sums it builds (w.next,
// which takeSquadAverages clears first) are taken away, and put back
// before PanicInStep returns.
func PanicInStep(w *World, dt float64) (r any) {
	w.init()
	next := w.next
	w.next = nil
	defer func() { w.next, r = next, recover() }()
	w.Advance(dt)
	return nil
}
