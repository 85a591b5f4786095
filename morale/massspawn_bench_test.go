package morale_test

import (
	"math"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/morale"
)

// BenchmarkMassSpawn is the workload of a game that spawns its army at
// once (issue "A million from the first step"): 1e6 agents spawned at
// uniformly random places at one per m² (a 1 km square), squads i % 1000
// (a squad's members interleaved in memory and in space), 200 Suppressed
// events at random places to put the World in combat; then, 30 times: one
// step (Advance(0.25)), every agent walked up to 1.5 m in a random
// direction with SetPosition in spawn order, and one Suppressed event at a
// random place with the default reach. One core. Each step and each move
// pass is timed with a pass of the plain 48-byte floor over as many agents
// right after it, and each event with the lean scan right after it: the
// same event as a plain scan over the game's positions (linearScan, which
// also counts the agents reached). The spawn is timed twice, each in plain
// floor passes: into memory fresh from the OS, as at a game's load
// (spawn-floors: a World spawned for it and dropped), and into the memory
// that World freed, as for a second battle in one session
// (spawn-warm-floors: the World that then fights); and, as the fresh
// spawn's anchor, the time to touch the plain floor's 48 bytes an agent
// fresh from the OS, a word a page (touch-floors). Also reported: the
// median step of steps 1–7 (cold) and of steps 8–30 (steady) in ns an
// agent and ÷ the floor; the worst step ÷ the floor; the median moves pass
// ÷ the floor; the median event in µs (event-us) and,
// over the events, the median of each one's time ÷ the agents it reached
// (event-ns/hit); the lean scan's median ÷ the event's (x-lean); and the
// share of agents in combat (inCombat) right after a step, the median over
// the cold and over the steady steps (combat-%-cold, combat-%-steady).
func BenchmarkMassSpawn(b *testing.B) { massSpawn(b, false) }

// BenchmarkMassSpawnReserved is BenchmarkMassSpawn by a game that knows its
// crowd: it calls World.Reserve(1e6) before the spawns (timed with them).
func BenchmarkMassSpawnReserved(b *testing.B) { massSpawn(b, true) }

func massSpawn(b *testing.B, reserve bool) {
	const n, squads, steps = 1000000, 1000, 30
	side := math.Sqrt(n) * 100
	for b.Loop() {
		b.StopTimer()
		fl := make([]morale.PlainAgent, n)
		r := rand.New(rand.NewPCG(11, 12))
		at := make([]morale.Vec2, n)
		for i := range at {
			at[i] = morale.Vec2{X: r.Float64() * side, Y: r.Float64() * side}
		}
		s := morale.DefaultSettings()
		s.SquadUpdateInterval = 0.25
		// The spawn, timed twice: into memory fresh from the OS, as at a
		// game's load (a World made for it and dropped), then into the
		// memory that World freed, as for a second battle in one session
		// (the World that then fights).
		spawnAll := func(fresh bool) (*morale.World, []*morale.Agent, time.Duration) {
			w, err := morale.NewWorld(s, 1)
			if err != nil {
				b.Fatal(err)
			}
			agents := make([]*morale.Agent, n)
			if fresh {
				debug.FreeOSMemory()
			} else {
				runtime.GC()
			}
			t0 := time.Now()
			if reserve {
				if err := w.Reserve(n); err != nil {
					b.Fatal(err)
				}
			}
			for i := range agents {
				agents[i] = w.Spawn(morale.SquadID(i%squads), at[i])
			}
			return w, agents, time.Since(t0)
		}
		// The anchor of the fresh spawn: touching the plain floor's 48
		// bytes an agent, fresh from the OS (a word a page).
		debug.FreeOSMemory()
		t0 := time.Now()
		touch := make([]float64, 6*n)
		for i := 0; i < len(touch); i += 4096 / 8 {
			touch[i] = 1
		}
		touched := time.Since(t0)
		_, _, spawn := spawnAll(true)
		w, agents, warm := spawnAll(false)
		m, nerve := make([]float64, n), make([]float64, n)
		for i, a := range agents {
			m[i], nerve[i] = a.Morale(), a.Nerve()
		}
		scan, _ := linearScan(s, at, m, nerve, 0, s.Weights[morale.Suppressed])
		med := func(v []float64) float64 { v = slices.Clone(v); slices.Sort(v); return v[len(v)/2] }
		var passes []float64 // the floor's pages touched first, then three passes
		for k := range 4 {
			t0 = time.Now()
			morale.PlainFloor(fl)
			if k > 0 {
				passes = append(passes, float64(time.Since(t0)))
			}
		}
		for range 200 {
			if err := w.ReportEventAtLocation(morale.Suppressed, morale.Vec2{X: r.Float64() * side, Y: r.Float64() * side}, 0, nil, 1); err != nil {
				b.Fatal(err)
			}
		}
		var stepT, floorT, moveT, eventT, leanT, perHit, combat []float64
		for range steps {
			t0 = time.Now()
			w.Advance(0.25)
			d := time.Since(t0)
			t0 = time.Now() // the floor right after the step, before the count reads the World
			morale.PlainFloor(fl)
			f := time.Since(t0)
			combat = append(combat, inCombat(w)) // untimed, of the World as the step left it
			stepT, floorT = append(stepT, float64(d)), append(floorT, float64(f))
			for i := range at {
				ang := r.Float64() * 2 * math.Pi
				step := r.Float64() * 150
				at[i].X += step * math.Cos(ang)
				at[i].Y += step * math.Sin(ang)
			}
			t0 = time.Now()
			for i, a := range agents {
				a.SetPosition(at[i])
			}
			moveT = append(moveT, float64(time.Since(t0)))
			place := morale.Vec2{X: r.Float64() * side, Y: r.Float64() * side}
			before := time.Now()
			if err := w.ReportEventAtLocation(morale.Suppressed, place, 0, nil, 1); err != nil {
				b.Fatal(err)
			}
			ev := time.Since(before)
			t0 = time.Now()
			hits := scan(place)
			leanT, eventT = append(leanT, float64(time.Since(t0))), append(eventT, float64(ev))
			if hits > 0 {
				perHit = append(perHit, float64(ev)/float64(hits))
			}
		}
		floor := med(floorT)
		b.ReportMetric(float64(spawn)/med(passes), "spawn-floors")
		b.ReportMetric(float64(warm)/med(passes), "spawn-warm-floors")
		b.ReportMetric(float64(touched)/med(passes), "touch-floors")
		b.ReportMetric(med(stepT[:7])/n, "cold-ns/agent")
		b.ReportMetric(med(stepT[7:])/n, "steady-ns/agent")
		b.ReportMetric(floor/n, "floor-ns/agent")
		b.ReportMetric(med(stepT[:7])/floor, "x-floor-cold")
		b.ReportMetric(med(stepT[7:])/floor, "x-floor-steady")
		b.ReportMetric(slices.Max(stepT)/floor, "x-floor-worst")
		b.ReportMetric(med(moveT)/floor, "x-floor-moves")
		b.ReportMetric(med(eventT)/1e3, "event-us")
		b.ReportMetric(med(perHit), "event-ns/hit")
		b.ReportMetric(med(leanT)/med(eventT), "x-lean")
		b.ReportMetric(med(combat[:7]), "combat-%-cold")
		b.ReportMetric(med(combat[7:]), "combat-%-steady")
		for k, v := range stepT[:12] {
			b.Logf("step %d: %.2f ns/agent (%.2f× floor)", k+1, v/n, v/floorT[k])
		}
		b.StartTimer()
	}
}

// inCombat returns the percentage of w's agents in combat: below full
// morale or out of Steady (so each one takes the step's slow path or its
// contagion and recovery). It reads them in the World's order.
func inCombat(w *morale.World) float64 {
	n := 0
	for a := range w.Agents() {
		if a.Morale() < 1 || a.State() != morale.Steady {
			n++
		}
	}
	return 100 * float64(n) / float64(w.Len())
}
