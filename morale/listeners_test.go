package morale_test

import (
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// The rule: every listener sees every change in the order it happened, and
// no listener is called for an agent already removed, whatever the listeners
// before it did (issue 7, item 4).

// Two OnStateChanged listeners; the first rallies the agent as he panics.
// The second must see Steady→Panicked, then Panicked→Steady, and end
// believing Steady, as the agent is.
func TestSecondStateListenerSeesRallyAfterPanic(t *testing.T) {
	w := newTestWorld(t, noContagion, noRecovery)
	a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
	w.OnStateChanged(func(b *morale.Agent, old, new morale.State, why morale.Reason) {
		if new == morale.Panicked {
			b.Rally()
		}
	})
	var seen []morale.State
	last := morale.Steady
	w.OnStateChanged(func(b *morale.Agent, old, new morale.State, why morale.Reason) {
		if old != last {
			t.Errorf("second listener: change %v→%v (%v), but it last saw %v; want old = last seen", old, new, why, last)
		}
		last = new
		seen = append(seen, new)
	})
	if err := a.SetMorale(0.1); err != nil {
		t.Fatal(err)
	}
	w.Advance(0.25)
	if last != a.State() {
		t.Errorf("second listener believes %v (saw %v); State() = %v; want the same", last, seen, a.State())
	}
	if len(seen) != 2 || seen[0] != morale.Panicked || seen[1] != morale.Steady {
		t.Errorf("second listener saw %v; want [Panicked Steady]", seen)
	}
}

// Two OnMoraleChanged listeners; the first rallies the agent on bad news.
// The second must end with the morale the agent has.
func TestSecondMoraleListenerSeesRallyAfterNews(t *testing.T) {
	w := newTestWorld(t, noContagion, noRecovery)
	a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
	w.OnMoraleChanged(func(b *morale.Agent, m float64, why morale.Reason) {
		if why.Kind == morale.ByEvent {
			b.Rally()
		}
	})
	var seen []float64
	w.OnMoraleChanged(func(b *morale.Agent, m float64, why morale.Reason) { seen = append(seen, m) })
	if err := a.ReportEvent(morale.LeaderDown, 1); err != nil { // 1 → 0.55
		t.Fatal(err)
	}
	want := []float64{0.55, 0.75}
	if len(seen) != len(want) || !near(seen[0], want[0], 1e-12) || !near(seen[1], want[1], 1e-12) {
		t.Errorf("second listener saw %v; want %v", seen, want)
	}
	if len(seen) == 0 || seen[len(seen)-1] != a.Morale() {
		t.Errorf("second listener last saw %v; Morale() = %v; want the same", seen, a.Morale())
	}
}

// The first listener removes the agent; the second is not called with him.
func TestNoListenerCalledAfterRemove(t *testing.T) {
	for _, kind := range []string{"state", "morale"} {
		t.Run(kind, func(t *testing.T) {
			w := newTestWorld(t, noContagion, noRecovery)
			a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
			calls := 0
			if kind == "state" {
				w.OnStateChanged(func(b *morale.Agent, _, _ morale.State, _ morale.Reason) { w.Remove(b) })
				w.OnStateChanged(func(b *morale.Agent, _, _ morale.State, _ morale.Reason) { calls++ })
			} else {
				w.OnMoraleChanged(func(b *morale.Agent, _ float64, _ morale.Reason) { w.Remove(b) })
				w.OnMoraleChanged(func(b *morale.Agent, _ float64, _ morale.Reason) { calls++ })
			}
			w.OnMoraleChanged(func(b *morale.Agent, _ float64, _ morale.Reason) {
				if b.Removed() {
					t.Errorf("a morale listener was called with a removed agent")
				}
			})
			w.OnStateChanged(func(b *morale.Agent, _, _ morale.State, _ morale.Reason) {
				if b.Removed() {
					t.Errorf("a state listener was called with a removed agent")
				}
			})
			if err := a.SetMorale(0.1); err != nil {
				t.Fatal(err)
			}
			w.Advance(1)
			if !a.Removed() {
				t.Fatalf("agent not removed by the first listener")
			}
			if calls != 0 {
				t.Errorf("second listener called %d times after the first removed the agent; want 0", calls)
			}
		})
	}
}

// A listener's Advance moves the same clock at once: its time adds to the
// caller's, and the steps it makes due run before it returns.
func TestAdvanceFromListenerAddsUp(t *testing.T) {
	w := newTestWorld(t, noContagion, noRecovery)
	a := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.5))
	once := false
	w.OnStateChanged(func(b *morale.Agent, old, new morale.State, why morale.Reason) {
		if !once {
			once = true
			before := w.Steps()
			w.Advance(1)
			// At 0.25 s of 0.5: the clock heads for 1.5 s, five steps on.
			if got := w.Steps() - before; got != 5 {
				t.Errorf("Advance(1) from a listener ran %d steps; want 5", got)
			}
		}
	})
	w.Advance(0.5)
	if !once {
		t.Fatalf("no state change; want Steady→Shaken at the first step (morale %v)", a.Morale())
	}
	if got := w.Now(); got != 1.5 {
		t.Errorf("Now() after Advance(0.5) with a listener's Advance(1): %v; want 1.5", got)
	}
	if got := w.Steps(); got != 6 {
		t.Errorf("Steps() = %d; want 6", got)
	}
}
