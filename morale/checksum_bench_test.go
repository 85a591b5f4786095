package morale_test

import (
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// BenchmarkChecksum measures World.Checksum as a lockstep game calls it,
// once after every step: 1e4 and 1e6 agents at battle density (one per
// m²), 1000 squads, after 40 steps with a tenth of the agents taking bad
// news each step (in combat), one core (Checksum runs on the caller's
// goroutine). Each Checksum is timed interleaved with a pass of the plain
// 48-byte floor over as many agents (timeWithFloors): median-ns/agent is
// the median Checksum ÷ agents, plain-ns/agent the floor's, and x-plain
// their ratio (the target is 2 or less). Use -benchtime Nx, N ≥ 5.
func BenchmarkChecksum(b *testing.B) {
	for _, n := range []int{1e4, 1e6} {
		b.Run(sizeName(n), func(b *testing.B) {
			w := foughtWorld(b, n)
			fl := make([]morale.PlainAgent, n)
			var sink uint64
			b.ReportAllocs()
			sum, floors := timeWithFloors(b, nil, func() { sink += w.Checksum() }, func() { morale.PlainFloor(fl) })
			perAgent(b, n)
			b.ReportMetric(sum/float64(n), "median-ns/agent")
			b.ReportMetric(floors[0]/float64(n), "plain-ns/agent")
			b.ReportMetric(sum/floors[0], "x-plain")
			_ = sink
		})
	}
}

// foughtWorld is a World of n agents at battle density (one per m²) in
// 1000 squads after 40 steps in combat (combatNews before each step), as
// BenchmarkChecksum and BenchmarkRollback measure it.
func foughtWorld(b *testing.B, n int) *morale.World {
	s := morale.DefaultSettings()
	w, agents := densityWorld(b, s, n, 1000, densities[1].side(n))
	news := combatNews(b, agents)
	for range 40 {
		news()
		w.Advance(s.SquadUpdateInterval)
	}
	return w
}
