//go:build unix

package cli_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/lab/cli"
)

// mainWithin runs Main and fails the test if it does not return within 10 s:
// a FIFO used to block it for ever, /dev/zero to read until memory ran out.
func mainWithin(t *testing.T, args ...string) (int, string) {
	t.Helper()
	type result struct {
		code int
		e    string
	}
	done := make(chan result, 1)
	go func() {
		code, _, e := runMain(t, context.Background(), nil, args...)
		done <- result{code, e}
	}()
	select {
	case r := <-done:
		return r.code, r.e
	case <-time.After(2 * time.Minute):
		// A hang guard, not a timing: a FIFO blocked open() forever. Ten
		// fights and a report under -race on a loaded 2-core machine have
		// taken over 10 s.
		t.Fatalf("%q still runs after 2 minutes", args)
	}
	return 0, ""
}

// Devices and FIFOs as inputs are refused at once (exit 2, the kind named),
// wherever they are named: the scenario, its weights, -weights, a shard.
func TestSpecialInputsRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	scWith := func(name, weights string) string {
		p := filepath.Join(dir, name)
		body := "weights = \"" + weights + "\"\nduration = 5.0\n[[squad]]\nsize = 2\n"
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	shardWith := func(name, target string) string {
		d := filepath.Join(dir, name)
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, filepath.Join(d, "runs.json")); err != nil {
			t.Fatal(err)
		}
		return d
	}
	zeroShard, fifoShard := shardWith("zero", "/dev/zero"), shardWith("pipe", fifo)
	out := filepath.Join(dir, "out")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"run /dev/zero", []string{"run", "/dev/zero"}, "/dev/zero: is a device, not a regular file (a scenario must be one)"},
		{"run FIFO", []string{"run", fifo}, "is a FIFO, not a regular file (a scenario must be one)"},
		{"check FIFO", []string{"check", fifo}, "is a FIFO"},
		{"weights = /dev/zero", []string{"run", scWith("z.toml", "/dev/zero")}, "weights: /dev/zero: is a device, not a regular file (a weights file must be one)"},
		{"weights = FIFO", []string{"run", scWith("f.toml", fifo)}, "weights: " + fifo + ": is a FIFO"},
		{"-weights /dev/zero", []string{"run", opening, "-weights", "/dev/zero"}, "is a device"},
		{"-weights FIFO", []string{"sensitivity", opening, "-weights", fifo}, "is a FIFO"},
		{"lint FIFO", []string{"lint", fifo}, "a FIFO"},
		{"merge /dev/zero", []string{"merge", zeroShard, "-out", out}, "runs.json: is a device"},
		{"merge FIFO", []string{"merge", fifoShard, "-out", out}, "runs.json: is a FIFO"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := tt.args
			if args[0] != "merge" && args[0] != "lint" {
				args = append(args, "-q")
			}
			code, e := mainWithin(t, args...)
			if code != cli.ExitBadInput || !strings.Contains(e, tt.want) {
				t.Errorf("exit %d, %q; want %d and %q", code, e, cli.ExitBadInput, tt.want)
			}
		})
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("%s was written", out)
	}
}

// -report and -out never replace a device or a FIFO: the rename turned a
// character device into a 1,156-byte file and a FIFO into a regular file.
func TestSpecialOutputsKept(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.html")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	targets := []string{fifo}
	if os.Getuid() == 0 {
		dev := filepath.Join(dir, "null.html")
		if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, int(1<<8|3)); err != nil { // 1:3, /dev/null
			t.Fatalf("mknod: %v", err)
		}
		targets = append(targets, dev)
	} else {
		t.Log("not root: the device case is skipped (mknod needs root)")
	}
	for _, target := range targets {
		before, err := os.Lstat(target)
		if err != nil {
			t.Fatal(err)
		}
		code, e := mainWithin(t, "run", opening, "-runs", "2", "-q", "-out", filepath.Join(dir, "o"), "-report", target)
		if code != cli.ExitFailed || !strings.Contains(e, "not a regular file; not replaced") {
			t.Errorf("-report %s: exit %d, %q; want %d and a refusal", target, code, e, cli.ExitFailed)
		}
		after, err := os.Lstat(target)
		if err != nil || after.Mode() != before.Mode() {
			t.Errorf("-report %s: the file is now %v (%v); want %v", target, after.Mode(), err, before.Mode())
		}
		code, e = mainWithin(t, "run", opening, "-runs", "2", "-q", "-out", target)
		if code != cli.ExitBadInput || !strings.Contains(e, "not a folder; not replaced") {
			t.Errorf("-out %s: exit %d, %q; want %d (said with the flags) and a refusal", target, code, e, cli.ExitBadInput)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "o")); err == nil {
		t.Errorf("the result folder was written although the report could not be")
	}
}
