package morale

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestSetPositionsOddPlaces checks World.SetPositions against
// Agent.SetPosition per agent, in two clones of one World, for lists in the
// World's order but at a few places (SetPositions' odd places, which it
// moves one by one after the stores): a dead man's place taken by the last
// before the World's Remove (a game's frame), places at either end, 64 and
// 66 of them, a list longer than the World (an agent twice), and an agent
// moved at another's place before his own (all moved in turn, none stored
// first). Every agent moves within his cell or into another, so that the
// stores of the in-order places and the odd places interleave with crossings:
// one in 40 into the next cell (few: SetPositions' two arrays), and one in
// 9 (many: it moves them in turn, in place).
func TestSetPositionsOddPlaces(t *testing.T) {
	tests := []struct {
		name   string
		odd    func(r *rand.Rand, agents []*Agent) []*Agent
		inTurn bool // moved in turn, in place, even when few leave their cells
	}{
		{"none", func(_ *rand.Rand, a []*Agent) []*Agent { return a }, false},
		{"a dead man's place taken by the last", func(r *rand.Rand, a []*Agent) []*Agent {
			k := r.IntN(len(a) - 1)
			a[k] = a[len(a)-1]
			return a[:len(a)-1]
		}, false},
		{"first and last swapped", func(_ *rand.Rand, a []*Agent) []*Agent {
			a[0], a[len(a)-1] = a[len(a)-1], a[0]
			return a
		}, false},
		{"64 odd places", func(_ *rand.Rand, a []*Agent) []*Agent { return swaps(a, 32) }, false},
		{"66 odd places", func(_ *rand.Rand, a []*Agent) []*Agent { return swaps(a, 33) }, false},
		{"one agent twice, past the World's end", func(_ *rand.Rand, a []*Agent) []*Agent {
			return append(a, a[7])
		}, false},
		{"one agent twice, at another's place and then at his own", func(_ *rand.Rand, a []*Agent) []*Agent {
			a[9] = a[610] // at 9 (from y 23.25 m) into the next cell when he leaves, at 610 within his own
			return a
		}, true},
	}
	for _, tt := range tests {
		for _, leave := range []int{40, 9} {
			t.Run(fmt.Sprintf("%s/one in %d leaves", tt.name, leave), func(t *testing.T) {
				oddPlaces(t, tt.odd, leave, leave > 16 && !tt.inTurn)
			})
		}
	}
}

// oddPlaces is a case of TestSetPositionsOddPlaces: the agents of a World
// listed by odd, and one in leave of them moved into the next cell, by
// SetPositions' two arrays when twoArrays, else in place.
func oddPlaces(t *testing.T, odd func(r *rand.Rand, agents []*Agent) []*Agent, leave int, twoArrays bool) {
	const n = 2000
	s := DefaultSettings()
	w, err := NewWorld(s, 5)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(9, 10))
	for i := range n {
		w.Spawn(SquadID(i%5), Vec2{X: float64(i%40)*150 + 75, Y: float64(i/40)*150 + 75}) // off the cells' edges
	}
	c := w.Clone()
	for pass := range 4 {
		agents := odd(r, slices.Collect(w.Agents()))
		ps := make([]Vec2, len(agents))
		for k, a := range agents {
			ps[k] = a.Position()
			ps[k].Y += 2.5 + w.grid.size*float64(b2i(k%leave == 0))
		}
		before := &w.col.Pos[0]
		if err := w.SetPositions(agents, ps); err != nil {
			t.Fatalf("pass %d: %v", pass, err)
		}
		if swapped := &w.col.Pos[0] != before; swapped != twoArrays {
			t.Fatalf("pass %d: positions written to a second array %v; want %v", pass, swapped, twoArrays)
		}
		for k, a := range agents {
			c.Agent(a.Index()).SetPosition(ps[k])
		}
		if err := checkGrid(w); err != nil {
			t.Fatalf("pass %d: %v", pass, err)
		}
		if !slices.Equal(w.col.Pos, c.col.Pos) || !slices.Equal(w.col.Cell, c.col.Cell) ||
			!reflect.DeepEqual(w.grid.lists, c.grid.lists) || !slices.Equal(w.order.breaks, c.order.breaks) ||
			w.Checksum() != c.Checksum() {
			t.Fatalf("pass %d: SetPositions left other positions, cells or breaks than SetPosition per agent", pass)
		}
	}
}

// swaps swaps m pairs of neighbours spread over a: 2m odd places.
func swaps(a []*Agent, m int) []*Agent {
	for q := range m {
		k := q * (len(a) / m)
		a[k], a[k+1] = a[k+1], a[k]
	}
	return a
}
