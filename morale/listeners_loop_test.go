package morale_test

import (
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// Listeners that answer every change with a change of their own never let
// the call return: the World panics, saying so, once the call has queued
// more than 4,194,304 changes and 256 an agent, instead of growing its queue
// until memory runs out (2.3 GB in 20 s, a game programmer's review found).
// The changes made stand and are recorded, and the World goes on.
func TestListenersThatFeedThemselvesPanic(t *testing.T) {
	for _, tc := range []struct {
		name string
		// listen registers the listeners; it returns the first error
		// their calls met and a function that removes them.
		listen func(w *morale.World) (first *error, remove func())
		short  bool // run with -short too
	}{
		{"news for each change of morale", func(w *morale.World) (*error, func()) {
			var first error
			return &first, w.OnMoraleChanged(func(a *morale.Agent, m float64, _ morale.Reason) {
				e := morale.Suppressed // bad news while high, good news while low
				if m < 0.5 {
					e = morale.EnemyDown
				}
				if err := a.ReportEvent(e, 1); err != nil && first == nil {
					first = err
				}
			})
		}, false},
		{"news at a place for each change of morale", func(w *morale.World) (*error, func()) {
			var first error
			return &first, w.OnMoraleChanged(func(a *morale.Agent, m float64, _ morale.Reason) {
				e := morale.Suppressed
				if m < 0.5 {
					e = morale.EnemyDown
				}
				if err := w.ReportEventAtLocation(e, a.Position(), 0, nil, 1); err != nil && first == nil {
					first = err
				}
			})
		}, false},
		{"a rally for each rout, a rout for each rally", func(w *morale.World) (*error, func()) {
			var none error
			return &none, w.OnStateChanged(func(a *morale.Agent, _, new morale.State, _ morale.Reason) {
				if new == morale.Routed {
					a.Rally()
				} else {
					a.ForceRout()
				}
			})
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if testing.Short() && !tc.short {
				t.Skip("a million changes; -short (make unit's race run) tells them for one case only")
			}
			w := newTestWorld(t)
			if err := w.RecordChanges(morale.ChangeOptions{Morale: true}); err != nil {
				t.Fatal(err)
			}
			for i := range 10 {
				w.Spawn(1, morale.Vec2{X: float64(i)}, morale.WithMorale(0.6))
			}
			first, remove := tc.listen(w)
			var got any
			func() {
				defer func() { got = recover() }()
				w.Agent(0).ForceRout()
				if err := w.Agent(1).ReportEvent(morale.Suppressed, 1); err != nil {
					t.Fatal(err)
				}
			}()
			msg, _ := got.(string)
			if !strings.Contains(msg, "without end") || !strings.Contains(msg, "10 agents") {
				t.Fatalf("recovered %v; want a panic saying the listeners answer changes without end, in a World of 10 agents", got)
			}
			if *first != nil {
				t.Errorf("a listener's call failed: %v", *first)
			}
			limit := 1<<22 + 256*10
			if n := uint64(len(w.TakeChanges(nil))) + w.ChangesDropped(); n <= uint64(limit) {
				t.Errorf("%d changes recorded (held and dropped); want over %d: every change made, told or not", n, limit)
			}
			remove()
			w.Advance(1) // the World goes on
			if _, err := w.MarshalBinary(); err != nil {
				t.Errorf("after the panic: save error %v; want a World that saves", err)
			}
		})
	}
}

// A cascade that ends is told in full: 300 men in one place, each change of
// state answered with a man down among them.
func TestListenerCascadeThatEndsIsToldInFull(t *testing.T) {
	w := newTestWorld(t)
	for i := range 300 {
		w.Spawn(morale.SquadID(i%3), morale.Vec2{X: float64(i % 17), Y: float64(i / 17)}, morale.WithNerve(0), morale.WithMorale(0.2))
	}
	told, states := 0, 0
	w.OnMoraleChanged(func(*morale.Agent, float64, morale.Reason) { told++ })
	var first error
	w.OnStateChanged(func(a *morale.Agent, _, _ morale.State, _ morale.Reason) {
		states++
		if err := w.ReportEventAtLocation(morale.AllyDown, a.Position(), 0, nil, 1); err != nil && first == nil {
			first = err
		}
	})
	if err := w.Agent(0).ReportEvent(morale.AllyDown, 1); err != nil {
		t.Fatal(err)
	}
	w.Advance(0.25) // a step: each man's state follows his morale
	if first != nil {
		t.Fatal(first)
	}
	if told < 300 || states != 300 {
		t.Errorf("%d changes of morale and %d of state told; want 300 or more, and one change of state a man", told, states)
	}
	for a := range w.Agents() {
		if a.Morale() != 0 || a.State() == morale.Steady {
			t.Fatalf("agent %d at morale %v, %v, after the cascade; want every man at 0 and broken", a.Index(), a.Morale(), a.State())
		}
	}
}

// The limit is of the World as it is: a listener that spawns 4 million
// reinforcements and tells them all of a man down makes over 4 million
// changes in a call that began with three men, and that is no loop.
func TestListenerThatSpawnsAnArmyIsNoLoop(t *testing.T) {
	if testing.Short() {
		t.Skip("a million agents spawned; -short (make unit's race run) skips it")
	}
	w := newTestWorld(t)
	for i := range 3 {
		w.Spawn(1, morale.Vec2{X: float64(i)}, morale.WithNerve(0))
	}
	const army = 1<<22 + 1000
	told := 0
	w.OnMoraleChanged(func(*morale.Agent, float64, morale.Reason) { told++ })
	var first error
	spawned := false
	w.OnStateChanged(func(a *morale.Agent, _, _ morale.State, _ morale.Reason) {
		if spawned {
			return
		}
		spawned = true
		if err := w.Reserve(w.Len() + army); err != nil {
			first = err
			return
		}
		for i := range army {
			w.Spawn(2, morale.Vec2{X: float64(i % 1000), Y: float64(i / 1000 % 1000)})
		}
		if err := w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, 1e9, nil, 1); err != nil {
			first = err
		}
	})
	if err := w.Agent(0).ReportEvent(morale.AllyDown, 5); err != nil {
		t.Fatal(err)
	}
	w.Advance(0.25) // the first man breaks: the listener spawns the army
	if first != nil {
		t.Fatal(first)
	}
	if !spawned || w.Len() != 3+army || told <= 1<<22 {
		t.Errorf("spawned %v, %d agents, %d changes of morale told; want the army spawned, %d agents and over %d changes told", spawned, w.Len(), told, 3+army, 1<<22)
	}
}

// A cascade as wide as it is finite is no loop (the fourth review): 100,000
// men in squads of 50, each squad standing together, all routing in one
// step, each rout answered with a man down told to his squad, make 7.4
// million changes of morale (74 an agent) in one call, and end.
func TestListenersCascadeOfSquadsIsNoLoop(t *testing.T) {
	if testing.Short() {
		t.Skip("7 million changes; -short (make unit's race run) skips it")
	}
	const n, size = 100000, 50
	w := newTestWorld(t)
	for i := range n {
		sq := i / size
		w.Spawn(morale.SquadID(sq), morale.Vec2{X: float64(sq) * 10000, Y: float64(i%size) * 10}, morale.WithMorale(0.2))
	}
	for a := range w.Agents() {
		if err := a.ReportCustomEvent(-0.05); err != nil {
			t.Fatal(err)
		}
	}
	routs, told := 0, 0
	var first error
	w.OnMoraleChanged(func(*morale.Agent, float64, morale.Reason) { told++ })
	w.OnStateChanged(func(a *morale.Agent, _, new morale.State, _ morale.Reason) {
		if new != morale.Routed {
			return
		}
		routs++
		if err := w.ReportEventAtLocation(morale.AllyDown, a.Position(), 0, []morale.SquadID{a.Squad()}, 0.05); err != nil && first == nil {
			first = err
		}
	})
	for range 40 {
		w.Advance(0.25)
	}
	if first != nil {
		t.Fatal(first)
	}
	if routs != n || told < 50*n {
		t.Errorf("%d routs, %d changes of morale told; want every man routed and over %d told", routs, told, 50*n)
	}
}

// A listener registered from within a listener hears the changes made after
// it, not those already waiting (the fourth review: a listener that waits
// for the next rout, registered as a man routs, was told his rout).
func TestListenerRegisteredByAListenerHearsWhatFollows(t *testing.T) {
	w := newTestWorld(t)
	a := w.Spawn(1, morale.Vec2{})
	b := w.Spawn(2, morale.Vec2{X: 1e6})
	c := w.Spawn(3, morale.Vec2{X: 2e6})
	var heard []*morale.Agent
	armed := false
	w.OnStateChanged(func(x *morale.Agent, _, new morale.State, _ morale.Reason) {
		if armed || x != a {
			return
		}
		armed = true
		c.ForceRout() // a change made after a's, before the next listener registers
		w.OnStateChanged(func(y *morale.Agent, _, _ morale.State, _ morale.Reason) {
			heard = append(heard, y)
		})
		b.ForceRout()
	})
	a.ForceRout()
	if len(heard) != 1 || heard[0] != b {
		t.Errorf("the late listener heard %d changes (of b: %v); want b's rout only, made after it registered", len(heard), len(heard) > 0 && heard[0] == b)
	}
	// Once the queue is told, it hears every change, as any listener.
	heard = nil
	a.Rally()
	if len(heard) != 1 || heard[0] != a {
		t.Errorf("after the call: the late listener heard %d changes; want a's rally", len(heard))
	}
}
