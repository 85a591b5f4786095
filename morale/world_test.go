package morale_test

import (
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
func noRecovery(s *morale.Settings) { s.RecoveryPerSecond = 0 }

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

// Removing another World's agent, still in it, or an agent a load
// replaced, panics naming the misuse and changes neither World: the game
// meant a man of this World to go, and he would have stayed.
func TestRemoveOfAnotherWorld(t *testing.T) {
	w := newTestWorld(t, noContagion)
	a := w.Spawn(1, morale.Vec2{})
	c := w.Clone()
	func() {
		defer func() {
			r := recover()
			if s, _ := r.(string); !strings.Contains(s, "World.Remove of an agent of another World") {
				t.Errorf("Remove of the original's agent on its clone: got panic %v; want one naming the misuse", r)
			}
		}()
		c.Remove(a)
	}()
	if w.Len() != 1 || c.Len() != 1 || a.Removed() {
		t.Errorf("after the refused Remove: Len %d and %d, removed %v; want 1, 1, false", w.Len(), c.Len(), a.Removed())
	}
	save, err := w.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.UnmarshalBinary(save); err != nil {
		t.Fatal(err)
	}
	old := c.Agent(0)
	if err := c.UnmarshalBinary(save); err != nil { // replaces old
		t.Fatal(err)
	}
	func() {
		defer func() {
			r := recover()
			if s, _ := r.(string); !strings.Contains(s, "World.Remove of an agent from before a load (UnmarshalBinary made new handles") {
				t.Errorf("Remove of a handle a load replaced: got panic %v; want one naming the misuse", r)
			}
		}()
		c.Remove(old)
	}()
	if !old.Removed() || c.Len() != 1 {
		t.Errorf("after Remove of a handle a load replaced: removed %v, Len %d; want true, 1", old.Removed(), c.Len())
	}
	// The other commands that return no error panic for it too, and do
	// nothing for a removed agent, as before.
	commands := []struct {
		name string
		do   func(a *morale.Agent)
	}{
		{"Agent.SetPosition", func(a *morale.Agent) { a.SetPosition(morale.Vec2{X: 1}) }},
		{"Agent.Rally", func(a *morale.Agent) { a.Rally() }},
		{"Agent.ForceRout", func(a *morale.Agent) { a.ForceRout() }},
		{"Agent.SetSquad", func(a *morale.Agent) { a.SetSquad(9) }},
	}
	for _, cmd := range commands {
		func() {
			defer func() {
				r := recover()
				if s, _ := r.(string); !strings.Contains(s, cmd.name+" of an agent from before a load") {
					t.Errorf("%s of a handle a load replaced: got panic %v; want one naming the misuse", cmd.name, r)
				}
			}()
			cmd.do(old)
		}()
		dead := c.Spawn(1, morale.Vec2{})
		c.Remove(dead)
		cmd.do(dead) // a dead man's handle: nothing, no panic
	}
	if c.Len() != 1 {
		t.Errorf("after the refused commands: Len %d; want 1", c.Len())
	}
	// An Agent Spawn did not make (a zero Agent) names no man either: the
	// commands panic for it too (they did nothing, and Removed said true,
	// as if he had died).
	remove := struct {
		name string
		do   func(a *morale.Agent)
	}{"World.Remove", func(a *morale.Agent) { c.Remove(a) }}
	for _, cmd := range append(commands, remove) {
		func() {
			defer func() {
				r := recover()
				if s, _ := r.(string); !strings.Contains(s, cmd.name+" of an Agent Spawn did not make (a zero Agent") {
					t.Errorf("%s of a zero Agent: got panic %v; want one naming the misuse", cmd.name, r)
				}
			}()
			cmd.do(new(morale.Agent))
		}()
	}
	gone := c.Agent(0)
	c.Remove(gone)
	c.Remove(gone) // already removed: nothing
	if c.Len() != 0 {
		t.Errorf("after removing the loaded agent twice: Len %d; want 0", c.Len())
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

// A bad spawn is refused naming the call the game made and the bad value:
// TrySpawn's error says TrySpawn (its errors said "Spawn", a call the game
// never made), Spawn's panic says Spawn, and neither changes the World, not
// even its random source (the next agent's nerve is a fresh World's first).
func TestBadSpawnNamesItsCall(t *testing.T) {
	tests := []struct {
		name string
		at   morale.Vec2
		opts []morale.SpawnOption
		want string // after "morale: CALL: "
	}{
		{"NaN position", morale.Vec2{X: math.NaN()}, nil, "position {NaN 0} is not finite"},
		{"infinite position", morale.Vec2{Y: math.Inf(-1)}, nil, "position {0 -Inf} is not finite"},
		{"nerve above 1", morale.Vec2{}, []morale.SpawnOption{morale.WithNerve(1.5)}, "WithNerve(1.5) is outside 0..1"},
		{"NaN nerve", morale.Vec2{}, []morale.SpawnOption{morale.WithNerve(math.NaN())}, "WithNerve(NaN) is outside 0..1"},
		{"negative morale", morale.Vec2{}, []morale.SpawnOption{morale.WithMorale(-0.25)}, "WithMorale(-0.25) is outside 0..1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newTestWorld(t)
			if _, err := w.TrySpawn(1, tt.at, tt.opts...); err == nil || err.Error() != "morale: TrySpawn: "+tt.want {
				t.Errorf("TrySpawn: got error %v; want %q", err, "morale: TrySpawn: "+tt.want)
			}
			func() {
				defer func() {
					if got := fmt.Sprint(recover()); got != "morale: Spawn: "+tt.want {
						t.Errorf("Spawn: got panic %q; want %q", got, "morale: Spawn: "+tt.want)
					}
				}()
				w.Spawn(1, tt.at, tt.opts...)
			}()
			if w.Len() != 0 {
				t.Fatalf("got %d agents after refused spawns; want 0", w.Len())
			}
			got, want := w.Spawn(1, morale.Vec2{}).Nerve(), newTestWorld(t).Spawn(1, morale.Vec2{}).Nerve()
			if got != want {
				t.Errorf("the next agent's nerve: got %v; want %v, a fresh World's first (a refused spawn drew from the random source)", got, want)
			}
		})
	}
}

// A nil SpawnOption does nothing: TrySpawn with one used to crash on a nil
// dereference inside the package (it promises an error, never a panic), and
// Spawn with one panicked without naming the misuse. The agent is the one
// the other options make, with the same nerve rolled.
func TestNilSpawnOptionDoesNothing(t *testing.T) {
	tests := []struct {
		name string
		opts []morale.SpawnOption
		want []morale.SpawnOption // the same options without the nils
	}{
		{"alone", []morale.SpawnOption{nil}, nil},
		{"among others", []morale.SpawnOption{morale.AsLeader(), nil, morale.WithTag(7), nil}, []morale.SpawnOption{morale.AsLeader(), morale.WithTag(7)}},
		{"before a pinned nerve", []morale.SpawnOption{nil, morale.WithNerve(0.9), morale.WithMorale(0.5)}, []morale.SpawnOption{morale.WithNerve(0.9), morale.WithMorale(0.5)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, want := newTestWorld(t), newTestWorld(t)
			a, err := w.TrySpawn(2, morale.Vec2{X: 5}, tt.opts...)
			if err != nil {
				t.Fatalf("TrySpawn: %v; want nil", err)
			}
			b := w.Spawn(2, morale.Vec2{X: 6}, tt.opts...)
			wa := want.Spawn(2, morale.Vec2{X: 5}, tt.want...)
			wb := want.Spawn(2, morale.Vec2{X: 6}, tt.want...)
			if got, w := a.Snapshot(), wa.Snapshot(); got != w {
				t.Errorf("TrySpawn: got %+v; want %+v", got, w)
			}
			if got, w := b.Snapshot(), wb.Snapshot(); got != w {
				t.Errorf("Spawn: got %+v; want %+v", got, w)
			}
		})
	}
}

// The zero Reason, an agent's LastReason before any news reached him, reads
// "none", where it printed "ReasonKind(0)" in a debug view; LastReason is
// the last event, custom event, rally or SetMorale, as its doc says.
func TestLastReasonAndTheZeroReason(t *testing.T) {
	w := newTestWorld(t)
	a := w.Spawn(1, morale.Vec2{}, morale.WithoutContagion())
	steps := []struct {
		name string
		do   func() error
		want string
	}{
		{"spawned", func() error { return nil }, "none"},
		{"an event", func() error { return a.ReportEvent(morale.AllyDown, 1) }, "event AllyDown"},
		{"SetMorale", func() error { return a.SetMorale(0.3) }, "set by hand"},
		{"a rally", func() error { a.Rally(); return nil }, "rally"},
		{"a custom event", func() error { return a.ReportCustomEvent(-0.1) }, "custom event"},
		{"steps", func() error { w.Advance(10); return nil }, "custom event"},
	}
	for _, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if got := a.Snapshot().LastReason.String(); got != st.want {
			t.Errorf("after %s: LastReason %q; want %q", st.name, got, st.want)
		}
	}
	for _, tt := range []struct {
		r    morale.Reason
		want string
	}{
		{morale.Reason{}, "none"},
		{morale.Reason{Kind: morale.ByRecovery}, "recovery"},
		{morale.Reason{Kind: morale.ByEvent, Event: morale.Rest}, "event Rest"},
		{morale.Reason{Kind: 200}, "ReasonKind(200)"},
	} {
		if got := tt.r.String(); got != tt.want {
			t.Errorf("%#v.String() = %q; want %q", tt.r, got, tt.want)
		}
	}
}

// A man spawned WithMorale below a threshold takes his state at the next
// step because of the morale he was given, as if set by SetMorale: that is
// his last reason, and the state change's. It used to be told as the step's
// own recovery or contagion, which had nudged his morale the other way
// (Panicked "after recovery" at 0.22 for a man spawned at 0.2).
func TestSpawnedMoraleIsTheReason(t *testing.T) {
	tests := []struct {
		name  string
		m     float64
		event bool // a Suppressed after the spawn, before the step
		state morale.State
		why   morale.ReasonKind
	}{
		{"spawned at 0.5: Shaken", 0.5, false, morale.Shaken, morale.BySetByHand},
		{"spawned at 0.2: Panicked", 0.2, false, morale.Panicked, morale.BySetByHand},
		{"spawned at 0.5, then suppressed", 0.5, true, morale.Shaken, morale.ByEvent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newTestWorld(t)
			var got []morale.Reason
			w.OnStateChanged(func(_ *morale.Agent, _, _ morale.State, why morale.Reason) { got = append(got, why) })
			a := w.Spawn(1, morale.Vec2{}, morale.WithMorale(tt.m), morale.WithNerve(0.9))
			w.Spawn(1, morale.Vec2{X: 1}, morale.WithMorale(tt.m), morale.WithNerve(0.9))
			if got, want := a.Snapshot().LastReason, (morale.Reason{Kind: morale.BySetByHand}); got != want {
				t.Errorf("LastReason after the spawn %v; want %v", got, want)
			}
			if tt.event {
				if err := a.ReportEvent(morale.Suppressed, 0.01); err != nil {
					t.Fatal(err)
				}
			}
			w.Advance(w.Settings().SquadUpdateInterval)
			if a.State() != tt.state || len(got) == 0 {
				t.Fatalf("after a step: %v with %d state changes; want %v", a.State(), len(got), tt.state)
			}
			if got[0].Kind != tt.why {
				t.Errorf("state change because of %v; want %v", got[0].Kind, tt.why)
			}
		})
	}
}
