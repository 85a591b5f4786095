package morale_test

import (
	"errors"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/moralebreak/moralebreak/morale"
)

// settingsEqual compares every numeric field, the weights and the row order.
func settingsEqual(a, b morale.Settings) bool {
	for _, p := range morale.Params() {
		if p.Get(a) != p.Get(b) {
			return false
		}
	}
	return maps.Equal(a.Weights, b.Weights) && slices.Equal(a.Events(), b.Events())
}

func TestDefaultSettings(t *testing.T) {
	s := morale.DefaultSettings()
	fields := map[string]float64{
		"ShakenBelow": 0.60, "PanicBelow": 0.25, "Hysteresis": 0.15, "MinimumStateSeconds": 0.75,
		"RoutAfterSeconds": 3.5, "MinRoutSeconds": 6.0, "ContagionPerSecond": 0.5, "SquadUpdateInterval": 0.25,
		"RecoveryPerSecond": 0.06, "RecoveryDelaySeconds": 4.0, "FullEffectRadius": 600, "NoEffectRadius": 3000,
		"NerveMin": 0.1, "NerveMax": 0.7,
	}
	got := map[string]float64{}
	for _, p := range morale.Params() {
		got[p.Name] = p.Get(s)
	}
	if !maps.Equal(got, fields) {
		t.Errorf("DefaultSettings fields = %v; want %v", got, fields)
	}
	weights := map[morale.Event]float64{
		morale.AllyDown: -0.18, morale.LeaderDown: -0.45, morale.TookDamage: -0.10, morale.Suppressed: -0.07,
		morale.Outnumbered: -0.05, morale.LowHealth: -0.15, morale.EnemyDown: 0.08,
		morale.ReinforcementsArrived: 0.25, morale.LeaderNearby: 0.04, morale.Rest: 0.03,
	}
	if !maps.Equal(s.Weights, weights) {
		t.Errorf("DefaultSettings weights = %v; want %v", s.Weights, weights)
	}
	order := []morale.Event{morale.AllyDown, morale.LeaderDown, morale.TookDamage, morale.Suppressed, morale.Outnumbered,
		morale.LowHealth, morale.EnemyDown, morale.ReinforcementsArrived, morale.LeaderNearby, morale.Rest}
	if !slices.Equal(s.Events(), order) {
		t.Errorf("DefaultSettings rows = %v; want the design's order %v", s.Events(), order)
	}
	if err := s.Validate(); err != nil {
		t.Errorf("DefaultSettings().Validate() = %v; want nil", err)
	}
	// Each call is a fresh table.
	s.Weights[morale.AllyDown] = 0
	if morale.DefaultSettings().Weights[morale.AllyDown] != -0.18 {
		t.Errorf("changing one DefaultSettings changed the next")
	}
}

func TestValidateNamesTheField(t *testing.T) {
	nan := func() float64 { v := 0.0; return v / v }()
	tests := []struct {
		field string
		mod   func(*morale.Settings)
	}{
		{"ShakenBelow", func(s *morale.Settings) { s.ShakenBelow = 1.5 }},
		{"PanicBelow", func(s *morale.Settings) { s.PanicBelow = -0.1 }},
		{"PanicBelow", func(s *morale.Settings) { s.PanicBelow = 0.6 }}, // not below ShakenBelow
		{"Hysteresis", func(s *morale.Settings) { s.Hysteresis = -0.01 }},
		{"Hysteresis", func(s *morale.Settings) { s.Hysteresis = 0.5 }}, // 0.6+0.5 > 1: nobody Steady again
		{"MinimumStateSeconds", func(s *morale.Settings) { s.MinimumStateSeconds = -1 }},
		{"RoutAfterSeconds", func(s *morale.Settings) { s.RoutAfterSeconds = -1 }},
		{"MinRoutSeconds", func(s *morale.Settings) { s.MinRoutSeconds = -1 }},
		{"ContagionPerSecond", func(s *morale.Settings) { s.ContagionPerSecond = -0.5 }},
		{"SquadUpdateInterval", func(s *morale.Settings) { s.SquadUpdateInterval = 0 }},
		{"SquadUpdateInterval", func(s *morale.Settings) { s.SquadUpdateInterval = -0.25 }},
		{"RecoveryPerSecond", func(s *morale.Settings) { s.RecoveryPerSecond = -0.06 }},
		{"RecoveryDelaySeconds", func(s *morale.Settings) { s.RecoveryDelaySeconds = -4 }},
		{"FullEffectRadius", func(s *morale.Settings) { s.FullEffectRadius = -600 }},
		{"NoEffectRadius", func(s *morale.Settings) { s.NoEffectRadius = 0 }},
		{"NoEffectRadius", func(s *morale.Settings) { s.NoEffectRadius = 500 }}, // below FullEffectRadius
		{"NerveMin", func(s *morale.Settings) { s.NerveMin = -0.1 }},
		{"NerveMax", func(s *morale.Settings) { s.NerveMax = 1.1 }},
		{"NerveMin", func(s *morale.Settings) { s.NerveMin, s.NerveMax = 0.8, 0.2 }},
		{"ContagionPerSecond", func(s *morale.Settings) { s.ContagionPerSecond = nan }},
		{"RecoveryPerSecond", func(s *morale.Settings) { s.RecoveryPerSecond = 1 / (nan * 0) }},
		{"AllyDown", func(s *morale.Settings) { s.Weights[morale.AllyDown] = nan }},
		// Bounds (issue 7, item 1): a time beyond a day breaks the clock.
		{"SquadUpdateInterval", func(s *morale.Settings) { s.SquadUpdateInterval = 1e12 }},
		{"SquadUpdateInterval", func(s *morale.Settings) { s.SquadUpdateInterval = morale.MaxSeconds + 1 }},
		{"SquadUpdateInterval", func(s *morale.Settings) { s.SquadUpdateInterval = 0.0009 }},
		{"MinimumStateSeconds", func(s *morale.Settings) { s.MinimumStateSeconds = 1.4e10 }},
		{"RoutAfterSeconds", func(s *morale.Settings) { s.RoutAfterSeconds = morale.MaxSeconds * 2 }},
		{"MinRoutSeconds", func(s *morale.Settings) { s.MinRoutSeconds = 1e300 }},
		{"RecoveryDelaySeconds", func(s *morale.Settings) { s.RecoveryDelaySeconds = 1.4e10 }},
		{"ContagionPerSecond", func(s *morale.Settings) { s.ContagionPerSecond = morale.MaxPerSecond * 1.5 }},
		{"RecoveryPerSecond", func(s *morale.Settings) { s.RecoveryPerSecond = 1e9 }},
		{"NoEffectRadius", func(s *morale.Settings) { s.FullEffectRadius, s.NoEffectRadius = 0, 0.5 }},
		{"NoEffectRadius", func(s *morale.Settings) { s.NoEffectRadius = 2e7 }},
		{"AllyDown", func(s *morale.Settings) { s.Weights[morale.AllyDown] = -1e308 }},
		{"Rum", func(s *morale.Settings) { s.Weights["Rum"] = morale.MaxWeight + 1 }},
		{"Weights", func(s *morale.Settings) { s.Weights[""] = 0.1 }},
		{"Weights.", func(s *morale.Settings) { s.Weights["bad\xff"] = 0.1 }},
		{"Weights.xxxx", func(s *morale.Settings) {
			s.Weights[morale.Event(strings.Repeat("x", morale.MaxEventNameBytes+1))] = 0.1
		}},
	}
	for _, tt := range tests {
		s := morale.DefaultSettings()
		tt.mod(&s)
		err := s.Validate()
		if err == nil {
			t.Errorf("%s: Validate() = nil; want an error", tt.field)
			continue
		}
		if !strings.Contains(err.Error(), tt.field) {
			t.Errorf("Validate() = %q; want it to name %s", err, tt.field)
		}
		if _, werr := morale.NewWorld(s, 1); werr == nil {
			t.Errorf("%s: NewWorld accepted settings that do not validate", tt.field)
		}
	}
	// Values on the edges are fine.
	s := morale.DefaultSettings()
	s.Hysteresis, s.RoutAfterSeconds, s.ContagionPerSecond, s.MinimumStateSeconds = 0.4, 0, 0, 0
	s.NerveMin, s.NerveMax = 0.5, 0.5
	s.Weights = nil
	if err := s.Validate(); err != nil {
		t.Errorf("edge values: Validate() = %v; want nil", err)
	}
	// The bounds themselves are fine.
	s = morale.DefaultSettings()
	s.MinimumStateSeconds, s.RoutAfterSeconds, s.MinRoutSeconds, s.RecoveryDelaySeconds = morale.MaxSeconds, morale.MaxSeconds, morale.MaxSeconds, morale.MaxSeconds
	s.SquadUpdateInterval = morale.MinSquadUpdateInterval
	s.ContagionPerSecond, s.RecoveryPerSecond = morale.MaxPerSecond, morale.MaxPerSecond
	s.FullEffectRadius, s.NoEffectRadius = morale.MaxRadius, morale.MaxRadius
	s.Weights = map[morale.Event]float64{"Up": morale.MaxWeight, "Down": -morale.MaxWeight, morale.Event(strings.Repeat("é", morale.MaxEventNameBytes/2)): 0}
	if err := s.Validate(); err != nil {
		t.Errorf("values on the bounds: Validate() = %v; want nil", err)
	}
	s.SquadUpdateInterval = morale.MaxSeconds
	s.FullEffectRadius, s.NoEffectRadius = 0, morale.MinNoEffectRadius
	if err := s.Validate(); err != nil {
		t.Errorf("values on the other bounds: Validate() = %v; want nil", err)
	}
}

// A weights.toml with a time beyond a day is refused with its line, so the
// running demo that watches the file keeps its last good settings.
func TestReadSettingsBounds(t *testing.T) {
	for _, text := range []string{
		"ShakenBelow = 0.6\nSquadUpdateInterval = 1e12\n",
		"ShakenBelow = 0.6\nRecoveryDelaySeconds = 1.4e10\n",
		"ShakenBelow = 0.6\nNoEffectRadius = 0.1\n",
		"[weights]\nAllyDown = -1e308\n",
	} {
		_, err := morale.ReadSettings(strings.NewReader(text))
		if err == nil || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("ReadSettings(%q) = %v; want an error on line 2", text, err)
		}
	}
}

func writeFile(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "weights.toml")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSettingsRoundTrip(t *testing.T) {
	custom := morale.DefaultSettings()
	custom.ShakenBelow, custom.PanicBelow, custom.Hysteresis = 0.55, 0.2, 0.1
	custom.SquadUpdateInterval = 0.1
	custom.RoutAfterSeconds = 0
	custom.NoEffectRadius = 2999.5
	custom.RecoveryPerSecond = 1.0 / 30 // needs every digit
	delete(custom.Weights, morale.Rest)
	custom.Weights["Artillery"] = -0.3
	custom.Weights["Bagpipes"] = 0.12
	custom.Weights["Rum Ration"] = 0.05 // a name that needs quotes
	for _, s := range []morale.Settings{morale.DefaultSettings(), custom} {
		p := filepath.Join(t.TempDir(), "weights.toml")
		if err := morale.SaveSettings(p, s); err != nil {
			t.Fatalf("SaveSettings: %v", err)
		}
		got, err := morale.LoadSettings(p)
		if err != nil {
			data, _ := os.ReadFile(p)
			t.Fatalf("LoadSettings of a saved file: %v\n%s", err, data)
		}
		if !settingsEqual(got, s) {
			t.Errorf("round trip: got %+v rows %v; want %+v rows %v", got, got.Events(), s, s.Events())
		}
		// Saving what was loaded gives the same file.
		first, _ := os.ReadFile(p)
		if err := morale.SaveSettings(p, got); err != nil {
			t.Fatal(err)
		}
		second, _ := os.ReadFile(p)
		if string(first) != string(second) {
			t.Errorf("saving loaded settings changed the file:\n%s\n---\n%s", first, second)
		}
	}
}

func TestSettingsRowOrderKept(t *testing.T) {
	const file = `
[custom]
Zeppelin = -0.2
Artillery = -0.3

[weights]
Rest = 0.03
AllyDown = -0.2
`
	p := writeFile(t, file)
	s, err := morale.LoadSettings(p)
	if err != nil {
		t.Fatal(err)
	}
	// The built-in events first, then the custom ones, each in file order.
	want := []morale.Event{morale.Rest, morale.AllyDown, "Zeppelin", "Artillery"}
	if !slices.Equal(s.Events(), want) {
		t.Fatalf("rows read as %v; want %v", s.Events(), want)
	}
	if err := morale.SaveSettings(p, s); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(p); string(data) != file {
		t.Errorf("SaveSettings of the settings read changed the file:\n%s", data)
	}
	s2, err := morale.LoadSettings(p)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s2.Events(), want) {
		t.Errorf("rows after save and load: %v; want %v", s2.Events(), want)
	}
	// Written afresh: [weights] then [custom], each in that order.
	var b strings.Builder
	if err := morale.WriteSettings(&b, s); err != nil {
		t.Fatal(err)
	}
	_, tables, _ := strings.Cut(b.String(), "\n[weights]\n")
	var rows []string
	for _, line := range strings.Split(tables, "\n") {
		if m := regexp.MustCompile(`^(\w+) = |^(\[custom\])$`).FindStringSubmatch(line); m != nil {
			rows = append(rows, m[1]+m[2])
		}
	}
	if want := []string{"Rest", "AllyDown", "[custom]", "Zeppelin", "Artillery"}; !slices.Equal(rows, want) {
		t.Errorf("rows written: %v; want %v", rows, want)
	}
}

func TestReadSettingsPartial(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		check func(t *testing.T, s morale.Settings)
	}{
		{"empty file is the defaults", "", func(t *testing.T, s morale.Settings) {
			if !settingsEqual(s, morale.DefaultSettings()) {
				t.Errorf("got %+v; want the defaults", s)
			}
		}},
		{"missing keys keep their defaults", "Hysteresis = 0.2\nMinRoutSeconds = 8\n", func(t *testing.T, s morale.Settings) {
			want := morale.DefaultSettings()
			want.Hysteresis, want.MinRoutSeconds = 0.2, 8
			if !settingsEqual(s, want) {
				t.Errorf("got %+v; want defaults with Hysteresis 0.2, MinRoutSeconds 8", s)
			}
		}},
		{"integers are numbers", "RoutAfterSeconds = 0\nNoEffectRadius = 4000\n", func(t *testing.T, s morale.Settings) {
			if s.RoutAfterSeconds != 0 || s.NoEffectRadius != 4000 {
				t.Errorf("RoutAfterSeconds %v NoEffectRadius %v; want 0 and 4000", s.RoutAfterSeconds, s.NoEffectRadius)
			}
		}},
		{"no [weights] keeps the default table", "ShakenBelow = 0.5\n", func(t *testing.T, s morale.Settings) {
			if !maps.Equal(s.Weights, morale.DefaultSettings().Weights) {
				t.Errorf("weights %v; want the defaults", s.Weights)
			}
		}},
		{"[weights] is the whole table", "[weights]\nAllyDown = -0.2\n[custom]\nArtillery = -0.3\n", func(t *testing.T, s morale.Settings) {
			want := map[morale.Event]float64{morale.AllyDown: -0.2, "Artillery": -0.3}
			if !maps.Equal(s.Weights, want) {
				t.Errorf("weights %v; want exactly %v", s.Weights, want)
			}
			if s.Weights[morale.LeaderDown] != 0 {
				t.Errorf("deleted row LeaderDown worth %v; want 0", s.Weights[morale.LeaderDown])
			}
		}},
		{"a byte order mark and CRLF, as Notepad writes", "\ufeffShakenBelow = 0.5\r\n[weights]\r\nRest = 0.1\r\n", func(t *testing.T, s morale.Settings) {
			if s.ShakenBelow != 0.5 || len(s.Weights) != 1 || s.Weights[morale.Rest] != 0.1 {
				t.Errorf("ShakenBelow %v weights %v; want 0.5 and Rest 0.1 alone", s.ShakenBelow, s.Weights)
			}
		}},
		{"empty [weights] switches every event off", "[weights]\n", func(t *testing.T, s morale.Settings) {
			if len(s.Weights) != 0 {
				t.Errorf("weights %v; want none", s.Weights)
			}
		}},
		// Issue 31: the game's own events in [custom].
		{"[custom] alone keeps the default table", "[custom]\nAmbush = -0.3\n", func(t *testing.T, s morale.Settings) {
			want := maps.Clone(morale.DefaultSettings().Weights)
			want["Ambush"] = -0.3
			if !maps.Equal(s.Weights, want) {
				t.Errorf("weights %v; want the defaults and Ambush", s.Weights)
			}
		}},
		{"[custom] before [weights] stays", "[custom]\nAmbush = -0.3\n[weights]\nRest = 0.1\n", func(t *testing.T, s morale.Settings) {
			want := map[morale.Event]float64{"Ambush": -0.3, morale.Rest: 0.1}
			if !maps.Equal(s.Weights, want) || !slices.Equal(s.Events(), []morale.Event{morale.Rest, "Ambush"}) {
				t.Errorf("weights %v, rows %v; want exactly %v, built-in first", s.Weights, s.Events(), want)
			}
		}},
		{"empty [custom]", "[weights]\nRest = 0.1\n[custom]\n", func(t *testing.T, s morale.Settings) {
			if len(s.Weights) != 1 || s.Weights[morale.Rest] != 0.1 {
				t.Errorf("weights %v; want Rest 0.1 alone", s.Weights)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := morale.ReadSettings(strings.NewReader(tt.text))
			if err != nil {
				t.Fatalf("ReadSettings: %v", err)
			}
			tt.check(t, s)
		})
	}
	// A deleted row really is worth zero in a World.
	s, err := morale.ReadSettings(strings.NewReader("[weights]\nTookDamage = -0.1\n"))
	if err != nil {
		t.Fatal(err)
	}
	w, err := morale.NewWorld(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	a := w.Spawn(1, morale.Vec2{})
	if err := a.ReportEvent(morale.LeaderDown, 1); err != nil || a.Morale() != 1 {
		t.Errorf("LeaderDown with its row deleted: err %v, morale %v; want nil, 1", err, a.Morale())
	}
}

// lineOf returns the 1-based line of text that contains s.
func lineOf(text, s string) int {
	for i, l := range strings.Split(text, "\n") {
		if strings.Contains(l, s) {
			return i + 1
		}
	}
	return -1
}

func TestReadSettingsErrors(t *testing.T) {
	tests := []struct {
		name string
		text string
		key  string // the key the error names
		at   string // text on the line the error names
	}{
		{"unknown top-level key", "ShakenBelow = 0.6\nCourage = 3\n", "Courage", "Courage ="},
		{"misspelt key", "# header\n\nhysteresis = 0.1\n", "hysteresis", "hysteresis ="},
		{"wrong type, string", "PanicBelow = 0.2\nMinRoutSeconds = \"six\"\n", "MinRoutSeconds", "MinRoutSeconds"},
		{"wrong type, bool", "\n\nNerveMin = true\n", "NerveMin", "NerveMin"},
		{"wrong type, array", "NerveMax = [0.7]\n", "NerveMax", "NerveMax"},
		{"wrong type in [weights]", "ShakenBelow = 0.6\n[weights]\nAllyDown = -0.18\nLeaderDown = \"a lot\"\n", "LeaderDown", "LeaderDown"},
		{"nan", "ShakenBelow = 0.6\nContagionPerSecond = nan\n", "ContagionPerSecond", "ContagionPerSecond"},
		{"inf", "\nRecoveryDelaySeconds = inf\n", "RecoveryDelaySeconds", "RecoveryDelaySeconds"},
		{"-inf weight", "[weights]\nAllyDown = -0.18\nRest = -inf\n", "Rest", "Rest ="},
		{"invalid value", "ShakenBelow = 0.6\n\nSquadUpdateInterval = 0\n", "SquadUpdateInterval", "SquadUpdateInterval"},
		{"invalid combination, both keys in the file", "ShakenBelow = 0.5\nPanicBelow = 0.55\n", "PanicBelow", "PanicBelow"},
		{"invalid combination, nerves", "NerveMax = 0.3\nNerveMin = 0.6\n", "NerveMin", "NerveMin"},
		{"invalid combination with a default", "# only this line\nShakenBelow = 0.2\n", "ShakenBelow", "ShakenBelow"},
		{"weights not a table", "weights = 3\n", "weights", "weights"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := morale.ReadSettings(strings.NewReader(tt.text))
			if err == nil {
				t.Fatalf("ReadSettings(%q) = nil error; want an error naming %s", tt.text, tt.key)
			}
			msg := err.Error()
			if !strings.Contains(msg, tt.key) {
				t.Errorf("error %q; want it to name %s", msg, tt.key)
			}
			if want := "line " + strconv.Itoa(lineOf(tt.text, tt.at)); !strings.Contains(msg, want) {
				t.Errorf("error %q; want it to say %q", msg, want)
			}
			if !settingsEqual(s, morale.DefaultSettings()) {
				t.Errorf("on error ReadSettings returned %+v; want nothing of the file applied", s)
			}
			// And through a file: the error names the path too.
			p := writeFile(t, tt.text)
			if _, err := morale.LoadSettings(p); err == nil || !strings.Contains(err.Error(), tt.key) {
				t.Errorf("LoadSettings: %v; want an error naming %s", err, tt.key)
			}
		})
	}
	// Every problem is reported, not only the first.
	_, err := morale.ReadSettings(strings.NewReader("Courage = 1\nNerveMin = \"x\"\n"))
	if err == nil || !strings.Contains(err.Error(), "Courage") || !strings.Contains(err.Error(), "NerveMin") {
		t.Errorf("two bad keys: %v; want both named", err)
	}
	var fe *morale.FieldError
	if _, err := morale.ReadSettings(strings.NewReader("\nCourage = 1\n")); !errors.As(err, &fe) || fe.Field != "Courage" || fe.Line != 2 {
		t.Errorf("unknown key: %v; want a *FieldError for Courage at line 2", err)
	}
}

func TestReadSettingsBrokenSyntax(t *testing.T) {
	tests := []struct {
		text string
		line int
	}{
		{"ShakenBelow = 0.6\nPanicBelow = \n", 2},
		{"ShakenBelow = 0.6\n\n[weights]\nAllyDown = -0.1 -0.2\n", 4},
		{"ShakenBelow 0.6\n", 1},
		{"ShakenBelow = 0.6\nShakenBelow = 0.5\n", 2}, // duplicate key
		{"\n\n\nHysteresis = 0.1.2\n", 4},
	}
	for _, tt := range tests {
		s, err := morale.ReadSettings(strings.NewReader(tt.text))
		if err == nil {
			t.Errorf("ReadSettings(%q) = nil error; want a syntax error", tt.text)
			continue
		}
		if want := "line " + strconv.Itoa(tt.line); !strings.Contains(err.Error(), want) {
			t.Errorf("ReadSettings(%q): %q; want it to say %q", tt.text, err, want)
		}
		if !settingsEqual(s, morale.DefaultSettings()) {
			t.Errorf("ReadSettings(%q) returned %+v on error; want the defaults", tt.text, s)
		}
	}
}

func TestLoadSettingsMissingFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "nope.toml")
	s, err := morale.LoadSettings(p)
	if err == nil {
		t.Fatalf("LoadSettings of a missing file: nil error; want an error")
	}
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("LoadSettings of a missing file: %v; want os.ErrNotExist", err)
	}
	if !settingsEqual(s, morale.DefaultSettings()) {
		t.Errorf("LoadSettings of a missing file returned %+v; want the defaults", s)
	}
}

func TestSaveSettingsAtomicKeepsComments(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "weights.toml")
	orig := `# Our army's tuning. Do not touch before the demo.

# the line the sergeant watches
ShakenBelow = 0.6

[weights]
AllyDown = -0.18 # mourned loudly

[custom]
Artillery = -0.3 # the big guns
`
	if err := os.WriteFile(p, []byte(orig), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := morale.LoadSettings(p)
	if err != nil {
		t.Fatal(err)
	}
	s.Weights["Artillery"] = -0.35
	if err := morale.SaveSettings(p, s); err != nil {
		t.Fatalf("SaveSettings: %v", err)
	}
	data, _ := os.ReadFile(p)
	text := string(data)
	for _, c := range []string{"the line the sergeant watches", "mourned loudly", "the big guns", "Artillery = -0.35"} {
		if !strings.Contains(text, c) {
			t.Errorf("saved file lacks %q:\n%s", c, text)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("directory after SaveSettings holds %v; want only weights.toml, no temp file", names)
	}
	if fi, err := os.Stat(p); err == nil && fi.Mode().Perm() != 0o600 {
		t.Errorf("file mode after SaveSettings: %v; want the old 0600 kept", fi.Mode().Perm())
	}
	back, err := morale.LoadSettings(p)
	if err != nil || !settingsEqual(back, s) {
		t.Errorf("LoadSettings after save: %v, %+v; want %+v", err, back, s)
	}
	// Invalid settings write nothing.
	bad := s.Clone()
	bad.PanicBelow = 0.9
	if err := morale.SaveSettings(p, bad); err == nil {
		t.Errorf("SaveSettings of invalid settings: nil; want an error")
	}
	after, _ := os.ReadFile(p)
	if string(after) != text {
		t.Errorf("SaveSettings of invalid settings changed the file")
	}
	entries, _ = os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("failed SaveSettings left %d files; want 1", len(entries))
	}
	// A fresh file gets a comment for every key, the design's notes on rows.
	fresh := filepath.Join(dir, "fresh.toml")
	if err := morale.SaveSettings(fresh, morale.DefaultSettings()); err != nil {
		t.Fatal(err)
	}
	data, _ = os.ReadFile(fresh)
	for _, c := range []string{"Worth several ordinary losses", "Quietly the strongest steadying influence"} {
		if !strings.Contains(string(data), c) {
			t.Errorf("fresh file lacks the design's note %q", c)
		}
	}
}

// The repository's weights.toml holds the defaults. It lives beside the
// module, in the demo's checkout: a copy of morale from the module proxy has
// none, and the test skips.
func TestRepositoryWeightsTOML(t *testing.T) {
	data, err := os.ReadFile("../weights.toml")
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("no weights.toml beside the module (not a checkout of the repository): %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	s, err := morale.LoadSettings("../weights.toml")
	if err != nil {
		t.Fatalf("LoadSettings(../weights.toml): %v", err)
	}
	if !settingsEqual(s, morale.DefaultSettings()) {
		t.Errorf("weights.toml = %+v; want the defaults", s)
	}
	for _, c := range []string{"Worth several ordinary losses", "Quietly the strongest steadying influence there is"} {
		if !strings.Contains(string(data), c) {
			t.Errorf("weights.toml lacks the design's note %q", c)
		}
	}
}

// SaveSettings never writes a file LoadSettings rejects: event names with
// control characters are written with TOML's escapes (issue 7, item 3).
func TestSaveSettingsEscapesEventNames(t *testing.T) {
	names := []morale.Event{"bell\a", "vt\v", "del\x7f", "nul\x00", "nl\nx", "cr\r", "tab\t", "quote\"", `back\slash`,
		"c1\u0085", "ls\u2028", "bom\ufeff", "emoji 🎺", "\U000E0001tag", "[weights]", "a.b", "# not a comment", "'"}
	s := morale.DefaultSettings()
	for i, e := range names {
		s.Weights[e] = float64(i) / 100
	}
	p := filepath.Join(t.TempDir(), "weights.toml")
	if err := morale.SaveSettings(p, s); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(p)
	got, err := morale.LoadSettings(p)
	if err != nil {
		t.Fatalf("LoadSettings of a saved file: %v\n%s", err, data)
	}
	if !settingsEqual(got, s) {
		t.Errorf("round trip: got %v; want %v", got.Weights, s.Weights)
	}
	for _, esc := range []string{`"bell\u0007"`, `"vt\u000B"`, `"del\u007F"`} {
		if !strings.Contains(string(data), esc) {
			t.Errorf("saved file lacks %s:\n%s", esc, data)
		}
	}
}

// The line of a field error is the line of the key as the reader saw it, in
// file order, whatever the key looks like (issue 8, item 6): not a search of
// the text for the name.
func TestReadSettingsLinesFromKeys(t *testing.T) {
	tests := []struct {
		name, text string
		line       int
		field      string
	}{
		{"CRLF line ends", "# Courage = 1\r\nShakenBelow = 0.6\r\n\r\nCourage = 2\r\n", 4, "Courage"},
		{"name in a comment first", "# Hysteresis = -1 was a bad idea\nHysteresis = -1\n", 2, "Hysteresis"},
		{"quoted key with an escape", "ShakenBelow = 0.6\n\"Hyst\\u0065resis\" = -1\n", 2, "Hysteresis"},
		{"literal key", "\n'NerveMax' = 2\n", 2, "NerveMax"},
		{"row named like a setting", "Hysteresis = 0.1\n[weights]\nHysteresis = 2000\n", 3, "Hysteresis"},
		{"row with an escaped name", "[weights]\nAllyDown = 1\n\"Rum\\tRation\" = inf\n", 3, "Rum\tRation"},
		{"# inside a quoted row name", "[weights]\n\"a # b\" = nan # note\n", 2, "a # b"},
		{"the other key of a rule", "NerveMax = 0.05 # only this\n", 1, "NerveMin"},
		{"the other key, radii", "\n\nFullEffectRadius = 5000\n", 3, "NoEffectRadius"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := morale.ReadSettings(strings.NewReader(tt.text))
			var fe *morale.FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("ReadSettings = %v; want a *FieldError", err)
			}
			if fe.Line != tt.line || !strings.Contains(fe.Field, tt.field) {
				t.Errorf("FieldError %q at line %d; want %s at line %d", fe.Field, fe.Line, tt.field, tt.line)
			}
		})
	}
}

// The examples of errors in weights.toml in docs/library.md are what
// LoadSettings says of the shipped file with one line changed.
func TestLibraryDocErrorExamples(t *testing.T) {
	doc, err := os.ReadFile("../docs/library.md")
	if err != nil {
		t.Skipf("docs/library.md not found next to the package: %v", err)
	}
	for _, tc := range []struct{ intro, from, to string }{
		{"Errors in weights.toml name the key and the line (`", "Hysteresis = 0.15", "Hysteresis = -0.1"},
		{"A `[weights]` row that is no built-in event is an error, not a silent zero:\n`", "AllyDown = -0.18", "AllyDwn = -0.18"},
		{"the last with what to write instead\n(`", "ShakenBelow = 0.6", "ShakenBelow = abc"},
	} {
		_, rest, ok := strings.Cut(string(doc), tc.intro)
		if !ok {
			t.Fatalf("docs/library.md has no %q", tc.intro)
		}
		example, _, _ := strings.Cut(rest, "`")
		dir := t.TempDir()
		p := filepath.Join(dir, "weights.toml")
		if err := morale.SaveSettings(p, morale.DefaultSettings()); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Replace(string(data), tc.from, tc.to, 1)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err = morale.LoadSettings(p)
		if err == nil {
			t.Fatalf("LoadSettings of %s: nil error", tc.to)
		}
		got := strings.TrimPrefix(err.Error(), dir+string(filepath.Separator))
		if want := strings.Join(strings.Fields(example), " "); got != want {
			t.Errorf("docs/library.md says %q; LoadSettings says %q", want, got)
		}
	}
}

// TestSettingsEqual: a clone is Equal, a parameter or a weight changed is
// not, and a row missing on one side is not.
func TestSettingsEqual(t *testing.T) {
	d := morale.DefaultSettings()
	param, weight, missing := d.Clone(), d.Clone(), d.Clone()
	param.Hysteresis += 0.01
	weight.Weights[morale.LeaderDown] += 0.01
	delete(missing.Weights, morale.LeaderDown)
	tests := []struct {
		name string
		b    morale.Settings
		want bool
	}{{"a clone", d.Clone(), true}, {"a parameter", param, false}, {"a weight", weight, false}, {"a row missing", missing, false}}
	for _, tt := range tests {
		if got := d.Equal(tt.b); got != tt.want {
			t.Errorf("defaults.Equal(%s) = %v; want %v", tt.name, got, tt.want)
		}
		if got := tt.b.Equal(d); got != tt.want {
			t.Errorf("%s.Equal(defaults) = %v; want %v", tt.name, got, tt.want)
		}
	}
}

// A weight row whose name is not valid UTF-8 is refused in a whole sentence,
// and the error's text is valid UTF-8 (the name's bad bytes read U+FFFD): it
// said "… is not valid UTF-8; an event name must be", cut short, with the
// raw bytes in it.
func TestInvalidUTF8EventNameError(t *testing.T) {
	testEventNameErrors(t, []eventNameError{
		{"bad\xff", "Weights.bad\uFFFD is not valid UTF-8; an event name must be valid UTF-8 text"},
		{"\xc3", "Weights.\uFFFD is not valid UTF-8; an event name must be valid UTF-8 text"},
		{"Ambush\xe2\x80", "Weights.Ambush\uFFFD is not valid UTF-8; an event name must be valid UTF-8 text"},
	})
}

// TestSettingNamedEventError checks that Validate refuses a weight row named
// as a setting is: a weights file holds no such row, since a setting written
// below [weights] or [custom] is read as the designer's mistake it is.
func TestSettingNamedEventError(t *testing.T) {
	testEventNameErrors(t, []eventNameError{
		{"NerveMax", "Weights.NerveMax is the name of a setting, which no event may take"},
		{"ShakenBelow", "Weights.ShakenBelow is the name of a setting, which no event may take"},
	})
}

type eventNameError struct {
	name morale.Event
	want string
}

// testEventNameErrors checks Validate's one error for a row of each name.
func testEventNameErrors(t *testing.T, tests []eventNameError) {
	t.Helper()
	for _, tt := range tests {
		s := morale.DefaultSettings()
		s.Weights[tt.name] = -0.1
		err := s.Validate()
		if err == nil {
			t.Errorf("Validate() with a row named %q = nil; want an error", tt.name)
			continue
		}
		if got := err.Error(); got != tt.want {
			t.Errorf("Validate() with a row named %q = %q; want %q", tt.name, got, tt.want)
		}
		if !utf8.ValidString(err.Error()) {
			t.Errorf("Validate() with a row named %q: the error's text %q is not valid UTF-8; want it valid", tt.name, err)
		}
		var fe *morale.FieldError
		if !errors.As(err, &fe) || fe.Field != "Weights."+string(tt.name) {
			t.Errorf("Validate() with a row named %q: FieldError %+v; want Field %q, the name's own bytes", tt.name, fe, "Weights."+string(tt.name))
		}
	}
}

// TestZeroSettingsSayWhereToStart: settings that were not started from
// DefaultSettings (a Settings{} literal, or one that sets a few fields) are
// refused by NewWorld and SetSettings with an error that says to start from
// DefaultSettings, where it listed only the zero fields' bounds; other
// invalid settings keep their plain error.
func TestZeroSettingsSayWhereToStart(t *testing.T) {
	const hint = "start from morale.DefaultSettings()"
	bad := morale.DefaultSettings()
	bad.Hysteresis = -0.1
	w, err := morale.NewWorld(morale.DefaultSettings(), 1)
	if err != nil {
		t.Fatal(err)
	}
	before := w.Checksum()
	for _, tt := range []struct {
		name string
		s    morale.Settings
		hint bool
	}{
		{"Settings{}", morale.Settings{}, true},
		{"a literal of thresholds", morale.Settings{ShakenBelow: 0.6, PanicBelow: 0.25, Hysteresis: 0.15}, true},
		{"DefaultSettings with a bad Hysteresis", bad, false},
	} {
		_, nerr := morale.NewWorld(tt.s, 1)
		serr := w.SetSettings(tt.s)
		for call, err := range map[string]error{"NewWorld": nerr, "SetSettings": serr} {
			if err == nil {
				t.Errorf("%s: %s = nil; want an error", tt.name, call)
				continue
			}
			if got := strings.Contains(err.Error(), hint); got != tt.hint {
				t.Errorf("%s: %s = %q; says %q: %v; want %v", tt.name, call, err, hint, got, tt.hint)
			}
			if !strings.HasPrefix(err.Error(), "morale: invalid settings") {
				t.Errorf("%s: %s = %q; want it to begin \"morale: invalid settings\"", tt.name, call, err)
			}
		}
	}
	if w.Checksum() != before {
		t.Errorf("SetSettings of invalid settings changed the World")
	}
}

// TestValidateSaysNumbersPlain checks that Validate's messages write a
// value a designer typed, and its limits, as plain decimals, never with
// the exponent %g gave them ("is 2e+07 cm; it must lie in 1..1e+07 cm"),
// but for a value whose decimals would pass 24 characters.
func TestValidateSaysNumbersPlain(t *testing.T) {
	tests := []struct {
		name string
		mod  func(*morale.Settings)
		want string
	}{
		{"a reach too far", func(s *morale.Settings) { s.NoEffectRadius = 2e7 }, "NoEffectRadius is 20000000 cm; it must lie in 1..10000000 cm"},
		{"a tiny negative rate", func(s *morale.Settings) { s.ContagionPerSecond = -0.00001 }, "ContagionPerSecond is -0.00001/s; it must lie in 0..1000/s"},
		{"an interval too short", func(s *morale.Settings) { s.SquadUpdateInterval = 0.00009 }, "SquadUpdateInterval is 0.00009 s; it must lie in 0.001..86400 s"},
		{"a weight too large", func(s *morale.Settings) { s.Weights["Rum"] = 250000 }, "Rum is 250000; it must lie in"},
		{"a tiny negative hysteresis", func(s *morale.Settings) { s.Hysteresis = -0.000002 }, "Hysteresis is -0.000002; it must not be negative"},
		{"a negative reach", func(s *morale.Settings) { s.FullEffectRadius = -0.00005 }, "FullEffectRadius is -0.00005 cm; it must not be negative"},
		{"a time beyond all decimals", func(s *morale.Settings) { s.MinRoutSeconds = 1e300 }, "MinRoutSeconds is 1e+300 s; it must lie in 0..86400 s"},
		// A sum as the designer adds it: 0.12+0.97 is 1.0899999999999999 as a float.
		{"a band past 1", func(s *morale.Settings) { s.ShakenBelow, s.Hysteresis = 0.97, 0.12 }, "ShakenBelow+Hysteresis (1.09) must not exceed 1"},
		// But exact where 15 digits would read as the limit it is past.
		{"a band past 1 by its last bit", func(s *morale.Settings) { s.ShakenBelow, s.Hysteresis = 0.5, 0.5000000000000002 }, "ShakenBelow+Hysteresis (1.0000000000000002) must not exceed 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := morale.DefaultSettings()
			tt.mod(&s)
			err := s.Validate()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Validate() = %v; want %q", err, tt.want)
			}
		})
	}
}

// Validate says a negative zero as "0", as a designer wrote it: exact wrote
// "-0" ('NoEffectRadius is -0 cm').
func TestValidateSaysNegativeZeroAsZero(t *testing.T) {
	s := morale.DefaultSettings()
	s.NoEffectRadius = math.Copysign(0, -1)
	if err := s.Validate(); err == nil || !strings.Contains(err.Error(), "NoEffectRadius is 0 cm;") {
		t.Errorf("Validate() = %v; want \"NoEffectRadius is 0 cm;\"", err)
	}
}
