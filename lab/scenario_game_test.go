package lab_test

import (
	"math"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

// The lab's run of a scenario and the demo's scenario scene play the same
// fight, bit for bit: for several shipped scenarios and seeds, the fight's
// digest at the end of the scenario is the scene's, and the metrics the lab
// measures are those the scene's state changes and soldiers show (times to
// the scene's sub-tick, 1/240 s, the clock its state changes are stamped
// with).
func TestRunIsTheDemoScenarioScene(t *testing.T) {
	for _, name := range []string{"opening", "sergeant", "line", "platoon"} {
		sc, err := lab.LoadScenario("../scenarios/" + name + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 3; i++ {
			seed := lab.RunSeed(1, i)
			res, fight, err := lab.RunFight(sc, sc.Settings, seed)
			if err != nil {
				t.Fatal(err)
			}
			s, err := game.NewSession(game.Config{Scene: game.SceneScenario, Scenario: sc.GameConfig(), Seed: seed, Settings: sc.Settings})
			if err != nil {
				t.Fatal(err)
			}
			for s.Time() < sc.Duration-1e-9 {
				s.Tick()
			}
			if s.Time() != sc.Duration {
				t.Fatalf("%s: the scene stopped at %v s; want %v (a whole number of ticks)", name, s.Time(), sc.Duration)
			}
			scene := s.Scene().(*game.Scenario)
			if got, want := scene.FightDigest(), fight.Digest(); got != want {
				t.Errorf("%s run %d: the scene's fight digest is %s; the lab's %s", name, i, got, want)
			}
			checkMetrics(t, name, i, res, s, scene)
		}
	}
}

// checkMetrics compares the lab's metrics of one run with what the scene
// shows: its state changes (Session.Events) and its soldiers.
func checkMetrics(t *testing.T, name string, i int, res lab.RunResult, s *game.Session, scene *game.Scenario) {
	t.Helper()
	first := map[morale.State]float64{}
	routed, broke := map[int]bool{}, map[int]bool{}
	for _, e := range s.Events() {
		if _, ok := first[e.To]; !ok {
			first[e.To] = e.T
		}
		if e.To == morale.Routed {
			routed[e.ID] = true
		}
		if e.To.IsBroken() {
			broke[e.ID] = true
		}
	}
	soldiers := scene.Soldiers()
	dead := 0
	for _, v := range soldiers {
		if !v.Alive {
			dead++
		}
	}
	eq := func(metric string, lab *float64, st morale.State) {
		t.Helper()
		got, ok := first[st]
		switch {
		case lab == nil && ok:
			t.Errorf("%s run %d: %s never happened in the lab; the scene has it at %v s", name, i, metric, got)
		case lab != nil && !ok:
			t.Errorf("%s run %d: %s at %v s in the lab; never in the scene", name, i, metric, *lab)
		case lab != nil && (got < *lab-1e-9 || got > *lab+1.0/game.SubTicksPerSecond+1e-9):
			t.Errorf("%s run %d: %s at %v s in the scene; the lab's %v s (to the sub-tick)", name, i, metric, got, *lab)
		}
	}
	eq("first_shaken_s", res.FirstShaken, morale.Shaken)
	eq("first_panicked_s", res.FirstPanicked, morale.Panicked)
	eq("first_rout_s", res.FirstRouted, morale.Routed)
	if len(routed) != res.Routed || len(broke) != res.Broke || dead != res.Deaths || len(soldiers) != res.Agents {
		t.Errorf("%s run %d: the scene has %d routed, %d broken, %d dead of %d; the lab %d, %d, %d of %d",
			name, i, len(routed), len(broke), dead, len(soldiers), res.Routed, res.Broke, res.Deaths, res.Agents)
	}
	if res.FirstRouted != nil && math.IsNaN(*res.FirstRouted) {
		t.Errorf("%s run %d: first rout is NaN", name, i)
	}
}
