// Package morale is MoraleBreak's simulation: squad morale for game AI.
//
// Enemies that fight to the last man read as machinery. The usual fix, a
// float, a threshold and a bool, reads as a bug: an agent sitting on the line
// flips between brave and terrified every frame, and every flip fires a bark
// and an animation. This package is the float done properly. It imports no
// engine: use it from Ebitengine, a server, or a test.
//
// # Outline
//
//   - [World]: one clock for every agent. [NewWorld], [World.Spawn],
//     [World.Remove], [World.Advance], [World.ReportEventAtLocation],
//     [World.RallySquad], [World.SquadStats], [World.Dump].
//   - [Agent]: a handle to one agent. [Agent.ReportEvent], [Agent.Rally],
//     [Agent.ForceRout], [Agent.SetMorale], [Agent.Snapshot].
//   - [Settings]: the table designers tune, stored in weights.toml.
//     [DefaultSettings], [Settings.Validate], [LoadSettings], [SaveSettings],
//     [World.SetSettings].
//   - The rules, pure functions: [ApplyMoraleEvent], [RecoverMorale],
//     [ContagionPull], [ResolveState], [ShouldRout], [CanReturnFromRout],
//     [OutnumberedFactor], [DistanceFalloff].
//   - Listeners: [World.OnStateChanged], [World.OnMoraleChanged], with a
//     [Reason].
//
// # Morale, nerve and state
//
// Every agent has a morale (0..1, it moves) and a nerve (0..1, rolled once at
// spawn from [Settings].NerveMin..NerveMax with the World's seeded source,
// then left alone; [WithNerve] pins it). Nerve resists bad news: a bad delta
// is multiplied by (1 − nerve), so a nerve-0.8 man moves a fifth as far as a
// nerve-0 man ([ApplyMoraleEvent]). It never turns bad news into good.
// Without nerve a squad breaks in unison; with it one man runs first and the
// others watch him do it.
//
// An agent is in one of four states ([State]): [Steady] → [Shaken] → [Panicked] →
// [Routed]. Falling, the thresholds are strict (morale below ShakenBelow 0.60
// is Shaken, below PanicBelow 0.25 Panicked). Rising, both are lifted by
// Hysteresis (0.15): 0.40 to leave panic, 0.75 to be Steady again
// ([ResolveState]). On top of that band, MinimumStateSeconds (0.75) blocks
// any change that comes too soon after the last one. RoutAfterSeconds (3.5)
// of unbroken panic make an agent rout ([ShouldRout]); the rout lasts at
// least MinRoutSeconds (6.0) and until morale is back above the band
// ([CanReturnFromRout]). [Agent.Rally] and [Agent.ForceRout] override all of
// it, at once.
//
// # Squads and contagion
//
// Every step, each agent is pulled towards his squad's average morale by the
// exact exponential average + (own − average)·e^(−ContagionPerSecond·dt)
// ([ContagionPull]), so one step of a second lands where ten steps of a tenth
// do. The average is computed once per squad per step and includes every
// member, those spawned [WithoutContagion] too: they are never pulled, but
// they steady the others. Squads exist while they have members; the World
// frees what an empty squad used.
//
// # Events
//
// Tell the World what happens. [Agent.ReportEvent] applies one [Event] to one
// agent; [World.ReportEventAtLocation] applies it to everybody close enough to
// notice, in proportion to how close they were ([DistanceFalloff]: full
// within FullEffectRadius, nothing at NoEffectRadius). The worth of an event
// is its row in [Settings].Weights times the scale you pass (a distance
// falloff, how bad a hit was, [OutnumberedFactor] for the odds). An event
// without a row is worth zero; deleting a row switches the event off. Bad
// news (a finite weight × scale below zero) postpones recovery by
// RecoveryDelaySeconds ([RecoverMorale]); good news does not.
//
// # The clock
//
// Events change morale at once. Recovery, contagion, timers and state changes
// run on a fixed step of SquadUpdateInterval (0.25 s), fed by
// [World.Advance] with whatever frame time the game has. The clock counts
// whole ticks of 1/705,600,000 s (a flick: 1/24, 1/30, 1/60, 1/120 and 1/144 s
// and every whole millisecond are exact), so the result depends on how much
// time passed, never on how it was sliced, and the World never reads a wall
// clock.
//
// The clock has limits, so that no call runs for ever and nothing wraps: one
// Advance runs at most [MaxAdvanceSteps] steps, and a World runs for at most
// [MaxWorldSeconds] (about 95 years). Time beyond either is dropped and counted in
// [World.DroppedSeconds]: while it reads 0 the determinism above holds.
//
// # Reacting to changes
//
// Register listeners with [World.OnStateChanged] and [World.OnMoraleChanged].
// They run synchronously, once per change, with a [Reason]: the event,
// contagion, recovery, the rout timer, a rally. Drive behaviour from the new
// state: Shaken moves to cover, Panicked stops advancing and fires wildly,
// Routed runs to the rally point.
//
// Changes reach the listeners through one queue, in the order they happened.
// A listener may call anything, even [World.Remove] or [World.Advance]; its
// calls apply at once and their changes are told after the one being
// reported. Every listener therefore sees every change in order, and none
// hears of an agent already removed. The [World] documentation has the rule
// in full.
//
// # Tuning
//
// [Settings] is a plain table stored in weights.toml ([LoadSettings],
// [SaveSettings]); [Settings.Validate] and the TOML reader name the field and
// line of every problem. [World.SetSettings] retunes a running World; invalid
// settings change nothing.
//
// # The rules on their own
//
// [ApplyMoraleEvent], [RecoverMorale], [ContagionPull], [ResolveState],
// [ShouldRout], [CanReturnFromRout], [OutnumberedFactor] and
// [DistanceFalloff] are pure functions. The World calls exactly these, so a
// test of a rule is a test of the game: a reference World built from them
// alone in reference_test.go is compared with the real one, bit for bit, on
// fuzzed battles.
//
// # Performance
//
// Agents live in flat arrays (the *[Agent] handle is an index into them), a
// step makes one pass with one math.Exp per step and no allocations, and
// events at a location find their agents through a uniform grid, so their
// cost follows the agents within reach, not the size of the World. See the
// README's Performance section for the measured numbers
// (go test -bench . ./morale).
package morale
