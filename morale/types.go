package morale

import (
	"fmt"
	"math"
	"strings"
)

// State is an agent's morale state. The four states are ordered from best to
// worst: Steady, Shaken, Panicked, Routed. The zero value is Steady.
type State uint8

// The four morale states, in order.
const (
	// Steady agents fight normally.
	Steady State = iota
	// Shaken agents still fight, from cover, at longer range, with worse aim.
	Shaken
	// Panicked agents stop advancing and fire wildly.
	Panicked
	// Routed agents run for the rally point.
	Routed
)

// NumStates is the number of morale states; it sizes per-state tables.
const NumStates = 4

// String returns the state's name, such as "Shaken".
func (s State) String() string {
	switch s {
	case Steady:
		return "Steady"
	case Shaken:
		return "Shaken"
	case Panicked:
		return "Panicked"
	case Routed:
		return "Routed"
	}
	return fmt.Sprintf("State(%d)", uint8(s))
}

// IsFighting reports whether an agent in state s still fights: Steady or Shaken.
func (s State) IsFighting() bool { return s == Steady || s == Shaken }

// IsBroken reports whether state s counts as broken: Panicked or Routed.
func (s State) IsBroken() bool { return s == Panicked || s == Routed }

// Event names a kind of news an agent can receive. Its worth comes from the
// Settings.Weights table; an event without a row is worth zero and is not news.
// Games may report their own event names, custom events, as long as
// weights.toml has rows for them in its [custom] table (the built-in events'
// rows are in [weights]; see Event.BuiltIn).
type Event string

// The standard events. Their default weights are in DefaultSettings and in
// docs/library.md's event table.
const (
	AllyDown              Event = "AllyDown"
	LeaderDown            Event = "LeaderDown"
	TookDamage            Event = "TookDamage"
	Suppressed            Event = "Suppressed"
	Outnumbered           Event = "Outnumbered"
	LowHealth             Event = "LowHealth"
	EnemyDown             Event = "EnemyDown"
	ReinforcementsArrived Event = "ReinforcementsArrived"
	LeaderNearby          Event = "LeaderNearby"
	Rest                  Event = "Rest"
)

// SquadID identifies a squad. Any value is valid; squads exist while they have
// members.
type SquadID int

// Vec2 is a position in world units. The defaults (FullEffectRadius 600,
// NoEffectRadius 3000) read them as centimetres (see docs/library.md's
// table of every setting).
type Vec2 struct{ X, Y float64 }

// Dist returns the Euclidean distance between v and w, the same bits on
// every CPU: √(dx² + dy²), each square and the sum rounded once (no fused
// multiply-add) and the square root correctly rounded, within 2 ulps of the
// exact distance. When the sum of squares would overflow or lose digits to
// underflow (a distance beyond about 3e150, or below 2e-146 but not 0), it takes
// a scaled formula of the same kind (pure Go, no math.Hypot) instead, so it does not overflow while the
// distance itself fits in a float64; when v.X−w.X or v.Y−w.Y does not
// (coordinates near ±1.8e308), it is +Inf.
func (v Vec2) Dist(w Vec2) float64 {
	x, y := v.minus(w)
	if d, ok := rootOfSquares(squares(x, y)); ok || x == 0 && y == 0 {
		return d
	}
	return portableHypot(x, y)
}

// squares returns x² + y², each square and the sum rounded once: the sum
// under Dist's square root.
func squares(x, y float64) float64 { return float64(x*x) + float64(y*y) }

// rootOfSquares returns √s, Dist's result for the differences whose squares
// sum to s, and true, when s lies in 2^-968..2^1000 (nothing overflows, and
// what underflows is below 2^-100 of s); otherwise false, also for NaN.
// Small, so that an event at a location computes it in place.
func rootOfSquares(s float64) (float64, bool) {
	return math.Sqrt(s), s >= 0x1p-968 && s <= 0x1p1000 // false for NaN
}

// minus returns the coordinates of v−w.
func (v Vec2) minus(w Vec2) (x, y float64) {
	// float64(...): the caller's product must not fuse with the difference.
	return float64(v.X) - float64(w.X), float64(v.Y) - float64(w.Y)
}

// finite reports whether both coordinates are finite: x−x is 0 for a finite
// x and NaN for NaN and ±Inf, so one comparison and no branch per coordinate.
func (v Vec2) finite() bool { return (v.X-v.X)+(v.Y-v.Y) == 0 }

// ReasonKind says what kind of cause changed an agent's morale or state.
type ReasonKind uint8

// The causes of a morale or state change.
const (
	// ByEvent: a reported event; Reason.Event names it.
	ByEvent ReasonKind = iota + 1
	// ByCustomEvent: ReportCustomEvent, a weight given directly.
	ByCustomEvent
	// ByContagion: the pull towards the squad's average morale.
	ByContagion
	// ByRecovery: morale returning after RecoveryDelaySeconds without bad news.
	ByRecovery
	// ByRoutTimer: RoutAfterSeconds of unbroken panic.
	ByRoutTimer
	// ByRoutOver: MinRoutSeconds passed and morale climbed past the band.
	ByRoutOver
	// ByRally: Rally or RallySquad.
	ByRally
	// ByForcedRout: ForceRout.
	ByForcedRout
	// BySetByHand: SetMorale.
	BySetByHand
)

// String returns the kind's name, such as "contagion"; "none" for the zero
// ReasonKind, the Kind of the zero Reason (an agent's LastReason before any
// news reached him).
func (k ReasonKind) String() string {
	const names = "event|custom event|contagion|recovery|rout timer|rout over|rally|forced rout|set by hand"
	if k >= ByEvent && k <= BySetByHand {
		return strings.Split(names, "|")[k-1]
	}
	if k == 0 {
		return "none"
	}
	return fmt.Sprintf("ReasonKind(%d)", uint8(k))
}

// Reason says why an agent's morale or state changed. Event is set only when
// Kind is ByEvent. A state change resolved on a step carries the reason of the
// last morale change that led to it (an AllyDown, say, or contagion): the
// step's own contagion or recovery when it moved his morale the way his
// state went, else the last event, rally or SetMorale that moved it that
// way. A man broken by LeaderDown who then hears EnemyDown before the step
// is Shaken "because of event LeaderDown", and his LastReason (Snapshot) is
// EnemyDown, the last news that reached him either way.
type Reason struct {
	Kind  ReasonKind
	Event Event
}

// String returns a short description such as "event AllyDown" or "recovery";
// "none" for the zero Reason.
func (r Reason) String() string {
	if r.Kind == ByEvent {
		return "event " + string(r.Event)
	}
	return r.Kind.String()
}

// finite reports whether v is neither NaN nor ±Inf, in one comparison (so
// that Vec2.finite inlines): NaN compares false, ±Inf exceeds the largest.
func finite(v float64) bool { return math.Abs(v) <= math.MaxFloat64 }

// in01 reports whether v lies in 0..1 (not NaN): a morale's, a nerve's or
// a falloff's range.
func in01(v float64) bool { return v >= 0 && v <= 1 }

func clamp01(v float64) float64 {
	if v < 0 {
		return 0
	}
	if v > 1 {
		return 1
	}
	return v
}
