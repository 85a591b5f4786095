package morale_test

import (
	"slices"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// TestRemoveListener: a removed listener is not called again, also when it
// is removed by a listener while a change is being told (then the other
// listeners still hear that change); removing twice does nothing.
func TestRemoveListener(t *testing.T) {
	tests := []struct {
		name string
		// during is called by listener 0 on the first change, with the
		// remove functions of listeners 0, 1 and 2.
		during func(remove []func())
		// after is called after the first change is told.
		after func(remove []func())
		// want is who heard each of two changes.
		want [][]int
	}{
		{"none", nil, nil, [][]int{{0, 1, 2}, {0, 1, 2}}},
		{"after", nil, func(r []func()) { r[1](); r[1]() }, [][]int{{0, 1, 2}, {0, 2}}},
		{"itself during", func(r []func()) { r[0]() }, nil, [][]int{{0, 1, 2}, {1, 2}}},
		{"a later one during", func(r []func()) { r[2]() }, nil, [][]int{{0, 1}, {0, 1}}},
		{"all during", func(r []func()) { r[0](); r[1](); r[2]() }, nil, [][]int{{0}, {}}},
		{"during, then again after", func(r []func()) { r[1]() }, func(r []func()) { r[1](); r[0]() }, [][]int{{0, 2}, {2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := &morale.World{}
			a := w.Spawn(1, morale.Vec2{})
			heard := [][]int{{}, {}}
			change := 0
			var remove []func()
			for k := range 3 {
				remove = append(remove, w.OnStateChanged(func(*morale.Agent, morale.State, morale.State, morale.Reason) {
					heard[change] = append(heard[change], k)
					if k == 0 && change == 0 && tt.during != nil {
						tt.during(remove)
					}
				}))
			}
			a.ForceRout()
			change = 1
			if tt.after != nil {
				tt.after(remove)
			}
			a.Rally()
			for c := range 2 {
				if !slices.Equal(heard[c], tt.want[c]) {
					t.Errorf("change %d: got listeners %v; want %v", c, heard[c], tt.want[c])
				}
			}
		})
	}
}

// TestRemoveMoraleListener: OnMoraleChanged's remove function, and a nil
// listener's, which does nothing.
func TestRemoveMoraleListener(t *testing.T) {
	w := &morale.World{}
	a := w.Spawn(1, morale.Vec2{})
	n := 0
	remove := w.OnMoraleChanged(func(*morale.Agent, float64, morale.Reason) { n++ })
	w.OnMoraleChanged(nil)()
	w.OnStateChanged(nil)()
	if err := a.SetMorale(0.5); err != nil {
		t.Fatal(err)
	}
	remove()
	if err := a.SetMorale(0.4); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Errorf("got %d calls; want 1", n)
	}
}
