package morale_test

import (
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// copyByValue returns *w copied by value, as w2 := *w would (through
// reflect, so that go vet, which reports w2 := *w, stays quiet here).
func copyByValue(w *morale.World) *morale.World {
	c := reflect.New(reflect.TypeFor[morale.World]())
	c.Elem().Set(reflect.ValueOf(w).Elem())
	return c.Interface().(*morale.World)
}

// TestCopiedWorldPanics: a World copied by value panics, naming the misuse,
// when the copy is changed, its agents are handed out, or it is read (its
// reads, but Checksum and Settings, answered from the copy's stale lengths
// and counters over the original's arrays); a copy of the zero World is a
// World of its own.
func TestCopiedWorldPanics(t *testing.T) {
	tests := append(worldCalls(t), worldReads()...)
	// A copy may call the other methods of *World: a method added to World
	// must join one list.
	mayCall := []string{ // export_test.go's hooks, in tests only.
		"Candidates", "Capacity", "CheckBreaks", "SetSortWindow", "SetStepChunk", "SortWindow", "Stepping"}
	listed := map[string]bool{}
	for _, tt := range tests {
		listed[tt.name] = true
	}
	for _, m := range mayCall {
		listed[m] = true
	}
	wt := reflect.TypeFor[*morale.World]()
	for k := range wt.NumMethod() {
		if m := wt.Method(k).Name; !listed[m] {
			t.Errorf("World.%s is in neither list of TestCopiedWorldPanics: does a copy by value that calls it panic?", m)
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := &morale.World{}
			w.Spawn(1, morale.Vec2{})
			c := copyByValue(w)
			defer func() {
				r := recover()
				if s, _ := r.(string); !strings.Contains(s, "copied by value") {
					t.Errorf("got panic %v; want one naming a World copied by value", r)
				}
			}()
			tt.use(c)
		})
	}
	t.Run("zero", func(t *testing.T) {
		var zero morale.World
		c := copyByValue(&zero)
		c.Spawn(1, morale.Vec2{})
		c.Advance(1)
		zero.Spawn(2, morale.Vec2{})
		if c.Len() != 1 || zero.Len() != 1 {
			t.Errorf("got Len %d and %d; want 1 and 1", c.Len(), zero.Len())
		}
	})
}

// worldReads returns a call of every method of *World that only reads it,
// each on a World that holds an agent.
func worldReads() []worldCall {
	return []worldCall{
		{"AllSquadStats", func(w *morale.World) { w.AllSquadStats(nil) }},
		{"ChangesDropped", func(w *morale.World) { w.ChangesDropped() }},
		{"Checksum", func(w *morale.World) { w.Checksum() }},
		{"DroppedSeconds", func(w *morale.World) { w.DroppedSeconds() }},
		{"Dump", func(w *morale.World) { _ = w.Dump(io.Discard) }},
		{"Explain", func(w *morale.World) { _, _ = w.Explain(nil) }},
		{"ExplainWindow", func(w *morale.World) { _, _ = w.ExplainWindow(nil, 1) }},
		{"LedgerEnabled", func(w *morale.World) { w.LedgerEnabled() }},
		{"Len", func(w *morale.World) { w.Len() }},
		{"Workers", func(w *morale.World) { w.Workers() }},
		{"Now", func(w *morale.World) { w.Now() }},
		{"RecordingChanges", func(w *morale.World) { w.RecordingChanges() }},
		{"Reorders", func(w *morale.World) { w.Reorders() }},
		{"Settings", func(w *morale.World) { w.Settings() }},
		{"SquadIDs", func(w *morale.World) { w.SquadIDs() }},
		{"SquadStats", func(w *morale.World) { w.SquadStats(1) }},
		{"Steps", func(w *morale.World) { w.Steps() }},
	}
}

// worldCall is a call of a method of *World that changes it or hands out
// its agents.
type worldCall struct {
	name string
	use  func(w *morale.World)
}

// worldCalls returns a call of every method of *World that changes it or
// hands out its agents (TestCopiedWorldPanics checks that the list is
// whole), each on a World that holds an agent.
func worldCalls(t *testing.T) []worldCall {
	save, err := (&morale.World{}).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return []worldCall{
		{"Advance", func(w *morale.World) { w.Advance(1) }},
		{"Advance(0)", func(w *morale.World) { w.Advance(0) }},
		{"Spawn", func(w *morale.World) { w.Spawn(1, morale.Vec2{}) }},
		{"Remove", func(w *morale.World) { w.Remove(w.Agent(0)) }},
		{"ReportEventAtLocation", func(w *morale.World) {
			_ = w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, 0, nil, 1)
		}},
		{"RallySquad", func(w *morale.World) { w.RallySquad(1) }},
		{"Agents", func(w *morale.World) {
			for range w.Agents() {
			}
		}},
		{"Clone", func(w *morale.World) { w.Clone() }},
		{"TakeChanges", func(w *morale.World) { w.TakeChanges(nil) }},
		{"SetSettings", func(w *morale.World) { _ = w.SetSettings(morale.DefaultSettings()) }},
		{"RecordChanges", func(w *morale.World) { _ = w.RecordChanges(morale.ChangeOptions{}) }},
		{"StopRecordingChanges", func(w *morale.World) { w.StopRecordingChanges() }},
		{"EnableLedger", func(w *morale.World) { _ = w.EnableLedger(morale.LedgerOptions{PerAgent: 1, Window: 1}) }},
		{"DisableLedger", func(w *morale.World) { w.DisableLedger() }},
		{"OnStateChanged", func(w *morale.World) {
			w.OnStateChanged(func(*morale.Agent, morale.State, morale.State, morale.Reason) {})
		}},
		{"OnMoraleChanged", func(w *morale.World) { w.OnMoraleChanged(func(*morale.Agent, float64, morale.Reason) {}) }},
		{"SetWorkers", func(w *morale.World) { _ = w.SetWorkers(2) }},
		{"Agent", func(w *morale.World) { w.Agent(0) }},
		{"TrySpawn", func(w *morale.World) { _, _ = w.TrySpawn(1, morale.Vec2{}) }},
		{"Reserve", func(w *morale.World) { _ = w.Reserve(10) }},
		{"SetPositions", func(w *morale.World) { _ = w.SetPositions([]*morale.Agent{w.Agent(0)}, []morale.Vec2{{}}) }},
		{"MarshalBinary", func(w *morale.World) { _, _ = w.MarshalBinary() }},
		{"AppendBinary", func(w *morale.World) { _, _ = w.AppendBinary(nil) }},
		{"UnmarshalBinary", func(w *morale.World) { _ = w.UnmarshalBinary(save) }},
	}
}

// TestConcurrentUsePanics: a call that changes a World or hands out its
// agents, or changes one of its agents, while another goroutine's Advance
// runs a step panics, naming the misuse (as a Go map's concurrent writes
// do), and changes nothing.
func TestConcurrentUsePanics(t *testing.T) {
	var a *morale.Agent // the subtest's World's agent, his handle taken before the step
	calls := append(worldCalls(t), []worldCall{
		{"Agent.SetMorale", func(*morale.World) { _ = a.SetMorale(0.5) }},
		{"Agent.SetNerve", func(*morale.World) { _ = a.SetNerve(0.1) }},
		{"Agent.Rally", func(*morale.World) { a.Rally() }},
		{"Agent.ForceRout", func(*morale.World) { a.ForceRout() }},
		{"Agent.ReportEvent", func(*morale.World) { _ = a.ReportEvent(morale.Suppressed, 1) }},
		{"Agent.ReportCustomEvent", func(*morale.World) { _ = a.ReportCustomEvent(-0.1) }},
		{"Agent.SetSquad", func(*morale.World) { a.SetSquad(2) }},
		{"Agent.SetTag", func(*morale.World) { _ = a.SetTag(7) }},
	}...)
	for _, tt := range calls {
		t.Run(tt.name, func(t *testing.T) {
			w := &morale.World{}
			a = w.Spawn(1, morale.Vec2{})
			if err := a.ReportEvent(morale.Suppressed, 1); err != nil { // so that a rally or a rout changes him
				t.Fatal(err)
			}
			before, err := w.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			r := w.Stepping(func() { tt.use(w) })
			if s, _ := r.(string); !strings.Contains(s, "two goroutines at once") {
				t.Errorf("got panic %v; want one naming a World used by two goroutines at once", r)
			}
			if after, err := w.MarshalBinary(); err != nil || string(after) != string(before) {
				t.Errorf("the World changed (%v); want it as it was", err)
			}
		})
	}
}
