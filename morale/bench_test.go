package morale_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// benchWorld returns a World of n agents in squads squads, spread over a
// square of side cm, with morale scattered over 0.2..1 so that contagion,
// recovery and state changes all have work to do.
func benchWorld(b *testing.B, n, squads int, side float64) *morale.World {
	b.Helper()
	w, err := morale.NewWorld(morale.DefaultSettings(), 1)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(2, 3))
	for i := range n {
		a := w.Spawn(morale.SquadID(i%squads), morale.Vec2{X: r.Float64() * side, Y: r.Float64() * side})
		if err := a.SetMorale(0.2 + 0.8*r.Float64()); err != nil {
			b.Fatal(err)
		}
	}
	return w
}

var benchSizes = []int{1e3, 1e4, 1e5, 1e6}

// BenchmarkWorldStep measures one fixed step of the World (contagion,
// recovery, rout timers, state resolution) per agent. The "combat" variant
// also reports bad news to a tenth of the agents between steps, so that
// morale keeps falling and states keep changing.
func BenchmarkWorldStep(b *testing.B) {
	for _, combat := range []bool{false, true} {
		for _, n := range benchSizes {
			for _, squads := range []int{10, 1000} {
				mode := "calm"
				if combat {
					mode = "combat"
				}
				b.Run(fmt.Sprintf("%s/agents=%d/squads=%d", mode, n, squads), func(b *testing.B) {
					w := benchWorld(b, n, squads, 1e7)
					var agents []*morale.Agent
					if combat {
						for a := range w.Agents() {
							agents = append(agents, a)
						}
					}
					interval := w.Settings().SquadUpdateInterval
					k := 0
					b.ReportAllocs()
					b.ResetTimer()
					for b.Loop() {
						if combat {
							b.StopTimer()
							for j := 0; j < len(agents)/10; j++ {
								k = (k + 7919) % len(agents)
								_ = agents[k].ReportEvent(morale.Suppressed, 1)
								_ = agents[(k+1)%len(agents)].ReportEvent(morale.ReinforcementsArrived, 0.5)
							}
							b.StartTimer()
						}
						w.Advance(interval)
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/agent-step")
				})
			}
		}
	}
}

// BenchmarkFloor is the floor the World's step is held against: one pass
// that merely reads the same per-agent data a step reads (morale, flags,
// squad, two timestamps, state) and writes morale and the squad sums, with
// no rules at all.
func BenchmarkFloor(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("agents=%d", n), func(b *testing.B) {
			var (
				morale  = make([]float64, n)
				flags   = make([]uint8, n)
				squad   = make([]int32, n)
				badNews = make([]int64, n)
				since   = make([]int64, n)
				state   = make([]uint8, n)
				sums    = make([]float64, 10)
			)
			for i := range n {
				morale[i] = float64(i%97) / 97
				squad[i] = int32(i % 10)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				for i := range morale {
					m := morale[i] + float64(flags[i]) + float64(badNews[i]+since[i]) + float64(state[i])
					morale[i] = m
					sums[squad[i]] += m
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/agent-step")
		})
	}
}

// BenchmarkNaiveSquadScan is the naive contagion a game might write first
// (docs/performance.md, "Against scanning the squad"): every agent scans its
// own squad for the average before pulling towards it, which is quadratic in
// squad size. Compare with WorldStep at the same squad size.
func BenchmarkNaiveSquadScan(b *testing.B) {
	const n = 10000
	for _, size := range []int{10, 100, 1000} {
		b.Run(fmt.Sprintf("squadsize=%d", size), func(b *testing.B) {
			morales := make([]float64, n)
			members := make([][]int32, n/size)
			for i := range n {
				morales[i] = float64(i%97) / 97
				members[i/size] = append(members[i/size], int32(i))
			}
			s := morale.DefaultSettings()
			factor := morale.ContagionFactor(s.ContagionPerSecond, s.SquadUpdateInterval)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				for i := range morales {
					sum := 0.0
					for _, j := range members[i/size] {
						sum += morales[j]
					}
					morales[i] = morale.ContagionPull(morales[i], sum/float64(size), factor)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/agent-step")
		})
		b.Run(fmt.Sprintf("world/squadsize=%d", size), func(b *testing.B) {
			w := benchWorld(b, n, n/size, 1e5)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				w.Advance(0.25)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/agent-step")
		})
	}
}

// BenchmarkReportEventAtLocation measures one event at a random location with
// the default reach (NoEffectRadius, 30 m) among agents spread over a 100 km
// square. Its cost follows the agents within reach, not the World's size;
// "linear" is the reference scan of every agent.
func BenchmarkReportEventAtLocation(b *testing.B) {
	const side = 1e7 // 100 km in centimetres
	for _, n := range []int{1e4, 1e5, 1e6} {
		b.Run(fmt.Sprintf("agents=%d", n), func(b *testing.B) {
			w := benchWorld(b, n, 10, side)
			r := rand.New(rand.NewPCG(4, 5))
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				at := morale.Vec2{X: r.Float64() * side, Y: r.Float64() * side}
				if err := w.ReportEventAtLocation(morale.Suppressed, at, 0, nil, 1); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("linear/agents=%d", n), func(b *testing.B) {
			r := rand.New(rand.NewPCG(4, 5))
			pos := make([]morale.Vec2, n)
			m := make([]float64, n)
			for i := range pos {
				pos[i] = morale.Vec2{X: r.Float64() * side, Y: r.Float64() * side}
				m[i] = 1
			}
			s := morale.DefaultSettings()
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				at := morale.Vec2{X: r.Float64() * side, Y: r.Float64() * side}
				for i, p := range pos {
					if d := p.Dist(at); d <= s.NoEffectRadius {
						m[i] = morale.ApplyMoraleEvent(m[i], s.Weights[morale.Suppressed], morale.DistanceFalloff(d, s.FullEffectRadius, s.NoEffectRadius), 0.4)
					}
				}
			}
		})
	}
}

// BenchmarkStepAfterSquadChurn measures a step of 10 agents in a World
// through which a million squad IDs and cells came and went, next to a
// fresh World's: with squad slots and grid cells reclaimed, both cost what
// ten agents cost.
func BenchmarkStepAfterSquadChurn(b *testing.B) {
	for _, seen := range []int{10, 1e6} {
		b.Run(fmt.Sprintf("squads-seen=%d", seen), func(b *testing.B) {
			w, err := morale.NewWorld(morale.DefaultSettings(), 1)
			if err != nil {
				b.Fatal(err)
			}
			var live []*morale.Agent
			for i := range 10 {
				live = append(live, w.Spawn(morale.SquadID(i), morale.Vec2{}, morale.WithMorale(0.5)))
			}
			for i := 10; i < seen; i++ {
				k := i % 10
				w.Remove(live[k])
				live[k] = w.Spawn(morale.SquadID(i), morale.Vec2{X: float64(i) * 3000}, morale.WithMorale(0.5))
			}
			interval := w.Settings().SquadUpdateInterval
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				w.Advance(interval)
			}
		})
	}
}
