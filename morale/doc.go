// Package morale is MoraleBreak's simulation: squad morale for game AI.
//
// Enemies that fight to the last man read as machinery. The usual fix, a
// float, a threshold and a bool, reads as a bug: an agent sitting on the line
// flips between brave and terrified every frame, and every flip fires a bark
// and an animation. This package is the float done properly. It imports no
// engine: use it from Ebitengine, a server, or a test.
//
// # Morale, nerve and state
//
// Every agent has a morale (0..1, it moves) and a nerve (0..1, rolled once at
// spawn from Settings.NerveMin..NerveMax with the World's seeded source, then
// left alone). Nerve resists bad news: a bad delta is multiplied by
// (1 − nerve), so a nerve-0.8 man moves a fifth as far as a nerve-0 man. It
// never turns bad news into good. Without nerve a squad breaks in unison; with
// it one man runs first and the others watch him do it.
//
// An agent is in one of four states: Steady → Shaken → Panicked → Routed.
// Falling, the thresholds are strict (morale below ShakenBelow 0.60 is
// Shaken, below PanicBelow 0.25 Panicked). Rising, both are lifted by
// Hysteresis (0.15): 0.40 to leave panic, 0.75 to be Steady again. On top of
// that band, MinimumStateSeconds (0.75) blocks any change that comes too soon
// after the last one. RoutAfterSeconds (3.5) of unbroken panic make an agent
// rout; the rout lasts at least MinRoutSeconds (6.0) and until morale is back
// above the band. Rally and ForceRout override all of it, at once.
//
// # Squads and contagion
//
// Every step, each agent is pulled towards his squad's average morale by the
// exponential approach average + (own − average)·e^(−ContagionPerSecond·dt),
// so one step of a second lands where ten steps of a tenth do (to rounding).
// The factor comes from the package's own exp, not math.Exp (see "The same
// bits on every CPU" below). The average is
// computed once per squad per step and includes every member, those spawned
// WithoutContagion too: they are never pulled, but they steady the others.
//
// # Events
//
// Tell the World what happens. Agent.ReportEvent applies one event to one
// agent; World.ReportEventAtLocation applies it to everybody close enough to
// notice, in proportion to how close they were (DistanceFalloff: full within
// FullEffectRadius, nothing at NoEffectRadius). The worth of an event is its
// row in Settings.Weights times the scale you pass (a distance falloff, how bad
// a hit was, OutnumberedFactor for the odds). An event without a row is worth
// zero; deleting a row switches the event off. Bad news postpones recovery by
// RecoveryDelaySeconds; good news does not.
//
// # The clock
//
// Events change morale at once. Recovery, contagion, timers and state changes
// run on a fixed step of SquadUpdateInterval (0.25 s), fed by World.Advance
// with whatever frame time the game has. The clock counts whole ticks of
// 1/705,600,000 s (a flick: 1/24, 1/30, 1/60, 1/120 and 1/144 s and every
// whole millisecond are exact), so the result depends on how much time passed,
// never on how it was sliced, and the World never reads a wall clock.
//
// # The same bits on every CPU
//
// The same seed and the same calls give the same bits of every agent's
// morale on amd64, amd64 built with GOAMD64=v3, and arm64, so a lockstep
// multiplayer game can run the World on every peer. Three things would break
// that, and the package avoids all three:
//
//   - math.Exp has different assembly on amd64 and arm64. The contagion
//     factor e^x comes from a pure-Go exp instead (the FreeBSD msun
//     algorithm that math's pure-Go fallback uses: x = k·ln2 + r, a degree-5
//     rational approximation of e^r, scaled by 2^k), written with an explicit
//     rounding after every product. It is within one ulp of the exact value
//     over everything the World can ask for (−MaxPerSecond·MaxSeconds..0):
//     subnormal from about −708.4, exactly 0 below about −745.13.
//   - math.Hypot has amd64 assembly. Vec2.Dist computes the same formula,
//     max·√(1 + (min/max)²), in pure Go: the amd64 bits everywhere, with no
//     overflow for any distance that fits in a float64.
//   - The compiler fuses x*y + z into one fused multiply-add, with one
//     rounding instead of two, on arm64 (and ppc64le, s390x, riscv64,
//     loong64, and amd64 with GOAMD64=v3). Every product in the package that
//     feeds a sum is wrapped in float64(...), which the Go specification
//     makes an explicit rounding, and scripts/nofma.sh checks the compiled
//     code of every one of those targets for fused instructions.
//
// Everything else the World computes is +, −, ×, ÷ and √, which IEEE 754
// makes exact to the bit, and integer ticks. make test runs a seeded fight
// of 3000 agents against a golden hash on all three CPUs (arm64 under
// qemu-aarch64-static). A game that wants the same guarantee must feed the
// World the same inputs: positions and scales computed without math.Exp,
// math.Pow or an unrounded a*b + c of its own.
//
// # Reacting to changes
//
// Register listeners with World.OnStateChanged and World.OnMoraleChanged.
// They run synchronously, once per change, with a Reason: the event, contagion,
// recovery, the rout timer, a rally. Drive behaviour from the new state:
// Shaken moves to cover, Panicked stops advancing and fires wildly, Routed runs
// to the rally point.
//
// # Tuning
//
// Settings is a plain table stored in weights.toml (LoadSettings,
// SaveSettings); Settings.Validate and the TOML reader name the field and line
// of every problem. World.SetSettings retunes a running World; invalid
// settings change nothing.
//
// # The rules on their own
//
// ApplyMoraleEvent, RecoverMorale, ContagionPull, ResolveState, ShouldRout,
// CanReturnFromRout, OutnumberedFactor and DistanceFalloff are pure functions.
// The World calls exactly these, so a test of a rule is a test of the game.
//
// # Performance
//
// Agents live in flat arrays (the *Agent handle is an index into them), a step
// makes one pass with one exp per step and no allocations, and events at
// a location find their agents through a uniform grid, so their cost follows
// the agents within reach, not the size of the World. See the README for the
// measured numbers (go test -bench . ./morale).
package morale
