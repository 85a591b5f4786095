package game_test

import (
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// squadOf counts squad k's living men as their ManViews give them, as
// the field's dots, the inset's bars and the footer's counts read them.
func squadOf(men []game.ManView, k int) morale.SquadStats {
	st := morale.SquadStats{Lowest: 1}
	for _, m := range men {
		if m.Squad != k || !m.Alive {
			continue
		}
		st.Count++
		st.Average += m.Morale
		st.Lowest = min(st.Lowest, m.Morale)
		st.ByState[m.State]++
		if m.State == morale.Panicked || m.State == morale.Routed {
			st.Broken++
		}
	}
	if st.Count == 0 {
		return morale.SquadStats{}
	}
	st.Average /= float64(st.Count)
	return st
}

// mostly is the state most of st's men are in, as SquadView.State's doc
// gives it.
func mostly(st morale.SquadStats) morale.State {
	switch n := st.Count; {
	case n == 0:
		return morale.Steady
	case 2*st.ByState[morale.Routed] > n:
		return morale.Routed
	case 2*st.Broken > n:
		return morale.Panicked
	case 2*(st.Broken+st.ByState[morale.Shaken]) > n:
		return morale.Shaken
	}
	return morale.Steady
}

// TestArmiesFiguresAgree: every figure the armies screen shows of a squad
// or a man comes from one moment, at every frame of the first 40 s (the
// front lines break from about 16 s), with a squad selected and men
// killed by a click between frames. The field's tint, the footer and the
// timeline's legend take the squads' views (AppendSquads), the dots, the
// bars and the footer's broken count the men's (AppendMen), the panel's
// line and the inset the selected squad's (SelectedSquadView), its Why
// panel SquadWhy, the timeline's lines the History's samples. The
// squads' Stats were the last combat round's while the men's Morale, the
// selected squad's view and its Why's counts were now, so one squad read
// two ways at once: at 7 s squad 2's Stats gave average 1 and its men's
// bars 0.997.
func TestArmiesFiguresAgree(t *testing.T) {
	g := newArmies(t, 1)
	av := armies(g)
	squads := av.AppendSquads(nil)
	sel := squads[3] // army 1's front line: it breaks in the first 40 s
	if err := g.Apply(game.SelectSquad{ID: sel.ID}); err != nil {
		t.Fatal(err)
	}
	var men []game.ManView
	killed, broke := 0, false
	clicked := -1.0 // when the last click killed a man
	for tick := 1; tick <= 40*game.TPS; tick++ {
		g.Tick()
		if tick%(7*game.TPS) == 0 { // a designer's click kills a man between frames
			clicked = g.Time()
			men = av.AppendMen(men[:0])
			for id := sel.Index * game.ArmySquadSize; id < (sel.Index+1)*game.ArmySquadSize; id++ {
				if men[id].Alive {
					if err := g.Apply(game.Kill{ID: id}); err != nil {
						t.Fatal(err)
					}
					killed++
					break
				}
			}
		}
		men = av.AppendMen(men[:0])
		squads = av.AppendSquads(squads[:0])
		for k, s := range squads {
			want := squadOf(men, k)
			got := s.Stats
			got.ID = 0
			if got != want {
				t.Fatalf("%.3f s: squad %d: got Stats %+v; want its men's as AppendMen gives them, %+v", g.Time(), s.ID, got, want)
			}
			if s.State != mostly(want) {
				t.Fatalf("%.3f s: squad %d: got State %v; want %v, what most of its men are", g.Time(), s.ID, s.State, mostly(want))
			}
			// the timeline's newest point, unless a click killed one of
			// its men since that round
			line := g.History().Samples(k)
			if last := line[len(line)-1]; clicked < last.T && last.Morale != s.Stats.Average {
				t.Fatalf("%.3f s: squad %d: the timeline's point at %.2f s is %v; want its Stats' average %v", g.Time(), s.ID, last.T, last.Morale, s.Stats.Average)
			}
		}
		v, ok := av.SelectedSquadView()
		if !ok || v != squads[sel.Index] {
			t.Fatalf("%.3f s: got SelectedSquadView %+v, %v; want AppendSquads' %+v", g.Time(), v, ok, squads[sel.Index])
		}
		broke = broke || v.State == morale.Panicked || v.State == morale.Routed
		if tick%(game.TPS/4) == 0 { // SquadWhy sums a hundred explanations: four times a second
			x, ok := av.SquadWhy()
			if !ok || x.Men != v.Stats.Count || x.Broken != v.Stats.Broken || x.Average != v.Stats.Average {
				t.Fatalf("%.3f s: got SquadWhy %d men, %d broken, average %v; want the view's %d, %d, %v", g.Time(), x.Men, x.Broken, x.Average, v.Stats.Count, v.Stats.Broken, v.Stats.Average)
			}
		}
	}
	if killed == 0 || !broke {
		t.Errorf("killed %d, squad %d broke %v; want a kill and a break in the 40 s", killed, sel.ID, broke)
	}
	if r := av.FiguresAt(); r > g.Time() || g.Time()-r >= game.ArmyCombatInterval {
		t.Errorf("FiguresAt() = %v at %v s; want the last combat round, within %v s", r, g.Time(), game.ArmyCombatInterval)
	}
}

// TestArmiesShowACommandAtOnce: a command shows on the armies screen at
// once, paused too, not at the next combat round: a designer who pauses
// in the rout and rallies the selected squad sees its men rallied. The
// views read the men again after every command (their figures are then of
// that moment, FiguresAt), while the battle goes on by its round's.
func TestArmiesShowACommandAtOnce(t *testing.T) {
	g := newArmies(t, 1)
	av := armies(g)
	sel := av.AppendSquads(nil)[3] // army 1's front line: broken by 20 s
	if err := g.Apply(game.SelectSquad{ID: sel.ID}); err != nil {
		t.Fatal(err)
	}
	for range 20 * game.TPS {
		g.Tick()
	}
	before, _ := av.SelectedSquadView()
	if before.Stats.Broken == 0 {
		t.Fatalf("squad %d at 20 s: none broken; want a broken squad to rally", sel.ID)
	}
	if err := g.Apply(game.RallySquad{ID: sel.ID}); err != nil {
		t.Fatal(err)
	}
	after, _ := av.SelectedSquadView()
	men := av.AppendMen(nil)
	want := squadOf(men, sel.Index)
	want.ID = sel.ID
	if after.Stats.Broken != 0 || after.Stats != want {
		t.Errorf("rallied at %.2f s, paused: got %d of %d broken, Stats %+v; want none broken, its men's %+v", g.Time(), after.Stats.Broken, after.Stats.Count, after.Stats, want)
	}
	if got := av.FiguresAt(); got != g.Time() {
		t.Errorf("FiguresAt() = %v after a command at %v s; want the command's time", got, g.Time())
	}
}
