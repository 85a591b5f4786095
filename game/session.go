package game

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"slices"

	"github.com/moralebreak/moralebreak/morale"
)

// Session is a battle as a player plays it: the Battle, and around it the
// clock (pause, speed and Step), the recording of every command (Recording,
// Digest), the playback of a replay (NewReplay), the rewind with its
// snapshots and what-if branches (Rewind, Ghost) and the cache of the
// inspector's explanations (Why). The ui holds one; it is the View the
// renderer draws.
//
// Change the battle only through the session's Apply, which records: the
// Battle it returns is to read. The battle it holds is replaced by every
// jump of the rewind, so call Battle again rather than keeping it. A
// Session is not safe for concurrent use.
type Session struct {
	cfg Config
	b   *Battle

	subPerTick int   // sub-ticks per Tick: the speed
	paused     bool  // Tick runs nothing
	ticks      int64 // sub-ticks since NewSession; Restart does not reset it
	gen        uint64

	entries []Entry        // the recording: every command applied
	events  []StateEvent   // every state change of the session
	reports []func(Report) // OnReport's listeners, handed to every battle
	play    *playback      // a replay being played, or nil
	rw      Rewind
	why     whyCache
	bw      *breakWhy // the last SquadBreakWhy asked (armies_breakwhy.go)
}

var _ View = (*Session)(nil)

// NewSession builds the battle of cfg (NewBattle) and starts a session
// around it: running at speed ×1, nothing recorded yet.
func NewSession(cfg Config) (*Session, error) {
	cfg, err := cfg.normalize()
	if err != nil {
		return nil, err
	}
	b, err := newBattle(cfg)
	if err != nil {
		return nil, err
	}
	s := &Session{cfg: cfg, subPerTick: subPerTickX1}
	s.rw.s = s
	s.setBattle(b)
	return s, nil
}

// setBattle makes b the session's battle: it reports to the session's
// listeners and its state changes become the session's events.
func (s *Session) setBattle(b *Battle) {
	b.listeners = slices.Clone(s.reports)
	b.changed = s.addEvent
	s.b = b
	s.gen++ // another battle: the cached explanation is not its
}

// Battle returns the battle the session plays now, to read; change it only
// through the session's Apply. A jump of the rewind (Rewind.To) replaces
// it: call Battle again after one.
func (s *Session) Battle() *Battle { return s.b }

// OnReport registers fn to be called with every report the battle makes to
// the morale World, synchronously, in order, as Battle.OnReport does; the
// session's listeners survive Restart and the rewind's jumps (which hear
// the re-simulated reports again).
func (s *Session) OnReport(fn func(Report)) {
	if fn != nil {
		s.reports = append(s.reports, fn)
		s.b.OnReport(fn)
	}
}

// Tick advances the battle by one fixed tick: 1/TPS s × Speed() of simulated
// time, run as whole sub-ticks of 1/SubTicksPerSecond s. It does nothing
// while paused, and a replay holds the clock at its end.
func (s *Session) Tick() {
	if s.paused {
		return
	}
	for i := 0; i < s.subPerTick && !s.paused && !s.replayHolds(); i++ {
		s.subtick()
	}
}

// subtick advances the battle by 1/SubTicksPerSecond s, and a what-if's
// original future with it (futureDue), then applies the replay's commands
// due (playDue) and keeps a snapshot when one is due.
func (s *Session) subtick() {
	s.ticks++
	s.b.subtick()
	s.rw.futureDue()
	s.playDue()
	s.rw.snapshotDue()
}

// Apply carries out one command at once, between ticks: the clock's
// (Pause, Step, SetSpeed) itself, the others through the battle
// (Battle.Apply). An invalid command returns an error (wrapping one of the
// Err values) and changes nothing. A command carried out is recorded with
// the session's sub-tick (see Recording), except Pause, Step and SetSpeed.
//
// While the rewind cursor is set (Rewind.To), SetSettings only sets the
// settings Resume will continue with, Pause{false} resumes (Rewind.Resume),
// Step moves the cursor one morale step on, SetSpeed and Pause{true} do
// what they always do, and every other command resumes from the cursor
// first. Restart ends a what-if (Ghost and WhatIf are gone).
func (s *Session) Apply(c Command) error {
	if s.rw.atCursor() {
		if done, err := s.rw.applyAtCursor(c); done {
			return err
		}
	}
	if err := s.applyRecorded(c); err != nil {
		return err
	}
	if _, ok := c.(Restart); ok {
		s.rw.wi = nil // a new battle: no future to compare with
	}
	return nil
}

// applyRecorded carries out c and records it.
func (s *Session) applyRecorded(c Command) error {
	if err := s.apply(c); err != nil {
		return err
	}
	s.record(c)
	return nil
}

// apply is Apply without the recording: the clock's commands here, the
// others by the battle.
func (s *Session) apply(c Command) error {
	switch c := c.(type) {
	case Pause:
		s.paused = c.Paused
	case Step:
		s.paused = true
		s.step()
	case SetSpeed:
		k := c.Factor * subPerTickX1
		if math.IsNaN(k) || k != math.Trunc(k) || k < 1 || k > 8*subPerTickX1 {
			return fmt.Errorf("%w: got %v", ErrBadSpeed, c.Factor)
		}
		s.subPerTick = int(k)
	case Restart:
		if err := s.b.Apply(c); err != nil {
			return err
		}
		s.paused = false
	default:
		return s.b.Apply(c)
	}
	return nil
}

// step advances until the World has run exactly one more fixed step.
func (s *Session) step() {
	target := s.b.world.Steps() + 1
	limit := seconds(s.b.settings.SquadUpdateInterval) + 2
	for k := int64(0); k < limit && s.b.world.Steps() < target && !s.replayHolds(); k++ {
		s.subtick()
	}
}

// Time returns the battle's simulated time since the start (or the last
// Restart), in seconds.
func (s *Session) Time() float64 { return s.b.Time() }

// Paused reports whether the session's clock is paused.
func (s *Session) Paused() bool { return s.paused }

// Speed returns the speed factor (0.25, 1 or 4; any multiple of 0.25 up to
// 8 is possible).
func (s *Session) Speed() float64 { return float64(s.subPerTick) / subPerTickX1 }

// Debug reports whether the debug overlay (MoraleBreak.Debug) is on.
func (s *Session) Debug() bool { return s.b.debug }

// Settings returns the live morale settings; while the rewind cursor is
// set, the settings Resume will continue with. The Weights map is shared:
// do not modify it; Clone before editing.
func (s *Session) Settings() morale.Settings {
	if wi := s.rw.wi; wi != nil && wi.cursor {
		return wi.current
	}
	return s.b.settings
}

// Field returns the battlefield size in cm (Battle.Field).
func (s *Session) Field() morale.Vec2 { return s.b.Field() }

// Scene returns the scene the battle plays: *Opening, *Armies or *Scenario.
func (s *Session) Scene() Scene { return s.b.scene }

// History returns the morale history for the timeline panel.
func (s *Session) History() *History { return &s.b.history }

// AppendShots appends the battle's recent tracers to dst (Battle.AppendShots).
func (s *Session) AppendShots(dst []ShotView) []ShotView { return s.b.AppendShots(dst) }

// SessionTicks returns the number of sub-ticks the session has run since
// NewSession: unlike Time, Restart does not reset it.
func (s *Session) SessionTicks() int64 { return s.ticks }

// Events returns the session's state changes, oldest first (at most
// 65536; the oldest are dropped). Do not modify.
func (s *Session) Events() []StateEvent { return s.events }

// addEvent keeps a state change of the battle (its hook, setBattle) as the
// session's, at the session's sub-tick.
func (s *Session) addEvent(id int, name string, from, to morale.State) {
	if len(s.events) == maxEvents {
		// Into a new array: snapshots share the old one's prefix.
		s.events = append(make([]StateEvent, 0, maxEvents), s.events[maxEvents/4:]...)
	}
	s.events = append(s.events, StateEvent{Tick: s.ticks, T: s.b.Time(), ID: id, Name: name, From: from, To: to})
}

// record appends c, applied now, to the session's recording.
func (s *Session) record(c Command) {
	if !recordable(c) {
		return
	}
	if st, ok := c.(SetSettings); ok {
		c = SetSettings{Settings: st.Settings.Clone()}
	}
	s.entries = append(s.entries, Entry{Tick: s.ticks, Cmd: c})
}

// Recording returns the session so far: config, starting settings, every
// command applied, and End and Digest now. The result shares nothing with s.
func (s *Session) Recording() Recording {
	r := Recording{
		Seed: s.cfg.Seed, Soldiers: s.cfg.Soldiers, Opening: s.cfg.Opening, Scenario: s.cfg.Scenario,
		Settings: s.cfg.Settings.Clone(), End: s.ticks, Digest: s.Digest(),
	}
	if s.cfg.Scene != SceneOpening {
		r.Scene = s.cfg.Scene
	}
	r.Entries = make([]Entry, len(s.entries))
	copy(r.Entries, s.entries)
	return r
}

// Digest returns a SHA-256, in hex, of the session's sub-tick count, the
// battle time, every soldier's alive flag, state, morale, nerve, health and
// position, and every agent of the morale World's morale and state (the
// armies scene's men too), all as exact bits: two sessions with equal
// digests are, to the bit, in the same place.
func (s *Session) Digest() string {
	h := sha256.New()
	var buf [8]byte
	put := func(v uint64) {
		binary.LittleEndian.PutUint64(buf[:], v)
		h.Write(buf[:])
	}
	put(uint64(s.ticks))
	s.b.digest(put)
	return hex.EncodeToString(h.Sum(nil))
}
