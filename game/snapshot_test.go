package game_test

import (
	"crypto/sha256"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// stateOf is everything the battle shows, hashed: its Digest, the soldiers,
// the enemy line, the armies' men and squads, the tracers, blasts, log,
// history (every soldier's samples and the changes), the session's state
// changes and every soldier's explanation (Why).
func stateOf(g *game.Session) string {
	var b strings.Builder
	var (
		enemies []game.EnemyView
		men     []game.ManView
		squads  []game.SquadView
	)
	switch sc := g.Scene().(type) {
	case *game.Opening:
		enemies = sc.Enemies()
	case *game.Armies:
		men, squads = sc.AppendMen(nil), sc.AppendSquads(nil)
	}
	fmt.Fprintf(&b, "%s t=%v\n%v\n%v\n", g.Digest(), g.Time(), soldiers(g), enemies)
	fmt.Fprintf(&b, "%v\n%v\n", men, squads)
	fmt.Fprintf(&b, "%v\n%v\n%q\n", g.Battle().Shots(), g.Battle().Blasts(), g.Battle().Log())
	h := g.History()
	for id := range h.Len() {
		fmt.Fprintf(&b, "%v\n", h.Samples(id))
	}
	fmt.Fprintf(&b, "%v %v\n%v\n", h.Now(), h.Changes(), g.Events())
	for id := range soldiers(g) {
		x, ok := g.Why(id)
		fmt.Fprintf(&b, "%v %s\n", ok, x)
	}
	return fmt.Sprintf("%x", sha256.Sum256([]byte(b.String())))
}

// marked plays cfg sub-tick by sub-tick (speed ×0.25) for secs seconds,
// applying the command cmd(tick) returns at each sub-tick (nil: none), and
// returns the battle and stateOf at n random sub-ticks (after the commands
// applied there).
func marked(t *testing.T, cfg game.Config, secs float64, n int, cmd func(g *game.Session, tick int64) game.Command) (*game.Session, map[int64]string) {
	t.Helper()
	g := newGame(t, cfg)
	apply(t, g, game.SetSpeed{Factor: 0.25})
	end := int64(secs * game.SubTicksPerSecond)
	r := rand.New(rand.NewPCG(uint64(end), 3))
	want := map[int64]string{0: "", end: ""}
	for len(want) < n {
		want[r.Int64N(end)] = ""
	}
	for {
		k := g.SessionTicks()
		if c := cmd(g, k); c != nil {
			apply(t, g, c)
		}
		if _, ok := want[k]; ok {
			want[k] = stateOf(g)
		}
		if k == end {
			return g, want
		}
		g.Tick()
	}
}

// openingCommands gives the opening a command every few seconds: every kind
// the rewind re-applies.
func openingCommands(t *testing.T) func(g *game.Session, tick int64) game.Command {
	return func(g *game.Session, k int64) game.Command {
		if k == 0 || k%(7*game.SubTicksPerSecond/2) != 0 {
			return nil
		}
		switch k / (7 * game.SubTicksPerSecond / 2) % 7 {
		case 0:
			return game.Reinforce{N: 2}
		case 1:
			return game.Shell{At: morale.Vec2{X: 1500 + float64(k%1000), Y: 1800}}
		case 2:
			return game.Kill{ID: firstAlive(t, g)}
		case 3:
			s := g.Settings().Clone()
			s.Weights[morale.AllyDown] -= 0.02
			return game.SetSettings{Settings: s}
		case 4:
			return game.ForceRout{ID: firstAlive(t, g)}
		case 5:
			return game.Rally{}
		}
		if k > 100*game.SubTicksPerSecond {
			return game.Restart{}
		}
		return game.SetDebug{On: k%2 == 0}
	}
}

// armiesCommands shells the armies' field and selects and rallies squads.
func armiesCommands(g *game.Session, k int64) game.Command {
	if k == 0 || k%(2*game.SubTicksPerSecond) != 0 {
		return nil
	}
	switch k / (2 * game.SubTicksPerSecond) % 3 {
	case 0:
		return game.Shell{At: morale.Vec2{X: 30000, Y: 12000 + float64(k%5000)}}
	case 1:
		return game.SelectSquad{ID: game.ArmyFirstSquad + morale.SquadID(k%100)}
	}
	return game.RallySquad{ID: game.ArmyFirstSquad + morale.SquadID(k%100)}
}

// Jumping to random moments of a session, restoring snapshots, shows the
// battle exactly as it was when played there, in both scenes, in any order.
func TestSnapshotRewindEqualsPlayed(t *testing.T) {
	armies := game.DefaultConfig()
	armies.Scene = game.SceneArmies
	for _, tc := range []struct {
		name string
		cfg  game.Config
		secs float64
		n    int
		cmd  func(g *game.Session, tick int64) game.Command
	}{
		{"opening", game.DefaultConfig(), 130, 40, openingCommands(t)},
		{"armies", armies, 16, 10, armiesCommands},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, want := marked(t, tc.cfg, tc.secs, tc.n, tc.cmd)
			count, every, _ := game.SnapshotStats(g)
			if count < 3 {
				t.Fatalf("%d snapshots (every %d sub-ticks) in %v s; want several", count, every, tc.secs)
			}
			ticks := make([]int64, 0, len(want))
			for k := range want {
				ticks = append(ticks, k)
			}
			slices.Sort(ticks)
			rand.New(rand.NewPCG(5, 6)).Shuffle(len(ticks), func(i, j int) { ticks[i], ticks[j] = ticks[j], ticks[i] })
			for _, k := range ticks {
				g.Rewind().To(k)
				if got := stateOf(g); got != want[k] {
					t.Errorf("Rewind.To(%d) (%.2f s): the battle differs from when it was played there", k, float64(k)/game.SubTicksPerSecond)
				}
			}
			if _, _, restored := game.SnapshotStats(g); restored < len(ticks)/2 {
				t.Errorf("%d of %d jumps restored a snapshot; want most", restored, len(ticks))
			}
		})
	}
}

// A snapshot restored twice gives the same battle, and the same future:
// restoring copies it, and the future played from the first restore
// changes nothing of it.
func TestSnapshotRestoredTwice(t *testing.T) {
	for _, scene := range []string{game.SceneOpening, game.SceneArmies} {
		t.Run(scene, func(t *testing.T) {
			cfg := game.DefaultConfig()
			cfg.Scene = scene
			g := newGame(t, cfg)
			_, every, _ := game.SnapshotStats(g)
			if every == 0 {
				runUntil(g, 0.1)
				_, every, _ = game.SnapshotStats(g)
			}
			secs := float64(every) / game.SubTicksPerSecond
			runUntil(g, 1.2*secs)
			apply(t, g, game.Shell{At: morale.Vec2{X: 2000, Y: 1500}})
			runUntil(g, 3*secs)
			at := 2*every + every/2 // between two snapshots
			var states, futures []string
			for range 2 {
				_, _, before := game.SnapshotStats(g)
				g.Rewind().To(at)
				if _, _, after := game.SnapshotStats(g); after != before+1 {
					t.Fatalf("Rewind.To(%d): %d snapshots restored; want 1", at, after-before)
				}
				states = append(states, stateOf(g))
				if err := g.Rewind().Resume(); err != nil {
					t.Fatal(err)
				}
				runUntil(g, g.Time()+1) // a command at the branch would be in the second rewind's past
				apply(t, g, game.Shell{At: morale.Vec2{X: 2500, Y: 1000}})
				runUntil(g, g.Time()+5)
				futures = append(futures, stateOf(g))
			}
			if states[0] != states[1] || futures[0] != futures[1] {
				t.Errorf("the same snapshot restored twice: same battle %v, same future %v; want both", states[0] == states[1], futures[0] == futures[1])
			}
		})
	}
}

// Resume after a rewind that restored a snapshot, with another weight, runs
// the same new future (and says the same diff) as after a rewind that
// re-simulated from the start.
func TestSnapshotResumeMatchesResimulated(t *testing.T) {
	play := func(snapshots bool) (*game.Session, string, string) {
		g := newGame(t, game.DefaultConfig())
		if !snapshots {
			game.DropSnapshots(g, true)
		}
		for s := 1; s <= 45; s++ {
			runUntil(g, float64(s))
			if s%15 == 0 {
				apply(t, g, game.Reinforce{N: 2})
			}
		}
		g.Rewind().To(32*game.SubTicksPerSecond + 7)
		s := g.Settings().Clone()
		s.Weights[morale.AllyDown] = -0.6
		s.Weights[morale.Suppressed] = -0.2
		apply(t, g, game.SetSettings{Settings: s})
		if err := g.Rewind().Resume(); err != nil {
			t.Fatal(err)
		}
		apply(t, g, game.Shell{At: morale.Vec2{X: 1500, Y: 1800}})
		runUntil(g, g.Time()+20)
		w, _ := g.Rewind().WhatIf()
		return g, stateOf(g), w.String()
	}
	a, sa, wa := play(true)
	b, sb, wb := play(false)
	if _, _, n := game.SnapshotStats(a); n == 0 {
		t.Fatal("the rewind restored no snapshot")
	}
	if _, _, n := game.SnapshotStats(b); n != 0 {
		t.Fatal("snapshots were off, yet one was restored")
	}
	if sa != sb || wa != wb {
		t.Errorf("resumed from a snapshot: same battle %v, WhatIf %q; re-simulated: %q", sa == sb, wa, wb)
	}
	if !strings.HasPrefix(wa, "with AllyDown −0.6, Suppressed −0.2: ") {
		t.Errorf("WhatIf %q; want the two weights", wa)
	}
	// And a rewind into the new future finds it as it was played.
	want := stateOf(a)
	end := a.SessionTicks()
	a.Rewind().To(end - 3*game.SubTicksPerSecond)
	a.Rewind().To(end)
	if stateOf(a) != want {
		t.Error("back and forth in the resumed future: the battle differs from when it was played")
	}
}

// fiveSoldierSession plays ten minutes of the demo as it starts: the
// opening's five men, a shell every 10 s.
func fiveSoldierSession(tb testing.TB) *game.Session {
	g := newGame(tb, game.DefaultConfig())
	for s := 1; s <= 600; s++ {
		runUntil(g, float64(s))
		if s%10 == 0 {
			apply(tb, g, game.Shell{At: morale.Vec2{X: 2500, Y: float64(300 + 30*(s%100))}})
		}
	}
	return g
}

// armiesFor3Minutes plays three minutes of the armies scene, a shell every
// 10 s (armiesFor).
func armiesFor3Minutes(tb testing.TB) *game.Session { return armiesFor(tb, 180, nil) }

// What the rewind's snapshots cost, in the heap they hold, per minute of
// session: docs/demo.md ("Rewind") quotes the lines this test prints
// (go test -run TestSnapshotCostPerMinute -v ./game) and README.md the
// opening's figure, and the test checks that their figures are within 15%
// of what it measures. Each
// session is played without a rewind, which would drop the snapshots
// after its cursor: the most a session keeps (ten minutes of the opening,
// three of the armies, whose snapshots grow as fast every minute until
// their 384 MB). The bounds
// are about twice what the test measures.
func TestSnapshotCostPerMinute(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIPPED in -short mode: plays ten minutes of the opening and three of the armies")
	}
	doc, err := os.ReadFile("../docs/demo.md")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range []struct {
		name    string
		session func(testing.TB) *game.Session
		bound   float64 // MB per minute
	}{
		{"the opening, 5 soldiers", fiveSoldierSession, 1},
		// up to 65 soldiers, each with his whole record in the ledger (Why
		// reaches back to when he was last Steady): 3.6 MB a minute
		{"the opening with 3 reinforcements every 30 s (up to 65 soldiers)", openingSession, 5},
		{"the armies, 10 000 agents", armiesFor3Minutes, 80}, // ten would cost the race detector minutes
	} {
		g := sc.session(t)
		minutes := float64(g.SessionTicks()) / game.SubTicksPerSecond / 60
		count, every, _ := game.SnapshotStats(g)
		with := heapBytes()
		game.DropSnapshots(g, true)
		mb := float64(with-heapBytes()) / (1 << 20)
		t.Logf("%s: %d snapshots, %.1f s apart, hold %.1f MB after %.0f minutes: %.2f MB per minute of session",
			sc.name, count, float64(every)/game.SubTicksPerSecond, mb, minutes, mb/minutes)
		if mb/minutes > sc.bound {
			t.Errorf("%s: snapshots cost %.2f MB per minute; want at most %.2f", sc.name, mb/minutes, sc.bound)
		}
		m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(sc.name) + `: .*: ([0-9.]+) MB per minute of session$`).FindSubmatch(doc)
		if m == nil {
			t.Errorf("docs/demo.md quotes no line for %s; want this test's", sc.name)
			continue
		}
		if quoted, _ := strconv.ParseFloat(string(m[1]), 64); math.Abs(quoted-mb/minutes) > 0.15*mb/minutes {
			t.Errorf("docs/demo.md says %s costs %v MB per minute; the test measures %.2f: quote its lines again", sc.name, quoted, mb/minutes)
		}
		if sc.name == "the opening, 5 soldiers" {
			m := regexp.MustCompile(`snapshots cost the opening ([0-9.]+) MB per minute of session`).FindSubmatch(readme)
			if m == nil {
				t.Errorf("README.md says nothing of what the opening's snapshots cost; want \"snapshots cost the opening %.2f MB per minute of session\"", mb/minutes)
			} else if quoted, _ := strconv.ParseFloat(string(m[1]), 64); math.Abs(quoted-mb/minutes) > 0.15*mb/minutes {
				t.Errorf("README.md says the opening's snapshots cost %v MB per minute; the test measures %.2f", quoted, mb/minutes)
			}
		}
	}
}
