package morale_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/morale"
)

// The benchmarks in this file measure the World at the densities games
// have, each against a peer measured in the same sub-benchmark, interleaved
// with it (so that a loaded machine slows both alike):
//
//   - sparse: agents spread uniformly over a 100 km square (1e7 cm), as in
//     BenchmarkReportEventAtLocation: one agent per 10 000 m² at 1e6 agents,
//     one per 1 000 000 m² at 1e4;
//   - battle: one agent per m², N agents on a square of side √N m;
//   - packed: four agents per m², N agents on a square of side √N/2 m.
//
// Positions are in centimetres, as in the design. Agents are spawned in a
// random order of position (uniform random places), in squads i%squads, with
// morale drawn from 0.2..1 and nerve rolled by the World, so neither the
// World's arrays nor its squads follow space: the order a game that spawns
// squads as they arrive would get. Each World is built once per
// sub-benchmark (b.Loop times only the loop).

// density is one of the three layouts above.
type density struct {
	name string
	// side returns the side in cm of the square holding n agents.
	side func(n int) float64
}

var densities = []density{
	{"sparse", func(int) float64 { return 1e7 }},
	{"battle", func(n int) float64 { return math.Sqrt(float64(n)) * 100 }},
	{"packed", func(n int) float64 { return math.Sqrt(float64(n)) * 50 }},
}

var densitySizes = []int{1e4, 1e5, 1e6}

// sizeName writes 1e4, 1e5, 1e6 as such in sub-benchmark names.
func sizeName(n int) string {
	return fmt.Sprintf("agents=1e%d", int(math.Round(math.Log10(float64(n)))))
}

// whisper is the event the event benchmark reports: a custom row worth
// −1e-6. It is bad news, so it takes the whole news path an AllyDown takes
// (distance, falloff, the nerve's scaling and clamping in ApplyMoraleEvent,
// the bad-news timestamp, the squad's running sum) but it is small enough
// that no agent is driven to 0 (where the morale would stop changing and
// the path could be cut short): at most a few thousand hits per agent in a
// 0.5 s run cost him under 0.01 of morale.
const (
	whisper       morale.Event = "BenchWhisper"
	whisperWeight              = -1e-6
)

// densityWorld returns a World of n agents in squads squads, uniformly at
// random over a square of side cm, after a step for each sort window (all
// of them sorted), and the agents' handles in spawn order.
func densityWorld(b *testing.B, s morale.Settings, n, squads int, side float64) (*morale.World, []*morale.Agent) {
	b.Helper()
	w, err := morale.NewWorld(s, 1)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(2, 3))
	agents := make([]*morale.Agent, n)
	for i := range n {
		at := morale.Vec2{X: r.Float64() * side, Y: r.Float64() * side}
		agents[i] = w.Spawn(morale.SquadID(i%squads), at, morale.WithMorale(0.2+0.8*r.Float64()))
	}
	// A step for each window of the World's agents, as a game's first
	// seconds would run: the World sorts them by grid cell, a window a
	// step (see World).
	for range (n+morale.SortWindow-1)/morale.SortWindow + 1 {
		w.Advance(s.SquadUpdateInterval)
	}
	return w, agents
}

// perAgent reports the loop's time per op divided by n as ns/agent, and
// returns it.
func perAgent(b *testing.B, n int) float64 {
	ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / float64(n)
	b.ReportMetric(ns, "ns/agent")
	return ns
}

// BenchmarkEventAtLocation measures one ReportEventAtLocation of the whisper
// event at a random place inside the populated square, with radius 600 cm
// (FullEffectRadius: every agent reached takes the full weight) and with the
// default reach (radius 0, NoEffectRadius, 3000 cm). The same 256 places are
// visited in turn.
//
// The peer is the same event done as a plain scan over a []Vec2 copy of the
// positions: a squared-distance test, then Vec2.Dist, DistanceFalloff and
// ApplyMoraleEvent on a []float64 of morale for the agents within reach,
// what a naive game would do. It is timed interleaved with the World's
// events, at the place of the moment (see benchEventAt), so that a load that
// comes and goes slows both alike.
//
// Next to ns/op (the mean) it reports median-ns/op (the median event),
// hits/op (agents reached per event, the mean over the 256 places, counted
// by the peer), candidates/hit (the agents the World reads through its grid
// to find them, World.Candidates in export_test.go, per agent reached, over
// the 256 places), ns/hit (the median over the events of each one's time ÷ the
// agents it reached: the target is 20 ns or less at battle density and the
// default reach), linear-ns/op (the peer's median) and x-linear (the peer's
// median ÷ the World's: the target is 10 or more at battle and packed
// density).
func BenchmarkEventAtLocation(b *testing.B) {
	s := morale.DefaultSettings()
	s.Weights[whisper] = whisperWeight
	radii := []struct {
		name   string
		radius float64
	}{{"radius=600", 600}, {"radius=default", 0}}
	for _, d := range densities {
		for _, n := range densitySizes {
			for _, rad := range radii {
				b.Run(d.name+"/"+sizeName(n)+"/"+rad.name, func(b *testing.B) {
					benchEventAt(b, s, n, d.side(n), rad.radius)
				})
			}
		}
	}
}

// benchEventAt is one row of BenchmarkEventAtLocation. After an event, when
// the World's events since the peer last ran have taken at least as long as
// that run of the peer, the peer scans once (timer stopped), at the same
// place: the two share the run's time about equally, interleaved.
func benchEventAt(b *testing.B, s morale.Settings, n int, side, radius float64) {
	w, agents := densityWorld(b, s, n, 10, side)
	r := rand.New(rand.NewPCG(4, 5))
	places := make([]morale.Vec2, 256)
	for i := range places {
		places[i] = morale.Vec2{X: r.Float64() * side, Y: r.Float64() * side}
	}

	// The linear peer, on copies of the World's positions, morale and nerve.
	pos := make([]morale.Vec2, n)
	m := make([]float64, n)
	nerve := make([]float64, n)
	for i, a := range agents {
		pos[i], m[i], nerve[i] = a.Position(), a.Morale(), a.Nerve()
	}
	scan, reach := linearScan(s, pos, m, nerve, radius, whisperWeight)
	// One untimed round counts the agents each place reaches, and those
	// the World reads to find them (its candidates).
	hitsAt := make([]int, len(places))
	hits, candidates := 0, 0
	for k, at := range places {
		hitsAt[k] = scan(at)
		hits += hitsAt[k]
		candidates += w.Candidates(at, min(reach, s.NoEffectRadius))
	}
	hitsPerOp := float64(hits) / float64(len(places))

	worldT := make([]time.Duration, 0, 1<<16)
	perHit := make([]float64, 0, 1<<16)
	linearT := make([]time.Duration, 0, 1<<12)
	var since, last time.Duration // the World's time since the peer's last run, and that run
	runtime.GC()                  // not the garbage of densityWorld
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		at := places[k%len(places)]
		start := time.Now()
		if err := w.ReportEventAtLocation(whisper, at, radius, nil, 1); err != nil {
			b.Fatal(err)
		}
		d := time.Since(start)
		worldT = append(worldT, d)
		if h := hitsAt[k%len(places)]; h > 0 {
			perHit = append(perHit, float64(d.Nanoseconds())/float64(h))
		}
		k++
		if since += d; since >= last {
			b.StopTimer()
			start = time.Now()
			scan(at)
			last = time.Since(start)
			linearT = append(linearT, last)
			since = 0
			b.StartTimer()
		}
	}
	world, linear := median(worldT), median(linearT)
	b.ReportMetric(world, "median-ns/op")
	b.ReportMetric(hitsPerOp, "hits/op")
	if hits > 0 {
		b.ReportMetric(float64(candidates)/float64(hits), "candidates/hit")
	}
	if len(perHit) > 0 {
		slices.Sort(perHit)
		b.ReportMetric(perHit[len(perHit)/2], "ns/hit")
	}
	b.ReportMetric(linear, "linear-ns/op")
	b.ReportMetric(linear/world, "x-linear")
}

// linearScan returns the event peer of the benchmarks: an event of weight
// with reach radius (≤ 0: NoEffectRadius) at a place, done as a plain scan
// over pos, what a game without the World's grid would write: a
// squared-distance test, then Vec2.Dist, DistanceFalloff and
// ApplyMoraleEvent on m (with nerve) for the agents within reach. The scan
// returns how many agents it reached; reach is the radius it used.
func linearScan(s morale.Settings, pos []morale.Vec2, m, nerve []float64, radius, weight float64) (scan func(at morale.Vec2) int, reach float64) {
	reach = radius
	if reach <= 0 {
		reach = s.NoEffectRadius
	}
	full, none := s.FullEffectRadius, s.NoEffectRadius
	// The scan compares squared distances first, as any game would, and
	// takes the exact distance (Vec2.Dist, the World's) only within a hair
	// of the reach: DistanceFalloff is 0 beyond it, so this changes the
	// time, not the agents reached nor what they take.
	near := reach * reach * (1 + 1e-9)
	scan = func(at morale.Vec2) int {
		hits := 0
		for i, p := range pos {
			dx, dy := p.X-at.X, p.Y-at.Y
			if dx*dx+dy*dy > near {
				continue
			}
			if d := p.Dist(at); d <= reach {
				if f := morale.DistanceFalloff(d, full, none); f > 0 {
					m[i] = morale.ApplyMoraleEvent(m[i], weight, f, nerve[i])
					hits++
				}
			}
		}
		return hits
	}
	return scan, reach
}

// floorAgent is 48 bytes of per-agent data, what a step reads and writes
// (morale, nerve, last bad news, state since, last reason, squad, flags,
// state): the floor a step is held against.
type floorAgent struct {
	morale, nerve  float64
	badNews, since int64
	why            int64
	squad          int32
	flags, state   uint8
	_              [2]byte
}

// floorStep is the 48-byte floor: one read-modify-write pass over every
// agent, with a squad sum, and no rules at all.
func floorStep(fa []floorAgent, sums []float64) {
	for i := range fa {
		a := &fa[i]
		m := a.morale + a.nerve + float64(a.flags) + float64(a.badNews-a.since) + float64(a.state) + float64(a.why)
		a.morale = m
		sums[a.squad] += m
	}
}

func newFloorAgents(n, squads int) ([]floorAgent, []float64) {
	fa := make([]floorAgent, n)
	for i := range fa {
		fa[i].morale = float64(i%97) / 97
		fa[i].squad = int32(i % squads)
	}
	return fa, make([]float64, squads)
}

// BenchmarkStepDensity measures one World.Advance(SquadUpdateInterval), one
// fixed step, per op, and reports ns/agent. "calm" steps the World as it
// is (it settles: contagion and recovery bring every agent to Steady);
// "combat" first reports, untimed, bad news (Suppressed, scale 1) to a tenth
// of the agents and good news (ReinforcementsArrived, scale 0.5) to another
// tenth, each drawn at random among all agents with Agent.ReportEvent (so
// the writes land at random places in the World's arrays, as in a battle;
// the good news keeps the World from sinking into a rout for ever, so that
// states keep changing). Positions do not enter a step; the densities are
// there to show it.
//
// Each World first runs 40 untimed steps (with the news in combat), so
// that the rows time a settled World, not the settling after the spawn;
// b.StopTimer and b.StartTimer around the untimed news cost a few
// microseconds per op (a ReadMemStats), well under 1% of a step of 1e5
// agents or more.
//
// Each row also reports median-ns/agent (the median of the World's ops, each
// timed by the clock) and floor-ns/agent, the 48-byte floor (floorStep, same
// number of agents and squads), timed interleaved with the World as in
// BenchmarkMoveAll: after every op of the World's loop, with the timer
// stopped, one floor pass runs over its own agents (allocated once per row,
// before the loop), so that the World and its floor share the machine's
// state of the moment (the other processes' load, the memory bus, the
// CPU's clock) instead of the floor running for 50 ms after the loop.
// floor-ns/agent is the median floor pass, and x-floor the median op ÷ the
// median floor pass (the target is 2 or less). Use -benchtime Nx with
// N ≥ 5 for a median worth reading. floor48/agents=N is the same floor as a
// benchmark of its own, back to back (no World between its passes), with
// its median pass as median-ns/agent.
func BenchmarkStepDensity(b *testing.B) {
	for _, n := range densitySizes {
		b.Run("floor48/"+sizeName(n), func(b *testing.B) {
			fa, sums := newFloorAgents(n, 10)
			b.ReportAllocs()
			pass, _ := timeWithFloors(b, nil, func() { floorStep(fa, sums) })
			perAgent(b, n)
			b.ReportMetric(pass/float64(n), "median-ns/agent")
		})
	}
	for _, d := range densities {
		for _, n := range densitySizes {
			for _, squads := range []int{10, 1000} {
				for _, combat := range []bool{false, true} {
					mode := "calm"
					if combat {
						mode = "combat"
					}
					name := fmt.Sprintf("%s/%s/squads=%d/%s", d.name, sizeName(n), squads, mode)
					b.Run(name, func(b *testing.B) {
						benchStep(b, n, squads, d.side(n), combat)
					})
				}
			}
		}
	}
}

// combatNews returns the news of a combat step: each call gives a tenth of
// the agents (random ones, from a fixed seed) bad news (Suppressed) and
// another tenth good news (ReinforcementsArrived at half scale).
func combatNews(b *testing.B, agents []*morale.Agent) func() {
	r := rand.New(rand.NewPCG(6, 7))
	n := len(agents)
	return func() {
		for range n / 10 {
			if err := agents[r.IntN(n)].ReportEvent(morale.Suppressed, 1); err != nil {
				b.Fatal(err)
			}
			if err := agents[r.IntN(n)].ReportEvent(morale.ReinforcementsArrived, 0.5); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func benchStep(b *testing.B, n, squads int, side float64, combat bool) {
	w, agents := densityWorld(b, morale.DefaultSettings(), n, squads, side)
	interval := w.Settings().SquadUpdateInterval
	news := combatNews(b, agents)
	// 40 steps untimed (10 s of game time), with the news in combat: the
	// first steps after spawning resolve everyone's state from the random
	// morale, and a short run would time that settling, not the calm or
	// the combat the row is named after. Then a GC, so that the garbage of
	// densityWorld is not collected during the timed steps.
	for range 40 {
		if combat {
			news()
		}
		w.Advance(interval)
	}
	fa, sums := newFloorAgents(n, squads)
	var prep func()
	if combat {
		prep = news
	}
	runtime.GC()
	b.ReportAllocs()
	world, floors := timeWithFloors(b, prep, func() { w.Advance(interval) }, func() { floorStep(fa, sums) })
	floor := floors[0]
	perAgent(b, n)
	b.ReportMetric(world/float64(n), "median-ns/agent")
	b.ReportMetric(floor/float64(n), "floor-ns/agent")
	b.ReportMetric(world/floor, "x-floor")
}

// movePlan returns, for agents at pos, the positions they alternate with:
// every third agent (i%3 == 0, random in space) is moved 30.01 m along x,
// into another cell of a NoEffectRadius grid (3000 cm); the others take a
// step of 2.5 cm along x and y (1.5 m/s at 60 frames per second) that keeps
// them in their cell. With within, every agent takes the small step (no
// agent crosses). It fails b when an agent does not move as planned.
func movePlan(b *testing.B, pos []morale.Vec2, cell, side float64, within bool) []morale.Vec2 {
	b.Helper()
	cellOf := func(p morale.Vec2) [2]float64 {
		return [2]float64{math.Floor(p.X / cell), math.Floor(p.Y / cell)}
	}
	step := func(v float64) float64 {
		if math.Floor((v+2.5)/cell) == math.Floor(v/cell) {
			return v + 2.5
		}
		return v - 2.5
	}
	to := make([]morale.Vec2, len(pos))
	for i, p := range pos {
		q := morale.Vec2{X: step(p.X), Y: step(p.Y)}
		crosser := i%3 == 0 && !within
		if crosser {
			q = morale.Vec2{X: p.X + cell + 1, Y: p.Y}
			if q.X >= side {
				q.X = p.X - cell - 1
			}
		}
		if crosses := cellOf(q) != cellOf(p); crosses != crosser {
			b.Fatalf("agent %d at %v to %v: crosses a cell %v; want %v", i, p, q, crosses, crosser)
		}
		to[i] = q
	}
	return to
}

// BenchmarkMoveAll measures moving every agent once per op through
// Agent.SetPosition: a third of them into another grid cell (cell size
// NoEffectRadius, 3000 cm), the others by 2.5 cm within their cell; each
// op moves them back and forth between two planned positions (movePlan),
// in the World's order (order=world) or in spawn order (order=spawn; see
// benchMove). No step runs during the loop, so the World does not sort
// again. A third crossing every op is a stress case of the grid's
// bookkeeping: a man marching at 1.5 m/s crosses into another 30 m cell
// about once in 1,200 frames (BenchmarkHordeFrame is that workload).
//
// It reports ns/agent (the loop's mean), median-ns/agent (the median op)
// and two floors, each timed with
// the World's passes interleaved: after every op of the World's loop, with
// the timer stopped, one pass of each floor runs over as many agents, so
// that the World and its floors share the machine's state of the moment
// (a load from other processes, the memory bus, the CPU's clock) instead
// of the floors running for 50 ms after the loop. floor48-ns/agent is the
// median of the passes of the 48-byte floor of a step (floorStep:
// one read-modify-write pass over 48 bytes an agent, 10 squads), and
// x-floor48 the median of the World's ops ÷ that median (the target is 3
// or less); copy-ns/agent is the median of a stricter floor (moveFloor:
// writing the same new positions into a []Vec2, 32 bytes an agent of
// traffic, no call), with x-copy likewise. The medians include the first
// op (where the cell lists grow) but are not moved by it. Use -benchtime
// Nx with N ≥ 5 for a median worth reading.
// floor/agents=N is the copy floor as a benchmark of its own, and
// within/D/agents=N/order=world moves every agent by the small step only
// (no agent crosses; battle and packed density): the cost of SetPosition's
// path within a cell, whose difference with the row of the same name
// without within/ (times 3) is the cost of a crossing.
// batch/D/agents=1e6/order=O is the row of the same name without batch/
// moved with one World.SetPositions per op: in the World's order, what a
// game should call; in spawn order (after the sort, out of the World's
// order), what it costs a game that does not keep its men in that order.
func BenchmarkMoveAll(b *testing.B) {
	for _, n := range densitySizes {
		b.Run("floor/"+sizeName(n), func(b *testing.B) {
			from := make([]morale.Vec2, n)
			to := make([]morale.Vec2, n)
			pos := make([]morale.Vec2, n)
			for i := range to {
				to[i] = morale.Vec2{X: float64(i), Y: 1}
			}
			b.ReportAllocs()
			k := 0
			for b.Loop() {
				dst := from
				if k%2 == 0 {
					dst = to
				}
				k++
				moveFloor(pos, dst)
			}
			perAgent(b, n)
		})
	}
	for _, d := range densities {
		for _, n := range densitySizes {
			for _, order := range []string{"world", "spawn"} {
				b.Run(d.name+"/"+sizeName(n)+"/order="+order, func(b *testing.B) {
					benchMove(b, d, n, order == "world", false, false)
				})
			}
		}
	}
	for _, d := range densities[1:] {
		for _, n := range densitySizes {
			b.Run("within/"+d.name+"/"+sizeName(n)+"/order=world", func(b *testing.B) {
				benchMove(b, d, n, true, true, false)
			})
		}
	}
	for _, order := range []string{"world", "spawn"} {
		for _, d := range densities[1:] {
			b.Run("batch/"+d.name+"/"+sizeName(1000000)+"/order="+order, func(b *testing.B) {
				benchMove(b, d, 1000000, order == "world", false, true)
			})
		}
	}
}

// benchMove is one row of BenchmarkMoveAll. With batch it moves them with
// one World.SetPositions per op instead. With inWorldOrder the agents are
// moved in the World's order (the order World.Agents yields, the order of
// the World's arrays, as a game that walks w.Agents() to move its men
// would); otherwise in spawn order, which after the World's sort by cell is
// a random order of its arrays.
func benchMove(b *testing.B, d density, n int, inWorldOrder, within, batch bool) {
	s := morale.DefaultSettings()
	side := d.side(n)
	w, agents := densityWorld(b, s, n, 10, side)
	if inWorldOrder {
		agents = agents[:0]
		for a := range w.Agents() {
			agents = append(agents, a)
		}
	}
	from := make([]morale.Vec2, n)
	for i, a := range agents {
		from[i] = a.Position()
	}
	to := movePlan(b, from, s.NoEffectRadius, side, within)
	pos := make([]morale.Vec2, n)
	fa, sums := newFloorAgents(n, 10)
	// A GC first, as in benchStep: otherwise the collection of
	// densityWorld's garbage runs during the first timed ops, on the other
	// core and through write barriers.
	runtime.GC()
	b.ReportAllocs()
	dst, k := from, 0
	move := func() {
		dst = from // the op's positions: to, from, to, …
		if k%2 == 0 {
			dst = to
		}
		k++
		if batch {
			if err := w.SetPositions(agents, dst); err != nil {
				b.Fatal(err)
			}
			return
		}
		for i, a := range agents {
			a.SetPosition(dst[i])
		}
	}
	world, floors := timeWithFloors(b, nil, move, func() { moveFloor(pos, dst) }, func() { floorStep(fa, sums) })
	perAgent(b, n)
	b.ReportMetric(world/float64(n), "median-ns/agent")
	b.ReportMetric(floors[0]/float64(n), "copy-ns/agent")
	b.ReportMetric(world/floors[0], "x-copy")
	b.ReportMetric(floors[1]/float64(n), "floor48-ns/agent")
	b.ReportMetric(world/floors[1], "x-floor48")
}

// timeWithFloors runs b's loop: each op runs prep (if any) with b's timer
// stopped, then op, timed, then each of floors in turn with b's timer
// stopped, so that a load that comes and goes slows op and its floors
// alike. It returns the median wall time of op and of each floor, in ns.
// It keeps every time, so run it with -benchtime Nx.
func timeWithFloors(b *testing.B, prep, op func(), floors ...func()) (float64, []float64) {
	var opT []time.Duration
	floorT := make([][]time.Duration, len(floors))
	for b.Loop() {
		if prep != nil {
			b.StopTimer()
			prep()
			b.StartTimer()
		}
		t := time.Now()
		op()
		d := time.Since(t)
		b.StopTimer()
		opT = append(opT, d)
		for i, f := range floors {
			t = time.Now()
			f()
			floorT[i] = append(floorT[i], time.Since(t))
		}
		b.StartTimer()
	}
	meds := make([]float64, len(floors))
	for i := range floorT {
		meds[i] = median(floorT[i])
	}
	return median(opT), meds
}

// median returns the median of ds in ns (the mean of the middle two for an
// even count); it sorts ds.
func median(ds []time.Duration) float64 {
	slices.Sort(ds)
	m := len(ds) / 2
	if len(ds)%2 == 1 {
		return float64(ds[m].Nanoseconds())
	}
	return float64(ds[m-1].Nanoseconds()+ds[m].Nanoseconds()) / 2
}

// moveFloor writes every agent's new position: the floor of BenchmarkMoveAll.
func moveFloor(pos, dst []morale.Vec2) {
	for i := range pos {
		pos[i] = dst[i]
	}
}

// BenchmarkStepWorkers measures one combat step (World.Advance of one
// SquadUpdateInterval, after the untimed news of BenchmarkStepDensity's
// combat: a tenth of the agents bad news, another tenth good news) of 1e6
// agents at battle density (one per m²) in 10 and in 1000 squads, on 1 and
// on 2 workers (World.SetWorkers), and reports ns/agent (the mean over the
// timed steps, as ns/op). 20 untimed steps come first, so that the settling
// after the spawn is not timed.
//
// The one-worker peer is interleaved with the timed steps on the same World:
// each op also steps the World on one worker (untimed by b, timed by the
// clock, with its own news before it), before the timed step on odd ops and
// after it on even ones (so that neither kind always follows the other),
// and a load that comes and goes slows both alike. It reports
// median-ns/agent (the median of the timed steps), one-worker-ns/agent (the
// median of the one-worker steps) and x-one-worker (their ratio: the
// speed-up, whose target is 1.7 or more with 2 workers; about 1 on the
// workers=1 rows, whose spread is the noise of the measure).
//
// The machine's peer, interleaved the same way: with each one-worker step,
// one pass before it and one after it (the order alternating), the 48-byte
// floor pass (floorStep) over as many agents in as many squads, cut into
// the step's chunks (StepChunk agents, handed out in order by one atomic
// add each, a sum per squad per goroutine) on 1 and on 2 goroutines started
// for the pass as the World starts its workers. It reports
// floor-one-ns/agent, floor-two-ns/agent (medians) and x-floor-two (their
// ratio): what two of this machine's cores give a plain pass at all, at the
// same moments, the ceiling against which x-one-worker is read.
func BenchmarkStepWorkers(b *testing.B) {
	n := 1000000
	for _, squads := range []int{10, 1000} {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("battle/%s/squads=%d/workers=%d", sizeName(n), squads, workers), func(b *testing.B) {
				benchStepWorkers(b, n, squads, workers)
			})
		}
	}
}

func benchStepWorkers(b *testing.B, n, squads, workers int) {
	w, agents := densityWorld(b, morale.DefaultSettings(), n, squads, densities[1].side(n))
	interval := w.Settings().SquadUpdateInterval
	news := combatNews(b, agents)
	setWorkers := func(k int) {
		if err := w.SetWorkers(k); err != nil {
			b.Fatal(err)
		}
	}
	setWorkers(workers)
	for range 20 {
		news()
		w.Advance(interval)
	}
	runtime.GC() // not the garbage of densityWorld
	fa, _ := newFloorAgents(n, squads)
	var one, many []time.Duration
	var floor [2][]time.Duration
	floorPass := func(g int) {
		start := time.Now()
		floorChunks(fa, squads, g)
		floor[g-1] = append(floor[g-1], time.Since(start))
	}
	oneStep := func() {
		floorPass(1 + len(many)%2)
		news()
		setWorkers(1)
		start := time.Now()
		w.Advance(interval)
		one = append(one, time.Since(start))
		setWorkers(workers)
		floorPass(2 - len(many)%2)
	}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		if len(many)%2 == 0 {
			oneStep()
		}
		news()
		b.StartTimer()
		start := time.Now()
		w.Advance(interval)
		many = append(many, time.Since(start))
		if len(many)%2 == 0 {
			b.StopTimer()
			oneStep()
			b.StartTimer()
		}
	}
	perAgent(b, n)
	perN := func(ns float64) float64 { return ns / float64(n) }
	manyNs, oneNs := perN(median(many)), perN(median(one))
	b.ReportMetric(manyNs, "median-ns/agent")
	b.ReportMetric(oneNs, "one-worker-ns/agent")
	b.ReportMetric(oneNs/manyNs, "x-one-worker")
	f1, f2 := perN(median(floor[0])), perN(median(floor[1]))
	b.ReportMetric(f1, "floor-one-ns/agent")
	b.ReportMetric(f2, "floor-two-ns/agent")
	b.ReportMetric(f1/f2, "x-floor-two")
}

// floorChunks is floorStep over fa in chunks of StepChunk agents on
// goroutines goroutines (the caller's and goroutines−1 started for the
// pass, as the World starts its workers), each chunk taken with one atomic
// add, each goroutine summing into its own squad sums (padded by a cache
// line on each side).
func floorChunks(fa []floorAgent, squads, goroutines int) {
	chunks := (len(fa) + morale.StepChunk - 1) / morale.StepChunk
	var next atomic.Int64
	run := func() {
		const pad = 8
		sums := make([]float64, squads+2*pad)[pad : pad+squads]
		for {
			c := int(next.Add(1) - 1)
			if c >= chunks {
				return
			}
			lo := c * morale.StepChunk
			floorStep(fa[lo:min(lo+morale.StepChunk, len(fa))], sums)
		}
	}
	var wg sync.WaitGroup
	for range goroutines - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run()
		}()
	}
	if goroutines > 1 {
		runtime.Gosched() // as World.stepShared does
	}
	run()
	wg.Wait()
}
