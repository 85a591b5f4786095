package game

import (
	"maps"
	"math/rand/v2"
	"runtime/metrics"
	"slices"
	"sort"

	"github.com/moralebreak/moralebreak/morale"
)

// Snapshots for the rewind (see rewind.go).
//
// Every few seconds of session time (snapSpacing) the session keeps a
// snapshot of its battle's whole state: a copy of the Battle (Battle.clone:
// a clone of the morale World, the scene, the random sources, the history,
// the log, the tracers and the kept explanations, with every *morale.Agent
// mapped to the clone's) and the session's state changes so far.
// Rewind.To restores the latest snapshot at or before the cursor (cloning
// it again, so that a snapshot is never changed and can be restored any
// number of times) and re-simulates only from there. Snapshots are taken on whichever timeline the battle is
// on, live, replayed or re-simulated; Resume drops those after the branch,
// which belong to the timeline left behind.
//
// At most maxSnapshots are kept, of maxSnapshotBytes in all: when a
// session outgrows either, every other one is dropped and the spacing
// doubles, so memory stays bounded whatever the session's length and the
// battle's size (and a jump in a session that outgrew them re-simulates
// up to twice as far, or more).

// snapAgentSeconds is the simulation between two snapshots, in agents of
// the World at the session's start times seconds: the spacing is
// snapAgentSeconds / agents seconds, in quarter seconds from
// snapMinSeconds to snapMaxSeconds, so that a jump re-simulates about as
// much work in every scene (the armies' 10 000 agents: 2.5 s; the
// opening's 5: 10 s). BenchmarkRewind chose it (the README has the
// numbers).
const (
	snapAgentSeconds = 25000
	snapMinSeconds   = 1
	snapMaxSeconds   = 10
)

// maxSnapshots and maxSnapshotBytes bound the snapshots kept: 256 of them
// cover 10 min 40 s of the armies at 2.5 s (1.8 MB each), 42 min of the
// opening at 10 s; 384 MB is about 9 min of the armies, whose
// process then stays under 1 GB resident with the collector's slack (512 MB
// took it to 1,047 MB after 17 minutes: scripts/rss.sh). A snapshot's size
// is what its copy allocated on the heap.
const (
	maxSnapshots     = 256
	maxSnapshotBytes = 384 << 20
)

// snapshots are a session's snapshots, oldest first.
type snapshots struct {
	every    int64 // sub-ticks between two; 0 until the first (snapSpacing)
	list     []*snapshot
	bytes    uint64 // their sizes, summed
	restored int    // how many times Rewind.To restored one (for the tests)
	off      bool   // take none (for the tests: the path without snapshots)
}

// snapshot is the session at the end of its sub-tick session, when it had
// applied entries commands of its recording and seen events: b holds the
// battle's state (Battle.clone); nothing changes it.
type snapshot struct {
	session int64
	entries int
	events  []StateEvent // the session's, a prefix shared and never written
	bytes   uint64       // what copying the battle allocated
	b       *Battle
}

// snapshotDue keeps a snapshot of the session when it reaches a multiple of
// the spacing and none is kept there or later.
func (rw *Rewind) snapshotDue() {
	st, s := &rw.snaps, rw.s
	if st.off {
		return
	}
	if st.every == 0 {
		st.every = snapSpacing(s.b.world.Len())
	}
	if s.ticks%st.every != 0 {
		return
	}
	if n := len(st.list); n > 0 && st.list[n-1].session >= s.ticks {
		return
	}
	before := heapAllocated()
	b := s.b.clone(false)
	// The state changes: a prefix shared, never written (addEvent and
	// rebuild never write into an array in use), capped so that the next
	// addEvent copies it.
	ev := s.events[:len(s.events):len(s.events)]
	st.add(&snapshot{session: s.ticks, entries: len(s.entries), events: ev, bytes: heapAllocated() - before, b: b})
}

// add keeps s, the latest snapshot, thinning the list while it holds more
// than maxSnapshots or maxSnapshotBytes (one snapshot is kept whatever its
// size).
func (st *snapshots) add(s *snapshot) {
	st.list = append(st.list, s)
	st.bytes += s.bytes
	for len(st.list) > maxSnapshots || st.bytes > maxSnapshotBytes && len(st.list) > 1 {
		st.thin()
	}
}

// heapAllocated returns the bytes the program has allocated on the heap
// so far (runtime/metrics: cheap, no stop of the world).
func heapAllocated() uint64 {
	m := [1]metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(m[:])
	if m[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return m[0].Value.Uint64()
}

// snapSpacing returns the snapshots' spacing, in sub-ticks, for a World of
// agents (see snapAgentSeconds).
func snapSpacing(agents int) int64 {
	const quarter = SubTicksPerSecond / 4
	t := int64(snapAgentSeconds) * SubTicksPerSecond / int64(max(1, agents)) / quarter * quarter
	return min(snapMaxSeconds*SubTicksPerSecond, max(snapMinSeconds*SubTicksPerSecond, t))
}

// thin doubles the spacing and drops the snapshots off it.
func (st *snapshots) thin() {
	st.every *= 2
	keep := st.list[:0]
	st.bytes = 0
	for _, s := range st.list {
		if s.session%st.every == 0 {
			keep = append(keep, s)
			st.bytes += s.bytes
		}
	}
	clear(st.list[len(keep):])
	st.list = keep
}

// dropAfter forgets the snapshots later than session sub-tick t.
func (st *snapshots) dropAfter(t int64) {
	i := sort.Search(len(st.list), func(k int) bool { return st.list[k].session > t })
	for _, s := range st.list[i:] {
		st.bytes -= s.bytes
	}
	clear(st.list[i:])
	st.list = st.list[:i]
}

// latest returns the latest snapshot at or before session sub-tick t that
// fits the recording entries (its commands are entries' first ones), or
// nil.
func (st *snapshots) latest(t int64, entries []Entry) *snapshot {
	i := sort.Search(len(st.list), func(k int) bool { return st.list[k].session > t })
	for i--; i >= 0; i-- {
		s := st.list[i]
		k := s.entries
		if k <= len(entries) && (k == 0 || entries[k-1].Tick <= s.session) && (k == len(entries) || entries[k].Tick >= s.session) {
			return s
		}
	}
	return nil
}

// restore puts the session in snapshot sn's state, with the first
// sn.entries commands of entries as its recording. sn is copied, not
// shared.
func (rw *Rewind) restore(sn *snapshot, entries []Entry) {
	s := rw.s
	rw.snaps.restored++
	s.setBattle(sn.b.clone(true))
	s.ticks, s.events = sn.session, sn.events
	s.entries = s.entries[:0]
	for _, e := range entries[:sn.entries] { // as record keeps them
		if c, ok := e.Cmd.(SetSettings); ok {
			e.Cmd = SetSettings{Settings: c.Settings.Clone()}
		}
		s.entries = append(s.entries, Entry{Tick: e.Tick, Cmd: e.Cmd})
	}
	s.paused = false
}

// clone returns a copy of b sharing nothing that either may change: the
// World is cloned (without listeners), every *morale.Agent mapped to the
// clone's, the random sources copied. live is true for a battle that runs
// on (restore: the scene listens to its new World, the history's buffers
// get their full capacity), false for a snapshot, which keeps the
// history's buffers at their length only. The copy has no report
// listeners and no session hook (setBattle gives them).
func (b *Battle) clone(live bool) *Battle {
	w := b.world.Clone()
	agent := func(a *morale.Agent) *morale.Agent {
		if i := a.Index(); i >= 0 {
			return w.Agent(i)
		}
		return a // removed: a handle nothing changes any more
	}
	c := &Battle{
		cfg: b.cfg, settings: b.settings.Clone(), world: w,
		rngSrc: clonePCG(b.rngSrc), cosmeticSrc: clonePCG(b.cosmeticSrc),
		now: b.now, debug: b.debug,
		shots: b.shots.clone(), blasts: b.blasts.clone(), log: b.log.clone(),
		history: b.history.clone(live), squads: slices.Clone(b.squads),
		fault: b.fault, atDeath: maps.Clone(b.atDeath), // Explanations are values nothing changes
		version: b.version,
	}
	c.cfg.Settings = b.cfg.Settings.Clone()
	c.rng, c.cosmetic = rand.New(c.rngSrc), rand.New(c.cosmeticSrc)
	c.scene = b.scene.clone(c, agent)
	if live {
		c.scene.listen()
	}
	return c
}

// clone returns a copy of o for battle b (Scene.clone).
func (o *Opening) clone(b *Battle, agent func(*morale.Agent) *morale.Agent) Scene {
	c := *o
	c.b = b
	c.soldiers = slices.Clone(o.soldiers)
	for i := range c.soldiers {
		c.soldiers[i].agent = agent(c.soldiers[i].agent)
	}
	c.byAgent = make(map[*morale.Agent]int, len(o.byAgent))
	for a, id := range o.byAgent {
		c.byAgent[agent(a)] = id
	}
	c.enemies = slices.Clone(o.enemies)
	c.cover = slices.Clone(o.cover)
	c.beats = slices.Clone(o.beats)
	return &c
}

// clonePCG returns a copy of p (nil for nil).
func clonePCG(p *rand.PCG) *rand.PCG {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}

// clone returns a copy of r sharing no storage with it.
func (r ring[T]) clone() ring[T] {
	r.buf = slices.Clone(r.buf)
	return r
}

// clone returns a copy of h sharing no storage with it. With live true each
// soldier's buffer gets the capacity sample expects (2 windows); otherwise
// only its length, from one block.
func (h *History) clone(live bool) History {
	c := History{now: h.now, changes: append(make([]Change, 0, cap(h.changes)), h.changes...)}
	room := func(s []Sample) int {
		if live {
			return max(2*historyLen, len(s))
		}
		return len(s)
	}
	total := 0
	for _, s := range h.samples {
		total += room(s)
	}
	block := make([]Sample, total)
	c.samples = make([][]Sample, len(h.samples))
	at := 0
	for i, s := range h.samples {
		room := room(s)
		copy(block[at:], s)
		c.samples[i] = block[at : at+len(s) : at+room]
		at += room
	}
	return c
}

// clone returns a copy of a for battle b (Scene.clone).
func (a *Armies) clone(b *Battle, agent func(*morale.Agent) *morale.Agent) Scene {
	c := *a
	c.b = b
	c.men = slices.Clone(a.men)
	for i := range c.men {
		c.men[i].agent = agent(c.men[i].agent)
	}
	c.squads = slices.Clone(a.squads)
	c.stats = nil
	for s := range c.sides {
		c.sides[s] = slices.Clone(a.sides[s])
	}
	return &c
}
