package morale_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
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
			wantDropped = min(dt, morale.MaxWorldSeconds) - ran
		}
		if got := w.DroppedSeconds(); !near(got, wantDropped, wantDropped*1e-12) {
			t.Errorf("Advance(%g): DroppedSeconds() = %v; want %v", dt, got, wantDropped)
		}
		if took > 20*time.Second {
			t.Errorf("Advance(%g) with 1000 agents took %v; want it bounded by MaxAdvanceSteps", dt, took)
		}
	}
}

// The clock stops at MaxWorldSeconds and never wraps (issue 7, item 1).
func TestClockStopsAtMaxWorldSeconds(t *testing.T) {
	w := newTestWorld(t, func(s *morale.Settings) { s.SquadUpdateInterval = 86400 })
	a := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.5))
	for range 4 {
		w.Advance(1e9)
	}
	if got := w.Now(); got != morale.MaxWorldSeconds {
		t.Errorf("after 4e9 s: Now() = %v; want MaxWorldSeconds %v", got, morale.MaxWorldSeconds)
	}
	if got := w.DroppedSeconds(); got != 1e9 {
		t.Errorf("after 4e9 s: DroppedSeconds() = %v; want 1e9", got)
	}
	w.Advance(1e308)
	w.Advance(math.MaxFloat64)
	if got := w.Now(); got != morale.MaxWorldSeconds {
		t.Errorf("after more: Now() = %v; want MaxWorldSeconds", got)
	}
	if d := w.DroppedSeconds(); !(d > 1e9) || math.IsInf(d, 0) {
		t.Errorf("DroppedSeconds() = %v; want more than 1e9, finite", d)
	}
	if err := a.ReportEvent(morale.AllyDown, 1); err != nil {
		t.Fatal(err)
	}
	if sn := a.Snapshot(); sn.SecondsSinceBadNews != 0 || !(sn.SecondsInState > 0) {
		t.Errorf("at MaxWorldSeconds: %+v; want news just now and a finite time in state", sn)
	}
	steps := w.Steps()
	w.Advance(1)
	if w.Steps() != steps || w.Now() != morale.MaxWorldSeconds {
		t.Errorf("Advance(1) at MaxWorldSeconds ran %d steps, Now() %v; want none and MaxWorldSeconds", w.Steps()-steps, w.Now())
	}
}

// A weight × scale that overflows to −Inf is an error and changes nothing:
// not morale, not the recovery delay (issue 7, item 10; issue 31: it used to
// return nil).
func TestOverflowingNewsIsAnError(t *testing.T) {
	w := newTestWorld(t, func(s *morale.Settings) { s.Weights["Doom"] = -morale.MaxWeight })
	a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
	if err := a.ReportEvent(morale.AllyDown, 1); err != nil {
		t.Fatal(err)
	}
	w.Advance(2)
	before := a.Snapshot()
	err := a.ReportEvent("Doom", 1e306)
	if err == nil || !strings.Contains(err.Error(), "-Inf") || !strings.Contains(err.Error(), "Doom") {
		t.Errorf("ReportEvent(Doom, 1e306): got %v; want an error naming Doom and -Inf", err)
	}
	if after := a.Snapshot(); after != before {
		t.Errorf("Doom×1e306 changed the agent: %+v; want %+v", after, before)
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

// Time settings far beyond the clock (issue 7, item 1) either fail
// Validate or run without hanging and without NaN.
func TestHugeTimeSettingsDoNotBreakTheClock(t *testing.T) {
	for _, name := range []string{"SquadUpdateInterval", "MinimumStateSeconds", "RoutAfterSeconds", "MinRoutSeconds", "RecoveryDelaySeconds"} {
		for _, v := range []float64{1e10, 1.4e10, 1e12, 1e300} {
			s := morale.DefaultSettings()
			for _, p := range morale.Params() {
				if p.Name == name {
					p.Set(&s, v)
				}
			}
			w, err := morale.NewWorld(s, 1)
			if err != nil {
				continue // refused by Validate: fine
			}
			a := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.1))
			calls := 0
			w.OnMoraleChanged(func(_ *morale.Agent, m float64, _ morale.Reason) {
				calls++
				if !(m >= 0 && m <= 1) {
					t.Fatalf("%s = %g: listener got morale %v; want 0..1", name, v, m)
				}
			})
			for range 120 {
				w.Advance(1.0 / 60)
			}
			if calls > 1000 || w.Steps() > 10 || w.Now() != 2 {
				t.Errorf("%s = %g: 2 s of frames ran %d steps, %d listener calls, Now() %v; want a handful and 2",
					name, v, w.Steps(), calls, w.Now())
			}
			if m := a.Morale(); !(m >= 0 && m <= 1) {
				t.Errorf("%s = %g: morale %v; want 0..1", name, v, m)
			}
		}
	}
}

// The clock never goes back. After SetSettings shortens SquadUpdateInterval
// following a long stretch without a step, the steps owed for the time
// already passed may be more than one Advance runs (MaxAdvanceSteps); the
// capped call used to stop the clock at the end of its last step, before
// the present: Now fell, the news of the present lay in the future (negative
// SecondsSinceBadNews), and the World's savegame failed to load ("a time lies
// before the clock's start"). No step now ends before the present (see
// TestShortenedIntervalStepsAtThePresent).
func TestShortenedIntervalNeverTurnsTheClockBack(t *testing.T) {
	tests := []struct {
		name        string
		interval    float64   // before the change
		first       []float64 // the calls of the stretch without a step
		newInterval float64
		dts         []float64 // the calls after the change
	}{
		{"a minute's step to a millisecond", 60, []float64{59}, morale.MinSquadUpdateInterval, []float64{0.001, 1, 1, 1}},
		{"a day's step to a millisecond, at 60 fps", morale.MaxSeconds, []float64{86000}, morale.MinSquadUpdateInterval, []float64{1.0 / 60, 1.0 / 60}},
		{"at MaxWorldSeconds", morale.MaxSeconds, []float64{1e9, 1e9, 1e9, 1e9}, morale.MinSquadUpdateInterval, []float64{100, 100}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newTestWorld(t, func(s *morale.Settings) { s.SquadUpdateInterval = tt.interval })
			if err := w.EnableLedger(morale.LedgerOptions{PerAgent: 8, Window: math.Inf(1)}); err != nil {
				t.Fatal(err)
			}
			a := w.Spawn(1, morale.Vec2{})
			w.Spawn(1, morale.Vec2{X: 10})
			for _, dt := range tt.first {
				w.Advance(dt)
			}
			if err := a.ReportEvent(morale.LeaderDown, 1); err != nil {
				t.Fatal(err)
			}
			s := w.Settings()
			s.SquadUpdateInterval = tt.newInterval
			if err := w.SetSettings(s); err != nil {
				t.Fatal(err)
			}
			for k, dt := range tt.dts {
				before := w.Now()
				w.Advance(dt)
				if got := w.Now(); got < before {
					t.Errorf("call %d: Advance(%v) took Now() from %v back to %v; want at least %v", k, dt, before, got, before)
				}
				sn := a.Snapshot()
				if sn.SecondsSinceBadNews < 0 || sn.SecondsInState < 0 {
					t.Errorf("call %d: SecondsSinceBadNews %v, SecondsInState %v; want neither negative", k, sn.SecondsSinceBadNews, sn.SecondsInState)
				}
				data, err := w.MarshalBinary()
				if err != nil {
					t.Fatal(err)
				}
				var loaded morale.World
				if err := loaded.UnmarshalBinary(data); err != nil {
					t.Fatalf("call %d: loading the World's savegame: %v; want nil", k, err)
				}
				if got, want := loaded.Checksum(), w.Checksum(); got != want {
					t.Errorf("call %d: the loaded World's checksum %x; want %x", k, got, want)
				}
			}
		})
	}
}

// No step is stamped before the present. A World whose interval is cut,
// long after its last step, to less than the time since (1 s to 0.1 s at
// 0.9 s) runs its next step at the present, spanning the 0.9 s since the
// last, and then steps every 0.1 s: the same bits as a World stepping every
// 0.9 s from the start and cut to 0.1 s at 0.9 s, and no listener sees the
// clock before a time the game already read. It used to run the nine steps
// owed at 0.1 … 0.9 s, after the game had reported news at 0.9 s.
func TestShortenedIntervalStepsAtThePresent(t *testing.T) {
	type stamp struct {
		now   float64
		steps uint64
	}
	run := func(interval float64) (*morale.World, []stamp) {
		w := newTestWorld(t, func(s *morale.Settings) { s.SquadUpdateInterval = interval })
		var seen []stamp
		w.OnMoraleChanged(func(_ *morale.Agent, _ float64, why morale.Reason) {
			if why.Kind == morale.ByContagion || why.Kind == morale.ByRecovery {
				seen = append(seen, stamp{w.Now(), w.Steps()})
			}
		})
		var men []*morale.Agent
		for i, m := range []float64{1, 0.8, 0.4, 0.2} {
			men = append(men, w.Spawn(1, morale.Vec2{X: float64(i)}, morale.WithMorale(m), morale.WithNerve(0)))
		}
		w.Advance(0.3)
		if err := men[0].ReportCustomEvent(-0.3); err != nil {
			t.Fatal(err)
		}
		w.Advance(0.6)
		if got := w.Now(); got != 0.9 {
			t.Fatalf("interval %v: Now() %v before the cut; want 0.9", interval, got)
		}
		s := w.Settings()
		s.SquadUpdateInterval = 0.1
		if err := w.SetSettings(s); err != nil {
			t.Fatal(err)
		}
		for range 6 {
			w.Advance(0.05)
		}
		return w, seen
	}
	cut, seen := run(1)
	ref, refSeen := run(0.9)
	if got, want := cut.Steps(), ref.Steps(); got != want {
		t.Errorf("steps %d; want %d, as with a 0.9 s interval", got, want)
	}
	if got, want := cut.Checksum(), ref.Checksum(); got != want {
		t.Errorf("checksum %x; want %x, as with a 0.9 s interval", got, want)
	}
	if len(seen) == 0 || seen[0] != (stamp{0.9, 1}) {
		t.Errorf("first step's changes told at %+v; want {now:0.9 steps:1}, the present", seen[:min(1, len(seen))])
	}
	for k := 1; k < len(seen); k++ {
		if seen[k].now < seen[k-1].now {
			t.Errorf("change %d told at %v s after one at %v s; want the clock never going back", k, seen[k].now, seen[k-1].now)
		}
	}
	if len(seen) != len(refSeen) {
		t.Errorf("%d changes told; want %d, as with a 0.9 s interval", len(seen), len(refSeen))
	}
}

// A step that panics (a bug) and is recovered leaves the World usable from
// its one goroutine: Advance cleared its concurrent-use flag only after a
// step that returned, so every later call that changes the World, hands
// out its agents or changes one of them panicked, saying the World was
// used by two goroutines at once.
func TestPanickedStepLeavesNoConcurrentUse(t *testing.T) {
	var a *morale.Agent // the subtest's World's agent
	calls := append(worldCalls(t), []worldCall{
		{"Agent.SetMorale", func(*morale.World) { _ = a.SetMorale(0.5) }},
		{"Agent.Rally", func(*morale.World) { a.Rally() }},
		{"Agent.ReportEvent", func(*morale.World) { _ = a.ReportEvent(morale.Suppressed, 1) }},
		{"Agent.SetSquad", func(*morale.World) { a.SetSquad(2) }},
	}...)
	for _, tt := range calls {
		t.Run(tt.name, func(t *testing.T) {
			w := &morale.World{}
			a = w.Spawn(1, morale.Vec2{})
			r := morale.PanicInStep(w, 1)
			if s := fmt.Sprint(r); r == nil || strings.Contains(s, "two goroutines at once") {
				t.Fatalf("got the step's panic %v; want the one PanicInStep makes", r)
			}
			use := func() (r any) {
				defer func() { r = recover() }()
				tt.use(w)
				return nil
			}
			if r := use(); r != nil {
				t.Errorf("got panic %v; want none", r)
			}
		})
	}
}

// An Advance that a listener's panic stopped leaves nothing of its time
// behind (it is counted in DroppedSeconds), nor does one under way when a
// listener clones the World: a
// listener's Advance on a later call (ForceRout here) runs its own time
// from the present. Both ran what remained of the stopped Advance, 10 s
// where the listener asked for 0.25 s, so a World and the one its savegame
// loads into (which never held that time) went apart under the same calls.
func TestNoAdvanceTimeOutlivesItsCall(t *testing.T) {
	// build returns a World of two men, one at morale 0.1, whose listener
	// panics once when asked to, and Advances 0.25 s on a forced rout.
	build := func(panicOnce *bool) *morale.World {
		w := newTestWorld(t)
		w.Spawn(1, morale.Vec2{})
		w.Spawn(1, morale.Vec2{X: 100})
		w.OnStateChanged(func(_ *morale.Agent, _, _ morale.State, why morale.Reason) {
			if *panicOnce {
				*panicOnce = false
				panic("a script error")
			}
			if why.Kind == morale.ByForcedRout {
				w.Advance(0.25)
			}
		})
		if err := w.Agent(0).SetMorale(0.1); err != nil {
			t.Fatal(err)
		}
		return w
	}
	stopped := true
	w := build(&stopped)
	func() {
		defer func() {
			if r := recover(); r != "a script error" {
				t.Fatalf("Advance(10): recovered %v; want the listener's panic", r)
			}
		}()
		w.Advance(10)
	}()
	if got := w.Now(); got != 0.25 {
		t.Fatalf("after the listener's panic: Now() = %v; want 0.25, the end of the step it stopped in", got)
	}
	if got := w.DroppedSeconds(); got != 9.75 {
		t.Errorf("after the listener's panic stopped Advance(10) at 0.25 s: DroppedSeconds() = %v; want 9.75, the time it did not run", got)
	}
	save, err := w.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	never := false
	peer := build(&never)
	if err := peer.UnmarshalBinary(save); err != nil {
		t.Fatal(err)
	}
	for _, x := range []*morale.World{w, peer} {
		x.Agent(1).ForceRout()
	}
	if w.Now() != 0.5 || peer.Now() != 0.5 {
		t.Errorf("a listener's Advance(0.25) on a forced rout: Now() = %v, loaded peer %v; want 0.5 both", w.Now(), peer.Now())
	}
	if w.Checksum() != peer.Checksum() {
		t.Errorf("the World and the one its save loaded into, after the same calls: checksums differ")
	}

	// A clone taken by a listener in the middle of Advance(10).
	var clone *morale.World
	never = false
	src := build(&never)
	src.OnStateChanged(func(*morale.Agent, morale.State, morale.State, morale.Reason) {
		if clone == nil {
			clone = src.Clone()
		}
	})
	src.Advance(10)
	if clone == nil {
		t.Fatal("no listener cloned the World")
	}
	at := clone.Now()
	clone.OnStateChanged(func(_ *morale.Agent, _, _ morale.State, why morale.Reason) {
		if why.Kind == morale.ByForcedRout {
			clone.Advance(0.25)
		}
	})
	clone.Agent(1).ForceRout()
	if got := clone.Now(); got != at+0.25 {
		t.Errorf("a clone taken during Advance(10) at %v s, then a listener's Advance(0.25): Now() = %v; want %v", at, got, at+0.25)
	}
}

// A frame of 1/N s is a whole number of ticks when N divides 705,600,000
// (2⁹·3²·5⁵·7²): N of those frames add up to exactly one second, as the
// World's documentation lists. A frame of 1/165 s is not (165 = 3·5·11):
// each call rounds it to the tick, and 165 of them miss a second, as the
// documentation warns.
func TestWholeTickFrameRates(t *testing.T) {
	const ticks = 705600000
	for _, n := range []int{24, 25, 30, 48, 50, 60, 72, 75, 90, 96, 100, 120, 144, 180, 200, 240, 360, 1000} {
		if ticks%n != 0 {
			t.Fatalf("%d Hz is in the list of exact rates, but %d ticks do not divide by it", n, ticks)
		}
		w := newTestWorld(t)
		for range n {
			w.Advance(1 / float64(n))
		}
		if w.Now() != 1 || w.Steps() != 4 {
			t.Errorf("%d frames of 1/%d s: Now() %v, %d steps; want exactly 1 s, 4 steps", n, n, w.Now(), w.Steps())
		}
	}
	w := newTestWorld(t)
	for range 165 {
		w.Advance(1.0 / 165)
	}
	if w.Now() == 1 {
		t.Errorf("165 frames of 1/165 s: Now() exactly 1; the documentation says such frames drift: fix it")
	}
}
