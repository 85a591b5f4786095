package morale_test

import (
	"runtime"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// BenchmarkSetPositions measures World.SetPositions alone, as a game calls
// it once a frame with all its men in the World's order, every agent moved
// by a small step within his cell (the path of all but a few men a frame),
// on one core, against the floors of BenchmarkMoveAll timed interleaved
// with it (see timeWithFloors), with its metrics (x-copy, x-floor48):
//
//   - within/battle/agents=1e6/order=world: BenchmarkMoveAll's world of
//     that name: 1e6 agents at uniformly random places at battle density
//     (one per m²), 10 squads, none in combat, sorted by cell; moved as its
//     within/ row;
//   - horde/agents=1e6: BenchmarkHordeFrame's horde, 1e6 agents in squads
//     of 100 spawned in blocks 1.5 m apart, after one step and out of
//     combat, marched as its frames march it (untimed), with neither deaths
//     nor steps: its batch rows' moves alone.
func BenchmarkSetPositions(b *testing.B) {
	b.Run("within/battle/agents=1e6/order=world", func(b *testing.B) {
		benchMove(b, densities[1], 1000000, true, true, true)
	})
	b.Run("horde/agents=1e6", func(b *testing.B) {
		h := newHorde(b, 1000000)
		h.w.Advance(h.w.Settings().SquadUpdateInterval)
		flat := make([]morale.Vec2, len(h.pos))
		fa, sums := newFloorAgents(len(h.pos), 10)
		runtime.GC()
		b.ReportAllocs()
		move := func() {
			if err := h.w.SetPositions(h.agents, h.pos); err != nil {
				b.Fatal(err)
			}
		}
		world, floors := timeWithFloors(b, h.march, move, func() { moveFloor(flat, h.pos) }, func() { floorStep(fa, sums) })
		b.ReportMetric(world/float64(len(h.pos)), "median-ns/agent")
		b.ReportMetric(world/floors[0], "x-copy")
		b.ReportMetric(world/floors[1], "x-floor48")
	})
}
