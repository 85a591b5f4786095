package morale

import "math"

// The rules. They are pure functions: no world, no agents, no state. The World
// calls exactly these, so a test of a rule is a test of the game.

// ApplyMoraleEvent returns morale after news worth weight×scale reaches an
// agent with the given nerve. Bad news (a negative delta) is multiplied by
// (1 − nerve): nerve 0.8 moves morale by a fifth of what nerve 0 does, and
// nerve 1 shrugs it off. Good news is not scaled. The result always lies in
// 0..1, whatever the input: morale and nerve outside 0..1 are clamped, and a
// NaN morale or nerve counts as 0 (no morale; no nerve, so bad news lands in
// full); a NaN or infinite weight×scale leaves morale as it is (clamped). The
// World rejects such input before it gets here.
func ApplyMoraleEvent(morale, weight, scale, nerve float64) float64 {
	// Every float64(...) in the rules is an explicit rounding that keeps
	// the compiler from fusing a multiply-add, here or with the caller's
	// arithmetic once inlined, so the bits are the same on every CPU (see
	// portable.go).
	morale = clampNaN01(float64(morale))
	delta := float64(weight * scale)
	if !finite(delta) {
		return morale
	}
	if delta < 0 {
		delta = float64(delta * (1 - clampNaN01(nerve)))
	}
	return clamp01(morale + delta)
}

// clampNaN01 is clamp01 with NaN read as 0.
func clampNaN01(v float64) float64 {
	if v != v {
		return 0
	}
	return clamp01(v)
}

// RecoverMorale returns morale after a step of dt seconds of recovery.
// secondsSinceBadNews is the time since the last bad news at the end of the
// step. Morale climbs at s.RecoveryPerSecond only once s.RecoveryDelaySeconds
// have passed; when the delay ends inside the step, only the remainder of the
// step recovers. The result is therefore the same whether a stretch of time is
// taken in one step or in many. Morale never recovers past 1. A NaN morale is
// returned as it is; a NaN time or setting leaves morale unchanged.
func RecoverMorale(morale, secondsSinceBadNews, dt float64, s Settings) float64 {
	return recoverBy(morale, secondsSinceBadNews, dt, s.RecoveryPerSecond, s.RecoveryDelaySeconds)
}

// recoverBy is RecoverMorale with the two settings it reads passed alone.
func recoverBy(morale, secondsSinceBadNews, dt, perSecond, delay float64) float64 {
	if !(dt > 0) || !(perSecond > 0) {
		return morale
	}
	t := float64(secondsSinceBadNews) - float64(delay)
	if !(t > 0) { // also false for NaN
		return morale
	}
	if t > dt {
		t = dt
	}
	if !(morale < 1) { // 1 and above, or NaN
		return morale
	}
	if m := float64(morale) + float64(perSecond*t); m < 1 {
		return m
	}
	return 1
}

// ContagionPull returns own morale after dt seconds of pull towards
// squadAverage at perSecond. The pull is the exact exponential approach
//
//	average + (own − average)·e^(−perSecond·dt)
//
// so two steps of half a second land where one step of a second does (to
// rounding): perSecond 0.5 closes 1 − e^(−0.5) ≈ 39% of the gap per second.
// The factor e^(−perSecond·dt) comes from the package's own exp, not
// math.Exp: pure Go, within one ulp of the exact value, and the same bits on
// every CPU (math.Exp has different assembly on amd64 and arm64); arguments
// below about −745 give exactly 0, so a huge rate or step pulls all the way
// to the average. perSecond 0 or dt 0, or a NaN squadAverage, perSecond or
// dt, leaves own unchanged; a NaN own is returned as it is.
func ContagionPull(own, squadAverage, perSecond, dt float64) float64 {
	if !(perSecond > 0) || !(dt > 0) || squadAverage != squadAverage {
		return own
	}
	return pullBy(own, squadAverage, portableExp(-perSecond*dt))
}

// pullBy is ContagionPull with the decay factor computed once per step.
func pullBy(own, avg, keep float64) float64 {
	return float64(avg) + float64((float64(own)-float64(avg))*keep)
}

// ResolveState returns the state an agent in state current should be in with
// the given morale, ignoring the dwell time (the World applies
// MinimumStateSeconds). Falling is strict: morale below s.ShakenBelow is
// Shaken, below s.PanicBelow Panicked. Climbing needs the threshold plus
// s.Hysteresis: PanicBelow+Hysteresis to leave Panicked, ShakenBelow+Hysteresis
// to become Steady. A jump may cross two states at once. Routed stays Routed:
// a rout ends only through CanReturnFromRout, Rally or SetMorale. A NaN
// morale leaves the state as it is.
func ResolveState(current State, morale float64, s Settings) State {
	return resolve(current, morale, s.ShakenBelow, s.PanicBelow, s.Hysteresis)
}

// band returns threshold + hysteresis, rounded once (no fused multiply-add
// with the caller's arithmetic).
func band(threshold, hysteresis float64) float64 {
	return float64(threshold) + float64(hysteresis)
}

// resolve is ResolveState with the three settings it reads passed alone.
func resolve(current State, morale, shakenBelow, panicBelow, hysteresis float64) State {
	switch current {
	case Steady:
		if morale < panicBelow {
			return Panicked
		}
		if morale < shakenBelow {
			return Shaken
		}
		return Steady
	case Shaken:
		if morale < panicBelow {
			return Panicked
		}
		if morale >= band(shakenBelow, hysteresis) {
			return Steady
		}
		return Shaken
	case Panicked:
		if morale >= band(shakenBelow, hysteresis) {
			return Steady
		}
		if morale >= band(panicBelow, hysteresis) {
			return Shaken
		}
		return Panicked
	default:
		return current
	}
}

// ShouldRout reports whether an agent that has been Panicked without a break
// for secondsPanicked seconds routs: after s.RoutAfterSeconds. RoutAfterSeconds
// 0 switches routing off entirely; it never means "rout at once". A NaN
// secondsPanicked gives false.
func ShouldRout(secondsPanicked float64, s Settings) bool {
	return shouldRout(secondsPanicked, s.RoutAfterSeconds)
}

func shouldRout(secondsPanicked, routAfter float64) bool {
	return routAfter > 0 && secondsPanicked >= routAfter
}

// CanReturnFromRout reports whether an agent Routed for secondsRouted seconds
// with the given morale may come back: both s.MinRoutSeconds must have passed
// and morale must be at or above s.PanicBelow+s.Hysteresis. Full morale one
// second into a rout does not end it. A NaN time or morale gives false.
func CanReturnFromRout(secondsRouted, morale float64, s Settings) bool {
	return canReturn(secondsRouted, morale, s.PanicBelow, s.Hysteresis, s.MinRoutSeconds)
}

func canReturn(secondsRouted, morale, panicBelow, hysteresis, minRout float64) bool {
	return secondsRouted >= minRout && morale >= band(panicBelow, hysteresis)
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
// fullEffectRadius. A NaN in any argument gives 0.
func DistanceFalloff(distance, fullEffectRadius, noEffectRadius float64) float64 {
	switch {
	case math.IsNaN(fullEffectRadius) || math.IsNaN(noEffectRadius):
		return 0
	case distance <= fullEffectRadius:
		return 1
	case distance >= noEffectRadius || math.IsNaN(distance):
		return 0
	default:
		return (float64(noEffectRadius) - float64(distance)) / (float64(noEffectRadius) - float64(fullEffectRadius))
	}
}
