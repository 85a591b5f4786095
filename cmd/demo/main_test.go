package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

func build(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("SKIPPED in -short mode: builds the demo")
	}
	bin := filepath.Join(t.TempDir(), "demo")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// Without a display the demo says which Debian packages it needs instead of
// printing a stack trace.
func TestNoDisplayNamesThePackages(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("SKIPPED: the display check is for Linux")
	}
	bin := build(t)
	dir := t.TempDir()
	cmd := exec.Command(bin, "-weights", filepath.Join(dir, "weights.toml"))
	cmd.Env = append(os.Environ(), "DISPLAY=", "WAYLAND_DISPLAY=")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("the demo started without a display:\n%s", out)
	}
	for _, want := range []string{"DISPLAY", "xvfb", "libgl1-mesa-dri", "libgl1"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output does not mention %q:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "goroutine ") {
		t.Errorf("output is a stack trace:\n%s", out)
	}
}

// A broken weights file stops the demo with the file and the line, exit 1.
func TestBrokenWeightsFileNamesTheLine(t *testing.T) {
	bin := build(t)
	path := filepath.Join(t.TempDir(), "weights.toml")
	if err := os.WriteFile(path, []byte("ShakenBelow = 0.6\nPanicBelow = \n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-weights", path).CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
		t.Fatalf("exit: %v; want status 2 (bad input)\n%s", err, out)
	}
	if !strings.Contains(string(out), path) || !strings.Contains(string(out), "line 2") {
		t.Errorf("output does not name %s and line 2:\n%s", path, out)
	}
}

// A weights file with several problems is still said in one line: the first
// problem, with its file and line, and how many more there are.
func TestWeightsFileWithManyProblemsIsOneLine(t *testing.T) {
	bin := build(t)
	path := filepath.Join(t.TempDir(), "weights.toml")
	if err := os.WriteFile(path, []byte("Hysteresis = -1\nPanicBelow = 9\n[weights]\nFoo = 1e9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-weights", path).CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
		t.Fatalf("exit: %v; want status 2 (bad input)\n%s", err, out)
	}
	msg := strings.TrimSuffix(string(out), "\n")
	if strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "demo: "+path+": line ") || !strings.Contains(msg, "more problems)") {
		t.Errorf("output %q; want one line naming %s, a line, and how many more problems", msg, path)
	}
}

// A -state file that cannot be written is bad input: the demo says why,
// once, and exits with status 2 before it opens a window (checkOutputs),
// instead of dropping the file every frame.
func TestUnwritableStateFileEndsTheDemo(t *testing.T) {
	bin := build(t)
	dir := t.TempDir()
	state := filepath.Join(dir, "missing", "state.json")
	cmd := exec.Command(bin, "-weights", filepath.Join(dir, "weights.toml"), "-state", state)
	done := make(chan struct{})
	timer := time.AfterFunc(60*time.Second, func() { _ = cmd.Process.Kill(); close(done) })
	out, err := cmd.CombinedOutput()
	if !timer.Stop() {
		<-done
		t.Fatalf("the demo ran on for 60 s with an unwritable -state file:\n%s", out)
	}
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
		t.Fatalf("exit: %v; want status 2 (bad input)\n%s", err, out)
	}
	if msg := string(out); strings.Count(msg, "-state") != 1 || !strings.Contains(msg, "missing") {
		t.Errorf("output %q; want the -state error once, naming the path", msg)
	}
}
