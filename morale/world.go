package morale

import (
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
)

// Agent flags.
const (
	flagLeader uint8 = 1 << iota
	flagNoContagion
)

// ErrRemoved is matched (errors.Is) by the error the methods of an Agent
// return once he was removed from his World (or for a nil Agent): that
// error names the call and its values, "morale: Agent.SetMorale(0.5) of a
// removed agent (…)". Compare with errors.Is, not ==.
var ErrRemoved = errors.New("morale: agent was removed from its world")

// World drives every agent from one clock. It keeps the agents' data in
// flat arrays, computes each squad's average once per step, and finds the
// agents near an event with a spatial grid. Create one with NewWorld; the
// zero World is ready to use too, with DefaultSettings and seed 0.
//
// Events change morale at once. Recovery, contagion, timers and state changes
// run on a fixed step of Settings.SquadUpdateInterval seconds, fed by Advance.
// The clock counts whole ticks of 1/705,600,000 s, so advancing 1.0 s with a
// 0.1 s interval runs exactly ten steps, and the same events driven at any
// frame sizes of whole ticks (1/30, 1/60, 1/144 s: see the package
// documentation's clock) end bit-for-bit equal, within the limits of
// MaxAdvanceSteps per call and MaxWorldSeconds in all (see DroppedSeconds).
//
// A World is not safe for concurrent use: call it from one goroutine, as a
// game's update loop does. A call that changes the World or one of its
// agents, or hands out agents, made while another goroutine's Advance runs
// a step panics, naming the misuse, before it changes anything. Like a Go
// map's check for concurrent writes, this catches most such overlaps, not
// every one (nor SetPosition, whose fast path it would slow); go test
// -race finds them all.
//
// A World must not be copied by value (w2 := *w, or a World passed or
// stored by value): the copy would share the original's agents. go vet's
// copylocks check reports such copies (go test's vet does not run it), and
// a copy of a World that has started panics, naming the misuse, when any
// of its methods is called: changed, read, or asked for its agents. Use
// *World everywhere, and Clone for a copy.
//
// Listeners follow one rule. Every change of an agent's morale or state
// goes, as it happens, to the back of one queue; before a call that made
// changes returns (and after each step of Advance), the queue is handed out
// front to back, each change to every listener of its kind in the order they
// were registered. A listener may call any method of the World, including
// Spawn, Remove and Advance: the call applies at once, and the changes it
// makes join the back of the queue, to be handed out after the change being
// reported. So every listener sees every change in the order it happened
// (the old state of a state change is always the new state of the one before
// it), and a change to an agent removed before its turn is told to no one. A
// listener reading the World sees the present, which may already be past the
// change it is being told. A listener that panics stops the call that made
// the change: the panic goes on up to the game, the changes not yet handed
// out are told to no one, and an Advance stops at the end of the step whose
// changes were being told (the rest of its dt is not run, and is counted in
// DroppedSeconds); the changes not handed out are still recorded for
// TakeChanges. The World stays whole and goes on from there. Listeners that
// answer the changes they are told with changes of their own without end
// (news on every change of morale) would keep the call from returning until
// memory ran out: once one call has queued more than 4,194,304 changes and
// 256 an agent, told and waiting, it panics, saying so, by the same rule.
// A listener's Advance holds its steps' changes until the listener returns
// (they join the queue), so a long one (minutes of a big World) may reach
// that too: advance outside listeners.
//
// The World's order is the order of its arrays: the order in which a step
// adds the squads' sums and queues its changes, in which an event at a
// location reaches the agents, and in which Agents yields them. It is spawn
// order, except that Remove moves the last agent into the removed one's
// place, and that the World sorts its agents by grid cell (the cells of edge
// Settings.NoEffectRadius), a window of 131072 places at a time, when a
// window has come apart, so that the agents near each other are near each
// other in memory. The rule depends only on the calls made. The windows are
// places 0..131071, then the next 131072, and so on; a window's breaks are
// its places i, but its first, whose agent is in another cell than agent
// i−1 (the cell of p is ⌊p.X/r⌋, ⌊p.Y/r⌋ for r = NoEffectRadius, each
// clamped to the int32 range). At the start of each step, before the squad
// averages are taken, the World looks at the windows in turn, from the one
// after the window it sorted last (the first before any sort), wrapping
// around, and sorts the first one that holds at least 256 agents and whose
// breaks exceed the breaks it had right after its last sort (0 before its
// first, and after Removes emptied it) by at least one quarter of its
// agents: stably, by cell row (⌊p.Y/r⌋), then cell column. It sorts at most
// one window a step. Handles keep pointing at their agents.
type World struct {
	_ noCopy // go vet flags a World copied by value
	// self is the World's own address, set when it starts: a World whose
	// self is another's is a copy made by value (see guard).
	self *World

	s     Settings
	texts settingsTexts // s as text, kept between saves and loads (savegame.go)
	rng   *rand.Rand
	src   *rand.PCG // rng's source, kept so that Clone can copy its state
	grid  grid

	// The clock, in ticks (see ticksPerSecond) of simulated time.
	intervalTicks int64
	nowTicks      int64 // the present: events are stamped with it
	stepTicks     int64 // end of the last step
	steps         uint64
	// ends holds where each Advance under way (a listener's within the
	// one that told it) is taking the clock, outermost first; empty
	// between Advances: each starts from the present.
	ends    []int64
	dropped float64 // seconds Advance dropped; see DroppedSeconds

	// The agents' data, a column per field, dense in 0..len-1; cols lists
	// every column, the ledger's and the change log's too while they are on
	// (see columnList).
	col     agentColumns
	cols    []column
	reasons reasonTable // the Reasons why names (reasons.go)
	// The blocks of handles not yet given out, by grid cell id, and the
	// rest of the arena the next blocks are cut from (see newHandle).
	slabs [][]Agent
	arena []Agent

	// Squads, by slot (see squads.go). A squad exists while n > 0.
	slotOf map[SquadID]int32
	free   []int32 // empty slots
	// slotHint guesses squads' slots: hint k, for the ids whose hash is k,
	// is 1 + the slot of the last one slot found, or 0. slot checks it.
	slotHint [1 << 10]int32
	squads   []squad
	avg      []float64 // squad averages at the start of the running step
	next     []float64 // squad sums being built by the running step
	mark     uint32    // squad filter generation

	// The listeners, in the order registered (notify.go): listenerID is
	// the last id given out, unlistened is true when a listener was
	// removed during a flush (its fn cleared, to be taken out after it).
	onState    []listener[func(a *Agent, old, new State, why Reason)]
	onMorale   []listener[func(a *Agent, morale float64, why Reason)]
	listenerID uint64
	unlistened bool
	// lateListeners is true when a listener was registered during a flush
	// (its from set; see listener), to be reset after it.
	lateListeners bool
	// queue holds the changes not yet told to the listeners, oldest first;
	// delivering is true while flush hands them out.
	queue      []note
	delivering bool
	// stepping is true while Advance runs a step, in which no listener
	// runs: a call that finds it set came from another goroutine and
	// panics (guard). Like a Go map's check for concurrent writes
	// it catches most such overlaps, not all; the race detector catches
	// every one.
	stepping bool
	cells    []int32 // scratch for ReportEventAtLocation: grid cells
	led      *ledger // the cause ledger, nil when off (ledger.go)
	// changes holds the changes recorded for TakeChanges (changes.go).
	changes changeLog
	// Scratch for ReportEventAtLocation, all zero between calls: a bit per
	// agent within the precheck, and a bit per non-zero word of hitBits.
	hitBits, hitWords []uint64
	hits              []int32   // scratch for ReportEventAtLocation: its hits
	cur               []int32   // and where near is in each cell's list
	scales            []float64 // and the scale each takes
	moving            []int32   // scratch for SetPositions: the places it moves one by one
	posNext           []Vec2    // scratch for SetPositions: the positions it writes, then Pos
	// The step's workers (workers.go): how many (0 means 1, −1
	// GOMAXPROCS), their scratch, and each chunk's results.
	workers     int
	chunk       int // agents a step chunk holds: stepChunk (tests may set fewer)
	stepWorkers []*stepWorker
	chunkOuts   []chunkOut
	// The World's order (order.go): its sort windows.
	order windows
	// ranging counts the loops over Agents under way, nested ones
	// included; visiting is the agent the innermost one visits.
	ranging  int32
	visiting *Agent
}

// NewWorld returns an empty World with settings s and a random source seeded
// with seed: the same seed and the same calls give the same nerves and the
// same battle. It fails when s does not validate, naming every invalid
// field as Settings.Validate does, and saying to start from DefaultSettings
// when s has neither SquadUpdateInterval nor NoEffectRadius (a Settings{}
// literal).
func NewWorld(s Settings, seed uint64) (*World, error) {
	if err := s.Validate(); err != nil {
		return nil, invalidSettings(s, err)
	}
	w := &World{}
	w.start(s.Clone(), seed)
	return w, nil
}

// invalidSettings is the error of NewWorld and SetSettings for settings s
// that Validate refused with err. Settings with neither a step nor a reach
// (SquadUpdateInterval and NoEffectRadius 0) were not started from
// DefaultSettings, a Settings{} literal say: the error says to.
func invalidSettings(s Settings, err error) error {
	if s.SquadUpdateInterval == 0 && s.NoEffectRadius == 0 {
		return fmt.Errorf("morale: invalid settings, not started from DefaultSettings (start from morale.DefaultSettings() and change the fields you need): %w", err)
	}
	return fmt.Errorf("morale: invalid settings: %w", err)
}

// noCopy makes go vet's copylocks check report a World copied by value
// (w2 := *w, a World passed or stored by value): the copy would share the
// original's agents and diverge from it at once. Its methods do nothing.
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

// copiedWorld is the message of the panic of a World copied by value.
const copiedWorld = "morale: a World was copied by value (w2 := *w, or a World passed or stored by value) and the copy used: it shares the original's agents; use Clone for a copy, and *World everywhere"

// guard panics, naming the misuse, when w is a copy by value of a World
// that had started: vet's copylocks check reports such copies where it
// sees them; guard catches the rest when the copy is used. It also panics
// while another goroutine's Advance runs a step (stepping). It is called by
// init, and so by every method that needs the settings, and by the World's
// and its agents' methods that change them or hand out its agents.
func (w *World) guard() {
	w.notCopied()
	if w.stepping {
		panic(concurrentUse)
	}
}

// notCopied panics, naming the misuse, when w is a copy by value of a World
// that had started (see noCopy). guard calls it, and so does every method
// that only reads the World: a copy's reads would mix the copy's stale
// lengths and counters with the original's shared arrays.
func (w *World) notCopied() {
	if w.self != w && w.self != nil {
		panic(copiedWorld)
	}
}

// concurrentUse is the message of the panic of a call made while another
// goroutine's Advance is running a step (see stepping).
const concurrentUse = "morale: World used by two goroutines at once: a call came while another goroutine's Advance was running a step; a World is not safe for concurrent use (call it from one goroutine, or hold a mutex around every call)"

// start readies an empty World with valid settings s and a random source
// seeded with seed.
func (w *World) start(s Settings, seed uint64) {
	w.self = w
	w.src = rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	w.rng = rand.New(w.src)
	w.slotOf = make(map[SquadID]int32)
	w.cols = w.columnList()
	w.order.shift, w.chunk = sortShift, stepChunk
	w.apply(s)
}

// columnList returns every per-agent column of the World: its agents' and,
// while it is on, the ledger's records.
func (w *World) columnList() []column {
	cols := w.col.columns()
	if w.led != nil {
		cols = append(cols, &w.led.agents)
	}
	if w.changes.slots != nil {
		cols = append(cols, &w.changes.slots)
	}
	return cols
}

// init readies the zero World, as NewWorld(DefaultSettings(), 0) would. It
// is called by every method that needs the settings or the random source.
// A copy by value of a World that had started panics, as does a call
// while another goroutine's Advance runs a step (see guard).
func (w *World) init() {
	w.guard()
	if w.self != w {
		w.start(DefaultSettings(), 0)
	}
}

// apply makes valid settings s the World's: the step length from the next
// step on, and a grid sized to the new reach.
func (w *World) apply(s Settings) {
	w.s, w.texts.written = s, nil
	w.intervalTicks = secondsToTicks(s.SquadUpdateInterval)
	if w.grid.size != s.NoEffectRadius {
		w.rebuildGrid(s.NoEffectRadius)
		w.recountBreaks() // every agent's cell changed
	}
}

// rebuildGrid puts every agent into a new grid of cells of edge size.
func (w *World) rebuildGrid(size float64) {
	w.grid = newGrid(size)
	for i, p := range w.col.Pos {
		w.col.Cell[i] = w.grid.place(p, int32(i))
		w.col.Handle[i].cell = w.col.Cell[i].id
	}
}

// Settings returns a copy of the World's settings, its Weights map
// included: a few allocations a call. A game that draws the thresholds
// every frame keeps the settings it gave the World, or reads them when it
// changes them, not every frame.
func (w *World) Settings() Settings {
	w.init()
	return w.s.Clone()
}

// SetSettings retunes the World while it runs. Settings that do not validate
// return an error naming the field and change nothing. Nerves already rolled
// are kept; a new SquadUpdateInterval applies from the next step, which ends
// an interval after the last one, or at the present when a shorter interval
// puts that in the past: that step then spans all the time since the last
// (see Advance).
func (w *World) SetSettings(s Settings) error {
	if err := s.Validate(); err != nil {
		return invalidSettings(s, err)
	}
	w.init()
	w.apply(s.Clone())
	return nil
}

// Now returns the simulated time in seconds: the sum of everything passed to
// Advance (each rounded to the clock's tick, 1/705,600,000 s), less what it
// dropped (see DroppedSeconds).
func (w *World) Now() float64 {
	w.notCopied()
	return float64(w.nowTicks) / ticksPerSecond
}

// Steps returns how many fixed steps the World has run.
func (w *World) Steps() uint64 {
	w.notCopied()
	return w.steps
}

// Len returns the number of agents in the World.
func (w *World) Len() int {
	w.notCopied()
	return len(w.col.Handle)
}

// Agents returns an iterator over the World's agents, in the World's order:
// spawn order, except that Remove moves the last agent into the removed one's
// place, and that a step may first sort some of them by grid cell (the rule
// is in the World's documentation).
//
// The loop may remove the agent it is visiting, as a loop over a map may
// delete the key it visits: every agent is still visited once, so
//
//	for a := range w.Agents() {
//		w.Remove(a)
//	}
//
// leaves the World empty. Any other change to the World's agents while the
// loop runs panics, naming the misuse: Spawn, Remove of another agent (or
// of any agent in a loop nested in another), and Advance, whose steps may
// sort the agents; collect what to do and do it after the loop. A listener
// told of a change made in the loop runs inside it, and the same calls
// panic there, saying so. Everything else (events, Rally, SetPosition,
// reading) may be called from the loop.
func (w *World) Agents() iter.Seq[*Agent] {
	w.guard()
	return func(yield func(*Agent) bool) {
		w.ranging++
		outer := w.visiting
		defer func() { w.ranging--; w.visiting = outer }()
		for i := 0; i < len(w.col.Handle); {
			a := w.col.Handle[i]
			w.visiting = a
			if !yield(a) {
				return
			}
			if a.w == w {
				i++ // else removed: his place holds the last agent, not yet visited
			}
		}
	}
}

// Reorders returns a count that changes whenever the World's order (that of
// Agents, Agent.Index and World.Agent) changes other than by Spawn, which
// adds an agent at the end, and Remove, which moves the last agent into the
// removed one's place: a game can follow those two itself. A step's sort of
// a window of agents by grid cell (see World) adds one, and so does a load
// (UnmarshalBinary); a Clone starts from the count of the World it copies.
// A game that keeps its men in the World's order, so that SetPositions
// reads no handle, collects them again when the count has changed since it
// last did (men[a.Index()] = a for each of its men, or a loop over
// Agents). It may change without the order changing, never the reverse.
func (w *World) Reorders() uint64 {
	w.notCopied()
	return uint64(w.order.sorts)
}

// notRanging panics, naming the misuse, call, while a loop ranges over
// Agents (see Agents). Called from a listener, it says so: the listener's
// author did not write the loop, whose call made the change it is told of.
func (w *World) notRanging(call string) {
	if w.ranging == 0 {
		return
	}
	if w.delivering {
		panic("morale: " + call + " from a listener, while ranging over World.Agents (a call in the loop made the change the listener is told of): a loop over the agents may only remove the agent it visits; have the listener note what to do, or take the changes with TakeChanges, and make the change after the loop")
	}
	panic("morale: " + call + " while ranging over World.Agents: a loop over the agents may only remove the agent it visits; collect the other changes and make them after the loop")
}
