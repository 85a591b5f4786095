package main

import (
	"errors"
	"os"
	"testing"

	"github.com/moralebreak/moralebreak/game"
)

// The demo says a -replay problem one way, "-replay FILE: problem", the
// file named once: a file that fails to load (game.LoadReplay's error,
// a *game.ReplayFileError or the refusal of a file that is not a regular
// one, each beginning with the file) and a replay that stops mid-way in the
// window (its status's error, without the file, given as a
// *game.ReplayFileError), which a display is needed to reach. The first
// said "-replay: FILE: …"; the file is no longer cut off the message's
// text.
func TestReplayErrorNamesTheFileOnce(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("r.txt", []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir("d", 0o755); err != nil {
		t.Fatal(err)
	}
	loaded := func(path string) error {
		_, err := game.LoadReplay(path, nil)
		return err
	}
	for _, tc := range []struct {
		err  error
		want string
	}{
		{loaded("r.txt"), `-replay r.txt: line 1: not a replay file: want "moralebreak-replay 1"`},
		{loaded("none.txt"), "-replay none.txt: no such file"},
		{loaded("d"), "-replay d: is a directory, not a regular file (a replay must be one)"},
		{&game.ReplayFileError{Path: "r.txt", Err: errors.New("line 32: tick 100: kill 9: no such soldier: 9")}, "-replay r.txt: line 32: tick 100: kill 9: no such soldier: 9"},
	} {
		if got := replayError(tc.err).Error(); got != tc.want {
			t.Errorf("replayError(%q): got %q; want %q", tc.err, got, tc.want)
		}
	}
}
