package game_test

import (
	"reflect"
	"testing"

	"github.com/moralebreak/moralebreak/game"
)

func TestSameSeedSameBattle(t *testing.T) {
	a := run(t, game.DefaultConfig(), 1, 45)
	b := run(t, game.DefaultConfig(), 1, 45)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two runs with seed 1 differ; want identical")
	}
	cfg := game.DefaultConfig()
	cfg.Seed = 2
	if c := run(t, cfg, 1, 45); reflect.DeepEqual(a, c) {
		t.Error("seeds 1 and 2 gave identical battles; want the seed to matter")
	}
}

func TestSpeedsAreDeterministic(t *testing.T) {
	want := run(t, game.DefaultConfig(), 1, 30)
	for _, speed := range []float64{0.25, 4, 2} {
		if got := run(t, game.DefaultConfig(), speed, 30); !reflect.DeepEqual(got, want) {
			t.Errorf("speed ×%v: battle differs from ×1; want identical", speed)
		}
	}
}

// BenchmarkUpdate500 measures one Tick (1/60 s at ×1) of a 500-soldier
// squad against the enemy line, from 10 s on (a fresh battle every game
// minute), and reports combat-% as BenchmarkArmiesTick does.
func BenchmarkUpdate500(b *testing.B) {
	cfg := game.DefaultConfig()
	cfg.Soldiers = 500
	cfg.Opening = false
	g := newGame(b, cfg)
	runUntil(g, 10) // into the fight
	b.ReportAllocs()
	b.ResetTimer()
	var combat combatShare // once a game second, untimed
	for i := 0; i < b.N; i++ {
		if i%game.TPS == 0 {
			b.StopTimer()
			combat.sample(b, g)
			b.StartTimer()
		}
		if i%(60*game.TPS) == 0 && i > 0 { // a fresh battle every simulated minute
			b.StopTimer()
			apply(b, g, game.Restart{})
			runUntil(g, 10)
			b.StartTimer()
		}
		g.Tick()
	}
	b.ReportMetric(combat.median(), "combat-%")
}
