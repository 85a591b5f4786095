package game_test

import (
	"testing"

	"github.com/moralebreak/moralebreak/game"
)

// Every state change on the timeline has its reason: the History and the
// ledger agree on its time. The opening's scripted rally at 14 s acts
// before the World's step of its sub-tick, so the ledger had it at
// 13.9958 s and the History at 14 s, and the tooltip showed no reason
// ("Chen: Shaken → Steady at 14.00 s"; designer's QA sweep).
func TestHistoryChangesHaveTheirReasons(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cfg   func() game.Config
		until float64
	}{
		{"the opening, through its rally", game.DefaultConfig, 22},
		{"a lab fight, through its rout and rally", func() game.Config {
			return game.Config{Scene: game.SceneScenario, Scenario: testScenario(), Seed: 3}
		}, 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := game.NewSession(tc.cfg())
			if err != nil {
				t.Fatal(err)
			}
			for s.Time() < tc.until {
				s.Tick()
			}
			b := s.Battle()
			n := 0
			for _, c := range b.History().Changes() {
				n++
				x, ok := b.Why(c.ID)
				if !ok {
					continue // a man the ledger never saw
				}
				if _, ok := game.StateReason(x, c); !ok {
					t.Errorf("got no reason for soldier %d's %v → %v at %v; want the ledger's (its changes: %+v)", c.ID, c.From, c.To, c.T, x.States)
				}
			}
			if n == 0 {
				t.Fatal("no state changes; want the opening's")
			}
		})
	}
}
