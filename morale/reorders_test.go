package morale_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// TestReorders checks World.Reorders' contract over steps that sort
// windows of men who mix: whenever the World's order changes other than by
// Spawn and Remove, the count has changed; Spawn and Remove leave it; the
// first step after a spawn at random places sorts and counts; a Clone
// starts from the count and a load adds one. A game that collects its men
// by Index when the count changes keeps them in the World's order, the
// order SetPositions reads without a handle.
func TestReorders(t *testing.T) {
	w, err := morale.NewWorld(morale.DefaultSettings(), 3)
	if err != nil {
		t.Fatal(err)
	}
	w.SetSortWindow(512)
	r := rand.New(rand.NewPCG(5, 6))
	const side = 30000.0
	men := make([]*morale.Agent, 3000)
	at := make([]morale.Vec2, len(men))
	for i := range men {
		at[i] = morale.Vec2{X: r.Float64() * side, Y: r.Float64() * side}
		men[i] = w.Spawn(morale.SquadID(i%9), at[i])
	}
	if got := w.Reorders(); got != 0 {
		t.Fatalf("Reorders() = %d after the spawns; want 0", got)
	}
	seen, changes := w.Reorders(), 0
	for step := range 60 {
		for k := range at { // men who mix: many cross into other cells
			at[k].X += r.Float64()*2000 - 1000
			at[k].Y += r.Float64()*2000 - 1000
		}
		if step%10 == 4 { // a death and a spawn: the game follows both
			k := r.IntN(len(men))
			dead, last := men[k], len(men)-1
			w.Remove(dead)
			men[k], at[k] = men[last], at[last]
			men, at = men[:last], at[:last]
			men, at = append(men, w.Spawn(2, morale.Vec2{X: 100, Y: 100})), append(at, morale.Vec2{X: 100, Y: 100})
			if got := w.Reorders(); got != seen {
				t.Fatalf("step %d: Reorders() = %d after a Remove and a Spawn; want %d", step, got, seen)
			}
		}
		if err := w.SetPositions(men, at); err != nil {
			t.Fatal(err)
		}
		w.Advance(w.Settings().SquadUpdateInterval)
		inOrder := slices.Equal(men, slices.Collect(w.Agents()))
		if now := w.Reorders(); now != seen {
			changes++
			seen = now
			place := make([]morale.Vec2, len(men))
			for k, a := range slices.Clone(men) { // collect them again, by Index
				men[a.Index()], place[a.Index()] = a, at[k]
			}
			at = place
		} else if !inOrder {
			t.Fatalf("step %d: the World's order changed but Reorders() stayed %d", step, now)
		}
		if !slices.Equal(men, slices.Collect(w.Agents())) {
			t.Fatalf("step %d: the men collected by Index are not in the World's order", step)
		}
	}
	if changes < 3 {
		t.Fatalf("Reorders() changed %d times in 60 steps of men who mix; want several sorts", changes)
	}
	c := w.Clone()
	if got, want := c.Reorders(), w.Reorders(); got != want {
		t.Errorf("a clone's Reorders() = %d; want %d, the World's", got, want)
	}
	data, err := w.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	before := c.Reorders()
	if err := c.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	if got := c.Reorders(); got == before {
		t.Errorf("Reorders() = %d after a load; want it changed from %d", got, before)
	}
}
