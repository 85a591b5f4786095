package game

import (
	"errors"
	"fmt"

	"github.com/moralebreak/moralebreak/morale"
)

// The two futures of a what-if.
//
// Resume after a rewind with other weights starts a what-if: the live
// battle runs on from the cursor with the new weights (future B), and the
// battle as it was at the cursor runs on beside it, sub-tick for sub-tick,
// with the weights it had and the original timeline's commands after the
// cursor (future A, the original future: to the bit the battle that was
// played, up to the moment the rewind started, and then as it would have
// run on without commands). Both are real battles, so everything a view
// shows exists for both: each soldier's morale curve (the timeline draws
// the other future's dashed), the field (Rewind.Show picks the one views
// show), the Why panel and the state changes (WhatIf compares them).
// Revert ends the what-if with the weights the branch started from.
//
// Future A costs one more battle and its simulation: in the opening a few
// kilobytes and microseconds a sub-tick, in the armies about 2 MB and as
// much CPU again as the live battle (BenchmarkArmiesTick: 0.4 ms a tick).

// Future names one of a what-if's two futures.
type Future uint8

// The futures of a what-if.
const (
	// NoFuture: no what-if runs.
	NoFuture Future = iota
	// FutureA is the original future: the weights the branch started from,
	// with the original timeline's commands.
	FutureA
	// FutureB is the new future: the live battle, with the weights Resume
	// continued with.
	FutureB
)

// String is "A", "B" or "none".
func (f Future) String() string {
	switch f {
	case FutureA:
		return "A"
	case FutureB:
		return "B"
	}
	return "none"
}

// ErrNoWhatIf: Revert or Show without a what-if running (Resume after a
// rewind starts one).
var ErrNoWhatIf = errors.New("no what-if runs: rewind, change weights, then Resume from here")

// future is a what-if's future A: a battle cloned from the live one at the
// branch, run on in lockstep with it (advance), applying the original
// timeline's commands after the branch at their sub-ticks.
type future struct {
	s       *Session
	b       *Battle
	entries []Entry      // the original timeline's commands (shared, read only)
	next    int          // the first of entries not applied yet
	events  []StateEvent // its state changes since the branch
	why     whyCache
	view    futureView
}

// newFuture returns future A of a what-if branching now: a copy of the
// live battle, before Resume changes its settings, that next applies
// entries[next:].
func newFuture(s *Session, entries []Entry, next int) *future {
	f := &future{s: s, b: s.b.clone(true), entries: entries, next: next}
	f.b.changed = f.addEvent
	f.view.f = f
	return f
}

// addEvent keeps a state change of future A (its battle's hook).
func (f *future) addEvent(id int, name string, from, to morale.State) {
	if len(f.events) == maxEvents {
		f.events = append(make([]StateEvent, 0, maxEvents), f.events[maxEvents/4:]...)
	}
	f.events = append(f.events, StateEvent{Tick: f.s.ticks, T: f.b.Time(), ID: id, Name: name, From: from, To: to})
}

// advance runs future A's sub-tick of the session's (Session.subtick:
// the session's clock has moved on), then the original commands due.
func (f *future) advance() {
	f.b.subtick()
	for ; f.next < len(f.entries) && f.entries[f.next].Tick <= f.s.ticks; f.next++ {
		e := f.entries[f.next]
		if err := f.b.Apply(e.Cmd); err != nil {
			// The original timeline applied it to the same battle: it
			// cannot be refused. Should it be, say so and go on.
			f.b.fail(fmt.Errorf("game: what-if: original future: tick %d: %s: %w", e.Tick, commandText(e.Cmd), err))
		}
	}
}

// futureDue advances future A, when a what-if runs, by the sub-tick the
// session just ran.
func (rw *Rewind) futureDue() {
	if rw.wi != nil && rw.wi.a != nil {
		rw.wi.a.advance()
	}
}

// future returns the running what-if's future A, or nil.
func (rw *Rewind) future() *future {
	if rw.wi == nil {
		return nil
	}
	return rw.wi.a
}

// Revert ends the what-if with the weights the branch started from: the
// live battle takes them back (a recorded SetSettings, as a tuner edit)
// and runs on from where it is; future A, the ghosts and WhatIf are gone.
// restored names what changed back ("Suppressed −0.07"; "" when the
// weights were the same). Without a what-if it does nothing and returns
// ErrNoWhatIf (at the rewind cursor too: nothing has branched yet).
func (rw *Rewind) Revert() (restored string, err error) {
	wi := rw.wi
	if wi == nil || !wi.resumed {
		return "", ErrNoWhatIf
	}
	s := rw.s
	restored = settingsDiff(s.b.settings, wi.before)
	if restored != "" {
		if err := s.applyRecorded(SetSettings{Settings: wi.before}); err != nil {
			return "", err
		}
	}
	rw.wi = nil
	return restored, nil
}

// Show makes the views (Rewind.View) show future f of the running
// what-if: FutureA the original one, FutureB the live battle. Both run
// on either way, and commands always go to the live battle. Without a
// what-if it returns ErrNoWhatIf; another f is an error too.
func (rw *Rewind) Show(f Future) error {
	if rw.future() == nil {
		return ErrNoWhatIf
	}
	if f != FutureA && f != FutureB {
		return fmt.Errorf("game: Show: future %d; want FutureA or FutureB", f)
	}
	rw.wi.shown = f
	return nil
}

// Shown returns the future the views show: FutureB or FutureA while a
// what-if runs, NoFuture otherwise.
func (rw *Rewind) Shown() Future {
	if rw.future() == nil {
		return NoFuture
	}
	if rw.wi.shown == FutureA {
		return FutureA
	}
	return FutureB
}

// View returns the view of the future shown (Show): the session itself,
// or future A's read-only view. Draw what it returns; it changes nothing.
func (rw *Rewind) View() View {
	if f := rw.future(); f != nil && rw.wi.shown == FutureA {
		return &f.view
	}
	return rw.s
}

// Other returns, while a what-if runs, its original future (A) and which
// future the session itself is (FutureB); nil and NoFuture otherwise.
func (s *Session) Other() (View, Future) {
	if f := s.rw.future(); f != nil {
		return &f.view, FutureB
	}
	return nil, NoFuture
}

// futureView is future A as a View: its battle, the session's clock.
type futureView struct{ f *future }

var _ View = (*futureView)(nil)

func (v *futureView) Time() float64                         { return v.f.b.Time() }
func (v *futureView) Speed() float64                        { return v.f.s.Speed() }
func (v *futureView) Paused() bool                          { return v.f.s.Paused() }
func (v *futureView) Debug() bool                           { return v.f.b.debug }
func (v *futureView) Settings() morale.Settings             { return v.f.b.settings }
func (v *futureView) Field() morale.Vec2                    { return v.f.b.Field() }
func (v *futureView) Scene() Scene                          { return v.f.b.scene }
func (v *futureView) History() *History                     { return &v.f.b.history }
func (v *futureView) AppendShots(dst []ShotView) []ShotView { return v.f.b.AppendShots(dst) }

// Why is Battle.Why of future A, cached per sub-tick like Session.Why.
func (v *futureView) Why(id int) (morale.Explanation, bool) {
	f := v.f
	k := whyKey{id: id, version: f.b.version}
	if f.why.ok && f.why.key == k {
		return f.why.x, true
	}
	x, ok := f.b.Why(id)
	if ok {
		f.why = whyCache{ok: true, key: k, x: x}
	}
	return x, ok
}

// Ghost is the other future's state changes since the branch: the live
// battle's.
func (v *futureView) Ghost() []StateEvent {
	s := v.f.s
	if s.rw.future() != v.f {
		return nil // the what-if ended
	}
	ev := s.events
	branch := s.rw.wi.branch
	i := len(ev)
	for i > 0 && ev[i-1].Tick > branch {
		i--
	}
	return ev[i:]
}

// SoldierAt and SquadAt hit-test future A's battle (Battle.SoldierAt,
// Battle.SquadAt): a ui selects what it shows.
func (v *futureView) SoldierAt(p morale.Vec2) (int, bool)          { return v.f.b.SoldierAt(p) }
func (v *futureView) SquadAt(p morale.Vec2) (morale.SquadID, bool) { return v.f.b.SquadAt(p) }

// Other is the live battle (future B); this view is FutureA. Once the
// what-if ended it is nil and NoFuture.
func (v *futureView) Other() (View, Future) {
	if v.f.s.rw.future() != v.f {
		return nil, NoFuture
	}
	return v.f.s, FutureA
}
