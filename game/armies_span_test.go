package game_test

import (
	"math"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// armiesEvery is the armies scene of seed 1 whose World steps every
// interval seconds (SquadUpdateInterval; the combat round is
// game.ArmyCombatInterval).
func armiesEvery(t testing.TB, interval float64) *game.Session {
	t.Helper()
	cfg := game.DefaultConfig()
	cfg.Scene = game.SceneArmies
	cfg.Settings.SquadUpdateInterval = interval
	return newGame(t, cfg)
}

// TestSquadWhyEndsAtTheRead: a squad's Why covers one span, from its
// start to the moment its counts were read (FiguresAt): its Now is that
// moment, and its causes take the average from the average its living men
// had at the start (Start) to the Average it gives. Its causes ran up to
// the clock while its counts were the last combat round's, read before
// the round's volleys: the causes held news the counts did not.
func TestSquadWhyEndsAtTheRead(t *testing.T) {
	for _, tt := range []struct {
		name     string
		interval float64 // the World's step
		squad    int     // index in AppendSquads
	}{
		{"front line, steps at the rounds", 0.25, 3},
		{"second line, steps at the rounds", 0.25, 37},
		{"front line, steps between rounds", 0.1, 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := armiesEvery(t, tt.interval)
			av := armies(g)
			for range 12 * game.TPS {
				g.Tick()
			}
			sel := av.AppendSquads(nil)[tt.squad]
			if err := g.Apply(game.SelectSquad{ID: sel.ID}); err != nil {
				t.Fatal(err)
			}
			at := av.AppendMen(nil) // their morale when the Why began
			var men []game.ManView
			for tick := 1; tick <= 12*game.TPS; tick++ {
				g.Tick()
				if tick%5 != 0 { // SquadWhy sums a hundred explanations
					continue
				}
				x, ok := av.SquadWhy()
				if !ok {
					t.Fatalf("%.3f s: no Why for the selected squad", g.Time())
				}
				if x.Now != av.FiguresAt() {
					t.Fatalf("%.3f s: got a Why up to %.4f s; want up to the read of its counts, %.4f s", g.Time(), x.Now, av.FiguresAt())
				}
				men = av.AppendMen(men[:0])
				n, sum := 0, 0.0
				for id := sel.Index * game.ArmySquadSize; id < (sel.Index+1)*game.ArmySquadSize; id++ {
					if men[id].Alive {
						n++
						sum += at[id].Morale
					}
				}
				moved := 0.0 // what the causes moved the average by
				for _, c := range x.Causes {
					moved += c.Delta
				}
				start := x.Average - moved
				if x.Men != n || math.Abs(start-sum/float64(n)) > 1e-9 || math.Abs(x.Start()-start) > 1e-12 {
					t.Fatalf("%.3f s: got %d men whose causes began at an average of %.6f (Start %.6f); want %d, who averaged %.6f at %.2f s", g.Time(), x.Men, start, x.Start(), n, sum/float64(n), x.Since)
				}
			}
		})
	}
}

// TestSquadBreakTimeIsItsMens: the time a squad broke (SquadBreakWhy's
// Broke, "from … to its break at …") is when most of its men were broken:
// the World's step at which the last of that majority broke, as its men's
// state changes give it. It was the next combat round's, up to a round
// later when the World steps between rounds.
func TestSquadBreakTimeIsItsMens(t *testing.T) {
	for _, tt := range []struct {
		name     string
		interval float64 // the World's step
		squad    int     // index in AppendSquads
	}{
		{"steps at the rounds", 0.25, 1},
		{"steps between rounds", 0.1, 1},
		{"steps between rounds, another squad", 0.1, 20},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := armiesEvery(t, tt.interval)
			av := armies(g)
			sel := av.AppendSquads(nil)[tt.squad]
			before := 0.0 // the last frame it was whole
			for tick := 1; ; tick++ {
				if tick > 40*game.TPS {
					t.Fatalf("squad %d did not break in 40 s", sel.ID)
				}
				before = g.Time()
				g.Tick()
				if v := av.AppendSquads(nil)[tt.squad]; v.State == morale.Panicked || v.State == morale.Routed {
					break
				}
			}
			x, st := g.SquadBreakWhy(sel.ID)
			for deadline := time.Now().Add(2 * time.Minute); st == game.BreakCounting && time.Now().Before(deadline); {
				time.Sleep(20 * time.Millisecond)
				x, st = g.SquadBreakWhy(sel.ID)
			}
			if st != game.BreakReady || len(x.States) == 0 {
				t.Fatalf("squad %d: status %v, %d state changes; want its fall counted", sel.ID, st, len(x.States))
			}
			if x.Broke <= before || x.Broke > g.Time() {
				t.Errorf("squad %d: got a break at %.4f s; want it in the frame it showed broken, after %.4f s, by %.4f s", sel.ID, x.Broke, before, g.Time())
			}
			// its men broken as its state changes count them, back from
			// its break (2 × Broken > Men)
			into := func(s morale.StateChange) int {
				b := func(st morale.State) int {
					if st == morale.Panicked || st == morale.Routed {
						return 1
					}
					return 0
				}
				return b(s.To) - b(s.From)
			}
			broken := x.Broken
			for _, s := range x.States {
				broken -= into(s)
			}
			tipped := math.NaN()
			for _, s := range x.States {
				was := 2*broken > x.Men
				broken += into(s)
				if 2*broken > x.Men && !was {
					tipped = s.At
				}
			}
			if 2*x.Broken <= x.Men || math.Abs(x.Broke-tipped) > 1e-9 {
				t.Errorf("squad %d: got a break at %.4f s, %d of %d broken; want it at %.4f s, when most of its men were", sel.ID, x.Broke, x.Broken, x.Men, tipped)
			}
		})
	}
}

// A command given the moment a squad is selected, paused, shows in its
// Why at once: Rally right after the selection moved the average from
// 0.65 to 0.76 while the Why had no cause, since its window of no time
// was floored at 1/SubTicksPerSecond written in integers (0 s), which
// ExplainWindow refuses, for every man.
func TestSquadWhyHasACommandAtTheSelection(t *testing.T) {
	for _, tt := range []struct {
		name string
		cmd  game.Command
	}{
		{"Rally", game.Rally{}},
		{"a forced rout", game.ForceRout{ID: 9 * game.ArmySquadSize}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := armiesEvery(t, 0.25)
			av := armies(g)
			for range 13*game.TPS + 11 {
				g.Tick()
			}
			sel := av.AppendSquads(nil)[9]
			if err := g.Apply(game.SelectSquad{ID: sel.ID}); err != nil {
				t.Fatal(err)
			}
			before, _ := av.SquadWhy()
			if err := g.Apply(tt.cmd); err != nil {
				t.Fatal(err)
			}
			x, _ := av.SquadWhy()
			if x.Average == before.Average && len(x.States) == 0 {
				t.Fatalf("%s changed nothing in squad %d (average %.3f): pick another squad or time", tt.name, sel.ID, x.Average)
			}
			if len(x.Causes) == 0 && len(x.States) == 0 {
				t.Errorf("%s at the selection: got a Why with no cause and no state change (average %.3f → %.3f); want what it did", tt.name, before.Average, x.Average)
			}
			if math.Abs(x.Start()-before.Average) > 1e-9 {
				t.Errorf("%s at the selection: got a Why from %.4f to %.4f; want it from the average at the selection, %.4f", tt.name, x.Start(), x.Average, before.Average)
			}
		})
	}
}
