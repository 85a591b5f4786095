package morale

import "fmt"

// This file says what an Agent handle is when it names no live man of the
// World it is used on, for the errors and panics of the methods that take
// one: nil, removed (a dead man's handle), replaced by a load, never made
// by Spawn (a zero Agent), or of another World.

// live reports whether a names a man of a World: not nil, not removed.
func (a *Agent) live() bool { return a != nil && a.w != nil }

// notOurs is SetPositions' error for agents[k], a, which is nil, replaced
// by a load, not Spawn's, removed or of another World: it says which, each
// a different mistake.
func notOurs(k int, a *Agent) error {
	switch {
	case a == nil:
		return fmt.Errorf("morale: SetPositions: agents[%d] is nil", k)
	case a.i == loadedAway:
		return fmt.Errorf("morale: SetPositions: agents[%d] is from before a load (UnmarshalBinary made new handles: find the agents again by tag)", k)
	case a.unborn():
		return fmt.Errorf("morale: SetPositions: agents[%d] is %s", k, unbornAgent)
	case !a.live():
		return fmt.Errorf("morale: SetPositions: agents[%d] was removed (a dead man still in the list)", k)
	}
	return fmt.Errorf("morale: SetPositions: agents[%d] is an agent of another World (map a handle to a clone's with clone.Agent(a.Index()), or by tag)", k)
}

// unborn reports whether a is an Agent Spawn did not make: a zero Agent,
// whose place is 0 with no World (a removed handle's place is −1, one a
// load replaced loadedAway).
func (a *Agent) unborn() bool { return a != nil && a.w == nil && a.i >= 0 }

// unbornAgent says what an unborn Agent is, for the errors and panics.
const unbornAgent = "an Agent Spawn did not make (a zero Agent, which names no man): pass a handle Spawn returned"

// loadedAway is the place (Agent.i) of a handle a load replaced (see
// World.adopt), which is removed like a dead man's (−1) but is not one:
// World.Remove panics for it, and the errors say which it is.
const loadedAway = -2

// removedError is the error of an Agent method called on a removed agent,
// or on a nil one: it names the call, with its values, and what to do
// instead, and matches ErrRemoved (errors.Is), which those methods
// returned before.
type removedError struct {
	call                string // "Agent.SetMorale(0.5)"
	nil, loaded, unborn bool   // a is nil; a load replaced a; Spawn did not make a
}

func (e *removedError) Error() string {
	switch {
	case e.nil:
		return "morale: " + e.call + " of a nil agent (a handle never set, or World.Agent of an index out of range): pass a handle Spawn returned"
	case e.loaded:
		return "morale: " + e.call + " of an agent from before a load (UnmarshalBinary made new handles): find the agent again by tag"
	case e.unborn:
		return "morale: " + e.call + " of " + unbornAgent
	}
	return "morale: " + e.call + " of a removed agent (a dead man's handle): drop the handle"
}

// notToRemove is World.Remove's panic for agent a, who is not the World's
// to remove: one a load replaced, or one of another World.
func notToRemove(a *Agent) string {
	a.notStale("World.Remove")
	return "morale: World.Remove of an agent of another World (remove him from the World that spawned him, or map your entities to this World's agents by tag)"
}

// notStale panics, naming call, when a is a stale handle: one a load
// replaced, or an Agent Spawn did not make. A command that returns no error
// (Remove, SetPosition, Rally, ForceRout, SetSquad) would do nothing, and
// the man the game meant would stay as he was. For a removed agent (a dead man's
// handle) these do nothing, as documented.
func (a *Agent) notStale(call string) {
	if a != nil && a.i == loadedAway {
		panic("morale: " + call + " of an agent from before a load (UnmarshalBinary made new handles: map your entities to the loaded World's agents by tag)")
	} else if a.unborn() {
		panic("morale: " + call + " of " + unbornAgent)
	}
}

func (*removedError) Is(target error) bool { return target == ErrRemoved }

// removed is the error of the Agent method call (its values formatted in)
// on a that is not live.
func (a *Agent) removed(format string, args ...any) error {
	return &removedError{call: fmt.Sprintf(format, args...), nil: a == nil, loaded: a != nil && a.i == loadedAway, unborn: a.unborn()}
}
