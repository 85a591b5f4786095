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

// ledgerWorld returns a World with settings s (DefaultSettings when nil)
// and the ledger on with opt.
func ledgerWorld(t testing.TB, s *morale.Settings, opt morale.LedgerOptions) *morale.World {
	t.Helper()
	set := morale.DefaultSettings()
	if s != nil {
		set = *s
	}
	w, err := morale.NewWorld(set, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.EnableLedger(opt); err != nil {
		t.Fatal(err)
	}
	return w
}

// ledgerRecord returns agent a's whole record.
func ledgerRecord(t testing.TB, w *morale.World, a *morale.Agent) morale.Explanation {
	t.Helper()
	x, err := w.ExplainWindow(a, math.Inf(1))
	if err != nil {
		t.Fatal(err)
	}
	return x
}

var bigLedger = morale.LedgerOptions{PerAgent: 1 << 16, Window: math.Inf(1)}

func TestEnableLedgerRejectsBadSizes(t *testing.T) {
	for _, tc := range []struct {
		opt   morale.LedgerOptions
		field string
	}{
		{morale.LedgerOptions{PerAgent: 0, Window: 30}, "PerAgent"},
		{morale.LedgerOptions{PerAgent: -5, Window: 30}, "PerAgent"},
		{morale.LedgerOptions{PerAgent: 64, Window: 0}, "Window"},
		{morale.LedgerOptions{PerAgent: 64, Window: -1}, "Window"},
		{morale.LedgerOptions{PerAgent: 64, Window: math.NaN()}, "Window"},
		{morale.LedgerOptions{PerAgent: 64, Window: math.Inf(-1)}, "Window"},
		{morale.LedgerOptions{}, "PerAgent"},
	} {
		var w morale.World
		err := w.EnableLedger(tc.opt)
		if err == nil || !strings.Contains(err.Error(), tc.field) {
			t.Errorf("EnableLedger(%+v): got error %v; want one naming %s", tc.opt, err, tc.field)
		}
		if w.LedgerEnabled() {
			t.Errorf("EnableLedger(%+v) failed but left the ledger on", tc.opt)
		}
	}
	// On an enabled ledger a bad call changes nothing either.
	w := ledgerWorld(t, nil, morale.LedgerOptions{PerAgent: 2, Window: 30})
	a := w.Spawn(1, morale.Vec2{})
	if err := w.EnableLedger(morale.LedgerOptions{PerAgent: 0, Window: 30}); err == nil {
		t.Fatal("EnableLedger(PerAgent 0) on a live ledger: got no error")
	}
	for range 5 {
		_ = a.ReportCustomEvent(-0.01)
	}
	if got := len(ledgerRecord(t, w, a).Changes); got != 2 {
		t.Errorf("after a rejected EnableLedger: got %d entries; want 2 (the old bound)", got)
	}
}

func TestExplainErrors(t *testing.T) {
	var off morale.World
	a := off.Spawn(1, morale.Vec2{})
	if _, err := off.Explain(a); !errors.Is(err, morale.ErrLedgerOff) {
		t.Errorf("Explain with the ledger off: got %v; want ErrLedgerOff", err)
	}
	w := ledgerWorld(t, nil, morale.LedgerOptions{PerAgent: 8, Window: 30})
	b := w.Spawn(1, morale.Vec2{})
	if _, err := w.Explain(a); !errors.Is(err, morale.ErrRemoved) {
		t.Errorf("Explain of another World's agent: got %v; want ErrRemoved", err)
	}
	for _, secs := range []float64{0, -1, math.NaN()} {
		if _, err := w.ExplainWindow(b, secs); err == nil {
			t.Errorf("ExplainWindow(%v): got no error; want one", secs)
		}
	}
	w.Remove(b)
	if _, err := w.Explain(b); !errors.Is(err, morale.ErrRemoved) {
		t.Errorf("Explain of a removed agent: got %v; want ErrRemoved", err)
	}
	if _, err := w.Explain(nil); !errors.Is(err, morale.ErrRemoved) {
		t.Errorf("Explain(nil): got %v; want ErrRemoved", err)
	}
	w.DisableLedger()
	if _, err := w.Explain(w.Spawn(1, morale.Vec2{})); !errors.Is(err, morale.ErrLedgerOff) {
		t.Errorf("Explain after DisableLedger: got %v; want ErrLedgerOff", err)
	}
}

// TestLedgerNerveShare checks an event's entry against ApplyMoraleEvent by
// hand: bad delta × (1 − nerve) gets through, the nerve keeps the rest out;
// good news is not scaled; the clamp at 0 shows in Delta, not in Kept.
func TestLedgerNerveShare(t *testing.T) {
	for _, tc := range []struct {
		name                string
		morale, nerve       float64
		report              func(a *morale.Agent) error
		cause               morale.Reason
		weight, scale       float64
		wantDelta, wantKept float64
	}{
		{"TookDamage×2 nerve 0.25", 1, 0.25, func(a *morale.Agent) error { return a.ReportEvent(morale.TookDamage, 2) },
			morale.Reason{Kind: morale.ByEvent, Event: morale.TookDamage}, -0.10, 2, -0.15, 0.05},
		{"LeaderDown nerve 0.8", 0.9, 0.8, func(a *morale.Agent) error { return a.ReportEvent(morale.LeaderDown, 1) },
			morale.Reason{Kind: morale.ByEvent, Event: morale.LeaderDown}, -0.45, 1, -0.09, 0.36},
		{"EnemyDown good news nerve 0.5", 0.5, 0.5, func(a *morale.Agent) error { return a.ReportEvent(morale.EnemyDown, 1) },
			morale.Reason{Kind: morale.ByEvent, Event: morale.EnemyDown}, 0.08, 1, 0.08, 0},
		{"custom −0.4 nerve 0.5", 1, 0.5, func(a *morale.Agent) error { return a.ReportCustomEvent(-0.4) },
			morale.Reason{Kind: morale.ByCustomEvent}, -0.4, 1, -0.2, 0.2},
		{"AllyDown clamped at 0, nerve 0", 0.05, 0, func(a *morale.Agent) error { return a.ReportEvent(morale.AllyDown, 1) },
			morale.Reason{Kind: morale.ByEvent, Event: morale.AllyDown}, -0.18, 1, -0.05, 0},
		{"nerve 1 keeps it all", 0.7, 1, func(a *morale.Agent) error { return a.ReportEvent(morale.AllyDown, 1) },
			morale.Reason{Kind: morale.ByEvent, Event: morale.AllyDown}, -0.18, 1, 0, 0.18},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := ledgerWorld(t, nil, bigLedger)
			a := w.Spawn(1, morale.Vec2{}, morale.WithMorale(tc.morale), morale.WithNerve(tc.nerve))
			if err := tc.report(a); err != nil {
				t.Fatal(err)
			}
			x := ledgerRecord(t, w, a)
			if len(x.Changes) != 1 {
				t.Fatalf("got %d entries; want 1: %+v", len(x.Changes), x.Changes)
			}
			e := x.Changes[0]
			if e.Cause != tc.cause || e.Weight != tc.weight || e.Scale != tc.scale || e.Nerve != tc.nerve || e.Falloff != 1 || e.Located {
				t.Errorf("got cause %v weight %v scale %v nerve %v falloff %v located %v; want %v %v %v %v 1 false",
					e.Cause, e.Weight, e.Scale, e.Nerve, e.Falloff, e.Located, tc.cause, tc.weight, tc.scale, tc.nerve)
			}
			if !near(e.Delta, tc.wantDelta, 1e-15) || !near(e.Kept, tc.wantKept, 1e-15) {
				t.Errorf("got Delta %v Kept %v; want %v %v (within 1e-15)", e.Delta, e.Kept, tc.wantDelta, tc.wantKept)
			}
			if e.Delta != a.Morale()-tc.morale || e.Morale != a.Morale() {
				t.Errorf("got Delta %v Morale %v; want the change applied, %v, and the morale now, %v",
					e.Delta, e.Morale, a.Morale()-tc.morale, a.Morale())
			}
		})
	}
}

// TestLedgerFalloff reports AllyDown (−0.18) at the origin to agents of
// nerve 0.5 at distances around the two radii (600 and 3000 cm): the
// falloff is linear in between.
func TestLedgerFalloff(t *testing.T) {
	for _, tc := range []struct {
		x, falloff float64
	}{
		{300, 1}, {600, 1}, {1200, 0.75}, {1800, 0.5}, {2760, 0.1},
	} {
		w := ledgerWorld(t, nil, bigLedger)
		a := w.Spawn(1, morale.Vec2{X: tc.x, Y: 0}, morale.WithNerve(0.5))
		if err := w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, 0, nil, 2); err != nil {
			t.Fatal(err)
		}
		x := ledgerRecord(t, w, a)
		if len(x.Changes) != 1 {
			t.Fatalf("at %v cm: got %d entries; want 1", tc.x, len(x.Changes))
		}
		e := x.Changes[0]
		raw := -0.18 * 2 * tc.falloff
		if !e.Located || e.Distance != tc.x || !near(e.Falloff, tc.falloff, 1e-15) || e.Scale != 2 {
			t.Errorf("at %v cm: got located %v distance %v falloff %v scale %v; want true %v %v 2",
				tc.x, e.Located, e.Distance, e.Falloff, e.Scale, tc.x, tc.falloff)
		}
		if !near(e.Delta, raw*0.5, 1e-15) || !near(e.Kept, -raw*0.5, 1e-15) {
			t.Errorf("at %v cm: got Delta %v Kept %v; want %v %v", tc.x, e.Delta, e.Kept, raw*0.5, -raw*0.5)
		}
	}
	// Out of reach: no entry at all.
	w := ledgerWorld(t, nil, bigLedger)
	a := w.Spawn(1, morale.Vec2{X: 3000})
	_ = w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, 0, nil, 1)
	_ = a.ReportEvent(morale.AllyDown, 1) // not located: falloff 1, distance 0
	x := ledgerRecord(t, w, a)
	if len(x.Changes) != 1 || x.Changes[0].Located || x.Changes[0].Falloff != 1 {
		t.Errorf("got %+v; want one entry, not located, falloff 1", x.Changes)
	}
}

// TestLedgerContagionMerged pulls two agents (0.2 and 1.0) together for 2 s
// of 0.25 s steps with recovery off: each gets one contagion entry of 8
// steps whose Delta is his whole change, 0.4·(1 − e^(−0.5·2)) by hand.
// A pause in contagion (ContagionPerSecond 0 for 1 s) splits the run.
func TestLedgerContagionMerged(t *testing.T) {
	s := morale.DefaultSettings()
	s.RecoveryPerSecond = 0
	w := ledgerWorld(t, &s, bigLedger)
	lo := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.2))
	hi := w.Spawn(1, morale.Vec2{X: 100}, morale.WithMorale(1))
	w.Advance(2)
	want := 0.4 * (1 - math.Exp(-1))
	for _, tc := range []struct {
		a          *morale.Agent
		start, dir float64
	}{{lo, 0.2, 1}, {hi, 1, -1}} {
		x := ledgerRecord(t, w, tc.a)
		var c []morale.LedgerEntry
		for _, e := range x.Changes {
			if e.Cause.Kind == morale.ByContagion {
				c = append(c, e)
			}
		}
		if len(c) != 1 || c[0].Steps != 8 || c[0].From != 0 || c[0].At != 2 {
			t.Fatalf("got %+v; want one contagion entry of 8 steps from 0 to 2 s", c)
		}
		if c[0].Delta != tc.a.Morale()-tc.start {
			t.Errorf("got Delta %v; want the change, %v, to the bit", c[0].Delta, tc.a.Morale()-tc.start)
		}
		if !near(c[0].Delta, tc.dir*want, 1e-12) {
			t.Errorf("got Delta %v; want %v (by hand, within 1e-12)", c[0].Delta, tc.dir*want)
		}
	}
	// Pause the pull for a second, then pull again: two runs.
	off := s
	off.ContagionPerSecond = 0
	if err := w.SetSettings(off); err != nil {
		t.Fatal(err)
	}
	w.Advance(1)
	if err := w.SetSettings(s); err != nil {
		t.Fatal(err)
	}
	w.Advance(1)
	x := ledgerRecord(t, w, lo)
	var steps []int
	sum := 0.0
	for _, e := range x.Changes {
		steps = append(steps, e.Steps)
		sum += e.Delta
	}
	if !slices.Equal(steps, []int{8, 4}) {
		t.Errorf("got runs of %v steps; want [8 4]", steps)
	}
	if !near(sum, lo.Morale()-0.2, 1e-15) {
		t.Errorf("got a sum of %v; want the change, %v (within 1e-15)", sum, lo.Morale()-0.2)
	}
}

// TestLedgerRecoveryAndContagionSum has an agent recover while his squad
// pulls him: the two causes get separate runs, and their sum is his change
// within 1e-12 (each step's contagion and recovery deltas are kept apart).
func TestLedgerRecoveryAndContagionSum(t *testing.T) {
	w := ledgerWorld(t, nil, bigLedger)
	a := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.5), morale.WithNerve(0))
	w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.3))
	_ = a.ReportEvent(morale.Suppressed, 1) // bad news at 0 s: recovery from 4 s
	w.Advance(10)
	x := ledgerRecord(t, w, a)
	sum := 0.0
	byKind := map[morale.ReasonKind]int{}
	for _, e := range x.Changes {
		sum += e.Delta
		byKind[e.Cause.Kind]++
	}
	if byKind[morale.ByContagion] != 1 || byKind[morale.ByRecovery] != 1 || byKind[morale.ByEvent] != 1 {
		t.Errorf("got entries by kind %v; want one event, one contagion run, one recovery run", byKind)
	}
	for _, c := range x.Causes {
		if c.Cause.Kind == morale.ByRecovery && (c.Steps != 24 || c.First != 4 || c.Last != 10 || c.Seconds != 6) {
			t.Errorf("got recovery %+v; want 24 steps from 4 s to 10 s", c)
		}
	}
	if !near(sum, a.Morale()-0.5, 1e-12) {
		t.Errorf("got a sum of %v; want %v (within 1e-12)", sum, a.Morale()-0.5)
	}
}

func TestLedgerRingBound(t *testing.T) {
	for _, per := range []int{1, 3, 5, 64} {
		w := ledgerWorld(t, nil, morale.LedgerOptions{PerAgent: per, Window: math.Inf(1)})
		a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
		for k := 1; k <= 100; k++ {
			_ = a.ReportCustomEvent(-float64(k) / 1e4)
			if k%2 == 0 {
				a.ForceRout()
			} else {
				a.Rally()
			}
		}
		x := ledgerRecord(t, w, a)
		if len(x.Changes) != per || len(x.States) != per {
			t.Fatalf("PerAgent %d: got %d changes and %d state changes; want %d of each", per, len(x.Changes), len(x.States), per)
		}
		last := x.Changes[len(x.Changes)-1]
		if last.Cause.Kind != morale.ByCustomEvent || last.Weight != -100.0/1e4 {
			t.Errorf("PerAgent %d: got the newest %+v; want the custom event of weight −0.01", per, last)
		}
		if s := x.States[len(x.States)-1]; s.To != morale.Routed || s.Why.Kind != morale.ByForcedRout {
			t.Errorf("PerAgent %d: got the newest state change %+v; want the forced rout", per, s)
		}
	}
	// Lowering the bound applies at once, to the entries and the state
	// changes, and the World saves what loads: a save held more entries
	// than its bound, which a load refuses, until each agent changed again.
	w := ledgerWorld(t, nil, morale.LedgerOptions{PerAgent: 10, Window: 30})
	a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
	w.Spawn(2, morale.Vec2{X: 1e5})
	for range 5 {
		_ = a.ReportCustomEvent(-0.01)
		a.ForceRout()
		a.Rally()
	}
	if err := w.EnableLedger(morale.LedgerOptions{PerAgent: 2, Window: 30}); err != nil {
		t.Fatal(err)
	}
	if x := ledgerRecord(t, w, a); len(x.Changes) != 2 || len(x.States) != 2 {
		t.Errorf("after lowering PerAgent to 2: got %d entries and %d state changes; want 2 of each", len(x.Changes), len(x.States))
	}
	data, err := w.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var l morale.World
	if err := l.UnmarshalBinary(data); err != nil {
		t.Fatalf("after lowering PerAgent to 2: the World's own save does not load: %v", err)
	}
	if again, err := l.MarshalBinary(); err != nil || !bytes.Equal(again, data) {
		t.Errorf("after lowering PerAgent to 2: the loaded World saves %d other bytes (%v); want the same save", len(again), err)
	}
	_ = a.ReportCustomEvent(-0.01)
	if got := len(ledgerRecord(t, w, a).Changes); got != 2 {
		t.Errorf("after lowering PerAgent to 2 and a change: got %d entries; want 2", got)
	}
}

// TestLedgerWindow reports news every 2 s with contagion and recovery off:
// at 8 s a 5 s ledger holds the news of 4, 6 and 8 s, and a 2.5 s
// explanation the news of 6 and 8 s.
func TestLedgerWindow(t *testing.T) {
	s := morale.DefaultSettings()
	s.ContagionPerSecond, s.RecoveryPerSecond = 0, 0
	w := ledgerWorld(t, &s, morale.LedgerOptions{PerAgent: 64, Window: 5})
	a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
	for k := range 5 {
		if k > 0 {
			w.Advance(2)
		}
		_ = a.ReportCustomEvent(-0.01 * float64(k+1))
	}
	at := func(x morale.Explanation) []float64 {
		var out []float64
		for _, e := range x.Changes {
			out = append(out, e.At)
		}
		return out
	}
	x, err := w.Explain(a)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := at(x), []float64{4, 6, 8}; !slices.Equal(got, want) || x.Window != 5 {
		t.Errorf("Explain: got entries at %v, window %v; want %v, 5", got, x.Window, want)
	}
	x, err = w.ExplainWindow(a, 2.5)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := at(x), []float64{6, 8}; !slices.Equal(got, want) {
		t.Errorf("ExplainWindow(2.5): got entries at %v; want %v", got, want)
	}
	// A wider window than the ledger's reaches no further.
	if got, want := at(ledgerRecord(t, w, a)), []float64{4, 6, 8}; !slices.Equal(got, want) {
		t.Errorf("ExplainWindow(+Inf): got entries at %v; want %v", got, want)
	}
	if c := x.Causes; len(c) != 1 || !near(c[0].Delta, -0.09, 1e-15) || c[0].Entries != 2 {
		t.Errorf("got causes %+v; want one, custom event −0.09 in 2 entries", c)
	}
}

// TestLedgerListenerOrder has listeners change the agent while changes are
// being told: their changes are recorded in the order they happened.
func TestLedgerListenerOrder(t *testing.T) {
	w := ledgerWorld(t, nil, bigLedger)
	a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
	w.OnMoraleChanged(func(b *morale.Agent, m float64, why morale.Reason) {
		if why.Kind == morale.ByEvent && m < 0.5 {
			_ = b.SetMorale(0.45) // the designer's floor, by hand
		}
	})
	w.OnStateChanged(func(b *morale.Agent, old, new morale.State, why morale.Reason) {
		if new == morale.Shaken {
			b.ForceRout()
		}
		if new == morale.Routed {
			b.Rally()
		}
	})
	_ = a.ReportEvent(morale.LeaderDown, 1.5) // 1 − 0.675 = 0.325, then set up to 0.45
	w.Advance(0.25)                           // Steady → Shaken, forced rout, rally
	x := ledgerRecord(t, w, a)
	var causes []morale.ReasonKind
	for _, e := range x.Changes {
		causes = append(causes, e.Cause.Kind)
	}
	if want := []morale.ReasonKind{morale.ByEvent, morale.BySetByHand, morale.ByRally}; !slices.Equal(causes, want) {
		t.Errorf("got morale changes by %v; want %v", causes, want)
	}
	var states []string
	for _, s := range x.States {
		states = append(states, s.From.String()+">"+s.To.String()+" "+s.Why.String())
	}
	// Shaken by LeaderDown, the last news that lowered him: the designer's
	// floor raised him, to 0.45, still below ShakenBelow.
	want := []string{"Steady>Shaken event LeaderDown", "Shaken>Routed forced rout", "Routed>Steady rally"}
	if !slices.Equal(states, want) {
		t.Errorf("got state changes %q; want %q", states, want)
	}
	if x.States[0].Morale != 0.45 || x.States[0].At != 0.25 || !math.IsInf(x.States[0].SecondsInFrom, 1) {
		t.Errorf("got %+v; want morale 0.45 at 0.25 s, Steady since spawn", x.States[0])
	}
	if s := x.States[1]; s.SecondsInFrom != 0 {
		t.Errorf("got %v s in Shaken before the forced rout; want 0", s.SecondsInFrom)
	}
}

// TestLedgerRemove removes an agent: its record goes, and the agent that
// takes its place in the World keeps his own.
func TestLedgerRemove(t *testing.T) {
	w := ledgerWorld(t, nil, bigLedger)
	a := w.Spawn(1, morale.Vec2{})
	b := w.Spawn(2, morale.Vec2{})
	c := w.Spawn(3, morale.Vec2{})
	_ = a.ReportCustomEvent(-0.1)
	_ = b.ReportCustomEvent(-0.2)
	_ = c.ReportCustomEvent(-0.3)
	w.Remove(a)
	if _, err := w.Explain(a); !errors.Is(err, morale.ErrRemoved) {
		t.Errorf("Explain of the removed agent: got %v; want ErrRemoved", err)
	}
	for _, tc := range []struct {
		a      *morale.Agent
		weight float64
	}{{b, -0.2}, {c, -0.3}} {
		x := ledgerRecord(t, w, tc.a)
		if len(x.Changes) != 1 || x.Changes[0].Weight != tc.weight {
			t.Errorf("got %+v; want one entry of weight %v", x.Changes, tc.weight)
		}
	}
	d := w.Spawn(1, morale.Vec2{})
	if x := ledgerRecord(t, w, d); len(x.Changes) != 0 || len(x.States) != 0 {
		t.Errorf("a new agent: got %+v; want an empty record", x)
	}
}

// TestLedgerEnabledLate turns the ledger on with agents already there.
func TestLedgerEnabledLate(t *testing.T) {
	var w morale.World
	a := w.Spawn(1, morale.Vec2{})
	_ = a.ReportCustomEvent(-0.5)
	if err := w.EnableLedger(morale.LedgerOptions{PerAgent: 4, Window: 10}); err != nil {
		t.Fatal(err)
	}
	_ = a.ReportCustomEvent(-0.1)
	if x := ledgerRecord(t, &w, a); len(x.Changes) != 1 {
		t.Errorf("got %d entries; want 1 (the news after EnableLedger)", len(x.Changes))
	}
}

// TestLedgerSquads records only the squads asked for: their agents' records
// are those of a ledger over every agent, the others have none, and no
// agent's morale differs from a World without a ledger.
func TestLedgerSquads(t *testing.T) {
	run := func(opt *morale.LedgerOptions) (*morale.World, []*morale.Agent) {
		w, err := morale.NewWorld(morale.DefaultSettings(), 7)
		if err != nil {
			t.Fatal(err)
		}
		if opt != nil {
			if err := w.EnableLedger(*opt); err != nil {
				t.Fatal(err)
			}
		}
		var as []*morale.Agent
		for i := range 12 {
			as = append(as, w.Spawn(morale.SquadID(1+i%3), morale.Vec2{X: float64(200 * i)}))
		}
		for k := range 20 {
			if err := w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{X: float64(100 * k)}, 0, nil, 1); err != nil {
				t.Fatal(err)
			}
			if err := as[k%12].ReportEvent(morale.Suppressed, 1); err != nil {
				t.Fatal(err)
			}
			w.Advance(0.5)
		}
		return w, as
	}
	_, pa := run(nil)
	all, aa := run(&bigLedger)
	only := bigLedger
	only.Squads = []morale.SquadID{2}
	one, oa := run(&only)
	for i := range pa {
		if m, n := pa[i].Morale(), oa[i].Morale(); m != n || pa[i].State() != oa[i].State() {
			t.Errorf("agent %d: morale %v (%v) with the ledger on squad 2, %v (%v) without", i, n, oa[i].State(), m, pa[i].State())
		}
		x, err := one.ExplainWindow(oa[i], math.Inf(1))
		if oa[i].Squad() != 2 {
			if !errors.Is(err, morale.ErrNotInLedger) {
				t.Errorf("agent %d of squad %d: Explain error %v; want ErrNotInLedger", i, oa[i].Squad(), err)
			}
			continue
		}
		want := ledgerRecord(t, all, aa[i])
		if err != nil || !slices.Equal(x.Changes, want.Changes) || !slices.Equal(x.States, want.States) || len(want.Changes) == 0 {
			t.Errorf("agent %d of squad 2: %d changes, %d states (%v); want the full ledger's %d and %d", i, len(x.Changes), len(x.States), err, len(want.Changes), len(want.States))
		}
	}
}

// LedgerOptions.Squads is a squad filter as ReportEventAtLocation's is: nil
// records every squad, an empty, non-nil list nobody (issue 31).
func TestLedgerSquadsEmptyIsNobody(t *testing.T) {
	tests := []struct {
		name     string
		squads   []morale.SquadID
		recorded []bool // per squad 1, 2
	}{
		{"nil", nil, []bool{true, true}},
		{"empty", []morale.SquadID{}, []bool{false, false}},
		{"emptied in place", []morale.SquadID{1, 2}[:0], []bool{false, false}},
		{"squad 2", []morale.SquadID{2}, []bool{false, true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := morale.NewWorld(morale.DefaultSettings(), 7)
			if err != nil {
				t.Fatal(err)
			}
			opt := bigLedger
			opt.Squads = tt.squads
			if err := w.EnableLedger(opt); err != nil {
				t.Fatal(err)
			}
			men := []*morale.Agent{w.Spawn(1, morale.Vec2{}), w.Spawn(2, morale.Vec2{X: 100})}
			if err := w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, 0, nil, 1); err != nil {
				t.Fatal(err)
			}
			for k, a := range men {
				_, err := w.Explain(a)
				if got := !errors.Is(err, morale.ErrNotInLedger); got != tt.recorded[k] {
					t.Errorf("squad %d: recorded %v (Explain: %v); want %v", k+1, got, err, tt.recorded[k])
				}
			}
		})
	}
}

// An agent moved out of the ledger's squads keeps his record and adds
// nothing to it while away (Explain: ErrNotInLedger); moved back, his record
// goes on with a gap, as LedgerOptions.Squads says: no entry covers the time
// he was away, and the run of contagion after it is a new entry.
func TestLedgerSquadsMovedOutAndBack(t *testing.T) {
	s := morale.DefaultSettings()
	s.RecoveryPerSecond = 0
	w := ledgerWorld(t, &s, morale.LedgerOptions{PerAgent: 8, Window: math.Inf(1), Squads: []morale.SquadID{1}})
	a := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.9))
	w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.3))
	w.Spawn(2, morale.Vec2{}, morale.WithMorale(0.9))
	w.Advance(1)
	a.SetSquad(2)
	if err := a.ReportEvent(morale.TookDamage, 1); err != nil {
		t.Fatal(err)
	}
	w.Advance(1)
	if _, err := w.Explain(a); !errors.Is(err, morale.ErrNotInLedger) {
		t.Errorf("Explain away: %v; want ErrNotInLedger", err)
	}
	a.SetSquad(1)
	w.Advance(1)
	x, err := w.Explain(a)
	if err != nil {
		t.Fatalf("Explain back: %v; want nil", err)
	}
	var got []string
	for _, c := range x.Changes {
		got = append(got, fmt.Sprintf("%v %g..%g", c.Cause, c.From, c.At))
	}
	if want := []string{"contagion 0..1", "contagion 2..3"}; !slices.Equal(got, want) {
		t.Errorf("the record after a move out and back: %q; want %q (nothing of the time away)", got, want)
	}
}
