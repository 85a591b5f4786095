package game

import (
	"fmt"

	"github.com/moralebreak/moralebreak/morale"
)

// TPS is the number of game ticks per real second at speed ×1, matching
// Ebitengine's default fixed update rate.
const TPS = 60

// SubTicksPerSecond is the resolution of the battle clock: every Tick runs a
// whole number of sub-ticks of 1/SubTicksPerSecond s of simulated time (1 at
// ×0.25, 4 at ×1, 16 at ×4), so every speed walks the same sequence of states.
const SubTicksPerSecond = 240

// MaxSoldiers is the largest squad Config.Soldiers may ask for.
const MaxSoldiers = 5000

// MaxReinforce is the largest Reinforce.N one command may ask for.
const MaxReinforce = 500

// PlayerSquad is the morale squad every soldier of the battle belongs to.
const PlayerSquad morale.SquadID = 1

// Timers and radii of the reports the battle makes, in seconds and centimetres.
const (
	// SuppressInterval is the shortest time, in seconds, between two
	// Suppressed reports from near misses to the same soldier: "on a timer,
	// never per hit", as the README's "Using morale/ in your own game" says.
	SuppressInterval = 2.5
	// SuppressRadius is how close, in cm, an impact must land to suppress a
	// soldier.
	SuppressRadius = 300.0
	// OutnumberedInterval is the period, in seconds, of each soldier's
	// Outnumbered report.
	OutnumberedInterval = 6.0
	// LeaderNearbyInterval is the period, in seconds, of each soldier's
	// LeaderNearby report while a living leader is within LeaderNearbyRadius.
	LeaderNearbyInterval = 2.0
	// LeaderNearbyRadius is how close, in cm, a living leader must be to
	// steady a soldier.
	LeaderNearbyRadius = 900.0
	// LowHealthBelow is the health fraction under which LowHealth is reported,
	// once per soldier.
	LowHealthBelow = 1.0 / 3
	// DamageUnit is the health fraction of an ordinary hit: a hit for
	// DamageUnit reports TookDamage with scale 1, bigger hits scale up.
	DamageUnit = 0.25
	// ShellScale is the scale of the Suppressed event a shell (the Shell
	// command) reports at its impact.
	ShellScale = 3.0
	// HitRadius is the reach, in cm, of SoldierAt's hit test.
	HitRadius = 90.0
	// BarkSeconds is how long, in seconds, a bark stays up.
	BarkSeconds = 3.0
	// ShotSeconds is how long, in seconds, a tracer stays in Shots.
	ShotSeconds = 0.35
)

// Config is everything New needs to build a battle.
type Config struct {
	// Seed seeds the battle's random sources and the World's nerve rolls: the
	// same seed and the same commands give the same battle.
	Seed uint64
	// Soldiers is the squad size, 1..MaxSoldiers; 0 means 5.
	Soldiers int
	// Settings are the starting morale settings (from weights.toml). The zero
	// Settings means morale.DefaultSettings().
	Settings morale.Settings
	// Opening plays the scripted opening (see the package doc). It needs at
	// least five soldiers and is tuned for exactly five.
	Opening bool
	// Scene is the battle to build: SceneOpening ("" too), SceneArmies,
	// which ignores Soldiers and Opening (see armies.go), or SceneScenario,
	// which plays Scenario and ignores them too.
	Scene string
	// Scenario is the scenario fight of SceneScenario (see ScenarioFight):
	// it must Validate. It is shared, not copied: do not modify it.
	Scenario *ScenarioConfig
}

// DefaultConfig returns the demo's configuration: seed 1, five soldiers, the
// default settings (morale.DefaultSettings) and the opening.
func DefaultConfig() Config {
	return Config{Seed: 1, Soldiers: 5, Settings: morale.DefaultSettings(), Opening: true}
}

// normalize fills the zero values and checks the rest.
func (c Config) normalize() (Config, error) {
	if c.Soldiers == 0 {
		c.Soldiers = 5
	}
	if c.Scene == SceneScenario {
		if err := c.Scenario.Validate(); err != nil {
			return c, err
		}
	} else if err := checkScene(c.Scene); err != nil {
		return c, err
	}
	if c.Soldiers < 1 || c.Soldiers > MaxSoldiers {
		return c, fmt.Errorf("game: Soldiers is %d; want 1..%d", c.Soldiers, MaxSoldiers)
	}
	if c.Settings.Weights == nil && c.Settings.SquadUpdateInterval == 0 {
		c.Settings = morale.DefaultSettings()
	}
	if err := c.Settings.Validate(); err != nil { // Validate's error has no prefix
		return c, fmt.Errorf("%w: %w", ErrBadSettings, err)
	}
	c.Settings = c.Settings.Clone()
	return c, nil
}
