package cli_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// -h writes -max-work's default whole, as the docs and the refusals do:
// "(default 100000000000)", never "(default 1e+11)".
func TestMaxWorkDefaultWrittenWhole(t *testing.T) {
	seen := 0
	for _, cmd := range []string{"run", "game", "sensitivity", "fit", "lint"} {
		_, out, e := runMain(t, context.Background(), nil, cmd, "-h")
		help := out + e
		if !strings.Contains(help, "-max-work") {
			continue // a command without it
		}
		seen++
		if strings.Contains(help, "e+") || !strings.Contains(help, "(default 100000000000)") {
			t.Errorf("%s -h: want -max-work's default written whole:\n%s", cmd, help)
		}
	}
	if seen < 3 {
		t.Errorf("%d commands' -h list -max-work; want run, game, sensitivity and fit", seen)
	}
}

// game counts one battle as one: "demo: 1 battle written to …".
func TestGameOfOneBattle(t *testing.T) {
	out := t.TempDir() + "/g"
	code, _, e := runMain(t, context.Background(), nil, "game", "-runs", "1", "-out", out)
	if code != 0 || !strings.Contains(e, "demo: 1 battle written to "+out) {
		t.Errorf("exit %d, stderr %q; want 'demo: 1 battle written to %s'", code, e, out)
	}
}

// A sensitivity of a statistic no fight had prints one sentence, not a row
// of dashes per knob.
func TestSensitivityOfAMetricThatNeverHappened(t *testing.T) {
	dir := t.TempDir()
	sc := filepath.Join(dir, "calm.toml")
	if err := os.WriteFile(sc, []byte("name = \"calm\"\nduration = 10\n[[squad]]\nname = \"a\"\nsize = 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, e := runMain(t, context.Background(), nil, "sensitivity", sc, "-metric", "first_rout_s", "-stat", "p50", "-runs", "5", "-out", filepath.Join(dir, "s"), "-q")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, e)
	}
	if !strings.HasPrefix(out, "p50 of first_rout_s: undefined in the baseline's 5 fights and at every nudge") || strings.Contains(out, "within noise") {
		t.Errorf("stdout %q; want one sentence, no table", out)
	}
}
