package game

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/moralebreak/moralebreak/internal/figures"
	"github.com/moralebreak/moralebreak/morale"
)

// Rewind and what-if.
//
// Rewind.To moves a cursor to any past moment of the session and shows the
// battle exactly as it was there (the same Digest as having played to it).
// The session keeps a snapshot of its battle's whole state every few
// seconds of session time (snapshot.go: a copy of the Battle, its
// morale.World cloned, taken live, in replays and while re-simulating), so a jump restores
// the latest snapshot at or before the cursor, copying it, and re-simulates
// the session's recording (every command at its sub-tick) only from there;
// before the first snapshot it rebuilds the battle from its config. The
// spacing follows the World's size, about as much work between two
// snapshots in every scene: 10 s for the opening's 5 soldiers, 2.5 s for
// the armies' 10 000 agents; at most 256 snapshots of 384 MB in all are
// kept (a longer session keeps every other one, twice as far apart).
// BenchmarkRewind times ten-minute sessions of both scenes (numbers in the
// README, "Rewind"): the worst jump in the opening takes about 5 ms, in the
// armies 54 to 115 ms of CPU time in three runs (the re-simulation of up to
// 2.5 s of battle), with 433 MB of snapshots.
//
// While the cursor is set the battle is paused on the original timeline.
// Resume continues from the cursor with the current settings (those of the
// tuner when To was first called, or set since): the commands after the
// cursor are dropped from the new timeline, and so are the snapshots after
// it. The original future runs on beside it (whatif.go: future A, the
// battle at the cursor with the original commands); its state changes are
// the Ghost, and WhatIf says how the new future differs.

// maxEvents bounds the session's list of state changes.
const maxEvents = 1 << 16

// ErrNoCursor: Resume without a cursor set by Rewind.To.
var ErrNoCursor = errors.New("game: no rewind cursor (rewind first)")

// ErrAtLatest: Rewind.By forward with no cursor set, the battle at its
// latest moment: there is nothing ahead to go to.
var ErrAtLatest = errors.New("game: the battle is at its latest moment (rewind first)")

// StateEvent is one state change of the session: soldier ID (Name) went
// From → To at session sub-tick Tick, battle time T seconds.
type StateEvent struct {
	Tick     int64
	T        float64
	ID       int
	Name     string
	From, To morale.State
}

// whatIf is a rewind in progress: the original timeline and the cursor,
// then, resumed, the what-if's original future.
type whatIf struct {
	orig    Recording // the session as it was when To was first called
	current morale.Settings
	cursor  bool    // the battle is at the cursor, on the original timeline
	branch  int64   // the session sub-tick Resume continued from (resumed)
	branchT float64 // the battle time then
	resumed bool
	before  morale.Settings // the settings at the branch, before Resume
	a       *future         // the original future, once resumed (whatif.go)
	shown   Future          // the future views show (Rewind.View)
}

// Rewind is a session's rewind and what-if (Session.Rewind): the cursor
// that shows any past moment of the session, the snapshots that make a
// jump cheap, and the branch a Resume starts. It belongs to its session.
type Rewind struct {
	s     *Session
	wi    *whatIf   // a rewind in progress, or nil
	snaps snapshots // the snapshots of this session (snapshot.go)
}

// Rewind returns the session's rewind.
func (s *Session) Rewind() *Rewind { return &s.rw }

// atCursor reports whether the cursor is set.
func (rw *Rewind) atCursor() bool { return rw.wi != nil && rw.wi.cursor }

// Cursor returns the session sub-tick the rewind cursor is at, and whether
// one is set (after To, before Resume).
func (rw *Rewind) Cursor() (int64, bool) {
	if !rw.atCursor() {
		return 0, false
	}
	return rw.s.ticks, true
}

// End returns the latest moment To may go to: the end of the original
// timeline while rewound, else now.
func (rw *Rewind) End() int64 {
	if rw.atCursor() {
		return rw.wi.orig.End
	}
	return rw.s.ticks
}

// EndTime is End as battle time: the time of the original timeline's end
// while rewound, else now.
func (rw *Rewind) EndTime() float64 {
	return rw.s.b.Time() + float64(rw.End()-rw.s.ticks)/SubTicksPerSecond
}

// Pending reports whether p's value in the settings Resume will continue
// with differs from the battle's own: an edit made while the cursor is set,
// which applies only once the session resumes (false without a cursor).
func (rw *Rewind) Pending(p morale.Param) bool {
	return rw.atCursor() && p.Get(rw.wi.current) != p.Get(rw.s.b.settings)
}

// PendingEdits counts the parameters and weights Pending.
func (rw *Rewind) PendingEdits() int {
	n := 0
	if rw.atCursor() {
		for _, p := range append(morale.Params(), morale.WeightParams(rw.wi.current)...) {
			if rw.Pending(p) {
				n++
			}
		}
	}
	return n
}

// To moves the cursor to session sub-tick tick (clamped to 0..End) and
// shows the battle as it was there, paused. The first To keeps the session
// so far as the original timeline, and the current settings for Resume. A
// To after Resume starts a new rewind of the new timeline. A replay being
// played (NewReplay) is ended by To: its whole file becomes the original
// timeline.
func (rw *Rewind) To(tick int64) {
	s := rw.s
	if !rw.atCursor() {
		orig := s.Recording()
		if s.play != nil && s.play.status.Active {
			orig = s.play.rec
			orig.Digest = ""
		}
		s.play = nil
		rw.wi = &whatIf{orig: orig, current: s.b.settings.Clone(), cursor: true}
	}
	tick = max(0, min(tick, rw.wi.orig.End))
	back := tick < s.ticks || !rw.onOrigin()
	switch sn := rw.snaps.latest(tick, rw.wi.orig.Entries); {
	case sn != nil && (back || sn.session > s.ticks):
		rw.restore(sn, rw.wi.orig.Entries)
	case back:
		rw.rebuild()
	}
	rw.simulate(rw.wi.orig.Entries, tick)
	s.paused = true
}

// By moves the cursor by seconds of simulated time (negative: back) from
// where the battle is. Forward with no cursor set, and no replay being
// played (which has its file's rest ahead), the battle is at its latest
// moment: By changes nothing (it does not pause the battle, make edits
// pending or end a what-if, as To would) and returns ErrAtLatest. A NaN
// changes nothing.
func (rw *Rewind) By(seconds float64) error {
	if math.IsNaN(seconds) {
		return nil
	}
	if _, ok := rw.Cursor(); seconds > 0 && !ok && !rw.s.ReplayStatus().Active {
		return ErrAtLatest
	}
	d := math.Max(-MaxReplayTicks, math.Min(MaxReplayTicks, math.Round(seconds*SubTicksPerSecond)))
	rw.To(rw.s.ticks + int64(d))
	return nil
}

// onOrigin reports whether the battle so far is a prefix of the original
// timeline (the cursor has only moved on it).
func (rw *Rewind) onOrigin() bool {
	return rw.wi.cursor && len(rw.s.entries) <= len(rw.wi.orig.Entries)
}

// rebuild restarts the session from its config: a new battle, sub-tick 0,
// no commands.
func (rw *Rewind) rebuild() {
	s := rw.s
	b, err := newBattle(s.cfg)
	if err != nil { // cannot happen: NewSession built one from the same config
		s.b.fail(fmt.Errorf("game: rewind: %w", err))
		return
	}
	s.setBattle(b)
	// A new array for the events: snapshots share the old one's prefix.
	s.ticks, s.entries, s.events = 0, s.entries[:0], nil
	s.paused = false
}

// simulate runs the session to sub-tick to, applying each entry of entries
// not yet applied (those past len(s.entries)) when its tick comes.
func (rw *Rewind) simulate(entries []Entry, to int64) {
	s := rw.s
	due := func() {
		for k := len(s.entries); k < len(entries) && entries[k].Tick <= s.ticks; k = len(s.entries) {
			if err := s.applyRecorded(entries[k].Cmd); err != nil {
				// The original timeline applied it; the same battle cannot
				// refuse it. Should it, keep the timelines aligned.
				s.b.fail(fmt.Errorf("game: rewind: tick %d: %s: %w", entries[k].Tick, commandText(entries[k].Cmd), err))
				s.entries = append(s.entries, entries[k])
			}
		}
	}
	due()
	for s.ticks < to {
		s.subtick()
		due()
	}
}

// applyAtCursor is Session.Apply while the cursor is set; done is false
// when Apply is to carry c out as always.
func (rw *Rewind) applyAtCursor(c Command) (done bool, err error) {
	switch c := c.(type) {
	case SetSettings:
		if err := c.Settings.Validate(); err != nil {
			return true, fmt.Errorf("%w: %w", ErrBadSettings, err)
		}
		rw.wi.current = c.Settings.Clone()
		return true, nil
	case Pause:
		if c.Paused {
			return false, nil
		}
		return true, rw.Resume()
	case Step:
		rw.To(rw.s.ticks + max(1, seconds(rw.s.b.settings.SquadUpdateInterval)))
		return true, nil
	case SetSpeed:
		return false, nil
	case nil:
		return false, nil
	}
	if err := rw.Resume(); err != nil {
		return true, err
	}
	return false, nil
}

// Resume continues the battle from the cursor with the current settings
// (as To found them, or as the tuner set them since), unpaused, and starts
// a what-if: the original future runs on beside it (future A; Show, View,
// Other), its state changes are the Ghost, and Revert ends it.
func (rw *Rewind) Resume() error {
	if !rw.atCursor() {
		return ErrNoCursor
	}
	s, wi := rw.s, rw.wi
	wi.cursor, wi.resumed, wi.branch, wi.branchT = false, true, s.ticks, s.b.Time()
	rw.snaps.dropAfter(s.ticks) // they belong to the timeline left behind
	wi.before = s.b.settings.Clone()
	wi.a = newFuture(s, wi.orig.Entries, len(s.entries))
	wi.shown = FutureB
	if !s.b.settings.Equal(wi.current) {
		if err := s.applyRecorded(SetSettings{Settings: wi.current}); err != nil {
			return err
		}
	}
	s.paused = false
	return nil
}

// settingsDiff names what b changes from a: "AllyDown −0.25, ShakenBelow
// 0.5" ("" when nothing), each value with four figures and no exponent
// ("NoEffectRadius 12000", where %.4g wrote "1.2e+04").
func settingsDiff(a, b morale.Settings) string {
	var out []string
	num := func(v float64) string { return strings.Replace(figures.Format(v, 4), "-", "−", 1) }
	for _, p := range morale.Params() {
		if x, y := p.Get(a), p.Get(b); x != y {
			out = append(out, p.Name+" "+num(y))
		}
	}
	for _, e := range b.Events() {
		if x, ok := a.Weights[e]; !ok || x != b.Weights[e] {
			out = append(out, string(e)+" "+num(b.Weights[e]))
		}
	}
	for _, e := range a.Events() {
		if _, ok := b.Weights[e]; !ok {
			out = append(out, string(e)+" removed")
		}
	}
	return strings.Join(out, ", ")
}

// Ghost returns the original future's state changes since the branch
// point while a what-if runs (nil otherwise), oldest first: those of the
// original timeline up to the moment the rewind started, then those of
// its continuation (future A). Do not modify.
func (s *Session) Ghost() []StateEvent {
	if f := s.rw.future(); f != nil {
		return f.events
	}
	return nil
}

// WhatIfChange is one difference between the original future and the new one:
// soldier Name reaches state To at battle time T in the new future (New)
// and at Was in the original (Old); a missing side is false.
type WhatIfChange struct {
	Name     string
	ID       int
	To       morale.State
	T, Was   float64
	New, Old bool
}

// WhatIf is how a resumed future differs from the original one so far.
type WhatIf struct {
	// From is the battle time of the branch, in seconds.
	From float64
	// Settings names how the live settings differ from those at the
	// branch ("" when they do not).
	Settings string
	// Changes are the first state change to each state of each soldier
	// that moved, appeared or vanished, in the order of the new future.
	Changes []WhatIfChange
}

// verb is the sentence's verb for reaching state s.
func verb(s morale.State) string {
	switch s {
	case morale.Steady:
		return "steadies"
	case morale.Shaken:
		return "is shaken"
	case morale.Panicked:
		return "panics"
	case morale.Routed:
		return "routs"
	}
	return "becomes " + s.String()
}

// String is the one-line diff: "with AllyDown −0.25: Eriksen routs at 9.1 s
// instead of 10.5 s; Dubois panics at 11.0 s".
func (w WhatIf) String() string {
	var b strings.Builder
	if w.Settings != "" {
		b.WriteString("with " + w.Settings + ": ")
	} else {
		b.WriteString("same settings: ")
	}
	if len(w.Changes) == 0 {
		b.WriteString("no state change differs so far")
		return b.String()
	}
	for i, c := range w.Changes {
		if i > 0 {
			b.WriteString("; ")
		}
		switch {
		case c.New && c.Old:
			fmt.Fprintf(&b, "%s %s at %.1f s instead of %.1f s", c.Name, verb(c.To), c.T, c.Was)
		case c.New:
			fmt.Fprintf(&b, "%s %s at %.1f s", c.Name, verb(c.To), c.T)
		default:
			fmt.Fprintf(&b, "%s no longer %s (%.1f s)", c.Name, strings.TrimPrefix(verb(c.To), "is "), c.Was)
		}
	}
	return b.String()
}

// WhatIf compares the resumed future (B) with the original one (A) from
// the branch to now, both having run as long: for each soldier and state,
// the first time he reached it. Settings names how the live settings
// differ from those at the branch. ok is false when no what-if runs.
func (rw *Rewind) WhatIf() (w WhatIf, ok bool) {
	a := rw.future()
	if a == nil {
		return WhatIf{}, false
	}
	wi := rw.wi
	horizon := rw.s.ticks
	type key struct {
		id int
		to morale.State
	}
	first := func(ev []StateEvent) (map[key]StateEvent, []key) {
		m := map[key]StateEvent{}
		var order []key
		for _, e := range ev {
			if e.Tick <= wi.branch || e.Tick > horizon {
				continue
			}
			k := key{e.ID, e.To}
			if _, seen := m[k]; !seen {
				m[k] = e
				order = append(order, k)
			}
		}
		return m, order
	}
	oldM, oldOrder := first(a.events)
	newM, newOrder := first(rw.s.events)
	w.From = wi.branchT
	w.Settings = settingsDiff(wi.before, rw.s.b.settings)
	for _, k := range newOrder {
		n := newM[k]
		o, had := oldM[k]
		if had && o.Tick == n.Tick {
			continue
		}
		w.Changes = append(w.Changes, WhatIfChange{Name: n.Name, ID: k.id, To: k.to, T: n.T, Was: o.T, New: true, Old: had})
	}
	for _, k := range oldOrder {
		if _, has := newM[k]; !has {
			o := oldM[k]
			w.Changes = append(w.Changes, WhatIfChange{Name: o.Name, ID: k.id, To: k.to, Was: o.T, Old: true})
		}
	}
	return w, true
}
