package cli

// This file is the lab's only contact with game's Battle: the demo's own
// battle run headless. If the Battle's API changes, this is the one file to
// fix (a scenario's fight is game.ScenarioFight, in lab/run.go).

import (
	"context"
	"flag"
	"fmt"
	"math"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

// GameRun plays the demo's own scene (game.NewBattle with the opening, five men)
// for duration seconds of simulated time with the given settings and seed,
// and measures it as Run measures a scenario. State changes are read from the
// soldiers after every Tick (1/60 s at ×1), so times are exact to a tick.
func GameRun(s morale.Settings, seed uint64, duration, sample, cascadeWindow, rebreakWindow float64) (lab.RunResult, error) {
	g, err := game.NewBattle(game.Config{Seed: seed, Settings: s, Opening: true})
	if err != nil {
		return lab.RunResult{}, err
	}
	o := g.Scene().(*game.Opening) // the config's scene
	res := lab.RunResult{Seed: seed, SquadBroke: []bool{false}, SquadFirstBreak: []*float64{nil}, SquadRouted: []int{0}, SquadMorale: [][]float64{nil}}
	type last struct {
		state    morale.State
		alive    bool
		broke    bool
		routed   bool
		lastBack float64
	}
	var men []last
	var routs []float64
	brokeAt := -1.0
	nextSample := 0.0
	observe := func() {
		t := g.Time()
		sol := o.Soldiers()
		for len(men) < len(sol) {
			men = append(men, last{alive: true, lastBack: math.Inf(-1)})
			res.Agents++
		}
		sum, n, unsteady := 0.0, 0, 0
		for i, v := range sol {
			m := &men[i]
			if m.alive && !v.Alive {
				res.Deaths++
			}
			m.alive = v.Alive
			if !v.Alive {
				continue
			}
			sum += v.Morale
			n++
			if v.State != morale.Steady {
				unsteady++
			}
			old, st := m.state, v.State
			if st == old {
				continue
			}
			set := func(p **float64) {
				if *p == nil {
					*p = ptr(t)
				}
			}
			switch st {
			case morale.Shaken:
				set(&res.FirstShaken)
			case morale.Panicked:
				set(&res.FirstPanicked)
			case morale.Routed:
				set(&res.FirstRouted)
				if !m.routed {
					m.routed = true
					res.Routed++
				}
				routs = append(routs, t)
			}
			if st.IsBroken() && !old.IsBroken() {
				if !m.broke {
					m.broke = true
					res.Broke++
					res.SquadBroke[0] = true
				}
				if brokeAt < 0 {
					brokeAt = t
				}
				if t-m.lastBack <= rebreakWindow {
					res.Rebreaks++
					m.lastBack = math.Inf(-1)
				}
			}
			if st == morale.Steady && old.IsBroken() {
				m.lastBack = t // a rally: only a rally jumps from broken to Steady
			} else if old == morale.Routed {
				m.lastBack = t
			}
			m.state = st
		}
		if unsteady == 0 && brokeAt >= 0 && res.BackToSteady == nil {
			res.BackToSteady = ptr(t - brokeAt)
		}
		for t+1e-9 >= nextSample && nextSample <= duration+1e-9 {
			v, sq := 0.0, lab.NoneAlive
			if n > 0 {
				v = sum / float64(n)
				sq = v
			}
			res.Morale = append(res.Morale, v)
			res.SquadMorale[0] = append(res.SquadMorale[0], sq)
			nextSample += sample
		}
	}
	observe()
	for g.Time() < duration-1e-9 {
		g.Tick()
		observe()
	}
	res.LargestCascade = lab.LargestCascade(routs, cascadeWindow)
	res.SquadRouted[0] = res.Routed
	if brokeAt >= 0 {
		res.SquadFirstBreak[0] = ptr(brokeAt)
	}
	if res.SquadBroke[0] {
		res.ShareSquadsBroken = 1
	}
	return res, nil
}

// GameScenario describes the demo's scene as a Scenario with no timeline, for
// headers and summaries.
func GameScenario(s morale.Settings, duration, sample float64) *lab.Scenario {
	return &lab.Scenario{Name: "demo", Description: "The demo's own battle (game/, with the opening), run headless.",
		Settings: s, Duration: duration, Sample: sample, CascadeWindow: 3, RebreakWindow: 10,
		Squads: []lab.SquadSpec{{ScenarioSquad: game.ScenarioSquad{Name: "alpha", Size: 5}}}, Hash: "game", WeightsHash: "default"}
}

func cmdGame(ctx context.Context, args []string, env console) error {
	fs := flag.NewFlagSet("game", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	runs := fs.Int("runs", 100, "seeded battles, 1..1000000")
	seed := fs.Uint64("seed", 1, "Monte-Carlo seed")
	duration := fs.Float64("duration", 60, "simulated seconds per battle")
	weights := fs.String("weights", "", "weights file (default: the defaults)")
	out := fs.String("out", "out/demo", "result folder")
	reportFile := fs.String("report", "", "also write an HTML report")
	quiet := fs.Bool("q", false, "no progress bar")
	maxWork := fs.Float64("max-work", lab.DefaultMaxWork, maxWorkUsage)
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	if *runs < 1 || *runs > lab.MaxRuns || !(*duration > 0) || *duration > 3600 {
		return bad("game: -runs must be 1..%d and -duration in (0, 3600]", lab.MaxRuns)
	}
	if err := checkMaxWork(*maxWork); err != nil {
		return err
	}
	if err := lab.CheckWork(fmt.Sprintf("%d battles", *runs), float64(*runs)**duration*gameWorkPerSecond, *maxWork); err != nil {
		return err
	}
	s := morale.DefaultSettings()
	if *weights != "" {
		var err error
		if s, err = morale.LoadSettings(*weights); err != nil {
			return usageError{err}
		}
	}
	sc := GameScenario(s, *duration, 0.5)
	if err := lab.CheckResults(sc, *runs); err != nil {
		return usageError{err}
	}
	if *weights != "" {
		sc.WeightsHash = lab.SettingsHash(s)
	}
	plan := lab.Plan{Scenario: sc, Settings: s, Seed: *seed, Runs: *runs}
	plan.RunFunc = func(seed uint64) (lab.RunResult, error) {
		return GameRun(s, seed, *duration, sc.Sample, sc.CascadeWindow, sc.RebreakWindow)
	}
	bar := newProgress(env, *quiet, "demo")
	plan.Progress = bar.update
	res, err := lab.MonteCarlo(ctx, plan)
	bar.finish()
	if err != nil {
		return err
	}
	o, sum, err := lab.RunOutputs(lab.NewHeader(plan), lab.Shard{}, res)
	if err != nil {
		return err
	}
	rep, err := runReport(o, sum, res)
	if err != nil {
		return err
	}
	if err := writeAll(ctx, o, *out, *reportFile, rep); err != nil {
		return err
	}
	if !*quiet {
		env.errs.printf("demo: %d battles written to %s\n", *runs, *out)
	}
	printSummary(env, sum)
	return nil
}

func ptr(v float64) *float64 { return &v }

// gameWorkPerSecond is the work of one simulated second of the demo's battle
// in lab.FightWork's units: 240 sub-ticks of five soldiers, their enemies and
// the World, measured at about 90 µs, as much as 450 men stepped for a
// second.
const gameWorkPerSecond = 450
