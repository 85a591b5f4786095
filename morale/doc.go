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
// exact exponential average + (own − average)·e^(−ContagionPerSecond·dt), so
// one step of a second lands where ten steps of a tenth do. The average is
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
// # Reacting to changes
//
// Register listeners with World.OnStateChanged and World.OnMoraleChanged.
// They run synchronously, once per change, with a Reason: the event, contagion,
// recovery, the rout timer, a rally. Drive behaviour from the new state:
// Shaken moves to cover, Panicked stops advancing and fires wildly, Routed runs
// to the rally point.
//
// Changes reach the listeners through one queue, in the order they happened.
// A listener may call anything, even Remove or Advance; its calls apply at
// once and their changes are told after the one being reported. Every
// listener therefore sees every change in order, and none hears of an agent
// already removed.
//
// # Why did he break
//
// World.EnableLedger turns on the cause ledger: per agent, a bounded record
// of every morale change (the event with its weight, scale, falloff and what
// the nerve kept out; contagion and recovery merged per run of steps; rallies
// and changes by hand) and every state change with its reason.
// World.Explain sums it by cause; its String reads like a sentence a
// designer understands. Off, it costs nothing.
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
// makes one pass with one math.Exp per step and no allocations, and events at
// a location find their agents through a uniform grid, so their cost follows
// the agents within reach, not the size of the World. See the README for the
// measured numbers (go test -bench . ./morale).
package morale
