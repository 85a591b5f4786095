package lab

import (
	"slices"

	"github.com/moralebreak/moralebreak/game"
)

// GameConfig translates sc into the game's description of a scenario
// fight, game.ScenarioConfig, which game.ScenarioFight plays: the one
// implementation of a scenario's rules, run by Run and by the demo's
// scenario scene (demo -scenario) alike. The result shares nothing with sc.
func (sc *Scenario) GameConfig() *game.ScenarioConfig {
	c := &game.ScenarioConfig{Name: sc.Name, Duration: sc.Duration,
		Squads: make([]game.ScenarioSquad, len(sc.Squads)), Events: make([]game.ScenarioEvent, len(sc.Events))}
	for i, sq := range sc.Squads {
		g := sq.ScenarioSquad
		g.Nerves, g.Names = slices.Clone(g.Nerves), slices.Clone(g.Names)
		if sq.NerveRange != nil {
			r := *sq.NerveRange
			g.NerveRange = &r
		}
		c.Squads[i] = g
	}
	for i := range sc.Events {
		c.Events[i] = gameEvent(&sc.Events[i])
	}
	return c
}

// gameEvent translates one event of a scenario.
func gameEvent(ev *EventSpec) game.ScenarioEvent {
	g := ev.ScenarioEvent
	g.Squads = slices.Clone(g.Squads)
	return g
}

// occurrences returns how many times ev happens in a fight of the given
// duration (game.ScenarioEvent.Occurrences: the fight's own count).
func occurrences(ev EventSpec, duration float64) int {
	g := gameEvent(&ev)
	return g.Occurrences(duration)
}
