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
// square) in 1000 squads (i % 1000), the workload of BenchmarkMassSpawn
// (a sort reads no morale, so combat does not enter), one core: the sorts
// a step pays after a mass spawn (its cold steps); every window starts in
// spawn order, so nearly every agent moves. Each op sorts the next unsorted window (sortCells); a new World is
// spawned, untimed, when all its windows are sorted. Each sort is followed
// by the plain 48-byte floor over as many agents (untimed by the op). It
// reports the median sort in ns an agent of the window and ÷ the floor.
func BenchmarkSortFirst(b *testing.B) {
	const n = 1000000
	side := math.Sqrt(n) * 100
	fl := make([]plainAgent, 1<<sortShift)
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
		plainFloor(fl[:int(size)])
		floors = append(floors, float64(time.Since(t0))/size)
		b.StartTimer()
		win++
	}
	slices.Sort(sorts)
	slices.Sort(floors)
	b.ReportMetric(sorts[len(sorts)/2], "ns/agent")
	b.ReportMetric(sorts[len(sorts)/2]/floors[len(floors)/2], "x-floor")
}
