package game_test

import (
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// A what-if's banner names the settings it changed with four figures and no
// exponent: %.4g wrote "NoEffectRadius 1.2e+04" for a reach of 120 m and
// "AllyDown −1e-05" for a weight nudged to nothing.
func TestWhatIfSettingsHaveNoExponent(t *testing.T) {
	tests := []struct {
		name string
		edit func(*morale.Settings)
		want string
	}{
		{"a wide reach", func(s *morale.Settings) { s.NoEffectRadius = 12000 }, "NoEffectRadius 12000"},
		{"a long dwell", func(s *morale.Settings) { s.MinimumStateSeconds = 86400 }, "MinimumStateSeconds 86400"},
		{"a tiny weight", func(s *morale.Settings) { s.Weights[morale.AllyDown] = -0.00001 }, "AllyDown −0.00001"},
		{"a weight with many figures", func(s *morale.Settings) { s.Weights[morale.AllyDown] = -0.123456 }, "AllyDown −0.1235"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, game.DefaultConfig())
			runUntil(g, 8)
			g.Rewind().To(4 * game.SubTicksPerSecond)
			s := g.Settings().Clone()
			tt.edit(&s)
			apply(t, g, game.SetSettings{Settings: s})
			if err := g.Rewind().Resume(); err != nil {
				t.Fatal(err)
			}
			runUntil(g, 9)
			w, ok := g.Rewind().WhatIf()
			if !ok || w.Settings != tt.want {
				t.Errorf("WhatIf().Settings: got %q (a what-if: %v); want %q", w.Settings, ok, tt.want)
			}
		})
	}
}

// A scenario's numbers in the battle's log and news read without an
// exponent: its duration ("0.00005 s", not "5e-05 s") and an event's scale
// ("Suppressed ×1000000", not "×1e+06").
func TestScenarioLogHasNoExponent(t *testing.T) {
	tests := []struct {
		name     string
		duration float64
		scale    float64
		want     []string
	}{
		{"a blink of a fight, a huge shell", 0.00005, 1e6, []string{"1 man in 1 squad, 0.00005 s.", "Suppressed ×1000000 → a.", "The scenario's 0.00005 s are over"}},
		{"a day, a whisper", 86400, 0.00001, []string{"1 man in 1 squad, 86400 s.", "Suppressed ×0.00001 → a."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := &game.ScenarioConfig{
				Name: "n", Duration: tt.duration,
				Squads: []game.ScenarioSquad{{Name: "a", Size: 1, Formation: "line", At: morale.Vec2{X: 1000, Y: 1000}, Spacing: 100, Morale: 1}},
				Events: []game.ScenarioEvent{{T: 0, Do: "event", Event: morale.Suppressed, Squad: "a", Scale: tt.scale, Count: 1}},
			}
			g := newGame(t, game.Config{Scene: game.SceneScenario, Scenario: cfg, Seed: 1})
			runUntil(g, 1)
			log := strings.Join(g.Battle().Log(), "\n")
			for _, w := range tt.want {
				if !strings.Contains(log, w) {
					t.Errorf("the log: got\n%s\nwant a line with %q", log, w)
				}
			}
			if strings.Contains(log, "e+") || strings.Contains(log, "e-0") {
				t.Errorf("the log: got\n%s\nwant no exponent", log)
			}
		})
	}
}

// A scenario's refusal says the number it refuses as given, without an
// exponent: a duration of a million seconds read "duration 1e+06", a nerve
// range "[0.1 2e+06]", and the spacing's bound "(0..1e7)".
func TestScenarioErrorsHaveNoExponent(t *testing.T) {
	valid := func() *game.ScenarioConfig {
		return &game.ScenarioConfig{
			Name: "n", Duration: 60,
			Squads: []game.ScenarioSquad{{Name: "a", Size: 2, Formation: "line", At: morale.Vec2{X: 1000, Y: 1000}, Spacing: 100, Morale: 1}},
			Events: []game.ScenarioEvent{{T: 0.00001, Do: "event", Event: morale.Suppressed, Squad: "a", Scale: 1, Count: 1}},
		}
	}
	tests := []struct {
		name string
		edit func(*game.ScenarioConfig)
		want string
	}{
		{"a duration of a million seconds", func(c *game.ScenarioConfig) { c.Duration = 1e6 }, "duration 1000000; want (0, 86400] seconds"},
		{"a nerve of a million", func(c *game.ScenarioConfig) { c.Squads[0].Nerves = []float64{1e6} }, "nerve 1000000; want 0..1"},
		{"a nerve just over 1", func(c *game.ScenarioConfig) { c.Squads[0].Nerves = []float64{1.00001} }, "nerve 1.00001; want 0..1"},
		{"a nerve range to two million", func(c *game.ScenarioConfig) { c.Squads[0].NerveRange = &[2]float64{0.1, 2e6} }, "nerve range [0.1, 2000000]; want"},
		{"a spacing of 100 km and more", func(c *game.ScenarioConfig) { c.Squads[0].Spacing = 2e7 }, "spacing (0..10000000)"},
		{"an event after the end", func(c *game.ScenarioConfig) { c.Events[0].T = 1e6 }, "event 1 (\"event\" at 1000000 s): t 1000000; want 0..the duration 60"},
		{"an event at once, badly", func(c *game.ScenarioConfig) { c.Events[0].Do = "dance" }, "event 1 (\"dance\" at 0.00001 s)"},
		// A value of more than six figures is said exactly, never rounded
		// to one that reads valid (the reviewer's "duration 86400; want
		// (0, 86400]").
		{"a duration a tenth of a microsecond too long", func(c *game.ScenarioConfig) { c.Duration = 86400.0000001 }, "duration 86400.0000001; want (0, 86400] seconds"},
		{"a nerve a tenth of a millionth over 1", func(c *game.ScenarioConfig) { c.Squads[0].Nerves = []float64{1.0000001} }, "nerve 1.0000001; want 0..1"},
		{"a nerve a ten-billionth below 0", func(c *game.ScenarioConfig) { c.Squads[0].Nerves = []float64{-1e-10} }, "nerve -0.0000000001; want 0..1"},
		{"an event a moment after the end", func(c *game.ScenarioConfig) { c.Events[0].T = 60.0000001 }, "t 60.0000001; want 0..the duration 60"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := valid()
			tt.edit(c)
			err := c.Validate()
			if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "e+") || strings.Contains(err.Error(), "e-0") || strings.Contains(err.Error(), "1e7") {
				t.Errorf("Validate: got %v; want %q, no exponent", err, tt.want)
			}
		})
	}
}
