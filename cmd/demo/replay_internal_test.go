package main

import (
	"errors"
	"testing"
)

// The demo says a -replay problem one way, "-replay FILE: problem", the
// file named once: a file that fails to load (game.LoadReplay's error
// begins with the file) and a replay that stops mid-way in the window (its
// status's error, without the file), which a display is needed to reach.
// The first said "-replay: FILE: …".
func TestReplayErrorNamesTheFileOnce(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{errors.New("r.txt: line 1: not a replay file"), "-replay r.txt: line 1: not a replay file"},
		{errors.New("line 32: tick 100: kill 9: no such soldier: 9"), "-replay r.txt: line 32: tick 100: kill 9: no such soldier: 9"},
	} {
		if got := replayError("r.txt", tc.err).Error(); got != tc.want {
			t.Errorf("replayError(%q): got %q; want %q", tc.err, got, tc.want)
		}
	}
}
