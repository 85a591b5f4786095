package morale

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestSetPositionsIsSetPositionPerAgent checks World.SetPositions against
// Agent.SetPosition on each agent in turn, in two clones of one World:
// moves within a cell, into the next cell, far away (a new cell), onto a
// cell's edge, and the same agent twice, for a list in the World's order
// (its fast path: no handle read) and the same list shuffled, step after
// step (the steps sort). After each pass both Worlds hold the same bits:
// checksum, positions, grid cells and their lists, the sort's breaks.
func TestSetPositionsIsSetPositionPerAgent(t *testing.T) {
	s := DefaultSettings()
	w, err := NewWorld(s, 3)
	if err != nil {
		t.Fatal(err)
	}
	w.SetSortWindow(512)
	r := rand.New(rand.NewPCG(7, 8))
	const n, side = 3000, 30000.0
	for i := range n {
		w.Spawn(SquadID(i%7), Vec2{r.Float64() * side, r.Float64() * side})
	}
	c := w.Clone()
	for pass := range 12 {
		var agents, each []*Agent
		for a := range w.Agents() {
			agents = append(agents, a)
		}
		if pass%2 == 1 {
			r.Shuffle(len(agents), func(i, j int) { agents[i], agents[j] = agents[j], agents[i] })
		}
		if pass%3 == 2 {
			agents = append(agents[:n/2], agents[:n/4]...) // some twice, some not at all
		}
		ps := make([]Vec2, len(agents))
		for k, a := range agents {
			p := a.Position()
			switch k % 5 {
			case 0, 1:
				ps[k] = Vec2{p.X + r.Float64()*100 - 50, p.Y + r.Float64()*100 - 50}
			case 2:
				ps[k] = Vec2{p.X + s.NoEffectRadius*(r.Float64()*2-1), p.Y}
			case 3:
				ps[k] = Vec2{math.Floor(p.X/s.NoEffectRadius) * s.NoEffectRadius, p.Y} // on the edge
			case 4:
				ps[k] = Vec2{r.Float64() * 3 * side, r.Float64() * 3 * side}
			}
		}
		for _, a := range agents {
			each = append(each, c.Agent(a.Index()))
		}
		if err := w.SetPositions(agents, ps); err != nil {
			t.Fatalf("pass %d: %v", pass, err)
		}
		for k, a := range each {
			a.SetPosition(ps[k])
		}
		if err := checkGrid(w); err != nil {
			t.Fatalf("pass %d: %v", pass, err)
		}
		if got, want := w.Checksum(), c.Checksum(); got != want {
			t.Fatalf("pass %d: checksum %x; want %x (per agent)", pass, got, want)
		}
		if !slices.Equal(w.col.Pos, c.col.Pos) || !slices.Equal(w.col.Cell, c.col.Cell) ||
			!reflect.DeepEqual(w.grid.lists, c.grid.lists) || !slices.Equal(w.grid.keys, c.grid.keys) ||
			!slices.Equal(w.order.breaks, c.order.breaks) || w.grid.empty != c.grid.empty {
			t.Fatalf("pass %d: SetPositions left other positions, cells or breaks than SetPosition per agent", pass)
		}
		w.Advance(s.SquadUpdateInterval)
		c.Advance(s.SquadUpdateInterval)
	}
}
