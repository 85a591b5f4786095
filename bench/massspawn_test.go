package bench_test

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/morale"
)

// massArk returns, beside the World's agents just spawned, the same agents
// in an ark World as one entity each, in spawn order (population.arkWith):
// the World's morale and nerve, squad i%squads, Steady, no bad news yet;
// its rules step every interval of s.
func massArk(s morale.Settings, agents []*morale.Agent, squads int) *arkWorld {
	p := population{squads: squads, morale: make([]float64, len(agents)), nerv: make([]float64, len(agents))}
	for i, ag := range agents {
		p.morale[i], p.nerv[i] = ag.Morale(), ag.Nerve()
	}
	return p.arkWith(s)
}

// eventAt reports event e at place p, with the default reach, to the ark
// agents at pos (agent i at pos[i]), as World.ReportEventAtLocation does:
// a plain scan of every agent, each one within NoEffectRadius with a
// falloff above zero taking the news of e at scale × DistanceFalloff
// (event, as Agent.ReportEvent).
func (a *arkWorld) eventAt(pos []morale.Vec2, p morale.Vec2, e morale.Event, scale float64) {
	s := &a.rules.S
	for i, q := range pos {
		d := q.Dist(p)
		if f := morale.DistanceFalloff(d, s.FullEffectRadius, s.NoEffectRadius); d <= s.NoEffectRadius && f > 0 {
			a.event(i, e, scale*f)
		}
	}
}

// BenchmarkArkMassSpawn is the World's BenchmarkMassSpawn (issue "A
// million from the first step") with ark beside it, from the first step:
// 1e6 agents spawned at uniformly random places at one per m² (a 1 km
// square), squads i % 1000, full morale; the same agents as ark entities
// in spawn order with the World's nerve; 200 Suppressed events at random
// places, the default reach, told to both (ark's by a plain scan of the
// game's positions, untimed); then 30 times: a step of each, timed alone
// (the World's Advance(0.25), ark's columns system, the order of the two
// alternating), every agent walked up to 1.5 m in a random direction and
// handed to the World with SetPosition in spawn order (untimed: a move
// does not enter ark's update), and one Suppressed event at a random place
// told to both. One core. Reported: each side's median of steps 1–7 (cold)
// and of steps 8–30 (steady) in ns an agent, and ark's ÷ the World's
// (x-ark-cold, x-ark-steady; the target is 2 or more). At the end every
// agent's morale on the two sides must agree to 1e-9 and his state must
// be the same (the squad sums add in another order, so their last bits
// may differ): otherwise the two did not do the same work and it fails.
func BenchmarkArkMassSpawn(b *testing.B) {
	const n, squads, steps, cold = 1000000, 1000, 30, 7
	side := math.Sqrt(n) * 100
	for b.Loop() {
		b.StopTimer()
		r := rand.New(rand.NewPCG(11, 12))
		at := make([]morale.Vec2, n)
		for i := range at {
			at[i] = morale.Vec2{X: r.Float64() * side, Y: r.Float64() * side}
		}
		s := morale.DefaultSettings()
		s.SquadUpdateInterval = 0.25
		w, err := morale.NewWorld(s, 1)
		if err != nil {
			b.Fatal(err)
		}
		agents := make([]*morale.Agent, n)
		for i := range agents {
			agents[i] = w.Spawn(morale.SquadID(i%squads), at[i])
		}
		a := massArk(s, agents, squads)
		shell := func() {
			p := morale.Vec2{X: r.Float64() * side, Y: r.Float64() * side}
			if err := w.ReportEventAtLocation(morale.Suppressed, p, 0, nil, 1); err != nil {
				b.Fatal(err)
			}
			a.eventAt(at, p, morale.Suppressed, 1)
		}
		for range 200 {
			shell()
		}
		var worldT, arkT []time.Duration
		for k := range steps {
			t0 := time.Now()
			if k%2 == 0 {
				w.Advance(s.SquadUpdateInterval)
			} else {
				a.stepColumns()
			}
			t1 := time.Now()
			if k%2 == 0 {
				a.stepColumns()
			} else {
				w.Advance(s.SquadUpdateInterval)
			}
			first, second := t1.Sub(t0), time.Since(t1)
			if k%2 == 1 {
				first, second = second, first
			}
			worldT, arkT = append(worldT, first), append(arkT, second)
			for i := range at {
				ang := r.Float64() * 2 * math.Pi
				step := r.Float64() * 150
				at[i].X += step * math.Cos(ang)
				at[i].Y += step * math.Sin(ang)
			}
			for i, ag := range agents {
				ag.SetPosition(at[i])
			}
			shell()
		}
		sameWork(b, a, agents)
		wc, ws, ac, as := medianNs(worldT[:cold]), medianNs(worldT[cold:]), medianNs(arkT[:cold]), medianNs(arkT[cold:])
		b.ReportMetric(wc/n, "world-cold-ns/agent")
		b.ReportMetric(ws/n, "world-steady-ns/agent")
		b.ReportMetric(ac/n, "ark-cold-ns/agent")
		b.ReportMetric(as/n, "ark-steady-ns/agent")
		b.ReportMetric(ac/wc, "x-ark-cold")
		b.ReportMetric(as/ws, "x-ark-steady")
		b.StartTimer()
	}
}

// sameWork fails b unless the ark agents and the World's agents end with
// the same states and morale within 1e-9, with some agents below full
// morale: the two sides then did the same update on a population in combat.
func sameWork(b *testing.B, a *arkWorld, agents []*morale.Agent) {
	b.Helper()
	var hurt int
	for i, ag := range agents {
		m, _, _, t := a.mapper.Get(a.entities[i])
		if d := math.Abs(m.Value - ag.Morale()); !(d <= 1e-9) {
			b.Fatalf("agent %d: ark morale %v; the World's %v", i, m.Value, ag.Morale())
		}
		if t.State != ag.State() {
			b.Fatalf("agent %d: ark state %v; the World's %v", i, t.State, ag.State())
		}
		if m.Value < 1 {
			hurt++
		}
	}
	if hurt == 0 {
		b.Fatalf("every agent is at full morale: the run is not in combat")
	}
	b.Logf("%d of %d agents below full morale at the end", hurt, len(agents))
}
