package morale_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/morale"
)

// churn returns how many squad IDs or cells the reclamation tests go
// through: a million, or a tenth of it with -short.
func churn() int {
	if testing.Short() {
		return 1e5
	}
	return 1e6
}

func heapAfterGC() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// A million squad IDs come and go with ten agents alive at a time: the
// World keeps slots for the live squads only, and a step costs what ten
// agents cost (issue 7, item 6).
func TestSquadSlotsAreReclaimed(t *testing.T) {
	w := newTestWorld(t)
	var live []*morale.Agent
	for i := range 10 {
		live = append(live, w.Spawn(morale.SquadID(i), morale.Vec2{}))
	}
	before := heapAfterGC()
	for i := 10; i < churn(); i++ {
		k := i % 10
		w.Remove(live[k])
		live[k] = w.Spawn(morale.SquadID(i), morale.Vec2{X: float64(k)})
		if i%1000 == 0 {
			live[k].SetSquad(morale.SquadID(-i)) // SetSquad empties squads too
		}
	}
	w.Advance(0.25)
	if slots, _ := w.Capacity(); slots > 200 {
		t.Errorf("after %d squads came and went with 10 alive: %d squad slots; want about 10", churn(), slots)
	}
	if grown := int64(heapAfterGC()) - int64(before); grown > 4<<20 {
		t.Errorf("after %d squads came and went: heap grew %d bytes; want under 4 MB", churn(), grown)
	}
	start := time.Now()
	for range 100 {
		w.Advance(0.25)
	}
	if took := time.Since(start) / 100; took > 2*time.Millisecond {
		t.Errorf("a step with 10 agents after the churn took %v; want microseconds", took)
	}
	if got := len(w.SquadIDs()); got != 10 {
		t.Errorf("SquadIDs(): %d squads; want 10", got)
	}
}

// One agent walking across a million cells leaves no trail of empty cells
// behind (issue 7, item 6).
func TestGridCellsAreReclaimed(t *testing.T) {
	w := newTestWorld(t)
	a := w.Spawn(1, morale.Vec2{})
	b := w.Spawn(2, morale.Vec2{})
	cell := w.Settings().NoEffectRadius
	before := heapAfterGC()
	for i := range churn() {
		a.SetPosition(morale.Vec2{X: float64(i) * cell, Y: float64(i%7) * cell})
	}
	if _, cells := w.Capacity(); cells > 200 {
		t.Errorf("after walking across %d cells: %d grid cells; want a few", churn(), cells)
	}
	if grown := int64(heapAfterGC()) - int64(before); grown > 4<<20 {
		t.Errorf("after walking across %d cells: heap grew %d bytes; want under 4 MB", churn(), grown)
	}
	// Events still find both.
	if err := w.ReportEventAtLocation(morale.AllyDown, a.Position(), 1, nil, 1); err != nil {
		t.Fatal(err)
	}
	if err := w.ReportEventAtLocation(morale.AllyDown, b.Position(), 1, nil, 1); err != nil {
		t.Fatal(err)
	}
	if !(a.Morale() < 1) || !(b.Morale() < 1) {
		t.Errorf("events at the agents' spots: morale %v, %v; want both hit", a.Morale(), b.Morale())
	}
}

// Positions far outside any map work and cost no memory (issue 7, item 6).
func TestFarPositions(t *testing.T) {
	w := newTestWorld(t, noContagion)
	before := heapAfterGC()
	var far []*morale.Agent
	for _, p := range []morale.Vec2{{X: 1e15, Y: 1e15}, {X: -1e15, Y: 1e15}, {X: -1e15, Y: -1e15}, {X: 1e15, Y: -1e15}, {X: 1e15 + 1e6, Y: 1e15}} {
		far = append(far, w.Spawn(1, p, morale.WithNerve(0)))
	}
	home := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
	if err := w.ReportEventAtLocation(morale.TookDamage, morale.Vec2{X: 1e15, Y: 1e15}, 0, nil, 1); err != nil {
		t.Fatal(err)
	}
	if err := w.ReportEventAtLocation(morale.TookDamage, morale.Vec2{X: -1e15, Y: -1e15}, 1e15, nil, 1); err != nil {
		t.Fatal(err)
	}
	want := []float64{0.9, 1, 0.9, 1, 1, 1}
	for i, a := range append(far, home) {
		if !near(a.Morale(), want[i], 1e-12) {
			t.Errorf("agent %d at %v: morale %v; want %v", i, a.Position(), a.Morale(), want[i])
		}
	}
	if grown := int64(heapAfterGC()) - int64(before); grown > 1<<20 {
		t.Errorf("six agents far apart: heap grew %d bytes; want under 1 MB", grown)
	}
}
