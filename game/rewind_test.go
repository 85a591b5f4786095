package game_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// A session with every command kind; at each of its moments in marks, the
// digest the battle had when it was played there.
func markedSession(t testing.TB) (*game.Game, map[int64]string) {
	g := newGame(t, game.DefaultConfig())
	marks := map[int64]string{0: g.Digest()}
	s := g.Settings().Clone()
	s.Weights[morale.AllyDown] = -0.3
	cmds := []game.Command{
		game.SetSpeed{Factor: 4}, game.Shell{At: morale.Vec2{X: 1500, Y: 1200}}, game.Step{},
		kill{}, game.Reinforce{N: 2}, game.SetSettings{Settings: s}, rout{}, game.Rally{},
		game.Restart{}, game.SetSpeed{Factor: 1}, kill{},
	}
	for i, c := range cmds {
		for k := 0; k < 60+i*23; k++ {
			g.Tick()
		}
		marks[g.SessionTicks()-7] = "" // between commands: checked against a replay
		switch c.(type) {
		case kill:
			c = game.Kill{ID: firstAlive(t, g)}
		case rout:
			c = game.ForceRout{ID: firstAlive(t, g)}
		}
		apply(t, g, c)
		// A moment is after the commands applied at it.
		marks[g.SessionTicks()] = g.Digest()
	}
	runUntil(g, g.Time()+10)
	marks[g.SessionTicks()] = g.Digest()
	return g, marks
}

// Jumping to a moment gives the same state as having played to it, in any
// order of jumps, backwards and forwards.
func TestRewindEqualsPlayedTo(t *testing.T) {
	g, marks := markedSession(t)
	end := g.SessionTicks()
	full := g.Recording()
	var ticks []int64
	for k := range marks {
		ticks = append(ticks, k)
	}
	// Backwards from the end, then forwards, then scattered.
	order := append([]int64{end}, ticks...)
	order = append(order, 0, end/2, end, ticks[len(ticks)/2])
	for _, k := range order {
		want, ok := marks[k]
		g.RewindTo(k)
		if c, on := g.Cursor(); !on || c != k || !g.Paused() {
			t.Fatalf("RewindTo(%d): cursor %d (set %v), paused %v; want %d, paused", k, c, on, g.Paused(), k)
		}
		if ok && want == "" {
			rec := full
			rec.End = k
			p, err := game.PlayReplay(rec)
			if err != nil {
				t.Fatal(err)
			}
			want = p.Digest()
		}
		if ok && g.Digest() != want {
			t.Errorf("RewindTo(%d): digest %s; want %s, the digest when played there", k, g.Digest(), want)
		}
	}
	if g.SessionEnd() != end {
		t.Errorf("SessionEnd %d; want the original end %d", g.SessionEnd(), end)
	}
	g.RewindTo(end + 1000)
	if g.SessionTicks() != end || g.Digest() != marks[end] {
		t.Errorf("RewindTo past the end: at %d; want the end %d with its digest", g.SessionTicks(), end)
	}
}

// While the cursor is set, the tuner's settings wait for Resume and change
// nothing of the battle shown; Step moves the cursor, Space resumes.
func TestCursorCommands(t *testing.T) {
	g, _ := markedSession(t)
	g.RewindTo(600)
	d := g.Digest()
	s := g.Settings().Clone()
	s.Weights[morale.LeaderDown] = -0.9
	apply(t, g, game.SetSettings{Settings: s})
	if g.Digest() != d || g.Settings().Weights[morale.LeaderDown] != -0.9 {
		t.Errorf("SetSettings at the cursor: digest changed %v, Settings LeaderDown %v; want the battle unchanged, -0.9 pending", g.Digest() != d, g.Settings().Weights[morale.LeaderDown])
	}
	bad := s.Clone()
	bad.ShakenBelow = 2
	if err := g.Apply(game.SetSettings{Settings: bad}); !errors.Is(err, game.ErrBadSettings) {
		t.Errorf("invalid settings at the cursor: got %v; want ErrBadSettings", err)
	}
	apply(t, g, game.Step{})
	if c, _ := g.Cursor(); c <= 600 {
		t.Errorf("Step at the cursor: cursor %d; want past 600", c)
	}
	apply(t, g, game.Pause{Paused: false})
	if _, on := g.Cursor(); on || g.Paused() {
		t.Error("Pause{false} at the cursor: want resumed and running")
	}
	if err := g.Resume(); !errors.Is(err, game.ErrNoCursor) {
		t.Errorf("Resume without a cursor: got %v; want ErrNoCursor", err)
	}
}

// Resume with the same settings replays the original future exactly;
// with another weight, the diff says who breaks when, and the original's
// changes stay as the ghost.
func TestResumeWhatIf(t *testing.T) {
	g := newGame(t, game.DefaultConfig())
	runUntil(g, 30)
	want := g.Digest()
	end := g.SessionTicks()

	g.RewindTo(4 * game.SubTicksPerSecond)
	if err := g.Resume(); err != nil {
		t.Fatal(err)
	}
	for g.SessionTicks() < end {
		g.Tick()
	}
	if g.Digest() != want {
		t.Fatal("resumed with the same settings: the battle differs from the original")
	}
	w, ok := g.WhatIf()
	if !ok || len(w.Changes) != 0 || w.String() != "same settings: no state change differs so far" {
		t.Errorf("same settings: WhatIf %q (%v); want no change", w, ok)
	}
	if len(g.Ghost()) == 0 {
		t.Error("no ghost: want the original future's state changes")
	}

	g.RewindTo(2 * game.SubTicksPerSecond)
	s := g.Settings().Clone()
	s.Weights[morale.AllyDown] = -0.5
	apply(t, g, game.SetSettings{Settings: s})
	if err := g.Resume(); err != nil {
		t.Fatal(err)
	}
	for g.SessionTicks() < end {
		g.Tick()
	}
	w, _ = g.WhatIf()
	text := w.String()
	if !strings.HasPrefix(text, "with AllyDown −0.5: ") || len(w.Changes) == 0 {
		t.Fatalf("WhatIf: %q; want the weight and at least one change", text)
	}
	for _, c := range w.Changes {
		if c.New && c.T <= 2 || c.Old && c.Was <= 2 {
			t.Errorf("change %+v before the branch at 2 s", c)
		}
	}
	t.Log(text)
	if g.Settings().Weights[morale.AllyDown] != -0.5 {
		t.Error("the new future does not run with the new weight")
	}
	apply(t, g, game.Restart{})
	if _, ok := g.WhatIf(); ok || g.Ghost() != nil {
		t.Error("after Restart: a what-if still runs; want none")
	}
}

// BenchmarkRewind jumps in a ten-minute session of the demo's battle (the
// opening, then reinforcements every 30 s and a shell every 10 s), from its
// end to the start, the middle and back to the end (a full
// re-simulation: the worst case). Floor: PlayReplay of the whole session.
func BenchmarkRewind(b *testing.B) {
	g := newGame(b, game.DefaultConfig())
	for s := 1; s <= 600; s++ {
		runUntil(g, float64(s))
		if s%30 == 0 {
			apply(b, g, game.Reinforce{N: 3})
		}
		if s%10 == 0 {
			apply(b, g, game.Shell{At: morale.Vec2{X: 2500, Y: float64(300 + 30*(s%100))}})
		}
	}
	end := g.SessionTicks()
	rec := g.Recording()
	b.Run("floor-PlayReplay", func(b *testing.B) {
		for b.Loop() {
			if _, err := game.PlayReplay(rec); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, tc := range []struct {
		name     string
		from, to int64
	}{
		{"to-start", end, 0}, {"to-middle", end, end / 2}, {"start-to-end", 0, end}, {"end-to-9min", end, end * 9 / 10},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				g.RewindTo(tc.from)
				b.StartTimer()
				g.RewindTo(tc.to)
			}
		})
	}
}
