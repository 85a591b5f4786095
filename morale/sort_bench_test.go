package morale

import (
	"math"
	"math/rand/v2"
	"testing"
)

// BenchmarkSort measures one sort of the World's agents (sortAgents, what a
// step pays when a sort falls due) for 1e4 agents (the demo's armies) and
// 1e6 agents at three densities: sparse (a 100 km square; for 1e6 agents
// one per 10 000 m², nearly a cell each), battle (one per m²) and packed
// (four per m²), cells of the default
// NoEffectRadius (30 m). The World is spawned at random places and sorted
// once, untimed; then, before each timed sort, a third of the agents (every
// third of the World's order, untimed) move 30.01 m into a neighbouring
// cell, to and fro between two planned positions. It reports ns/agent.
func BenchmarkSort(b *testing.B) {
	for _, size := range []struct {
		name string
		n    int
	}{{"1e4", 1e4}, {"1e6", 1e6}} {
		n := size.n
		for _, d := range []struct {
			name string
			side float64 // cm
		}{
			{"sparse", 1e7},
			{"battle", math.Sqrt(float64(n)) * 100},
			{"packed", math.Sqrt(float64(n)) * 50},
		} {
			b.Run("agents="+size.name+"/"+d.name, func(b *testing.B) { benchSort(b, n, d.side) })
		}
	}
}

// benchSort is BenchmarkSort for n agents on a square of side cm.
func benchSort(b *testing.B, n int, side float64) {
	s := DefaultSettings()
	w, err := NewWorld(s, 1)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(2, 3))
	for i := range n {
		w.Spawn(SquadID(i%10), Vec2{X: r.Float64() * side, Y: r.Float64() * side})
	}
	w.sortAgents()
	var movers []*Agent
	var home, away []Vec2
	for k, a := range w.handles {
		if k%3 == 0 {
			p := w.pos[k]
			q := Vec2{X: p.X + s.NoEffectRadius + 1, Y: p.Y}
			if q.X >= side {
				q.X = p.X - s.NoEffectRadius - 1
			}
			movers, home, away = append(movers, a), append(home, p), append(away, q)
		}
	}
	b.ReportAllocs()
	for k := 0; b.Loop(); k++ {
		b.StopTimer()
		to := away
		if k%2 == 1 {
			to = home
		}
		for j, a := range movers {
			a.SetPosition(to[j])
		}
		b.StartTimer()
		w.sortAgents()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/agent")
}
