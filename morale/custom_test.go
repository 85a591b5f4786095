package morale_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// A [weights] row that names no built-in event is an error naming the file,
// the line and the nearest built-in event; far from every one, it is advised
// to [custom]. A [custom] row that names a built-in event is an error too
// (issue 31).
func TestWeightsRowsMustBeBuiltIn(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"a misspelt event", "ShakenBelow = 0.6\n[weights]\nAllyDwn = -0.2\n",
			"line 3: weights.AllyDwn is not a built-in event (did you mean AllyDown?)"},
		{"a wrong case", "[weights]\nleaderdown = -0.5\n",
			"line 2: weights.leaderdown is not a built-in event (did you mean LeaderDown?)"},
		{"two letters off a long name", "[weights]\nReinforcementArived = 0.2\n",
			"line 2: weights.ReinforcementArived is not a built-in event (did you mean ReinforcementsArrived?)"},
		{"the game's own event", "[weights]\nAmbush = -0.3\n",
			"line 2: weights.Ambush is not a built-in event (the nearest is Rest); if it is your game's own event, move its row to [custom]"},
		{"a quoted name", "[weights]\n\"Horn blown\" = 0.1\n",
			"line 2: weights.Horn blown is not a built-in event (the nearest is AllyDown); if it is your game's own event, move its row to [custom]"},
		{"a built-in event in [custom]", "[custom]\nAllyDown = -0.2\n",
			"line 2: custom.AllyDown is a built-in event; its row belongs in [weights]"},
		{"an event at the top level", "AllyDown = -0.2\n",
			"line 1: AllyDown is not a setting but an event; its row belongs in [weights]"},
		{"custom as a key", "custom = 1\n",
			"line 1: custom must be a table of event = weight rows"},
		{"a custom row Validate refuses", "[custom]\nAmbush = 0.1\nDoom = -2000\n",
			"line 3: custom.Doom is -2000; it must lie in -1000..1000"},
		{"a custom row set twice", "[custom]\nAmbush = 0.1\nAmbush = 0.2\n",
			"line 3: custom.Ambush is set again (first on line 2); a key may be set only once"},
		{"[custom] opened twice", "[custom]\nAmbush = 0.1\n[custom]\n",
			"line 3: [custom] is opened again (first on line 1); a table may be opened once"},
		{"another table", "[customs]\n", `line 1: "[customs]": unknown table; the tables are [weights] and [custom]`},
		// A setting added at the end of a file lies below its last table.
		{"a setting in [weights]", "[weights]\nAllyDown = -0.2\nPanicBelow = 0.3\n",
			"line 3: weights.PanicBelow is a setting, not an event: every key below [weights] is a row of it; move PanicBelow above the file's first [table]"},
		{"a setting in [custom]", "[custom]\nAmbush = -0.1\nRecoveryPerSecond = 0.02\n",
			"line 3: custom.RecoveryPerSecond is a setting, not an event: every key below [custom] is a row of it; move RecoveryPerSecond above the file's first [table]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := morale.ReadSettings(strings.NewReader(tt.text))
			if err == nil || err.Error() != tt.want {
				t.Errorf("ReadSettings: got %v; want %q", err, tt.want)
			}
			if !settingsEqual(s, morale.DefaultSettings()) {
				t.Errorf("returned %+v on error; want the defaults", s)
			}
			p := filepath.Join(t.TempDir(), "weights.toml")
			if err := os.WriteFile(p, []byte(tt.text), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := morale.LoadSettings(p); err == nil || err.Error() != p+": "+tt.want {
				t.Errorf("LoadSettings: got %v; want %q", err, p+": "+tt.want)
			}
		})
	}
}

// Custom rows are rows of Settings.Weights like the built-in ones: a World
// reports them by name, Events and WeightParams list them (after the
// built-in rows, Param.Custom set), and WriteSettings writes them in
// [custom], which ReadSettings reads back (issue 31).
func TestCustomEvents(t *testing.T) {
	s, err := morale.ReadSettings(strings.NewReader("[custom]\nAmbush = -0.3 # from the treeline\nParley = 0.1\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := append(morale.DefaultSettings().Events(), "Ambush", "Parley")
	if got := s.Events(); !slices.Equal(got, want) {
		t.Errorf("Events: got %v; want %v", got, want)
	}
	var custom []string
	for _, p := range morale.WeightParams(s) {
		if p.Custom != !morale.Event(p.Name).BuiltIn() || !p.Weight {
			t.Errorf("WeightParams: %s has Custom %v, Weight %v; want Custom only for custom events", p.Name, p.Custom, p.Weight)
		}
		if p.Custom {
			custom = append(custom, p.Name)
		}
	}
	if !slices.Equal(custom, []string{"Ambush", "Parley"}) {
		t.Errorf("custom WeightParams: got %v; want [Ambush Parley]", custom)
	}
	if p := morale.WeightParam("Ambush"); p.Doc != "weight of the custom event Ambush" || p.Get(s) != -0.3 {
		t.Errorf("WeightParam(Ambush): got %q, %v; want the custom event's doc and -0.3", p.Doc, p.Get(s))
	}
	for _, e := range []morale.Event{morale.AllyDown, morale.Rest, morale.ReinforcementsArrived} {
		if !e.BuiltIn() {
			t.Errorf("%s.BuiltIn(): got false; want true", e)
		}
	}
	for _, e := range []morale.Event{"Ambush", "", "allydown", "AllyDown "} {
		if e.BuiltIn() {
			t.Errorf("%q.BuiltIn(): got true; want false", e)
		}
	}

	w, err := morale.NewWorld(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
	if err := a.ReportEvent("Ambush", 1); err != nil || a.Morale() != 0.7 {
		t.Errorf("ReportEvent(Ambush): err %v, morale %v; want nil, 0.7", err, a.Morale())
	}

	var buf bytes.Buffer
	if err := morale.WriteSettings(&buf, s); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	_, table, ok := strings.Cut(text, "\n[custom]\n")
	if !ok || table != "Ambush = -0.3\nParley = 0.1\n" {
		t.Errorf("WriteSettings: the [custom] table is %q; want the two custom rows:\n%s", table, text)
	}
	back, err := morale.ReadSettings(strings.NewReader(text))
	if err != nil || !settingsEqual(back, s) {
		t.Errorf("ReadSettings of what WriteSettings wrote: %v; want the settings written", err)
	}
	// Without custom rows there is no [custom] table.
	buf.Reset()
	if err := morale.WriteSettings(&buf, morale.DefaultSettings()); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "\n[custom]") {
		t.Errorf("WriteSettings of the defaults wrote a [custom] table:\n%s", buf.String())
	}
}
