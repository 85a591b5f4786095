package game

import "testing"

// TestSelectedSquadViewIsItsMenNow: the selected squad's view, which the
// panel's line and the field's inset both show, holds its men's morale now
// (as its Why panel counts it) and the state most of them are in now,
// every frame of the first 20 s; the squads' views hold the last combat
// round's, which differ in some of those frames (the inset's title read
// "14 of 100 broken" from them beside the line's count of now).
func TestSelectedSquadViewIsItsMenNow(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Scene = SceneArmies
	s, err := NewSession(cfg)
	if err != nil {
		t.Fatal(err)
	}
	a := s.b.scene.(*Armies)
	id := a.squads[31].id
	if err := s.Apply(SelectSquad{ID: id}); err != nil {
		t.Fatal(err)
	}
	stale := 0
	for tick := 0; tick < 20*TPS; tick++ {
		s.Tick()
		v, ok := a.SelectedSquadView()
		now, alive := a.b.world.SquadStats(id)
		if !ok || !alive {
			t.Fatalf("tick %d: SelectedSquadView ok %v, squad alive %v; want both", tick, ok, alive)
		}
		if v.ID != id || v.Stats != now || v.State != squadState(now) {
			t.Fatalf("tick %d: got squad %d, %+v, %v; want squad %d, %+v, %v", tick, v.ID, v.Stats, v.State, id, now, squadState(now))
		}
		if round := a.squadView(v.Index); round.Stats != now {
			stale++
		}
	}
	if stale == 0 {
		t.Error("the round's stats equalled the men's now in every frame; want the test to see them differ")
	}
}
