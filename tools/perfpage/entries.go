package main

// entries is the page: one section per entry, in this order, each one
// `go test -bench` run whose results it tabulates. To put a benchmark on
// the page, add an entry here (see CONTRIBUTING.md, "Adding a benchmark to
// the performance page") and run `make perfpage`.
//
// Row names in rows, peer and headline are the benchmark's full name
// without "Benchmark" and without the -GOMAXPROCS suffix, such as
// "StepDensity/battle/agents=1e6/squads=10/calm".
var entries = []entry{
	{
		id:    "frames",
		title: "A horde's frames",
		dir:   "morale", pkg: ".",
		bench:     `^BenchmarkHordeFrame$`,
		benchtime: "600x", count: 3, quick: "60x",
		caption: `A horde game's 60 Hz frame on one core, one op a frame, 600 frames (10 s of game time): 1e6 agents in squads of 100, spawned squad by squad, each squad a block of 10×10 men 1.5 m apart, the blocks side by side over a 1.5 km square (0.44 men per m²); the game keeps its own ` + "`[]*Agent`" + ` in spawn order. Every frame every man marches north at about 1.5 m/s with a jitter of up to ±1 cm (the game's work, untimed) and gets ` + "`Agent.SetPosition`" + ` in the game's order; one man dies (` + "`AllyDown`" + ` at his body, the default 30 m reach, then ` + "`World.Remove`" + `); every 30th frame a shell (` + "`Suppressed`" + ` at a random place); then ` + "`World.Advance(1/60)`" + `, which steps every 15th frame. The frame time is that morale work alone; the floor, timed inside each frame, writes the same new positions into a flat ` + "`[]Vec2`" + ` in the same order, as a game without morale would keep them. One untimed step first (a loading screen). The game is seeded, so frame k does the same work every time: each run plays the 600 frames 5 times, each from a freshly spawned identical horde (checked to end with the same morale to the bit), and a frame's cost is the least of its 5 replays' wall times, so that a stall of the machine (another process, the host stealing the virtual CPU), which hits one replay's frame k and not the others', is left out, while a frame whose own work is slow (the steps, every 15th frame) is slow in all five and stays. The percentiles, the worst frame, the frames over 16.7 ms and the step frames' median and worst are of those per-frame minima; the floor is the median of its per-frame minima. The raw worst frame is the slowest single frame of all replays, stalls included: on a shared machine it measures the machine more than the World. ` + "`batch/agents=1e6`" + ` is the same game telling the World the positions with one ` + "`World.SetPositions`" + ` a frame, as a game should: its slices stay in the World's order (spawned in its order, a dead man's place taken by the last, as ` + "`World.Remove`" + ` does), so the World reads its own arrays in order and no handle.`,
		columns: []column{
			{unit: "p50-ms", header: "median frame, ms"},
			{unit: "p99-ms", header: "99th percentile, ms"},
			{unit: "max-ms", header: "worst frame, ms"},
			{unit: "frames>16.7ms", header: "frames over 16.7 ms"},
			{unit: "floor-ms", header: "floor, ms"},
			{unit: "x-floor", header: "median ÷ floor", suffix: "×"},
			{unit: "x-p50", header: "worst ÷ median", suffix: "×"},
			{unit: "step-p50-ms", header: "median step frame, ms"},
			{unit: "step-max-ms", header: "worst step frame, ms"},
			{unit: "raw-max-ms", header: "raw worst frame (stalls included), ms"},
		},
		figures: []figure{
			{text: "no frame over 16.7 ms of morale work", rows: `^HordeFrame/`, unit: "max-ms", bound: 16.7, suffix: " ms"},
			{text: "the median frame ≤ 3× the floor", rows: `^HordeFrame/`, unit: "x-floor", bound: 3, headline: `^HordeFrame/`},
			{text: "the worst frame ≤ 2× the median", rows: `^HordeFrame/`, unit: "x-p50", bound: 2, headline: `^HordeFrame/`},
		},
		profile: &profile{
			bench: `^BenchmarkHordeFrame$`, benchtime: "600x", quick: "60x",
			views: []view{
				{title: "A frame's morale work: `Agent.SetPosition`, `World.ReportEventAtLocation`, `World.Remove`, `World.Advance`", nodes: 8,
					focus:   `morale\.\((\*Agent\)\.SetPosition|\*World\)\.(ReportEventAtLocation|Remove|Advance))$`,
					caption: "All 600 frames of the five replays. The moves (`SetPosition` and what it inlines: the handle's check, `live`, and the test that the man is still in his cell, `rect.holds`) are nearly all of every frame; the step (`stepRange` under `Advance`) runs in one frame in 15, so its share here is a fifteenth of what it adds to a step frame. When the worst frame misses 2× the median, this is why: when the table's worst frame and worst step frame agree, the worst frame is a step frame, a moves frame plus a step, and the table gives both halves: the median step frame ÷ the median frame is what a step adds (the step ÷ the moves, plus one), and the worst step frame ÷ the median step frame is what the slowest moves add. The slowest frames are every fourth step frame, once per 1.5 m of march (frames 29, 89, 149, …): the horde stands on a lattice and marches in step, so in that frame the men of the 50 lattice rows just below a row of cell lines, some 50,000, cross into the next cell together (`World.cross`, about 40 ns a man: the last agent of the cell's list takes the leaver's place there and is told so, the handle learns its new cell), which adds about 2 ms to that frame's moves. The step alone costs most of a moves frame, so those crossings on top of a step are enough to miss. Whether a step frame stays within 16.7 ms depends on the host's memory as much as on the World: both halves stream the columns of a million agents, and the floor, which streams only the positions, moves with them from host to host and hour to hour (the floor column: compare it with the frames)."},
				{title: "A step: `World.Advance`", nodes: 8,
					focus:   `morale\.\(\*World\)\.Advance$`,
					caption: "What a step adds to its frame. It is one pass over every agent (`stepRange`, with the rules inlined: `ContagionPull`, `RecoverMorale` with the step's `gain` from `RecoveryGain`, `atRest`, `holdsSteady`), reading each one's morale, squad, flags, state and time of bad news and adding his morale to his squad's sum in the World's order, which is the rounding contract of [the step](library.md); no sort falls in this workload. It streams those columns of a million agents once, while the moves frame streams the positions, and it costs about what a pass over them does: [One step](#one-step)'s rows put it beside the 48-byte floor, calm and in combat, on the page's host. A step much cheaper than the moves would need it to read less than every agent each step, or to be spread over the frames between steps, which changes the step's contract (and every golden hash); that is left open."},
			},
		},
	},
	{
		id:    "massspawn",
		title: "A mass spawn, from the first step",
		dir:   "morale", pkg: ".",
		bench:     `^BenchmarkMassSpawn(Reserved)?$`,
		benchtime: "1x", count: 3, quick: "1x",
		caption: `A game that spawns its army at once and fights at once: 1e6 agents spawned at uniformly random places at one per m² (a 1 km square), squads ` + "`i % 1000`" + ` (a squad's members interleaved in memory and in space), 200 ` + "`Suppressed`" + ` events at random places to put the World in combat; then, 30 times: one step (` + "`Advance(0.25)`" + `), every agent walked up to 1.5 m in a random direction and handed over with ` + "`Agent.SetPosition`" + ` in spawn order, one ` + "`Suppressed`" + ` event at a random place with the default reach (about 2,800 agents reached). One core. Each step is followed by a pass of the plain floor over as many agents, one read-modify-write pass over 48 bytes an agent with no squad lookup (` + "`f.a = f.a*0.99 + f.b; f.c += 0.25; f.d += 0.25; f.e = f.f`" + `); each ratio is against the median of those passes. The spawn is the time of the million ` + "`Spawn`" + ` calls ÷ one floor pass; cold is the median of steps 1–7, steady of steps 8–30, worst the slowest step; moves the median pass of ` + "`SetPosition`" + ` calls. MassSpawnReserved is the same game calling ` + "`World.Reserve(1e6)`" + ` before its spawns (timed with them), as a game that knows the size of its crowd should.`,
		columns: []column{
			{unit: "spawn-floors", header: "spawn, floor passes"},
			{unit: "cold-ns/agent", header: "cold step, ns per agent"},
			{unit: "steady-ns/agent", header: "steady step, ns per agent"},
			{unit: "floor-ns/agent", header: "plain floor, ns per agent"},
			{unit: "x-floor-cold", header: "cold ÷ floor", suffix: "×"},
			{unit: "x-floor-steady", header: "steady ÷ floor", suffix: "×"},
			{unit: "x-floor-worst", header: "worst step ÷ floor", suffix: "×"},
			{unit: "x-floor-moves", header: "moves ÷ floor", suffix: "×"},
			{unit: "event-us", header: "event, µs"},
		},
		figures: []figure{
			{text: "the cold steps ≤ 2× the plain floor", rows: `^MassSpawn$`, unit: "x-floor-cold", bound: 2},
			{text: "the steady steps ≤ 2× the plain floor", rows: `^MassSpawn$`, unit: "x-floor-steady", bound: 2},
			{text: "no step over 3× the plain floor", rows: `^MassSpawn$`, unit: "x-floor-worst", bound: 3},
			{text: "spawning the million ≤ 40 plain floor passes", rows: `^MassSpawn$`, unit: "spawn-floors", bound: 40},
			{text: "spawning the million after Reserve ≤ 40 plain floor passes", rows: `^MassSpawnReserved$`, unit: "spawn-floors", bound: 40},
		},
	},
	{
		id:    "event",
		title: "Events at a location",
		dir:   "morale", pkg: ".",
		bench:     `^BenchmarkEventAtLocation$`,
		benchtime: "0.3s", count: 3, quick: "0.05s",
		caption: `One ` + "`World.ReportEventAtLocation`" + ` per op: what a game calls once for a death or a shell, never per agent. N agents spawned at uniform random places in 10 squads (` + "`i % 10`" + `), morale drawn from 0.2..1, after the steps that sort them by grid cell (a window of 131,072 places a step); then an event worth −1e-6 (bad news, so it takes the whole news path, too small to drive anyone to 0) at one of 256 random places of the populated square in turn. No squad filter, no listeners, no ledger, no step between events: nobody is in combat but through these events (the agents' states do not enter). One core. **sparse** spreads the agents over a 100 km square (1e-6 to 1e-4 per m²), **battle** puts them one per m², **packed** four per m². ` + "`radius=600`" + ` is FullEffectRadius (6 m: every agent reached takes the full weight), ` + "`radius=default`" + ` the default reach, NoEffectRadius (30 m, also the grid's cell). The peer is the same event as a plain loop over a ` + "`[]Vec2`" + ` copy of the positions (squared distance first, then ` + "`Vec2.Dist`, `DistanceFalloff` and `ApplyMoraleEvent`" + `), what a game without the World's grid would write, timed interleaved with the World's events (one scan, at the place of the moment, whenever the World's events since the last scan have taken as long as it did), so that a load that comes and goes slows both alike. The World's time is the median event; ns per agent reached is the median over the events of each one's time ÷ the agents it reached; the ratio is the peer's median ÷ the World's.`,
		columns: []column{
			{unit: "hits/op", header: "agents reached"},
			{unit: "candidates/hit", header: "candidates per agent reached"},
			{unit: "median-ns/op", header: "World, µs per event", scale: 1e-3},
			{unit: "ns/hit", header: "World, ns per agent reached"},
			{unit: "linear-ns/op", header: "linear scan, µs", scale: 1e-3},
			{unit: "x-linear", header: "linear scan ÷ World", suffix: "×"},
		},
		figures: []figure{
			{text: "an event ≥ 10× the linear scan", rows: `^EventAtLocation/(battle|packed)/agents=1e6/`, unit: "x-linear", atLeast: true, bound: 10,
				headline: `^EventAtLocation/(battle|packed)/agents=1e6/radius=default$`},
			{text: "≤ 20 ns per agent reached at battle density, the default reach", rows: `^EventAtLocation/battle/agents=1e6/radius=default$`, unit: "ns/hit", bound: 20, suffix: " ns"},
		},
		profile: &profile{
			bench: `^BenchmarkEventAtLocation$/battle/agents=1e6/radius=default$`, benchtime: "3s", quick: "0.5s",
			views: []view{
				{title: "An event at battle density, the default reach: `World.ReportEventAtLocation`", nodes: 10,
					focus:   `morale\.\(\*World\)\.ReportEventAtLocation$`,
					caption: "Why an event costs more than 20 ns per agent reached. The time splits two ways: finding the candidates (`near`, and `within`, which reads each listed agent's position in the cells the reach touches and keeps those within it by their squared distance), and one pass over them for the distance, falloff and news of each (`news` with the event's reach: `rootOfSquares`, `DistanceFalloff`, then `ApplyMoraleEvent` with its guards against NaN and infinity, `isBadNews`, his morale, nerve, times and reason, and his squad's sum). About half of it is work, half waiting on memory: the same event over 1e4 agents, whose columns fit in the cache, costs less than half of what it costs over 1e6 per agent reached (the table's `battle/agents=1e4/radius=default` row against `battle/agents=1e6/radius=default`); at 1e6 the World sorts its agents by cell a window of 131,072 places at a time ([The World's order](#the-worlds-order)), so a cell's agents lie in up to eight runs of the arrays, and an event reads some fifty bytes of columns per candidate from memory. Reading those columns ahead of the pass (a pass touching each cache line first) did not shorten the wait in trials. Of the work, the largest part is the square root and the falloff's division, which share the CPU's divider: the design's falloff is linear in the distance, so every agent reached between FullEffectRadius and NoEffectRadius needs both. The rest is set by the grid: its cell is the default reach (30 m), so the cells a reach touches hold the table's few candidates per agent reached, each a position read and a squared distance, and every agent reached then takes the news, six columns read or written. Twenty ns would take fewer candidates (cells smaller than the reach, which changes the order the World keeps its agents in, so the rounding of the squads' sums and every golden hash) or a cheaper rule than the design's; that is left open."},
			},
		},
	},
	{
		id:    "step",
		title: "One step",
		dir:   "morale", pkg: ".",
		bench:     `^BenchmarkStepDensity$/(floor48|battle|packed)/agents=1e[46]`,
		benchtime: "20x", count: 3, quick: "3x",
		caption: `One ` + "`World.Advance(SquadUpdateInterval)`" + ` per op: one fixed step (contagion, recovery, rout timers, states) of every agent. A game calls ` + "`Advance(dt)`" + ` once a frame and the World steps every 0.25 s, so at 60 Hz this is the cost of one frame in 15. The agents are spawned as for events (uniform random places, morale 0.2..1, sorted by the first steps) in 10 or 1000 squads, one worker, one core; 40 untimed steps and a GC come first, so that the rows time a settled World. **calm**: no news (after the 40 steps every agent is Steady); **combat**: before each step, untimed, a tenth of the agents at random get ` + "`Suppressed`" + ` and another tenth ` + "`ReinforcementsArrived`" + ` ×0.5, so that about three in four are within their recovery delay at any step and states keep changing. Positions do not enter a step: the two densities show it. The floor is a plain read-modify-write pass over 48 bytes per agent (morale, nerve, two timestamps, a reason, squad, flags, state) with a squad sum, over as many agents in as many squads, allocated once per row before the World's loop; it is timed interleaved with the World: after each step, with the timer stopped (and before the next step's news), one floor pass, so that both share the machine's load of the moment. The World's column is the median step, the floor's the median pass, and the ratio the median step ÷ the median pass. ` + "`floor48/…`" + ` rows are that floor as a benchmark of its own, its passes back to back with no World between them (so more of its arrays stay in the cache), their median pass in the World's column.`,
		columns: []column{
			{unit: "median-ns/agent", header: "World, ns per agent"},
			{unit: "floor-ns/agent", header: "floor, ns per agent"},
			{unit: "x-floor", header: "World ÷ floor", suffix: "×"},
			{unit: "allocs/op", header: "allocations"},
		},
		figures: []figure{
			{text: "a step ≤ 2× the 48-byte floor", rows: `^StepDensity/(battle|packed)/agents=1e6/`, unit: "x-floor", bound: 2,
				headline: `^StepDensity/battle/agents=1e6/squads=1000/(calm|combat)$`},
		},
		profile: &profile{
			bench: `^BenchmarkStepDensity$/battle/agents=1e6/squads=1000/combat$`, benchtime: "200x", quick: "20x",
			views: []view{
				{title: "A combat step, battle density, 1000 squads: `World.Advance`", nodes: 10,
					focus:   `morale\.\(\*World\)\.Advance$`,
					caption: "Where a combat step's time goes, and why it costs more than a calm one. A calm step's agents are all at rest (`atRest`: full morale in a squad at full morale), so the pass only reads them and sums their morale; in combat nearly every agent has lost some morale, so the pass runs stages 1 and 2 for each of them: `ContagionPull`, then `RecoverMorale` (with its `clamp01`) by the gain the step's rules give the time since his bad news (`stepRules.gain`, which calls `RecoveryGain` only for news near the edge of the recovery delay), and writes his morale back. Those rules, a short chain of floating-point operations an agent, and the pass's own loop over the columns (`stepRange`'s own time) are most of the step; the squad sums fall in the loop: the agents lie in cell order and their squads at random, so nearly every agent starts a new run of his squad, whose running sum is stored and the next one's average and sum loaded (`pass.touch`). The slow path of stage 3 (`pass.agent`: `ResolveState`, the rout timers, a state change and its cause), taken only by the agents who do not hold Steady, the merge of the chunks' squad sums (`mergeSums`) and the sort of a window when one falls due (`sortCells`) are the rest. The floor does none of the rules: it reads and writes its 48 bytes and adds to one sum."},
			},
		},
	},
	{
		id:    "moves",
		title: "Moving every agent",
		dir:   "morale", pkg: ".",
		bench:     `^BenchmarkMoveAll$/(battle|packed|within|batch)/`,
		benchtime: "10x", count: 3, quick: "5x",
		caption: `Every agent's ` + "`Agent.SetPosition`" + ` once per op: what a game that moves its men calls for each of them every frame. N agents spawned one by one at uniform random places (battle: one per m², on a square of side √N m; packed: four per m²), in 10 squads, morale 0.2..1, sorted by cell by the first steps; one goroutine on one core, no step in between (so no sort). A third of them (every third of the order they are moved in, at random places) move 30.01 m into another cell of the 30 m grid, the others 2.5 cm (a walk at 60 frames a second) within their cell, and back on the next op: a stress case, as a man marching at 1.5 m/s crosses into another cell about once in 1,200 frames (that workload is [A horde's frames](#a-hordes-frames)). **order=world** moves them in the World's order (a game that walks ` + "`World.Agents()`" + `), **order=spawn** in spawn order (the game's own slice), which after the sort is a random order of the World's arrays. ` + "`within/…`" + ` rows move every agent by the small step only (no crossing); ` + "`batch/…`" + ` rows move them as their rows without ` + "`batch/`" + ` with one ` + "`World.SetPositions`" + ` per op, what a game should call (in the World's order it reads no handle). The floors are timed interleaved with the World: after each op, with the timer stopped, one pass of the 48-byte floor of a step (floor48) and one copy of the same new positions into a ` + "`[]Vec2`" + ` (copy); the ratios are the median op ÷ the median floor pass. The first ops allocate (cells and cell lists grow once); steady state allocates nothing (` + "`TestMovesAllocateNothingOnceGrown`" + `). ` + "`scripts/benchprev.sh REF`" + ` runs these rows against the binary of an earlier commit.`,
		columns: []column{
			{unit: "median-ns/agent", header: "World, ns per agent"},
			{unit: "floor48-ns/agent", header: "floor48, ns per agent"},
			{unit: "x-floor48", header: "World ÷ floor48", suffix: "×"},
			{unit: "x-copy", header: "World ÷ copy", suffix: "×"},
		},
		figures: []figure{
			{text: "moves ≤ 3× the 48-byte floor", rows: `^MoveAll/(batch/)?(battle|packed)/agents=1e6/order=world$`, unit: "x-floor48", bound: 3,
				headline: `^MoveAll/(batch/)?battle/agents=1e6/order=world$`},
		},
		profile: &profile{
			bench: `^BenchmarkMoveAll$/battle/agents=1e6/order=world$`, benchtime: "300x", quick: "40x",
			views: []view{
				{title: "Moving every agent, battle density, the World's order: `Agent.SetPosition`", nodes: 10,
					focus:   `morale\.\(\*Agent\)\.SetPosition$`,
					caption: "Where the moves' time goes. For the two men in three who stay in their cell, `SetPosition` checks the handle (`live`), tests the new position against the cell's rectangle (`rect.holds`) and writes it: a few loads and one store, all of them waiting on memory, as the floor's pass over 48 bytes an agent does. The third who cross into another cell (this row's stress case) leave one cell's list and join another's (`moveOut` and `cross`: `grid.remove`, `grid.insert`, the cells around the new one, `neighbourBox`, and the sort's count of breaks, `breaksWith`), which reads and writes memory far from the man's own. The ratio to the floor moves with the host's memory traffic from run to run (see the range above): the same binary measured on either side of 3× within minutes, as `scripts/benchprev.sh` shows when it runs this row of two commits in turn."},
			},
		},
	},
	{
		id:    "workers",
		title: "Several cores",
		dir:   "morale", pkg: ".",
		bench:     `^BenchmarkStepWorkers$`,
		benchtime: "60x", count: 3, quick: "4x",
		caption: `One combat step (as in [One step](#one-step): a tenth of the agents bad news, another tenth good news before each step) of 1e6 agents at battle density in 10 or 1000 squads, on 1 or 2 workers (` + "`World.SetWorkers`" + `), on this machine's cores. Each op also steps the same World on one worker (before the timed step on odd ops, after it on even ones), and ` + "`x-one-worker`" + ` is the median one-worker step ÷ the median step of the row: the speed-up, about 1 on the workers=1 rows. The machine's own ceiling, timed with each one-worker step: the 48-byte floor pass over the same agents in the World's 4096-agent chunks on 1 and on 2 goroutines (` + "`x-floor-two`" + `). Two workers allocate a few objects per step (the goroutines); one none.`,
		columns: []column{
			{unit: "median-ns/agent", header: "this row, ns per agent"},
			{unit: "one-worker-ns/agent", header: "one worker, ns per agent"},
			{unit: "x-one-worker", header: "speed-up", suffix: "×"},
			{unit: "x-floor-two", header: "the floor's speed-up on 2", suffix: "×"},
			{unit: "allocs/op", header: "allocations"},
		},
		figures: []figure{
			{text: "2 workers ≥ 1.7× one", rows: `^StepWorkers/.*/workers=2$`, unit: "x-one-worker", atLeast: true, bound: 1.7,
				headline: `^StepWorkers/.*/squads=1000/workers=2$`},
		},
	},
	{
		id:    "ark",
		title: "Against the ark ECS",
		dir:   "bench", pkg: ".",
		bench:     `^BenchmarkArk$/(query|columns)/agents=1e[46]/`,
		benchtime: "40x", count: 3, quick: "5x",
		caption: `The World's calm step against the same per-agent update written as an [ark](https://github.com/mlange-42/ark) v0.8.3 system over the components {Morale, Nerve, Squad, Timers} with morale's exported rules (` + "`bench/`" + `, a module of its own; ` + "`TestSameUpdate`" + ` proves both give the same bits after every step of a fight). Agents with morale 0.2..1 in 10 or 1000 squads (` + "`i % squads`" + `), 1 cm apart along a line (already in cell order), one core; both sides hold the population at once, each first runs 40 untimed steps from spawn, then a GC, after which every agent is Steady at full morale. **query** takes each entity with ` + "`Query.Get`" + ` (the way ark's README writes a system), **columns** each table with ` + "`GetColumns`" + ` (ark's fastest). Then the two step in turn, one step of each per op, each step timed alone; the times are each side's median step, and the ratio is ark's median ÷ the World's, so that a stall of the host (this shared machine's steals tens of milliseconds at random) lands on one step of one side instead of on a whole side's run.`,
		columns: []column{
			{unit: "ns/agent", header: "ark, ns per agent"},
			{unit: "morale-ns/agent", header: "World, ns per agent"},
			{unit: "x-morale", header: "ark ÷ World", suffix: "×"},
		},
		figures: []figure{
			{text: "≥ 2× faster than ark", rows: `^Ark/.*/agents=1e6/`, unit: "x-morale", atLeast: true, bound: 2,
				headline: `^Ark/columns/agents=1e6/squads=10$`},
		},
	},
	{
		id:    "sort",
		title: "The World's order",
		dir:   "morale", pkg: ".",
		bench:     `^BenchmarkSortWindow$`,
		benchtime: "20x", count: 3, quick: "3x",
		caption: `The World keeps its agents sorted by grid cell, a window of 131,072 places at a time, so that the agents an event reaches sit together in memory: at the start of a step it sorts the next window whose breaks (places whose agent is in another cell than the one before) grew by a quarter of its agents since its last sort, at most one window a step, so a game pays this in one of its steps when its men have mixed (a horde spawned squad by squad and marching together never does). One window's sort per op, in a World of 1e6 agents spawned at random places in 10 squads, cells of 30 m, one core, after a third of the window's agents moved (untimed) 30.01 m into a neighbouring cell, to and fro. The floor copies every per-agent column's window once into a spare array.`,
		columns: []column{
			{unit: "ms/window", header: "ms per window"},
			{unit: "ns/agent", header: "ns per agent of the window"},
			{unit: "x-copy", header: "sort ÷ copy floor", suffix: "×"},
			{unit: "allocs/op", header: "allocations"},
		},
		figures: []figure{
			{text: "a window's sort fits in a 60 Hz frame (≤ 16.7 ms)", rows: `^SortWindow/agents=1e6/(battle|packed)$`, unit: "ms/window", bound: 16.7, suffix: " ms"},
		},
	},
	{
		id:    "ledger",
		title: "The cause ledger",
		dir:   "morale", pkg: ".",
		bench:     `^BenchmarkLedger(Step|Hit)$`,
		benchtime: "1s", count: 3, quick: "0.1s",
		caption: `What ` + "`World.EnableLedger`" + ` costs (64 entries per agent, a 30 s window), with the rings full: ` + "`LedgerStep`" + ` is one step of 10,000 agents in 100 squads spread over 100 km, **calm** or in **combat** (bad news to a tenth of the agents and good news to another tenth between steps, untimed); ` + "`LedgerHit`" + ` is one ` + "`ReportEventAtLocation`" + ` of Suppressed (the default 30 m reach) among 10,000 agents in 10 squads on a 300 m square, about 300 of them reached. One core. The ratio is each ledger=on row against its ledger=off row in the same run; with the ledger off the World has no ledger code in its loops.`,
		columns: []column{
			{unit: "ns/agent-step", header: "ns per agent-step"},
			{unit: "ns/hit", header: "ns per agent reached"},
			{unit: "x-off", header: "on ÷ off", suffix: "×"},
		},
		derived: []derived{
			{unit: "x-off", of: "ns/agent-step", rows: `^(LedgerStep/\w+)/ledger=on$`, peer: "${1}/ledger=off"},
			{unit: "x-off", of: "ns/hit", rows: `^LedgerHit/ledger=on$`, peer: "LedgerHit/ledger=off"},
		},
	},
	{
		id:    "clone",
		title: "Snapshots",
		dir:   "morale", pkg: ".",
		bench:     `^BenchmarkClone$`,
		benchtime: "20x", count: 3, quick: "3x",
		caption: `One ` + "`World.Clone`" + ` per op, the deep copy a game keeps to rewind or to try something out: 10,000 agents in 100 squads on a 100 m square (1 per m²), after 40 events at a location and 10 s of steps; without the ledger, and with it on (32 entries an agent, a 30 s window). One core. The bytes are what one copy allocates.`,
		columns: []column{
			{unit: "ns/op", header: "ms per copy", scale: 1e-6},
			{unit: "B/op", header: "MB per copy", scale: 1e-6},
			{unit: "allocs/op", header: "allocations"},
		},
	},
	{
		id:    "checksum",
		title: "Checksums for lockstep",
		dir:   "morale", pkg: ".",
		bench:     `^BenchmarkChecksum$`,
		benchtime: "50x", count: 3, quick: "5x",
		caption: `One ` + "`World.Checksum`" + ` per op, as a lockstep game calls it after every step: 10,000 and 1,000,000 agents at battle density (one per m²), 1000 squads, after 40 steps in combat (a tenth of the agents given bad news and another tenth good news each step), one core. Each checksum is timed interleaved with a pass of the plain floor over as many agents, one read-modify-write pass over 48 bytes an agent with no squad lookup (` + "`f.a = f.a*0.99 + f.b; f.c += 0.25; f.d += 0.25; f.e = f.f`" + `); the ratio is the median checksum ÷ the median floor pass.`,
		columns: []column{
			{unit: "median-ns/agent", header: "Checksum, ns per agent"},
			{unit: "plain-ns/agent", header: "plain floor, ns per agent"},
			{unit: "x-plain", header: "Checksum ÷ floor", suffix: "×"},
			{unit: "allocs/op", header: "allocations"},
		},
		figures: []figure{
			{text: "a checksum ≤ 2× the plain floor pass", rows: `^Checksum/`, unit: "x-plain", bound: 2},
		},
	},
	{
		id:    "naive",
		title: "Against scanning the squad",
		dir:   "morale", pkg: ".",
		bench:     `^BenchmarkNaiveSquadScan$`,
		benchtime: "0.3s", count: 3, quick: "0.05s",
		caption: `The naive contagion a game might write first, each agent scanning his own squad for its average before ` + "`ContagionPull`" + ` (quadratic in squad size), against the World's step of the same 10,000 agents (` + "`world/…`" + ` rows), squads of 10, 100 and 1000, one core.`,
		columns: []column{
			{unit: "ns/agent-step", header: "ns per agent"},
			{unit: "x-world", header: "naive ÷ World", suffix: "×"},
		},
		derived: []derived{
			{unit: "x-world", of: "ns/agent-step", rows: `^NaiveSquadScan/(squadsize=\d+)$`, peer: "NaiveSquadScan/world/${1}"},
		},
	},
	{
		id:    "ticks",
		title: "The demo's battle",
		dir:   ".", pkg: "./game",
		bench:     `^Benchmark(Update500|ArmiesTick|ArmiesSecond)$`,
		benchtime: "1s", count: 3, quick: "0.1s",
		caption: `The demo's game logic without a window (` + "`game/`" + `), one core. ` + "`Update500`" + ` is one ` + "`Game.Tick`" + ` (1/60 s) of a 500-soldier squad against 200 enemies in its fight; ` + "`ArmiesTick`" + ` one tick of the armies scene (two armies of 50 squads of 100, 10,000 agents in one World, seed 1) from 15 s on, in the thick of its fight; ` + "`ArmiesSecond`" + ` one second (60 ticks) of that battle from 16 s, with the cause ledger off (the scene's choice) and on: what a rewind re-simulates per second. The frame share is the tick's time against a 60 Hz frame (16.7 ms).`,
		columns: []column{
			{unit: "ns/op", header: "ms per op", scale: 1e-6},
			{unit: "x-frame", header: "share of a 60 Hz frame", scale: 100, suffix: "%"},
			{unit: "x-off", header: "ledger on ÷ off", suffix: "×"},
			{unit: "allocs/op", header: "allocations"},
		},
		derived: []derived{
			{unit: "x-frame", of: "ns/op", rows: `^(Update500|ArmiesTick)$`, constant: 1e9 / 60},
			{unit: "x-off", of: "ns/op", rows: `^ArmiesSecond/ledger=true$`, peer: "ArmiesSecond/ledger=false"},
		},
		figures: []figure{
			{text: "a tick of the armies scene (10,000 agents), as a share of a 60 Hz frame", rows: `^ArmiesTick$`, unit: "x-frame", headline: `^ArmiesTick$`},
		},
	},
	{
		id:    "rewind",
		title: "Rewinding the demo",
		dir:   ".", pkg: "./game",
		bench:     `^BenchmarkRewind$`,
		benchtime: "240x", count: 1, quick: "20x",
		caption: `A jump of the demo's timeline cursor (` + "`Game.RewindTo`" + `) in a ten-minute session: the opening (reinforcements every 30 s and a shell every 10 s, up to 65 soldiers) or the armies (10,000 agents, a shell every 10 s). A jump restores the last snapshot before the cursor and re-simulates the recording from there. ` + "`to-start`, `to-middle`, `start-to-end`, `end-to-9min`, `to-before-snapshot`" + ` are fixed jumps; ` + "`random`" + ` jumps to random moments and ` + "`before-each-snapshot`" + ` to the sub-tick before each snapshot in turn (the most re-simulation a jump needs), with the slowest jump in wall time and in the process's CPU time. The floor, for the opening, is ` + "`PlayReplay`" + ` of the whole session: what every jump back would cost without snapshots. One core.`,
		columns: []column{
			{unit: "ns/op", header: "ms per jump (mean)", scale: 1e-6},
			{unit: "worst-ms", header: "worst jump, ms"},
			{unit: "worst-cpu-ms", header: "worst jump, ms of CPU"},
			{unit: "x-replay", header: "replaying ÷ jump", suffix: "×"},
			{unit: "snapshots", header: "snapshots"},
			{unit: "snap-MB", header: "snapshots, MB"},
		},
		derived: []derived{
			{unit: "x-replay", of: "ns/op", rows: `^Rewind/opening/(to-|start-|end-).*$`, peer: "Rewind/opening/floor-PlayReplay", invert: true},
		},
		figures: []figure{
			{text: "the worst jump in the armies' session", rows: `^Rewind/armies/before-each-snapshot$`, unit: "worst-ms", suffix: " ms"},
		},
	},
	{
		id:    "lab",
		title: "The balance lab",
		dir:   ".", pkg: "./lab",
		bench:     `^Benchmark(Scenario|WorldFloor|Opening1000|Lint)$`,
		benchtime: "1s", count: 3, quick: "0.1s",
		caption: `What ` + "`moralesim`" + ` spends. ` + "`Scenario/…`" + ` is one seeded fight of each shipped scenario (opening: 5 men for 60 s; line: 24 men for 120 s; platoon: 32 men for 60 s; army: 10,000 men for 60 s under a shell every half second), with the lab's timeline, listeners and samples, on one core; ` + "`WorldFloor/…`" + ` is the floor, a bare World stepping as many men for 60 s with no events; the ratio is the scenario against the floor of the same size in the same run. ` + "`Opening1000`" + ` is 1,000 opening fights on every core (` + "`moralesim run scenarios/opening.toml -runs 1000`" + ` without the writing); ` + "`Lint`" + ` one ` + "`lab.Lint`" + ` of the default settings, which the tuner runs whenever a setting changes.`,
		columns: []column{
			{unit: "ns/op", header: "ms per op", scale: 1e-6},
			{unit: "ns/agent-s", header: "ns per agent-second"},
			{unit: "x-floor", header: "lab ÷ bare World", suffix: "×"},
		},
		derived: []derived{
			{unit: "x-floor", of: "ns/op", rows: `^Scenario/opening$`, peer: "WorldFloor/5men-60s"},
			{unit: "x-floor", of: "ns/op", rows: `^Scenario/army$`, peer: "WorldFloor/10000men-60s"},
		},
		figures: []figure{
			{text: "1,000 opening fights in under 5 s", rows: `^Opening1000$`, unit: "ns/op", bound: 5e9, scale: 1e-9, suffix: " s",
				headline: `^Opening1000$`},
			{text: "one lint of the settings", rows: `^Lint$`, unit: "ns/op", scale: 1e-6, suffix: " ms"},
		},
	},
	{
		id:    "odds",
		title: "The tuner's odds",
		dir:   ".", pkg: "./lab",
		bench:     `^BenchmarkOddsLatency$`,
		benchtime: "20x", count: 3, quick: "3x",
		caption: `How soon the tuner's odds panel answers after a settings change: the time from ` + "`lab.OddsTracker.Set`" + ` (what the panel calls when a slider moves, with the settings before the edit as the baseline) to its first report of at least 200 fights, and to all 1,000, of the demo's opening as a lab scenario (` + "`scenarios/opening.toml`" + `: 5 men in one squad, 60 s each, two losses, a shell, a wound and steady suppression, with the live settings), counted on one goroutine beside the caller's, as the native demo counts them beside its game loop (on this 2-core machine the game keeps the other core). The tracker is the one the demo runs (` + "`cmd/demo`" + ` fills the panel with it): each change sets settings never counted before, measured from the previous ones, counted to the end and kept as its baseline (paired intervals over 1,000 fights), as an edit after a finished count is. The floor, timed after each op in the same benchmark, is the same 1,000 fights counted by a bare ` + "`lab.OddsJob`" + ` on the benchmark's goroutine, without reports.`,
		columns: []column{
			{unit: "ms-to-200", header: "first 200 fights, ms"},
			{unit: "ms-to-1000", header: "all 1,000 fights, ms"},
			{unit: "floor-ms-1000", header: "floor: 1,000 fights, ms"},
			{unit: "x-floor", header: "all ÷ floor", suffix: "×"},
		},
		figures: []figure{
			{text: "a first answer of 200 fights within 250 ms of a change", rows: `^OddsLatency$`, unit: "ms-to-200", bound: 250, suffix: " ms",
				headline: `^OddsLatency$`},
			{text: "all 1,000 fights within 1 s", rows: `^OddsLatency$`, unit: "ms-to-1000", bound: 1000, suffix: " ms"},
		},
	},
}
