package morale

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// checkColumns fails t unless every per-agent column of w (the ledger's too
// while it is on) holds one value per agent, and every handle knows its
// place.
func checkColumns(t *testing.T, w *World, when string) {
	t.Helper()
	if got, want := len(w.cols), len(w.columnList()); got != want {
		t.Fatalf("%s: %d columns listed; want %d", when, got, want)
	}
	for k, c := range w.cols {
		if n := reflect.ValueOf(c).Elem().Len(); n != w.Len() {
			t.Fatalf("%s: column %d (%T) holds %d values; want %d", when, k, c, n, w.Len())
		}
	}
	for i, a := range w.col.Handle {
		if a.i != int32(i) || a.w != w {
			t.Fatalf("%s: handle at %d says %d", when, i, a.i)
		}
	}
}

// TestColumnsFollowTheAgents spawns, removes, sorts, clones and turns the
// ledger on and off, checking the columns after each.
func TestColumnsFollowTheAgents(t *testing.T) {
	w, err := NewWorld(DefaultSettings(), 3)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 3000 {
		w.Spawn(SquadID(i%9), Vec2{X: r.Float64() * 30000, Y: r.Float64() * 30000})
	}
	checkColumns(t, w, "after spawns")
	if err := w.EnableLedger(LedgerOptions{PerAgent: 2, Window: 5}); err != nil {
		t.Fatal(err)
	}
	checkColumns(t, w, "ledger on")
	for range 500 {
		w.Remove(w.Agent(r.IntN(w.Len())))
	}
	checkColumns(t, w, "after removes")
	w.Advance(1) // sorts
	checkColumns(t, w, "after steps")
	c := w.Clone()
	checkColumns(t, c, "clone")
	w.DisableLedger()
	checkColumns(t, w, "ledger off")
	var row uintptr
	for _, k := range w.col.columns() {
		row += reflect.TypeOf(k).Elem().Elem().Size()
	}
	if got, least := w.columnBytes(), w.Len()*int(row); got < least {
		t.Errorf("columnBytes() = %d; want at least %d (%d agents × %d bytes)", got, least, w.Len(), row)
	}
}
