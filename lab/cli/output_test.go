package cli_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab/cli"
)

// failWriter is an output that cannot be written: a closed pipe, a full disk.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// A command whose stdout or stderr cannot be written fails: exit code 1 (or
// the worse code it had anyway), never 0, and says so on stderr when stderr
// still takes it.
func TestUnwritableOutputFails(t *testing.T) {
	sc := "../../scenarios/opening.toml"
	dir := filepath.Join(t.TempDir(), "out")
	for _, tt := range []struct {
		name      string
		badStdout bool // else stderr fails
		args      []string
		want      int
	}{
		{"lint, stdout", true, []string{"lint", "../../weights.toml"}, cli.ExitFailed},
		{"run, stdout", true, []string{"run", sc, "-runs", "20", "-q", "-out", dir}, cli.ExitFailed},
		{"run, stderr", false, []string{"run", sc, "-runs", "20", "-out", dir}, cli.ExitFailed},
		{"help, stderr", false, []string{"-h"}, cli.ExitFailed},
		{"flag help, stderr", false, []string{"lint", "-h"}, cli.ExitFailed},
		{"bad input, stdout", true, []string{"lint"}, cli.ExitBadInput},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			env := cli.Env{Stdout: &out, Stderr: &errb}
			if tt.badStdout {
				env.Stdout = failWriter{}
			} else {
				env.Stderr = failWriter{}
			}
			code := cli.Main(context.Background(), tt.args, env)
			if code != tt.want {
				t.Errorf("exit code %d; want %d (stderr: %q)", code, tt.want, errb.String())
			}
			if tt.badStdout && tt.want == cli.ExitFailed && !strings.Contains(errb.String(), "writing stdout: no space left on device") {
				t.Errorf("stderr is %q; want it to say stdout could not be written", errb.String())
			}
		})
	}
}

// With writers that work, the same commands succeed: the failures above come
// from the output alone.
func TestWritableOutputSucceeds(t *testing.T) {
	sc := "../../scenarios/opening.toml"
	for _, args := range [][]string{
		{"lint", "../../weights.toml"},
		{"run", sc, "-runs", "20", "-q", "-out", filepath.Join(t.TempDir(), "out")},
		{"-h"},
		{"lint", "-h"},
	} {
		if code := cli.Main(context.Background(), args, cli.Env{Stdout: io.Discard, Stderr: io.Discard}); code != cli.ExitOK {
			t.Errorf("%q: exit code %d; want 0", args, code)
		}
	}
}

// A -report replaces only an earlier report (or an empty file), as -out
// replaces only an earlier result: 'run s.toml -report s.toml' replaced the
// scenario with the page. A path holding anything else is bad input
// (exit 2) before any fight, and the file is kept.
func TestReportReplacesOnlyAReport(t *testing.T) {
	dir := t.TempDir()
	sc := filepath.Join(dir, "s.toml")
	body, err := os.ReadFile("../../scenarios/opening.toml")
	if err != nil {
		t.Fatal(err)
	}
	weights, err := filepath.Abs("../../weights.toml") // the scenario moves to a temporary folder
	if err != nil {
		t.Fatal(err)
	}
	body = bytes.ReplaceAll(body, []byte(`weights = "../weights.toml"`), []byte("weights = "+strconv.Quote(weights)))
	if err := os.WriteFile(sc, body, 0o644); err != nil {
		t.Fatal(err)
	}
	w := filepath.Join(dir, "w.toml")
	if err := os.WriteFile(w, []byte("[weights]\nSuppressed = -0.1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "page.html")
	for _, tt := range []struct {
		name   string
		args   []string
		kept   string // the file a refusal keeps
		want   int
		errHas string
	}{
		{"the scenario", []string{"run", sc, "-runs", "2", "-q", "-out", filepath.Join(dir, "o1"), "-report", sc}, sc, cli.ExitBadInput, `-report "` + sc + `": holds a file that is not a report`},
		{"a weights file", []string{"compare", "../../weights.toml", w, sc, "-runs", "2", "-q", "-report", w}, w, cli.ExitBadInput, `-report "` + w + `": holds a file that is not a report`},
		{"a new page", []string{"run", sc, "-runs", "2", "-q", "-out", filepath.Join(dir, "o2"), "-report", page}, "", cli.ExitOK, ""},
		{"the page again", []string{"run", sc, "-runs", "2", "-q", "-out", filepath.Join(dir, "o2"), "-report", page}, "", cli.ExitOK, ""},
	} {
		var before []byte
		if tt.kept != "" {
			if before, err = os.ReadFile(tt.kept); err != nil {
				t.Fatal(err)
			}
		}
		code, _, e := runMain(t, context.Background(), nil, tt.args...)
		if code != tt.want || !strings.Contains(e, tt.errHas) {
			t.Errorf("%s: exit %d, stderr %q; want %d and %q", tt.name, code, e, tt.want, tt.errHas)
		}
		if tt.kept != "" {
			if after, err := os.ReadFile(tt.kept); err != nil || !bytes.Equal(after, before) {
				t.Errorf("%s: %s changed (%v); want it kept", tt.name, tt.kept, err)
			}
		}
	}
	// moralesim's report is known by its title, after a byte order mark an
	// editor added (refused as "not a report"); a hand-written page with a
	// doctype is not one (it was replaced). A path that cannot be looked
	// at is said before any fight, not left to the write.
	ours, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	hand := []byte("<!DOCTYPE html>\n<html><head><title>My notes</title></head><body>mine</body></html>\n")
	notDir := filepath.Join(sc, "page.html")
	for _, tt := range []struct {
		name, path string
		body       []byte
		want       int
		errHas     string
	}{
		{"a report with a BOM", page, append([]byte("\ufeff\n"), ours...), cli.ExitOK, ""},
		{"a hand-written page", page, hand, cli.ExitBadInput, `-report "` + page + `": holds a file that is not a report moralesim wrote`},
		{"a path under a file", notDir, nil, cli.ExitBadInput, `-report "` + notDir + `": stat ` + notDir + `: not a directory`},
	} {
		if tt.body != nil {
			if err := os.WriteFile(tt.path, tt.body, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		code, out, e := runMain(t, context.Background(), nil, "run", sc, "-runs", "2", "-q", "-out", filepath.Join(dir, "o3"), "-report", tt.path)
		if code != tt.want || !strings.Contains(e, tt.errHas) || tt.want != cli.ExitOK && out != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %d and %q", tt.name, code, out, e, tt.want, tt.errHas)
		}
		if after, _ := os.ReadFile(page); tt.want != cli.ExitOK && tt.body != nil && !bytes.Equal(after, tt.body) {
			t.Errorf("%s: the page changed; want it kept", tt.name)
		}
	}
}
