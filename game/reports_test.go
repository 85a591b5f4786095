package game_test

import (
	"math"
	"slices"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

func TestKillReportsAllyDownInProportionToDistance(t *testing.T) {
	tests := []struct {
		victim  string
		nearest []string // the others, nearest first
	}{
		{victim: "Chen", nearest: []string{"Brandt", "Alvarez", "Eriksen", "Dubois"}},
		{victim: "Dubois", nearest: []string{"Eriksen", "Alvarez", "Brandt", "Chen"}},
	}
	for _, tt := range tests {
		t.Run(tt.victim, func(t *testing.T) {
			g := newGame(t, quiet(0.3))
			reports := record(g)
			s := g.Settings()
			before := slices.Clone(soldiers(g))
			victim := byName(t, g, tt.victim)
			apply(t, g, game.Kill{ID: victim.ID})

			after := soldiers(g)
			if after[victim.ID].Alive {
				t.Fatalf("%s alive after Kill; want dead", tt.victim)
			}
			want := game.Report{T: 0, Event: morale.AllyDown, ID: -1, At: victim.Pos, Scale: 1}
			if len(*reports) != 1 || (*reports)[0] != want {
				t.Fatalf("reports = %+v; want [%+v]", *reports, want)
			}
			lost := make(map[string]float64)
			for _, b := range before {
				if b.ID == victim.ID {
					continue
				}
				a := after[b.ID]
				d := b.Pos.Dist(victim.Pos)
				falloff := morale.DistanceFalloff(d, s.FullEffectRadius, s.NoEffectRadius)
				wantM := morale.ApplyMoraleEvent(b.Morale, s.Weights[morale.AllyDown], falloff, b.Nerve)
				if math.Abs(a.Morale-wantM) > eps {
					t.Errorf("%s at %.0f cm: morale %v; want %v (falloff %.3f)", b.Name, d, a.Morale, wantM, falloff)
				}
				lost[b.Name] = b.Morale - a.Morale
			}
			for k := 1; k < len(tt.nearest); k++ {
				near, far := tt.nearest[k-1], tt.nearest[k]
				if lost[near] < lost[far] {
					t.Errorf("%s lost %.4f, %s lost %.4f; want the nearer to lose at least as much", near, lost[near], far, lost[far])
				}
			}
			if first, last := tt.nearest[0], tt.nearest[len(tt.nearest)-1]; lost[first] <= lost[last] {
				t.Errorf("nearest %s lost %.4f, farthest %s lost %.4f; want strictly more", first, lost[first], last, lost[last])
			}
		})
	}
}

func TestLeaderDeathReportsLeaderDown(t *testing.T) {
	g := newGame(t, quiet(0.3))
	reports := record(g)
	var leader game.SoldierView
	for _, s := range soldiers(g) {
		if s.Leader {
			leader = s
		}
	}
	if leader.Name == "" {
		t.Fatal("no leader in the squad")
	}
	before := slices.Clone(soldiers(g))
	apply(t, g, game.Kill{ID: leader.ID})
	want := game.Report{Event: morale.LeaderDown, ID: -1, At: leader.Pos, Scale: 1}
	if len(*reports) != 1 || (*reports)[0] != want {
		t.Fatalf("reports = %+v; want [%+v]", *reports, want)
	}
	s := g.Settings()
	for _, b := range before {
		if b.ID == leader.ID {
			continue
		}
		f := morale.DistanceFalloff(b.Pos.Dist(leader.Pos), s.FullEffectRadius, s.NoEffectRadius)
		wantM := morale.ApplyMoraleEvent(b.Morale, s.Weights[morale.LeaderDown], f, b.Nerve)
		if got := soldiers(g)[b.ID].Morale; math.Abs(got-wantM) > eps {
			t.Errorf("%s: morale %v; want %v", b.Name, got, wantM)
		}
	}
}

func TestSuppressedNeverMoreOftenThanItsTimer(t *testing.T) {
	for _, n := range []int{5, 60} {
		cfg := game.DefaultConfig()
		cfg.Soldiers = n
		g := newGame(t, cfg)
		last := map[int]float64{}
		count, violations := 0, 0
		g.OnReport(func(r game.Report) {
			if r.Event != morale.Suppressed || r.ID < 0 {
				return // shells report at a location, not on the timer
			}
			count++
			if prev, ok := last[r.ID]; ok && r.T-prev < game.SuppressInterval-1e-9 {
				violations++
				t.Errorf("n=%d: soldier %d suppressed at %.3f s and %.3f s; want at least %.1f s apart",
					n, r.ID, prev, r.T, game.SuppressInterval)
			}
			last[r.ID] = r.T
		})
		runUntil(g, 90)
		if count < 5 {
			t.Errorf("n=%d: %d Suppressed reports in 90 s; want the enemy to suppress someone", n, count)
		}
		if violations > 0 {
			t.Fatalf("n=%d: %d of %d reports came too soon", n, violations, count)
		}
	}
}

func TestTimedReports(t *testing.T) {
	g := newGame(t, quiet(0.3))
	type key struct {
		e  morale.Event
		id int
	}
	last := map[key]float64{}
	lowHealth := map[int]int{}
	counts := map[morale.Event]int{}
	g.OnReport(func(r game.Report) {
		counts[r.Event]++
		k := key{r.Event, r.ID}
		switch r.Event {
		case morale.Outnumbered:
			friends, foes := 0, 0
			for _, s := range soldiers(g) {
				if s.Alive {
					friends++
				}
			}
			for _, e := range opening(g).Enemies() {
				if e.Alive {
					foes++
				}
			}
			if want := morale.OutnumberedFactor(friends, foes); math.Abs(r.Scale-want) > eps {
				t.Errorf("Outnumbered scale %v at %d against %d; want %v", r.Scale, friends, foes, want)
			}
			if p, ok := last[k]; ok && r.T-p < game.OutnumberedInterval-1e-9 {
				t.Errorf("Outnumbered to %d at %.2f and %.2f s; want %v s apart", r.ID, p, r.T, game.OutnumberedInterval)
			}
		case morale.LeaderNearby:
			if p, ok := last[k]; ok && r.T-p < game.LeaderNearbyInterval-1e-9 {
				t.Errorf("LeaderNearby to %d at %.2f and %.2f s; want %v s apart", r.ID, p, r.T, game.LeaderNearbyInterval)
			}
			if soldiers(g)[r.ID].Leader {
				t.Errorf("LeaderNearby reported to the leader himself")
			}
		case morale.LowHealth:
			lowHealth[r.ID]++
			if lowHealth[r.ID] > 1 {
				t.Errorf("LowHealth reported %d times to soldier %d; want once", lowHealth[r.ID], r.ID)
			}
			if h := soldiers(g)[r.ID].Health; h >= game.LowHealthBelow {
				t.Errorf("LowHealth with health %.2f; want below %.2f", h, game.LowHealthBelow)
			}
		case morale.TookDamage:
			if r.Scale <= 0 {
				t.Errorf("TookDamage scale %v; want > 0", r.Scale)
			}
		}
		last[k] = r.T
	})
	runUntil(g, 180)
	for _, e := range []morale.Event{morale.Outnumbered, morale.LeaderNearby, morale.EnemyDown, morale.TookDamage, morale.Suppressed} {
		if counts[e] == 0 {
			t.Errorf("no %s reported in 180 s of battle; want some", e)
		}
	}
}

func TestLeaderNearbyStopsWithTheLeader(t *testing.T) {
	g := newGame(t, quiet(0.3))
	apply(t, g, game.Kill{ID: 0})
	n := 0
	g.OnReport(func(r game.Report) {
		if r.Event == morale.LeaderNearby {
			n++
		}
	})
	runUntil(g, 20)
	if n != 0 {
		t.Errorf("%d LeaderNearby reports after the leader died; want 0", n)
	}
}

func TestReinforce(t *testing.T) {
	g := newGame(t, quiet(0.3))
	reports := record(g)
	apply(t, g, game.Reinforce{N: 3})
	views := soldiers(g)
	if len(views) != 8 {
		t.Fatalf("%d soldiers after Reinforce{3}; want 8", len(views))
	}
	var c morale.Vec2
	for _, v := range views[5:] {
		if !v.Alive || v.Pos.X > 500 {
			t.Errorf("reinforcement %s alive=%v at %v; want alive at the left edge", v.Name, v.Alive, v.Pos)
		}
		c.X += v.Pos.X / 3
		c.Y += v.Pos.Y / 3
	}
	if len(*reports) != 1 || (*reports)[0].Event != morale.ReinforcementsArrived || (*reports)[0].At.Dist(c) > 1e-9 {
		t.Errorf("reports = %+v; want ReinforcementsArrived at %v", *reports, c)
	}
	if got := len(g.History().Samples(7)); got != 1 {
		t.Errorf("history of a reinforcement has %d samples; want 1", got)
	}
}
