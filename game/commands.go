package game

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/moralebreak/moralebreak/morale"
)

// Errors Apply wraps; test them with errors.Is.
var (
	// ErrNoSoldier: the command names a soldier ID that does not exist.
	ErrNoSoldier = errors.New("game: no such soldier")
	// ErrDead: the command names a soldier who is already dead.
	ErrDead = errors.New("game: soldier is dead")
	// ErrBadPoint: a location is NaN, infinite or off the field.
	ErrBadPoint = errors.New("game: location is not on the field")
	// ErrBadSpeed: SetSpeed's factor is not a multiple of 0.25 in 0.25..8.
	ErrBadSpeed = errors.New("game: speed must be a multiple of 0.25 between 0.25 and 8")
	// ErrBadCount: Reinforce's N is out of range.
	ErrBadCount = errors.New("game: reinforcement count out of range")
	// ErrBadSettings: SetSettings got settings that do not validate.
	ErrBadSettings = errors.New("game: invalid settings")
	// ErrNoSquad: RallySquad names a squad that has no soldier.
	ErrNoSquad = errors.New("game: no such squad")
	// ErrUnknownCommand: Apply got a nil or foreign Command.
	ErrUnknownCommand = errors.New("game: unknown command")
)

// settingsError is an error of morale's settings validation, said in
// morale's words ("morale: invalid settings: …") and matching both
// ErrBadSettings and morale's own error with errors.Is.
type settingsError struct{ err error }

func (e settingsError) Error() string   { return e.err.Error() }
func (e settingsError) Unwrap() []error { return []error{ErrBadSettings, e.err} }

// badSettings marks err, a settings error from morale, as ErrBadSettings
// without adding a second prefix to its message.
func badSettings(err error) error { return settingsError{err} }

// Command is one thing the player (or a tool) does to the battle. The
// commands are the types of this package that implement it: Kill, Shell,
// Rally, RallySquad, ForceRout, Reinforce, SetSettings, Pause, Step,
// SetSpeed, Restart, SetDebug.
type Command interface{ isCommand() }

// Kill makes soldier ID fall, as a click on him does: AllyDown (LeaderDown
// for the leader) at his location, then he leaves the World.
type Kill struct{ ID int }

// Shell lands a shell at field point At (cm): Suppressed × ShellScale at the
// location, with the default reach.
type Shell struct{ At morale.Vec2 }

// Rally rallies every squad at once (World.RallySquad): all Steady.
type Rally struct{}

// RallySquad rallies one squad (World.RallySquad), as the console's
// MoraleBreak.Rally SquadId does: all its members Steady.
type RallySquad struct{ ID morale.SquadID }

// ForceRout sends soldier ID running for the rally point at once.
type ForceRout struct{ ID int }

// Reinforce spawns N (1..MaxReinforce) soldiers at the left edge of the field
// and reports ReinforcementsArrived at their location.
type Reinforce struct{ N int }

// SetSettings retunes the running World (World.SetSettings). Invalid
// settings change nothing.
type SetSettings struct{ Settings morale.Settings }

// Pause pauses (Paused true) or resumes the simulation.
type Pause struct{ Paused bool }

// Step pauses the simulation if it runs and advances it, in whole sub-ticks,
// until the morale World has run exactly one more fixed step: from a step
// boundary that is SquadUpdateInterval seconds (rounded up to a sub-tick),
// from the middle of a step the rest of it. (An interval shorter than a
// sub-tick, 1/240 s, may run several steps.)
type Step struct{}

// SetSpeed sets the simulation speed: Factor is 0.25, 1 or 4 (any multiple of
// 0.25 from 0.25 to 8 works).
type SetSpeed struct{ Factor float64 }

// Restart rebuilds the battle from its config and seed with the live
// settings, replaying the opening. Speed, debug and OnReport listeners stay.
type Restart struct{}

// SetDebug switches the debug overlay on or off (MoraleBreak.Debug).
type SetDebug struct{ On bool }

func (Kill) isCommand()        {}
func (Shell) isCommand()       {}
func (Rally) isCommand()       {}
func (RallySquad) isCommand()  {}
func (ForceRout) isCommand()   {}
func (Reinforce) isCommand()   {}
func (SetSettings) isCommand() {}
func (Pause) isCommand()       {}
func (Step) isCommand()        {}
func (SetSpeed) isCommand()    {}
func (Restart) isCommand()     {}
func (SetDebug) isCommand()    {}

// Apply carries out one command at once, between ticks. An invalid command
// returns an error (wrapping one of the Err values) and changes nothing. A
// command carried out is recorded with the session's sub-tick (see
// Recording), except Pause, Step and SetSpeed.
//
// While the rewind cursor is set (RewindTo), SetSettings only sets the
// settings Resume will continue with, Pause{false} resumes (Resume), Step
// moves the cursor one morale step on, SetSpeed and Pause{true} do what
// they always do, and every other command resumes from the cursor first.
// Restart ends a what-if (Ghost and WhatIf are gone).
func (g *Game) Apply(c Command) error {
	if g.wi != nil && g.wi.cursor {
		if done, err := g.applyAtCursor(c); done {
			return err
		}
	}
	if err := g.applyRecorded(c); err != nil {
		return err
	}
	if _, ok := c.(Restart); ok {
		g.wi = nil // a new battle: no future to compare with
	}
	return nil
}

// applyRecorded carries out c and records it.
func (g *Game) applyRecorded(c Command) error {
	if err := g.apply(c); err != nil {
		return err
	}
	g.record(c)
	return nil
}

// applyAtCursor is Apply while the rewind cursor is set; done is false
// when Apply is to carry c out as always.
func (g *Game) applyAtCursor(c Command) (done bool, err error) {
	switch c := c.(type) {
	case SetSettings:
		if err := c.Settings.Validate(); err != nil {
			return true, fmt.Errorf("%w: %w", ErrBadSettings, err)
		}
		g.wi.current = c.Settings.Clone()
		return true, nil
	case Pause:
		if c.Paused {
			return false, nil
		}
		return true, g.Resume()
	case Step:
		g.RewindTo(g.session + max(1, seconds(g.settings.SquadUpdateInterval)))
		return true, nil
	case SetSpeed:
		return false, nil
	case nil:
		return false, nil
	}
	if err := g.Resume(); err != nil {
		return true, err
	}
	return false, nil
}

// apply is Apply without the recording.
func (g *Game) apply(c Command) error {
	if handled, err := g.applyArmies(c); handled {
		return err
	}
	switch c := c.(type) {
	case Kill:
		if err := g.living(c.ID); err != nil {
			return err
		}
		return g.kill(c.ID)
	case Shell:
		if !finite(c.At) || c.At.X < 0 || c.At.Y < 0 || c.At.X > fieldW || c.At.Y > fieldH {
			return fmt.Errorf("%w: (%v, %v)", ErrBadPoint, c.At.X, c.At.Y)
		}
		return g.shellScaled(c.At, ShellScale)
	case Rally:
		g.rallyAll()
	case RallySquad:
		if !slices.Contains(g.world.SquadIDs(), c.ID) {
			return fmt.Errorf("%w: %d (squads: %v)", ErrNoSquad, c.ID, g.world.SquadIDs())
		}
		g.world.RallySquad(c.ID)
	case ForceRout:
		if err := g.living(c.ID); err != nil {
			return err
		}
		g.soldiers[c.ID].agent.ForceRout()
	case Reinforce:
		if c.N < 1 || c.N > MaxReinforce || len(g.soldiers)+c.N > MaxSoldiers {
			return fmt.Errorf("%w: %d (want 1..%d)", ErrBadCount, c.N, MaxReinforce)
		}
		return g.reinforce(c.N)
	case SetSettings:
		if err := g.world.SetSettings(c.Settings); err != nil { // validates
			return badSettings(err)
		}
		g.settings = c.Settings.Clone()
		g.logf("Settings applied.")
	case Pause:
		g.paused = c.Paused
	case Step:
		g.paused = true
		g.step()
	case SetSpeed:
		k := c.Factor * subPerTickX1
		if math.IsNaN(k) || k != math.Trunc(k) || k < 1 || k > 8*subPerTickX1 {
			return fmt.Errorf("%w: got %v", ErrBadSpeed, c.Factor)
		}
		g.subPerTick = int(k)
	case Restart:
		if err := g.reset(g.settings); err != nil {
			return err
		}
		g.paused = false
	case SetDebug:
		g.debug = c.On
	default:
		return fmt.Errorf("%w: %T", ErrUnknownCommand, c)
	}
	return nil
}

// living checks that id names a living soldier.
func (g *Game) living(id int) error {
	if id < 0 || id >= len(g.soldiers) {
		return fmt.Errorf("%w: %d", ErrNoSoldier, id)
	}
	if !g.soldiers[id].alive {
		return fmt.Errorf("%w: %s (%d)", ErrDead, g.soldiers[id].name, id)
	}
	return nil
}

// finite reports whether both coordinates of p are finite.
func finite(p morale.Vec2) bool {
	return !math.IsNaN(p.X) && !math.IsNaN(p.Y) && !math.IsInf(p.X, 0) && !math.IsInf(p.Y, 0)
}

// step advances until the World has run exactly one more fixed step.
func (g *Game) step() {
	target := g.world.Steps() + 1
	limit := seconds(g.settings.SquadUpdateInterval) + 2
	for k := int64(0); k < limit && g.world.Steps() < target && !g.replayHolds(); k++ {
		g.subtick()
	}
}

// shellScaled lands a shell at p reporting Suppressed × scale. An error of
// the report (p not finite, scale negative) changes nothing.
func (g *Game) shellScaled(p morale.Vec2, scale float64) error {
	if err := g.reportAt(morale.Suppressed, p, scale); err != nil {
		return err
	}
	g.blasts.push(blast{at: p, t: g.now})
	g.logf("A shell lands at (%.0f, %.0f).", p.X, p.Y)
	return nil
}

// rallyAll rallies every squad.
func (g *Game) rallyAll() {
	for _, id := range g.world.SquadIDs() {
		g.world.RallySquad(id)
	}
	g.logf("Rally! Every soldier is Steady.")
}

// reinforce spawns n soldiers at the left edge and reports their arrival at
// their centre. The report cannot fail (the centre is a finite point on the
// field, the scale 1); should it, the error is returned and the soldiers
// stay.
func (g *Game) reinforce(n int) error {
	var c morale.Vec2
	const perCol = 20
	rows := min(n, perCol)
	for k := 0; k < n; k++ {
		p := morale.Vec2{
			X: 150 + float64(k/perCol)*120,
			Y: fieldH/2 + (float64(k%perCol)-float64(rows-1)/2)*130,
		}
		id := g.spawn(p, morale.Vec2{X: p.X + 900, Y: p.Y})
		g.history.sample(id, g.Time(), g.soldiers[id].agent.Morale())
		c.X += p.X / float64(n)
		c.Y += p.Y / float64(n)
	}
	if err := g.reportAt(morale.ReinforcementsArrived, c, 1); err != nil {
		return err
	}
	g.logf("%d reinforcements arrive.", n)
	return nil
}

// BlastSeconds is how long, in seconds, a shell's blast stays in Blasts.
const BlastSeconds = 1.0

// BlastView is a recent shell impact.
type BlastView struct {
	// At is the impact point, in cm.
	At morale.Vec2
	// Age is the time since the impact, in seconds (0..BlastSeconds).
	Age float64
}

// blast is one shell impact.
type blast struct {
	at morale.Vec2
	t  int64
}

// Blasts returns the shell impacts of the last BlastSeconds, newest first, in
// a new slice. AppendBlasts reuses the caller's.
func (g *Game) Blasts() []BlastView { return g.AppendBlasts(nil) }

// AppendBlasts appends the shell impacts of the last BlastSeconds to dst,
// newest first, and returns it. It changes nothing in g.
func (g *Game) AppendBlasts(dst []BlastView) []BlastView {
	out := dst
	for i := g.blasts.len() - 1; i >= 0; i-- { // newest first
		b := g.blasts.at(i)
		if age := float64(g.now-b.t) / SubTicksPerSecond; age >= 0 && age < BlastSeconds {
			out = append(out, BlastView{At: b.at, Age: age})
		}
	}
	return out
}
