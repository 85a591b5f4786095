package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

// GameScenario describes the demo (lab.GameRun)'s scene as a Scenario with no timeline, for
// headers and summaries.
func GameScenario(s morale.Settings, duration, sample float64) *lab.Scenario {
	return &lab.Scenario{Name: "demo", Description: "The demo's own battle (game/, with the opening), run headless.",
		Settings: s, Duration: duration, Sample: sample, CascadeWindow: 3, RebreakWindow: 10,
		Squads: []lab.SquadSpec{{ScenarioSquad: game.ScenarioSquad{Name: "alpha", Size: 5}}}, Hash: lab.GameHash, WeightsHash: "default"}
}

func cmdGame(ctx context.Context, args []string, env console) error {
	fs := flag.NewFlagSet("game", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	runs := fs.Int("runs", 100, "seeded battles, 1..1000000")
	seed, maxWork, quiet := jobFlags(fs, "Monte-Carlo seed")
	duration := fs.Float64("duration", 60, "simulated seconds per battle")
	weights := fs.String("weights", "", "weights file (default: the defaults)")
	out := fs.String("out", "out/demo", "result folder")
	reportFile := fs.String("report", "", "also write an HTML report")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return bad("game takes no file (%s): it plays the demo's own battle; for a scenario's fights: moralesim run %s", safefile.Quote(pos[0]), safefile.Escape(pos[0]))
	}
	if *runs < 1 || *runs > lab.MaxRuns {
		return bad("game: -runs is %d; it must be 1..%d", *runs, lab.MaxRuns)
	}
	if !(*duration > 0) || *duration > 3600 {
		return bad("game: -duration is %s; it must be more than 0 and at most 3600 seconds", lab.FormatExact(*duration))
	}
	if err := lab.CheckWork(lab.Plural(*runs, "battle"), float64(*runs)**duration*gameWorkPerSecond, *maxWork); err != nil {
		// The battle is the demo's: no scenario to make smaller.
		return withAdvice(err, "run fewer battles (-runs) or shorter ones (-duration)")
	}
	s := morale.DefaultSettings()
	if *weights != "" {
		var err error
		if s, _, err = lab.LoadWeights(*weights); err != nil {
			return usageError{fmt.Errorf("-weights: %w", err)}
		}
	}
	sc := GameScenario(s, *duration, 0.5)
	if err := lab.CheckResults(sc, *runs); err != nil {
		return bad("-runs and -duration: %v", err)
	}
	if *weights != "" {
		sc.WeightsHash = lab.SettingsHash(s)
	}
	plan := lab.Plan{Scenario: sc, Settings: s, Seed: *seed, Runs: *runs}
	plan.RunFunc = func(seed uint64) (lab.RunResult, error) {
		return lab.GameRun(s, seed, *duration, sc.Sample, sc.CascadeWindow, sc.RebreakWindow)
	}
	bar := newProgress(env, *quiet, "demo")
	plan.Progress = bar.update
	res, err := lab.MonteCarlo(ctx, plan)
	bar.finish()
	if err != nil {
		return err
	}
	sum, err := writeRuns(ctx, lab.NewHeader(plan), lab.Shard{}, res, typed("game", args), *out, *reportFile, nil)
	if err != nil {
		return err
	}
	if !*quiet {
		env.errs.printf("demo: %s written to %s\n", lab.Plural(*runs, "battle"), *out)
	}
	printSummary(env, sum)
	return nil
}

// gameWorkPerSecond is the work of one simulated second of the demo's battle
// in lab.FightWork's units: 240 sub-ticks of five soldiers, their enemies and
// the World, measured at about 21 µs of one core (lab's BenchmarkGameWork),
// as much as 830 men stepped for a second.
const gameWorkPerSecond = 830
