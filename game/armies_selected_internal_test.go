package game

import "testing"

// TestArmiesShowTheWorldAsRead: the men's figures every view shows are
// those of the last read (FiguresAt), and the battle reads them whenever
// the World moves them: at the end of each combat round, after its
// volleys, and after each step of the World between rounds (a
// SquadUpdateInterval that is not the round's), so at every frame they
// are the World's now, and a squad's Why, summed up to now, ends at the
// read. Before, the read came before the round's volleys and at rounds
// alone: the World's morale had moved on from it in some frames of every
// second after 12 s.
func TestArmiesShowTheWorldAsRead(t *testing.T) {
	for _, tt := range []struct {
		name     string
		interval float64 // SquadUpdateInterval
	}{
		{"steps at the rounds", 0.25},
		{"steps between rounds", 0.1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.Scene = SceneArmies
			cfg.Settings.SquadUpdateInterval = tt.interval
			s, err := NewSession(cfg)
			if err != nil {
				t.Fatal(err)
			}
			a := s.b.scene.(*Armies)
			const k = 31
			if err := s.Apply(SelectSquad{ID: a.squads[k].id}); err != nil {
				t.Fatal(err)
			}
			for tick := 0; tick < 20*TPS; tick++ {
				s.Tick()
				if v, _ := a.SelectedSquadView(); v.Stats.Count != a.squads[k].alive {
					t.Fatalf("%.3f s: got Count %d; want its men alive, %d", s.Time(), v.Stats.Count, a.squads[k].alive)
				}
				for i := range a.men {
					m := &a.men[i]
					if !m.alive {
						continue
					}
					if st, mo := m.agent.State(), m.agent.Morale(); m.shownState != st || m.morale != mo {
						t.Fatalf("%.3f s: man %d: got %v, morale %v, as read at %.3f s; want the World's now, %v, %v", s.Time(), i, m.shownState, m.morale, a.FiguresAt(), st, mo)
					}
				}
			}
		})
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
