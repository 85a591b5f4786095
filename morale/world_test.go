package morale_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// newTestWorld returns a World with the default settings changed by mods.
func newTestWorld(t testing.TB, mods ...func(*morale.Settings)) *morale.World {
	t.Helper()
	s := morale.DefaultSettings()
	for _, m := range mods {
		m(&s)
	}
	w, err := morale.NewWorld(s, 1)
	if err != nil {
		t.Fatalf("NewWorld: %v", err)
	}
	return w
}

// noRecovery and noContagion isolate one rule from the others.
func noRecovery(s *morale.Settings)  { s.RecoveryPerSecond = 0 }
func noContagion(s *morale.Settings) { s.ContagionPerSecond = 0 }

// advanceTo advances w to time t (t − Now() is exact for the quarter-second
// times these tests use).
func advanceTo(w *morale.World, t float64) {
	if d := t - w.Now(); d > 0 {
		w.Advance(d)
	}
}

// stateLog records every state change.
type stateChange struct {
	At       float64
	A        *morale.Agent
	Old, New morale.State
	Why      morale.Reason
}

type moraleChange struct {
	A      *morale.Agent
	Morale float64
	Why    morale.Reason
}

type recorder struct {
	states  []stateChange
	morales []moraleChange
}

func record(w *morale.World) *recorder {
	r := &recorder{}
	w.OnStateChanged(func(a *morale.Agent, old, new morale.State, why morale.Reason) {
		r.states = append(r.states, stateChange{w.Now(), a, old, new, why})
	})
	w.OnMoraleChanged(func(a *morale.Agent, m float64, why morale.Reason) {
		r.morales = append(r.morales, moraleChange{a, m, why})
	})
	return r
}

func (r *recorder) statesOf(a *morale.Agent) []stateChange {
	var out []stateChange
	for _, c := range r.states {
		if c.A == a {
			out = append(out, c)
		}
	}
	return out
}

func TestAdvanceRunsExactSteps(t *testing.T) {
	tests := []struct {
		name     string
		interval float64
		frame    float64
		frames   int
		want     uint64
	}{
		{"one Advance(1.0), 0.1 s interval", 0.1, 1.0, 1, 10},
		{"ten Advance(0.1), 0.1 s interval", 0.1, 0.1, 10, 10},
		{"a hundred Advance(0.01), 0.1 s interval", 0.1, 0.01, 100, 10},
		{"64 frames of 1/64, 0.1 s interval", 0.1, 1.0 / 64, 64, 10},
		{"60 frames of 1/60, 0.1 s interval", 0.1, 1.0 / 60, 60, 10},
		{"30 frames of 1/30, 0.1 s interval", 0.1, 1.0 / 30, 30, 10},
		{"60 frames of 1/60, 0.25 s interval", 0.25, 1.0 / 60, 60, 4},
		{"1000 frames of 0.001, 0.1 s interval", 0.1, 0.001, 1000, 10},
		{"100 s of 0.1, 0.1 s interval", 0.1, 0.1, 1000, 1000},
		{"ten Advance(0.3), 0.25 s interval", 0.25, 0.3, 10, 12},
		{"half a step", 0.25, 0.125, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newTestWorld(t, func(s *morale.Settings) { s.SquadUpdateInterval = tt.interval })
			w.Spawn(1, morale.Vec2{})
			for range tt.frames {
				w.Advance(tt.frame)
			}
			if got := w.Steps(); got != tt.want {
				t.Errorf("%d × Advance(%v) with interval %v: Steps() = %d; want %d", tt.frames, tt.frame, tt.interval, got, tt.want)
			}
		})
	}
}

func TestAdvanceIgnoresBadTime(t *testing.T) {
	w := newTestWorld(t)
	a := w.Spawn(1, morale.Vec2{})
	w.Advance(0.5)
	for _, dt := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), -1, 0, -0.25} {
		before, steps, now := a.Snapshot(), w.Steps(), w.Now()
		w.Advance(dt)
		if w.Steps() != steps || w.Now() != now || a.Snapshot() != before {
			t.Errorf("Advance(%v) changed the world: steps %d→%d, now %v→%v; want nothing changed", dt, steps, w.Steps(), now, w.Now())
		}
	}
}

// battle drives a fixed sequence of events, each at a time that is a multiple
// of a quarter second, at the given frame size, and returns everything that
// can be observed.
func battle(t *testing.T, frame float64) (snaps []morale.Snapshot, log []string, steps uint64) {
	t.Helper()
	w, err := morale.NewWorld(morale.DefaultSettings(), 42)
	if err != nil {
		t.Fatal(err)
	}
	w.OnStateChanged(func(a *morale.Agent, old, new morale.State, why morale.Reason) {
		log = append(log, fmt.Sprintf("%x state %v→%v %v at %v", a.Position().X, old, new, why, w.Now()))
	})
	w.OnMoraleChanged(func(a *morale.Agent, m float64, why morale.Reason) {
		log = append(log, fmt.Sprintf("%x morale %x %v at %v", a.Position().X, math.Float64bits(m), why, w.Now()))
	})
	var men []*morale.Agent
	for i := range 6 {
		men = append(men, w.Spawn(1, morale.Vec2{X: float64(i) * 350, Y: 10}))
	}
	men = append(men, w.Spawn(2, morale.Vec2{X: 900, Y: 900}, morale.WithoutContagion()))
	men = append(men, w.Spawn(2, morale.Vec2{X: 1000, Y: 900}, morale.WithNerve(0.9)))
	men = append(men, w.Spawn(2, morale.Vec2{X: 1100, Y: 900}))

	events := map[int]func(){ // quarter seconds → event
		2: func() { _ = w.ReportEventAtLocation(morale.AllyDown, men[0].Position(), 0, nil, 1) },
		3: func() { _ = men[1].ReportEvent(morale.TookDamage, 2) },
		6: func() {
			_ = w.ReportEventAtLocation(morale.LeaderDown, morale.Vec2{X: 700}, 0, []morale.SquadID{1}, 1)
		},
		9:  func() { _ = men[6].ReportEvent(morale.LowHealth, 1) },
		10: func() { _ = men[2].ReportCustomEvent(-0.3) },
		14: func() {
			_ = w.ReportEventAtLocation(morale.Outnumbered, morale.Vec2{X: 1000, Y: 900}, 0, nil, morale.OutnumberedFactor(2, 7))
		},
		20: func() { men[8].ForceRout() },
		24: func() { _ = w.ReportEventAtLocation(morale.EnemyDown, morale.Vec2{}, 5000, nil, 1) },
		30: func() { w.RallySquad(2) },
		33: func() { _ = men[3].SetMorale(0.05) },
		40: func() { _ = w.ReportEventAtLocation(morale.Suppressed, morale.Vec2{X: 1200}, 0, nil, 1.5) },
		48: func() { _ = men[5].ReportEvent(morale.ReinforcementsArrived, 1) },
	}
	for q := 12; q < 100; q += 4 { // suppression on a timer
		if events[q] == nil {
			events[q] = func() { _ = w.ReportEventAtLocation(morale.Suppressed, morale.Vec2{X: 600}, 0, []morale.SquadID{1}, 1) }
		}
	}
	const total = 40.0 // seconds
	n := int(math.Round(total / frame))
	perQuarter := int(math.Round(0.25 / frame))
	for k := 0; k <= n; k++ {
		if k%perQuarter == 0 {
			if ev := events[k/perQuarter]; ev != nil {
				ev()
			}
		}
		if k < n {
			w.Advance(frame)
		}
	}
	for _, a := range men {
		snaps = append(snaps, a.Snapshot())
	}
	return snaps, log, w.Steps()
}

func TestSameEventsAnyFrameSizeBitForBit(t *testing.T) {
	refSnaps, refLog, refSteps := battle(t, 1.0/64)
	if len(refLog) < 20 {
		t.Fatalf("the battle logged only %d changes; want a real battle", len(refLog))
	}
	broke := false
	for _, s := range refSnaps {
		broke = broke || s.State != morale.Steady || s.Morale < 0.6
	}
	if !broke {
		t.Fatalf("nobody's morale or state moved in the battle; want a real battle")
	}
	for _, frame := range []float64{1.0 / 32, 1.0 / 8, 1.0 / 4} {
		snaps, log, steps := battle(t, frame)
		if steps != refSteps {
			t.Errorf("frame %v: %d steps; want %d as at 1/64", frame, steps, refSteps)
		}
		for i := range snaps {
			a, b := snaps[i], refSnaps[i]
			if math.Float64bits(a.Morale) != math.Float64bits(b.Morale) || a.State != b.State ||
				a.SecondsInState != b.SecondsInState || a.SecondsSinceBadNews != b.SecondsSinceBadNews {
				t.Errorf("frame %v, agent %d: %+v; want bit-for-bit %+v as at 1/64", frame, i, a, b)
			}
		}
		if !slices.Equal(log, refLog) {
			t.Errorf("frame %v: listeners saw %d calls, at 1/64 %d; want the same calls", frame, len(log), len(refLog))
			for i := range min(len(log), len(refLog)) {
				if log[i] != refLog[i] {
					t.Errorf("first difference at call %d: %q; want %q", i, log[i], refLog[i])
					break
				}
			}
		}
	}
}

// One second in one step equals one second in ten for the whole World: the
// same squad stepped at 1 s, 0.1 s and 0.05 s intervals ends at the same
// morale (contagion and recovery, the delay ending inside a step).
func TestWorldStepSizeIndependent(t *testing.T) {
	run := func(interval float64) []float64 {
		w := newTestWorld(t, func(s *morale.Settings) {
			s.SquadUpdateInterval = interval
			s.RecoveryDelaySeconds = 4.05 // ends inside a 1 s step
		})
		var men []*morale.Agent
		for i, m := range []float64{0.9, 0.7, 0.5, 0.3, 0.2} {
			men = append(men, w.Spawn(3, morale.Vec2{X: float64(i)}, morale.WithMorale(m), morale.WithNerve(0)))
		}
		for _, a := range men { // the same bad news to everybody at once
			if err := a.ReportCustomEvent(-0.15); err != nil {
				t.Fatal(err)
			}
		}
		w.Advance(3)
		w.Advance(4)
		out := make([]float64, len(men))
		for i, a := range men {
			out[i] = a.Morale()
		}
		return out
	}
	one := run(1)
	for _, interval := range []float64{0.1, 0.05, 0.25} {
		got := run(interval)
		for i := range got {
			if !near(got[i], one[i], 1e-9) {
				t.Errorf("interval %v: agent %d ends at %v; with a 1 s interval %v; want equal (±1e-9)", interval, i, got[i], one[i])
			}
		}
	}
	// The expected value: average 0.37, each gap shrunk by e^(-0.5·7), and
	// 7 − 4.05 s of recovery at 0.06.
	avg := (0.75 + 0.55 + 0.35 + 0.15 + 0.05) / 5
	want := avg + (0.75-avg)*math.Exp(-3.5) + 0.06*(7-4.05)
	if !near(one[0], want, 1e-9) {
		t.Errorf("agent 0 ends at %v; want %v (±1e-9)", one[0], want)
	}
}

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

// A brave man is not dragged down, but he still steadies the others; the
// average is computed once per squad per step over every live member.
func TestContagionAverageWithoutContagionAgent(t *testing.T) {
	w := newTestWorld(t, noRecovery)
	brave := w.Spawn(1, morale.Vec2{}, morale.WithoutContagion(), morale.WithMorale(1))
	a := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.1))
	b := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.1))
	c := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.4))
	stranger := w.Spawn(2, morale.Vec2{}, morale.WithMorale(0))
	if brave.AffectedByContagion() || !a.AffectedByContagion() {
		t.Fatalf("AffectedByContagion: brave %v, a %v; want false, true", brave.AffectedByContagion(), a.AffectedByContagion())
	}
	w.Advance(0.25)
	avg := (1 + 0.1 + 0.1 + 0.4) / 4
	keep := math.Exp(-0.5 * 0.25)
	for _, x := range []struct {
		a    *morale.Agent
		from float64
	}{{a, 0.1}, {b, 0.1}, {c, 0.4}} {
		want := avg + (x.from-avg)*keep
		if got := x.a.Morale(); !near(got, want, tol) {
			t.Errorf("after one step from %v: %v; want %v (average %v over all four)", x.from, got, want, avg)
		}
	}
	if brave.Morale() != 1 {
		t.Errorf("WithoutContagion agent: %v after one step; want 1", brave.Morale())
	}
	if stranger.Morale() != 0 {
		t.Errorf("alone in his squad: %v; want 0 (no pull from other squads)", stranger.Morale())
	}
	// The brave man holds while everybody around him runs.
	w2 := newTestWorld(t, noRecovery)
	brave2 := w2.Spawn(1, morale.Vec2{}, morale.WithoutContagion(), morale.WithNerve(1))
	for range 5 {
		w2.Spawn(1, morale.Vec2{}, morale.WithMorale(0))
	}
	_ = w2.ReportEventAtLocation(morale.LeaderDown, morale.Vec2{}, 0, nil, 1)
	w2.Advance(30)
	if brave2.Morale() != 1 || brave2.State() != morale.Steady {
		t.Errorf("brave man after 30 s among the broken: %v at %v; want Steady at 1", brave2.State(), brave2.Morale())
	}
}

func TestOnlyBadNewsResetsRecoveryDelay(t *testing.T) {
	tests := []struct {
		name  string
		at2   func(a *morale.Agent) error // at 2 s
		want5 float64                     // morale at 5 s
	}{
		{"nothing", func(*morale.Agent) error { return nil }, 0.5 + 0.06},
		{"good news does not postpone recovery", func(a *morale.Agent) error { return a.ReportEvent(morale.EnemyDown, 1) }, 0.58 + 0.06},
		{"bad news does", func(a *morale.Agent) error { return a.ReportEvent(morale.TookDamage, 1) }, 0.4},
		{"custom bad news does", func(a *morale.Agent) error { return a.ReportCustomEvent(-0.1) }, 0.4},
		{"unknown event is not news", func(a *morale.Agent) error { return a.ReportEvent("NoSuchEvent", 1) }, 0.56},
		{"zero scale is not news", func(a *morale.Agent) error { return a.ReportEvent(morale.TookDamage, 0) }, 0.56},
		{"SetMorale is not news", func(a *morale.Agent) error { return a.SetMorale(0.5) }, 0.56},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newTestWorld(t)
			a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
			if err := a.ReportCustomEvent(-0.5); err != nil {
				t.Fatal(err)
			}
			advanceTo(w, 2)
			if err := tt.at2(a); err != nil {
				t.Fatal(err)
			}
			advanceTo(w, 5)
			if got := a.Morale(); !near(got, tt.want5, 1e-12) {
				t.Errorf("morale at 5 s: %v; want %v (±1e-12)", got, tt.want5)
			}
		})
	}
}

func TestUnknownEventIsWorthZero(t *testing.T) {
	s := morale.DefaultSettings()
	delete(s.Weights, morale.AllyDown) // a deleted row switches the event off
	w, err := morale.NewWorld(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	r := record(w)
	a := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.5))
	for _, e := range []morale.Event{"NoSuchEvent", "", morale.AllyDown} {
		if err := a.ReportEvent(e, 1); err != nil {
			t.Errorf("ReportEvent(%q): %v; want nil (worth zero)", e, err)
		}
		if err := w.ReportEventAtLocation(e, morale.Vec2{}, 0, nil, 1); err != nil {
			t.Errorf("ReportEventAtLocation(%q): %v; want nil (worth zero)", e, err)
		}
	}
	if a.Morale() != 0.5 || len(r.morales) != 0 {
		t.Errorf("after unknown events: morale %v, %d listener calls; want 0.5 and none", a.Morale(), len(r.morales))
	}
	if got := a.Snapshot().SecondsSinceBadNews; !math.IsInf(got, 1) {
		t.Errorf("SecondsSinceBadNews after unknown events: %v; want +Inf (not news)", got)
	}
	// A custom row is an event games report by name.
	s.Weights["Artillery"] = -0.3
	if err := w.SetSettings(s); err != nil {
		t.Fatal(err)
	}
	if err := a.ReportEvent("Artillery", 1); err != nil {
		t.Fatal(err)
	}
	if want := morale.ApplyMoraleEvent(0.5, -0.3, 1, a.Nerve()); a.Morale() != want {
		t.Errorf("custom event Artillery: morale %v; want %v", a.Morale(), want)
	}
}

func TestReportEventAtLocation(t *testing.T) {
	dists := []float64{0, 600, 1800, 2999, 3000, 3500}
	tests := []struct {
		name   string
		radius float64
		squads []morale.SquadID
		scale  float64
		want   [2][]float64 // per squad, per distance
	}{
		{"radius 0 is NoEffectRadius", 0, nil, 1, [2][]float64{
			{0.82, 0.82, 0.91, 1 - 0.18/2400, 1, 1}, {0.82, 0.82, 0.91, 1 - 0.18/2400, 1, 1}}},
		{"negative radius is NoEffectRadius", -5, nil, 1, [2][]float64{
			{0.82, 0.82, 0.91, 1 - 0.18/2400, 1, 1}, {0.82, 0.82, 0.91, 1 - 0.18/2400, 1, 1}}},
		{"radius 1000 cuts the reach", 1000, nil, 1, [2][]float64{
			{0.82, 0.82, 1, 1, 1, 1}, {0.82, 0.82, 1, 1, 1, 1}}},
		{"radius beyond NoEffectRadius still fades to nothing", 1e5, nil, 1, [2][]float64{
			{0.82, 0.82, 0.91, 1 - 0.18/2400, 1, 1}, {0.82, 0.82, 0.91, 1 - 0.18/2400, 1, 1}}},
		{"squad filter", 0, []morale.SquadID{2}, 1, [2][]float64{
			{1, 1, 1, 1, 1, 1}, {0.82, 0.82, 0.91, 1 - 0.18/2400, 1, 1}}},
		{"filter of both squads", 0, []morale.SquadID{2, 1}, 1, [2][]float64{
			{0.82, 0.82, 0.91, 1 - 0.18/2400, 1, 1}, {0.82, 0.82, 0.91, 1 - 0.18/2400, 1, 1}}},
		{"filter of an unknown squad", 0, []morale.SquadID{99}, 1, [2][]float64{
			{1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}}},
		{"scale 2", 0, nil, 2, [2][]float64{
			{0.64, 0.64, 0.82, 1 - 0.36/2400, 1, 1}, {0.64, 0.64, 0.82, 1 - 0.36/2400, 1, 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newTestWorld(t)
			center := morale.Vec2{X: 12345, Y: -678}
			var men [2][]*morale.Agent
			for sq := range 2 {
				for _, d := range dists {
					// Squad 1 east of the center, squad 2 south-west of it.
					dir := morale.Vec2{X: 1}
					if sq == 1 {
						dir = morale.Vec2{X: -0.6, Y: -0.8}
					}
					p := morale.Vec2{X: center.X + dir.X*d, Y: center.Y + dir.Y*d}
					men[sq] = append(men[sq], w.Spawn(morale.SquadID(sq+1), p, morale.WithNerve(0)))
				}
			}
			if err := w.ReportEventAtLocation(morale.AllyDown, center, tt.radius, tt.squads, tt.scale); err != nil {
				t.Fatalf("ReportEventAtLocation: %v", err)
			}
			for sq := range 2 {
				for k, a := range men[sq] {
					if got, want := a.Morale(), tt.want[sq][k]; !near(got, want, 1e-9) {
						t.Errorf("squad %d at distance %v: morale %v; want %v (±1e-9)", sq+1, dists[k], got, want)
					}
				}
			}
		})
	}
}

// Far apart and moved about: an event reaches exactly the agents near it.
func TestReportEventAtLocationAfterMovesAndRemoves(t *testing.T) {
	w := newTestWorld(t)
	var men []*morale.Agent
	for i := range 200 {
		x, y := float64(i%20)*5000, float64(i/20)*5000 // 100 km square, 5 km apart
		men = append(men, w.Spawn(morale.SquadID(i%3), morale.Vec2{X: x, Y: y}, morale.WithNerve(0)))
	}
	for i := 0; i < 200; i += 7 {
		w.Remove(men[i])
	}
	// Move a few next to the target.
	target := men[55].Position()
	for _, i := range []int{1, 99, 150} {
		men[i].SetPosition(morale.Vec2{X: target.X + 100, Y: target.Y})
		if got := men[i].Position(); got.X != target.X+100 || got.Y != target.Y {
			t.Fatalf("Position after SetPosition: %v; want %v", got, morale.Vec2{X: target.X + 100, Y: target.Y})
		}
	}
	men[2].SetPosition(morale.Vec2{X: math.NaN()}) // ignored
	if err := w.ReportEventAtLocation(morale.AllyDown, target, 0, nil, 1); err != nil {
		t.Fatal(err)
	}
	hit := map[int]bool{55: true, 1: true, 99: true, 150: true}
	for i, a := range men {
		if a.Removed() {
			continue
		}
		want := 1.0
		if hit[i] {
			want = 0.82
		}
		if !near(a.Morale(), want, 1e-12) {
			t.Errorf("agent %d at %v: morale %v; want %v", i, a.Position(), a.Morale(), want)
		}
	}
}

// Every bad input returns an error and changes nothing, now or later.
func TestBadInputChangesNothing(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		name string
		op   func(w *morale.World, a *morale.Agent) error
	}{
		{"ReportEvent NaN scale", func(w *morale.World, a *morale.Agent) error { return a.ReportEvent(morale.AllyDown, nan) }},
		{"ReportEvent +Inf scale", func(w *morale.World, a *morale.Agent) error { return a.ReportEvent(morale.AllyDown, inf) }},
		{"ReportEvent -Inf scale", func(w *morale.World, a *morale.Agent) error { return a.ReportEvent(morale.AllyDown, -inf) }},
		{"ReportEvent negative scale", func(w *morale.World, a *morale.Agent) error { return a.ReportEvent(morale.AllyDown, -1) }},
		{"ReportEvent negative scale of good news", func(w *morale.World, a *morale.Agent) error { return a.ReportEvent(morale.EnemyDown, -1) }},
		{"ReportCustomEvent NaN", func(w *morale.World, a *morale.Agent) error { return a.ReportCustomEvent(nan) }},
		{"ReportCustomEvent +Inf", func(w *morale.World, a *morale.Agent) error { return a.ReportCustomEvent(inf) }},
		{"ReportCustomEvent -Inf", func(w *morale.World, a *morale.Agent) error { return a.ReportCustomEvent(-inf) }},
		{"SetMorale -0.01", func(w *morale.World, a *morale.Agent) error { return a.SetMorale(-0.01) }},
		{"SetMorale 1.01", func(w *morale.World, a *morale.Agent) error { return a.SetMorale(1.01) }},
		{"SetMorale NaN", func(w *morale.World, a *morale.Agent) error { return a.SetMorale(nan) }},
		{"SetMorale +Inf", func(w *morale.World, a *morale.Agent) error { return a.SetMorale(inf) }},
		{"SetNerve -0.1", func(w *morale.World, a *morale.Agent) error { return a.SetNerve(-0.1) }},
		{"SetNerve 1.1", func(w *morale.World, a *morale.Agent) error { return a.SetNerve(1.1) }},
		{"SetNerve NaN", func(w *morale.World, a *morale.Agent) error { return a.SetNerve(nan) }},
		{"at location NaN X", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{X: nan}, 0, nil, 1)
		}},
		{"at location +Inf Y", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{Y: inf}, 0, nil, 1)
		}},
		{"at location NaN radius", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, nan, nil, 1)
		}},
		{"at location +Inf radius", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, inf, nil, 1)
		}},
		{"at location -Inf radius", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, -inf, nil, 1)
		}},
		{"at location NaN scale", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, 0, nil, nan)
		}},
		{"at location Inf scale", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, 0, nil, inf)
		}},
		{"at location negative scale", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, 0, nil, -0.5)
		}},
		{"at location unknown event, NaN location", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation("NoSuchEvent", morale.Vec2{X: nan}, 0, nil, 1)
		}},
		{"SetSettings NaN", func(w *morale.World, a *morale.Agent) error {
			s := w.Settings()
			s.ContagionPerSecond = nan
			return w.SetSettings(s)
		}},
		{"SetSettings NaN weight", func(w *morale.World, a *morale.Agent) error {
			s := w.Settings()
			s.Weights[morale.TookDamage] = nan
			return w.SetSettings(s)
		}},
	}
	// A twin world that never got the bad call must end the same.
	scene := func(t *testing.T) (*morale.World, []*morale.Agent, *recorder) {
		w := newTestWorld(t)
		var men []*morale.Agent
		for i := range 4 {
			men = append(men, w.Spawn(1, morale.Vec2{X: float64(i) * 300}))
		}
		_ = men[0].ReportEvent(morale.LeaderDown, 1)
		_ = men[1].ReportEvent(morale.AllyDown, 1)
		w.Advance(2.1)
		return w, men, record(w)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, men, r := scene(t)
			twin, twinMen, _ := scene(t)
			before := make([]morale.Snapshot, len(men))
			for i, a := range men {
				before[i] = a.Snapshot()
			}
			err := tt.op(w, men[0])
			if err == nil {
				t.Fatalf("got nil error; want an error")
			}
			for i, a := range men {
				if got := a.Snapshot(); got != before[i] {
					t.Errorf("agent %d: %+v after the bad call; want unchanged %+v", i, got, before[i])
				}
			}
			if len(r.morales)+len(r.states) != 0 {
				t.Errorf("listeners called %d times; want none", len(r.morales)+len(r.states))
			}
			w.Advance(8)
			twin.Advance(8)
			for i := range men {
				if got, want := men[i].Snapshot(), twinMen[i].Snapshot(); got != want {
					t.Errorf("agent %d 8 s later: %+v; want %+v as without the bad call", i, got, want)
				}
			}
		})
	}
}

func TestSetMoraleAndNerveAcceptTheirRange(t *testing.T) {
	w := newTestWorld(t)
	a := w.Spawn(1, morale.Vec2{})
	for _, v := range []float64{0, 0.5, 1} {
		if err := a.SetMorale(v); err != nil || a.Morale() != v {
			t.Errorf("SetMorale(%v): err %v, morale %v; want nil and %v", v, err, a.Morale(), v)
		}
		if err := a.SetNerve(v); err != nil || a.Nerve() != v {
			t.Errorf("SetNerve(%v): err %v, nerve %v; want nil and %v", v, err, a.Nerve(), v)
		}
	}
	// SetNerve changes how later bad news lands.
	if err := a.SetNerve(0.8); err != nil {
		t.Fatal(err)
	}
	_ = a.SetMorale(1)
	_ = a.ReportEvent(morale.LeaderDown, 1)
	if want := 1 - 0.45/5; !near(a.Morale(), want, 1e-12) {
		t.Errorf("nerve 0.8 after LeaderDown: %v; want %v", a.Morale(), want)
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

func TestRemove(t *testing.T) {
	w := newTestWorld(t, noContagion)
	r := record(w)
	var men []*morale.Agent
	for i := range 6 {
		men = append(men, w.Spawn(morale.SquadID(i%2), morale.Vec2{X: float64(i) * 10000}, morale.WithMorale(0.1*float64(i+1)), morale.WithNerve(0.1*float64(i))))
	}
	w.Remove(men[1]) // from the middle
	w.Remove(men[0]) // the first
	w.Remove(men[5]) // the last
	w.Remove(men[1]) // twice: nothing
	w.Remove(nil)
	if w.Len() != 3 {
		t.Fatalf("Len after removing 3 of 6: %d; want 3", w.Len())
	}
	for _, i := range []int{2, 3, 4} {
		a := men[i]
		if a.Removed() || a.Morale() != 0.1*float64(i+1) || a.Nerve() != 0.1*float64(i) || a.Position().X != float64(i)*10000 || a.Squad() != morale.SquadID(i%2) {
			t.Errorf("agent %d after others were removed: removed %v morale %v nerve %v pos %v squad %v; want its own data",
				i, a.Removed(), a.Morale(), a.Nerve(), a.Position(), a.Squad())
		}
	}
	gone := men[1]
	if !gone.Removed() {
		t.Errorf("Removed() = false for a removed agent")
	}
	for name, err := range map[string]error{
		"ReportEvent":       gone.ReportEvent(morale.AllyDown, 1),
		"ReportCustomEvent": gone.ReportCustomEvent(-0.1),
		"SetMorale":         gone.SetMorale(0.5),
		"SetNerve":          gone.SetNerve(0.5),
	} {
		if !errors.Is(err, morale.ErrRemoved) {
			t.Errorf("%s on a removed agent: %v; want ErrRemoved", name, err)
		}
	}
	gone.Rally()
	gone.ForceRout()
	gone.SetSquad(7)
	gone.SetPosition(morale.Vec2{X: 1})
	if gone.State() != morale.Steady || gone.Morale() != 0 || gone.IsFighting() || gone.Snapshot() != (morale.Snapshot{}) {
		t.Errorf("removed agent reads %v %v fighting %v; want zero values", gone.State(), gone.Morale(), gone.IsFighting())
	}
	if len(r.morales)+len(r.states) != 0 {
		t.Errorf("listeners called %d times for removed agents; want none", len(r.morales)+len(r.states))
	}
	// The remaining agents are still found where they are, and events reach
	// exactly them.
	_ = w.ReportEventAtLocation(morale.EnemyDown, morale.Vec2{X: 30000}, 100, nil, 1)
	if got, want := men[3].Morale(), 0.4+0.08; !near(got, want, 1e-12) {
		t.Errorf("agent 3 after EnemyDown at its spot: %v; want %v", got, want)
	}
	if !near(men[2].Morale(), 0.3, 1e-12) || !near(men[4].Morale(), 0.5, 1e-12) {
		t.Errorf("agents 2, 4 far away: %v, %v; want 0.3, 0.5", men[2].Morale(), men[4].Morale())
	}
	// The removed no longer count in the average.
	st, ok := w.SquadStats(1)
	if !ok || st.Count != 1 || !near(st.Average, 0.48, 1e-12) {
		t.Errorf("SquadStats(1) after removals: %+v, %v; want 1 member averaging 0.48", st, ok)
	}
	w2 := newTestWorld(t, noRecovery)
	calm := w2.Spawn(1, morale.Vec2{})
	dead := w2.Spawn(1, morale.Vec2{}, morale.WithMorale(0))
	w2.Remove(dead)
	w2.Advance(5)
	if calm.Morale() != 1 {
		t.Errorf("after his only squad mate (morale 0) was removed: %v; want 1 (no pull towards the dead)", calm.Morale())
	}
}

func TestSetSquad(t *testing.T) {
	w := newTestWorld(t, noRecovery)
	a := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.2))
	b := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.2))
	c := w.Spawn(2, morale.Vec2{}, morale.WithMorale(1))
	a.SetSquad(2)
	if a.Squad() != 2 {
		t.Fatalf("Squad after SetSquad(2): %v; want 2", a.Squad())
	}
	w.Advance(0.25)
	avg := 0.6
	want := avg + (0.2-avg)*math.Exp(-0.125)
	if !near(a.Morale(), want, 1e-12) {
		t.Errorf("after SetSquad(2) and a step: %v; want %v (pulled to squad 2's average)", a.Morale(), want)
	}
	if b.Morale() != 0.2 {
		t.Errorf("alone in squad 1: %v; want 0.2", b.Morale())
	}
	if want := avg + (1-avg)*math.Exp(-0.125); !near(c.Morale(), want, 1e-12) {
		t.Errorf("squad 2's other member: %v; want %v", c.Morale(), want)
	}
	b.SetSquad(3)
	if ids := w.SquadIDs(); !slices.Equal(ids, []morale.SquadID{2, 3}) {
		t.Errorf("SquadIDs after squad 1 emptied: %v; want [2 3]", ids)
	}
	if _, ok := w.SquadStats(1); ok {
		t.Errorf("SquadStats(1) of an empty squad: ok; want false")
	}
	_ = w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, 0, []morale.SquadID{3}, 1)
	if b.Morale() >= 0.2 || a.Morale() != want && false {
		t.Errorf("squad filter after SetSquad(3): b %v; want hit", b.Morale())
	}
}

func TestSquadStatsAndDump(t *testing.T) {
	w := newTestWorld(t, noRecovery, noContagion)
	for _, m := range []float64{0.9, 0.5, 0.1, 0.3} {
		w.Spawn(4, morale.Vec2{}, morale.WithMorale(m))
	}
	r := w.Spawn(4, morale.Vec2{}, morale.WithMorale(0.8))
	w.Spawn(-2, morale.Vec2{}, morale.WithMorale(0.7))
	w.Spawn(10, morale.Vec2{})
	w.Advance(0.25)
	r.ForceRout()
	st, ok := w.SquadStats(4)
	if !ok {
		t.Fatalf("SquadStats(4): not ok")
	}
	want := morale.SquadStats{ID: 4, Count: 5, Average: 0.52, Lowest: 0.1, ByState: [morale.NumStates]int{1, 2, 1, 1}, Broken: 2}
	if st.ID != want.ID || st.Count != want.Count || !near(st.Average, want.Average, 1e-12) || st.Lowest != want.Lowest || st.ByState != want.ByState || st.Broken != want.Broken {
		t.Errorf("SquadStats(4) = %+v; want %+v", st, want)
	}
	if _, ok := w.SquadStats(99); ok {
		t.Errorf("SquadStats(99) of no squad: ok; want false")
	}
	if ids := w.SquadIDs(); !slices.Equal(ids, []morale.SquadID{-2, 4, 10}) {
		t.Errorf("SquadIDs() = %v; want [-2 4 10] sorted", ids)
	}
	var buf bytes.Buffer
	w.Dump(&buf)
	out := buf.String()
	for _, s := range []string{"0.52", "0.10", "0.70", "broken 2"} {
		if !strings.Contains(out, s) {
			t.Errorf("Dump output lacks %q:\n%s", s, out)
		}
	}
	if i4, im2, i10 := strings.Index(out, "squad 4"), strings.Index(out, "squad -2"), strings.Index(out, "squad 10"); i4 < 0 || im2 < 0 || i10 < 0 || !(im2 < i4 && i4 < i10) {
		t.Errorf("Dump lists squads out of order or not at all:\n%s", out)
	}
}

func TestSetSettings(t *testing.T) {
	w := newTestWorld(t)
	a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
	before := w.Settings()
	bad := []func(*morale.Settings){
		func(s *morale.Settings) { s.PanicBelow = 0.7 },
		func(s *morale.Settings) { s.SquadUpdateInterval = 0 },
		func(s *morale.Settings) { s.Hysteresis = -0.1 },
		func(s *morale.Settings) { s.NerveMin, s.NerveMax = 0.8, 0.2 },
		func(s *morale.Settings) { s.NoEffectRadius = 100 },
		func(s *morale.Settings) { s.ShakenBelow = math.Inf(1) },
	}
	for i, mod := range bad {
		s := w.Settings()
		mod(&s)
		if err := w.SetSettings(s); err == nil {
			t.Errorf("bad settings %d: SetSettings returned nil; want an error", i)
		}
		if got := w.Settings(); !settingsEqual(got, before) {
			t.Errorf("bad settings %d changed the World's settings: %+v; want %+v", i, got, before)
		}
	}
	// The World keeps its own copy.
	s := w.Settings()
	s.Weights[morale.TookDamage] = -0.5
	_ = a.ReportEvent(morale.TookDamage, 1)
	if !near(a.Morale(), 0.9, 1e-12) {
		t.Errorf("changing a copy of the settings changed the World: %v; want 0.9", a.Morale())
	}
	if err := w.SetSettings(s); err != nil {
		t.Fatal(err)
	}
	s.Weights[morale.TookDamage] = -0.9 // after SetSettings: not seen
	_ = a.ReportEvent(morale.TookDamage, 1)
	if !near(a.Morale(), 0.4, 1e-12) {
		t.Errorf("after SetSettings with TookDamage −0.5: %v; want 0.4", a.Morale())
	}
	// A new interval applies from the next step.
	s.SquadUpdateInterval = 0.1
	if err := w.SetSettings(s); err != nil {
		t.Fatal(err)
	}
	steps := w.Steps()
	w.Advance(1)
	if got := w.Steps() - steps; got != 10 {
		t.Errorf("after SetSettings interval 0.1, Advance(1) ran %d steps; want 10", got)
	}
}

func TestNerves(t *testing.T) {
	spawn := func(seed uint64) []float64 {
		w, err := morale.NewWorld(morale.DefaultSettings(), seed)
		if err != nil {
			t.Fatal(err)
		}
		var out []float64
		for i := range 50 {
			out = append(out, w.Spawn(morale.SquadID(i%3), morale.Vec2{}).Nerve())
		}
		return out
	}
	a, b, c := spawn(7), spawn(7), spawn(8)
	if !slices.Equal(a, b) {
		t.Errorf("same seed, different nerves: %v vs %v", a, b)
	}
	if slices.Equal(a, c) {
		t.Errorf("seeds 7 and 8 gave the same nerves; want different squads")
	}
	lo, hi := 1.0, 0.0
	for _, n := range a {
		if n < 0.1 || n > 0.7 {
			t.Errorf("nerve %v; want in NerveMin..NerveMax = 0.1..0.7", n)
		}
		lo, hi = min(lo, n), max(hi, n)
	}
	if hi-lo < 0.3 {
		t.Errorf("50 nerves span only %v..%v; want spread over 0.1..0.7", lo, hi)
	}
	w := newTestWorld(t)
	if got := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0.95)).Nerve(); got != 0.95 {
		t.Errorf("WithNerve(0.95): nerve %v; want 0.95", got)
	}
	// Nerve does not move with time.
	x := w.Spawn(1, morale.Vec2{})
	n := x.Nerve()
	_ = x.ReportEvent(morale.LeaderDown, 2)
	w.Advance(20)
	if x.Nerve() != n {
		t.Errorf("nerve moved from %v to %v; want fixed", n, x.Nerve())
	}
}

func TestSpawnDefaults(t *testing.T) {
	w := newTestWorld(t)
	a := w.Spawn(3, morale.Vec2{X: 1, Y: 2}, morale.AsLeader())
	s := a.Snapshot()
	if s.State != morale.Steady || s.Morale != 1 || s.Squad != 3 || s.Position != (morale.Vec2{X: 1, Y: 2}) || !s.Leader || !s.AffectedByContagion {
		t.Errorf("Spawn snapshot %+v; want Steady, morale 1, squad 3, at (1,2), leader, affected by contagion", s)
	}
	if !a.IsFighting() || !a.IsLeader() {
		t.Errorf("fresh leader: IsFighting %v IsLeader %v; want true, true", a.IsFighting(), a.IsLeader())
	}
	for _, st := range []morale.State{morale.Steady, morale.Shaken, morale.Panicked, morale.Routed} {
		if st.String() == "" || strings.HasPrefix(st.String(), "State(") {
			t.Errorf("State %d has no name: %q", st, st.String())
		}
		if st.IsFighting() != (st == morale.Steady || st == morale.Shaken) {
			t.Errorf("%v.IsFighting() = %v", st, st.IsFighting())
		}
	}
	if (morale.Reason{Kind: morale.ByEvent, Event: morale.AllyDown}).String() == "" {
		t.Errorf("Reason has no text")
	}
}

// ContagionPerSecond 0 is a squad of strangers: nobody's morale moves by
// contagion, not even by a rounding error, and no listener hears of it.
func TestContagionZeroMovesNothing(t *testing.T) {
	w := newTestWorld(t, noRecovery, noContagion)
	r := record(w)
	var men []*morale.Agent
	for i, m := range []float64{0.1, 0.3, 0.7, 0.95, 0.33} {
		men = append(men, w.Spawn(1, morale.Vec2{X: float64(i)}, morale.WithMorale(m)))
	}
	want := []float64{0.1, 0.3, 0.7, 0.95, 0.33}
	w.Advance(30)
	for i, a := range men {
		if a.Morale() != want[i] {
			t.Errorf("agent %d after 30 s at ContagionPerSecond 0: %v; want exactly %v", i, a.Morale(), want[i])
		}
	}
	if len(r.morales) != 0 {
		t.Errorf("listeners heard %d morale changes; want none", len(r.morales))
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
