package morale

import (
	"reflect"
	"strings"
	"testing"
)

// TestLoadDropsScratch: a World that loads a savegame drops its scratch
// buffers (cloneScratch's slices of the World itself), which may be sized
// for a far larger World than the one it loads: none is kept.
func TestLoadDropsScratch(t *testing.T) {
	small, err := NewWorld(DefaultSettings(), 1)
	if err != nil {
		t.Fatal(err)
	}
	small.Spawn(1, Vec2{})
	data, err := small.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	w, err := NewWorld(DefaultSettings(), 2)
	if err != nil {
		t.Fatal(err)
	}
	var agents []*Agent
	var ps []Vec2
	for i := range 3000 {
		p := Vec2{X: float64(i%60) * 100, Y: float64(i/60) * 100}
		agents, ps = append(agents, w.Spawn(SquadID(i%5), p)), append(ps, Vec2{X: p.X + 3000, Y: p.Y})
	}
	if err := w.SetPositions(agents, ps); err != nil { // grows moving and posNext
		t.Fatal(err)
	}
	if err := w.ReportEventAtLocation(AllyDown, Vec2{X: 3000, Y: 1000}, 0, nil, 1); err != nil {
		t.Fatal(err)
	}
	if len(w.posNext) == 0 || cap(w.moving) == 0 || cap(w.hits) == 0 {
		t.Fatalf("setup: posNext %d, moving %d, hits %d: want all grown", len(w.posNext), cap(w.moving), cap(w.hits))
	}
	if err := w.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	v := reflect.ValueOf(w).Elem()
	for name := range cloneScratch {
		field, ok := strings.CutPrefix(name, "World.")
		if !ok || strings.Contains(field, ".") {
			continue
		}
		if f := v.FieldByName(field); f.Kind() == reflect.Slice && f.Cap() > 0 {
			t.Errorf("after a load, %s holds room for %d; want none kept", name, f.Cap())
		}
	}
}
