package cli_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"path/filepath"
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
