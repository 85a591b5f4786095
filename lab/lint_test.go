package lab_test

import (
	"strings"
	"testing"

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
		{"shaken band narrower than the hysteresis", func(s *morale.Settings) { s.PanicBelow = s.ShakenBelow - s.Hysteresis + 0.01 }, "shaken-band"},
		{"shaken band as wide as the hysteresis", func(s *morale.Settings) { s.PanicBelow = s.ShakenBelow - s.Hysteresis }, ""},
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

// The shipped weights.toml lints clean. How long Lint takes (the demo calls
// it when the settings change) is BenchmarkLint's to say, not a test's: a
// timed test fails on a loaded machine and proves nothing on an idle one.
func TestLintShippedWeightsIsClean(t *testing.T) {
	s, err := morale.LoadSettings("../weights.toml")
	if err != nil {
		t.Fatal(err)
	}
	if ws := lab.Lint(s); len(ws) != 0 {
		t.Errorf("the shipped weights.toml has lint warnings: %v", ws)
	}
}

// Lint says a setting back as the designer wrote it, with no exponent:
// "RoutAfterSeconds (1.2e+02)", "RecoveryPerSecond 1e-05" and
// "ContagionPerSecond 1e+03" were what %.2g and %.3g wrote.
func TestLintSaysSettingsPlain(t *testing.T) {
	tests := []struct {
		name string
		edit func(s *morale.Settings)
		rule string
		want string
	}{
		{"routing after two minutes", func(s *morale.Settings) { s.RecoveryPerSecond, s.RecoveryDelaySeconds, s.RoutAfterSeconds = 2, 0, 120 }, "no-routs", "recovery (2/s after 0 s) outpaces the bad news, or RoutAfterSeconds (120) is off"},
		{"a trickle of recovery", func(s *morale.Settings) { s.RecoveryPerSecond = 0.00001 }, "rout-forever", "(RecoveryPerSecond 0.00001, "},
		{"a hive's contagion", func(s *morale.Settings) { s.ContagionPerSecond = 1000 }, "contagion", "with ContagionPerSecond 1000 a squad"},
		{"panic at almost zero", func(s *morale.Settings) { s.ShakenBelow, s.PanicBelow = 0.1, 0.00001 }, "shaken-band", "ShakenBelow 0.1 − PanicBelow 0.00001 = 0.1 is narrower than Hysteresis 0.15"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := morale.DefaultSettings()
			tt.edit(&s)
			var got []string
			for _, w := range lab.Lint(s) {
				if w.Rule == tt.rule {
					got = append(got, w.Message)
				}
			}
			if len(got) != 1 || !strings.Contains(got[0], tt.want) {
				t.Errorf("Lint's %q warnings = %q; want one saying %q", tt.rule, got, tt.want)
			}
		})
	}
}
