package game_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// originalSession plays secs seconds of the opening with a shell at 6 s
// and a kill at 9 s, and returns it with the digest it had at every
// second.
func originalSession(t *testing.T, secs int) (*game.Session, map[int64]string) {
	t.Helper()
	g := newGame(t, game.DefaultConfig())
	digests := map[int64]string{}
	for sec := 1; sec <= secs; sec++ {
		runUntil(g, float64(sec))
		switch sec {
		case 6:
			apply(t, g, game.Shell{At: morale.Vec2{X: 1800, Y: 1500}})
		case 9:
			apply(t, g, game.Kill{ID: firstAlive(t, g)})
		}
		digests[g.SessionTicks()] = g.Digest()
	}
	return g, digests
}

// withWeight returns g's settings with event e's weight set to w.
func withWeight(g *game.Session, e morale.Event, w float64) morale.Settings {
	s := g.Settings().Clone()
	s.Weights[e] = w
	return s
}

// Future A of a what-if is the original timeline to the bit: at every
// second after the branch its battle has the digest the session had when
// it was played there, its commands included, and past the moment the
// rewind started it runs on as the original would have without commands.
func TestFutureAIsTheOriginalTimeline(t *testing.T) {
	g, _ := originalSession(t, 20)
	end := g.SessionTicks()
	// The original, played on without commands: what A must be past end.
	p, digests := originalSession(t, 30)
	ghost := slices.Clone(p.Events())

	g.Rewind().To(4 * game.SubTicksPerSecond)
	apply(t, g, game.SetSettings{Settings: withWeight(g, morale.Suppressed, -0.03)})
	if err := g.Rewind().Resume(); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for g.Time() < 30-1e-9 {
		g.Tick()
		if want, ok := digests[g.SessionTicks()]; ok {
			checked++
			if got := game.FutureDigest(g); got != want {
				t.Fatalf("future A at sub-tick %d (end %d): digest %s; want %s, the original's", g.SessionTicks(), end, got, want)
			}
			if g.Digest() == want && g.SessionTicks() > 10*game.SubTicksPerSecond {
				t.Errorf("the live battle at sub-tick %d equals the original: want the new weight to change it", g.SessionTicks())
			}
		}
	}
	if checked < 25 {
		t.Fatalf("checked %d moments; want 26", checked)
	}
	// The ghost is the original's state changes after the branch, then
	// the continuation's.
	var want []game.StateEvent
	for _, e := range ghost {
		if e.Tick > 4*game.SubTicksPerSecond {
			want = append(want, e)
		}
	}
	got := g.Ghost()
	if len(got) < len(want) || !slices.Equal(got[:len(want)], want) {
		t.Errorf("Ghost: %d changes; want the original's %d after the branch first\ngot  %v\nwant %v", len(got), len(want), got, want)
	}
}

// Show picks the future the views show, both run on, commands go to the
// live battle, and Revert ends the what-if with the weights of the branch.
func TestShowAndRevert(t *testing.T) {
	g, _ := originalSession(t, 20)
	if _, err := g.Rewind().Revert(); !errors.Is(err, game.ErrNoWhatIf) {
		t.Errorf("Revert without a what-if: got %v; want ErrNoWhatIf", err)
	}
	if err := g.Rewind().Show(game.FutureA); !errors.Is(err, game.ErrNoWhatIf) {
		t.Errorf("Show without a what-if: got %v; want ErrNoWhatIf", err)
	}
	if v := g.Rewind().View(); v != game.View(g) || g.Rewind().Shown() != game.NoFuture {
		t.Error("View without a what-if: want the session itself, NoFuture")
	}
	if o, f := g.Other(); o != nil || f != game.NoFuture {
		t.Errorf("Other without a what-if: %v, %v; want nil, NoFuture", o, f)
	}

	before := g.Settings().Clone()
	g.Rewind().To(5 * game.SubTicksPerSecond)
	apply(t, g, game.SetSettings{Settings: withWeight(g, morale.AllyDown, -0.5)})
	d, n := g.Digest(), len(g.Recording().Entries)
	if _, err := g.Rewind().Revert(); !errors.Is(err, game.ErrNoWhatIf) {
		t.Errorf("Revert at the cursor: got %v; want ErrNoWhatIf", err)
	}
	if g.Digest() != d || len(g.Recording().Entries) != n || g.Settings().Weights[morale.AllyDown] != -0.5 {
		t.Error("Revert at the cursor changed the battle, the recording or the pending weights")
	}
	if err := g.Rewind().Resume(); err != nil {
		t.Fatal(err)
	}
	runUntil(g, 12)
	if err := g.Rewind().Show(game.NoFuture); err == nil {
		t.Error("Show(NoFuture): got nil error")
	}
	if err := g.Rewind().Show(game.FutureA); err != nil {
		t.Fatal(err)
	}
	a := g.Rewind().View()
	if a == game.View(g) || g.Rewind().Shown() != game.FutureA {
		t.Fatal("Show(FutureA): the view is still the live battle")
	}
	if o, f := a.Other(); o != game.View(g) || f != game.FutureA {
		t.Errorf("A's Other: %v, %v; want the session, FutureA", o, f)
	}
	if o, f := g.Other(); o != a || f != game.FutureB {
		t.Errorf("the session's Other: %v, %v; want A's view, FutureB", o, f)
	}
	if a.Time() != g.Time() || a.Settings().Weights[morale.AllyDown] != before.Weights[morale.AllyDown] {
		t.Errorf("A: time %v, AllyDown %v; want the session's time %v and the weight of the branch %v",
			a.Time(), a.Settings().Weights[morale.AllyDown], g.Time(), before.Weights[morale.AllyDown])
	}
	for _, s := range a.Scene().(*game.Opening).Soldiers() {
		if _, ok := a.Why(s.ID); !ok {
			t.Errorf("A's Why(%d): not ok", s.ID)
		}
	}
	if len(a.Ghost()) == 0 {
		t.Error("A's Ghost: empty; want the live battle's changes since the branch")
	}
	// Both futures run on, paused and stepped alike; commands go to B.
	t0 := a.Time()
	apply(t, g, game.Step{})
	if a.Time() <= t0 || a.Time() != g.Time() {
		t.Errorf("Step: A at %v, B at %v; want both one step past %v", a.Time(), g.Time(), t0)
	}
	fa := game.FutureDigest(g)
	apply(t, g, game.Shell{At: morale.Vec2{X: 1500, Y: 1500}})
	if game.FutureDigest(g) != fa {
		t.Error("a shell while A is shown changed A; want it in the live battle only")
	}

	restored, err := g.Rewind().Revert()
	if err != nil {
		t.Fatal(err)
	}
	if restored != "AllyDown −0.18" {
		t.Errorf("Revert: restored %q; want %q", restored, "AllyDown −0.18")
	}
	if g.Settings().Weights[morale.AllyDown] != before.Weights[morale.AllyDown] {
		t.Errorf("after Revert: AllyDown %v; want %v", g.Settings().Weights[morale.AllyDown], before.Weights[morale.AllyDown])
	}
	last := g.Recording().Entries[len(g.Recording().Entries)-1]
	if st, ok := last.Cmd.(game.SetSettings); !ok || st.Settings.Weights[morale.AllyDown] != before.Weights[morale.AllyDown] {
		t.Errorf("after Revert: last recorded command %v; want the settings of the branch", last.Cmd)
	}
	if _, ok := g.Rewind().WhatIf(); ok || g.Ghost() != nil || g.Rewind().View() != game.View(g) || g.Rewind().Shown() != game.NoFuture {
		t.Error("after Revert: a what-if still shows; want none")
	}
	if o, _ := a.Other(); o != nil || a.Ghost() != nil {
		t.Error("A's view after Revert: still tied to the session")
	}
	if _, err := g.Rewind().Revert(); !errors.Is(err, game.ErrNoWhatIf) {
		t.Errorf("a second Revert: got %v; want ErrNoWhatIf", err)
	}
	// The recording still replays to the same bits.
	p, err := game.PlayReplay(g.Recording())
	if err != nil {
		t.Fatal(err)
	}
	if p.Digest() != g.Digest() {
		t.Error("the session after a what-if and Revert does not replay to its digest")
	}
}

// WhatIf compares the two futures up to now, past the end of the original
// timeline too, and names the live settings that differ from the branch's.
func TestWhatIfComparesBothFuturesToNow(t *testing.T) {
	g := newGame(t, game.DefaultConfig())
	runUntil(g, 6)
	g.Rewind().To(2 * game.SubTicksPerSecond)
	apply(t, g, game.SetSettings{Settings: withWeight(g, morale.LeaderDown, -0.1)})
	if err := g.Rewind().Resume(); err != nil {
		t.Fatal(err)
	}
	runUntil(g, 16)
	w, ok := g.Rewind().WhatIf()
	if !ok || w.Settings != "LeaderDown −0.1" {
		t.Fatalf("WhatIf: %q (%v); want LeaderDown −0.1", w, ok)
	}
	late := false
	for _, c := range w.Changes {
		if c.New && c.T > 6 || c.Old && c.Was > 6 {
			late = true
		}
	}
	if !late {
		t.Errorf("WhatIf %q: no change after 6 s, the end of the original timeline; want the futures compared to now", w)
	}
}
