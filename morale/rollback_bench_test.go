package morale_test

import (
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// BenchmarkRollback measures savegames as a rollback game uses them, a save
// every frame and a load when it rewinds: 1e4 and 1e6 agents at battle
// density (one per m²), 1000 squads, after 40 steps in combat (a tenth of
// the agents given bad news and another tenth good news each step), one
// core. …/save is World.AppendBinary into the game's buffer, kept between
// frames; …/load is World.UnmarshalBinary of that save into a second World
// that has loaded it before (its settings text kept: see UnmarshalBinary).
// Each op is timed interleaved with a pass of the plain 48-byte floor over
// as many agents (timeWithFloors): median-ns/agent is the median op ÷
// agents, plain-ns/agent the floor's, x-plain their ratio; combat-% is the
// share of the agents in combat (inCombat) in the World saved, whose timers
// and morale make the save's varints longer than a calm World's. Use
// -benchtime Nx, N ≥ 5.
func BenchmarkRollback(b *testing.B) {
	for _, n := range []int{1e4, 1e6} {
		b.Run(sizeName(n), func(b *testing.B) { benchRollback(b, n) })
	}
}

// benchRollback is BenchmarkRollback's rows of n agents.
func benchRollback(b *testing.B, n int) {
	w := foughtWorld(b, n)
	combat := inCombat(w)
	buf, err := w.AppendBinary(nil)
	if err != nil {
		b.Fatal(err)
	}
	var v morale.World
	if err := v.UnmarshalBinary(buf); err != nil {
		b.Fatal(err)
	}
	fl := make([]morale.PlainAgent, n)
	ops := []struct {
		name string
		op   func()
	}{
		{"save", func() {
			if buf, err = w.AppendBinary(buf[:0]); err != nil {
				b.Fatal(err)
			}
		}},
		{"load", func() {
			if err := v.UnmarshalBinary(buf); err != nil {
				b.Fatal(err)
			}
		}},
	}
	for _, o := range ops {
		b.Run(o.name, func(b *testing.B) {
			b.ReportAllocs()
			op, floors := timeWithFloors(b, nil, o.op, func() { morale.PlainFloor(fl) })
			perAgent(b, n)
			b.ReportMetric(op/float64(n), "median-ns/agent")
			b.ReportMetric(floors[0]/float64(n), "plain-ns/agent")
			b.ReportMetric(op/floors[0], "x-plain")
			b.ReportMetric(combat, "combat-%")
		})
	}
}
