package game_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// A session with every command kind; at each of its moments in marks, the
// digest the battle had when it was played there.
func markedSession(t testing.TB) (*game.Session, map[int64]string) {
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
		g.Rewind().To(k)
		if c, on := g.Rewind().Cursor(); !on || c != k || !g.Paused() {
			t.Fatalf("Rewind.To(%d): cursor %d (set %v), paused %v; want %d, paused", k, c, on, g.Paused(), k)
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
			t.Errorf("Rewind.To(%d): digest %s; want %s, the digest when played there", k, g.Digest(), want)
		}
	}
	if g.Rewind().End() != end {
		t.Errorf("SessionEnd %d; want the original end %d", g.Rewind().End(), end)
	}
	g.Rewind().To(end + 1000)
	if g.SessionTicks() != end || g.Digest() != marks[end] {
		t.Errorf("Rewind.To past the end: at %d; want the end %d with its digest", g.SessionTicks(), end)
	}
}

// While the cursor is set, the tuner's settings wait for Resume and change
// nothing of the battle shown; Step moves the cursor, Space resumes.
func TestCursorCommands(t *testing.T) {
	g, _ := markedSession(t)
	g.Rewind().To(600)
	d := g.Digest()
	s := g.Settings().Clone()
	s.Weights[morale.LeaderDown] = -0.9
	apply(t, g, game.SetSettings{Settings: s})
	if g.Digest() != d || g.Settings().Weights[morale.LeaderDown] != -0.9 {
		t.Errorf("SetSettings at the cursor: digest changed %v, Settings LeaderDown %v; want the battle unchanged, -0.9 pending", g.Digest() != d, g.Settings().Weights[morale.LeaderDown])
	}
	for _, p := range morale.Params() {
		if g.Rewind().Pending(p) {
			t.Errorf("SetSettings of a weight at the cursor: %s pending; want only the weight", p.Name)
		}
	}
	// pending: LeaderDown, set now, and AllyDown, set later in the session
	// than the cursor (Resume continues with the settings To found)
	for _, e := range []morale.Event{morale.LeaderDown, morale.AllyDown} {
		if !g.Rewind().Pending(morale.WeightParam(e)) {
			t.Errorf("SetSettings at the cursor: %s not pending; want pending", e)
		}
	}
	if n := g.Rewind().PendingEdits(); n != 2 {
		t.Errorf("SetSettings at the cursor: %d edits pending; want 2 (LeaderDown, AllyDown)", n)
	}
	bad := s.Clone()
	bad.ShakenBelow = 2
	if err := g.Apply(game.SetSettings{Settings: bad}); !errors.Is(err, game.ErrBadSettings) {
		t.Errorf("invalid settings at the cursor: got %v; want ErrBadSettings", err)
	}
	apply(t, g, game.Step{})
	if c, _ := g.Rewind().Cursor(); c <= 600 {
		t.Errorf("Step at the cursor: cursor %d; want past 600", c)
	}
	apply(t, g, game.Pause{Paused: false})
	if _, on := g.Rewind().Cursor(); on || g.Paused() {
		t.Error("Pause{false} at the cursor: want resumed and running")
	}
	if n := g.Rewind().PendingEdits(); n != 0 {
		t.Errorf("resumed: %d edits pending; want 0", n)
	}
	if err := g.Rewind().Resume(); !errors.Is(err, game.ErrNoCursor) {
		t.Errorf("Resume without a cursor: got %v; want ErrNoCursor", err)
	}
	// Forward with no cursor: nothing ahead. It pauses nothing and sets no
	// cursor (To would do both, moving nothing).
	d = g.Digest()
	if err := g.Rewind().By(1); !errors.Is(err, game.ErrAtLatest) {
		t.Errorf("By(1) without a cursor: got %v; want ErrAtLatest", err)
	}
	if _, on := g.Rewind().Cursor(); on || g.Paused() || g.Digest() != d {
		t.Errorf("By(1) without a cursor: cursor %v, paused %v, battle changed %v; want none of them", on, g.Paused(), g.Digest() != d)
	}
}

// EndTime is the battle time the session had reached, wherever the cursor
// is, and now without one.
func TestRewindEndTime(t *testing.T) {
	g := newGame(t, game.DefaultConfig())
	runUntil(g, 20)
	end := g.Time()
	for _, tick := range []int64{600, 5 * game.SubTicksPerSecond, 0} {
		g.Rewind().To(tick)
		if got := g.Rewind().EndTime(); math.Abs(got-end) > 1e-9 {
			t.Errorf("cursor at sub-tick %d: EndTime %v; want %v", tick, got, end)
		}
	}
	apply(t, g, game.Pause{Paused: false})
	runUntil(g, g.Time()+1)
	if got := g.Rewind().EndTime(); got != g.Time() {
		t.Errorf("resumed: EndTime %v; want now, %v", got, g.Time())
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

	g.Rewind().To(4 * game.SubTicksPerSecond)
	if err := g.Rewind().Resume(); err != nil {
		t.Fatal(err)
	}
	for g.SessionTicks() < end {
		g.Tick()
	}
	if g.Digest() != want {
		t.Fatal("resumed with the same settings: the battle differs from the original")
	}
	w, ok := g.Rewind().WhatIf()
	if !ok || len(w.Changes) != 0 || w.String() != "same settings: no state change differs so far" {
		t.Errorf("same settings: WhatIf %q (%v); want no change", w, ok)
	}
	if len(g.Ghost()) == 0 {
		t.Error("no ghost: want the original future's state changes")
	}

	g.Rewind().To(2 * game.SubTicksPerSecond)
	s := g.Settings().Clone()
	s.Weights[morale.AllyDown] = -0.5
	apply(t, g, game.SetSettings{Settings: s})
	if err := g.Rewind().Resume(); err != nil {
		t.Fatal(err)
	}
	for g.SessionTicks() < end {
		g.Tick()
	}
	w, _ = g.Rewind().WhatIf()
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
	if _, ok := g.Rewind().WhatIf(); ok || g.Ghost() != nil {
		t.Error("after Restart: a what-if still runs; want none")
	}
}

// openingSession plays ten minutes of the demo's battle: the opening, then
// three reinforcements every 30 s and a shell every 10 s.
func openingSession(tb testing.TB) *game.Session { return openingPlayed(tb, nil) }

// openingPlayed is openingSession sampling combat (when not nil) once a
// game second.
func openingPlayed(tb testing.TB, combat *combatShare) *game.Session {
	g := newGame(tb, game.DefaultConfig())
	for s := 1; s <= 600; s++ {
		runUntil(g, float64(s))
		if combat != nil {
			combat.sample(tb, g)
		}
		if s%30 == 0 {
			apply(tb, g, game.Reinforce{N: 3})
		}
		if s%10 == 0 {
			apply(tb, g, game.Shell{At: morale.Vec2{X: 2500, Y: float64(300 + 30*(s%100))}})
		}
	}
	return g
}

// armiesFor plays seconds of the armies scene (10 000 agents in 100
// squads), a shell every 10 s, sampling combat (when not nil) once a game
// second.
func armiesFor(tb testing.TB, seconds int, combat *combatShare) *game.Session {
	cfg := game.DefaultConfig()
	cfg.Scene = game.SceneArmies
	g := newGame(tb, cfg)
	for s := 1; s <= seconds; s++ {
		runUntil(g, float64(s))
		if combat != nil {
			combat.sample(tb, g)
		}
		if s%10 == 0 {
			apply(tb, g, game.Shell{At: morale.Vec2{X: 30000, Y: float64(12000 + 100*(s%100))}})
		}
	}
	return g
}

// heapBytes returns the bytes of live heap after a collection.
func heapBytes() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkRewind jumps in ten-minute sessions of the opening (the demo's
// battle with reinforcements, up to 65 soldiers) and of the armies scene
// (10 000 agents): from the end to the start, the middle and back to the
// end, from the end to minute 9, to the sub-tick before a snapshot (the
// most re-simulation after a restore: one spacing), and to random moments
// (worst-ms is the slowest of them). It reports the snapshots' memory
// (snap-MB: the heap they hold) and count, and the session's share in
// combat, sampled by combatShare once a game second as it was played: the
// mean over its seconds (combat-%: a jump re-simulates any stretch of it)
// and the seconds with anyone in combat (combat-s). Floor: PlayReplay of the whole
// opening session (what every jump back cost before snapshots; the armies'
// takes seconds, so it is not run).
func BenchmarkRewind(b *testing.B) {
	for _, sc := range []struct {
		name    string
		session func(testing.TB, *combatShare) *game.Session
	}{
		{"opening", openingPlayed},
		{"armies", func(tb testing.TB, c *combatShare) *game.Session { return armiesFor(tb, 600, c) }},
	} {
		b.Run(sc.name, func(b *testing.B) {
			var combat combatShare // once a game second, as the session is played
			g := sc.session(b, &combat)
			end := g.SessionTicks()
			rec := g.Recording()
			count, every, _ := game.SnapshotStats(g)
			with := heapBytes()
			g.Rewind().To(end) // the rewind's copy of the recording, in both
			withCursor := heapBytes()
			game.DropSnapshots(g, false)
			without := heapBytes()
			g.Rewind().To(0)
			g.Rewind().To(end) // re-simulates the session, taking them again
			snapMB := float64(withCursor-without) / (1 << 20)
			b.Logf("%s: %d s session, %d snapshots (at most %.1f s apart), %.1f MB (heap %.1f MB with them; %.1f MB allocated by their copies); %d after re-simulating the session",
				sc.name, end/game.SubTicksPerSecond, count, float64(every)/game.SubTicksPerSecond, snapMB, float64(with)/(1<<20),
				float64(game.SnapshotBytes(g))/(1<<20), len(game.SnapshotTicks(g)))
			count = len(game.SnapshotTicks(g))
			snaps := game.SnapshotTicks(g)
			if sc.name == "opening" {
				b.Run("floor-PlayReplay", func(b *testing.B) {
					for b.Loop() {
						if _, err := game.PlayReplay(rec); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
			before := end * 9 / 10 // the sub-tick before the first snapshot from minute 9
			if i, _ := slices.BinarySearch(snaps, before); i < len(snaps) {
				before = snaps[i] - 1
			}
			for _, tc := range []struct {
				name     string
				from, to int64
			}{
				{"to-start", end, 0}, {"to-middle", end, end / 2}, {"start-to-end", 0, end},
				{"end-to-9min", end, end * 9 / 10}, {"to-before-snapshot", end, before},
			} {
				b.Run(tc.name, func(b *testing.B) {
					for b.Loop() {
						b.StopTimer()
						g.Rewind().To(tc.from)
						b.StartTimer()
						g.Rewind().To(tc.to)
					}
					b.ReportMetric(snapMB, "snap-MB")
					b.ReportMetric(float64(count), "snapshots")
					b.ReportMetric(combat.mean(), "combat-%")
					b.ReportMetric(float64(combat.hurt()), "combat-s")
				})
			}
			// Random moments, then the sub-tick before each snapshot in
			// turn from the last back: the most re-simulation a jump
			// needs, at every stage of the battle (-benchtime=Nx with N
			// the snapshot count visits every one). worst-ms is the
			// slowest jump in wall time, worst-cpu-ms in the CPU time
			// of the process (on a shared machine, its work).
			r := rand.New(rand.NewPCG(1, 2))
			for _, tc := range []struct {
				name string
				to   func(k int64) int64
			}{
				{"random", func(int64) int64 { return r.Int64N(end + 1) }},
				{"before-each-snapshot", func(k int64) int64 { return snaps[len(snaps)-1-int(k)%len(snaps)] - 1 }},
			} {
				b.Run(tc.name, func(b *testing.B) {
					var worst, worstCPU time.Duration
					k := int64(0)
					for b.Loop() {
						to := tc.to(k)
						k++
						t0, c0 := time.Now(), cpuTime()
						g.Rewind().To(to)
						worst, worstCPU = max(worst, time.Since(t0)), max(worstCPU, cpuTime()-c0)
					}
					b.ReportMetric(float64(worst)/1e6, "worst-ms")
					b.ReportMetric(float64(worstCPU)/1e6, "worst-cpu-ms")
					b.ReportMetric(combat.mean(), "combat-%")
					b.ReportMetric(float64(combat.hurt()), "combat-s")
				})
			}
		})
	}
}
