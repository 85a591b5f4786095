package main

import (
	"fmt"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/scenarios"
)

// loadScenarios reads -scenario and -odds through the lab, before anything
// else is built: a bad file is the lab's error, exit status 2, before a
// window opens. It sets cfg's battle to the scenario's fight cfg.Run (the
// seed the lab gives that run, its settings unless -weights was given, its
// weights file for the tuner's Save and watch) and returns the scenario
// whose odds the panel counts: -odds, else -scenario, else the demo's
// opening (embedded) — but nil, no panel, without -odds for the armies
// scene and for a replay (of scene replayScene: "" when there is none) of
// a fight other than the opening, whose odds would be another fight's.
func loadScenarios(cfg *config, replayScene string) (odds *lab.Scenario, err error) {
	if cfg.Scenario != "" {
		sc, err := lab.LoadScenario(cfg.Scenario)
		if err != nil {
			return nil, fmt.Errorf("-scenario: %w", err)
		}
		cfg.Game = game.Config{Scene: game.SceneScenario, Scenario: sc.GameConfig(),
			Seed: lab.RunSeed(cfg.Game.Seed, cfg.Run), Settings: sc.Settings}
		if !cfg.WeightsSet {
			cfg.Weights = sc.WeightsPath // "" for the defaults: nothing to load, watch or save
			cfg.UI.WeightsPath = sc.WeightsPath
		}
		odds = sc
	}
	switch {
	case cfg.Odds != "":
		if odds, err = lab.LoadScenario(cfg.Odds); err != nil {
			return nil, fmt.Errorf("-odds: %w", err)
		}
	case odds == nil && (cfg.Game.Scene == game.SceneArmies || replayScene != "" && replayScene != game.SceneOpening):
		// no panel: the opening's odds would say nothing of the armies (the
		// armies' own fights are too dear to count while it runs) or of a
		// replayed scenario fight (its replay holds the fight, not the lab
		// file with its odds: -odds names that)
	case odds == nil: // an error is a bug: the shipped file parses (TestOpeningOddsParse)
		return lab.OddsScenario(scenarios.OpeningFile, scenarios.Opening)
	}
	return odds, nil
}
