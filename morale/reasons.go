package morale

import (
	"maps"
	"slices"
)

// reasonID is an agent's last reason (World.why) as a small number, so that
// the per-agent array costs 4 bytes an agent instead of a 24-byte Reason
// (and holds no pointer for the garbage collector to scan or a write
// barrier to guard): ids below fixedReasons are Reason{Kind: k} with k =
// the id (0 the zero Reason); the others index the World's reasonTable.
type reasonID uint32

// whys is an agent's reasons: that of the last news, rally or SetMorale
// that lowered his morale (bad news, or a SetMorale below it: down) and
// that of the last that did not (up), and which of the two came last. A
// state change a step makes is blamed on the one the way his state went,
// not on later news the other way (World.causeOf); his LastReason is the
// last of the two.
type whys struct {
	down, up reasonID
	lastUp   bool
}

// set records id as the reason of the news, rally or SetMorale that came
// last: down when it lowered his morale (or was bad news), else up.
func (y *whys) set(down bool, id reasonID) {
	if down {
		y.down = id
	} else {
		y.up = id
	}
	y.lastUp = !down
}

// last returns the reason of the news, rally or SetMorale that came last.
func (y whys) last() reasonID {
	if y.lastUp {
		return y.up
	}
	return y.down
}

// of returns the reason of the last that raised his morale when better is
// set, else of the last that lowered it.
func (y whys) of(better bool) reasonID {
	if better {
		return y.up
	}
	return y.down
}

// fixedReasons is the number of reasons with a fixed id: the zero Reason and
// one per kind, with no event name.
const fixedReasons = reasonID(BySetByHand) + 1

// minReasonLimit is the size the reason table may reach before it is first
// compacted (see reasonTable).
const minReasonLimit = 64

// reasonTable is the World's one interner of Reasons: it holds the Reasons
// with an event name (Kind ByEvent) that an agent's Why or an entry of the
// cause ledger may name, each once: list[id−fixedReasons] is the reason of
// id, ids its inverse. A name enters the table the first time it is stored
// (only events with a weight row are: one worth zero is not news), and
// never changes id until the table is compacted.
//
// The table is bounded: when a new name would take it past limit entries,
// the World first compacts it (see World.compactReasons), keeping only the
// reasons that some agent's Why or some entry of the ledger still names,
// renumbered in their old order (and rewritten where they are named), and
// sets limit to max(minReasonLimit, 2 × the entries kept). So it never holds
// more than max(minReasonLimit, twice the reasons in use) entries, however
// many weights reloads (SetSettings) bring new names, and a compaction,
// which reads every agent's id and every ledger entry (O(agents + entries)),
// comes at most once per max(32, entries kept) new names. The ids are
// internal: the Reasons read back (Snapshot, the listeners, the ledger's
// entries, a state change's cause) are the ones stored, whatever the
// compactions, sorts, Removes and Clones in between.
type reasonTable struct {
	list  []Reason
	ids   map[Reason]reasonID
	limit int
	// A one-entry cache of the last reason interned: repeated events of
	// one name cost no map lookup.
	last   Reason
	lastID reasonID
}

// reason returns the Reason of id.
func (w *World) reason(id reasonID) Reason {
	if id < fixedReasons {
		return Reason{Kind: ReasonKind(id)}
	}
	return w.reasons.list[id-fixedReasons]
}

// reasonID returns the id of r, adding r to the table when it is new (see
// reasonTable for the bound). The id is valid until the next reasonID call
// that adds to the table: store it before interning another reason.
func (w *World) reasonID(r Reason) reasonID {
	if r.Event == "" && r.Kind < ReasonKind(fixedReasons) {
		return reasonID(r.Kind)
	}
	t := &w.reasons
	if t.lastID != 0 && r == t.last {
		return t.lastID
	}
	id, ok := t.ids[r]
	if !ok {
		if len(t.list) >= max(t.limit, minReasonLimit) {
			w.compactReasons()
		}
		if t.ids == nil {
			t.ids = make(map[Reason]reasonID)
		}
		id = fixedReasons + reasonID(len(t.list))
		t.list = append(t.list, r)
		t.ids[r] = id
	}
	t.last, t.lastID = r, id
	return id
}

// compactReasons drops from the reason table every reason that no agent's
// Why and no ledger entry names, and renumbers the others in their old
// order, rewriting the ids where they are named (see reasonTable).
func (w *World) compactReasons() {
	t := &w.reasons
	const unused = ^reasonID(0)
	remap := make([]reasonID, len(t.list))
	for k := range remap {
		remap[k] = unused
	}
	w.eachReasonID(func(id *reasonID) {
		if *id >= fixedReasons {
			remap[*id-fixedReasons] = 0
		}
	})
	kept := t.list[:0]
	clear(t.ids)
	for k, r := range t.list {
		if remap[k] == unused {
			continue
		}
		id := fixedReasons + reasonID(len(kept))
		remap[k] = id
		kept = append(kept, r)
		t.ids[r] = id
	}
	clear(t.list[len(kept):]) // drop the names' strings
	t.list = kept
	w.eachReasonID(func(id *reasonID) {
		if *id >= fixedReasons {
			*id = remap[*id-fixedReasons]
		}
	})
	t.limit = max(minReasonLimit, 2*len(kept))
	t.last, t.lastID = Reason{}, 0
}

// eachReasonID calls f with every reason id the World keeps: each agent's
// reasons each way (Why) and, when the ledger is on, the cause of each of
// its entries.
func (w *World) eachReasonID(f func(*reasonID)) {
	for i := range w.col.Why {
		f(&w.col.Why[i].down)
		f(&w.col.Why[i].up)
	}
	if w.led == nil {
		return
	}
	for i := range w.led.agents {
		a := &w.led.agents[i]
		for j := range a.changes.n {
			f(&a.changes.at(j).cause)
		}
		for j := range a.states.n {
			f(&a.states.at(j).why)
		}
	}
}

// clone returns a copy of the table sharing nothing with t.
func (t *reasonTable) clone() reasonTable {
	c := *t
	c.list = slices.Clone(t.list)
	c.ids = maps.Clone(t.ids)
	return c
}
