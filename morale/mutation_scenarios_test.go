package morale_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// mutationScenarios are the seeded fights the mutation test watches
// (mutation_test.go). Each drives one path of the World, or all of them,
// and returns a hash of every agent's morale bits and state, in the World's
// order, and of every listener call.
var mutationScenarios = []struct {
	name string
	run  func(t *testing.T) uint64
}{
	{"step", scenarioStep},
	{"agent events", scenarioAgentEvents},
	{"location events", scenarioLocationEvents},
	{"rallies", scenarioRallies},
	{"ledger", scenarioLedger},
	{"fight", func(t *testing.T) uint64 { h, _ := fight(t); return h }},
}

// TestMutationScenarios prints each scenario's hash, for mutation_test.go to
// read from a copy of the package. It runs only when that test asks.
func TestMutationScenarios(t *testing.T) {
	if os.Getenv("MORALE_MUTATION_SCENARIOS") == "" {
		t.Skip("run by mutation_test.go in its copies of the package")
	}
	for _, s := range mutationScenarios {
		fmt.Printf("mutation-scenario %q %#016x\n", s.name, s.run(t))
	}
}

// scenarioWorld is a World of n agents in squads of 50, side by side over
// 200 m, with morale drawn from lo..1 (every ninth immune to contagion),
// and a hash of every listener call.
func scenarioWorld(t *testing.T, n int, lo float64) (*morale.World, *uint64) {
	t.Helper()
	w, err := morale.NewWorld(morale.DefaultSettings(), 77)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(77, 78))
	for i := range n {
		opts := []morale.SpawnOption{morale.WithMorale(lo + float64(r.IntN(1000))*(1-lo)/1000)}
		if i%9 == 4 {
			opts = append(opts, morale.WithoutContagion())
		}
		w.Spawn(morale.SquadID(i/50), morale.Vec2{X: float64(i%100) * 200, Y: float64(i/100) * 200}, opts...)
	}
	h := uint64(fnvOffset)
	put := func(vs ...uint64) {
		for _, v := range vs {
			h = (h ^ v) * fnvPrime
		}
	}
	w.OnMoraleChanged(func(a *morale.Agent, m float64, why morale.Reason) {
		put(1, uint64(a.Index()), math.Float64bits(m), uint64(why.Kind))
	})
	w.OnStateChanged(func(a *morale.Agent, old, new morale.State, why morale.Reason) {
		put(2, uint64(a.Index()), uint64(old), uint64(new), uint64(why.Kind))
	})
	return w, &h
}

// scenarioHash returns the hash of w's agents, in its order, and of the
// listener calls in h.
func scenarioHash(w *morale.World, h *uint64) uint64 {
	x := *h
	for a := range w.Agents() {
		x = (x ^ math.Float64bits(a.Morale())) * fnvPrime
		x = (x ^ uint64(a.State())) * fnvPrime
	}
	return x
}

// scenarioStep: steps alone, from morale scattered over 0.05..1, so that
// agents are pulled, recover, fall, panic, rout and come back.
func scenarioStep(t *testing.T) uint64 {
	w, h := scenarioWorld(t, 2000, 0.05)
	for range 100 {
		w.Advance(0.25)
	}
	return scenarioHash(w, h)
}

// scenarioAgentEvents: events and custom events on agents, no step.
func scenarioAgentEvents(t *testing.T) uint64 {
	w, h := scenarioWorld(t, 500, 0.5)
	r := rand.New(rand.NewPCG(3, 4))
	for k := range 2000 {
		a := w.Agent(r.IntN(w.Len()))
		var err error
		if k%5 == 0 {
			err = a.ReportCustomEvent(float64(r.IntN(41)-20) / 100)
		} else {
			err = a.ReportEvent([]morale.Event{morale.AllyDown, morale.EnemyDown, morale.TookDamage}[k%3], float64(r.IntN(30))/10)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return scenarioHash(w, h)
}

// scenarioLocationEvents: events at locations, with and without a squad
// filter and a radius, no step.
func scenarioLocationEvents(t *testing.T) uint64 {
	w, h := scenarioWorld(t, 2000, 0.5)
	r := rand.New(rand.NewPCG(5, 6))
	for k := range 300 {
		at := morale.Vec2{X: r.Float64() * 20000, Y: r.Float64() * 4000}
		var squads []morale.SquadID
		if k%4 == 0 {
			squads = []morale.SquadID{morale.SquadID(r.IntN(40))}
		}
		radius := []float64{0, 800, 2500}[k%3]
		e := []morale.Event{morale.AllyDown, morale.Suppressed, morale.ReinforcementsArrived}[k%3]
		if err := w.ReportEventAtLocation(e, at, radius, squads, float64(1+r.IntN(3))); err != nil {
			t.Fatal(err)
		}
	}
	return scenarioHash(w, h)
}

// scenarioRallies: a beaten army rallied man by man and squad by squad,
// with steps between.
func scenarioRallies(t *testing.T) uint64 {
	w, h := scenarioWorld(t, 1000, 0.02)
	r := rand.New(rand.NewPCG(7, 8))
	for k := range 40 {
		if k%3 == 0 {
			w.RallySquad(morale.SquadID(r.IntN(20)))
		} else {
			w.Agent(r.IntN(w.Len())).Rally()
		}
		w.Advance(0.5)
	}
	return scenarioHash(w, h)
}

// scenarioLedger: events at locations and on agents, and steps, with the
// cause ledger on; the hash also covers every agent's explanation.
func scenarioLedger(t *testing.T) uint64 {
	w, h := scenarioWorld(t, 600, 0.3)
	if err := w.EnableLedger(morale.LedgerOptions{PerAgent: 8, Window: math.Inf(1)}); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(9, 10))
	for k := range 60 {
		at := morale.Vec2{X: r.Float64() * 20000, Y: r.Float64() * 1200}
		if err := w.ReportEventAtLocation(morale.AllyDown, at, 0, nil, 1); err != nil {
			t.Fatal(err)
		}
		if err := w.Agent(r.IntN(w.Len())).ReportEvent(morale.LeaderNearby, 1); err != nil {
			t.Fatal(err)
		}
		if k%2 == 0 {
			w.Advance(0.25)
		}
	}
	x := scenarioHash(w, h)
	for a := range w.Agents() {
		e, err := w.Explain(a)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range e.Changes {
			for _, v := range []float64{c.Delta, c.Falloff, c.Distance, c.Kept} {
				x = (x ^ math.Float64bits(v)) * fnvPrime
			}
		}
	}
	return x
}
