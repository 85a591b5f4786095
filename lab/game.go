package lab

// This file is the lab's only contact with game's Battle: the demo's own
// battle run headless. If the Battle's API changes, this is the one file to
// fix (a scenario's fight is game.ScenarioFight, in run.go).

import (
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// GameHash is the scenario hash of moralesim game's Monte-Carlo (the
// demo's own battle, which has no scenario file): a header with it is the
// game's.
const GameHash = "game"

// GameRun plays the demo's own scene (game.NewBattle with the opening, five men)
// for duration seconds of simulated time with the given settings and seed,
// and measures it as Run measures a scenario (the same tally). State changes
// are read from the soldiers after every Tick (1/60 s at ×1), so times are
// exact to a tick; a man back to Steady from Panicked or Routed was rallied.
func GameRun(s morale.Settings, seed uint64, duration, sample, cascadeWindow, rebreakWindow float64) (RunResult, error) {
	g, err := game.NewBattle(game.Config{Seed: seed, Settings: s, Opening: true})
	if err != nil {
		return RunResult{}, err
	}
	o := g.Scene().(*game.Opening) // the config's scene
	t := newTally(seed, 1, rebreakWindow, cascadeWindow)
	t.res.SquadMorale = [][]float64{nil}
	var sol []game.SoldierView
	nextSample := 0.0
	observe := func() {
		now := g.Time()
		sol = o.AppendSoldiers(sol[:0])
		sum, n := 0.0, 0
		for i, v := range sol {
			if m := t.manAt(i); m.alive && !v.Alive {
				t.res.Deaths++
				t.died(i, 0)
			} else if v.Alive && v.State != m.state {
				t.changed(i, 0, m.state, v.State, now, v.State == morale.Steady && m.state.IsBroken())
			}
			if v.Alive {
				sum += v.Morale
				n++
			}
		}
		for now+1e-9 >= nextSample && nextSample <= duration+1e-9 {
			v, sq := 0.0, NoneAlive
			if n > 0 {
				v = sum / float64(n)
				sq = v
			}
			t.res.Morale = append(t.res.Morale, v)
			t.res.SquadMorale[0] = append(t.res.SquadMorale[0], sq)
			nextSample += sample
		}
	}
	observe()
	for g.Time() < duration-1e-9 {
		g.Tick()
		observe()
	}
	t.res.Agents = len(t.men)
	t.finish()
	return t.res, nil
}
