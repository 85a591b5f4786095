package morale

import "slices"

// A squad is a slot in the World's squads array: its agents hold the slot's
// index. Slots of squads that lost their last member are freed and reused,
// and when most slots are free they are compacted, so that memory and the
// step's per-squad work follow the live squads, not every squad ever seen.

type squad struct {
	id   SquadID
	n    int32
	sum  float64 // sum of the members' morale, kept up to date by every change
	mark uint32
}

// minCompact is the fewest free squad slots or empty grid cells worth a
// compaction.
const minCompact = 64

// slot returns squad id's slot, taking a free one or a new one when the
// squad has none.
func (w *World) slot(id SquadID) int32 {
	// The hint of id's hash, when it names a live slot of id, saves the
	// map lookup: a live squad's id is in no other live slot.
	h := &w.slotHint[uint64(id)*0x9E3779B97F4A7C15>>54]
	if s := *h - 1; s >= 0 && int(s) < len(w.squads) && w.squads[s].n > 0 && w.squads[s].id == id {
		return s
	}
	if s, ok := w.slotOf[id]; ok {
		*h = s + 1
		return s
	}
	var s int32
	if n := len(w.free); n > 0 {
		s, w.free = w.free[n-1], w.free[:n-1]
		w.squads[s] = squad{id: id}
	} else {
		s = int32(len(w.squads))
		w.squads = append(w.squads, squad{id: id})
		w.next = append(w.next, 0)
		w.avg = append(w.avg, 0)
	}
	w.slotOf[id] = s
	return s
}

// join counts a member with morale m in slot s.
func (w *World) join(s int32, m float64) {
	w.squads[s].n++
	w.squads[s].sum += m
}

// leave takes a member with morale m out of slot s, freeing the slot when he
// was the last.
func (w *World) leave(s int32, m float64) {
	sq := &w.squads[s]
	sq.n--
	sq.sum -= m
	if sq.n == 0 {
		delete(w.slotOf, sq.id)
		*sq = squad{}
		w.free = append(w.free, s)
	}
}

// reclaim compacts the squad slots and the grid when most of either is free
// (squad slots) or empty (grid cells).
// Compaction moves no agent and changes no number, only where squads and
// cells are kept. It runs after an agent leaves a squad or a cell, never
// during a step.
func (w *World) reclaim() {
	if len(w.free) >= minCompact && 2*len(w.free) > len(w.squads) {
		w.compactSquads()
	}
	if g := &w.grid; g.empty >= minCompact && 2*g.empty > len(g.lists) {
		w.rebuildGrid(g.size)
	}
}

// compactSquads moves the live squads to the front, in slot order, into
// arrays sized for them, and renumbers the agents' slots.
func (w *World) compactSquads() {
	live := len(w.squads) - len(w.free)
	to := make([]int32, len(w.squads))
	squads := make([]squad, 0, live)
	w.slotOf = make(map[SquadID]int32, live)
	for s, sq := range w.squads {
		if sq.n > 0 {
			to[s] = int32(len(squads))
			w.slotOf[sq.id] = int32(len(squads))
			squads = append(squads, sq)
		}
	}
	for i, s := range w.col.Squad {
		w.col.Squad[i] = to[s]
	}
	w.squads = squads
	w.avg = make([]float64, live)
	w.next = make([]float64, live)
	w.free = nil
}

// RallySquad rallies every member of squad id, as Agent.Rally does. An unknown
// or empty squad is ignored.
func (w *World) RallySquad(id SquadID) {
	w.guard()
	slot, ok := w.slotOf[id]
	if !ok {
		return
	}
	for i, a := range w.col.Handle {
		if w.col.Squad[i] == slot {
			w.rally(a)
		}
	}
	w.flush()
}

// SquadIDs returns the squads that have members, sorted, in a new slice.
// A game that reads every squad's numbers every frame calls AllSquadStats
// with its own slice instead: one pass over the agents and no allocation,
// where SquadIDs and a SquadStats per squad allocate and read the agents
// once a squad.
func (w *World) SquadIDs() []SquadID {
	w.notCopied()
	ids := make([]SquadID, 0, len(w.squads))
	for _, s := range w.squads {
		if s.n > 0 {
			ids = append(ids, s.id)
		}
	}
	slices.Sort(ids)
	return ids
}
