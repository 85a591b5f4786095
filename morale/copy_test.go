package morale_test

import (
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
// when the copy is changed or its agents are handed out; a copy of the zero
// World is a World of its own.
func TestCopiedWorldPanics(t *testing.T) {
	tests := []struct {
		name string
		use  func(w *morale.World)
	}{
		{"Advance", func(w *morale.World) { w.Advance(1) }},
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
