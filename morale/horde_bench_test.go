package morale_test

import (
	"math"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/morale"
)

// BenchmarkHordeFrame is a horde game's frame, 60 times a second, on one
// core: 1e6 agents in squads of 100, spawned squad by squad, each squad a
// block of 10×10 men 1.5 m apart, the blocks side by side over a square
// field (1.5 km, 0.44 men per m²; the men stand half a spacing in from its
// edges, so that none stands exactly on a line of the World's 30 m grid). The game keeps its own []*Agent in spawn
// order and a []Vec2 of their positions. Every frame:
//
//   - every man marches north at about 1.5 m/s (2.5 cm a frame) with a
//     jitter of up to ±1 cm on each axis (the game's work, untimed), and
//     the World is told his new position, Agent.SetPosition per man in
//     the game's order;
//   - one man dies: AllyDown at his body (the default reach, 30 m, about
//     1 250 men reached), then World.Remove (the game drops him from its
//     slices, untimed);
//   - every 30th frame (every half second) a shell lands at a random place:
//     Suppressed at the default reach;
//   - World.Advance(1/60): a step every 15th frame (SquadUpdateInterval
//     0.25 s).
//
// One op is one frame; run it with -benchtime 600x (10 s of game time).
// Before the timed frames, one untimed step (a game's loading screen).
// It reports the frames' morale work in milliseconds: p50-ms, p99-ms and
// max-ms, with frames>16.7ms (how many frames of morale work alone miss a
// 60 Hz frame); floor-ms, the median of a floor timed inside each frame
// (the same new positions written into a flat []Vec2 in the same order, as
// a game without morale would keep them); and x-floor (p50 ÷ floor: the
// target is 3 or less) and x-p50 (max ÷ p50: the target is 2 or less).
// The same, in the CPU time of the benchmark's thread (cpu-p50-ms,
// cpu-max-ms, cpu-floor-ms, cpu-x-floor, cpu-x-p50; Linux only), leave out
// the time the thread waited for a core: on a loaded machine the wall-time
// maximum is mostly the scheduler's.
func BenchmarkHordeFrame(b *testing.B) {
	b.Run("agents=1e6", func(b *testing.B) {
		benchHorde(b, 1000000)
	})
}

// horde is the game of BenchmarkHordeFrame: the World, and its own agents
// and their positions, in spawn order but for the dead.
type horde struct {
	w      *morale.World
	agents []*morale.Agent
	pos    []morale.Vec2
	rng    uint64
}

// newHorde spawns n agents (a multiple of 100) squad by squad.
func newHorde(b *testing.B, n int) *horde {
	b.Helper()
	w, err := morale.NewWorld(morale.DefaultSettings(), 1)
	if err != nil {
		b.Fatal(err)
	}
	h := &horde{w: w, agents: make([]*morale.Agent, 0, n), pos: make([]morale.Vec2, 0, n), rng: 0x9e3779b97f4a7c15}
	const squad, pitch = 100, 150.0 // men per squad; cm between men
	blocks := n / squad
	side := int(math.Ceil(math.Sqrt(float64(blocks))))
	for q := range blocks {
		bx, by := q%side, q/side
		for k := range squad {
			p := morale.Vec2{X: float64(bx*10+k%10)*pitch + pitch/2, Y: float64(by*10+k/10)*pitch + pitch/2}
			h.agents = append(h.agents, w.Spawn(morale.SquadID(q), p))
			h.pos = append(h.pos, p)
		}
	}
	return h
}

// rand returns the next number of the game's xorshift generator.
func (h *horde) rand() uint64 {
	h.rng ^= h.rng << 13
	h.rng ^= h.rng >> 7
	h.rng ^= h.rng << 17
	return h.rng
}

// march moves every man 2.5 cm north with a jitter of up to ±1 cm.
func (h *horde) march() {
	for i := range h.pos {
		r := h.rand()
		h.pos[i].X += float64(int64(r&0xff)-128) / 128
		h.pos[i].Y += 2.5 + float64(int64((r>>8)&0xff)-128)/128
	}
}

// kill returns a random man and drops him from the game's slices.
func (h *horde) kill() *morale.Agent {
	k := int(h.rand() % uint64(len(h.agents)))
	a := h.agents[k]
	last := len(h.agents) - 1
	h.agents[k], h.pos[k] = h.agents[last], h.pos[last]
	h.agents, h.pos = h.agents[:last], h.pos[:last]
	return a
}

func benchHorde(b *testing.B, n int) {
	h := newHorde(b, n)
	w := h.w
	s := w.Settings()
	w.Advance(s.SquadUpdateInterval) // loading: the first step
	fieldSide := math.Sqrt(float64(n)) * 150
	flat := make([]morale.Vec2, n)
	var frames, floor, cpuFrames, cpuFloor []time.Duration
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	_, haveCPU := threadCPU()
	runtime.GC()
	frame := 0
	for b.Loop() {
		b.StopTimer()
		h.march()
		dead := h.kill()
		at := dead.Position()
		var shell morale.Vec2
		if frame%30 == 0 {
			shell = morale.Vec2{X: float64(h.rand()%1e9) / 1e9 * fieldSide, Y: float64(h.rand()%1e9) / 1e9 * fieldSide}
		}
		b.StartTimer()
		cpu, _ := threadCPU()
		start := time.Now()
		for i, a := range h.agents {
			a.SetPosition(h.pos[i])
		}
		if err := w.ReportEventAtLocation(morale.AllyDown, at, 0, nil, 1); err != nil {
			b.Fatal(err)
		}
		w.Remove(dead)
		if frame%30 == 0 {
			if err := w.ReportEventAtLocation(morale.Suppressed, shell, 0, nil, 1); err != nil {
				b.Fatal(err)
			}
		}
		w.Advance(1.0 / 60)
		frames = append(frames, time.Since(start))
		now, _ := threadCPU()
		cpuFrames = append(cpuFrames, now-cpu)
		b.StopTimer()
		cpu, _ = threadCPU()
		start = time.Now()
		moveFloor(flat[:len(h.pos)], h.pos)
		floor = append(floor, time.Since(start))
		now, _ = threadCPU()
		cpuFloor = append(cpuFloor, now-cpu)
		b.StartTimer()
		frame++
	}
	ms := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }
	over := 0
	for _, d := range frames {
		if d > 16700*time.Microsecond {
			over++
		}
	}
	slices.Sort(frames)
	p := func(q float64) float64 { return ms(frames[min(len(frames)-1, int(q*float64(len(frames))))]) }
	p50, worst := median(slices.Clone(frames))/1e6, ms(frames[len(frames)-1])
	fl := median(floor) / 1e6
	b.ReportMetric(p50, "p50-ms")
	b.ReportMetric(p(0.99), "p99-ms")
	b.ReportMetric(worst, "max-ms")
	b.ReportMetric(float64(over), "frames>16.7ms")
	b.ReportMetric(fl, "floor-ms")
	b.ReportMetric(p50/fl, "x-floor")
	b.ReportMetric(worst/p50, "x-p50")
	if haveCPU {
		cp50, cfl := median(slices.Clone(cpuFrames))/1e6, median(cpuFloor)/1e6
		cmax := ms(slices.Max(cpuFrames))
		b.ReportMetric(cp50, "cpu-p50-ms")
		b.ReportMetric(cmax, "cpu-max-ms")
		b.ReportMetric(cfl, "cpu-floor-ms")
		b.ReportMetric(cp50/cfl, "cpu-x-floor")
		b.ReportMetric(cmax/cp50, "cpu-x-p50")
	}
}
