package game_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

func armiesScene(t testing.TB) *game.Session {
	t.Helper()
	cfg := game.DefaultConfig()
	cfg.Scene = game.SceneArmies
	return newGame(t, cfg)
}

// The selected squad's Why: its men's explanations summed, from the moment
// it was selected; selecting changes no bit of the battle.
func TestArmiesSquadWhy(t *testing.T) {
	g, plain := armiesScene(t), armiesScene(t)
	runUntil(g, 10)
	runUntil(plain, 10)
	av := g.Scene().(*game.Armies)
	if _, ok := av.SquadWhy(); ok {
		t.Fatal("SquadWhy with no squad selected: ok")
	}
	sq := av.AppendSquads(nil)[3] // army 1's front line
	if err := g.Apply(game.SelectSquad{ID: sq.ID}); err != nil {
		t.Fatal(err)
	}
	runUntil(g, 25)
	runUntil(plain, 25)
	if g.Digest() != plain.Digest() {
		t.Error("selecting a squad (its ledger on) changed the battle's bits")
	}
	x, ok := av.SquadWhy()
	if !ok || x.ID != sq.ID || x.Men == 0 || x.Since < 10-1e-9 || x.Since > 10+0.01 || x.Now < 25-1e-9 {
		t.Fatalf("SquadWhy = %+v, %v; want squad %d's men from 10 s to 25 s", x, ok, sq.ID)
	}
	if len(x.Causes) == 0 {
		t.Errorf("squad %d at 25 s: no causes; want what the fight did to its men", sq.ID)
	}
	sum := 0.0
	for _, c := range x.Causes {
		sum += c.Delta
	}
	if sum >= 0 {
		t.Errorf("the average man's causes sum to %+.3f under fire; want bad news", sum)
	}
	if s := x.String(); !strings.HasPrefix(s, "Squad ") || !strings.Contains(s, "(army 1) since 10.00 s") {
		t.Errorf("String() = %q", s)
	}
	// another squad: its Why starts when it is selected
	other := av.AppendSquads(nil)[60]
	if err := g.Apply(game.SelectSquad{ID: other.ID}); err != nil {
		t.Fatal(err)
	}
	runUntil(g, 26)
	if y, ok := av.SquadWhy(); !ok || y.ID != other.ID || y.Since < 25 {
		t.Errorf("after selecting squad %d at 25 s: %+v; want its Why since then", other.ID, y)
	}
	if err := g.Apply(game.SelectSquad{ID: 0}); err != nil {
		t.Fatal(err)
	}
	if _, ok := av.SquadWhy(); ok || g.Battle().Scene().(*game.Armies).SelectedSquad() != 0 {
		t.Error("SelectSquad{0}: a Why remains")
	}
}

// BenchmarkArmiesSecondSquadLedger is a second of the armies session
// (10 000 agents, 100 squads, from 16 s: the front lines breaking; the
// session's snapshots included) with no squad selected and with one, its
// ledger on: the cost of a squad's Why.
func BenchmarkArmiesSecondSquadLedger(b *testing.B) {
	for _, sel := range []bool{false, true} {
		b.Run(fmt.Sprintf("selected=%v", sel), func(b *testing.B) {
			g := armiesScene(b)
			runUntil(g, 16)
			if sel {
				sq := g.Scene().(*game.Armies).AppendSquads(nil)[3]
				if err := g.Apply(game.SelectSquad{ID: sq.ID}); err != nil {
					b.Fatal(err)
				}
			}
			if err := g.Apply(game.SetSpeed{Factor: 4}); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				for range game.TPS / 4 { // one second at ×4
					g.Tick()
				}
			}
		})
	}
}

// A squad's Why prints the average man's causes as the library's sentence
// does (morale.FormatChange): it printed %+.2f, so a cause that moved nothing read
// +0.00, a rise, and a small hit −0.00 or +0.00.
func TestSquadWhyStringSigns(t *testing.T) {
	for _, tt := range []struct {
		name  string
		delta float64
		want  string
	}{
		{"bad news that moved nothing", 0, "Suppressed ±0.00"},
		{"a small hit", -0.004, "Suppressed −0.004"},
		{"a smaller hit", -0.00004, "Suppressed −0.00004"},
		{"small good news", 0.003, "Suppressed +0.003"},
		{"a hit", -0.31, "Suppressed −0.31"},
	} {
		x := game.SquadWhy{ID: 12, Now: 30, Since: 20, Men: 100, Average: 0.5,
			Causes: []morale.Contribution{{Cause: morale.Reason{Kind: morale.ByEvent, Event: morale.Suppressed}, Delta: tt.delta}}}
		want := "average morale 0.50 ← " + tt.want + " (the average man's)"
		if got := x.String(); !strings.Contains(got, want) {
			t.Errorf("%s: got %q; want it to contain %q", tt.name, got, want)
		}
	}
}

// Contagion pulls each man toward his squad's mean, so over a squad it
// cancels: the average man's contagion is 0, where the sum's rounding
// (−4.1e-17 in squad 33 at 13.5 s, +7e-17 at 25 s) read as news, −0.00 or
// +0.00, or with the digits that show a small change, −4.1e-17.
func TestSquadWhyContagionCancels(t *testing.T) {
	g := armiesScene(t)
	runUntil(g, 11.7)
	if err := g.Apply(game.SelectSquad{ID: 33}); err != nil {
		t.Fatal(err)
	}
	av := g.Scene().(*game.Armies)
	for _, at := range []float64{13.5, 19.5, 25} {
		runUntil(g, at)
		x, ok := av.SquadWhy()
		if !ok {
			t.Fatalf("at %g s: no Why for squad 33", at)
		}
		seen := false
		for _, c := range x.Causes {
			if c.Cause.Kind == morale.ByContagion {
				seen = true
				if c.Delta != 0 {
					t.Errorf("at %g s: got contagion %v (%s); want 0, ±0.00", at, c.Delta, x)
				}
			}
		}
		if !seen {
			t.Errorf("at %g s: no contagion among the causes (%s); want it, at 0", at, x)
		}
	}
}
