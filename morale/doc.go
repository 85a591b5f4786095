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
//     [World.RallySquad], [World.SquadStats], [World.AllSquadStats],
//     [World.Dump].
//     [World.Clone] copies a World ([World.Agent], [Agent.Index] map handles).
//     [World.MarshalBinary] and [World.UnmarshalBinary] save and load it,
//     the same bits on every CPU; [World.Checksum] catches a lockstep desync;
//     [WithTag] and [Agent.Tag] map agents to the game's own entities.
//   - [Agent]: a handle to one agent. [Agent.ReportEvent], [Agent.Rally],
//     [Agent.ForceRout], [Agent.SetMorale], [Agent.Snapshot].
//   - [Settings]: the table designers tune, stored in weights.toml.
//     [DefaultSettings], [Settings.Validate], [LoadSettings], [SaveSettings],
//     [World.SetSettings].
//   - The rules, pure functions: [ApplyMoraleEvent], [RecoveryGain],
//     [RecoverMorale], [ContagionFactor], [ContagionPull], [ResolveState],
//     [ShouldRout], [CanReturnFromRout], [OutnumberedFactor],
//     [DistanceFalloff].
//   - Listeners: [World.OnStateChanged], [World.OnMoraleChanged], with a
//     [Reason]; each returns the function that removes it.
//   - Changes to take instead, for an ECS game that cannot act inside its
//     queries: [World.RecordChanges], [World.TakeChanges] (a [Change] per
//     change), [World.ChangesDropped].
//   - The game's own id for an agent: [WithTag], [Agent.Tag],
//     [Agent.SetTag], kept through Clone.
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
// exponential approach average + (own − average)·e^(−ContagionPerSecond·dt)
// ([ContagionPull], with the factor of [ContagionFactor]), so one step of a
// second lands where ten steps of a tenth do (to rounding). The factor comes from the package's own exp, not
// math.Exp (see "The same bits on every CPU" below). The average is computed
// once per squad per step and includes every member, those spawned
// [WithoutContagion] too: they are never pulled, but they steady the others.
// Squads exist while they have members; the World frees what an empty squad
// used. A step sums each squad's new morale in fixed chunks of 16384 agents,
// in the World's order (spawn order, except that Remove fills a hole with
// the last agent and that a step may first sort a window of the agents by
// grid cell when it has come apart: see [World] for the exact rule, which
// depends only on the calls made), and adds the chunks' sums in chunk order,
// so a large World can step on several goroutines ([World.SetWorkers]) and give the same
// bits, and tell the listeners the same changes in the same order, for any
// number of them.
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
// RecoveryDelaySeconds ([RecoveryGain]); good news does not.
//
// # The clock
//
// Events change morale at once. Recovery, contagion, timers and state changes
// run on a fixed step of SquadUpdateInterval (0.25 s), fed by
// [World.Advance] with whatever frame time the game has. The clock counts
// whole ticks of 1/705,600,000 s (a flick), and the World never reads a wall
// clock. A frame of 1/N s is a whole number of ticks when N divides
// 705,600,000 (24, 25, 30, 48, 50, 60, 72, 75, 90, 96, 100, 120, 144, 180,
// 200, 240, 360 Hz, and every whole millisecond): time fed in such frames
// gives the same result however it was sliced. Any other frame time (1/165
// s, a measured wall-clock delta) is rounded to the tick, each call on its
// own, so the clock drifts from the frames' sum by up to half a tick a call,
// and the same fight fed at two such rates may differ in its last bits:
// feed Advance from a fixed tick of the game's own.
//
// The clock has limits, so that no call runs for ever and nothing wraps: one
// Advance runs at most [MaxAdvanceSteps] steps, and a World runs for at most
// [MaxWorldSeconds] (about 95 years). Time beyond either is dropped and counted in
// [World.DroppedSeconds] (of one call, up to MaxWorldSeconds): while it
// reads 0 the determinism above holds.
//
// # The same bits on every CPU
//
// The same seed and the same calls give the same bits of every agent's
// morale on amd64, amd64 built with GOAMD64=v3, arm64 and js/wasm, so a lockstep
// multiplayer game can run the World on every peer. Three things would break
// that, and the package avoids all three:
//
//   - math.Exp has different assembly on amd64 and arm64. The contagion
//     factor e^x comes from a pure-Go exp instead (the FreeBSD msun
//     algorithm that math's pure-Go fallback uses: x = k·ln2 + r, a degree-5
//     rational approximation of e^r, scaled by 2^k), written with an explicit
//     rounding after every product. It is within one ulp of the exact value
//     over everything the World can ask for ([MaxPerSecond]·[MaxSeconds]..0):
//     subnormal from about −708.4, exactly 0 below about −745.13.
//   - math.Hypot has amd64 assembly. Vec2.Dist does without it: √(dx²+dy²),
//     each square and the sum rounded once and the square root correctly
//     rounded (IEEE 754 makes that exact to the bit), and a scaled pure-Go
//     formula of the same kind only at the extremes, so that no distance
//     that fits in a float64 overflows.
//   - The compiler fuses x*y + z into one fused multiply-add, with one
//     rounding instead of two, on arm64 (and ppc64le, s390x, riscv64,
//     loong64, and amd64 with GOAMD64=v3). Every product in the package that
//     feeds a sum is wrapped in float64(...), which the Go specification
//     makes an explicit rounding, and scripts/nofma.sh checks the compiled
//     code of every one of those targets for fused instructions.
//
// Everything else the World computes is +, −, ×, ÷ and √, which IEEE 754
// makes exact to the bit, and integer ticks. make test runs two seeded
// fights against golden hashes on amd64, amd64 v3, arm64 (under
// qemu-aarch64-static) and js/wasm (under node): one of 3000 agents with listeners that act, and one
// of four step chunks (of 4096 agents, set by the test) on two workers that
// the reference World hashes too. A game that wants the same guarantee must feed the
// World the same inputs: positions and scales computed without math.Exp,
// math.Pow or an unrounded a*b + c of its own.
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
// hears of an agent already removed. A listener's Advance runs its own time
// from the present, the step being told, whatever the frame sizes of the
// Advance under way, so a listener that advances and then acts keeps the
// World the same at any frame size. The [World] documentation has the rule
// in full. The function OnStateChanged returns removes the listener, also
// from within a listener.
//
// A game that cannot act on a change where it happens (an ECS game, whose
// components cannot change inside a query, which is where it reports
// events) takes them instead: after [World.RecordChanges], every call that
// changed something leaves its changes in the World, and
// [World.TakeChanges] hands them over, oldest first, into the game's own
// buffer, with each agent's tag ([WithTag]) to find his entity. Coalesced
// per agent or held to a capacity, they never grow without bound, and a
// World that does not record them pays nothing.
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
// [Settings] is a plain table stored in weights.toml ([LoadSettings],
// [SaveSettings]): the settings, the [weights] table of the built-in events
// and the [custom] table of the game's own events ([Event.BuiltIn]).
// [Settings.Validate] and the TOML reader report every problem at once, each
// with its field and line; a [weights] row that is no built-in event is an
// error that names the nearest one. [World.SetSettings] retunes a running World; invalid
// settings change nothing.
//
// # The rules on their own
//
// [ApplyMoraleEvent], [RecoveryGain], [RecoverMorale], [ContagionFactor],
// [ContagionPull], [ResolveState], [ShouldRout], [CanReturnFromRout],
// [OutnumberedFactor] and [DistanceFalloff] are pure functions, and every formula of the design lives
// in one of them. The World reaches each formula through them on every path
// (its step, events on an agent and at a location, rallies, the ledger), so
// a test of a rule is a test of the game. Two tests hold it to that: a
// reference World built from the rules alone (reference_test.go) is compared
// with the real one, bit for bit, on fuzzed battles; and mutation_test.go
// builds copies of the package with one rule's result replaced, each of which
// must change seeded fights. They take the settings they read as plain
// numbers (the Settings fields of the same names), so that a step can call
// them once per agent; what stays the same for a whole step (the
// contagion's factor, the recovery's gain) is a rule of its own.
//
// # Performance
//
// Agents live in columns, one flat array per field (the *[Agent] handle is
// an index into them); a step makes one pass over them with one exp per
// step and no allocations; events at a location find their agents through a
// uniform grid, so their cost follows the agents within reach, not the size
// of the World. docs/performance.md has the measured numbers, each with the
// command that measures it.
package morale
