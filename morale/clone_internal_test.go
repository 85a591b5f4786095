package morale

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// cloneScratch names the fields Clone leaves empty: scratch buffers, all
// zero or unused between calls, and the listeners (not copied by design).
var cloneScratch = map[string]bool{
	"World.queue": true, "World.cells": true, "World.hitBits": true, "World.hitWords": true,
	"World.stepWorkers": true, "World.chunkOuts": true,
	"World.onState": true, "World.onMorale": true, "World.visiting": true,
	"World.led.since": true, "World.led.old": true,
	"World.hits": true, "World.cur": true, "World.scales": true, "World.slabs": true, "World.arena": true, "World.moving": true, "World.posNext": true,
	"World.order.cells": true, "World.order.count": true, "World.order.to": true, "World.order.spares": true,
	"World.ends": true,
}

// richWorld returns a World with every field in use: agents spawned and
// removed, squads freed, the grid filled, the ledger on and recording (all
// squads but one), the
// listeners registered, and the step's and the location scan's scratch
// grown (two chunks, two workers).
func richWorld(t *testing.T) *World {
	t.Helper()
	w, err := NewWorld(DefaultSettings(), 5)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.SetWorkers(2); err != nil {
		t.Fatal(err)
	}
	// the ledger records six of the seven squads (LedgerOptions.Squads)
	if err := w.EnableLedger(LedgerOptions{PerAgent: 4, Window: 10, Squads: []SquadID{0, 1, 2, 3, 4, 5}}); err != nil {
		t.Fatal(err)
	}
	w.OnStateChanged(func(*Agent, State, State, Reason) {})
	w.OnMoraleChanged(func(*Agent, float64, Reason) {})
	// changes held for TakeChanges, coalesced per agent, some of agents
	// removed below
	if err := w.RecordChanges(ChangeOptions{Morale: true, Coalesce: true}); err != nil {
		t.Fatal(err)
	}
	w.SetStepChunk(TestStepChunk)
	r := rand.New(rand.NewPCG(1, 2))
	var all []*Agent
	for i := range TestStepChunk + 200 {
		all = append(all, w.Spawn(SquadID(i%7), Vec2{X: r.Float64() * 20000, Y: r.Float64() * 20000}))
	}
	for k := range 3 {
		w.Spawn(SquadID(100+k), Vec2{}) // squads that will be freed
	}
	for i := range 3 {
		w.Remove(w.Agent(w.Len() - 1 - i))
	}
	for _, a := range all[:50] {
		w.Remove(a)
	}
	for step := range 12 {
		if err := w.ReportEventAtLocation(AllyDown, Vec2{X: 10000, Y: 10000}, 0, nil, 1+float64(step)); err != nil {
			t.Fatal(err)
		}
		w.Advance(0.3)
	}
	if len(w.changes.pending) == 0 {
		t.Fatal("richWorld: no changes held for TakeChanges")
	}
	w.Remove(w.changes.pending[0].Agent) // his changes are kept
	if len(w.free) == 0 || w.led == nil || len(w.stepWorkers) < 2 || len(w.hitBits) == 0 {
		t.Fatalf("richWorld: free %d, ledger %v, workers %d, hitBits %d: want all in use",
			len(w.free), w.led != nil, len(w.stepWorkers), len(w.hitBits))
	}
	return w
}

// TestCloneSharesNothing walks every field of the World and of what it
// points to, with reflect, in the original and in its clone side by side:
// a slice, map or pointer of the clone that is the original's fails, named
// by its path (World.grid.lists[3]), and so does any value that differs
// (scratch buffers and listeners, which Clone leaves empty, aside). A field
// added to World later without a deep copy in Clone fails here; so does one
// the rich World below leaves empty, since its copy could not be checked.
func TestCloneSharesNothing(t *testing.T) {
	w := richWorld(t)
	for _, typ := range []reflect.Type{reflect.TypeFor[World](), reflect.TypeFor[ledger](), reflect.TypeFor[grid]()} {
		v, prefix := reflect.ValueOf(w).Elem(), "World."
		switch typ {
		case reflect.TypeFor[ledger]():
			v, prefix = reflect.ValueOf(w.led).Elem(), "World.led."
		case reflect.TypeFor[grid]():
			v, prefix = reflect.ValueOf(&w.grid).Elem(), "World.grid."
		}
		for i := range typ.NumField() {
			f := v.Field(i)
			if scratch(prefix + typ.Field(i).Name) {
				continue
			}
			switch f.Kind() {
			case reflect.Slice, reflect.Map, reflect.Pointer, reflect.Interface, reflect.Func:
				if f.IsNil() || (f.Kind() == reflect.Slice || f.Kind() == reflect.Map) && f.Len() == 0 {
					t.Errorf("%s.%s is empty in the test's World: fill it in richWorld so that TestCloneSharesNothing checks Clone copies it (or, for scratch Clone may leave empty, list it in cloneScratch)", typ.Name(), typ.Field(i).Name)
				}
			}
		}
	}
	c := w.Clone()
	cw := &cloneWalk{t: t, pairs: map[uintptr]uintptr{}}
	cw.pairs[reflect.ValueOf(w).Pointer()] = reflect.ValueOf(c).Pointer()
	cw.walk("World", reflect.ValueOf(w).Elem(), reflect.ValueOf(c).Elem())
	if cw.fails > 0 {
		t.Logf("%d fields of the clone alias or differ from the original's: fix World.Clone (morale/clone.go)", cw.fails)
	}
}

// cloneWalk compares an original and its clone field by field.
type cloneWalk struct {
	t     *testing.T
	fails int
	// pairs maps each pointer of the original walked to the clone's, so
	// that cycles end and every pointer to one original thing is, in the
	// clone, a pointer to one copy (an Agent's World is the clone).
	pairs map[uintptr]uintptr
}

func (cw *cloneWalk) fail(path, format string, args ...any) {
	cw.t.Helper()
	cw.fails++
	if cw.fails <= 20 {
		cw.t.Errorf("Clone: %s: "+format, append([]any{path}, args...)...)
	}
}

// scratch reports whether path names a field Clone may leave empty.
func scratch(path string) bool { return cloneScratch[path] }

// walk compares a (the original's) with b (the clone's) at path.
func (cw *cloneWalk) walk(path string, a, b reflect.Value) {
	cw.t.Helper()
	if scratch(path) && (b.IsZero() || (b.Kind() == reflect.Map || b.Kind() == reflect.Slice) && b.Len() == 0) {
		return // left empty by Clone, as it may
	}
	if strings.HasPrefix(a.Type().Name(), "ring[") {
		cw.ring(path, a, b)
		return
	}
	switch a.Kind() {
	case reflect.Bool:
		if a.Bool() != b.Bool() {
			cw.fail(path, "%v; want %v", b.Bool(), a.Bool())
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if a.Int() != b.Int() {
			cw.fail(path, "%d; want %d", b.Int(), a.Int())
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if a.Uint() != b.Uint() {
			cw.fail(path, "%d; want %d", b.Uint(), a.Uint())
		}
	case reflect.Float32, reflect.Float64:
		if math.Float64bits(a.Float()) != math.Float64bits(b.Float()) {
			cw.fail(path, "%v; want %v", b.Float(), a.Float())
		}
	case reflect.String:
		if a.String() != b.String() {
			cw.fail(path, "%q; want %q", b.String(), a.String())
		}
	case reflect.Func:
		// Listeners are not copied (scratch lists them); a func field
		// elsewhere is compared by nil-ness only.
		if a.IsNil() != b.IsNil() {
			cw.fail(path, "func nil %v; want %v", b.IsNil(), a.IsNil())
		}
	case reflect.Struct:
		for i := range a.NumField() {
			name := a.Type().Field(i).Name
			if name == "_" {
				continue // padding
			}
			cw.walk(path+"."+name, a.Field(i), b.Field(i))
		}
	case reflect.Array:
		for i := range a.Len() {
			cw.walk(path+"["+itoa(i)+"]", a.Index(i), b.Index(i))
		}
	case reflect.Slice:
		if scratch(path) && b.Len() == 0 {
			return
		}
		if a.Len() != b.Len() {
			cw.fail(path, "length %d; want %d", b.Len(), a.Len())
			return
		}
		if a.Len() > 0 && a.Pointer() == b.Pointer() {
			cw.fail(path, "the clone's slice is the original's (shares its array)")
			return
		}
		for i := range a.Len() {
			cw.walk(path+"["+itoa(i)+"]", a.Index(i), b.Index(i))
		}
	case reflect.Map:
		if a.IsNil() || a.Len() == 0 {
			if b.Len() != 0 {
				cw.fail(path, "%d entries; want none", b.Len())
			}
			return
		}
		if !b.IsNil() && a.Pointer() == b.Pointer() {
			cw.fail(path, "the clone's map is the original's")
			return
		}
		if a.Len() != b.Len() {
			cw.fail(path, "%d entries; want %d", b.Len(), a.Len())
			return
		}
		for it := a.MapRange(); it.Next(); {
			bv := b.MapIndex(it.Key())
			if !bv.IsValid() {
				cw.fail(path, "key %v missing", it.Key())
				continue
			}
			cw.walk(path+"[key]", it.Value(), bv)
		}
	case reflect.Pointer:
		if scratch(path) && b.IsNil() {
			return
		}
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				cw.fail(path, "nil %v; want %v", b.IsNil(), a.IsNil())
			}
			return
		}
		pa, pb := a.Pointer(), b.Pointer()
		if pa == pb {
			cw.fail(path, "the clone's pointer is the original's")
			return
		}
		if want, ok := cw.pairs[pa]; ok {
			if pb != want {
				cw.fail(path, "points to another copy than the rest of the clone does")
			}
			return
		}
		cw.pairs[pa] = pb
		cw.walk(path, a.Elem(), b.Elem())
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				cw.fail(path, "nil %v; want %v", b.IsNil(), a.IsNil())
			}
			return
		}
		if a.Elem().Type() != b.Elem().Type() {
			cw.fail(path, "holds %v; want %v", b.Elem().Type(), a.Elem().Type())
			return
		}
		cw.walk(path, a.Elem(), b.Elem())
	default:
		cw.fail(path, "kind %v: the test does not know how to compare it; teach cloneWalk and World.Clone", a.Kind())
	}
}

// ring compares two rings by what they hold (Clone packs a ring's entries
// at the front of a buffer of their size), and checks they share nothing.
func (cw *cloneWalk) ring(path string, a, b reflect.Value) {
	cw.t.Helper()
	for _, f := range []string{"n", "seq"} {
		cw.walk(path+"."+f, a.FieldByName(f), b.FieldByName(f))
	}
	n := int(a.FieldByName("n").Int())
	if int(b.FieldByName("n").Int()) != n {
		return
	}
	at := func(r reflect.Value, j int) reflect.Value {
		buf := r.FieldByName("buf")
		return buf.Index((int(r.FieldByName("start").Int()) + j) % buf.Len())
	}
	ab, bb := a.FieldByName("buf"), b.FieldByName("buf")
	if ab.Len() > 0 && bb.Len() > 0 && ab.Pointer() == bb.Pointer() {
		cw.fail(path+".buf", "the clone's ring buffer is the original's")
		return
	}
	for j := range n {
		cw.walk(path+".at("+itoa(j)+")", at(a, j), at(b, j))
	}
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}
