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
// Every few seconds of session time (snapSpacing) the battle keeps a snapshot of
// its whole state: a clone of the morale World (morale.World.Clone), the
// soldiers, the enemy line, the armies, the random sources, the history,
// the log, the tracers, the state changes and the kept explanations, with
// every *morale.Agent mapped to the clone's. RewindTo restores the latest
// snapshot at or before the cursor (cloning it again, so that a snapshot is
// never changed and can be restored any number of times) and re-simulates
// only from there. Snapshots are taken on whichever timeline the battle is
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
// opening at 10 s; 512 MB is about 11 min of the armies. A snapshot's size
// is what its copy allocated on the heap.
const (
	maxSnapshots     = 256
	maxSnapshotBytes = 512 << 20
)

// snapshots are a session's snapshots, oldest first.
type snapshots struct {
	every    int64 // sub-ticks between two; 0 until the first (snapSpacing)
	list     []*snapshot
	bytes    uint64 // their sizes, summed
	restored int    // how many times RewindTo restored one (for the tests)
	off      bool   // take none (for the tests: the path without snapshots)
}

// snapshot is the battle at the end of session sub-tick session, when it had
// applied entries commands of the session's recording. b holds only the
// battle's state (copyBattle); nothing changes it.
type snapshot struct {
	session int64
	entries int
	bytes   uint64 // what copying the battle allocated
	b       *Game
}

// snapshotDue keeps a snapshot of the battle when the session reaches a
// multiple of the spacing and none is kept there or later.
func (g *Game) snapshotDue() {
	st := &g.snaps
	if st.off {
		return
	}
	if st.every == 0 {
		st.every = snapSpacing(g.world.Len())
	}
	if g.session%st.every != 0 {
		return
	}
	if n := len(st.list); n > 0 && st.list[n-1].session >= g.session {
		return
	}
	before := heapAllocated()
	b := &Game{}
	copyBattle(b, g, false)
	st.add(&snapshot{session: g.session, entries: len(g.entries), bytes: heapAllocated() - before, b: b})
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

// restore puts the battle in snapshot s's state, with the first s.entries
// commands of entries as its recording. s is copied, not shared.
func (g *Game) restore(s *snapshot, entries []Entry) {
	g.snaps.restored++
	copyBattle(g, s.b, true)
	g.entries = g.entries[:0]
	for _, e := range entries[:s.entries] { // as record keeps them
		if c, ok := e.Cmd.(SetSettings); ok {
			e.Cmd = SetSettings{Settings: c.Settings.Clone()}
		}
		g.entries = append(g.entries, Entry{Tick: e.Tick, Cmd: e.Cmd})
	}
	g.listen()
	g.why.gen++ // a new World: the cached explanation is stale
	g.why.cached = false
	g.paused = false
}

// copyBattle makes dst's battle a copy of src's, sharing nothing that
// either may change: the World is cloned (without listeners), every
// *morale.Agent mapped to the clone's, the random sources copied. live is
// true when dst is the battle that runs on (restore), false for a
// snapshot, which keeps the history's buffers at their length only.
// The session-level fields (config, speed, pause, listeners, replay,
// rewind, selection, snapshots) are left alone.
func copyBattle(dst, src *Game, live bool) {
	w := src.world.Clone()
	agent := func(a *morale.Agent) *morale.Agent {
		if i := a.Index(); i >= 0 {
			return w.Agent(i)
		}
		return a // removed: a handle nothing changes any more
	}
	dst.world = w
	dst.settings = src.settings.Clone()
	dst.rngSrc, dst.cosmeticSrc = clonePCG(src.rngSrc), clonePCG(src.cosmeticSrc)
	dst.rng, dst.cosmetic = rand.New(dst.rngSrc), rand.New(dst.cosmeticSrc)
	dst.now, dst.debug, dst.session = src.now, src.debug, src.session

	dst.soldiers = slices.Clone(src.soldiers)
	for i := range dst.soldiers {
		dst.soldiers[i].agent = agent(dst.soldiers[i].agent)
	}
	dst.byAgent = make(map[*morale.Agent]int, len(src.byAgent))
	for a, id := range src.byAgent {
		dst.byAgent[agent(a)] = id
	}
	dst.alive, dst.leader = src.alive, src.leader
	dst.enemies = slices.Clone(src.enemies)
	dst.foes, dst.front = src.foes, src.front
	dst.cover = slices.Clone(src.cover)
	dst.rally = src.rally

	dst.shots, dst.blasts, dst.log = src.shots.clone(), src.blasts.clone(), src.log.clone()
	dst.history = src.history.clone(live)
	dst.beats, dst.nextBeat = slices.Clone(src.beats), src.nextBeat
	dst.squads = slices.Clone(src.squads)
	dst.fault = src.fault
	// The state changes: a prefix shared, never written (addEvent and
	// rebuild never write into an array in use), capped so that the next
	// addEvent copies it.
	dst.events = src.events[:len(src.events):len(src.events)]
	dst.armies = nil
	if src.armies != nil {
		dst.armies = src.armies.clone(agent)
	}
	dst.why.atDeath = maps.Clone(src.why.atDeath) // Explanations are values nothing changes
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

// clone returns a copy of a with every agent mapped by agent.
func (a *armies) clone(agent func(*morale.Agent) *morale.Agent) *armies {
	c := *a
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
