package game_test

import (
	"strings"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// A squad selected after it broke still has a Why: SquadBreakWhy
// re-simulates its fall and gives the causes up to its break, the same
// as a squad selected before its fall would have kept; asking changes no
// bit of the live battle.
func TestSquadBreakWhyAfterTheBreak(t *testing.T) {
	g := newArmies(t, 1)
	var broken *game.SquadView
	var squads []game.SquadView
	for tick := 1; tick <= 90*game.TPS && broken == nil; tick++ {
		g.Tick()
		squads = armies(g).AppendSquads(squads[:0])
		for i, s := range squads {
			if s.State == morale.Panicked || s.State == morale.Routed {
				broken = &squads[i]
				break
			}
		}
	}
	if broken == nil {
		t.Fatal("no squad broke in 90 s")
	}
	id := broken.ID
	brokeAt := g.Time()
	for range 3 * game.TPS { // it broke a while ago
		g.Tick()
	}
	if err := g.Apply(game.SelectSquad{ID: id}); err != nil {
		t.Fatal(err)
	}
	if x, ok := armies(g).SquadWhy(); !ok || len(x.Causes) != 0 {
		t.Logf("the live ledger, begun at the selection: %d causes", len(x.Causes))
	}
	before := armiesDigest(g)
	x, st := g.SquadBreakWhy(id)
	deadline := time.Now().Add(2 * time.Minute)
	for st == game.BreakCounting && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		x, st = g.SquadBreakWhy(id)
	}
	if st != game.BreakReady {
		t.Fatalf("status %v after two minutes; want ready", st)
	}
	if armiesDigest(g) != before {
		t.Error("asking why changed the live battle")
	}
	if x.ID != id || x.Broke == 0 || x.Broke > brokeAt+1e-9 || x.Since >= x.Broke || x.Broke-x.Since < game.WhyWindow-1e-9 && x.Since != 0 {
		t.Fatalf("squad %d broke by %.2f s: answer for squad %d, %.2f..%.2f s; want its own fall up to its break", id, brokeAt, x.ID, x.Since, x.Broke)
	}
	if len(x.Causes) == 0 || x.Broken == 0 {
		t.Fatalf("no causes (%d broken of %d): %v", x.Broken, x.Men, x)
	}
	var down float64
	for _, c := range x.Causes {
		down += c.Delta
	}
	if down >= 0 {
		t.Errorf("the causes of a break sum to %+.2f; want a fall", down)
	}
	t.Log(x)
	// the answer is kept: asked again, it comes at once
	if _, st := g.SquadBreakWhy(id); st != game.BreakReady {
		t.Errorf("asked again: %v; want ready at once", st)
	}
	// a squad that is whole has no break to explain
	for _, s := range armies(g).AppendSquads(nil) {
		if s.State == morale.Steady {
			if _, st := g.SquadBreakWhy(s.ID); st != game.BreakWhole {
				t.Errorf("a steady squad: %v; want BreakWhole", st)
			}
			break
		}
	}
}

// TestConsoleWhyOfABrokenSquadSaysItsBreak: squad 6 of the armies,
// selected at 19.72 s after it broke at 15.50 s, had its Why panel say
// its fall ('from 0.00 s to its break at 15.50 s', AllyDown −0.90 …)
// while MoraleBreak.Why said 'Squad 6 (army 1) since 19.72 s: 90 of 90
// men broken, average morale 0.00' and no cause. The console says the
// break's causes, as the panel does.
func TestConsoleWhyOfABrokenSquadSaysItsBreak(t *testing.T) {
	g := newArmies(t, 1)
	for g.Time() < 19.72 {
		g.Tick()
	}
	if err := g.Apply(game.SelectSquad{ID: 6}); err != nil {
		t.Fatal(err)
	}
	c := game.NewConsole(g)
	got := c.Exec("MoraleBreak.Why")
	deadline := time.Now().Add(2 * time.Minute)
	for strings.Contains(got, "ask again") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		got = c.Exec("MoraleBreak.Why")
	}
	for _, want := range []string{"Squad 6 (army 1) from ", " to its break at 15.50 s: ", " ← AllyDown "} {
		if !strings.Contains(got, want) {
			t.Errorf("got %q; want it to contain %q", got, want)
		}
	}
}
