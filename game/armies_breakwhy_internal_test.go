package game

import (
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// Asking why another squad broke stops the re-simulation of the question
// before: cycling through broken squads runs one at a time.
func TestSquadBreakWhyStopsTheQuestionBefore(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Scene = SceneArmies
	s, err := NewSession(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var broken []morale.SquadID
	for tick := 0; tick < 120*TPS && len(broken) < 2; tick++ {
		s.Tick()
		broken = broken[:0]
		for _, q := range s.b.scene.(*Armies).squads {
			if brokenState(q.state) {
				broken = append(broken, q.id)
			}
		}
	}
	if len(broken) < 2 {
		t.Fatal("fewer than two squads broke in 120 s")
	}
	if _, st := s.SquadBreakWhy(broken[0]); st != BreakCounting {
		t.Fatalf("the first question: %v; want counting", st)
	}
	first := s.bw
	s.SquadBreakWhy(broken[1])
	if !first.stop.Load() || s.bw == first {
		t.Error("the second question did not stop the first's re-simulation")
	}
}
