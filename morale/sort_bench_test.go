package morale

import (
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"testing"
	"time"
)

// BenchmarkSortWindow measures one sort of a window of the World's agents
// (sortCells, what a step pays when a window falls due: 131072 agents) in a
// World of 1e6 agents spawned at random places at three
// densities: sparse (a 100 km square: nearly a cell each), battle (one per
// m²) and packed (four per m²), cells of the default NoEffectRadius (30 m).
// The windows are sorted once, untimed; then, before each timed sort of the
// next window, a third of its agents (untimed) move 30.01 m into a
// neighbouring cell and back, alternately. It reports ns/agent (per agent
// of the window), ms/window, and copy-ns/agent with x-copy: the floor of
// copying every column's window once into a spare, timed after the loop.
func BenchmarkSortWindow(b *testing.B) {
	const n = 1000000
	for _, d := range []struct {
		name string
		side float64 // cm
	}{
		{"sparse", 1e7},
		{"battle", math.Sqrt(n) * 100},
		{"packed", math.Sqrt(n) * 50},
	} {
		b.Run("agents=1e6/"+d.name, func(b *testing.B) { benchSortWindow(b, n, d.side) })
	}
}

func benchSortWindow(b *testing.B, n int, side float64) {
	s := DefaultSettings()
	w, err := NewWorld(s, 1)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(2, 3))
	for i := range n {
		w.Spawn(SquadID(i%10), Vec2{X: r.Float64() * side, Y: r.Float64() * side})
	}
	windows := len(w.order.breaks)
	for win := range windows {
		w.sortCells(win)
	}
	runtime.GC() // the setup's garbage, not the sorts'
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		b.StopTimer()
		win := k % windows
		lo := win * w.order.size()
		dx := s.NoEffectRadius + 1
		if (k/windows)%2 == 1 {
			dx = -dx
		}
		for j := lo; j < min(lo+w.order.size(), n); j += 3 {
			p := w.col.Pos[j]
			w.col.Handle[j].SetPosition(Vec2{X: p.X + dx, Y: p.Y})
		}
		k++
		b.StartTimer()
		w.sortCells(win)
	}
	perOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(perOp/float64(w.order.size()), "ns/agent")
	b.ReportMetric(perOp/1e6, "ms/window")
	var spares []reflect.Value
	for _, c := range w.cols {
		v := reflect.ValueOf(c).Elem()
		spares = append(spares, reflect.MakeSlice(v.Type(), w.order.size(), w.order.size()))
	}
	const copies = 20
	start := time.Now()
	for range copies {
		for j, c := range w.cols {
			reflect.Copy(spares[j], reflect.ValueOf(c).Elem().Slice(0, w.order.size()))
		}
	}
	copyNs := float64(time.Since(start).Nanoseconds()) / copies
	b.ReportMetric(copyNs/float64(w.order.size()), "copy-ns/agent")
	b.ReportMetric(perOp/copyNs, "x-copy")
}
