package game

import "testing"

// TestArmiesShowTheLastRound: the squads' and men's figures every view
// shows are those of the last combat round, held between rounds (the
// Why panel's refresh keys on them: a figure of now would change every
// frame and rebuild it, 10 ms a time); a man who falls leaves them at
// once. Between rounds the World's figures move on, so the moment chosen
// matters: they differ in some frames of the first 20 s.
func TestArmiesShowTheLastRound(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Scene = SceneArmies
	s, err := NewSession(cfg)
	if err != nil {
		t.Fatal(err)
	}
	a := s.b.scene.(*Armies)
	const k = 31
	id := a.squads[k].id
	if err := s.Apply(SelectSquad{ID: id}); err != nil {
		t.Fatal(err)
	}
	last, _ := a.SelectedSquadView()
	differ := 0
	for tick := 0; tick < 20*TPS; tick++ {
		round := a.FiguresAt()
		s.Tick()
		v, _ := a.SelectedSquadView()
		if a.FiguresAt() == round && v.Stats != last.Stats {
			t.Fatalf("%.3f s: got Stats %+v between rounds (last at %.2f s); want those of the round, %+v", s.Time(), v.Stats, round, last.Stats)
		}
		if v.Stats.Count != a.squads[k].alive {
			t.Fatalf("%.3f s: got Count %d; want its men alive, %d", s.Time(), v.Stats.Count, a.squads[k].alive)
		}
		if now, _ := a.b.world.SquadStats(id); now.Average != v.Stats.Average {
			differ++
		}
		last = v
	}
	if differ == 0 {
		t.Error("the round's figures equalled the World's now in every frame; want the test to see them differ")
	}
}

// BenchmarkArmiesTally is what the views' figures add to a combat round
// of the armies (10,000 men, 100 squads, from 16 s: the front lines
// breaking): every squad's shown figures counted from its men's, as
// armyRound does every ArmyCombatInterval (every 15 Ticks at ×1; a kill
// counts its squad's hundred again). BenchmarkArmiesTick times it within
// the whole Tick.
func BenchmarkArmiesTally(b *testing.B) {
	cfg := DefaultConfig()
	cfg.Scene = SceneArmies
	s, err := NewSession(cfg)
	if err != nil {
		b.Fatal(err)
	}
	for range 16 * TPS {
		s.Tick()
	}
	a := s.b.scene.(*Armies)
	for b.Loop() {
		for i := range a.squads {
			a.tally(i)
		}
	}
}
