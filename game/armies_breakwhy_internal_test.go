package game

import (
	"testing"
	"time"

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
	// Both re-simulations end before the next test: one left running
	// allocates under another's testing.AllocsPerRun (TestRingPushDoesNotAllocate
	// read 1 allocation a push after this test under -shuffle).
	t.Cleanup(func() {
		for _, j := range []*breakWhy{first, s.bw} {
			j.stop.Store(true)
			for done := false; !done; time.Sleep(time.Millisecond) {
				j.mu.Lock()
				done = j.done
				j.mu.Unlock()
			}
		}
	})
	if !first.stop.Load() || s.bw == first {
		t.Error("the second question did not stop the first's re-simulation")
	}
}
