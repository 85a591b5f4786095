package morale

import (
	"testing"
	"unsafe"
)

// TestHandlesOfACellLieTogether checks where newHandle puts the handles:
// agents spawned in turn into two cells, in two sort windows, get handles
// that lie side by side in memory per cell and window (but where a block
// of handleBlock ends), so that walking a sorted window in the World's
// order, or a cell's spawns in spawn order, reads the handles in order; an
// agent alone in his cell gets a handle of his own, not a block.
func TestHandlesOfACellLieTogether(t *testing.T) {
	w, err := NewWorld(DefaultSettings(), 1)
	if err != nil {
		t.Fatal(err)
	}
	const window = 256
	w.SetSortWindow(window)
	r := w.s.NoEffectRadius
	cells := []Vec2{{X: r / 2, Y: r / 2}, {X: 5 * r / 2, Y: r / 2}} // two cells, not neighbours
	var byCell [2][2][]*Agent                                       // [window][cell]
	for i := range 2 * window {
		c := i % 2
		byCell[i/window][c] = append(byCell[i/window][c], w.Spawn(0, cells[c]))
	}
	size := unsafe.Sizeof(Agent{})
	for win := range byCell {
		for c, agents := range byCell[win] {
			adjacent := 0
			for k := 1; k < len(agents); k++ {
				if uintptr(unsafe.Pointer(agents[k])) == uintptr(unsafe.Pointer(agents[k-1]))+size {
					adjacent++
				}
			}
			// In the first window, blocks of 1, 2, 4, ... then handleBlock:
			// a jump at each block's end, no more.
			jumps := len(agents) - 1 - adjacent
			if most := len(agents)/handleBlock + 8; jumps > most {
				t.Errorf("window %d, cell %d: %d of %d handles not next to the one before; want at most %d",
					win, c, jumps, len(agents)-1, most)
			}
		}
	}
	// An agent alone in his cell: a handle of his own.
	a := w.Spawn(0, Vec2{X: 100 * r, Y: 100 * r})
	if got := len(w.slabs[a.cell]); got != 0 {
		t.Errorf("an agent alone in his cell left %d spare handles; want 0", got)
	}
	if err := checkGrid(w); err != nil {
		t.Fatal(err)
	}
}

// TestHandlesOfAHordeLieInSpawnOrder checks that a horde spawned squad by
// squad, each squad a block of 10×10 men 1.5 m apart and the blocks side by
// side (two to a cell's width, as BenchmarkHordeFrame spawns them), gets its
// handles nearly in spawn order in memory, so that a game walking its men
// in that order reads the handles as a stream: newHandle cuts the cells'
// blocks from one arena in turn. Without the arena each block was an
// allocation of its own, and the handles jumped twice or more a squad.
func TestHandlesOfAHordeLieInSpawnOrder(t *testing.T) {
	w, err := NewWorld(DefaultSettings(), 1)
	if err != nil {
		t.Fatal(err)
	}
	const squads, side, pitch = 400, 20, 150.0
	var agents []*Agent
	for q := range squads {
		bx, by := q%side, q/side
		for k := range 100 {
			p := Vec2{X: float64(bx*10+k%10)*pitch + pitch/2, Y: float64(by*10+k/10)*pitch + pitch/2}
			agents = append(agents, w.Spawn(SquadID(q), p))
		}
	}
	size, jumps := unsafe.Sizeof(Agent{}), 0
	for k := 1; k < len(agents); k++ {
		if uintptr(unsafe.Pointer(agents[k])) != uintptr(unsafe.Pointer(agents[k-1]))+size {
			jumps++
		}
	}
	if jumps > squads {
		t.Errorf("%d of %d handles not next to the one before in spawn order; want at most %d (one a squad)", jumps, len(agents)-1, squads)
	}
}
