package morale_test

import (
	"math"
	"slices"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// An agent parked on a threshold and nudged up and down every frame changes
// state once, not every frame.
func TestNoFlickerOnThreshold(t *testing.T) {
	for _, th := range []float64{0.60, 0.25} {
		w := newTestWorld(t, noRecovery, func(s *morale.Settings) { s.RoutAfterSeconds = 0 })
		r := record(w)
		a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
		if err := a.SetMorale(th + 0.01); err != nil {
			t.Fatal(err)
		}
		w.Advance(2)
		if th == 0.25 { // start Shaken, just above the panic line
			if a.State() != morale.Shaken {
				t.Fatalf("at %v: state %v; want Shaken", th+0.01, a.State())
			}
		}
		before := len(r.states)
		for k := range 600 { // ten seconds at 60 fps
			v := 0.02
			if k%2 == 0 {
				v = -0.02
			}
			if err := a.ReportCustomEvent(v); err != nil {
				t.Fatal(err)
			}
			w.Advance(1.0 / 60)
		}
		if got := len(r.states) - before; got != 1 {
			t.Errorf("threshold %v nudged ±0.02 every frame for 10 s: %d state changes; want 1", th, got)
		}
	}
}

func TestMinimumStateSeconds(t *testing.T) {
	tests := []struct {
		name     string
		dwell    float64
		wantBack float64 // when the agent is Steady again
	}{
		{"default 0.75 s", 0.75, 1.0},
		{"zero dwell", 0, 0.5},
		{"2 s dwell", 2, 2.25},
		{"dwell between steps", 0.6, 1.0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newTestWorld(t, noContagion, func(s *morale.Settings) { s.MinimumStateSeconds = tt.dwell })
			r := record(w)
			a := w.Spawn(1, morale.Vec2{})
			if err := a.SetMorale(0.5); err != nil {
				t.Fatal(err)
			}
			// An agent that never changed state may change at once.
			advanceTo(w, 0.25)
			if a.State() != morale.Shaken {
				t.Fatalf("at 0.25 s with morale 0.5: %v; want Shaken at the first step", a.State())
			}
			if err := a.SetMorale(0.95); err != nil { // jumps clean across the band
				t.Fatal(err)
			}
			for q := 0.5; q < tt.wantBack; q += 0.25 {
				advanceTo(w, q)
				if a.State() != morale.Shaken {
					t.Fatalf("at %v s, %v s after becoming Shaken: %v; want Shaken until %v s", q, q-0.25, a.State(), tt.wantBack)
				}
			}
			advanceTo(w, tt.wantBack)
			if a.State() != morale.Steady {
				t.Fatalf("at %v s: %v; want Steady", tt.wantBack, a.State())
			}
			// Falling two states at once is blocked the same way.
			if err := a.SetMorale(0.05); err != nil {
				t.Fatal(err)
			}
			fall := tt.wantBack + math.Max(0.25, math.Ceil(tt.dwell/0.25)*0.25)
			for q := tt.wantBack + 0.25; q < fall; q += 0.25 {
				advanceTo(w, q)
				if a.State() != morale.Steady {
					t.Fatalf("at %v s: %v; want Steady until %v s", q, a.State(), fall)
				}
			}
			advanceTo(w, fall)
			if a.State() != morale.Panicked {
				t.Fatalf("at %v s: %v; want Panicked (straight from Steady)", fall, a.State())
			}
			if got := len(r.statesOf(a)); got != 3 {
				t.Errorf("%d state changes; want 3", got)
			}
		})
	}
}

// panicAt returns a single agent that panics at the step at 0.25 s after bad
// news at 0 s that leaves morale at m.
func panicAt(t *testing.T, w *morale.World, m float64) *morale.Agent {
	t.Helper()
	a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
	if err := a.ReportCustomEvent(m - 1); err != nil {
		t.Fatal(err)
	}
	advanceTo(w, 0.25)
	if a.State() != morale.Panicked {
		t.Fatalf("morale %v at 0.25 s: %v; want Panicked", a.Morale(), a.State())
	}
	return a
}

func TestRoutTiming(t *testing.T) {
	tests := []struct {
		name      string
		mods      []func(*morale.Settings)
		lift      func(t *testing.T, w *morale.World, a *morale.Agent) // called at 4.75 s
		wantBack  float64
		wantState morale.State
	}{
		{"recovery alone brings him back Shaken", nil, nil, 9.75, morale.Shaken},
		{"full morale one second into the rout waits out MinRoutSeconds", nil,
			func(t *testing.T, w *morale.World, a *morale.Agent) {
				if err := a.SetMorale(1); err != nil {
					t.Fatal(err)
				}
			}, 9.75, morale.Steady},
		{"morale still below the band at MinRoutSeconds", []func(*morale.Settings){func(s *morale.Settings) { s.RecoveryPerSecond = 0.03 }},
			nil, 14, morale.Shaken},
		{"shorter MinRoutSeconds", []func(*morale.Settings){func(s *morale.Settings) { s.MinRoutSeconds = 2 }},
			func(t *testing.T, w *morale.World, a *morale.Agent) {
				if err := a.SetMorale(0.5); err != nil {
					t.Fatal(err)
				}
			}, 5.75, morale.Shaken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newTestWorld(t, tt.mods...)
			r := record(w)
			a := panicAt(t, w, 0.1)
			// 3.5 s of unbroken panic: routs at 3.75 s, not a step sooner.
			advanceTo(w, 3.5)
			if a.State() != morale.Panicked {
				t.Fatalf("at 3.5 s, 3.25 s into panic: %v; want Panicked", a.State())
			}
			advanceTo(w, 3.75)
			if a.State() != morale.Routed {
				t.Fatalf("at 3.75 s, 3.5 s into panic: %v; want Routed", a.State())
			}
			last := r.states[len(r.states)-1]
			if last.Why.Kind != morale.ByRoutTimer || last.Old != morale.Panicked {
				t.Errorf("rout reported as %v→%v (%v); want Panicked→Routed (rout timer)", last.Old, last.New, last.Why)
			}
			if a.IsFighting() {
				t.Errorf("a Routed agent IsFighting() = true; want false")
			}
			advanceTo(w, 4.75)
			if tt.lift != nil {
				tt.lift(t, w, a)
			}
			for q := 5.0; q < tt.wantBack; q += 0.25 {
				advanceTo(w, q)
				if a.State() != morale.Routed {
					t.Fatalf("at %v s (morale %v): %v; want Routed until %v s", q, a.Morale(), a.State(), tt.wantBack)
				}
			}
			advanceTo(w, tt.wantBack)
			if a.State() != tt.wantState {
				t.Fatalf("at %v s (morale %v): %v; want %v", tt.wantBack, a.Morale(), a.State(), tt.wantState)
			}
			last = r.states[len(r.states)-1]
			if last.Why.Kind != morale.ByRoutOver || last.Old != morale.Routed {
				t.Errorf("return reported as %v→%v (%v); want from Routed (rout over)", last.Old, last.New, last.Why)
			}
		})
	}
}

// Panic that is broken restarts the rout timer.
func TestRoutNeedsUnbrokenPanic(t *testing.T) {
	w := newTestWorld(t)
	a := panicAt(t, w, 0.1)
	advanceTo(w, 2)
	if err := a.SetMorale(0.5); err != nil {
		t.Fatal(err)
	}
	advanceTo(w, 2.25)
	if a.State() != morale.Shaken {
		t.Fatalf("at 2.25 s with morale 0.5: %v; want Shaken", a.State())
	}
	if err := a.ReportCustomEvent(-0.4); err != nil {
		t.Fatal(err)
	}
	advanceTo(w, 3.0) // dwell from 2.25
	if a.State() != morale.Panicked {
		t.Fatalf("at 3.0 s: %v; want Panicked again", a.State())
	}
	advanceTo(w, 6.25)
	if a.State() != morale.Panicked {
		t.Fatalf("at 6.25 s, 3.25 s into the second panic: %v; want Panicked", a.State())
	}
	advanceTo(w, 6.5)
	if a.State() != morale.Routed {
		t.Fatalf("at 6.5 s, 3.5 s into the second panic: %v; want Routed", a.State())
	}
}

func TestRoutAfterSecondsZeroNeverRouts(t *testing.T) {
	w := newTestWorld(t, noRecovery, func(s *morale.Settings) { s.RoutAfterSeconds = 0 })
	a := panicAt(t, w, 0)
	for range 600 {
		w.Advance(0.1)
		if a.State() != morale.Panicked {
			t.Fatalf("RoutAfterSeconds 0, morale 0, at %v s: %v; want Panicked for ever", w.Now(), a.State())
		}
	}
}

func TestForceRout(t *testing.T) {
	w := newTestWorld(t)
	r := record(w)
	a := w.Spawn(1, morale.Vec2{})
	b := w.Spawn(1, morale.Vec2{X: 100}) // its squad mate, at full morale
	advanceTo(w, 1.1)
	a.ForceRout()
	if a.State() != morale.Routed || a.Morale() != 1 {
		t.Fatalf("ForceRout: state %v morale %v; want Routed at once, morale left at 1", a.State(), a.Morale())
	}
	if len(r.states) != 1 || r.states[0].Why.Kind != morale.ByForcedRout || r.states[0].Old != morale.Steady {
		t.Fatalf("ForceRout reported %+v; want one Steady→Routed (forced rout)", r.states)
	}
	// The rout lasts MinRoutSeconds from the force, full morale or not.
	advanceTo(w, 7.0)
	if a.State() != morale.Routed {
		t.Fatalf("at 7.0 s, 5.9 s into a forced rout at full morale: %v; want Routed", a.State())
	}
	advanceTo(w, 7.25)
	if a.State() != morale.Steady {
		t.Fatalf("at 7.25 s, the first step 6 s after ForceRout: %v; want Steady", a.State())
	}
	if b.State() != morale.Steady {
		t.Errorf("squad mate: %v; want Steady", b.State())
	}
	// ForceRout ignores the dwell time.
	a.ForceRout()
	if a.State() != morale.Routed {
		t.Errorf("ForceRout right after a state change: %v; want Routed", a.State())
	}
}

func TestRallySticks(t *testing.T) {
	w := newTestWorld(t)
	r := record(w)
	var men []*morale.Agent
	for i := range 4 {
		men = append(men, w.Spawn(5, morale.Vec2{X: float64(i) * 100}, morale.WithNerve(0)))
	}
	other := w.Spawn(6, morale.Vec2{X: 9000}, morale.WithMorale(0.1))
	_ = w.ReportEventAtLocation(morale.LeaderDown, morale.Vec2{}, 0, []morale.SquadID{5}, 2)
	advanceTo(w, 0.25)
	for _, a := range men {
		if a.State() != morale.Panicked {
			t.Fatalf("after a LeaderDown ×2: %v; want Panicked", a.State())
		}
	}
	advanceTo(w, 3.75)
	men[0].ForceRout()
	men[1].ForceRout()
	advanceTo(w, 4.0) // 0.25 s into the rout, inside the dwell and the rout minimum
	r.states = nil
	w.RallySquad(5)
	for i, a := range men {
		if a.State() != morale.Steady || a.Morale() < 0.75 {
			t.Errorf("man %d right after RallySquad: %v at %v; want Steady at once, morale ≥ 0.75", i, a.State(), a.Morale())
		}
	}
	if len(r.states) != 4 {
		t.Errorf("RallySquad reported %d state changes; want 4", len(r.states))
	}
	for _, c := range r.states {
		if c.New != morale.Steady || c.Why.Kind != morale.ByRally {
			t.Errorf("RallySquad reported %v→%v (%v); want →Steady (rally)", c.Old, c.New, c.Why)
		}
	}
	if other.State() != morale.Panicked && other.State() != morale.Shaken && other.State() != morale.Routed {
		t.Errorf("another squad's man: %v; want untouched by RallySquad(5)", other.State())
	}
	for range 40 { // ten seconds later the rally has held
		w.Advance(0.25)
		for i, a := range men {
			if a.State() != morale.Steady {
				t.Fatalf("man %d at %v s: %v (morale %v); want the rally to stick", i, w.Now(), a.State(), a.Morale())
			}
		}
	}
	// Rally never lowers morale.
	b := w.Spawn(7, morale.Vec2{}, morale.WithMorale(0.9))
	b.Rally()
	if b.Morale() != 0.9 || b.State() != morale.Steady {
		t.Errorf("Rally at 0.9: %v at %v; want Steady, morale 0.9", b.State(), b.Morale())
	}
	// RallySquad of an unknown squad does nothing.
	w.RallySquad(12345)
}

// TestStateChangeBlamesTheNewsThatMovedHimThatWay: a state change a step
// resolves is blamed on the last news that moved the man's morale the way
// his state went, not on later news that moved him back without undoing it
// (a game programmer's review: a man broken by LeaderDown who then heard
// EnemyDown was Shaken "because of event EnemyDown"). His LastReason stays
// the last news either way. The reasons each way survive a save and a
// Clone taken between the news and the step.
func TestStateChangeBlamesTheNewsThatMovedHimThatWay(t *testing.T) {
	report := func(t *testing.T, a *morale.Agent, e morale.Event, scale float64) {
		t.Helper()
		if err := a.ReportEvent(e, scale); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name string
		// news sets the man up and gives him the news before the step.
		news     func(t *testing.T, w *morale.World, a *morale.Agent)
		from, to morale.State
		want     morale.Event // the cause of the change
		wantLast morale.Event // his LastReason after it
	}{
		{"a fall, then good news", func(t *testing.T, w *morale.World, a *morale.Agent) {
			report(t, a, morale.LeaderDown, 1)  // 1 → 0.55, below ShakenBelow 0.6
			report(t, a, morale.EnemyDown, 0.3) // +0.024, still below
		}, morale.Steady, morale.Shaken, morale.LeaderDown, morale.EnemyDown},
		{"a rise, then bad news", func(t *testing.T, w *morale.World, a *morale.Agent) {
			if err := a.SetMorale(0.5); err != nil {
				t.Fatal(err)
			}
			w.Advance(2) // Shaken, and long enough in it
			if a.State() != morale.Shaken {
				t.Fatalf("after SetMorale(0.5) and 2 s: %v; want Shaken", a.State())
			}
			report(t, a, morale.ReinforcementsArrived, 1.6) // 0.5 → 0.9
			report(t, a, morale.Suppressed, 0.3)            // −0.021, still above ShakenBelow + Hysteresis 0.75
		}, morale.Shaken, morale.Steady, morale.ReinforcementsArrived, morale.Suppressed},
	}
	for _, tc := range tests {
		for _, via := range []string{"the World", "a save", "a Clone"} {
			t.Run(tc.name+" through "+via, func(t *testing.T) {
				w := newTestWorld(t, noRecovery, noContagion)
				w.Spawn(1, morale.Vec2{}, morale.WithNerve(0)) // his squad's other man, for the average
				a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
				w.Advance(1)
				tc.news(t, w, a)
				switch via {
				case "a save":
					l := reloaded(t, w)
					w, a = l, l.Agent(a.Index())
				case "a Clone":
					c := w.Clone()
					w, a = c, c.Agent(a.Index())
				}
				var got []string
				w.OnStateChanged(func(b *morale.Agent, old, new morale.State, why morale.Reason) {
					if b == a {
						got = append(got, old.String()+"→"+new.String()+" "+why.String())
					}
				})
				w.Advance(0.25)
				want := []string{tc.from.String() + "→" + tc.to.String() + " event " + string(tc.want)}
				if !slices.Equal(got, want) {
					t.Errorf("got state changes %q; want %q", got, want)
				}
				if last := a.Snapshot().LastReason; last != (morale.Reason{Kind: morale.ByEvent, Event: tc.wantLast}) {
					t.Errorf("got LastReason %v; want event %s", last, tc.wantLast)
				}
			})
		}
	}
}
