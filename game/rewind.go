package game

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/moralebreak/moralebreak/morale"
)

// Rewind and what-if.
//
// RewindTo moves a cursor to any past moment of the session and shows the
// battle exactly as it was there (the same Digest as having played to it).
// The battle keeps a snapshot of its whole state every few seconds of
// session time (snapshot.go: a morale.World.Clone and a copy of everything
// else, taken live, in replays and while re-simulating), so a jump restores
// the latest snapshot at or before the cursor, copying it, and re-simulates
// the session's recording (every command at its sub-tick) only from there;
// before the first snapshot it rebuilds the battle from its config. The
// spacing follows the World's size, about as much work between two
// snapshots in every scene: 10 s for the opening's 5 soldiers, 2.5 s for
// the armies' 10 000 agents; at most 256 snapshots of 512 MB in all are
// kept (a longer session keeps every other one, twice as far apart).
// BenchmarkRewind times ten-minute sessions of both scenes (numbers in the
// README, "Rewind"): the worst jump in the opening takes about 5 ms, in the
// armies 54 to 115 ms of CPU time in three runs (the re-simulation of up to
// 2.5 s of battle), with 433 MB of snapshots.
//
// While the cursor is set the battle is paused on the original timeline.
// Resume continues from the cursor with the current settings (those of the
// tuner when RewindTo was first called, or set since): the commands after the
// cursor are dropped from the new timeline, and so are the snapshots after
// it; the original one's state changes stay as the Ghost, and WhatIf says
// how the new future differs.

// maxEvents bounds the session's list of state changes.
const maxEvents = 1 << 16

// ErrNoCursor: Resume without a cursor set by RewindTo.
var ErrNoCursor = errors.New("game: no rewind cursor (RewindTo first)")

// StateEvent is one state change of the session: soldier ID (Name) went
// From → To at session sub-tick Tick, battle time T seconds.
type StateEvent struct {
	Tick     int64
	T        float64
	ID       int
	Name     string
	From, To morale.State
}

// whatIf is a rewind in progress: the original timeline and the cursor.
type whatIf struct {
	orig       Recording    // the session as it was when RewindTo was first called
	origEvents []StateEvent // its state changes
	current    morale.Settings
	cursor     bool  // the battle is at the cursor, on the original timeline
	branch     int64 // the session sub-tick Resume continued from (resumed)
	resumed    bool
	before     morale.Settings // the settings at the branch, before Resume
}

// Events returns the session's state changes, oldest first (at most
// 65536; the oldest are dropped). Do not modify.
func (g *Game) Events() []StateEvent { return g.events }

// addEvent keeps a state change of the session.
func (g *Game) addEvent(e StateEvent) {
	if len(g.events) == maxEvents {
		// Into a new array: snapshots share the old one's prefix.
		g.events = append(make([]StateEvent, 0, maxEvents), g.events[maxEvents/4:]...)
	}
	g.events = append(g.events, e)
}

// Cursor returns the session sub-tick the rewind cursor is at, and whether
// one is set (after RewindTo, before Resume).
func (g *Game) Cursor() (int64, bool) {
	if g.wi == nil || !g.wi.cursor {
		return 0, false
	}
	return g.session, true
}

// SessionEnd returns the latest moment RewindTo may go to: the end of the
// original timeline while rewound, else now.
func (g *Game) SessionEnd() int64 {
	if g.wi != nil && g.wi.cursor {
		return g.wi.orig.End
	}
	return g.session
}

// RewindTo moves the cursor to session sub-tick tick (clamped to
// 0..SessionEnd) and shows the battle as it was there, paused. The first
// RewindTo keeps the session so far as the original timeline, and the current
// settings for Resume. A RewindTo after Resume starts a new rewind of the new
// timeline. A replay being played (NewReplay) is ended by RewindTo: its whole
// file becomes the original timeline.
func (g *Game) RewindTo(tick int64) {
	if g.wi == nil || !g.wi.cursor {
		orig := g.Recording()
		if g.play != nil && g.play.status.Active {
			orig = g.play.rec
			orig.Digest = ""
		}
		g.play = nil
		g.wi = &whatIf{orig: orig, origEvents: append([]StateEvent(nil), g.events...), current: g.settings.Clone(), cursor: true}
	}
	tick = max(0, min(tick, g.wi.orig.End))
	back := tick < g.session || !g.onOrigin()
	switch s := g.snaps.latest(tick, g.wi.orig.Entries); {
	case s != nil && (back || s.session > g.session):
		g.restore(s, g.wi.orig.Entries)
	case back:
		g.rebuild()
	}
	g.simulate(g.wi.orig.Entries, tick)
	g.paused = true
}

// RewindBy moves the cursor by seconds of simulated time (negative: back)
// from where the battle is.
func (g *Game) RewindBy(seconds float64) {
	if math.IsNaN(seconds) {
		return
	}
	d := math.Max(-MaxReplayTicks, math.Min(MaxReplayTicks, math.Round(seconds*SubTicksPerSecond)))
	g.RewindTo(g.session + int64(d))
}

// onOrigin reports whether the battle so far is a prefix of the original
// timeline (the cursor has only moved on it).
func (g *Game) onOrigin() bool {
	return g.wi.cursor && len(g.entries) <= len(g.wi.orig.Entries)
}

// rebuild restarts the session from its config: sub-tick 0, no commands.
func (g *Game) rebuild() {
	_ = g.reset(g.cfg.Settings) // validated by New
	// A new array for the events: snapshots share the old one's prefix.
	g.session, g.entries, g.events = 0, g.entries[:0], nil
	g.debug, g.paused = false, false
}

// simulate runs the battle to session sub-tick to, applying each entry of
// entries not yet applied (those past len(g.entries)) when its tick comes.
func (g *Game) simulate(entries []Entry, to int64) {
	due := func() {
		for k := len(g.entries); k < len(entries) && entries[k].Tick <= g.session; k = len(g.entries) {
			if err := g.applyRecorded(entries[k].Cmd); err != nil {
				// The original timeline applied it; the same battle cannot
				// refuse it. Should it, keep the timelines aligned.
				g.fail(fmt.Errorf("game: rewind: tick %d: %s: %w", entries[k].Tick, commandText(entries[k].Cmd), err))
				g.entries = append(g.entries, entries[k])
			}
		}
	}
	due()
	for g.session < to {
		g.subtick()
		due()
	}
}

// Resume continues the battle from the cursor with the current settings
// (as RewindTo found them, or as the tuner set them since), unpaused. The
// original timeline's state changes after the cursor stay as the Ghost.
func (g *Game) Resume() error {
	if g.wi == nil || !g.wi.cursor {
		return ErrNoCursor
	}
	wi := g.wi
	wi.cursor, wi.resumed, wi.branch = false, true, g.session
	g.snaps.dropAfter(g.session) // they belong to the timeline left behind
	wi.before = g.settings.Clone()
	if !sameSettings(g.settings, wi.current) {
		if err := g.applyRecorded(SetSettings{Settings: wi.current}); err != nil {
			return err
		}
	}
	g.paused = false
	return nil
}

// sameSettings reports whether a and b are equal, weights included.
func sameSettings(a, b morale.Settings) bool {
	return settingsDiff(a, b) == ""
}

// settingsDiff names what b changes from a: "AllyDown −0.25, ShakenBelow
// 0.5" ("" when nothing).
func settingsDiff(a, b morale.Settings) string {
	var out []string
	num := func(v float64) string { return strings.Replace(fmt.Sprintf("%.4g", v), "-", "−", 1) }
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

// Ghost returns the original timeline's state changes after the branch
// point while a resumed what-if runs (nil otherwise), oldest first. Do not
// modify.
func (g *Game) Ghost() []StateEvent {
	if g.wi == nil || !g.wi.resumed {
		return nil
	}
	ev := g.wi.origEvents
	i := 0
	for i < len(ev) && ev[i].Tick <= g.wi.branch {
		i++
	}
	return ev[i:]
}

// Change is one difference between the original future and the new one:
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
	// Settings names the settings Resume changed ("" when none).
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

// WhatIf compares the resumed future with the original one over the time
// both cover (from the branch to the earlier of their ends): for each
// soldier and state, the first time he reached it. ok is false when no
// what-if runs.
func (g *Game) WhatIf() (w WhatIf, ok bool) {
	if g.wi == nil || !g.wi.resumed {
		return WhatIf{}, false
	}
	wi := g.wi
	horizon := min(g.session, wi.orig.End)
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
	oldM, oldOrder := first(wi.origEvents)
	newM, newOrder := first(g.events)
	w.Settings = settingsDiff(wi.before, wi.current)
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
