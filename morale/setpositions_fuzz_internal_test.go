package morale

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// FuzzSetPositions checks World.SetPositions against Agent.SetPosition on
// each agent in turn, on a clone, for a World and rounds of moves drawn from
// the input: data[0] sets the crowd (1 to 1021 agents) and data[1] seeds
// their places; each later byte is a round, whose low two bits give the list
// (the World's order; shuffled; a dead man's place taken by the last, the
// game's frame before Remove; an agent twice, at another's place first) and
// whose next three the share of men who leave their cells (0 to 7 in 8: few
// take SetPositions' two arrays, many its moves in turn), a step between
// rounds sorting the World. After each round both Worlds hold the same bits:
// checksum, positions, grid cells and their lists, the sort's breaks.
func FuzzSetPositions(f *testing.F) {
	f.Add([]byte{200, 1, 0, 4, 9, 30, 31, 2, 3})
	f.Add([]byte{255, 7, 28, 29, 30, 31})
	f.Add([]byte{0, 0, 0, 1, 2, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 3 {
			return
		}
		s := DefaultSettings()
		w, err := NewWorld(s, 3)
		if err != nil {
			t.Fatal(err)
		}
		w.SetSortWindow(256)
		n, side := 1+4*int(data[0]), 20*s.NoEffectRadius
		r := rand.New(rand.NewPCG(uint64(data[1]), 1))
		for i := range n {
			w.Spawn(SquadID(i%7), Vec2{r.Float64() * side, r.Float64() * side})
		}
		c := w.Clone()
		for round, b := range data[2:min(len(data), 10)] {
			agents := slices.Collect(w.Agents())
			switch k := r.IntN(n); b & 3 {
			case 1:
				r.Shuffle(n, func(i, j int) { agents[i], agents[j] = agents[j], agents[i] })
			case 2:
				agents[k] = agents[n-1]
				agents = agents[:n-1]
			case 3:
				agents[k] = agents[r.IntN(n)]
			}
			ps := make([]Vec2, len(agents))
			for k, a := range agents {
				ps[k] = a.Position()
				if r.IntN(8) < int(b>>2&7) { // into another cell
					ps[k].X += s.NoEffectRadius * float64(1+r.IntN(2))
				} else {
					ps[k].Y += r.Float64()*2 - 1
				}
			}
			if err := w.SetPositions(agents, ps); err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
			for k, a := range agents {
				c.Agent(a.Index()).SetPosition(ps[k])
			}
			if err := checkGrid(w); err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
			if !slices.Equal(w.col.Pos, c.col.Pos) || !slices.Equal(w.col.Cell, c.col.Cell) ||
				!reflect.DeepEqual(w.grid.lists, c.grid.lists) || !slices.Equal(w.order.breaks, c.order.breaks) ||
				w.grid.empty != c.grid.empty || w.Checksum() != c.Checksum() {
				t.Fatalf("round %d (byte %#x): SetPositions left other positions, cells or breaks than SetPosition per agent", round, b)
			}
			w.Advance(s.SquadUpdateInterval)
			c.Advance(s.SquadUpdateInterval)
		}
	})
}
