package morale

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

// BenchmarkSort measures one sort of the World's agents (sortAgents, what a
// step pays when a sort falls due) for 1e4 agents (the demo's armies) and
// 1e6 agents at three densities: sparse (a 100 km square; for 1e6 agents
// one per 10 000 m², nearly a cell each), battle (one per m²) and packed
// (four per m²), cells of the default NoEffectRadius (30 m). The World is
// spawned at random places and sorted once, untimed; then, before each
// timed sort, a third of the agents (untimed) move 30.01 m into a
// neighbouring cell (back 30.01 m when that would leave the square):
//
//   - moves=fro: the same agents (every third of the World's order after
//     the first sort) each time, to and fro between two planned positions.
//     After the first two sorts few agents change place: at battle density
//     about 9% of them, at packed 26%, at sparse almost none;
//   - moves=drift: every third of the World's present order each time, on
//     from where he is: nearly every agent changes place at battle and
//     packed density, the costliest sort of a third moved;
//   - moves=copy: no sort, the floor of a sort that moves every agent:
//     copying each per-agent array the sort permutes (and the grid places)
//     once with copy, into arrays of the same size.
//
// It reports ns/agent and, but for copy, how many agents changed place per
// sort (moved/op).
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
			for _, mode := range []string{"fro", "drift", "copy"} {
				b.Run("agents="+size.name+"/"+d.name+"/moves="+mode, func(b *testing.B) { benchSort(b, n, d.side, mode) })
			}
		}
	}
}

// benchSort is BenchmarkSort for n agents on a square of side cm, moving
// them as mode says.
func benchSort(b *testing.B, n int, side float64, mode string) {
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
	step := func(p Vec2) Vec2 {
		q := Vec2{X: p.X + s.NoEffectRadius + 1, Y: p.Y}
		if q.X >= side {
			q.X = p.X - s.NoEffectRadius - 1
		}
		return q
	}
	var movers []*Agent
	var home, away []Vec2
	for k, a := range w.col.Handle {
		if k%3 == 0 {
			p := w.col.Pos[k]
			movers, home, away = append(movers, a), append(home, p), append(away, step(p))
		}
	}
	if mode == "copy" {
		benchCopy(b, w)
		return
	}
	moved := 0
	before := make([]*Agent, 0, n)
	runtime.GC() // the setup's garbage, not the sorts'
	b.ReportAllocs()
	for k := 0; b.Loop(); k++ {
		b.StopTimer()
		if mode == "drift" {
			for j := 0; j < len(w.col.Handle); j += 3 {
				w.col.Handle[j].SetPosition(step(w.col.Pos[j]))
			}
		} else {
			to := away
			if k%2 == 1 {
				to = home
			}
			for j, a := range movers {
				a.SetPosition(to[j])
			}
		}
		before = append(before[:0], w.col.Handle...)
		b.StartTimer()
		w.sortAgents()
		b.StopTimer()
		for i, a := range w.col.Handle {
			if before[i] != a {
				moved++
			}
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/agent")
	b.ReportMetric(float64(moved)/float64(b.N), "moved/op")
}

// benchCopy times copying every per-agent array a sort permutes, and the
// grid places, into spare arrays of the same size (allocated untimed).
func benchCopy(b *testing.B, w *World) {
	n := len(w.col.Handle)
	handles, why, loc := make([]*Agent, n), make([]reasonID, n), make([]agentCell, n)
	morale, nerve := make([]float64, n), make([]float64, n)
	stateSince, badNews := make([]int64, n), make([]int64, n)
	squad, state, flags, pos := make([]int32, n), make([]State, n), make([]uint8, n), make([]Vec2, n)
	copyAll := func() {
		copy(handles, w.col.Handle)
		copy(morale, w.col.Morale)
		copy(nerve, w.col.Nerve)
		copy(stateSince, w.col.StateSince)
		copy(badNews, w.col.BadNews)
		copy(squad, w.col.Squad)
		copy(state, w.col.State)
		copy(flags, w.col.Flags)
		copy(pos, w.col.Pos)
		copy(why, w.col.Why)
		copy(loc, w.col.Cell)
	}
	copyAll() // the pages touched once, untimed
	runtime.GC()
	b.ReportAllocs()
	for b.Loop() {
		copyAll()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/agent")
}
