package cli_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sensitivity without -metric ranks the knobs by how often the scenario's
// first squad broke: its default was squad_broke.alpha, a metric of
// scenarios/sergeant.toml alone, so on any other scenario the command
// refused a metric the designer never named ('-metric/-stat:
// "squad_broke.alpha" is not a metric').
func TestSensitivityDefaultMetricIsTheScenarios(t *testing.T) {
	dir := t.TempDir()
	sc := filepath.Join(dir, "bridge.toml")
	body := "name = \"bridge\"\nduration = 10.0\n[[squad]]\nname = \"north\"\nsize = 3\n[[squad]]\nname = \"south\"\nsize = 2\n[[event]]\nt = 1.0\nevent = \"Suppressed\"\nsquad = \"north\"\nevery = 1.0\n"
	if err := os.WriteFile(sc, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errb := runMain(t, context.Background(), nil, "sensitivity", sc, "-runs", "5", "-q", "-out", filepath.Join(dir, "out"))
	if code != 0 || !strings.HasPrefix(out, "share of squad_broke.north, baseline") {
		t.Errorf("exit %d, stdout %.80q, stderr %q; want exit 0 and a ranking by share of squad_broke.north", code, out, errb)
	}
}

// game plays the demo's own battle and takes no file: 'moralesim game
// my.toml -runs 10' ran the opening ten times and said nothing of my.toml,
// so a designer read the opening's numbers as the scenario's.
func TestGameRefusesAFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, errb := runMain(t, context.Background(), nil, "game", "my.toml", "-runs", "2", "-q", "-out", out)
	want := `game takes no file ("my.toml"): it plays the demo's own battle; for a scenario's fights: moralesim run my.toml`
	if code != 2 || !strings.Contains(errb, want) || stdout != "" {
		t.Errorf("exit %d, stdout %.60q, stderr %q; want exit 2, nothing on stdout and %q", code, stdout, errb, want)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("the refused command wrote %s (%v); want nothing written", out, err)
	}
}

// game names the flag that is out of range and its value: it said
// "-runs must be 1..1000000 and -duration in (0, 3600]" for either.
func TestGameNamesTheBadFlag(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-runs", "0"}, "game: -runs is 0; it must be 1..1000000"},
		{[]string{"-duration", "NaN"}, "game: -duration is NaN; it must be more than 0 and at most 3600 seconds"},
		{[]string{"-duration", "1e12"}, "game: -duration is 1e+12; it must be more than 0"},
		{[]string{"-duration", "0"}, "game: -duration is 0; it must be more than 0"},
	} {
		out := filepath.Join(t.TempDir(), "out")
		code, _, errb := runMain(t, context.Background(), nil, append(append([]string{"game"}, tt.args...), "-q", "-out", out)...)
		if code != 2 || !strings.Contains(errb, tt.want) || strings.Contains(errb, "and -duration") {
			t.Errorf("game %v: exit %d, stderr %q; want exit 2 and %q alone", tt.args, code, errb, tt.want)
		}
	}
}
