package morale

import "math"

// The rules. They are pure functions: no world, no agents, no state. The
// World reaches every formula of the design through them, on every path (its
// step, events on an agent and at a location, rallies and the ledger), so a
// test of a rule is a test of the game; mutation_test.go proves it by
// replacing each rule's result in a copy of the package and watching seeded
// fights change.
//
// The design names the rules, not their parameters. These take the settings
// they read as plain numbers (Settings fields of the same names), so that the
// World's step can call them once per agent; what stays the same for a whole
// step, the contagion's factor and the recovery's gain, is a rule of its own
// (ContagionFactor, RecoveryGain).
//
// Every float64(...) in the rules is an explicit rounding that keeps the
// compiler from fusing a multiply-add, here or with the caller's arithmetic
// once inlined, so the bits are the same on every CPU (see portable.go).

// ApplyMoraleEvent returns morale after news worth weight×scale reaches an
// agent with the given nerve. Bad news (a negative delta) is multiplied by
// (1 − nerve): nerve 0.8 moves morale by a fifth of what nerve 0 does, and
// nerve 1 shrugs it off. Good news is not scaled. The result always lies in
// 0..1, whatever the input: morale and nerve outside 0..1 are clamped, and a
// NaN morale or nerve counts as 0 (no morale; no nerve, so bad news lands in
// full); a NaN or infinite weight×scale leaves morale as it is (clamped). The
// World rejects such input before it gets here.
func ApplyMoraleEvent(morale, weight, scale, nerve float64) float64 {
	delta := float64(weight * scale)
	if delta < 0 { // bad news (when finite: see isBadNews): the nerve keeps out his share
		delta = float64(delta * (1 - clampNaN01(nerve)))
	}
	if !(delta-delta == 0) { // NaN or infinite: x−x is 0 for every finite x
		delta = 0
	}
	return clamp01(clampNaN01(morale) + delta)
}

// isBadNews reports whether news worth weight×scale is bad news, the kind
// that ApplyMoraleEvent scales by nerve and that restarts the recovery delay:
// a finite delta below zero.
func isBadNews(weight, scale float64) bool {
	d := float64(weight * scale)
	return d < 0 && d >= -math.MaxFloat64
}

// clampNaN01 is clamp01 with NaN read as 0.
func clampNaN01(v float64) float64 {
	if !(v > 0) {
		return 0
	}
	return min(v, 1)
}

// RecoveryGain returns the morale that a step of dt seconds of recovery at
// perSecond (Settings.RecoveryPerSecond) adds, RecoverMorale's gain.
// secondsSinceBadNews is the time since the last bad news at the end of the
// step (+Inf when there was none). Morale climbs only once delaySeconds
// (Settings.RecoveryDelaySeconds) have passed; when the delay ends inside the
// step, only the remainder of the step recovers, so that a stretch of time
// gains the same whether it is taken in one step or in many. The gain is
// perSecond × that remainder: 0 within the delay, perSecond·dt once it is
// over. An infinite delay never ends, so it gives 0 even with no bad news
// (+Inf seconds since it). A NaN input gives NaN; a rate or dt of 0 or below
// gives 0 or less.
func RecoveryGain(secondsSinceBadNews, dt, perSecond, delaySeconds float64) float64 {
	// past: how far past the delay the step's end lies; 0 when the two are
	// equal, as for +Inf seconds and an infinite delay, whose difference
	// would be NaN.
	past := float64(secondsSinceBadNews) - float64(delaySeconds)
	if secondsSinceBadNews == delaySeconds {
		past = 0
	}
	// t: the part of the step past the delay (≤ 0: none of it).
	t := min(past, dt)
	return float64(perSecond * max(t, 0))
}

// RecoverMorale returns morale after recovering by gain (see RecoveryGain).
// Morale never recovers past 1 (a morale above 1 comes back as 1 from a
// gain of 0 or more). A NaN morale is returned as it is; a NaN or negative
// gain leaves any morale unchanged, one above 1 too.
func RecoverMorale(morale, gain float64) float64 {
	if !(gain >= 0) {
		return morale
	}
	return min(morale+gain, 1)
}

// ContagionFactor returns e^(−perSecond·dt): the share of the gap between an
// agent's morale and his squad's average that dt seconds of contagion at
// perSecond (Settings.ContagionPerSecond) leave, ContagionPull's factor.
// perSecond 0.5 leaves e^(−0.5) ≈ 61% of the gap after a second. A perSecond
// or dt of 0 or below, or NaN, gives 1: no pull. The factor comes from the
// package's own exp, not math.Exp: pure Go, within one ulp of the exact
// value, and the same bits on every CPU (math.Exp has different assembly on
// amd64 and arm64); arguments below about −745 give exactly 0, so a huge rate
// or step pulls all the way to the average.
func ContagionFactor(perSecond, dt float64) float64 {
	if !(perSecond > 0) || !(dt > 0) {
		return 1
	}
	return portableExp(-float64(perSecond * dt))
}

// ContagionPull returns own morale after a step of contagion that leaves
// factor (see ContagionFactor) of the gap to squadAverage: the exact
// exponential approach
//
//	squadAverage + (own − squadAverage)·factor
//
// kept in 0..1, so that two steps of half a second land where one step of a
// second does (to rounding). A factor of 1 or more (no pull) or NaN, or a NaN
// squadAverage, returns own as it is; a NaN own is returned as it is; an
// infinite squadAverage, which no average of morale is, gives NaN, and so
// does an infinite own, which no morale is, with a factor of 0.
func ContagionPull(own, squadAverage, factor float64) float64 {
	if !(factor < 1) || squadAverage != squadAverage {
		return own
	}
	return clamp01(float64(squadAverage) + float64((float64(own)-float64(squadAverage))*factor))
}

// ResolveState returns the state an agent in state current should be in with
// the given morale, ignoring the dwell time (the World applies
// MinimumStateSeconds). Falling is strict: morale below shakenBelow is
// Shaken, below panicBelow Panicked. Climbing needs the threshold plus
// hysteresis: panicBelow+hysteresis to leave Panicked,
// shakenBelow+hysteresis to become Steady. A jump may cross two states at
// once. Routed stays Routed: a rout ends only through CanReturnFromRout
// (the World's step asks it: after MinRoutSeconds, with morale back above
// PanicBelow+Hysteresis) or a Rally; SetMorale's new morale counts only at
// the step. A NaN morale leaves the state as it is. The three
// settings are Settings.ShakenBelow, PanicBelow and Hysteresis.
func ResolveState(current State, morale, shakenBelow, panicBelow, hysteresis float64) State {
	if current > Panicked {
		return current
	}
	// The state morale falls to, and the best it may climb to (never
	// better than fall, as hysteresis is not negative).
	fall, climb := Steady, Panicked
	if morale < shakenBelow {
		fall++
	}
	if morale < panicBelow {
		fall++
	}
	if morale >= band(panicBelow, hysteresis) {
		climb--
	}
	if morale >= band(shakenBelow, hysteresis) {
		climb--
	}
	return min(max(current, fall), climb)
}

// band returns a threshold lifted by the hysteresis, rounded once (no fused
// multiply-add with the caller's arithmetic): the morale an agent must reach
// to climb back over it.
func band(threshold, hysteresis float64) float64 {
	return float64(threshold) + float64(hysteresis)
}

// ShouldRout reports whether an agent that has been Panicked without a break
// for secondsPanicked seconds routs: after routAfterSeconds
// (Settings.RoutAfterSeconds). A routAfterSeconds of 0 switches routing off
// entirely; it never means "rout at once". A NaN secondsPanicked gives false.
func ShouldRout(secondsPanicked, routAfterSeconds float64) bool {
	return routAfterSeconds > 0 && secondsPanicked >= routAfterSeconds
}

// CanReturnFromRout reports whether an agent Routed for secondsRouted seconds
// with the given morale may come back: both minRoutSeconds
// (Settings.MinRoutSeconds) must have passed and morale must be at or above
// panicBelow+hysteresis. Full morale one second into a rout does not end it.
// A NaN time or morale gives false.
func CanReturnFromRout(secondsRouted, morale, minRoutSeconds, panicBelow, hysteresis float64) bool {
	return secondsRouted >= minRoutSeconds && morale >= band(panicBelow, hysteresis)
}

// OutnumberedFactor returns √(foes/friends), with both sides floored at one:
// 1 at even odds, above 1 when outnumbered (√3 at one against three), below 1
// with the upper hand. Use it as the scale of an Outnumbered event. The floor
// keeps the last enemy's death from dividing by zero.
func OutnumberedFactor(friends, foes int) float64 {
	return math.Sqrt(float64(max(foes, 1)) / float64(max(friends, 1)))
}

// DistanceFalloff returns how much of an event's weight reaches an agent
// distance away: 1 within fullEffectRadius, 0 at noEffectRadius and beyond,
// falling linearly in between. It is continuous and never increases with
// distance. When noEffectRadius ≤ fullEffectRadius the edge is a step at
// fullEffectRadius. A NaN in any argument gives 0. The radii are finite, as
// Validate keeps the settings': an infinite noEffectRadius gives NaN (∞/∞)
// beyond fullEffectRadius.
func DistanceFalloff(distance, fullEffectRadius, noEffectRadius float64) float64 {
	// Every comparison with a NaN is false: the slope takes three numbers,
	// the full weight two.
	switch {
	case distance > fullEffectRadius && distance < noEffectRadius:
		return (float64(noEffectRadius) - float64(distance)) / (float64(noEffectRadius) - float64(fullEffectRadius))
	case distance <= fullEffectRadius && !math.IsNaN(noEffectRadius):
		return 1
	}
	return 0
}
