package morale_test

import (
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// rangeWorld returns a World of n agents in three squads, tagged 0..n-1.
func rangeWorld(n int) *morale.World {
	w := &morale.World{}
	for i := range n {
		w.Spawn(morale.SquadID(i%3), morale.Vec2{X: float64(i % 50), Y: float64(i / 50)}, morale.WithTag(uint64(i)))
	}
	return w
}

// TestRangeRemovingVisited: a loop over Agents may remove the agent it
// visits; every agent is visited once, and removing some or all leaves
// the others.
func TestRangeRemovingVisited(t *testing.T) {
	tests := []struct {
		name   string
		n      int
		remove func(tag uint64) bool
	}{
		{"all of 120", 120, func(uint64) bool { return true }},
		{"all of 1", 1, func(uint64) bool { return true }},
		{"every other of 120", 120, func(tag uint64) bool { return tag%2 == 0 }},
		{"the last half of 121", 121, func(tag uint64) bool { return tag >= 60 }},
		{"none of 120", 120, func(uint64) bool { return false }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := rangeWorld(tt.n)
			visits := map[uint64]int{}
			removed := 0
			for a := range w.Agents() {
				visits[a.Tag()]++
				if tt.remove(a.Tag()) {
					w.Remove(a)
					removed++
				}
			}
			for tag := range uint64(tt.n) {
				if visits[tag] != 1 {
					t.Errorf("agent %d: got %d visits; want 1", tag, visits[tag])
				}
			}
			if got, want := w.Len(), tt.n-removed; got != want {
				t.Errorf("got %d agents left; want %d", got, want)
			}
			for a := range w.Agents() {
				if tt.remove(a.Tag()) {
					t.Errorf("agent %d: still in the World; want removed", a.Tag())
				}
			}
			// The loop's guard is gone after it: Spawn and Advance work.
			w.Spawn(9, morale.Vec2{})
			w.Advance(1)
		})
	}
}

// TestRangeMisuse: any other change to the agents while ranging panics,
// naming the misuse (from a listener, saying so: its author did not write
// the loop), and leaves the World usable after the loop; changes that do
// not reorder the agents are allowed.
func TestRangeMisuse(t *testing.T) {
	tests := []struct {
		name string
		body func(w *morale.World, a *morale.Agent)
		want string // in the panic; "" for none
	}{
		{"Spawn", func(w *morale.World, a *morale.Agent) { w.Spawn(1, morale.Vec2{}) }, "World.Spawn"},
		{"Remove another", func(w *morale.World, a *morale.Agent) { w.Remove(w.Agent(w.Len() - 1 - a.Index())) }, "World.Remove"},
		{"Advance", func(w *morale.World, a *morale.Agent) { w.Advance(0.1) }, "World.Advance"},
		{"Advance(0), as a paused game calls it", func(w *morale.World, a *morale.Agent) { w.Advance(0) }, "World.Advance"},
		{"Remove in a nested loop", func(w *morale.World, a *morale.Agent) {
			for b := range w.Agents() {
				w.Remove(b)
			}
		}, "World.Remove"},
		{"Remove from a listener", func(w *morale.World, a *morale.Agent) {
			w.OnStateChanged(func(b *morale.Agent, _, _ morale.State, _ morale.Reason) { w.Remove(w.Agent(w.Len() - 1)) })
			a.ForceRout()
		}, "World.Remove of an agent other than the one visited from a listener"},
		{"Spawn from a listener, reinforcements for a rout", func(w *morale.World, a *morale.Agent) {
			w.OnStateChanged(func(b *morale.Agent, _, _ morale.State, _ morale.Reason) { w.Spawn(2, morale.Vec2{}) })
			a.ForceRout()
		}, "World.Spawn from a listener"},
		{"events, rally, position, nested reading", func(w *morale.World, a *morale.Agent) {
			if err := w.ReportEventAtLocation(morale.AllyDown, a.Position(), 0, nil, 1); err != nil {
				panic(err)
			}
			a.ForceRout()
			a.Rally()
			a.SetPosition(morale.Vec2{X: 1000})
			n := 0
			for range w.Agents() {
				n++
			}
			w.Remove(nil)
		}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := rangeWorld(40)
			func() {
				defer func() {
					r := recover()
					s, _ := r.(string)
					if tt.want == "" && r != nil || tt.want != "" && !(strings.Contains(s, tt.want) && strings.Contains(s, "while ranging over World.Agents")) {
						t.Errorf("got panic %v; want %q", r, tt.want)
					}
				}()
				for a := range w.Agents() {
					tt.body(w, a)
				}
			}()
			w.Spawn(9, morale.Vec2{}) // the guard is gone after the loop
			w.Advance(1)
			w.Remove(w.Agent(0))
		})
	}
}
