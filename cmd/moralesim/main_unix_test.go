//go:build unix

package main_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// build compiles moralesim into a temporary folder.
func build(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "moralesim")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// long is a scenario whose one fight takes minutes.
const long = "../../lab/testdata/long.toml"

// Ctrl-C and SIGTERM end a run within a second, in the middle of a fight,
// with status 130 and nothing written (the signal handler swallowed both
// while a FIFO blocked the open; a long fight ignored them until it ended).
// SIGQUIT, the runtime's own fatal exit, ends it with SIGABRT, never with
// status 2, which means bad input.
func TestSignals(t *testing.T) {
	bin := build(t)
	dir := t.TempDir()
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGQUIT} {
		t.Run(sig.String(), func(t *testing.T) {
			out := filepath.Join(dir, "out-"+strings.ReplaceAll(sig.String(), " ", "-"))
			cmd := exec.Command(bin, "run", long, "-runs", "4", "-out", out, "-max-work", "1e12")
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(1500 * time.Millisecond)
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			sent := time.Now()
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				_ = cmd.Process.Kill()
				t.Fatalf("still running 10 s after %v", sig)
			}
			if el := time.Since(sent); el > time.Second {
				t.Errorf("ended %v after %v; want within a second", el, sig)
			}
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				t.Fatalf("exit: %v; want a failure", err)
			}
			ws := ee.Sys().(syscall.WaitStatus)
			switch sig {
			case syscall.SIGQUIT:
				if !ws.Signaled() || ws.Signal() != syscall.SIGABRT {
					t.Errorf("after SIGQUIT: %v; want death by SIGABRT (status 134), not status 2", ws)
				}
			default:
				if ws.ExitStatus() != 130 || !strings.Contains(stderr.String(), "interrupted; nothing written") {
					t.Errorf("after %v: status %d, stderr %q; want 130 and 'interrupted'", sig, ws.ExitStatus(), stderr.String())
				}
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s was written", out)
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if strings.HasPrefix(e.Name(), ".") {
					t.Errorf("a temporary %s was left", e.Name())
				}
			}
		})
	}
}
