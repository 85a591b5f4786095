package game

import (
	"slices"
	"sync"
	"sync/atomic"

	"github.com/moralebreak/moralebreak/morale"
)

// Why a squad of the armies broke, asked after it broke. The cause ledger
// is kept for the selected squad only, from its selection on, so a squad
// selected once broken has no record of its fall. SquadBreakWhy answers
// all the same: it re-simulates the session, from the latest snapshot
// before the fall began, on a copy of the battle with the ledger on for
// that squad, up to the sub-tick of its break, and sums its men's causes
// over that fall (SquadWhy at the break). The copy changes nothing of the
// live battle; the re-simulation runs on a goroutine of its own (in the
// armies a second of battle costs some 20 to 45 ms of CPU, and a fall
// reaches back WhyWindow seconds at least), so the answer comes a moment
// after the question.

// BreakWhyStatus is where SquadBreakWhy's answer is.
type BreakWhyStatus uint8

// SquadBreakWhy's statuses.
const (
	// BreakWhole: the squad is not broken (Armies.SquadWhy answers).
	BreakWhole BreakWhyStatus = iota
	// BreakCounting: the fall is being re-simulated; ask again.
	BreakCounting
	// BreakReady: the answer is the causes up to the break.
	BreakReady
)

// breakWhy is a re-simulation of one squad's fall, or its result.
type breakWhy struct {
	id          morale.SquadID
	broke, fell int64 // the squad's break and the start of its fall (battle sub-ticks)
	gen         uint64

	mu   sync.Mutex
	done bool
	x    SquadWhy
	// stop: another question replaced this one; its re-simulation stops
	stop atomic.Bool
}

// SquadBreakWhy returns why squad id of the armies broke: its men's
// causes summed from when its fall began (it last left Steady; at least
// WhyWindow seconds before its break) up to its break, with Broke the
// time of the break. For a squad that is not broken it returns
// BreakWhole; while the fall is being re-simulated, BreakCounting (the
// first call starts it) with only ID and Broke. A re-simulation that
// does not reproduce the break answers BreakReady with no causes. Call it from the game's goroutine.
func (s *Session) SquadBreakWhy(id morale.SquadID) (SquadWhy, BreakWhyStatus) {
	a, ok := s.b.scene.(*Armies)
	if !ok {
		return SquadWhy{}, BreakWhole
	}
	k := slices.IndexFunc(a.squads, func(q armySquad) bool { return q.id == id })
	if k < 0 || !brokenState(a.squads[k].seen) {
		return SquadWhy{}, BreakWhole
	}
	sq := &a.squads[k]
	if j := s.bw; j != nil && j.id == id && j.broke == sq.broke && j.gen == s.gen {
		j.mu.Lock()
		defer j.mu.Unlock()
		if !j.done {
			return j.counting(), BreakCounting
		}
		return j.x, BreakReady
	}
	if s.bw != nil {
		s.bw.stop.Store(true) // a question no one asks any more: stop its re-simulation
	}
	s.bw = s.startBreakWhy(id, sq.broke, sq.fell)
	return s.bw.counting(), BreakCounting
}

// counting is the answer while the fall is re-simulated: the squad and
// the time of its break, nothing else.
func (j *breakWhy) counting() SquadWhy {
	return SquadWhy{ID: j.id, Broke: float64(j.broke) / SubTicksPerSecond}
}

// startBreakWhy starts re-simulating squad id's fall from fell to its
// break at broke (battle sub-ticks) on a goroutine of its own.
func (s *Session) startBreakWhy(id morale.SquadID, broke, fell int64) *breakWhy {
	j := &breakWhy{id: id, broke: broke, fell: fell, gen: s.gen}
	from := min(fell, broke-int64(WhyWindow*SubTicksPerSecond))
	from = max(0, from)
	// battle sub-ticks to session sub-ticks: the battle began at session
	// sub-tick base (a Restart begins a new battle, not a new session)
	base := s.ticks - s.b.now
	var b *Battle
	var err error
	var start int64 // the session sub-tick b is at
	next := 0       // the first of the session's commands b has not applied
	if sn := s.rw.snaps.latest(base+from, s.entries); sn != nil && sn.session >= base {
		b, start, next = sn.b.clone(true), sn.session, sn.entries
	} else {
		// no snapshot of this battle before its fall: the whole session
		// from its start, its commands (a Restart too) at their sub-ticks
		b, err = newBattle(s.cfg)
	}
	entries := make([]Entry, 0, len(s.entries)-next)
	for _, e := range s.entries[next:] {
		if c, ok := e.Cmd.(SetSettings); ok {
			e.Cmd = SetSettings{Settings: c.Settings.Clone()}
		}
		entries = append(entries, e)
	}
	end := base + broke
	go j.run(b, err, entries, start, end, from)
	return j
}

// run re-simulates the fall on b, a battle of its own at session sub-tick
// start, applying entries at their sub-ticks, to session sub-tick end (the
// break), with the ledger on for the squad from battle sub-tick from.
func (j *breakWhy) run(b *Battle, err error, entries []Entry, start, end, from int64) {
	var x SquadWhy
	defer func() {
		j.mu.Lock()
		j.x, j.done = x, true
		j.mu.Unlock()
	}()
	if err != nil || b == nil {
		return
	}
	ledger := func() bool {
		a, ok := b.scene.(*Armies)
		if !ok {
			return false
		}
		if err := a.squadLedger(j.id); err != nil {
			return false
		}
		a.selected = j.id
		return true
	}
	on := b.now >= from && ledger()
	k := 0
	due := func(t int64) { // as Rewind.simulate applies them
		for ; k < len(entries) && entries[k].Tick <= t; k++ {
			switch c := entries[k].Cmd.(type) {
			case SelectSquad:
				// the ledger stays on the squad asked about
			case Restart:
				_ = b.Apply(c)
				on = b.now >= from && ledger()
			default:
				_ = b.Apply(c) // the live battle applied it: the copy does too
			}
		}
	}
	due(start)
	for t := start; t < end; {
		if t%SubTicksPerSecond == 0 && j.stop.Load() {
			return
		}
		t++
		b.subtick()
		if !on && b.now >= from {
			on = ledger()
		}
		due(t)
	}
	a, ok := b.scene.(*Armies)
	if !ok || !on {
		return
	}
	k = slices.IndexFunc(a.squads, func(q armySquad) bool { return q.id == j.id })
	if k < 0 || a.squads[k].broke != j.broke {
		return // the copy did not break where the live battle did
	}
	a.whySince = float64(from) / SubTicksPerSecond
	if w, ok := a.SquadWhy(); ok {
		x = w
		x.Since = a.whySince
		x.Broke = float64(j.broke) / SubTicksPerSecond
	}
}
