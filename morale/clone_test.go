package morale_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// fingerprint is everything a caller can read of w, as exact bits: the
// clock, every agent (in the World's order) with his Snapshot, every
// squad's SquadStats and, with the ledger on, every agent's Explain.
func fingerprint(t testing.TB, w *morale.World) string {
	t.Helper()
	var b strings.Builder
	bits := func(v float64) uint64 { return math.Float64bits(v) }
	fmt.Fprintf(&b, "now %x steps %d len %d dropped %x workers %d ledger %v\n",
		bits(w.Now()), w.Steps(), w.Len(), bits(w.DroppedSeconds()), w.Workers(), w.LedgerEnabled())
	for a := range w.Agents() {
		s := a.Snapshot()
		fmt.Fprintf(&b, "agent %d: %v m %x n %x sq %d at %x,%x leader %v cont %v in %x news %x why %v\n",
			a.Index(), s.State, bits(s.Morale), bits(s.Nerve), s.Squad, bits(s.Position.X), bits(s.Position.Y),
			s.Leader, s.AffectedByContagion, bits(s.SecondsInState), bits(s.SecondsSinceBadNews), s.LastReason)
		if w.LedgerEnabled() {
			x, err := w.Explain(a)
			if err != nil {
				t.Fatalf("Explain: %v", err)
			}
			fmt.Fprintf(&b, "  %s\n  %d changes %d states\n", x, len(x.Changes), len(x.States))
			for _, c := range x.Changes {
				fmt.Fprintf(&b, "  %v %x %x %x %d\n", c.Cause, bits(c.From), bits(c.At), bits(c.Delta), c.Steps)
			}
		}
	}
	for _, id := range w.SquadIDs() {
		st, _ := w.SquadStats(id)
		fmt.Fprintf(&b, "squad %d: %d avg %x low %x %v\n", id, st.Count, bits(st.Average), bits(st.Lowest), st.ByState)
	}
	return b.String()
}

// op is one call a game makes on a World, picked by a random number so
// that two Worlds given the same numbers get the same calls.
func op(t testing.TB, w *morale.World, r *rand.Rand) {
	t.Helper()
	pick := func() *morale.Agent {
		if w.Len() == 0 {
			return nil
		}
		return w.Agent(r.IntN(w.Len()))
	}
	at := func() morale.Vec2 { return morale.Vec2{X: r.Float64() * 8000, Y: r.Float64() * 8000} }
	squad := func() morale.SquadID { return morale.SquadID(1 + r.IntN(5)) }
	events := []morale.Event{morale.AllyDown, morale.LeaderDown, morale.Suppressed, morale.EnemyDown, morale.TookDamage}
	switch k := r.IntN(100); {
	case k < 20:
		w.Advance(r.Float64() * 0.7)
	case k < 32:
		var opts []morale.SpawnOption
		if r.IntN(4) == 0 {
			opts = append(opts, morale.AsLeader())
		}
		if r.IntN(5) == 0 {
			opts = append(opts, morale.WithoutContagion())
		}
		w.Spawn(squad(), at(), opts...)
	case k < 40:
		w.Remove(pick())
	case k < 55:
		if err := w.ReportEventAtLocation(events[r.IntN(len(events))], at(), 0, nil, 0.5+r.Float64()); err != nil {
			t.Fatal(err)
		}
	case k < 65:
		if a := pick(); a != nil {
			if err := a.ReportEvent(events[r.IntN(len(events))], r.Float64()*2); err != nil {
				t.Fatal(err)
			}
		}
	case k < 75:
		if a := pick(); a != nil {
			a.SetPosition(at())
		}
	case k < 80:
		if a := pick(); a != nil {
			a.SetSquad(squad())
		}
	case k < 84:
		w.RallySquad(squad())
	case k < 88:
		if a := pick(); a != nil {
			a.ForceRout()
		}
	case k < 92:
		if a := pick(); a != nil {
			if err := a.SetMorale(r.Float64()); err != nil {
				t.Fatal(err)
			}
		}
	case k < 95:
		s := w.Settings()
		s.Weights[morale.AllyDown] = -r.Float64() * 0.5
		s.ContagionPerSecond = r.Float64()
		if err := w.SetSettings(s); err != nil {
			t.Fatal(err)
		}
	default:
		if a := pick(); a != nil {
			if err := a.ReportCustomEvent(r.Float64() - 0.7); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// listened records what the listeners of w are told, by agent position.
func listened(w *morale.World) *[]string {
	var out []string
	w.OnStateChanged(func(a *morale.Agent, old, new morale.State, why morale.Reason) {
		out = append(out, fmt.Sprintf("%d %v>%v %v", a.Index(), old, new, why))
	})
	w.OnMoraleChanged(func(a *morale.Agent, m float64, why morale.Reason) {
		out = append(out, fmt.Sprintf("%d %x %v", a.Index(), math.Float64bits(m), why))
	})
	return &out
}

// A clone, driven with the same calls as its original, stays equal to it to
// the bit (nerves rolled at Spawn, morale, states, squads, the ledger's
// record and sentences, what the listeners are told); and driving one does
// not change the other (the clone stays equal to a twin of the original
// built by the same calls).
func TestCloneEvolvesTheSame(t *testing.T) {
	for _, tc := range []struct {
		name    string
		seed    uint64
		agents  int
		ledger  bool
		workers int
		before  int // calls before the clone
		after   int // calls after it
	}{
		{"empty", 1, 0, false, 1, 0, 150},
		{"small", 2, 20, false, 1, 40, 150},
		{"small-ledger", 3, 20, true, 1, 60, 150},
		{"ledger-tiny-rings", 4, 30, true, 1, 200, 150},
		{"chunks-workers", 5, 2*morale.TestStepChunk + 100, false, 2, 30, 30},
		{"chunks-ledger", 6, morale.TestStepChunk + 10, true, 0, 20, 20},
		{"many-calls", 7, 60, true, 1, 600, 300},
	} {
		t.Run(tc.name, func(t *testing.T) {
			build := func() *morale.World {
				w, err := morale.NewWorld(morale.DefaultSettings(), tc.seed)
				if err != nil {
					t.Fatal(err)
				}
				if err := w.SetWorkers(tc.workers); err != nil {
					t.Fatal(err)
				}
				w.SetStepChunk(morale.TestStepChunk)
				if tc.ledger {
					per := 32
					if tc.name == "ledger-tiny-rings" {
						per = 3
					}
					if err := w.EnableLedger(morale.LedgerOptions{PerAgent: per, Window: 20}); err != nil {
						t.Fatal(err)
					}
				}
				r := rand.New(rand.NewPCG(tc.seed, 99))
				for range tc.agents {
					w.Spawn(morale.SquadID(1+r.IntN(5)), morale.Vec2{X: r.Float64() * 8000, Y: r.Float64() * 8000})
				}
				for range tc.before {
					op(t, w, r)
				}
				return w
			}
			orig, twin := build(), build()
			clone := orig.Clone()
			if got, want := fingerprint(t, clone), fingerprint(t, orig); got != want {
				t.Fatalf("clone differs from its original at once:\n got %.400s\nwant %.400s", got, want)
			}
			// The clone, driven alone, does not move the original.
			heard := listened(clone)
			cr := rand.New(rand.NewPCG(tc.seed, 7))
			for range tc.after {
				op(t, clone, cr)
			}
			if got, want := fingerprint(t, orig), fingerprint(t, twin); got != want {
				t.Fatalf("driving the clone changed the original:\n got %.400s\nwant %.400s", got, want)
			}
			// The original and its twin, driven alike, agree with the
			// clone's path.
			origHeard, twinHeard := listened(orig), listened(twin)
			clone2 := twin.Clone()
			clone2Heard := listened(clone2)
			r1, r2, r3 := rand.New(rand.NewPCG(tc.seed, 7)), rand.New(rand.NewPCG(tc.seed, 7)), rand.New(rand.NewPCG(tc.seed, 7))
			for range tc.after {
				op(t, orig, r1)
				op(t, twin, r2)
				op(t, clone2, r3)
			}
			want := fingerprint(t, clone)
			for name, w := range map[string]*morale.World{"original": orig, "twin": twin, "second clone": clone2} {
				if got := fingerprint(t, w); got != want {
					t.Errorf("%s after the same calls as the clone:\n got %.400s\nwant %.400s", name, got, want)
				}
			}
			for name, h := range map[string]*[]string{"original": origHeard, "twin": twinHeard, "second clone": clone2Heard} {
				if strings.Join(*h, "\n") != strings.Join(*heard, "\n") {
					t.Errorf("the %s's listeners heard %d changes; the clone's %d, or others", name, len(*h), len(*heard))
				}
			}
		})
	}
}

// The clone has none of the original's listeners.
func TestCloneHasNoListeners(t *testing.T) {
	w, err := morale.NewWorld(morale.DefaultSettings(), 1)
	if err != nil {
		t.Fatal(err)
	}
	told := 0
	w.OnStateChanged(func(*morale.Agent, morale.State, morale.State, morale.Reason) { told++ })
	w.OnMoraleChanged(func(*morale.Agent, float64, morale.Reason) { told++ })
	w.Spawn(1, morale.Vec2{})
	c := w.Clone()
	c.Agent(0).ForceRout()
	if err := c.Agent(0).ReportCustomEvent(-0.5); err != nil {
		t.Fatal(err)
	}
	c.Advance(5)
	if told != 0 {
		t.Errorf("the original's listeners were told %d changes of the clone; want 0", told)
	}
	w.Agent(0).ForceRout()
	if told != 1 {
		t.Errorf("the original's listener told %d times of its own rout; want 1", told)
	}
}

// The zero World clones to a zero World: both roll the same nerves.
func TestCloneZeroWorld(t *testing.T) {
	var w morale.World
	c := w.Clone()
	if c.Len() != 0 || c.Now() != 0 || c.LedgerEnabled() {
		t.Fatalf("clone of the zero World: %d agents at %v s, ledger %v; want empty", c.Len(), c.Now(), c.LedgerEnabled())
	}
	a, b := w.Spawn(1, morale.Vec2{}), c.Spawn(1, morale.Vec2{})
	if a.Nerve() != b.Nerve() {
		t.Errorf("nerve rolled by the clone %v; want the original's %v", b.Nerve(), a.Nerve())
	}
	if a.Index() != 0 || c.Agent(0) != b || w.Agent(0) != a {
		t.Error("Agent(0) is not the agent spawned first, or Index is not 0")
	}
	// SetWorkers on a zero World is kept, as a started World's is.
	var z morale.World
	if err := z.SetWorkers(3); err != nil {
		t.Fatal(err)
	}
	if got := z.Clone().Workers(); got != 3 {
		t.Errorf("clone of a zero World after SetWorkers(3): Workers() = %d; want 3", got)
	}
}

// Index and Agent map a handle of the original to the clone's, removals
// included; out of range they are -1 and nil.
func TestCloneAgentMapping(t *testing.T) {
	w, err := morale.NewWorld(morale.DefaultSettings(), 9)
	if err != nil {
		t.Fatal(err)
	}
	var all []*morale.Agent
	for i := range 10 {
		all = append(all, w.Spawn(morale.SquadID(i%3), morale.Vec2{X: float64(i) * 500}, morale.WithMorale(float64(i)/10)))
	}
	w.Remove(all[2])
	w.Remove(all[7])
	c := w.Clone()
	for i, a := range all {
		m := c.Agent(a.Index())
		switch {
		case a.Removed():
			if a.Index() != -1 || m != nil {
				t.Errorf("removed agent %d: Index %d, clone's %v; want -1, nil", i, a.Index(), m)
			}
		case m == nil || m == a || m.Snapshot() != a.Snapshot():
			t.Errorf("agent %d: clone's handle %v; want a new handle with the same snapshot", i, m)
		}
	}
	for _, i := range []int{-1, c.Len(), 1 << 40} {
		if c.Agent(i) != nil {
			t.Errorf("Agent(%d) of %d agents: want nil", i, c.Len())
		}
	}
	if (*morale.Agent)(nil).Index() != -1 {
		t.Error("nil Agent's Index: want -1")
	}
	// An agent of the original is not one of the clone's.
	a := all[5]
	if err := a.ReportCustomEvent(-0.3); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Explain(a); err == nil {
		t.Error("the clone's Explain of the original's agent (ledger off): want an error")
	}
	if c.Agent(a.Index()).Morale() == a.Morale() {
		t.Error("news to the original's agent reached the clone's")
	}
}

// Settings are the clone's own: editing one World's Weights through
// SetSettings leaves the other's alone; so do the ledger switches.
func TestCloneSettingsAndLedgerIndependent(t *testing.T) {
	w, err := morale.NewWorld(morale.DefaultSettings(), 3)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.EnableLedger(morale.LedgerOptions{PerAgent: 8, Window: 10}); err != nil {
		t.Fatal(err)
	}
	w.Spawn(1, morale.Vec2{})
	c := w.Clone()
	s := c.Settings()
	s.Weights[morale.AllyDown] = -0.9
	if err := c.SetSettings(s); err != nil {
		t.Fatal(err)
	}
	if got := w.Settings().Weights[morale.AllyDown]; got != morale.DefaultSettings().Weights[morale.AllyDown] {
		t.Errorf("original's AllyDown %v after the clone's SetSettings; want the default", got)
	}
	c.DisableLedger()
	if !w.LedgerEnabled() {
		t.Error("DisableLedger on the clone turned the original's off")
	}
	if _, err := w.Explain(w.Agent(0)); err != nil {
		t.Errorf("original's Explain after the clone's DisableLedger: %v", err)
	}
}

// BenchmarkClone copies a World of 10 000 agents in 100 squads on a
// 100 m × 100 m field (1 agent per m²), a third of them hit by an event,
// after 10 s of steps: without the ledger, and with it on (32 entries an
// agent, a 30 s window). With -benchmem, B/op is what one copy allocates.
func BenchmarkClone(b *testing.B) {
	for _, ledger := range []bool{false, true} {
		b.Run(fmt.Sprintf("ledger=%v", ledger), func(b *testing.B) {
			w, err := morale.NewWorld(morale.DefaultSettings(), 1)
			if err != nil {
				b.Fatal(err)
			}
			if ledger {
				if err := w.EnableLedger(morale.LedgerOptions{PerAgent: 32, Window: 30}); err != nil {
					b.Fatal(err)
				}
			}
			for i := range 10000 {
				w.Spawn(morale.SquadID(i%100), morale.Vec2{X: float64(i%100) * 100, Y: float64(i/100) * 100})
			}
			for k := range 40 {
				if err := w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{X: 5000, Y: float64(k) * 250}, 3000, nil, 1); err != nil {
					b.Fatal(err)
				}
				w.Advance(0.25)
			}
			var c *morale.World
			for b.Loop() {
				c = w.Clone()
			}
			if c.Len() != w.Len() {
				b.Fatal("the clone lost agents")
			}
		})
	}
}

// TestCloneAllocatesBlocksNotAgents: Clone allocates a fixed number of
// blocks whatever the number of agents, and a few more per thousand grid
// cells and squads (the maps of cells and squads), as its doc says.
func TestCloneAllocatesBlocksNotAgents(t *testing.T) {
	allocs := func(agents, cells, squads int) float64 {
		w, err := morale.NewWorld(morale.DefaultSettings(), 1)
		if err != nil {
			t.Fatal(err)
		}
		for i := range agents {
			k := i % cells // cells 30 m apart, the default's cell
			w.Spawn(morale.SquadID(i%squads), morale.Vec2{X: float64(k%1000) * 3000, Y: float64(k/1000) * 3000})
		}
		w.Advance(1)
		return testing.AllocsPerRun(3, func() { w.Clone() })
	}
	few, many := allocs(1000, 10, 5), allocs(50000, 10, 5)
	if many != few {
		t.Errorf("Clone of 50,000 agents in 10 cells: got %v allocations; want %v, as of 1,000", many, few)
	}
	for _, c := range []struct {
		what          string
		cells, squads int
	}{{"cells", 30000, 5}, {"squads", 10, 30000}} {
		if got, most := allocs(30000, c.cells, c.squads), few+30000*8/1000; got > most {
			t.Errorf("Clone of 30,000 agents in as many %s: got %v allocations; want at most %v (%v and 8 a thousand)", c.what, got, most, few)
		}
	}
}
