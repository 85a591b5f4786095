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
