// Package game is the battle around a morale World: the MoraleBreak demo's
// simulation, with no drawing and no input handling, so that all of it runs
// and is tested without a window.
//
// # The battle and the session
//
// The package has two jobs, and a type for each:
//
//   - Battle is one fight: the morale World, the battle clock (Time), the
//     random sources, and the scene it plays (Scene: *Opening, *Armies or
//     *Scenario, one type per scene, each with its own views). It changes only
//     through Tick, which advances it by 1/TPS s, and Apply, which carries
//     out a Command; everything else reads. It has no pause and keeps no
//     record: the lab (lab/cli) runs one alone, as fast as it can.
//   - Session is a battle as a player plays it: it holds the Battle and
//     adds the clock (Pause, Step, SetSpeed), the recording of every
//     command (Recording, Digest, the replay format), the playback of a
//     replay (NewReplay), the rewind with its snapshots and what-if
//     branches (Rewind, Ghost, WhatIf) and the inspector's cache (Why). The
//     demo's ui holds one, applies every input to it (Session.Apply, which
//     records) and draws it through View, its read-only face.
//
// Console runs the in-game console over a session. The boundary is one way:
// a Battle knows nothing of sessions (a Session gives it its report
// listeners and a hook for its state changes, setBattle), and a snapshot
// of the rewind is a copy of the Battle (Battle.clone) with the session's
// counters beside it. A new scene is a type implementing Scene beside
// Opening, Armies and Scenario; a new session feature (a second future, a tuner's
// pending edits) belongs to the Session or its Rewind, never to the Battle.
//
// # A scenario of the balance lab
//
// Config.Scene SceneScenario plays a lab scenario (squads in formations, a
// timeline of news, deaths, rallies, routs and reinforcements), which the
// lab translates into a ScenarioConfig. Its fight is a ScenarioFight, the
// one implementation of a scenario's rules: the lab's run measures the same
// fight, bit for bit, for the same settings and seed (the lab's tests
// compare their digests), and a replay of it carries the scenario.
//
// # The opening
//
// A battlefield 6000 × 3600 cm seen from above, (0, 0) at the top-left. Five
// soldiers of one squad (Config.Soldiers; squad PlayerSquad) start on the
// left: Alvarez, the leader (morale.AsLeader), a step behind Chen, Brandt,
// Eriksen and Dubois. An enemy line of riflemen holds the right edge and
// shoots at them; pieces of cover lie in between; a rally flag stands at the
// far left (Opening.RallyPoint).
//
// Soldiers act on their state as the README's "Using morale/ in your own
// game" prescribes: Steady men advance
// until the enemy front is 27 m away and fire; Shaken men run for the nearest
// cover and engage from there, from longer range, with worse aim; Panicked
// men stop where they are and fire wildly; Routed men run for the rally flag;
// a man whose rout ends goes back into the fight. Every state change gives a
// bark (see Barks): the right line for Shaken, Panicked, Routed, back in the
// fight, and Steady again.
//
// # What the battle reports
//
// The game reports to the World what the README ("Using morale/ in your own
// game") says a game reports:
//   - a death: ReportEventAtLocation(AllyDown, or LeaderDown for the leader,
//     at his location, radius 0, his squad, scale 1), then World.Remove;
//   - a hit: TookDamage to the victim, scaled by damage/DamageUnit;
//   - every impact, hit or not: Suppressed to the soldiers within
//     SuppressRadius of it, each on his own SuppressInterval timer, never per
//     hit (behind cover only impacts within 40% of the radius count);
//   - LowHealth once when a soldier's health falls below LowHealthBelow;
//   - Outnumbered with OutnumberedFactor(living soldiers, living enemies) as
//     the scale, every OutnumberedInterval to each soldier within the enemy's
//     reach;
//   - LeaderNearby every LeaderNearbyInterval to each soldier within
//     LeaderNearbyRadius of a living leader;
//   - EnemyDown to every living soldier when an enemy rifleman falls;
//   - ReinforcementsArrived at the reinforcements' location (Reinforce);
//   - Suppressed × ShellScale at a shell's impact (Shell).
//
// OnReport lets tests and tools watch every one of these reports.
//
// # Time
//
// The battle never reads a clock. Session.Tick advances it by 1/TPS s ×
// Speed() of simulated time, in whole sub-ticks of 1/SubTicksPerSecond s: 1
// sub-tick per Tick at ×0.25, 4 at ×1, 16 at ×4 (Battle.Tick runs 4, ×1). Every speed therefore walks exactly the
// same sequence of states, and the same seed with the same commands at the
// same sub-ticks gives the same battle, bit for bit. Each sub-tick feeds the
// morale World 1/240 s (World.Advance), a whole number of the World's clock
// ticks, so its clock equals the battle's; the World runs its own fixed step
// of SquadUpdateInterval. Battle
// decisions (who is shot at, hits, damage, misses) draw from a PCG source
// seeded with Config.Seed; looks (barks, tracer scatter) from a second one,
// so that cosmetics never change the battle.
//
// # The script
//
// With Config.Opening (and at least five soldiers) the battle plays the
// opening of the README's "The demo": five men, five nerves, two losses and
// a rally. Nerves are
// pinned for a clearly staggered spread: Alvarez 0.65, Brandt 0.50, Chen
// 0.40, Dubois 0.27, Eriksen 0.12. Until the rally, enemy fire suppresses but
// does not wound: only the script draws blood. The beats, in simulated
// seconds (OpeningBeats), and what the morale rules make of them with the
// default settings and seed 1:
//
//	 0.0  the squad advances; the enemy opens fire at about 1 s (near misses).
//	 2.5  Brandt is shot dead: AllyDown at his location.
//	 5.0  Alvarez, the leader, is shot dead: LeaderDown. Eriksen and Dubois
//	      fall below 0.60 and turn Shaken; they make for cover.
//	 6.0  a mortar round lands among the survivors (Suppressed × 2 at their
//	      centre): Chen is Shaken too; the whole squad shakes.
//	 7.0  Eriksen, the man with the least nerve, is hit for 65% of his
//	      health (TookDamage × 2.6, and Suppressed around the hit): he
//	      panics at once (morale about 0.1) and stops where he is, firing
//	      wildly.
//	10.5  after 3.5 s of unbroken panic Eriksen routs and runs for the flag
//	      (the first and only man to break), while Chen and Dubois hold
//	      their cover, Shaken, and watch him go.
//	11.0  the steadiest man still fighting drops an enemy rifleman:
//	      EnemyDown to the squad.
//	14.0  rally (RallySquad): Chen, Dubois and Eriksen are Steady at once,
//	      morale at least 0.75; Eriksen turns back into the fight.
//
// After the rally the opening is over (Opening.Over) and the scene stays
// interactive: the enemy's hits now wound and kill, and the leaderless squad
// slowly wears down unless rallied or reinforced. With any seed the scripted
// beats play at the same times; across seeds 1..300 all but two also show
// the emergent beats above exactly.
//
// # Commands and console
//
// Apply carries out the commands (Kill, Shell, Rally, RallySquad, ForceRout,
// Reinforce, SetSettings, Restart, SetDebug, SelectSquad, and the
// session's Pause, Step and SetSpeed) between ticks; an invalid one
// returns an error and changes nothing. Console.Exec runs the in-game
// console: MoraleBreak.Debug [0|1], MoraleBreak.Dump, MoraleBreak.Rally
// [SquadId], MoraleBreak.Why [name] and help; what the console changes, it
// changes through the session's Apply like every other input.
//
// # Record, replay, rewind
//
// Every command Session.Apply carries out is recorded with the session
// sub-tick it was applied at (SessionTicks; Restart does not reset it),
// except Pause, Step and SetSpeed, which only decide how many sub-ticks run
// between two commands. Recording returns the session with its Digest (a
// SHA-256 of every soldier's bits); Recording.Write and ReadReplay are the
// one text format (see replay.go); NewReplay plays a file back tick for
// tick at any speed and PlayReplay as fast as it can. Rewind.To restores
// the latest snapshot (taken every few seconds) and re-simulates the
// recording from it to any past moment (the same Digest as having played
// there); Rewind.Resume continues from it with the current settings and
// starts a what-if: the original future runs on beside the live battle as
// a second battle (whatif.go; Session.Other, Rewind.Show and Rewind.View
// show either), Ghost holds its state changes, Rewind.WhatIf says how the
// new future differs and Rewind.Revert ends it with the weights of the
// branch. SaveReplay writes a recording to a file (a download in the
// browser) and LoadReplay reads one and plays it through. Tape keeps the
// History's samples and changes of the whole battle (an hour at most), for
// a timeline that scrubs back past HistoryWindow.
//
// # Views
//
// View is the read-only face of a session the renderer and the panels get:
// its methods change nothing, and the scene's (Opening.AppendSoldiers,
// Opening.AppendEnemies, Armies.AppendMen, Armies.AppendSquads) and
// AppendShots copy into the caller's slices. Soldiers, Enemies, Shots,
// Blasts and Log return new slices; Cover and History are the battle's own,
// to read. Viewport maps field centimetres to screen pixels and back. Tick
// does not allocate in steady state: the benchmark with 500 soldiers
// (BenchmarkUpdate500) measures one Session.Tick.
package game
