package game

import "github.com/moralebreak/moralebreak/morale"

// Scene is what a battle plays: *Opening (five men, an enemy line and the
// scripted opening), *Armies (two armies of ArmySquads squads marching
// into each other) or *Scenario (a balance-lab scenario's fight).
// Battle.Scene and View.Scene return it; switch on its type to read the
// scene's own views. Every exported method of a scene
// only reads: the battle changes its scene through Tick and Apply. Only
// this package implements Scene.
type Scene interface {
	// Name is SceneOpening, SceneArmies or SceneScenario.
	Name() string
	// ClockDecimals is how many decimals of a second the scene's views
	// give the clock (the field's header, the tuner's clock, when its
	// figures were read), so that they say one moment alike.
	ClockDecimals() int

	// step runs the scene's part of one sub-tick (the battle clock has
	// already moved on).
	step()
	// apply carries out the commands that mean something of the scene's
	// own (Kill, ForceRout, Reinforce, SelectSquad); handled is false for
	// those the battle carries out the same in every scene.
	apply(c Command) (handled bool, err error)
	// commanded follows every command the battle carried out (Apply
	// without an error), in whichever scene: a scene whose views show
	// figures read at intervals reads them again, so that a command shows
	// at once.
	commanded()
	// field is the battlefield size, in cm.
	field() morale.Vec2
	// sync tells the World where its agents stand, before an event at a
	// location.
	sync()
	// soldierAt and squadAt are Battle.SoldierAt and Battle.SquadAt.
	soldierAt(p morale.Vec2) (int, bool)
	squadAt(p morale.Vec2) (morale.SquadID, bool)
	// soldierCount is the number of named soldiers (those Why explains),
	// dead ones included; soldierOf returns soldier id's agent (nil once he fell)
	// and name, ok false for an id that is not one.
	soldierCount() int
	soldierOf(id int) (a *morale.Agent, name string, ok bool)
	// digest writes the scene's part of Session.Digest through put.
	digest(put func(uint64))
	// clone returns a copy of the scene for battle b, whose World is a
	// clone of this one's: agent maps each agent to the clone's.
	clone(b *Battle, agent func(*morale.Agent) *morale.Agent) Scene
	// listen registers the scene's listeners on the battle's World, once
	// per World (a new one, or a clone, whose listeners Clone leaves out).
	listen()
}
