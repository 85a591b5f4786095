package morale_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
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

// A listener's Advance moves the same clock at once, from the present (the
// step being told) by its own time, and the steps it makes due run before it
// returns; the Advance under way then ends that much later.
func TestAdvanceFromListenerAddsUp(t *testing.T) {
	w := newTestWorld(t, noContagion, noRecovery)
	a := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.5))
	once := false
	w.OnStateChanged(func(b *morale.Agent, old, new morale.State, why morale.Reason) {
		if !once {
			once = true
			before := w.Steps()
			w.Advance(1)
			// From the step at 0.25 s to 1.25 s: four steps on.
			if got := w.Steps() - before; got != 4 {
				t.Errorf("Advance(1) from a listener ran %d steps; want 4", got)
			}
			if got := w.Now(); got != 1.25 {
				t.Errorf("Now() after a listener's Advance(1) at the step at 0.25 s: %v; want 1.25", got)
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

// A listener that advances the clock and then acts gets the same World
// whatever the frame sizes of the Advance that told it: the time its own
// Advance runs starts at the step it is told of, not at the end of the frame
// under way (where 1/30 s frames put its news at 0.3167 s and 1/60 s frames
// at 0.3 s). Each listener's Advance runs a step in which b's state changes,
// told when it returns: the next listener's Advance starts where it ended.
func TestAdvanceFromListenerIsFrameFree(t *testing.T) {
	run := func(frame float64, frames int) (*morale.World, []float64) {
		w := newTestWorld(t)
		a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
		b := w.Spawn(2, morale.Vec2{X: 50000}, morale.WithNerve(0))
		var seen []float64 // Now() after each listener's Advance
		calls := 0
		w.OnStateChanged(func(x *morale.Agent, _, _ morale.State, _ morale.Reason) {
			if calls++; calls <= 4 {
				if err := b.ReportEvent(morale.LeaderDown, 1); err != nil {
					t.Fatal(err)
				}
				w.Advance(0.3 * float64(calls)) // crosses a step where b's state changes
				seen = append(seen, w.Now())
			}
		})
		if err := a.ReportEvent(morale.LeaderDown, 1); err != nil {
			t.Fatal(err)
		}
		for range frames {
			w.Advance(frame)
		}
		return w, seen
	}
	want, wantSeen := run(1.0/60, 240)
	if len(wantSeen) < 3 {
		t.Fatalf("the listeners' Advances ended at %v; want at least three", wantSeen)
	}
	for _, f := range []struct {
		frame  float64
		frames int
	}{{1.0 / 30, 120}, {1.0 / 24, 96}, {0.5, 8}, {4, 1}} {
		got, seen := run(f.frame, f.frames)
		if !slices.Equal(seen, wantSeen) {
			t.Errorf("frames of %.4f s: the listeners saw Now() %v after their Advances; want %v, as with 1/60 s frames", f.frame, seen, wantSeen)
		}
		if got.Now() != want.Now() || got.Checksum() != want.Checksum() {
			t.Errorf("frames of %.4f s: Now() %v, checksum %#x; want %v, %#x, as with 1/60 s frames", f.frame, got.Now(), got.Checksum(), want.Now(), want.Checksum())
		}
	}
}

func TestListeners(t *testing.T) {
	w := newTestWorld(t, noContagion)
	var calls []string
	w.OnMoraleChanged(func(a *morale.Agent, m float64, why morale.Reason) {
		if a.Morale() != m {
			t.Errorf("OnMoraleChanged(%v) while Morale() = %v; want the new value in place", m, a.Morale())
		}
		calls = append(calls, fmt.Sprintf("morale %.4f %v", m, why))
	})
	w.OnStateChanged(func(a *morale.Agent, old, new morale.State, why morale.Reason) {
		if a.State() != new {
			t.Errorf("OnStateChanged(%v→%v) while State() = %v; want the new state in place", old, new, a.State())
		}
		calls = append(calls, fmt.Sprintf("state %v→%v %v", old, new, why))
	})
	second := 0
	w.OnMoraleChanged(func(*morale.Agent, float64, morale.Reason) { second++ })
	a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
	expect := func(step string, want ...string) {
		t.Helper()
		if !slices.Equal(calls, want) {
			t.Errorf("%s: listeners saw %q; want %q", step, calls, want)
		}
		calls = nil
	}
	_ = a.ReportEvent(morale.TookDamage, 1)
	expect("TookDamage, synchronously", "morale 0.9000 event TookDamage")
	_ = a.ReportEvent(morale.EnemyDown, 2)
	expect("EnemyDown at 0.9", "morale 1.0000 event EnemyDown")
	_ = a.ReportEvent(morale.EnemyDown, 1)
	expect("good news at full morale is no change")
	_ = a.SetMorale(1)
	expect("SetMorale to the same value is no change")
	_ = a.ReportCustomEvent(-0.5)
	expect("custom event", "morale 0.5000 custom event")
	w.Advance(0.25)
	expect("step", "state Steady→Shaken custom event")
	_ = a.SetMorale(0)
	expect("SetMorale", "morale 0.0000 set by hand")
	w.Advance(0.75)
	expect("step after dwell", "state Shaken→Panicked set by hand")
	_ = a.ReportEvent(morale.AllyDown, 1)
	expect("bad news at zero is no change")
	a.Rally()
	expect("rally", "morale 0.7500 rally", "state Panicked→Steady rally")
	a.Rally()
	expect("second rally changes nothing")
	a.ForceRout()
	expect("force rout", "state Steady→Routed forced rout")
	w.Advance(10)
	if len(calls) != 0 && !strings.Contains(strings.Join(calls, ","), "recovery") {
		t.Errorf("recovery steps reported %q; want reason recovery", calls)
	}
	calls = nil
	w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.5))
	w.Advance(0.25)
	for _, c := range calls {
		if strings.HasPrefix(c, "morale") && !strings.Contains(c, "contagion") && !strings.Contains(c, "recovery") {
			t.Errorf("step morale change reported as %q; want contagion or recovery", c)
		}
	}
	if second == 0 {
		t.Errorf("second morale listener never called; want every listener called")
	}
}

// A listener reacting to one agent's change may report news to another
// agent; the other agent's listeners must end up having seen his real
// morale and state.
func TestListenersReentrant(t *testing.T) {
	w := newTestWorld(t)
	seenMorale := map[*morale.Agent]float64{}
	seenState := map[*morale.Agent]morale.State{}
	w.OnMoraleChanged(func(a *morale.Agent, m float64, why morale.Reason) { seenMorale[a] = m })
	var men []*morale.Agent
	w.OnStateChanged(func(a *morale.Agent, old, new morale.State, why morale.Reason) {
		if seenState[a] != old {
			t.Errorf("state change %v→%v (%v) for an agent last seen %v; want old = last seen", old, new, why, seenState[a])
		}
		seenState[a] = new
		if new == morale.Panicked && a == men[0] {
			// His panic scares the squad: news to the others, from a listener.
			_ = w.ReportEventAtLocation(morale.Suppressed, a.Position(), 0, nil, 3)
		}
		if new == morale.Routed && a == men[0] {
			w.RallySquad(2)
		}
	})
	for i := range 5 {
		men = append(men, w.Spawn(1, morale.Vec2{X: float64(i)}, morale.WithNerve(0.05*float64(i))))
		seenMorale[men[i]] = 1
	}
	for i := range 5 {
		a := w.Spawn(2, morale.Vec2{X: float64(i)}, morale.WithMorale(0.3))
		men = append(men, a)
		seenMorale[a] = 0.3
	}
	_ = men[0].ReportEvent(morale.LeaderDown, 2)
	for range 100 {
		w.Advance(0.25)
		for i, a := range men {
			if seenMorale[a] != a.Morale() || seenState[a] != a.State() {
				t.Fatalf("at %v s agent %d: listeners last saw %v/%v; Morale() %v, State() %v; want the same",
					w.Now(), i, seenMorale[a], seenState[a], a.Morale(), a.State())
			}
		}
	}
}

// Listeners may call any method of the World, even while an event at a
// location is being handed out: remove the agent it reached, or report
// another event at a location.
func TestListenersDuringEventAtLocation(t *testing.T) {
	w := newTestWorld(t)
	var near5, far []*morale.Agent
	for i := range 5 {
		near5 = append(near5, w.Spawn(0, morale.Vec2{X: float64(i)}, morale.WithNerve(0)))
		far = append(far, w.Spawn(1, morale.Vec2{X: 50000 + float64(i)}, morale.WithNerve(0)))
	}
	echoed := false
	w.OnMoraleChanged(func(a *morale.Agent, m float64, why morale.Reason) {
		if why.Event == morale.LeaderDown && m < 0.9 {
			w.Remove(a) // he fell
			if !echoed {
				echoed = true
				_ = w.ReportEventAtLocation(morale.TookDamage, morale.Vec2{X: 50000}, 0, []morale.SquadID{1}, 1)
			}
		}
	})
	if err := w.ReportEventAtLocation(morale.LeaderDown, morale.Vec2{}, 0, []morale.SquadID{0}, 1); err != nil {
		t.Fatal(err)
	}
	for i, a := range near5 {
		if !a.Removed() {
			t.Errorf("agent %d near the event: not removed by its listener (morale %v); want every one reached", i, a.Morale())
		}
	}
	for i, a := range far {
		if !near(a.Morale(), 0.9, 1e-12) {
			t.Errorf("far agent %d: morale %v; want 0.9 from the one TookDamage reported by a listener", i, a.Morale())
		}
	}
}

// A listener that panics stops the call that made the change, as the
// World's documentation says: the panic reaches the game, the changes not
// yet told are told to no one, Advance stops at the end of the step whose
// changes were being told, and the World goes on from there.
func TestListenerPanicStopsTheCall(t *testing.T) {
	w := newTestWorld(t)
	a := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.5), morale.WithNerve(0.9))
	w.Spawn(1, morale.Vec2{X: 1}, morale.WithMorale(0.5), morale.WithNerve(0.9))
	calls := 0
	w.OnMoraleChanged(func(*morale.Agent, float64, morale.Reason) {
		calls++
		if calls == 1 {
			panic("the game's bug")
		}
	})
	func() {
		defer func() {
			if r := recover(); r != "the game's bug" {
				t.Fatalf("recovered %v; want the listener's panic", r)
			}
		}()
		w.Advance(1)
	}()
	if got, want := w.Now(), 0.25; got != want {
		t.Errorf("Now() %v after the panic; want %v, the end of the step being told", got, want)
	}
	if calls != 1 {
		t.Errorf("%d calls; want 1: the second man's change is told to no one", calls)
	}
	w.Advance(1)
	if got, want := w.Now(), 1.25; got != want {
		t.Errorf("Now() %v after Advance(1); want %v", got, want)
	}
	if calls != 1+2*4 {
		t.Errorf("%d calls; want %d: both men's changes of the next four steps", calls, 1+2*4)
	}
	if _, err := w.MarshalBinary(); err != nil || a.Morale() <= 0.5 {
		t.Errorf("after the panic: save error %v, morale %v; want a World that saves and recovered", err, a.Morale())
	}
}

// The clock never goes back, whatever a listener's Advance does to it: a
// listener that advances and then shortens the interval (the next step of
// the Advance under way ended at 0.30 s, before the present 0.45 s its
// Advance reached), and a listener that advances in the last step an
// Advance may run (which then stopped the clock at that step's end, 0.1 s
// before the present, counted the 0.1 s as dropped, and wrote a save that
// did not load: "a time lies before the clock's start").
func TestListenersAdvanceNeverTakeTheClockBack(t *testing.T) {
	t.Run("shorter interval", func(t *testing.T) {
		w := newTestWorld(t)
		a := w.Spawn(1, morale.Vec2{})
		w.Spawn(1, morale.Vec2{X: 1}, morale.WithMorale(0.3))
		done, last := false, 0.0
		w.OnMoraleChanged(func(*morale.Agent, float64, morale.Reason) {
			if now := w.Now(); now < last {
				t.Fatalf("Now() = %v after %v: the clock went back", now, last)
			}
			last = w.Now()
			if !done && w.Steps() == 1 {
				done = true
				w.Advance(0.2)
				last = w.Now()
				a.ForceRout()
				s := w.Settings()
				s.SquadUpdateInterval = 0.05
				if err := w.SetSettings(s); err != nil {
					t.Fatal(err)
				}
			}
		})
		w.Advance(1)
		if got := a.Snapshot().SecondsInState; got < 0 {
			t.Errorf("SecondsInState = %v after his rout; want ≥ 0", got)
		}
		if w.Now() != 1.2 {
			t.Errorf("Now() = %v; want 1.2, the 1 s fed and the listener's 0.2", w.Now())
		}
	})
	t.Run("MaxAdvanceSteps", func(t *testing.T) {
		w := newTestWorld(t)
		a := w.Spawn(1, morale.Vec2{})
		b := w.Spawn(1, morale.Vec2{X: 1}, morale.WithMorale(0))
		if err := a.ReportEvent(morale.AllyDown, 1); err != nil {
			t.Fatal(err)
		}
		last, seen := uint64(0), 0.0
		w.OnMoraleChanged(func(*morale.Agent, float64, morale.Reason) {
			if w.Steps() != last { // keeps morale moving, so a change is told every step
				last = w.Steps()
				if err := b.SetMorale(0); err != nil {
					t.Fatal(err)
				}
			}
			if w.Steps() == morale.MaxAdvanceSteps && seen == 0 {
				w.Advance(0.1)
				seen = w.Now()
				a.ForceRout()
			}
		})
		w.Advance(5000)
		if seen == 0 {
			t.Fatal("no listener ran at the last step")
		}
		if w.Now() != seen {
			t.Errorf("Now() = %v after the listener's Advance took it to %v; want %v", w.Now(), seen, seen)
		}
		if got, want := w.Now()+w.DroppedSeconds(), 5000.1; math.Abs(got-want) > 1e-9 {
			t.Errorf("Now() + DroppedSeconds() = %v; want %v, the time fed", got, want)
		}
		save, err := w.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var loaded morale.World
		if err := loaded.UnmarshalBinary(save); err != nil {
			t.Errorf("the save does not load: %v", err)
		}
	})
}
