package morale_test

import (
	"math"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// FuzzLedger drives two Worlds of the same seed with the same random
// operations, one with the ledger on (a ring large enough for the whole
// history) and one without, and checks that the ledger changes no bit of
// any agent's morale or state, that for every agent the recorded deltas sum
// to his morale now minus his morale at spawn (within 1e-9), and that his
// last recorded state change leads to his state now.
func FuzzLedger(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 0, 10, 20, 200, 50, 0, 1, 30, 40, 100, 60, 2, 0, 1, 3, 1, 0, 0, 0, 3, 4, 4, 4, 6, 4, 8, 0, 100, 4, 7})
	var battle []byte
	for i := range 10 {
		battle = append(battle, 0, byte(i%3), byte(i*30), byte(i*17), byte(i*37), byte(i*11))
	}
	for i := range 40 {
		battle = append(battle, 3, byte(i%4), byte(i*13), byte(i*7), byte(i%5), 3, 4, byte(i%9))
		if i%7 == 0 {
			battle = append(battle, 6, byte(i), 7, byte(i+1), 8, byte(i+2), byte(i*9), 1, byte(i))
		}
	}
	f.Add(battle)
	f.Fuzz(func(t *testing.T, data []byte) {
		in := &fuzzInput{b: data}
		var worlds [2]*morale.World
		for k := range worlds {
			w, err := morale.NewWorld(morale.DefaultSettings(), 11)
			if err != nil {
				t.Fatal(err)
			}
			// A listener that changes morale while changes are told.
			w.OnStateChanged(func(a *morale.Agent, old, new morale.State, why morale.Reason) {
				if new == morale.Panicked && a.Morale() < 0.1 {
					_ = a.SetMorale(0.1)
				}
			})
			worlds[k] = w
		}
		on := worlds[1]
		if err := on.EnableLedger(morale.LedgerOptions{PerAgent: 1 << 20, Window: math.Inf(1)}); err != nil {
			t.Fatal(err)
		}
		var agents [2][]*morale.Agent
		var start []float64
		pick := func() int { return in.pick(max(len(start), 1)) }
		for ops := 0; in.more() && ops < 400; ops++ {
			op := in.pick(10)
			switch op {
			case 0: // spawn
				sq, x, y, m, nv := morale.SquadID(in.pick(3)), in.frac()*4000, in.frac()*4000, in.frac(), in.frac()
				for k, w := range worlds {
					agents[k] = append(agents[k], w.Spawn(sq, morale.Vec2{X: x, Y: y}, morale.WithMorale(m), morale.WithNerve(nv)))
				}
				start = append(start, m)
				continue
			}
			if len(start) == 0 {
				continue
			}
			j := pick()
			switch op {
			case 1: // remove
				for k, w := range worlds {
					w.Remove(agents[k][j])
					agents[k] = append(agents[k][:j], agents[k][j+1:]...)
				}
				start = append(start[:j], start[j+1:]...)
			case 2:
				e, sc := fuzzEvents[in.pick(len(fuzzEvents))], fuzzScales[in.pick(len(fuzzScales))]
				for k := range worlds {
					_ = agents[k][j].ReportEvent(e, sc)
				}
			case 3:
				e, x, y := fuzzEvents[in.pick(len(fuzzEvents))], in.frac()*4000, in.frac()*4000
				r, sc := fuzzRadii[in.pick(len(fuzzRadii))], fuzzScales[in.pick(len(fuzzScales))]
				var squads []morale.SquadID
				if in.pick(2) == 1 {
					squads = []morale.SquadID{morale.SquadID(in.pick(3))}
				}
				for _, w := range worlds {
					_ = w.ReportEventAtLocation(e, morale.Vec2{X: x, Y: y}, r, squads, sc)
				}
			case 4:
				dt := fuzzDts[in.pick(len(fuzzDts))]
				for _, w := range worlds {
					w.Advance(dt)
				}
			case 5:
				v := in.frac()*2 - 1
				for k := range worlds {
					_ = agents[k][j].ReportCustomEvent(v)
				}
			case 6:
				for k := range worlds {
					agents[k][j].Rally()
				}
			case 7:
				for k := range worlds {
					agents[k][j].ForceRout()
				}
			case 8:
				v := in.frac()
				for k := range worlds {
					_ = agents[k][j].SetMorale(v)
				}
			case 9:
				sq := morale.SquadID(in.pick(3))
				for _, w := range worlds {
					w.RallySquad(sq)
				}
			}
		}
		for j := range start {
			off, a := agents[0][j], agents[1][j]
			if math.Float64bits(off.Morale()) != math.Float64bits(a.Morale()) || off.State() != a.State() {
				t.Fatalf("agent %d: with the ledger morale %v (%v); without %v (%v)", j, a.Morale(), a.State(), off.Morale(), off.State())
			}
			x, err := on.ExplainWindow(a, math.Inf(1))
			if err != nil {
				t.Fatal(err)
			}
			sum := 0.0
			for _, e := range x.Changes {
				sum += e.Delta
			}
			if d := a.Morale() - start[j]; math.Abs(sum-d) > 1e-9 {
				t.Fatalf("agent %d: got a sum of deltas %v; want his change %v (within 1e-9)", j, sum, d)
			}
			if n := len(x.States); n > 0 && x.States[n-1].To != a.State() {
				t.Fatalf("agent %d: got the last state change to %v; want his state %v", j, x.States[n-1].To, a.State())
			}
		}
	})
}
