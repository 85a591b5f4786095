package morale

import (
	"cmp"
	"fmt"
	"slices"
	"unsafe"
)

// DefaultChangeCapacity is the most changes a World holds for TakeChanges
// when ChangeOptions.Capacity is 0.
const DefaultChangeCapacity = 1 << 16

// ChangeOptions says which changes a World records for TakeChanges, and how
// many it holds.
type ChangeOptions struct {
	// Morale records changes of morale too; without it only changes of
	// state are recorded.
	Morale bool
	// Coalesce keeps at most one change of state and one of morale per
	// agent until the next TakeChanges: the first old value and the last
	// new one (and the last reason) since the last take. A change whose
	// last new value equals its first old one (Shaken and back to Steady)
	// is then not returned at all. Without Coalesce every change is held,
	// in the order it happened.
	Coalesce bool
	// Capacity is the most changes held between two TakeChanges (≥ 0; 0
	// means DefaultChangeCapacity). A change that would take the World
	// past it is dropped and counted (ChangesDropped); with Coalesce only a
	// change of an agent not yet held can be dropped, and a change back
	// where it started keeps its room until the next TakeChanges, though
	// that does not return it: it may start again, and is held to be told
	// then. Taking them every frame is not enough when one frame makes
	// more changes than that (a step changes each man's morale and state,
	// with Morale: two changes a man, so a World of over 32,768 men under
	// fire can drop some): such a game gives the room of two changes an
	// agent with Coalesce, or, without, of the changes a frame makes.
	Capacity int
}

// Change is one change of an agent, as TakeChanges returns it.
type Change struct {
	// Agent is the agent's handle. It reads Removed() when the agent was
	// removed after the change: his changes up to then are kept.
	Agent *Agent
	// Tag is the agent's tag (WithTag, SetTag) when the change was
	// recorded (the last one's, coalesced), for a game that maps agents to
	// its entities by tag, after a removal too.
	Tag uint64
	// IsState is true for a change of state (Old, New) and false for a
	// change of morale (OldMorale, Morale).
	IsState bool
	// Old and New are the states before and after a change of state.
	Old, New State
	// OldMorale and Morale are the morale before and after a change of
	// morale.
	OldMorale, Morale float64
	// Why is the reason of the change (the last one's, coalesced).
	Why Reason
}

// changeLog is the World's record of changes for TakeChanges: off (the
// zero value) until RecordChanges. It is one field of the World so that
// Clone and a savegame copy it whole.
type changeLog struct {
	on  bool
	opt ChangeOptions // Capacity resolved: never 0 while on
	// pending holds the changes recorded since the last take, oldest first
	// (with Coalesce, in the order of each agent's first change).
	pending []Change
	// slots, with Coalesce, holds for each agent of the World (a column in
	// the World's order, listed in World.cols) where his pending changes
	// are: pending[state−1] and pending[morale−1], 0 for none. It is
	// derived from pending: rebuildChangeSlots makes it again.
	slots   col[changeSlots]
	dropped uint64 // changes dropped since RecordChanges
}

// changeSlots is an agent's entry in changeLog.slots.
type changeSlots struct{ state, morale uint32 }

// RecordChanges starts recording the World's changes for TakeChanges, the
// changes of state and, with opt.Morale, of morale, as the listeners would be
// told them (see the World's documentation): so a game that cannot act on
// a change at once (an ECS game inside a query) takes them after Advance or
// any other call, and applies them itself. Called again, it starts afresh
// with opt: the changes held and the count of those dropped are forgotten.
// It fails, changing nothing, when opt.Capacity is negative.
//
// A World that never calls RecordChanges records nothing and pays nothing
// for it. Recording costs a copy of each change into the World's buffer
// (and, with Coalesce, 8 bytes per agent to find his held changes, in an
// array that grows as append grows a slice); once
// the buffer has grown to what a game takes between two calls, recording
// allocates nothing.
func (w *World) RecordChanges(opt ChangeOptions) error {
	if opt.Capacity < 0 {
		return fmt.Errorf("morale: RecordChanges: Capacity %d must not be negative", opt.Capacity)
	}
	if opt.Capacity == 0 {
		opt.Capacity = DefaultChangeCapacity
	}
	w.init()
	cl := &w.changes
	clear(cl.pending)
	cl.on, cl.opt, cl.pending, cl.dropped = true, opt, cl.pending[:0], 0
	cl.slots = nil
	if opt.Coalesce {
		cl.slots = make(col[changeSlots], len(w.col.Handle))
	}
	w.cols = w.columnList()
	return nil
}

// StopRecordingChanges stops recording changes for TakeChanges and forgets
// those held.
func (w *World) StopRecordingChanges() {
	w.guard()
	w.changes = changeLog{}
	w.cols = w.columnList()
}

// RecordingChanges reports whether the World records changes for
// TakeChanges, and with which options (Capacity as it applies).
func (w *World) RecordingChanges() (ChangeOptions, bool) {
	w.notCopied()
	return w.changes.opt, w.changes.on
}

// TakeChanges appends to dst the changes recorded since the last call (or
// since RecordChanges), oldest first, forgets them, and returns the
// extended slice: pass the last result cut to dst[:0] and a game's frames
// allocate nothing. It returns dst unchanged when the World does not record
// changes.
//
// The changes are the ones the listeners are told, in the same order (see
// the World's documentation), each recorded before the listeners hear it:
// a change to an agent removed by a listener before its turn is told to no
// one and not recorded either. The changes of an agent removed later are
// kept, with his Tag as it was; his handle then reads Removed(). A
// listener's panic, which stops the telling, loses none: the changes not
// told yet are recorded as they would have been.
//
// Called from a listener, it returns the changes recorded so far: the one
// being told and those before it.
func (w *World) TakeChanges(dst []Change) []Change {
	w.guard()
	cl := &w.changes
	if !cl.on {
		return dst
	}
	for k := range cl.pending {
		c := &cl.pending[k]
		if cl.opt.Coalesce {
			if a := c.Agent; a.w == w {
				cl.slots[a.i] = changeSlots{}
			}
			if c.IsState && c.Old == c.New || !c.IsState && c.OldMorale == c.Morale {
				continue // back where it started
			}
		}
		dst = append(dst, *c)
	}
	clear(cl.pending)
	cl.pending = cl.pending[:0]
	return dst
}

// ChangesDropped returns how many changes the World dropped since
// RecordChanges because it held ChangeOptions.Capacity of them: a game that
// sees it grow takes its changes too seldom or should raise the capacity.
// The changes taken then no longer chain (a change's old state may not be
// the new state of the agent's last change taken): read the agents' State
// and Morale to catch up.
func (w *World) ChangesDropped() uint64 {
	w.notCopied()
	return w.changes.dropped
}

// hearsState reports whether changes of state are queued: a state listener
// is registered or changes of state are recorded.
func (w *World) hearsState() bool { return len(w.onState) > 0 || w.changes.on }

// hearsMorale reports whether changes of morale are queued: a morale
// listener is registered or changes of morale are recorded.
func (w *World) hearsMorale() bool {
	return len(w.onMorale) > 0 || w.changes.on && w.changes.opt.Morale
}

// record adds note n, of agent i, to the changes held for TakeChanges.
func (w *World) record(n *note) {
	cl := &w.changes
	if !n.isState && !cl.opt.Morale {
		return // queued for a morale listener only
	}
	a := n.a
	var slot *uint32
	if cl.opt.Coalesce {
		s := &cl.slots[a.i]
		slot = &s.morale
		if n.isState {
			slot = &s.state
		}
		if *slot != 0 {
			c := &cl.pending[*slot-1]
			c.New, c.Morale, c.Why, c.Tag = n.new, n.morale, n.why, w.col.Tag[a.i]
			return
		}
	}
	if len(cl.pending) >= cl.opt.Capacity {
		cl.dropped++
		return
	}
	cl.pending = append(cl.pending, Change{
		Agent: a, Tag: w.col.Tag[a.i], IsState: n.isState,
		Old: n.old, New: n.new, OldMorale: n.oldMorale, Morale: n.morale, Why: n.why,
	})
	if slot != nil {
		*slot = uint32(len(cl.pending))
	}
}

// rebuildChangeSlots makes w.changes.slots again from w.changes.pending,
// as recording left it: with Coalesce, for each pending change of an agent
// of w (a removed agent's is in no slot) its place in pending, 0 elsewhere;
// without, nil. It lists the column in w.cols. A load that puts a log back
// (on, opt, pending with w's handles, dropped) calls it after.
func (w *World) rebuildChangeSlots() {
	cl := &w.changes
	cl.slots = nil
	if cl.on && cl.opt.Coalesce {
		cl.slots = make(col[changeSlots], len(w.col.Handle))
		for k := range cl.pending {
			c := &cl.pending[k]
			if c.Agent.w != w {
				continue
			}
			if c.IsState {
				cl.slots[c.Agent.i].state = uint32(k + 1)
			} else {
				cl.slots[c.Agent.i].morale = uint32(k + 1)
			}
		}
	}
	w.cols = w.columnList()
}

// clone returns a copy of the log for clone c of the World whose log it
// is: each held change's handle is c's (a removed agent's, a new removed
// handle of its own, one per agent).
func (cl *changeLog) clone(w, c *World) changeLog {
	out := *cl
	out.pending = slices.Clone(cl.pending)
	out.slots = slices.Clone(cl.slots)
	n := 0
	for k := range out.pending {
		if out.pending[k].Agent.w != w {
			n++
		}
	}
	// One copy per removed agent, however many of his changes are held:
	// the places of those changes sorted by handle, a copy per handle.
	gone := make([]int, 0, n)
	for k := range out.pending {
		if p := &out.pending[k]; p.Agent.w == w {
			p.Agent = c.col.Handle[p.Agent.i]
		} else {
			gone = append(gone, k)
		}
	}
	addr := func(k int) uintptr { return uintptr(unsafe.Pointer(cl.pending[k].Agent)) }
	slices.SortFunc(gone, func(a, b int) int { return cmp.Compare(addr(a), addr(b)) })
	block := make([]Agent, 0, len(gone))
	for j, k := range gone {
		if j == 0 || addr(k) != addr(gone[j-1]) {
			block = append(block, *cl.pending[k].Agent) // removed: no World, index −1
		}
		out.pending[k].Agent = &block[len(block)-1]
	}
	return out
}
