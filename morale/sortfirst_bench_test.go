package morale

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// BenchmarkSortFirst measures the first sort of each window of a World of
// 1e6 agents spawned at uniformly random places at one per m² (a 1 km
// square), the sorts a step pays after a mass spawn (BenchmarkMassSpawn's
// cold steps): every window starts in spawn order, so nearly every agent
// moves. Each op sorts the next unsorted window (sortCells); a new World is
// spawned, untimed, when all its windows are sorted. Each sort is followed
// by the plain 48-byte floor over as many agents (untimed by the op). It
// reports the median sort in ns an agent of the window and ÷ the floor.
func BenchmarkSortFirst(b *testing.B) {
	const n = 1000000
	side := math.Sqrt(n) * 100
	fl := make([]struct{ a, b, c, d, e, f float64 }, 1<<sortShift)
	var w *World
	var sorts, floors []float64
	r := rand.New(rand.NewPCG(5, 6))
	win := 0
	for b.Loop() {
		if w == nil || win == len(w.order.breaks) {
			b.StopTimer()
			var err error
			if w, err = NewWorld(DefaultSettings(), 1); err != nil {
				b.Fatal(err)
			}
			for i := range n {
				w.Spawn(SquadID(i%1000), Vec2{X: r.Float64() * side, Y: r.Float64() * side})
			}
			win = 0
			b.StartTimer()
		}
		size := float64(min(w.order.size(), n-win<<sortShift))
		t0 := time.Now()
		w.sortCells(win)
		sorts = append(sorts, float64(time.Since(t0))/size)
		b.StopTimer()
		t0 = time.Now()
		for i := range fl[:int(size)] {
			f := &fl[i]
			f.a = f.a*0.99 + f.b
			f.c += 0.25
			f.d += 0.25
			f.e = f.f
		}
		floors = append(floors, float64(time.Since(t0))/size)
		b.StartTimer()
		win++
	}
	slices.Sort(sorts)
	slices.Sort(floors)
	b.ReportMetric(sorts[len(sorts)/2], "ns/agent")
	b.ReportMetric(sorts[len(sorts)/2]/floors[len(floors)/2], "x-floor")
}
