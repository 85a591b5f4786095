package game

import (
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// The scenario fight's words count in the singular for one: "1 man in 1
// squad", "a man reinforces alpha", where they said "1 men in 1 squads" and
// "1 reinforce alpha".
func TestScenarioCountsInWords(t *testing.T) {
	labels := []struct {
		ev   ScenarioEvent
		want string
	}{
		{ScenarioEvent{Do: "reinforce", Count: 1, Squad: "alpha"}, "a man reinforces alpha"},
		{ScenarioEvent{Do: "reinforce", Count: 3, Squad: "alpha"}, "3 men reinforce alpha"},
		{ScenarioEvent{Do: "death", Count: 1}, "a man dies"},
		{ScenarioEvent{Do: "death", Count: 2}, "2 men die"},
	}
	for _, tt := range labels {
		if got := newsLabel(&tt.ev); got != tt.want {
			t.Errorf("newsLabel(%+v) = %q; want %q", tt.ev, got, tt.want)
		}
	}
	fights := []struct {
		squads []int
		want   string
	}{
		{[]int{1}, "lone: 1 man in 1 squad, 0 occurrences, at 0.00 s"},
		{[]int{2, 3}, "lone: 5 men in 2 squads, 0 occurrences, at 0.00 s"},
	}
	for _, tt := range fights {
		cfg := &ScenarioConfig{Name: "lone", Duration: 10}
		for k, n := range tt.squads {
			cfg.Squads = append(cfg.Squads, ScenarioSquad{Name: string(rune('a' + k)), Size: n, Formation: "line", At: morale.Vec2{X: float64(k) * 1000}, Spacing: 100})
		}
		w, err := morale.NewWorld(morale.DefaultSettings(), 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := NewScenarioFight(cfg, w, 1).String(); got != tt.want {
			t.Errorf("squads %v: %q; want %q", tt.squads, got, tt.want)
		}
	}
}
