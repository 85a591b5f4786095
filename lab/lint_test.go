package lab_test

import (
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

func TestLintRules(t *testing.T) {
	tests := []struct {
		name string
		edit func(s *morale.Settings)
		want string // "" for no warning
	}{
		{"defaults", func(*morale.Settings) {}, ""},
		{"no hysteresis, no dwell", func(s *morale.Settings) { s.Hysteresis, s.MinimumStateSeconds = 0, 0 }, "flicker"},
		{"narrow nerves", func(s *morale.Settings) { s.NerveMin, s.NerveMax = 0.4, 0.4 }, "nerve-range"},
		{"hive contagion", func(s *morale.Settings) { s.ContagionPerSecond = 60 }, "contagion"},
		{"fast recovery", func(s *morale.Settings) { s.RecoveryPerSecond, s.RecoveryDelaySeconds = 2, 0 }, "no-routs"},
		{"routing off", func(s *morale.Settings) { s.RoutAfterSeconds = 0 }, "no-routs"},
		{"no recovery", func(s *morale.Settings) { s.RecoveryPerSecond = 0 }, "rout-forever"},
		{"heavy suppression", func(s *morale.Settings) { s.Weights[morale.Suppressed] = -0.6 }, "all-zero"},
		{"rally does not stick", func(s *morale.Settings) { s.Weights[morale.Suppressed] = -0.35 }, "rally-rebreak"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := morale.DefaultSettings()
			tt.edit(&s)
			ws := lab.Lint(s)
			found := false
			for _, w := range ws {
				if w.Rule == tt.want {
					found = true
				}
			}
			if tt.want == "" && len(ws) != 0 {
				t.Errorf("Lint = %v; want no warnings", ws)
			}
			if tt.want != "" && !found {
				t.Errorf("Lint = %v; want a %q warning", ws, tt.want)
			}
		})
	}
}

func TestLintShippedWeightsIsFast(t *testing.T) {
	s, err := morale.LoadSettings("../weights.toml")
	if err != nil {
		t.Fatal(err)
	}
	// The fastest of five calls, so that a burst of load from other jobs
	// on the machine does not fail the test.
	var ws []lab.Warning
	el := time.Hour
	for range 5 {
		start := time.Now()
		ws = lab.Lint(s)
		el = min(el, time.Since(start))
	}
	if len(ws) != 0 {
		t.Errorf("the shipped weights.toml has lint warnings: %v", ws)
	}
	// The demo calls Lint when the settings change; it must stay well under a
	// frame budget of a few frames (50 ms) even on a loaded 2-core machine.
	if el > 50*time.Millisecond {
		t.Errorf("Lint took %v; want under 50ms", el)
	}
}
