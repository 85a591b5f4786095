package morale_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// BenchmarkLedgerStep measures one step of 10,000 agents in 100 squads with
// the cause ledger off and on (64 entries per agent, a 30 s window), calm
// and in combat (bad news to a tenth of the agents between steps, as
// BenchmarkWorldStep does, outside the timer). The difference of the
// ns/agent-step of "on" and "off" is the ledger's cost per agent-step.
func BenchmarkLedgerStep(b *testing.B) {
	const n = 10000
	for _, mode := range []string{"calm", "combat"} {
		for _, on := range []bool{false, true} {
			name := fmt.Sprintf("%s/ledger=off", mode)
			if on {
				name = fmt.Sprintf("%s/ledger=on", mode)
			}
			b.Run(name, func(b *testing.B) {
				w := benchWorld(b, n, 100, 1e7)
				if on {
					if err := w.EnableLedger(morale.LedgerOptions{PerAgent: 64, Window: 30}); err != nil {
						b.Fatal(err)
					}
				}
				var agents []*morale.Agent
				for a := range w.Agents() {
					agents = append(agents, a)
				}
				interval := w.Settings().SquadUpdateInterval
				for range 200 { // fill the rings: the steady state, not the growth
					w.Advance(interval)
				}
				k := 0
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					if mode == "combat" {
						b.StopTimer()
						for j := 0; j < n/10; j++ {
							k = (k + 7919) % n
							_ = agents[k].ReportEvent(morale.Suppressed, 1)
							_ = agents[(k+1)%n].ReportEvent(morale.ReinforcementsArrived, 0.5)
						}
						b.StartTimer()
					}
					w.Advance(interval)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/agent-step")
			})
		}
	}
}

// BenchmarkLedgerHit measures ReportEventAtLocation of Suppressed (the
// default 30 m reach) at random places among 10,000 agents packed in a
// 300 m square, about 300 of them reached per event, with the ledger off and
// on. ns/hit is the time per agent reached; the difference of "on" and
// "off" is the ledger's cost per hit.
func BenchmarkLedgerHit(b *testing.B) {
	const n, side = 10000, 30000.0
	for _, on := range []bool{false, true} {
		name := "ledger=off"
		if on {
			name = "ledger=on"
		}
		b.Run(name, func(b *testing.B) {
			w := benchWorld(b, n, 10, side)
			if on {
				if err := w.EnableLedger(morale.LedgerOptions{PerAgent: 64, Window: 30}); err != nil {
					b.Fatal(err)
				}
			}
			reach := w.Settings().NoEffectRadius
			var pos []morale.Vec2
			for a := range w.Agents() {
				pos = append(pos, a.Position())
			}
			r := rand.New(rand.NewPCG(6, 7))
			const places = 256
			at := make([]morale.Vec2, places)
			hits := make([]int, places)
			for k := range at {
				at[k] = morale.Vec2{X: r.Float64() * side, Y: r.Float64() * side}
				for _, p := range pos {
					if p.Dist(at[k]) <= reach {
						hits[k]++
					}
				}
			}
			for k := range 3000 { // fill the rings (64 entries need ~2100 events)
				_ = w.ReportEventAtLocation(morale.Suppressed, at[k%places], 0, nil, 1)
			}
			total, k := 0, 0
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if err := w.ReportEventAtLocation(morale.Suppressed, at[k], 0, nil, 1); err != nil {
					b.Fatal(err)
				}
				total += hits[k]
				k = (k + 1) % places
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(total), "ns/hit")
		})
	}
}
