package morale

import (
	"fmt"
	"math"
	"testing"
)

// TestReasonIDRoundTrip stores every kind of reason, with and without an
// event name, and reads each back through its id.
func TestReasonIDRoundTrip(t *testing.T) {
	w, err := NewWorld(DefaultSettings(), 1)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		r     Reason
		fixed bool // the id needs no table entry
	}{
		{"zero", Reason{}, true},
		{"event", Reason{Kind: ByEvent, Event: AllyDown}, false},
		{"another event", Reason{Kind: ByEvent, Event: "Volley"}, false},
		{"event, no name", Reason{Kind: ByEvent}, true},
		{"custom event", Reason{Kind: ByCustomEvent}, true},
		{"contagion", Reason{Kind: ByContagion}, true},
		{"recovery", Reason{Kind: ByRecovery}, true},
		{"rout timer", Reason{Kind: ByRoutTimer}, true},
		{"rout over", Reason{Kind: ByRoutOver}, true},
		{"rally", Reason{Kind: ByRally}, true},
		{"forced rout", Reason{Kind: ByForcedRout}, true},
		{"set by hand", Reason{Kind: BySetByHand}, true},
		{"a kind past the last", Reason{Kind: BySetByHand + 1}, false},
		{"a name on another kind", Reason{Kind: ByRally, Event: "Odd"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id := w.reasonID(tt.r)
			if got := w.reason(id); got != tt.r {
				t.Errorf("reason(reasonID(%+v)) = %+v; want %+v", tt.r, got, tt.r)
			}
			if got := id < fixedReasons; got != tt.fixed {
				t.Errorf("id %d fixed: got %v; want %v", id, got, tt.fixed)
			}
			if again := w.reasonID(tt.r); again != id {
				t.Errorf("second reasonID(%+v) = %d; want %d, the first", tt.r, again, id)
			}
		})
	}
}

// TestReasonTableBounded reloads the weights with a new event name again and
// again, reporting each to one agent of a few: the table stays within its
// bound (max(minReasonLimit, twice the names the agents hold)), and every
// agent's LastReason stays the one last reported to him, across
// compactions, Removes, sorts and a Clone.
func TestReasonTableBounded(t *testing.T) {
	s := DefaultSettings()
	w, err := NewWorld(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	agents := make([]*Agent, 300) // past sortMinAgents, so that steps sort
	for i := range agents {
		agents[i] = w.Spawn(SquadID(i%3), Vec2{X: float64(i*997%300) * 100, Y: float64(i%17) * 100})
	}
	want := map[*Agent]Reason{}
	maxLen := 0
	for k := range 2000 {
		name := Event(fmt.Sprintf("Reload%d", k))
		s.Weights = map[Event]float64{name: -0.001}
		if err := w.SetSettings(s); err != nil {
			t.Fatal(err)
		}
		a := agents[(k*7)%len(agents)]
		if a.Removed() {
			continue
		}
		if err := a.ReportEvent(name, 1); err != nil {
			t.Fatal(err)
		}
		want[a] = Reason{Kind: ByEvent, Event: name}
		switch k % 400 {
		case 100:
			w.Remove(a)
			delete(want, a)
		case 200:
			if err := a.SetMorale(0.9); err != nil {
				t.Fatal(err)
			}
			want[a] = Reason{Kind: BySetByHand}
		case 300:
			w.Advance(w.s.SquadUpdateInterval) // may sort
		}
		maxLen = max(maxLen, len(w.reasons.list))
	}
	// The names the agents hold, at most one each.
	if bound := max(minReasonLimit, 2*len(agents)); maxLen > bound {
		t.Errorf("the reason table reached %d entries; want at most %d", maxLen, bound)
	}
	if maxLen < minReasonLimit {
		t.Errorf("the reason table reached %d entries; want at least %d (no compaction tested)", maxLen, minReasonLimit)
	}
	c := w.Clone()
	for _, a := range agents {
		if a.Removed() {
			continue
		}
		if got := a.Snapshot().LastReason; got != want[a] {
			t.Errorf("agent %d: LastReason %v; want %v", a.Index(), got, want[a])
		}
		if got := c.Agent(a.Index()).Snapshot().LastReason; got != want[a] {
			t.Errorf("clone's agent %d: LastReason %v; want %v", a.Index(), got, want[a])
		}
	}
	// A compaction in the original leaves the clone's ids alone.
	w.compactReasons()
	for i, a := range agents {
		if a.Removed() {
			continue
		}
		if got := c.Agent(a.Index()).Snapshot().LastReason; got != want[a] {
			t.Errorf("clone's agent %d after the original compacted: LastReason %v; want %v", i, got, want[a])
		}
	}
}

// TestReasonTableKeepsCauses checks that a state change's cause, read
// through the id after compactions, is the event that caused it.
func TestReasonTableKeepsCauses(t *testing.T) {
	s := DefaultSettings()
	w, err := NewWorld(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	a := w.Spawn(1, Vec2{}, WithNerve(0))
	var got []Reason
	w.OnStateChanged(func(_ *Agent, _, _ State, why Reason) { got = append(got, why) })
	for k := range 3 * minReasonLimit { // names that no agent keeps
		s.Weights = map[Event]float64{Event(fmt.Sprintf("Gone%d", k)): -0.001}
		if err := w.SetSettings(s); err != nil {
			t.Fatal(err)
		}
		if err := a.ReportEvent(Event(fmt.Sprintf("Gone%d", k)), 1); err != nil {
			t.Fatal(err)
		}
	}
	s.Weights = map[Event]float64{"Shock": -0.9}
	if err := w.SetSettings(s); err != nil {
		t.Fatal(err)
	}
	if err := a.ReportEvent("Shock", 1); err != nil {
		t.Fatal(err)
	}
	w.Advance(s.SquadUpdateInterval)
	want := Reason{Kind: ByEvent, Event: "Shock"}
	if len(got) != 1 || got[0] != want {
		t.Errorf("state change causes %v; want [%v]", got, want)
	}
	if n := len(w.reasons.list); n > minReasonLimit {
		t.Errorf("the reason table holds %d entries; want at most %d", n, minReasonLimit)
	}
}

// TestReasonTableBoundedWithLedger checks that the one table also holds the
// ledger's causes, bounded, and that the ledger reads them back right after
// compactions: every agent's last PerAgent events, each a name of its own.
func TestReasonTableBoundedWithLedger(t *testing.T) {
	const perAgent = 3
	s := DefaultSettings()
	w, err := NewWorld(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.EnableLedger(LedgerOptions{PerAgent: perAgent, Window: math.Inf(1)}); err != nil {
		t.Fatal(err)
	}
	agents := make([]*Agent, 40)
	for i := range agents {
		agents[i] = w.Spawn(SquadID(i%3), Vec2{X: float64(i) * 100})
	}
	recent := map[*Agent][]Event{}
	maxLen := 0
	for k := range 3000 {
		name := Event(fmt.Sprintf("Reload%d", k))
		s.Weights = map[Event]float64{name: -1e-6}
		if err := w.SetSettings(s); err != nil {
			t.Fatal(err)
		}
		a := agents[(k*7)%len(agents)]
		if err := a.ReportEvent(name, 1); err != nil {
			t.Fatal(err)
		}
		recent[a] = append(recent[a], name)
		if n := len(recent[a]); n > perAgent {
			recent[a] = recent[a][n-perAgent:]
		}
		maxLen = max(maxLen, len(w.reasons.list))
	}
	// In use: one name per agent's Why (among his ledger's) and perAgent per
	// agent's ledger.
	if bound := max(minReasonLimit, 2*perAgent*len(agents)); maxLen > bound {
		t.Errorf("the reason table reached %d entries; want at most %d", maxLen, bound)
	}
	for _, a := range agents {
		x, err := w.Explain(a)
		if err != nil {
			t.Fatal(err)
		}
		var got []Event
		for _, e := range x.Changes {
			got = append(got, e.Cause.Event)
		}
		if fmt.Sprint(got) != fmt.Sprint(recent[a]) {
			t.Errorf("agent %d: ledger causes %v; want %v", a.Index(), got, recent[a])
		}
	}
}
