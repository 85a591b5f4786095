package morale_test

import (
	"math"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/morale"
)

// An enormous dt runs at most MaxAdvanceSteps steps, returns quickly, and
// reports the time it dropped (issue 7, item 5).
func TestAdvanceEnormousDtIsBounded(t *testing.T) {
	for _, dt := range []float64{3600, 1e9, 1e308, math.MaxFloat64} {
		w := newTestWorld(t)
		for i := range 1000 {
			w.Spawn(morale.SquadID(i%10), morale.Vec2{X: float64(i)}, morale.WithMorale(float64(i%100)/100))
		}
		start := time.Now()
		w.Advance(dt)
		took := time.Since(start)
		interval := w.Settings().SquadUpdateInterval
		wantSteps := uint64(min(dt/interval, morale.MaxAdvanceSteps))
		if w.Steps() != wantSteps {
			t.Errorf("Advance(%g): %d steps; want %d", dt, w.Steps(), wantSteps)
		}
		ran := float64(wantSteps) * interval
		if got := w.Now(); got != ran {
			t.Errorf("Advance(%g): Now() = %v; want %v (the steps run)", dt, got, ran)
		}
		wantDropped := 0.0
		if dt > ran {
			wantDropped = min(dt, morale.MaxSeconds) - ran
		}
		if got := w.DroppedSeconds(); !near(got, wantDropped, wantDropped*1e-12) {
			t.Errorf("Advance(%g): DroppedSeconds() = %v; want %v", dt, got, wantDropped)
		}
		if took > 20*time.Second {
			t.Errorf("Advance(%g) with 1000 agents took %v; want it bounded by MaxAdvanceSteps", dt, took)
		}
	}
}

// The clock stops at MaxSeconds and never wraps (issue 7, item 1).
func TestClockStopsAtMaxSeconds(t *testing.T) {
	w := newTestWorld(t, func(s *morale.Settings) { s.SquadUpdateInterval = 86400 })
	a := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.5))
	for range 4 {
		w.Advance(1e9)
	}
	if got := w.Now(); got != morale.MaxSeconds {
		t.Errorf("after 4e9 s: Now() = %v; want MaxSeconds %v", got, morale.MaxSeconds)
	}
	if got := w.DroppedSeconds(); got != 1e9 {
		t.Errorf("after 4e9 s: DroppedSeconds() = %v; want 1e9", got)
	}
	w.Advance(1e308)
	w.Advance(math.MaxFloat64)
	if got := w.Now(); got != morale.MaxSeconds {
		t.Errorf("after more: Now() = %v; want MaxSeconds", got)
	}
	if d := w.DroppedSeconds(); !(d > 1e9) || math.IsInf(d, 0) {
		t.Errorf("DroppedSeconds() = %v; want more than 1e9, finite", d)
	}
	if err := a.ReportEvent(morale.AllyDown, 1); err != nil {
		t.Fatal(err)
	}
	if sn := a.Snapshot(); sn.SecondsSinceBadNews != 0 || !(sn.SecondsInState > 0) {
		t.Errorf("at MaxSeconds: %+v; want news just now and a finite time in state", sn)
	}
	steps := w.Steps()
	w.Advance(1)
	if w.Steps() != steps || w.Now() != morale.MaxSeconds {
		t.Errorf("Advance(1) at MaxSeconds ran %d steps, Now() %v; want none and MaxSeconds", w.Steps()-steps, w.Now())
	}
}

// A weight × scale that overflows to −Inf leaves morale unchanged: it is not
// bad news and must not restart the recovery delay (issue 7, item 10).
func TestOverflowingNewsDoesNotResetRecoveryDelay(t *testing.T) {
	w := newTestWorld(t, func(s *morale.Settings) { s.Weights["Doom"] = -1e308 })
	a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
	if err := a.ReportEvent(morale.AllyDown, 1); err != nil {
		t.Fatal(err)
	}
	w.Advance(2)
	before := a.Snapshot()
	if err := a.ReportEvent("Doom", 40); err != nil {
		t.Fatal(err)
	}
	after := a.Snapshot()
	if after.Morale != before.Morale {
		t.Errorf("Doom×40 moved morale %v → %v; want it unchanged (the delta is −Inf)", before.Morale, after.Morale)
	}
	if after.SecondsSinceBadNews != before.SecondsSinceBadNews {
		t.Errorf("Doom×40 left morale unchanged but reset the recovery delay: %v s since bad news; want %v",
			after.SecondsSinceBadNews, before.SecondsSinceBadNews)
	}
	// Doom×1 is a finite delta below zero: bad news, morale 0.
	if err := a.ReportEvent("Doom", 1); err != nil {
		t.Fatal(err)
	}
	if sn := a.Snapshot(); sn.Morale != 0 || sn.SecondsSinceBadNews != 0 {
		t.Errorf("Doom×1: %+v; want morale 0 and bad news just now", sn)
	}
}

// The zero World works as NewWorld(DefaultSettings(), 0) (issue 7, item 10).
func TestZeroWorldIsUsable(t *testing.T) {
	var zero morale.World
	zero.Advance(1) // must return
	want, err := morale.NewWorld(morale.DefaultSettings(), 0)
	if err != nil {
		t.Fatal(err)
	}
	want.Advance(1)
	for _, w := range []*morale.World{&zero, want} {
		w.Spawn(1, morale.Vec2{})
		b := w.Spawn(1, morale.Vec2{X: 10}, morale.WithMorale(0.3))
		if err := w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, 0, nil, 1); err != nil {
			t.Fatal(err)
		}
		b.Rally()
		w.Advance(5)
	}
	if zero.Now() != want.Now() || zero.Steps() != want.Steps() || zero.Len() != want.Len() {
		t.Errorf("zero World: now %v, %d steps, %d agents; want %v, %d, %d", zero.Now(), zero.Steps(), zero.Len(), want.Now(), want.Steps(), want.Len())
	}
	var got, exp []morale.Snapshot
	for a := range zero.Agents() {
		got = append(got, a.Snapshot())
	}
	for a := range want.Agents() {
		exp = append(exp, a.Snapshot())
	}
	for i := range exp {
		if i >= len(got) || got[i] != exp[i] {
			t.Errorf("zero World agents %+v; want %+v", got, exp)
			break
		}
	}
	if !settingsEqual(zero.Settings(), morale.DefaultSettings()) {
		t.Errorf("zero World settings %+v; want DefaultSettings", zero.Settings())
	}
}
