package morale_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// SaveSettings over a hand-written weights file edits it as a designer would:
// only the values that change are replaced, everything else stays as written.
func TestSaveSettingsEditsAHandWrittenFile(t *testing.T) {
	const file = "# my squad's weights\r\n" +
		"RecoveryDelaySeconds=4   # tuned on the line scenario\r\n" +
		"  ShakenBelow = 6e-1\r\n" +
		"\r\n" +
		"[weights]\r\n" +
		"# the bad news first\r\n" +
		"Suppressed = -0.07 # per burst\r\n" +
		"AllyDown = -0.18\r\n" +
		"LeaderDown = -0.35\r\n" +
		"\r\n" +
		"[custom] # our own\r\n" +
		"\"Horn blown\" = 0.1\r\n" +
		"Parley = 0.05\r\n"
	for _, c := range []struct {
		name string
		edit func(s *morale.Settings)
		want string
	}{
		{"nothing changed", func(*morale.Settings) {}, file},
		{"two values", func(s *morale.Settings) {
			s.RecoveryDelaySeconds = 3.2
			s.Weights[morale.Suppressed] = -0.06
		}, strings.NewReplacer("=4   #", "=3.2   #", "= -0.07 #", "= -0.06 #").Replace(file)},
		{"a row removed", func(s *morale.Settings) { delete(s.Weights, morale.AllyDown) },
			strings.Replace(file, "AllyDown = -0.18\r\n", "", 1)},
		{"a custom row added", func(s *morale.Settings) { s.Weights["Flare"] = 0.05 },
			file + "Flare = 0.05\r\n"},
		{"a built-in row added", func(s *morale.Settings) { s.Weights[morale.Rest] = 0.02 },
			strings.Replace(file, "LeaderDown = -0.35\r\n", "LeaderDown = -0.35\r\nRest = 0.02 # Out of the fight for a moment.\r\n", 1)},
		{"a custom row removed", func(s *morale.Settings) { delete(s.Weights, "Horn blown") },
			strings.Replace(file, "\"Horn blown\" = 0.1\r\n", "", 1)},
		{"a custom row changed", func(s *morale.Settings) { s.Weights["Parley"] = 0.5 },
			strings.Replace(file, "Parley = 0.05", "Parley = 0.5", 1)},
		{"a setting the file lacks", func(s *morale.Settings) { s.Hysteresis = 0.2 },
			strings.Replace(file, "[weights]\r\n", "# added to both thresholds on the way up; zero makes states flicker\r\nHysteresis = 0.2\r\n\r\n[weights]\r\n", 1)},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "weights.toml")
			if err := os.WriteFile(p, []byte(file), 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := morale.LoadSettings(p)
			if err != nil {
				t.Fatal(err)
			}
			c.edit(&s)
			if err := morale.SaveSettings(p, s); err != nil {
				t.Fatalf("SaveSettings: %v", err)
			}
			got, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Errorf("saved:\n%s\nwant:\n%s", got, c.want)
			}
			if back, err := morale.LoadSettings(p); err != nil || !settingsEqual(back, s) {
				t.Errorf("LoadSettings of the saved file: got %+v, %v; want the settings saved", back, err)
			}
		})
	}
}

// A file without a [custom] table gets one at its end for the game's own
// events, every other line kept (issue 31).
func TestSaveSettingsAddsTheCustomTable(t *testing.T) {
	for _, c := range []struct{ name, file, want string }{
		{"after [weights]", "ShakenBelow = 0.5\n[weights]\nRest = 0.03 # mine\n",
			"ShakenBelow = 0.5\n[weights]\nRest = 0.03 # mine\n\n[custom]\nFlare = 0.05\n"},
		{"no table at all", "RoutAfterSeconds = 3 # mine",
			"RoutAfterSeconds = 3 # mine\n\n[custom]\nFlare = 0.05\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "weights.toml")
			if err := os.WriteFile(p, []byte(c.file), 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := morale.LoadSettings(p)
			if err != nil {
				t.Fatal(err)
			}
			s.Weights["Flare"] = 0.05
			if err := morale.SaveSettings(p, s); err != nil {
				t.Fatal(err)
			}
			if got, _ := os.ReadFile(p); string(got) != c.want {
				t.Errorf("saved:\n%s\nwant:\n%s", got, c.want)
			}
			if back, err := morale.LoadSettings(p); err != nil || !settingsEqual(back, s) {
				t.Errorf("LoadSettings of the saved file: got %v, %v; want the settings saved", back.Weights, err)
			}
		})
	}
}

// A file without a [weights] table keeps the default table by leaving it
// out; settings with other weights are written afresh, comments kept.
func TestSaveSettingsAddsTheWeightsTable(t *testing.T) {
	p := filepath.Join(t.TempDir(), "weights.toml")
	if err := os.WriteFile(p, []byte("RoutAfterSeconds = 3 # mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := morale.LoadSettings(p)
	if err != nil {
		t.Fatal(err)
	}
	s.Weights[morale.Suppressed] = -0.01
	if err := morale.SaveSettings(p, s); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	if !strings.Contains(string(got), "# mine\nRoutAfterSeconds = 3.0\n") || !strings.Contains(string(got), "\n[weights]\n") {
		t.Errorf("saved:\n%s\nwant a fresh file with the comment kept and a [weights] table", got)
	}
	if back, err := morale.LoadSettings(p); err != nil || !settingsEqual(back, s) {
		t.Errorf("LoadSettings of the saved file: %v", err)
	}
}

// A weights file from a Windows editor is edited in place as any other: a
// byte order mark made the edit fail (the first line's key did not read, or
// a setting added above the first table went in front of the mark), so the
// whole file was written afresh, the designer's lines and mark lost; and the
// lines added to a CRLF file ended in LF, mixing the two. The mark now stays
// in front and added lines end as the file's first line does.
func TestSaveSettingsKeepsAWindowsFile(t *testing.T) {
	const bom = "\xef\xbb\xbf"
	tests := []struct {
		name, file string
		edit       func(s *morale.Settings)
		want       string
	}{
		{"a mark before the changed key", bom + "ShakenBelow = 0.5 # mine\n",
			func(s *morale.Settings) { s.ShakenBelow = 0.55 },
			bom + "ShakenBelow = 0.55 # mine\n"},
		{"a mark before a table, a setting added", bom + "[weights]\nAllyDown = -0.3\n",
			func(s *morale.Settings) { s.Hysteresis = 0.2 },
			bom + "# added to both thresholds on the way up; zero makes states flicker\nHysteresis = 0.2\n\n[weights]\nAllyDown = -0.3\n"},
		{"CRLF, a custom table added", "ShakenBelow = 0.5\r\n",
			func(s *morale.Settings) { s.Weights["Flare"] = 0.05 },
			"ShakenBelow = 0.5\r\n\r\n[custom]\r\nFlare = 0.05\r\n"},
		{"CRLF without a last line break, a setting added", "# mine\r\nShakenBelow = 0.5",
			func(s *morale.Settings) { s.Hysteresis = 0.2 },
			"# mine\r\nShakenBelow = 0.5\r\n\r\n# added to both thresholds on the way up; zero makes states flicker\r\nHysteresis = 0.2\r\n"},
		{"a mark and CRLF, a row added", bom + "[weights]\r\nAllyDown = -0.3\r\n",
			func(s *morale.Settings) { s.Weights[morale.Rest] = 0.02 },
			bom + "[weights]\r\nAllyDown = -0.3\r\nRest = 0.02 # Out of the fight for a moment.\r\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "weights.toml")
			if err := os.WriteFile(p, []byte(tt.file), 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := morale.LoadSettings(p)
			if err != nil {
				t.Fatal(err)
			}
			tt.edit(&s)
			if err := morale.SaveSettings(p, s); err != nil {
				t.Fatalf("SaveSettings: %v", err)
			}
			got, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("saved %q; want %q", got, tt.want)
			}
			if back, err := morale.LoadSettings(p); err != nil || !settingsEqual(back, s) {
				t.Errorf("LoadSettings of the saved file: got %+v, %v; want the settings saved", back, err)
			}
		})
	}
}
