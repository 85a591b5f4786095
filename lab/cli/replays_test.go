package cli_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/lab/cli"
)

// run -replays writes a demo replay of each run it picks, which plays to
// the digest it carries, and says how to watch each; a spec it cannot take
// is exit 2, naming it, with nothing written.
func TestRunReplays(t *testing.T) {
	dir := t.TempDir()
	sc := "../../scenarios/sergeant.toml"
	out := filepath.Join(dir, "out")
	code, stdout, e := runMain(t, context.Background(), nil, "run", sc, "-runs", "40", "-out", out, "-q", "-replays", "first:first_rout_s:2")
	if code != 0 {
		t.Fatalf("run: exit %d: %s", code, e)
	}
	files, _ := filepath.Glob(filepath.Join(out, "replay-run-*.txt"))
	if len(files) != 2 {
		t.Fatalf("replays written: %v; want 2", files)
	}
	for _, f := range files {
		if line, _ := lab.Command(runtime.GOOS, "demo", "-replay", f); !strings.Contains(stdout, line) {
			t.Errorf("stdout does not name %s:\n%s", f, stdout)
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r, err := game.ReadReplay(strings.NewReader(string(data)))
		if err != nil {
			t.Fatal(err)
		}
		s, err := game.PlayReplay(r)
		if err != nil {
			t.Fatal(err)
		}
		if st := s.ReplayStatus(); !st.Match {
			t.Errorf("%s plays to %s; it carries %s", f, st.Digest, st.Want)
		}
	}
	if line, _ := lab.Command(runtime.GOOS, "demo", "-scenario", sc, "-run"); !strings.Contains(stdout, line+" ") {
		t.Errorf("stdout does not name the demo -scenario command:\n%s", stdout)
	}
	for _, tc := range []struct{ spec, want string }{
		{"12,400", "run 400 is out of range; this Monte-Carlo has runs 0..39"},
		{"first:nope:1", `"nope" is not a metric`},
		{"first;first_rout_s", "is not a run index"},
	} {
		bad := filepath.Join(dir, "bad")
		code, _, e := runMain(t, context.Background(), nil, "run", sc, "-runs", "40", "-out", bad, "-q", "-replays", tc.spec)
		if code != 2 || !strings.Contains(e, tc.want) {
			t.Errorf("-replays %q: exit %d, %q; want 2 and %q", tc.spec, code, e, tc.want)
		}
		if _, err := os.Stat(bad); err == nil {
			t.Errorf("-replays %q wrote %s", tc.spec, bad)
		}
	}
	if code, _, e := runMain(t, context.Background(), nil, "run", sc, "-runs", "40", "-out", filepath.Join(dir, "s"), "-q", "-replays", "1", "-shard", "0/2"); code != 2 || !strings.Contains(e, "-replays needs") {
		t.Errorf("-replays with -shard: exit %d, %q; want 2", code, e)
	}
}

// run -replays prints the demo -replay command of each replay with its path
// quoted as the demo -scenario one is (lab.Command), so that a folder with a
// space or a quote in its name is one word when pasted.
func TestRunReplaysQuotesTheReplayFile(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the POSIX form; TestCommand (lab) checks Windows'")
	}
	dir := t.TempDir()
	for _, tc := range []struct{ name, folder, want string }{
		{"a space", "nouveau dossier", "demo -replay '" + dir + "/nouveau dossier/ligne/replay-run-"},
		{"a quote", "l'assaut", "demo -replay '" + dir + `/l'\''assaut/ligne/replay-run-`},
	} {
		out := filepath.Join(dir, tc.folder, "ligne")
		if err := os.Mkdir(filepath.Join(dir, tc.folder), 0o755); err != nil { // -out makes its folder, not its parent
			t.Fatal(err)
		}
		code, stdout, e := runMain(t, context.Background(), nil, "run", "../../scenarios/sergeant.toml", "-runs", "10", "-out", out, "-q", "-replays", "first:first_rout_s:1")
		if code != 0 {
			t.Fatalf("%s: run: exit %d: %s", tc.name, code, e)
		}
		if !strings.Contains(stdout, tc.want) {
			t.Errorf("%s: got\n%s\nwant a line starting %s", tc.name, stdout, tc.want)
		}
	}
}

// The value of a picked run is said with six figures and no exponent: a
// count of a million men read "deaths = 1.23457e+06".
func TestReplaysSayValuesPlain(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	tests := []struct {
		metric string
		value  *float64
		want   string
	}{
		{"deaths", f(1234567), "run 3, deaths = 1234570\n"},
		{"first_rout_s", f(12.25), "run 3, first_rout_s = 12.25\n"},
		{"share_squads_broken", f(2.0 / 3), "run 3, share_squads_broken = 0.666667\n"},
		{"first_rout_s", nil, "run 3, first_rout_s = never\n"},
	}
	for _, tt := range tests {
		pick := &lab.RunPick{Spec: "first:" + tt.metric + ":1", Kind: lab.PickFirst, Metric: lab.Metric{Name: tt.metric}, N: 1}
		var b strings.Builder
		if err := cli.PrintReplays(&b, pick, []lab.Picked{{Index: 3, Value: tt.value}}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tt.want) {
			t.Errorf("%s: got %q; want %q in it", tt.metric, b.String(), tt.want)
		}
	}
}
