package lab_test

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

// countWork plays one fight of sc (seed 1) and counts the work it does in
// the work model's measures (lab.FightParts' names), as it does it: the
// men stepped at each of the World's steps, at rest (every living man of
// his squad Steady at full morale) or stirred; the men each morale sample
// looks over; for each occurrence of the timeline, with the men living
// then, the men its news reaches (within its radius of its location), the
// men told or routed by a call of their own, the men a rally visits, the
// men looked over to find its targets; each death's victim and the men
// within reach of him; the changes of state a rout or a rally made; and the
// men spawned. It reads an occurrence's location from the scenario, so sc
// has no spread and no jitter.
func countWork(t *testing.T, sc *lab.Scenario) map[string]float64 {
	t.Helper()
	s := sc.Settings
	w, err := morale.NewWorld(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	f := game.NewScenarioFight(sc.GameConfig(), w, 1)
	c := map[string]float64{}
	w.OnStateChanged(func(_ *morale.Agent, _, _ morale.State, why morale.Reason) {
		if why.Kind == morale.ByForcedRout || why.Kind == morale.ByRally {
			c["changes"]++
		}
	})
	living := func(squad int, within func(morale.Vec2) bool) float64 {
		n := 0.0
		for i := range f.Men() {
			if a := f.Agent(i); a != nil && (squad < 0 || f.Squad(i) == squad) && (within == nil || within(a.Position())) {
				n++
			}
		}
		return n
	}
	near := func(at morale.Vec2, r float64) func(morale.Vec2) bool {
		return func(p morale.Vec2) bool { return p.Dist(at) <= r }
	}
	f.OnDeath(func(i int) {
		c["reached"] += 1 + living(-1, near(f.Agent(i).Position(), s.NoEffectRadius))
	})
	squadOf := map[string]int{}
	for i, sq := range sc.Squads {
		squadOf[sq.Name] = i
	}
	// The timeline, in the fight's order, and the moments to count at: the
	// occurrences, the steps and the samples.
	type occ struct {
		t     float64
		ev, k int
	}
	var occs []occ
	for i, ev := range sc.Events {
		if ev.Spread != 0 || ev.Jitter != 0 {
			t.Fatalf("event %d has a spread or a jitter: countWork cannot know where or when it lands", i+1)
		}
		for k := range ev.Occurrences(sc.Duration) {
			occs = append(occs, occ{ev.T + float64(k)*ev.Every, i, k})
		}
	}
	slices.SortFunc(occs, func(a, b occ) int {
		return cmp.Or(cmp.Compare(a.t, b.t), cmp.Compare(a.ev, b.ev), cmp.Compare(a.k, b.k))
	})
	iv := s.SquadUpdateInterval
	var moments []float64
	for k := 1; float64(k)*iv <= sc.Duration; k++ {
		moments = append(moments, float64(k)*iv)
	}
	for k := 0; float64(k)*sc.Sample <= sc.Duration+1e-9; k++ {
		moments = append(moments, float64(k)*sc.Sample)
	}
	for _, o := range occs {
		moments = append(moments, o.t)
	}
	moments = append(moments, sc.Duration)
	slices.Sort(moments)
	moments = slices.Compact(moments)
	next, sampled, steps := 0, 0, uint64(0)
	for _, now := range moments {
		// The occurrences due now, counted with the men living before them.
		for ; next < len(occs) && occs[next].t <= now; next++ {
			ev := sc.Events[occs[next].ev]
			switch ev.Do {
			case "event":
				switch {
				case ev.HasAt:
					r := ev.Radius
					if r <= 0 || r > s.NoEffectRadius {
						r = s.NoEffectRadius
					}
					c["reached"] += living(-1, near(ev.At, r))
				case ev.Agent != "":
					c["told"]++
				default:
					c["scanned"] += float64(f.Men())
					c["told"] += living(squadOf[ev.Squad], nil)
				}
			case "death":
				if ev.Agent == "" {
					c["scanned"] += float64(f.Men())
				}
			case "rally":
				if ev.Agent != "" {
					c["rallied"]++
				} else {
					c["scanned"] += float64(w.Len())
					c["rallied"] += living(squadOf[ev.Squad], nil)
				}
			case "rout":
				if ev.Agent != "" {
					c["told"]++
				} else {
					c["scanned"] += float64(f.Men())
					c["told"] += living(squadOf[ev.Squad], nil)
				}
			case "reinforce":
				c["scanned"] += float64(f.Men())
				c["reached"] += living(squadOf[ev.Squad], nil) + float64(ev.Count)
			}
		}
		f.AdvanceTo(now)
		if d := w.Steps() - steps; d > 0 {
			steps = w.Steps()
			rest := make([]bool, len(sc.Squads))
			for i := range rest {
				rest[i] = true
			}
			for i := range f.Men() {
				if a := f.Agent(i); a != nil && (a.Morale() != 1 || a.State() != morale.Steady) {
					rest[f.Squad(i)] = false
				}
			}
			for i, r := range rest {
				key := "stirred-steps"
				if r {
					key = "rest-steps"
				}
				c[key] += float64(d) * living(i, nil)
			}
		}
		for ; float64(sampled)*sc.Sample <= now+1e-9 && sampled < int(math.Floor(sc.Duration/sc.Sample+1e-9))+1; sampled++ {
			c["samples"] += float64(w.Len())
		}
	}
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	c["steps"] = float64(w.Steps())
	c["spawned"] = float64(f.Men())
	return c
}

// The work model's estimate (lab.FightWork) is the work a fight does, to
// within 1.5 times either way, counted in the model's own measures
// (countWork) and weighed with its weights: a count, not a time, so the
// test is deterministic. The model counted a rout or a rally of a squad as
// news reaching its men, and so put 2,000 men routed and rallied every
// 0.05 s at a fifth of the work (0.21 times); news to a squad as news at a
// location, told in one batch (0.32 times); and a step at 0.001 s as 250
// steps at 0.25 s, samples included (4.6 times). Each measure is said
// beside the estimate's when the total is off.
func TestFightWorkCountsTheWork(t *testing.T) {
	const factor = 1.5
	for _, name := range []string{"calm", "dense", "shaken", "search", "spawn", "rally", "routrally", "squadnews", "shortstep", "shortnews"} {
		t.Run(name, func(t *testing.T) {
			sc, err := lab.LoadScenario("testdata/workcost/" + name + ".toml")
			if err != nil {
				t.Fatal(err)
			}
			counted := countWork(t, sc)
			got, want := lab.FightWork(sc), lab.WeighParts(counted)
			t.Logf("FightWork %s units, the work counted %s: %.2f times", lab.FormatWork(got), lab.FormatWork(want), got/want)
			if r := got / want; !(r >= 1/factor && r <= factor) {
				est := lab.FightParts(sc)
				var parts []string
				for _, k := range slices.Sorted(func(yield func(string) bool) {
					for k := range counted {
						if !yield(k) {
							return
						}
					}
				}) {
					parts = append(parts, fmt.Sprintf("%s %.0f (estimated %.0f)", k, counted[k], est[k]))
				}
				t.Errorf("FightWork = %s units; the work done, counted, weighs %s (%.2f times): %s", lab.FormatWork(got), lab.FormatWork(want), r, strings.Join(parts, ", "))
			}
		})
	}
}
