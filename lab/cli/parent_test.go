package cli_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab/cli"
)

// A -report or -out whose folder does not exist is refused before any
// fight, naming the folder (a typo in it would otherwise become a new
// folder); a report inside the run's own result folder is written there.
func TestOutputFolderMustExist(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "typo")
	for _, tc := range []struct {
		name string
		args []string
		flag string
	}{
		{"run -report", []string{"run", "../../scenarios/opening.toml", "-runs", "3", "-out", filepath.Join(dir, "o"), "-report", filepath.Join(missing, "x.html")}, "-report"},
		{"game -report", []string{"game", "-runs", "3", "-out", filepath.Join(dir, "g"), "-report", filepath.Join(missing, "x.html")}, "-report"},
	} {
		code, _, e := runMain(t, context.Background(), nil, append(tc.args, "-q")...)
		if code != cli.ExitBadInput || !strings.Contains(e, tc.flag+" ") || !strings.Contains(e, "the folder \""+missing+"\" does not exist") {
			t.Errorf("%s: exit %d, %q; want %d and the missing folder named", tc.name, code, e, cli.ExitBadInput)
		}
		if _, err := os.Stat(missing); err == nil {
			t.Fatalf("%s: created the missing folder %s", tc.name, missing)
		}
	}
	o := filepath.Join(dir, "mine")
	if code, _, e := runMain(t, context.Background(), nil, "game", "-runs", "3", "-out", o, "-report", filepath.Join(o, "r.html"), "-q"); code != 0 {
		t.Errorf("a report inside the result folder: exit %d, %s", code, e)
	}
	// A report in out/, which a run makes for its default result folder, in
	// a working folder without one (a fresh clone): it was refused.
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	if code, _, e := runMain(t, context.Background(), nil, "game", "-runs", "3", "-report", filepath.Join("out", "game.html"), "-q"); code != 0 {
		t.Errorf("-report out/game.html with no out/ yet: exit %d, %s; want out/ made", code, e)
	}
	t.Chdir(wd)
	// A result folder makes its parents, as the docs' cluster scripts need
	// (-out results/shard-N in a fresh folder): make slurm failed on it.
	deep := filepath.Join(dir, "results", "shard-3")
	if code, _, e := runMain(t, context.Background(), nil, "run", "../../scenarios/opening.toml", "-runs", "3", "-out", deep, "-q"); code != 0 {
		t.Errorf("-out %s in a folder not made yet: exit %d, %s; want it made", deep, code, e)
	}
}

// A write that fails names the user's path, never the temporary file
// staged beside it (/proc/.x.html.tmp-3025888437).
func TestWriteErrorNamesTheUsersPath(t *testing.T) {
	if _, err := os.Stat("/proc/self"); err != nil {
		t.Skip("needs /proc, a folder where no file can be made")
	}
	code, _, e := runMain(t, context.Background(), nil, "game", "-runs", "3", "-out", filepath.Join(t.TempDir(), "g"), "-report", "/proc/x.html", "-q")
	if code == 0 || strings.Contains(e, ".tmp-") || !strings.Contains(e, "/proc/x.html") {
		t.Errorf("exit %d, %q; want an error naming /proc/x.html and no temporary file", code, e)
	}
}
