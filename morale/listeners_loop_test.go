package morale_test

import (
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// Listeners that answer every change with a change of their own never let
// the call return: the World panics, saying so, once the call has queued
// more than a million changes and 16 an agent, instead of growing its queue
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
			limit := 1<<20 + 16*10
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

// The limit is of the World as it is: a listener that spawns a million
// reinforcements and tells them all of a man down makes over a million
// changes in a call that began with three men, and that is no loop.
func TestListenerThatSpawnsAnArmyIsNoLoop(t *testing.T) {
	if testing.Short() {
		t.Skip("a million agents spawned; -short (make unit's race run) skips it")
	}
	w := newTestWorld(t)
	for i := range 3 {
		w.Spawn(1, morale.Vec2{X: float64(i)}, morale.WithNerve(0))
	}
	const army = 1<<20 + 1000
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
	if !spawned || w.Len() != 3+army || told <= 1<<20 {
		t.Errorf("spawned %v, %d agents, %d changes of morale told; want the army spawned, %d agents and over %d changes told", spawned, w.Len(), told, 3+army, 1<<20)
	}
}
