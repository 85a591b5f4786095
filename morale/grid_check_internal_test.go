package morale

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// checkGrid returns an error naming the first broken invariant of w's grid
// and of the agents' places in it: every agent is in the list of the cell
// of his position, at the place w.col.Cell says, his handle holds that cell's
// id, every list entry is an agent of that cell, and the empty count is
// the number of empty lists.
func checkGrid(w *World) error {
	g := &w.grid
	n := len(w.col.Handle)
	if len(w.col.Cell) != n || len(w.col.Pos) != n {
		return fmt.Errorf("%d handles, %d places, %d positions", n, len(w.col.Cell), len(w.col.Pos))
	}
	if len(g.keys) != len(g.lists) || len(g.boxes) != len(g.lists) {
		return fmt.Errorf("%d lists, %d keys, %d boxes", len(g.lists), len(g.keys), len(g.boxes))
	}
	for i, a := range w.col.Handle {
		l := w.col.Cell[i]
		switch {
		case a.w != w || a.i != int32(i):
			return fmt.Errorf("agent %d: handle says World %p, index %d", i, a.w, a.i)
		case a.cell != l.id:
			return fmt.Errorf("agent %d: handle's cell %d; want %d", i, a.cell, l.id)
		case l.id < 0 || int(l.id) >= len(g.keys):
			return fmt.Errorf("agent %d: cell %d of %d", i, l.id, len(g.keys))
		case g.keys[l.id] != g.key(w.col.Pos[i]):
			return fmt.Errorf("agent %d at %v: in cell %d of key %v; want key %v", i, w.col.Pos[i], l.id, g.keys[l.id], g.key(w.col.Pos[i]))
		case g.ids[g.keys[l.id]] != l.id:
			return fmt.Errorf("agent %d: key %v has id %d; want %d", i, g.keys[l.id], g.ids[g.keys[l.id]], l.id)
		case l.at < 0 || int(l.at) >= len(g.lists[l.id]) || g.lists[l.id][l.at] != int32(i):
			return fmt.Errorf("agent %d: not at %d of cell %d's list %v", i, l.at, l.id, g.lists[l.id])
		}
	}
	total, empty := 0, 0
	for id, list := range g.lists {
		total += len(list)
		if len(list) == 0 {
			empty++
		}
		for at, i := range list {
			if i < 0 || int(i) >= n || w.col.Cell[i].id != int32(id) || w.col.Cell[i].at != int32(at) {
				return fmt.Errorf("cell %d: entry %d is agent %d, who is elsewhere", id, at, i)
			}
		}
	}
	for k, c := range g.cache {
		if id, ok := g.ids[c.k]; c.id != 0 && (!ok || id != c.id-1 || g.slot(c.k) != &g.cache[k]) {
			return fmt.Errorf("cache slot %d: key %v, id %d; the grid has id %d", k, c.k, c.id-1, g.ids[c.k])
		}
	}
	if total != n || empty != g.empty {
		return fmt.Errorf("lists hold %d agents (want %d), %d empty (counted %d)", total, n, empty, g.empty)
	}
	return nil
}

// TestGridInvariantsUnderMoves drives Worlds with random spawns, removals,
// moves (within a cell, into a neighbour, far away, to NaN, ±Inf and
// beyond the int32 range), steps (which sort), new cell sizes and clones,
// and checks the grid after every call.
func TestGridInvariantsUnderMoves(t *testing.T) {
	seeds := uint64(4)
	if testing.Short() { // under qemu and the race detector: two of the four
		seeds = 2
	}
	for seed := range seeds {
		t.Run(fmt.Sprint("seed=", seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 99))
			s := DefaultSettings()
			s.NoEffectRadius = 100
			s.FullEffectRadius = 10
			w, err := NewWorld(s, seed)
			if err != nil {
				t.Fatal(err)
			}
			var agents []*Agent
			place := func() Vec2 { return Vec2{r.Float64()*1000 - 500, r.Float64()*1000 - 500} }
			for range 400 {
				agents = append(agents, w.Spawn(SquadID(r.IntN(5)), place()))
			}
			for op := range 6000 {
				var did string
				switch k := r.IntN(100); {
				case k < 2:
					did = "spawn"
					agents = append(agents, w.Spawn(SquadID(r.IntN(5)), place()))
				case k < 4 && len(agents) > 0:
					did = "remove"
					j := r.IntN(len(agents))
					w.Remove(agents[j])
					agents[j] = agents[len(agents)-1]
					agents = agents[:len(agents)-1]
				case k < 6:
					did = "advance"
					w.Advance(s.SquadUpdateInterval)
				case k == 6:
					did = "settings"
					s2 := w.Settings()
					s2.NoEffectRadius = []float64{50, 100, 170}[r.IntN(3)]
					s2.FullEffectRadius = 10
					if err := w.SetSettings(s2); err != nil {
						t.Fatal(err)
					}
				case k == 7:
					did = "clone"
					c := w.Clone()
					if err := checkGrid(c); err != nil {
						t.Fatalf("op %d: clone: %v", op, err)
					}
					// Carry on with the clone half of the time.
					if r.IntN(2) == 0 {
						w = c
						agents = agents[:0]
						for a := range w.Agents() {
							agents = append(agents, a)
						}
					}
				default:
					if len(agents) == 0 {
						continue
					}
					did = "move"
					// A burst of moves, as a game's frame makes them.
					for range 1 + r.IntN(200) {
						a := agents[r.IntN(len(agents))]
						p := a.Position()
						size := w.grid.size
						switch m := r.IntN(20); {
						case m < 10:
							p = Vec2{p.X + (r.Float64()-0.5)*size*0.1, p.Y + (r.Float64()-0.5)*size*0.1}
						case m < 16:
							p = Vec2{p.X + (r.Float64()-0.5)*size*2.5, p.Y + (r.Float64()-0.5)*size*2.5}
						case m < 18:
							p = place()
						case m == 18:
							p = []Vec2{{math.NaN(), 0}, {0, math.Inf(1)}, {math.Inf(-1), math.NaN()}}[r.IntN(3)]
						default:
							p = []Vec2{{1e15, 0}, {-1e15, 1e15}, {3e11, -3e11}, {0, 0}}[r.IntN(4)]
						}
						a.SetPosition(p)
					}
				}
				if err := checkGrid(w); err != nil {
					t.Fatalf("op %d (%s): %v", op, did, err)
				}
			}
		})
	}
}

// TestMovesAllocateNothingOnceGrown checks the steady state of
// BenchmarkMoveAll at battle density (one agent per m², 1e4 agents, a third
// of them crossing into the next cell and back, the others moving within
// their cell): once the agents went there and back, the cells' lists have
// the room they need, and moving every agent allocates nothing.
func TestMovesAllocateNothingOnceGrown(t *testing.T) {
	const n = 10000
	s := DefaultSettings()
	w, err := NewWorld(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(2, 3))
	side := math.Sqrt(n) * 100
	for i := range n {
		w.Spawn(SquadID(i%10), Vec2{r.Float64() * side, r.Float64() * side})
	}
	w.Advance(s.SquadUpdateInterval) // sorts
	var agents []*Agent
	var from, to []Vec2
	for a := range w.Agents() {
		p := a.Position()
		q := Vec2{p.X + 2.5, p.Y}
		if math.Floor(q.X/s.NoEffectRadius) != math.Floor(p.X/s.NoEffectRadius) {
			q.X = p.X - 2.5
		}
		if len(agents)%3 == 0 {
			q = Vec2{p.X + s.NoEffectRadius + 1, p.Y}
		}
		agents, from, to = append(agents, a), append(from, p), append(to, q)
	}
	pass := func(dst []Vec2) {
		for i, a := range agents {
			a.SetPosition(dst[i])
		}
	}
	pass(to)
	pass(from)
	if got := testing.AllocsPerRun(5, func() { pass(to); pass(from) }); got != 0 {
		t.Errorf("moving %d agents there and back: %v allocations; want 0", n, got)
	}
	// SetPositions, in the World's order and out of it (the same agents
	// and positions shuffled), and in the World's order with few crossing
	// (its two arrays; a third crossing, it moves them in turn): its
	// scratch grows once.
	mixed, mFrom, mTo := slices.Clone(agents), slices.Clone(from), slices.Clone(to)
	few := slices.Clone(from)
	for k := range few {
		if k%40 == 0 {
			few[k] = to[k]
		} else {
			few[k].Y += 1 - 2*float64(b2i(math.Floor((few[k].Y+1)/s.NoEffectRadius) != math.Floor(few[k].Y/s.NoEffectRadius)))
		}
	}
	r.Shuffle(n, func(i, j int) {
		mixed[i], mixed[j], mFrom[i], mFrom[j], mTo[i], mTo[j] = mixed[j], mixed[i], mFrom[j], mFrom[i], mTo[j], mTo[i]
	})
	batch := func(agents []*Agent, dst []Vec2) {
		if err := w.SetPositions(agents, dst); err != nil {
			t.Fatal(err)
		}
	}
	for _, order := range []struct {
		name     string
		agents   []*Agent
		from, to []Vec2
	}{{"the World's order", agents, from, to}, {"another order", mixed, mFrom, mTo}, {"the World's order, few crossing", agents, from, few}} {
		batch(order.agents, order.to)
		batch(order.agents, order.from)
		if got := testing.AllocsPerRun(5, func() { batch(order.agents, order.to); batch(order.agents, order.from) }); got != 0 {
			t.Errorf("SetPositions of %d agents in %s there and back: %v allocations; want 0", n, order.name, got)
		}
	}

	if err := checkGrid(w); err != nil {
		t.Fatal(err)
	}
}
