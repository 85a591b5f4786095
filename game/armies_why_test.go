package game_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
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
	checkSquadSentence(t, x) // the Why panel's numbers, adding up to its span
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

// A squad's Why prints the average man's causes as its Why panel's bars do
// (ShownChanges): a cause that moved nothing reads ±0.00, and one too small
// for the two decimals of the span (0.50 → 0.50 here) −0.00 or +0.00, its
// sign kept, as a soldier's sentence writes it. It printed %+.2f, so a cause
// that moved nothing read +0.00, a rise; then morale.FormatChange, which
// gave a small hit its digits (−0.004) that the span had no room for.
func TestSquadWhyStringSigns(t *testing.T) {
	for _, tt := range []struct {
		name  string
		delta float64
		want  string
	}{
		{"bad news that moved nothing", 0, "Suppressed ±0.00"},
		{"a small hit", -0.004, "Suppressed −0.00"},
		{"a smaller hit", -0.00004, "Suppressed −0.00"},
		{"small good news", 0.003, "Suppressed +0.00"},
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

// squadSentence splits a squad Why's sentence (SquadWhy.String) into the
// span it states ("1.00", "0.29"; from is "" when it gives the average
// alone) and each cause's number as written.
func squadSentence(t *testing.T, s string) (from, to string, numbers []string) {
	t.Helper()
	m := regexp.MustCompile(`average morale (?:(-?\d+\.\d\d) → )?(-?\d+\.\d\d)(?: ← (.*) \(the average man's\))?`).FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("got %q; want an average morale", s)
	}
	if m[3] != "" {
		for _, c := range strings.Split(m[3], ", ") {
			numbers = append(numbers, c[strings.LastIndex(c, " ")+1:])
		}
	}
	return m[1], m[2], numbers
}

// panelMorale is morale m as the Why panel writes it: two decimals, 0.00
// for -0.00.
func panelMorale(m float64) string {
	return strings.Replace(fmt.Sprintf("%.2f", m), "-0.00", "0.00", 1)
}

// hundredths reads a number of a squad's sentence ("−0.24", "±0.00",
// "0.29") in hundredths.
func hundredths(t *testing.T, s string) int64 {
	t.Helper()
	s = strings.NewReplacer("−", "-", "±", "", "+", "").Replace(s)
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return int64(math.Round(v * 100))
}

// checkSquadSentence checks that x's sentence writes its causes as the Why
// panel's bars (x.ShownChanges) and, when it states the span Start →
// Average, that they add up to it.
func checkSquadSentence(t *testing.T, x game.SquadWhy) {
	t.Helper()
	s := x.String()
	from, to, numbers := squadSentence(t, s)
	if want := panelMorale(x.Average); to != want {
		t.Errorf("%q: got the average %s; want %s", s, to, want)
	}
	if shown := x.ShownChanges(); !slices.Equal(numbers, shown) {
		t.Errorf("%q: got the causes %q; want the Why panel's %q", s, numbers, shown)
	}
	if want := ""; x.StartKnown() {
		want = panelMorale(x.Start())
		if from != want {
			t.Errorf("%q: got the span from %q; want from Start, %s", s, from, want)
		}
	} else if from != want {
		t.Errorf("%q: got a span from %s; want the average alone (Start is not an average the men had)", s, from)
	}
	if from == "" {
		return
	}
	sum := int64(0)
	for _, n := range numbers {
		sum += hundredths(t, n)
	}
	if want := hundredths(t, to) - hundredths(t, from); sum != want {
		t.Errorf("%q: got causes that add up to %+.2f; want the span's %+.2f", s, float64(sum)/100, float64(want)/100)
	}
}

// TestSquadWhySentenceAddsUp: the console's answer about a squad
// (MoraleBreak.Why, SquadWhy.String) wrote each cause rounded on its own
// (morale.FormatChange), so its numbers could differ by a hundredth from
// the Why panel's bars, which add up to the span the panel gives: three
// causes of −0.236, −0.236 and −0.238 read −0.24 each, −0.72 for a fall
// from 1.00 to 0.29. It states the span and writes the panel's numbers.
func TestSquadWhySentenceAddsUp(t *testing.T) {
	cause := func(e morale.Event, d, first float64) morale.Contribution {
		return morale.Contribution{Cause: morale.Reason{Kind: morale.ByEvent, Event: e}, Delta: d, First: first}
	}
	contagion := func(d, first float64) morale.Contribution {
		return morale.Contribution{Cause: morale.Reason{Kind: morale.ByContagion}, Delta: d, First: first}
	}
	for _, tt := range []struct {
		name string
		x    game.SquadWhy
		want string
	}{
		{"three causes a hundredth apart", game.SquadWhy{ID: 6, Now: 18, Since: 12, Selected: 12, Men: 90, Broken: 80, Average: 0.29,
			Causes: []morale.Contribution{cause(morale.Suppressed, -0.236, 13), cause(morale.AllyDown, -0.236, 13), contagion(-0.238, 12)}},
			"Squad 6 (army 1) since 12.00 s: 80 of 90 men broken, average morale 1.00 → 0.29 ← Suppressed −0.23, AllyDown −0.24, contagion −0.24 (the average man's)"},
		{"a break", game.SquadWhy{ID: 6, Now: 18, Since: 0, Selected: 19.72, Broke: 15.5, Men: 90, Broken: 90, Average: 0.02,
			Causes: []morale.Contribution{cause(morale.AllyDown, -0.904, 3), contagion(0, 2), cause(morale.LeaderDown, -0.076, 9)}},
			"Squad 6 (army 1) from 0.00 s to its break at 15.50 s: 90 of 90 men broken, average morale 1.00 → 0.02 ← AllyDown −0.90, contagion ±0.00, LeaderDown −0.08 (the average man's)"},
		{"last 30 s, a run of contagion from before it", game.SquadWhy{ID: 3, Now: 50, Since: 20, Selected: 5, Men: 100, Average: 0.4,
			Causes: []morale.Contribution{cause(morale.Suppressed, -0.345, 21), contagion(-0.125, 18)}},
			"Squad 3 (army 1) since 20.00 s: 0 of 100 men broken, average morale 0.40 ← Suppressed −0.34, contagion −0.13 (the average man's)"},
		{"no causes", game.SquadWhy{ID: 3, Now: 50, Since: 20, Selected: 20, Men: 100, Average: 1},
			"Squad 3 (army 1) since 20.00 s: 0 of 100 men broken, average morale 1.00"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.x.String(); got != tt.want {
				t.Errorf("got %q; want %q", got, tt.want)
			}
			checkSquadSentence(t, tt.x)
		})
	}
	// many squads' Whys: the numbers of many causes, each a few
	// hundredths or less, rounded on their own, stray furthest
	t.Run("random", func(t *testing.T) {
		r := rand.New(rand.NewPCG(6, 18))
		events := []morale.Event{morale.Suppressed, morale.AllyDown, morale.LeaderDown}
		for range 3000 {
			x := game.SquadWhy{ID: 1, Now: 30, Since: 10, Selected: 10, Men: 1 + r.IntN(100), Average: r.Float64()}
			if r.IntN(4) == 0 {
				x.Selected = 2 // a window of the last 30 s
			}
			for k := range r.IntN(5) {
				d := -r.Float64() * 0.2 / float64(1+k)
				if r.IntN(4) == 0 {
					d = (r.Float64() - 0.5) * 0.01
				}
				x.Causes = append(x.Causes, cause(events[k%len(events)], d, 10+r.Float64()*20-2))
			}
			checkSquadSentence(t, x)
			if t.Failed() {
				t.Fatalf("SquadWhy %+v", x)
			}
		}
	})
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
