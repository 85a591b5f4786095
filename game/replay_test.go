package game_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// roundTrip writes g's recording, reads it back, plays it with no window
// and checks that the replay ends with g's digest. It returns the text.
func roundTrip(t testing.TB, g *game.Session) string {
	t.Helper()
	rec := g.Recording()
	if rec.Digest != g.Digest() || rec.End != g.SessionTicks() {
		t.Fatalf("Recording: digest %s at %d; want %s at %d", rec.Digest, rec.End, g.Digest(), g.SessionTicks())
	}
	text := recordingText(t, rec)
	back, err := game.ReadReplay(strings.NewReader(text))
	if err != nil {
		t.Fatalf("ReadReplay: %v\n%s", err, text)
	}
	r, err := game.PlayReplay(back)
	if err != nil {
		t.Fatalf("PlayReplay: %v", err)
	}
	st := r.ReplayStatus()
	if !st.Done || !st.Match || st.Digest != rec.Digest {
		t.Fatalf("replay: done %v match %v digest %s; want done, digest %s", st.Done, st.Match, st.Digest, rec.Digest)
	}
	if got, want := soldiers(r), soldiers(g); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("replayed soldiers differ:\ngot  %v\nwant %v", got, want)
	}
	// The replay records the same session again.
	if again := recordingText(t, r.Recording()); again != text {
		t.Errorf("the replay's own recording differs from the file:\ngot\n%s\nwant\n%s", again, text)
	}
	return text
}

func TestReplayOpening(t *testing.T) {
	g := newGame(t, game.DefaultConfig())
	runUntil(g, 30)
	text := roundTrip(t, g)
	if !strings.HasPrefix(text, "moralebreak-replay 1\n") {
		t.Errorf("file starts %q; want the format line", text[:30])
	}
}

// everyKind plays a session that uses every command kind, at ×4, paused and
// stepped on the way.
func everyKind(t testing.TB) *game.Session {
	g := newGame(t, game.DefaultConfig())
	s := g.Settings().Clone()
	s.Weights[morale.AllyDown] = -0.25
	cmds := []game.Command{
		game.SetSpeed{Factor: 4}, game.Shell{At: morale.Vec2{X: 1500.5, Y: 1234.25}}, game.SetDebug{On: true},
		game.Pause{Paused: true}, game.Step{}, game.Step{}, game.Pause{Paused: false},
		kill{}, rout{}, game.Rally{}, game.RallySquad{ID: game.PlayerSquad},
		game.Reinforce{N: 3}, game.SetSettings{Settings: s}, game.SetSpeed{Factor: 0.25},
		kill{}, game.Restart{}, game.SetDebug{On: false}, game.SetSpeed{Factor: 1}, kill{},
	}
	for i, c := range cmds {
		for k := 0; k < 37+i*11; k++ {
			g.Tick()
		}
		switch c.(type) {
		case kill:
			c = game.Kill{ID: firstAlive(t, g)}
		case rout:
			c = game.ForceRout{ID: firstAlive(t, g)}
		}
		apply(t, g, c)
	}
	runUntil(g, g.Time()+5)
	return g
}

// kill and rout stand for Kill and ForceRout of the first living soldier.
type (
	kill struct{ game.Kill }
	rout struct{ game.ForceRout }
)

// firstAlive returns the ID of the first living soldier.
func firstAlive(t testing.TB, g *game.Session) int {
	t.Helper()
	for _, s := range soldiers(g) {
		if s.Alive {
			return s.ID
		}
	}
	t.Fatal("nobody alive")
	return -1
}

func TestReplayEveryCommandKind(t *testing.T) {
	text := roundTrip(t, everyKind(t))
	for _, w := range []string{" kill ", " shell 1500.5 1234.25", " rally\n", " rally-squad 1", " force-rout ",
		" reinforce 3", " settings\n| ", " restart", " debug on", " debug off"} {
		if !strings.Contains(text, w) {
			t.Errorf("the file lacks %q", w)
		}
	}
	for _, w := range []string{"pause", "step", "speed"} {
		if strings.Contains(text, " "+w) {
			t.Errorf("the file records %q; want speed, pause and step only as ticks", w)
		}
	}
}

func TestReplaySettingsEdits(t *testing.T) {
	g := newGame(t, game.DefaultConfig())
	for i, w := range []float64{-0.3, -0.05, -0.5} {
		runUntil(g, float64(3+4*i))
		s := g.Settings().Clone()
		s.Weights[morale.AllyDown] = w
		s.SquadUpdateInterval = 0.25 + 0.05*float64(i)
		s.Weights["Custom Event # 1"] = 0.1
		apply(t, g, game.SetSettings{Settings: s})
	}
	runUntil(g, 25)
	roundTrip(t, g)
}

// A session made at ×4, paused and stepped replays identically at ×1 in
// real ticks (as the window plays it), not only headless.
func TestReplaySpeedIndependent(t *testing.T) {
	g := everyKind(t)
	rec := g.Recording()
	r, err := game.NewReplay(rec)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 1e6 && r.ReplayStatus().Active; i++ {
		r.Tick()
	}
	st := r.ReplayStatus()
	if !st.Done || !st.Match {
		t.Fatalf("replay at ×1: done %v, digest %s; want %s", st.Done, st.Digest, rec.Digest)
	}
	if r.SessionTicks() != rec.End || !r.Paused() {
		t.Errorf("replay stopped at %d (paused %v); want paused at its end %d", r.SessionTicks(), r.Paused(), rec.End)
	}
}

func TestReplayUnknownSoldierStops(t *testing.T) {
	for _, tc := range []struct{ cmd, want string }{
		{"kill 7", "no such soldier"},
		{"force-rout 12", "no such soldier"},
		{"kill 4\ntick 200 kill 4", "dead"},
		{"rally-squad 9", "no such squad"},
	} {
		g := newGame(t, game.DefaultConfig())
		runUntil(g, 1)
		text := strings.Replace(recordingText(t, g.Recording()), "end 240\n", "tick 100 "+tc.cmd+"\nend 240\n", 1)
		rec, err := game.ReadReplay(strings.NewReader(text))
		if err != nil {
			t.Fatalf("%s: ReadReplay: %v", tc.cmd, err)
		}
		lines := strings.Split(text, "\n")
		line := 0
		for i, l := range lines {
			if strings.HasPrefix(l, "tick ") {
				line = i + 1
				break
			}
		}
		if tc.want == "dead" {
			line++
		}
		_, err = game.PlayReplay(rec)
		if err == nil || !errors.Is(err, game.ErrBadReplay) || !strings.Contains(err.Error(), fmt.Sprintf("line %d:", line)) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v; want an error naming line %d and %q", tc.cmd, err, line, tc.want)
		}
	}
}

func TestReadReplayRejects(t *testing.T) {
	g := newGame(t, game.DefaultConfig())
	runUntil(g, 0.5)
	apply(t, g, game.Kill{ID: 2})
	runUntil(g, 1)
	good := recordingText(t, g.Recording())
	if _, err := game.ReadReplay(strings.NewReader(good)); err != nil {
		t.Fatalf("the good file: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(good, "\n"), "\n")
	n := len(lines) // the digest line
	find := func(prefix string) int { return lineOf(t, good, prefix, 1) }
	// edit replaces line k (1-based) with s ("" deletes it).
	edit := func(k int, s string) string {
		out := append([]string(nil), lines[:k-1]...)
		if s != "\x00" {
			out = append(out, s)
		}
		return strings.Join(append(out, lines[k:]...), "\n") + "\n"
	}
	tick := find("tick ")
	settings := find("settings")
	for _, tc := range []struct {
		name, text string
		line       int
		want       string
	}{
		{"empty", "", 1, "empty file"},
		{"not a replay", "hello\n", 1, "not a replay file"},
		{"newer version", edit(1, "moralebreak-replay 2"), 1, "newer"},
		{"bad version", edit(1, "moralebreak-replay x"), 1, "version"},
		{"truncated before end", strings.Join(lines[:tick], "\n") + "\n", tick + 1, "truncated"},
		{"truncated before digest", strings.Join(lines[:n-1], "\n") + "\n", n, "truncated"},
		{"cut mid-line", good[:len(good)-20], n, "digest"},
		{"bad seed", edit(find("seed"), "seed -1"), find("seed"), "seed"},
		{"bad soldiers", edit(find("soldiers"), "soldiers 0"), find("soldiers"), "soldiers"},
		{"bad opening", edit(find("opening"), "opening maybe"), find("opening"), "opening"},
		{"bad settings", edit(settings+1, "| ShakenBelow = 2"), settings + 1, "ShakenBelow"},
		{"unknown key in settings", edit(settings+1, "| Nerve = 1"), settings + 1, "Nerve"},
		{"no settings", edit(settings, "# none"), settings + 1, "unknown line"},
		{"no settings block", strings.Join(append(append([]string(nil), lines[:settings-1]...), lines[tick-1:]...), "\n") + "\n", settings, "before the settings line"},
		{"bad tick", edit(tick, "tick x kill 2"), tick, "tick"},
		{"tick after end", edit(tick, "tick 99999999 kill 2"), tick, "tick"},
		{"tick backwards", edit(tick, lines[tick-1]+"\ntick 1 rally"), tick + 1, "before the previous"},
		{"unknown command", edit(tick, "tick 120 dance"), tick, "unknown command"},
		{"missing argument", edit(tick, "tick 120 kill"), tick, "argument"},
		{"NaN shell", edit(tick, "tick 120 shell NaN 5"), tick, "finite"},
		{"bad reinforce", edit(tick, "tick 120 reinforce 0"), tick, "reinforce"},
		{"bad debug", edit(tick, "tick 120 debug maybe"), tick, "debug"},
		{"pause is not recorded", edit(tick, "tick 120 pause"), tick, "unknown command"},
		{"end before tick", edit(find("end"), "end 3"), find("end"), "before the previous"},
		{"bad digest", edit(n, "digest 12ab"), n, "64 hex"},
		{"after digest", good + "tick 999 rally\n", n + 1, "after the digest"},
		{"unknown line", edit(tick, "bogus 1"), tick, "unknown line"},
		{"header after tick", edit(tick, lines[tick-1]+"\nseed 4"), tick + 1, "after the first tick"},
		{"second seed", edit(find("seed"), "seed 1\nseed 2"), find("seed") + 1, "second seed"},
		{"long line", edit(tick, "# "+strings.Repeat("x", 70000)), tick, "longer than"},
		{"empty settings block", edit(tick, "tick 120 settings"), tick, "empty"},
	} {
		_, err := game.ReadReplay(strings.NewReader(tc.text))
		if err == nil || !errors.Is(err, game.ErrBadReplay) {
			t.Errorf("%s: got %v; want ErrBadReplay", tc.name, err)
			continue
		}
		if w := fmt.Sprintf("line %d:", tc.line); !strings.Contains(err.Error(), w) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %q; want %q and %q", tc.name, err, w, tc.want)
		}
	}
}

// A problem inside a settings or scenario block names the file's line, the
// one a designer editing the replay finds in an editor, and the block it is
// in; it once named the block's own line ("line 32: settings block (its
// lines counted from 1): line 2: PanicBelow is 0.25; …"), and a scenario
// block's value of the wrong type did until later ("line 8: scenario
// block: toml: line 15 (last key \"squad.size\"): …", the decoder's line
// being the last squad's), and an unknown key later still ("line 8:
// scenario block: unknown key \"squad.bogus\"").
func TestReplayBlockErrorsNameTheFilesLine(t *testing.T) {
	g := newGame(t, game.DefaultConfig())
	runUntil(g, 0.5)
	s := g.Settings().Clone()
	s.Weights[morale.AllyDown] = -0.3
	apply(t, g, game.SetSettings{Settings: s})
	runUntil(g, 1)
	good := recordingText(t, g.Recording())
	sc, err := game.NewSession(game.Config{Scene: game.SceneScenario, Scenario: testScenario(), Seed: 3, Soldiers: 5})
	if err != nil {
		t.Fatal(err)
	}
	scText := recordingText(t, sc.Recording())
	// edit replaces the n-th line beginning with prefix by with.
	edit := func(text, prefix string, n int, with string) string {
		lines := strings.Split(text, "\n")
		lines[lineOf(t, text, prefix, n)-1] = with
		return strings.Join(lines, "\n")
	}
	first, second := lineOf(t, good, "settings", 1), lineOf(t, good, "tick ", 1)
	scen := lineOf(t, scText, "scenario", 1)
	for _, tc := range []struct {
		name, text  string
		line, block int
		want        string
	}{
		{"a rule between two, in a tick's block", edit(good, "| PanicBelow", 2, "| PanicBelow = 0.9"),
			lineOf(t, good, "| PanicBelow", 2), second, "PanicBelow is 0.9"},
		{"an unknown row after a comment", edit(good, "| Rest", 1, "| Rest = 0.03\n# my note\n\n| Bogus = 1"),
			lineOf(t, good, "| Rest", 1) + 3, first, "Bogus"},
		{"two problems", edit(edit(good, "| Hysteresis", 1, "| Hysteresis = x"), "| NerveMax", 1, "| NerveMax = 9"),
			lineOf(t, good, "| Hysteresis", 1), first, fmt.Sprintf("; line %d: NerveMax", lineOf(t, good, "| NerveMax", 1))},
		{"a scenario block's syntax", edit(scText, "| duration", 1, "| duration = = 3"),
			lineOf(t, scText, "| duration", 1), scen, "expected value"},
		{"a scenario block's type", edit(scText, "| duration", 1, `| duration = "x"`),
			lineOf(t, scText, "| duration", 1), scen, "duration: incompatible types"},
		{"a type in the scenario block's first squad of two", edit(scText, "| size", 1, `| size = "six"`),
			lineOf(t, scText, "| size", 1), scen, "size: incompatible types"},
		{"a type in the scenario block's third event", edit(scText, "| count", 3, "| count = [1]"),
			lineOf(t, scText, "| count", 3), scen, "count: incompatible types"},
		{"an unknown key in the scenario block's second squad", edit(scText, "| spacing", 2, "| spacing = 100.0\n| bogus = 1"),
			lineOf(t, scText, "| spacing", 2) + 1, scen, `unknown key "bogus"`},
		{"unknown keys in the scenario block's head and third event", edit(edit(scText, "| count", 3, "| count = 1\n| radious = 2"), "| duration", 1, "| duration = 30.0\n| durration = 3"),
			lineOf(t, scText, "| duration", 1) + 1, scen, fmt.Sprintf(`unknown key "durration"; line %d: unknown key "radious"`, lineOf(t, scText, "| count", 3)+2)},
	} {
		_, err := game.ReadReplay(strings.NewReader(tc.text))
		if err == nil || !errors.Is(err, game.ErrBadReplay) {
			t.Errorf("%s: got %v; want ErrBadReplay", tc.name, err)
			continue
		}
		msg := err.Error()
		head := fmt.Sprintf("line %d: ", tc.line)
		kind := "settings"
		if strings.Contains(tc.name, "scenario") {
			kind = "scenario"
		}
		tail := fmt.Sprintf("(in the %s block of line %d)", kind, tc.block)
		if !strings.HasPrefix(msg, head) || !strings.HasSuffix(msg, tail) || !strings.Contains(msg, tc.want) || strings.Contains(msg, "counted from") {
			t.Errorf("%s: got %q; want it to begin %q, contain %q and end %q", tc.name, msg, head, tc.want, tail)
		}
	}
}

// FuzzReplay feeds random command streams (each byte a command or a run of
// ticks) to a battle, and checks that its recording, written and read back,
// replays to the same digest.
func FuzzReplay(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add([]byte{12, 12, 3, 200, 40, 7, 7, 7, 9, 250, 1})
	f.Add([]byte("restart after a kill and a shell"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 64 {
			data = data[:64]
		}
		g := newGame(t, game.DefaultConfig())
		for i, b := range data {
			arg := 0
			if i+1 < len(data) {
				arg = int(data[i+1])
			}
			var c game.Command
			switch b % 16 {
			case 0:
				c = game.Kill{ID: arg % 9}
			case 1:
				c = game.Shell{At: morale.Vec2{X: float64(arg) * 23.5, Y: float64(arg) * 14.1}}
			case 2:
				c = game.Rally{}
			case 3:
				c = game.RallySquad{ID: morale.SquadID(arg % 3)}
			case 4:
				c = game.ForceRout{ID: arg % 9}
			case 5:
				c = game.Reinforce{N: 1 + arg%4}
			case 6:
				s := g.Settings().Clone()
				s.Weights[morale.AllyDown] = -float64(arg) / 255
				s.SquadUpdateInterval = 0.05 + float64(arg%8)*0.05
				c = game.SetSettings{Settings: s}
			case 7:
				c = game.Pause{Paused: arg%2 == 0}
			case 8:
				c = game.Step{}
			case 9:
				c = game.SetSpeed{Factor: []float64{0.25, 1, 4, 8}[arg%4]}
			case 10:
				c = game.Restart{}
			case 11:
				c = game.SetDebug{On: arg%2 == 0}
			default:
				for k := 0; k < int(b)*2; k++ {
					g.Tick()
				}
				continue
			}
			_ = g.Apply(c) // a refused command changes nothing and is not recorded
		}
		for k := 0; k < 30; k++ {
			g.Tick()
		}
		roundTrip(t, g)
	})
}

// FuzzReadReplay feeds arbitrary text to ReadReplay: it never panics, every
// error names a line, and what it accepts writes back to text it reads to
// the same recording (and, when short, plays without panicking).
func FuzzReadReplay(f *testing.F) {
	g := newGame(f, game.DefaultConfig())
	runUntil(g, 0.5)
	apply(f, g, game.Shell{At: morale.Vec2{X: 2000, Y: 1000}})
	s := g.Settings().Clone()
	s.Weights["Odd \"name\""] = 0.5
	apply(f, g, game.SetSettings{Settings: s})
	runUntil(g, 1)
	f.Add(recordingText(f, g.Recording()))
	f.Add("moralebreak-replay 1\nseed 1\nsoldiers 5\nopening on\nsettings\n| ShakenBelow = 0.6\ntick 3 kill 9\nend 9\ndigest -\n")
	f.Add("moralebreak-replay 2\n")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := game.ReadReplay(strings.NewReader(text))
		if err != nil {
			if !errors.Is(err, game.ErrBadReplay) || !strings.Contains(err.Error(), "line ") {
				t.Fatalf("error %q; want ErrBadReplay naming a line", err)
			}
			return
		}
		var out bytes.Buffer
		if err := r.Write(&out); err != nil {
			return // settings a block read but WriteSettings refuses: none known
		}
		back, err := game.ReadReplay(bytes.NewReader(out.Bytes()))
		if err != nil {
			t.Fatalf("written back, it does not read: %v\n%s", err, out.String())
		}
		var again bytes.Buffer
		if err := back.Write(&again); err != nil || again.String() != out.String() {
			t.Fatalf("second round trip differs (%v)", err)
		}
		// Play it only when that is cheap, so that each run stays well under
		// a millisecond and shrinking a new input stays quick: the armies
		// scene builds 10,000 soldiers at the start and at every restart.
		if r.End <= 2*game.SubTicksPerSecond && r.Soldiers <= 50 && (r.Scene == "" || len(r.Entries) <= 2) {
			_, _ = game.PlayReplay(r) // an error is fine; a panic is not
		}
	})
}

// A session of the armies scene records its scene and replays to the same
// digest, which covers every man of both armies (the World's agents), and a
// different scene gives a different digest.
func TestReplayArmies(t *testing.T) {
	cfg := game.DefaultConfig()
	cfg.Scene = game.SceneArmies
	g := newGame(t, cfg)
	runUntil(g, 3)
	apply(t, g, game.Kill{ID: 3})
	apply(t, g, game.Shell{At: morale.Vec2{X: 30000, Y: 17000}})
	apply(t, g, game.SelectSquad{ID: 7})
	runUntil(g, 8)
	text := roundTrip(t, g)
	if !strings.Contains(text, "\nscene armies\n") {
		t.Errorf("armies recording has no scene line:\n%.300s", text)
	}
	if !strings.Contains(text, " select-squad 7\n") {
		t.Errorf("armies recording has no select-squad line:\n%.600s", text)
	}
	op := newGame(t, game.DefaultConfig())
	runUntil(op, 8)
	if op.Digest() == g.Digest() {
		t.Errorf("the opening and the armies at 8 s have the same digest %s", g.Digest())
	}
}
