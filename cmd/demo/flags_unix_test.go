//go:build unix

package main_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/game"
)

// Every bad flag value, the -weights path included, is one line on stderr
// and exit status 2, before the demo looks for a display: the tests run
// without one, so reaching the window would fail differently (status 1 and
// the display help). None may hang: each run is bounded.
func TestBadFlagsExitTwoBeforeAWindow(t *testing.T) {
	bin := build(t)
	dir := t.TempDir()
	good := filepath.Join(dir, "weights.toml")
	fifo := filepath.Join(dir, "fifo.toml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	corrupt, newer, ghost := filepath.Join(dir, "corrupt.txt"), filepath.Join(dir, "newer.txt"), filepath.Join(dir, "ghost.txt")
	endless := filepath.Join(dir, "endless.txt")
	badScenario, goodScenario := filepath.Join(dir, "bad.toml"), filepath.Join(dir, "good.toml")
	for path, text := range map[string]string{
		badScenario:  "name = \"bad\"\n[[squad]]\nname = \"a\"\nsize = 0\n",
		goodScenario: "name = \"good\"\n[[squad]]\nname = \"a\"\nsize = 3\n",
		corrupt:      "hello\n",
		newer:        "moralebreak-replay 2\n",
		ghost:        ghostReplay(t),
		endless:      strings.Replace(strings.Replace(ghostReplay(t), "soldiers 5\n", "soldiers 5000\n", 1), "\nend 480\n", "\nend 20736000\n", 1),
	} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-scale", "NaN"}, "-scale is NaN"},
		{[]string{"-scale", "0"}, "-scale is 0"},
		{[]string{"-scale", "100"}, "-scale is 100"},
		{[]string{"-scale", "1e9"}, "-scale is 1000000000"},
		{[]string{"-at", "NaN", "-screenshot", filepath.Join(dir, "a.png")}, "-at is NaN"},
		{[]string{"-at", "Inf", "-screenshot", filepath.Join(dir, "a.png")}, "-at is +Inf"},
		{[]string{"-at", "-1"}, "-at is -1"},
		{[]string{"-at", "1e9"}, "-at is 1000000000"},
		{[]string{"-soldiers", "0"}, "-soldiers is 0"},
		{[]string{"-soldiers", "-5"}, "-soldiers is -5"},
		{[]string{"-soldiers", "1000000"}, "-soldiers is 1000000"},
		{[]string{"-weights", fifo}, "a FIFO"},
		{[]string{"-weights", dir}, "a directory"},
		{[]string{"-weights", "/dev/zero"}, "a device"},
		{[]string{"-nonsense"}, "nonsense"},
		{[]string{"-gif", filepath.Join(dir, "a.gif"), "-from", "5", "-to", "2"}, "-from 5 is not before -to 2"},
		{[]string{"-gif", filepath.Join(dir, "a.gif"), "-fps", "-1"}, "-fps is -1"},
		{[]string{"-gif", filepath.Join(dir, "no", "a.gif")}, "-gif: cannot write"},
		{[]string{"-replay", filepath.Join(dir, "none.txt")}, "demo: -replay " + filepath.Join(dir, "none.txt") + ": no such file"},
		// a bad replay is the flag, the file and the problem, without "game:
		// bad replay", as at the end of a replay stopped mid-way (it was
		// "-replay: FILE: …" here, "-replay FILE: …" there)
		{[]string{"-replay", corrupt}, "demo: -replay " + corrupt + ": line 1: not a replay file"},
		{[]string{"-replay", newer}, "demo: -replay " + newer + ": line 1: replay format version 2 is newer"},
		{[]string{"-replay", ghost}, "demo: -replay " + ghost + ": line "},
		// A FIFO blocked the demo before any window; /dev/zero read until
		// memory ran out; a 1 kB replay played for 40 minutes.
		{[]string{"-record", fifo}, "-record: cannot write: " + fifo + ": is a FIFO, not a regular file; not replaced"},
		{[]string{"-gif", fifo}, "-gif: cannot write: " + fifo + ": is a FIFO"},
		{[]string{"-screenshot", fifo}, "-screenshot: cannot write: " + fifo + ": is a FIFO"},
		{[]string{"-cpuprofile", fifo}, "-cpuprofile: cannot write: " + fifo + ": is a FIFO"},
		{[]string{"-memprofile", fifo}, "-memprofile: cannot write: " + fifo + ": is a FIFO"},
		{[]string{"-state", fifo}, "-state: cannot write: " + fifo + ": is a FIFO"},
		{[]string{"-state", "/dev/null"}, "-state: cannot write: /dev/null: is a device"},
		{[]string{"-record", "/dev/null"}, "-record: cannot write: /dev/null: is a device"},
		{[]string{"-replay", fifo}, "demo: -replay " + fifo + ": is a FIFO, not a regular file (a replay must be one)"},
		{[]string{"-replay", "/dev/zero"}, "demo: -replay /dev/zero: is a device"},
		{[]string{"-replay", endless}, "playing it through would take too long: its 24 h of battle and 1 command (restarts and reinforcements counted) are about as much work as 24 h of 5000 soldiers, and a replay may take at most 27 min 46 s of 5000 soldiers"},
		// a scenario the lab refuses is the lab's error: file, line, key
		{[]string{"-scenario", badScenario}, "-scenario: " + badScenario + ":4: squad[1].size: is 0; it must lie in 1..100000"},
		// a missing file in a designer's words, without the system call
		// ("stat …", on Windows "GetFileAttributesEx …")
		{[]string{"-scenario", filepath.Join(dir, "none.toml")}, "demo: -scenario: " + filepath.Join(dir, "none.toml") + ": no such file"},
		{[]string{"-scenario", fifo}, "a FIFO"},
		{[]string{"-scenario", goodScenario, "-run", "-1"}, "-run is -1; want 0..999999"},
		{[]string{"-scenario", goodScenario, "-run", "1000000"}, "-run is 1000000"},
		{[]string{"-run", "3"}, "-run needs -scenario"},
		{[]string{"-scenario", goodScenario, "-soldiers", "7"}, "-scenario sets the squads"},
		{[]string{"-scenario", goodScenario, "-replay", ghost}, "-scenario and -replay cannot be used together"},
		{[]string{"-odds", badScenario}, "-odds: " + badScenario + ":4: squad[1].size"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			args := tt.args
			if !strings.Contains(strings.Join(args, " "), "-weights") {
				args = append([]string{"-weights", good}, args...)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, args...)
			cmd.Env = append(os.Environ(), "DISPLAY=", "WAYLAND_DISPLAY=")
			out, err := cmd.CombinedOutput()
			if ctx.Err() != nil {
				t.Fatalf("demo %q still running after 20 s; want it to refuse at once", tt.args)
			}
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 2 {
				t.Fatalf("demo %q: got exit %v; want status 2\n%s", tt.args, err, out)
			}
			msg := strings.TrimSuffix(string(out), "\n")
			if strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "demo: ") || !strings.Contains(msg, tt.want) {
				t.Errorf("demo %q: got output %q; want one line \"demo: …%s…\"", tt.args, out, tt.want)
			}
		})
	}
}

// ghostReplay returns a replay of one second of the opening in which, at
// tick 240, soldier 9 (there are five) is killed.
func ghostReplay(t *testing.T) string {
	g, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	for g.Time() < 2 {
		g.Tick()
	}
	var b strings.Builder
	if err := g.Recording().Write(&b); err != nil {
		t.Fatal(err)
	}
	return strings.Replace(b.String(), "\nend ", "\ntick 240 kill 9\nend ", 1)
}
