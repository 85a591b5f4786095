package game

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/moralebreak/moralebreak/morale"
)

// Errors Apply wraps; test them with errors.Is. Their words carry no
// "game: ", so that a replay's error, which a designer reads, says the
// problem alone: "line 32: tick 100: kill 3: soldier is dead: Dubois (3)".
var (
	// ErrNoSoldier: the command names a soldier ID that does not exist.
	ErrNoSoldier = errors.New("no such soldier")
	// ErrDead: the command names a soldier who is already dead.
	ErrDead = errors.New("soldier is dead")
	// ErrBadPoint: a location is NaN, infinite or off the field.
	ErrBadPoint = errors.New("location is not on the field")
	// ErrBadSpeed: SetSpeed's factor is not a multiple of 0.25 in 0.25..8.
	ErrBadSpeed = errors.New("speed must be a multiple of 0.25 between 0.25 and 8")
	// ErrBadCount: Reinforce's N is out of range.
	ErrBadCount = errors.New("reinforcement count out of range")
	// ErrBadSettings: SetSettings got settings that do not validate.
	ErrBadSettings = errors.New("invalid settings")
	// ErrNoSquad: RallySquad names a squad that has no soldier.
	ErrNoSquad = errors.New("no such squad")
	// ErrUnknownCommand: Apply got a nil or foreign Command.
	ErrUnknownCommand = errors.New("unknown command")
)

// kindError is an error said in its cause's words alone, err's message,
// that matches both its kind (one of this package's Err values) and err
// with errors.Is and errors.As: a settings error in morale's words
// ("morale: invalid settings: …"), a replay's problem naming its line.
type kindError struct{ kind, err error }

func (e kindError) Error() string   { return e.err.Error() }
func (e kindError) Unwrap() []error { return []error{e.kind, e.err} }

// badSettings marks err, a settings error from morale, as ErrBadSettings
// without adding a second prefix to its message.
func badSettings(err error) error { return kindError{ErrBadSettings, err} }

// Command is one thing the player (or a tool) does to the battle. The
// commands are the types of this package that implement it: the battle's,
// Kill, Shell, Rally, RallySquad, ForceRout, Reinforce, SetSettings,
// Restart, SetDebug and SelectSquad, which Battle.Apply and Session.Apply
// take, and the clock's, Pause, Step and SetSpeed, which only a Session
// takes (a Battle has no clock).
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

// Pause pauses (Paused true) or resumes the session's clock.
type Pause struct{ Paused bool }

// Step pauses the simulation if it runs and advances it, in whole sub-ticks,
// until the morale World has run exactly one more fixed step: from a step
// boundary that is SquadUpdateInterval seconds (rounded up to a sub-tick),
// from the middle of a step the rest of it. (An interval shorter than a
// sub-tick, 1/240 s, may run several steps.)
type Step struct{}

// SetSpeed sets the session's speed: Factor is 0.25, 1 or 4 (any multiple of
// 0.25 from 0.25 to 8 works).
type SetSpeed struct{ Factor float64 }

// Restart rebuilds the battle from its config and seed with the live
// settings, replaying the opening. Debug and OnReport listeners stay, and
// so do a Session's speed, recording and session clock (SessionTicks); a
// paused Session runs again.
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
// returns an error (wrapping one of the Err values) and changes nothing.
// The clock's commands, Pause, Step and SetSpeed, are a Session's: a
// Battle has no clock and refuses them with ErrUnknownCommand.
func (b *Battle) Apply(c Command) error {
	if err := b.apply(c); err != nil {
		return err
	}
	b.scene.commanded()
	b.version++
	return nil
}

// apply is Apply without the version count.
func (b *Battle) apply(c Command) error {
	if handled, err := b.scene.apply(c); handled {
		return err
	}
	switch c := c.(type) {
	case Shell:
		f := b.Field()
		if !finite(c.At) || c.At.X < 0 || c.At.Y < 0 || c.At.X > f.X || c.At.Y > f.Y {
			return fmt.Errorf("%w: (%v, %v)", ErrBadPoint, c.At.X, c.At.Y)
		}
		return b.shellScaled(c.At, ShellScale)
	case Rally:
		b.rallyAll()
	case RallySquad:
		if !slices.Contains(b.world.SquadIDs(), c.ID) {
			return fmt.Errorf("%w: %d (squads: %s)", ErrNoSquad, c.ID, squadList(b.world.SquadIDs()))
		}
		b.world.RallySquad(c.ID)
	case SetSettings:
		if err := b.world.SetSettings(c.Settings); err != nil { // validates
			return badSettings(err)
		}
		b.settings = c.Settings.Clone()
		b.logf("Settings applied.")
	case Restart:
		return b.reset(b.settings)
	case SetDebug:
		b.debug = c.On
	case Pause, Step, SetSpeed:
		return fmt.Errorf("%w: %T is the clock's, a Session's command (a Battle has no pause or speed)", ErrUnknownCommand, c)
	default:
		return fmt.Errorf("%w: %T", ErrUnknownCommand, c)
	}
	return nil
}

// finite reports whether both coordinates of p are finite.
func finite(p morale.Vec2) bool {
	return !math.IsNaN(p.X) && !math.IsNaN(p.Y) && !math.IsInf(p.X, 0) && !math.IsInf(p.Y, 0)
}

// squadList writes squad ids as a designer reads them: in order, a run of
// consecutive ids as its first and last ("1–100"), the runs apart with
// commas ("1–3, 7"); "none" for none.
func squadList(ids []morale.SquadID) string {
	if len(ids) == 0 {
		return "none"
	}
	sorted := slices.Clone(ids)
	slices.Sort(sorted)
	sorted = slices.Compact(sorted)
	var b strings.Builder
	for i := 0; i < len(sorted); {
		j := i
		for j+1 < len(sorted) && sorted[j+1] == sorted[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(int(sorted[i])))
		switch {
		case j == i+1:
			b.WriteString(", " + strconv.Itoa(int(sorted[j])))
		case j > i+1:
			b.WriteString("–" + strconv.Itoa(int(sorted[j])))
		}
		i = j + 1
	}
	return b.String()
}
