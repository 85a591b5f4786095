package morale

import (
	"math"
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
	if row < 82 || row > 98 { // docs/library.md, of Reserve: "about 90 bytes an agent"
		t.Errorf("an agent's columns take %d bytes; docs/library.md says about 90 of Reserve", row)
	}
	if got, least := w.columnBytes(), w.Len()*int(row); got < least {
		t.Errorf("columnBytes() = %d; want at least %d (%d agents × %d bytes)", got, least, w.Len(), row)
	}
}

// TestReserve checks World.Reserve's contract: room for n more agents in
// every column (the ledger's too), so that the next n Spawns move no column;
// the same bits as a World that did not reserve; an error, changing
// nothing, for a negative n or one past the int32 range.
func TestReserve(t *testing.T) {
	spawn := func(w *World, n int) {
		r := rand.New(rand.NewPCG(5, 6))
		for i := range n {
			w.Spawn(SquadID(i%7), Vec2{X: r.Float64() * 20000, Y: r.Float64() * 20000})
		}
	}
	plain, _ := NewWorld(DefaultSettings(), 9)
	w, _ := NewWorld(DefaultSettings(), 9)
	if err := w.EnableLedger(LedgerOptions{PerAgent: 2, Window: 5}); err != nil {
		t.Fatal(err)
	}
	if err := plain.EnableLedger(LedgerOptions{PerAgent: 2, Window: 5}); err != nil {
		t.Fatal(err)
	}
	spawn(w, 10)
	spawn(plain, 10)
	for _, n := range []int{-1, math.MaxInt32 - 9} {
		if err := w.Reserve(n); err == nil {
			t.Errorf("Reserve(%d) = nil; want an error", n)
		}
	}
	if err := w.Reserve(0); err != nil {
		t.Fatalf("Reserve(0) = %v", err)
	}
	if err := w.Reserve(5000); err != nil {
		t.Fatal(err)
	}
	first := make([]uintptr, len(w.cols))
	for k, c := range w.cols {
		v := reflect.ValueOf(c).Elem()
		if v.Cap() < 5010 {
			t.Fatalf("column %d (%T) has room for %d; want 5010", k, c, v.Cap())
		}
		first[k] = v.Pointer()
	}
	spawn(w, 5000)
	spawn(plain, 5000)
	for k, c := range w.cols {
		if reflect.ValueOf(c).Elem().Pointer() != first[k] {
			t.Errorf("column %d (%T) moved during the reserved spawns", k, c)
		}
	}
	checkColumns(t, w, "after reserved spawns")
	for range 8 {
		w.Advance(0.25)
		plain.Advance(0.25)
	}
	if w.Checksum() != plain.Checksum() {
		t.Error("a World that reserved differs from one that did not")
	}
}

// TestSharedSpareHoldsNoPointers checks, for the values of every
// per-agent column a World may hold (its agentColumns, the ledger's and the
// change recorder's), that permute puts them in the sort's shared []uint64
// spare only when they hold no pointers, which the GC would not see there,
// and that some do share it.
func TestSharedSpareHoldsNoPointers(t *testing.T) {
	var hasPointers func(reflect.Type) bool
	hasPointers = func(t reflect.Type) bool {
		switch t.Kind() {
		case reflect.Array:
			return hasPointers(t.Elem())
		case reflect.Struct:
			for i := range t.NumField() {
				if hasPointers(t.Field(i).Type) {
					return true
				}
			}
			return false
		}
		return t.Kind() < reflect.Bool || t.Kind() > reflect.Complex128
	}
	w, err := NewWorld(DefaultSettings(), 1)
	if err != nil {
		t.Fatal(err)
	}
	w.Spawn(1, Vec2{})
	if err := w.EnableLedger(LedgerOptions{PerAgent: 2, Window: 5}); err != nil {
		t.Fatal(err)
	}
	if err := w.RecordChanges(ChangeOptions{Coalesce: true}); err != nil {
		t.Fatal(err)
	}
	if got, want := len(w.cols), len(w.col.columns())+2; got != want {
		t.Fatalf("%d columns with the ledger and the recorder on; want %d", got, want)
	}
	shared := 0
	for _, c := range w.cols {
		elem := reflect.TypeOf(c).Elem().Elem() // *col[T] → T
		var spares []any
		c.permute(0, []int32{0}, &spares)
		_, inWords := spares[0].([]uint64)
		if inWords && hasPointers(elem) {
			t.Errorf("permute put a column of %v in the shared []uint64 spare, but %v holds pointers", elem, elem)
		}
		if !inWords && !hasPointers(elem) {
			t.Errorf("permute gave a column of %v a spare of its own; want the shared one (it holds no pointers)", elem)
		}
		shared += b2i(inWords)
	}
	if shared < len(w.cols)-2 {
		t.Errorf("%d of %d columns share the spare; want all but the handles and the ledger's", shared, len(w.cols))
	}
}

// TestColumnsGrowFourfold checks push's growth, which a mass spawn's cost
// rests on: a full column grows to four times its length and 64 more, so
// that spawning n agents copies under 4n/3 + 64 values a column (doubling
// copied n to 2n) and leaves it room below 4n + 64.
func TestColumnsGrowFourfold(t *testing.T) {
	for _, n := range []int{1, 64, 65, 1000, 349505, 1000000} {
		var c col[float64]
		grows, copied := 0, 0
		for i := range n {
			if len(c) == cap(c) && i > 0 {
				grows++
				copied += len(c)
			}
			push(&c, float64(i))
		}
		if got, most := cap(c), 4*n+64; got > most {
			t.Errorf("n=%d: room %d; want at most %d", n, got, most)
		}
		if most := 4*n/3 + 64; copied > most {
			t.Errorf("n=%d: %d values copied in %d growths; want at most %d", n, copied, grows, most)
		}
		for i, v := range c {
			if v != float64(i) {
				t.Fatalf("n=%d: c[%d] = %v; want %d", n, i, v, i)
			}
		}
	}
}

// TestOnlyTheAgentsColumnsGrowFourfold: the fourfold growth of the agents'
// own columns (push) is not passed on to the arrays made beside them, whose
// memory the docs state per agent: the ledger's and the changes' columns
// grow as append grows a slice. A World of 5,441 agents, one past a
// fourfold growth (room 21,824), once held both at 21,824. (SetPositions'
// second array of positions takes the positions' place, so it has their
// room: TestSetPositionsKeepsReservedRoom.)
func TestOnlyTheAgentsColumnsGrowFourfold(t *testing.T) {
	w, err := NewWorld(DefaultSettings(), 7)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.EnableLedger(LedgerOptions{PerAgent: 1, Window: 5}); err != nil {
		t.Fatal(err)
	}
	if err := w.RecordChanges(ChangeOptions{Coalesce: true}); err != nil {
		t.Fatal(err)
	}
	const n = 5441
	agents := make([]*Agent, n)
	ps := make([]Vec2, n)
	for i := range agents {
		ps[i] = Vec2{X: float64(i % 100 * 100), Y: float64(i / 100 * 100)}
		agents[i] = w.Spawn(SquadID(i%9), ps[i])
	}
	if err := w.SetPositions(agents, ps); err != nil {
		t.Fatal(err)
	}
	if got, want := cap(w.col.Morale), 21824; got != want {
		t.Fatalf("the agents' room: got %d; want %d (fourfold)", got, want)
	}
	most := n + n/2 // append's growth (a quarter past 256 values), rounded to a size class
	for _, c := range []struct {
		name string
		room int
	}{
		{"the ledger's column", cap(w.led.agents)},
		{"the changes' column", cap(w.changes.slots)},
	} {
		if c.room > most {
			t.Errorf("%s: room for %d agents; want at most %d for %d agents", c.name, c.room, most, n)
		}
	}
}

// TestSetPositionsKeepsReservedRoom: SetPositions writes the next positions
// into a second array and swaps it with the World's, so that array must
// have the room of the positions' column, or the swap takes Reserve's room
// away and the spawns it was made for copy the column again (b411fb6 made
// it a quarter more than the agents: after Reserve(10000) over 1,000 agents
// the positions' room fell from 11,000 to 1,250 at the next SetPositions,
// a reviewer's finding). Either order of Reserve and the first SetPositions.
func TestSetPositionsKeepsReservedRoom(t *testing.T) {
	for _, reserveFirst := range []bool{true, false} {
		w, err := NewWorld(DefaultSettings(), 5)
		if err != nil {
			t.Fatal(err)
		}
		const n, more = 1000, 10000
		agents, ps := make([]*Agent, n), make([]Vec2, n)
		for i := range agents {
			ps[i] = Vec2{X: float64(i%40)*100 + 50, Y: float64(i/40)*100 + 50}
			agents[i] = w.Spawn(SquadID(i%7), ps[i])
		}
		move := func() { // every man 1 cm within his cell: the pass that swaps the arrays
			for i := range ps {
				ps[i].X++
			}
			if err := w.SetPositions(agents, ps); err != nil {
				t.Fatal(err)
			}
		}
		if !reserveFirst {
			move()
		}
		if err := w.Reserve(more); err != nil {
			t.Fatal(err)
		}
		for k := range 2 { // the arrays take turns: the room after each
			move()
			if got, want := cap(w.col.Pos), n+more; got < want {
				t.Errorf("reserve first %v: the positions' room after SetPositions %d: got %d; want at least %d", reserveFirst, k+1, got, want)
			}
		}
		move()
		before := &w.col.Pos[:1][0]
		for i := range more {
			w.Spawn(1, Vec2{X: float64(i)})
		}
		if &w.col.Pos[0] != before {
			t.Errorf("reserve first %v: the %d spawns Reserve made room for moved the positions' column", reserveFirst, more)
		}
	}
}
