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
		{"run -out", []string{"run", "../../scenarios/opening.toml", "-runs", "3", "-out", filepath.Join(missing, "o")}, "-out"},
		{"game -report", []string{"game", "-runs", "3", "-out", filepath.Join(dir, "g"), "-report", filepath.Join(missing, "x.html")}, "-report"},
		{"game -out", []string{"game", "-runs", "3", "-out", filepath.Join(missing, "g")}, "-out"},
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
