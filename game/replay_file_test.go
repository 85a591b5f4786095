package game_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
)

// LoadReplay reads a replay file and plays it through before anything
// runs: a good file gives the recording written, with its progress to the
// end; a file that is not a regular file, not a replay, or that the battle
// refuses gives an error naming the file (and its line).
func TestLoadReplay(t *testing.T) {
	g := newGame(t, game.DefaultConfig())
	runUntil(g, 1)
	good := recordingText(t, g.Recording())
	dir := t.TempDir()
	for _, tc := range []struct {
		name, text string // text "": no file written
		want       string // in the error; "" for none
	}{
		{"good.txt", good, ""},
		{"corrupt.txt", "hello\n", "line 1: not a replay file"},
		{"ghost.txt", strings.Replace(good, "\nend ", "\ntick 100 kill 9\nend ", 1), ": tick 100: kill 9: no such soldier: 9"},
		{"missing.txt", "", "missing.txt"},
		{".", "", "a directory"},
	} {
		path := filepath.Join(dir, tc.name)
		if tc.text != "" {
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		var last, total float64
		rec, err := game.LoadReplay(path, func(d, tot float64) { last, total = d, tot })
		if tc.want != "" {
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), filepath.Clean(path)) {
				t.Errorf("%s: got error %v; want one naming the file and %q", tc.name, err, tc.want)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: got error %v; want none", tc.name, err)
		}
		if got := recordingText(t, rec); got != good || last != total || total <= 0 {
			t.Errorf("%s: got a recording of %d bytes, progress %v of %v; want the %d written, played to the end", tc.name, len(got), last, total, len(good))
		}
	}
}

// LoadReplay's error is a *ReplayFileError, the file and the problem apart,
// so that the demo names the file its own way without cutting it off the
// message (it did: "-replay " and the text after "FILE: "): Path is the
// file, Err the problem alone, and the message the two. A file that is not
// there is "no such file", as every other missing file of the demo and the
// lab reads (safefile.Plain), without "stat FILE" and not the system's
// words ("no such file or directory", on Windows "The system cannot find
// the file specified."). A file that is not a regular file is refused by
// name, its message beginning with it.
func TestLoadReplayErrorHasTheFileApart(t *testing.T) {
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt.txt")
	if err := os.WriteFile(corrupt, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		want string // the problem alone
		is   error  // errors.Is finds it
	}{
		{corrupt, `line 1: not a replay file: want "moralebreak-replay 1"`, game.ErrBadReplay},
		{filepath.Join(dir, "missing.txt"), "no such file", fs.ErrNotExist},
	} {
		_, err := game.LoadReplay(tc.path, nil)
		var fe *game.ReplayFileError
		if !errors.As(err, &fe) {
			t.Errorf("LoadReplay(%s): got %v (%T); want a *game.ReplayFileError", tc.path, err, err)
			continue
		}
		if fe.Path != tc.path || fe.Err.Error() != tc.want || err.Error() != tc.path+": "+tc.want || !errors.Is(err, tc.is) {
			t.Errorf("LoadReplay(%s): got Path %q, Err %q, message %q; want %q, %q, \"PATH: problem\", wrapping %v", tc.path, fe.Path, fe.Err, err, tc.path, tc.want, tc.is)
		}
	}
	if _, err := game.LoadReplay(dir, nil); err == nil || !strings.HasPrefix(err.Error(), dir+": ") {
		t.Errorf("LoadReplay(a folder): got %v; want an error beginning %q", err, dir+": ")
	}
}

// ReplayStatus.String says how a replay ended, or where it is.
func TestReplayStatusString(t *testing.T) {
	for _, tc := range []struct {
		st   game.ReplayStatus
		want string
	}{
		{game.ReplayStatus{Done: true, Match: true, End: 480, Digest: "ab", Want: "ab"}, "end at tick 480 (2.00 s of session): digest ab equals the file's"},
		{game.ReplayStatus{Done: true, End: 240, Digest: "ab", Want: "cd"}, "end at tick 240 (1.00 s of session): digest ab DIFFERS from the file's cd"},
		{game.ReplayStatus{Err: errors.New("line 9: no such soldier: 9")}, "line 9: no such soldier: 9"},
		{game.ReplayStatus{Active: true, End: 480, Progress: 100}, "at tick 100 of 480"},
	} {
		if got := tc.st.String(); got != tc.want {
			t.Errorf("%+v: got %q; want %q", tc.st, got, tc.want)
		}
	}
}

// A replay's error is the problem alone, naming its line, and LoadReplay's
// the file and the problem: they began "game: bad replay: ", the sentinel's
// words (the demo said "demo: -replay: FILE: game: bad replay: line 32: …"),
// and a command the battle refused quoted the package's too: "kill 9: game:
// no such soldier: 9", "kill 3: game: soldier is dead: Dubois (3)", as did
// a scenario block's "game: bad scenario". errors.Is still finds
// ErrBadReplay, and the error it wraps.
func TestReplayErrorsSayTheProblemAlone(t *testing.T) {
	// recorded returns the replay file of a session of cfg run for 1 s.
	recorded := func(cfg game.Config) string {
		g := newGame(t, cfg)
		runUntil(g, 1)
		return recordingText(t, g.Recording())
	}
	// withTicks is text with the tick lines ticks before its end line.
	withTicks := func(text, ticks string) string { return strings.Replace(text, "\nend ", "\n"+ticks+"\nend ", 1) }
	good := recorded(game.DefaultConfig())
	ghost := withTicks(good, "tick 100 kill 9")
	dead := withTicks(good, "tick 100 kill 3\ntick 110 kill 3")
	armiesCfg := game.DefaultConfig()
	armiesCfg.Scene = game.SceneArmies
	armies := withTicks(recorded(armiesCfg), "tick 100 reinforce 3")
	scenario := strings.Replace(recorded(game.Config{Scene: game.SceneScenario, Scenario: testScenario(), Seed: 3, Soldiers: 5}), "| size = 6", "| size = 0", 1)
	settings, tick := lineOf(t, good, "| ShakenBelow", 1), lineOf(t, ghost, "tick 100", 1) // the line of a tick added to good
	dir := t.TempDir()
	for _, tc := range []struct {
		name, text string
		want       string // the error's start
		also       error  // wrapped besides ErrBadReplay; nil for none
	}{
		{"empty", "", `line 1: empty file; want "moralebreak-replay 1"`, nil},
		{"not a replay", "hello\n", `line 1: not a replay file: want "moralebreak-replay 1"`, nil},
		{"a setting", strings.Replace(good, "| ShakenBelow = 0.6", "| ShakenBelow = abc", 1),
			fmt.Sprintf("line %d: ShakenBelow is abc; write a number such as 0.6 (in the settings block of line", settings), nil},
		// A rule of two settings names the other's line, the file's too.
		{"two settings at odds", strings.Replace(good, "| PanicBelow = 0.25", "| PanicBelow = 0.7", 1),
			fmt.Sprintf("line %d: PanicBelow is 0.7; it must be below ShakenBelow (0.6); ShakenBelow is set on line %d (in the settings block of line", lineOf(t, good, "| PanicBelow", 1), settings), nil},
		{"a soldier who is not there", ghost, fmt.Sprintf("line %d: tick 100: kill 9: no such soldier: 9", tick), game.ErrNoSoldier},
		{"a dead man", dead, fmt.Sprintf("line %d: tick 110: kill 3: soldier is dead: Dubois (3)", tick+1), game.ErrDead},
		{"a shell off the field", withTicks(good, "tick 100 shell 1e9 0"),
			fmt.Sprintf("line %d: tick 100: shell 1e+09 0: location is not on the field: (1e+09, 0)", tick), game.ErrBadPoint},
		{"a squad that is not there", withTicks(good, "tick 100 rally-squad 9"),
			fmt.Sprintf("line %d: tick 100: rally-squad 9: no such squad: 9", tick), game.ErrNoSquad},
		{"reinforcements in the armies", armies, fmt.Sprintf("line %d: tick 100: reinforce 3: reinforcement count out of range: ", lineOf(t, armies, "tick 100", 1)), game.ErrBadCount},
		{"a scenario squad of no men", scenario, fmt.Sprintf("line %d: scenario block: bad scenario: squad 1 (\"a\"): size 0", lineOf(t, scenario, "scenario", 1)), nil},
		{"too long to play", strings.Replace(strings.Replace(good, "soldiers 5\n", "soldiers 5000\n", 1), "\nend 240\n", "\nend 20736000\n", 1),
			"playing it through would take too long: its 24 h of battle and 0 commands (restarts and reinforcements counted) are about as much work as 24 h of 5000 soldiers", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".txt")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := game.LoadReplay(path, nil)
			if err == nil || !strings.HasPrefix(err.Error(), path+": "+tc.want) {
				t.Errorf("LoadReplay: got %v; want %q", err, path+": "+tc.want+"…")
			}
			if !errors.Is(err, game.ErrBadReplay) || tc.also != nil && !errors.Is(err, tc.also) {
				t.Errorf("LoadReplay: got %v; want it to wrap ErrBadReplay and %v", err, tc.also)
			}
			if err != nil && (strings.Contains(err.Error(), "bad replay") || strings.Contains(err.Error(), "game: ")) {
				t.Errorf("LoadReplay: got %q; want no \"bad replay\" or \"game: \" in it", err)
			}
		})
	}
}
