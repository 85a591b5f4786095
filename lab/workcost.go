package lab

import (
	"cmp"
	"math"
	"slices"

	"github.com/moralebreak/moralebreak/morale"
)

// The work model: what one fight costs, estimated from the scenario alone
// (FightWork), in units of work. A unit is about nsPerUnit of one core,
// about what a man in combat stepped through one simulated second at the
// default step of 0.25 s costs, with his samples; the rest of a fight is
// weighed in units by what it costs:
//
//   - steps: every man present stepped at every step, at one of two
//     weights. A squad at rest (every man Steady at full morale) costs
//     little a man (restStepWork); a squad stirred by news, whose men are
//     pulled, recover and have their state resolved, several times as much
//     (stirredStepWork). A squad is stirred from an occurrence that reaches
//     any of its men (news, a death near them, a rout, a reinforcement, a
//     starting morale below 1) for stirSeconds: the recovery delay and a
//     recovery from no morale to full. The estimate averages over the
//     fight the chance that some occurrence of the last stirSeconds reached
//     the squad, and cannot tell good news (which leaves a man at full
//     morale where he is) from bad. Each step costs the World some work of
//     its own besides (worldStepWork): a step's cost is the same whatever
//     its length, so a shorter step costs more a second;
//   - samples: a morale sample looks over every man present (sampleWork
//     each), however long the step;
//   - news: every man an occurrence's news reaches. News at a location
//     reaches the men within its radius (capped by the settings' reach) in
//     one batch (reachWork each); a squad's news, or a man's, is told to
//     each man by a call of his own, as a forced rout is (tellWork each);
//     a death kills at most its count of the men within its radius and
//     each victim leaves the World and tells the men within reach of him
//     (reachWork each);
//   - rallies: every man a rally visits (rallyWork);
//   - changes of state the timeline forces (changeWork each, the listeners'
//     and the metrics' share): a rout of men not routed, and a rally of men
//     a rout of theirs left routed, traced through the timeline's routs and
//     rallies in order (forcedChanges). A rally of men who are not routed
//     changes nobody the estimate can know of; routs that end by themselves
//     and changes made by morale are left to the steps' weights;
//   - scans: every man looked over to find a death's victims or a squad's
//     living (scanWork each);
//   - the fight itself (the World, the metrics: fightWork) and each man
//     spawned (spawnWork).
//
// Who a located event reaches depends on where it lands: the estimate
// takes the men where their formations put them (a sample of at most
// maxWorkSample of them, each standing for those beside him) and, for
// each, the chance that an occurrence scattered over its spread square
// lands within reach of him. News landing on a dense crowd counts every man
// it reaches, news landing mostly on empty ground few. A death at a
// location kills at most its count of the men within its radius and each
// victim tells his neighbours: the estimate averages both over a grid of
// landing points.
//
// The weights were fitted to BenchmarkFightWork (lab/workcost_test.go),
// the CPU time of one fight of each scenario on one core:
//
//	go test ./lab -run '^$' -bench '^BenchmarkFightWork$' -cpu 1 -count 3
//
// by least squares of the estimate's relative error over every shipped and
// calibration scenario (each row's median), on one run, then rounded, and
// checked on a second run, which testdata/workcost/measured.txt keeps with
// its machine and load: there the estimate lay within 0.79 (deaths) to
// 1.30 times (scattered) the measured time of each scenario, 0.88 to 1.26
// of the shipped ones. Each weight is what its part costs over nsPerUnit,
// the calibration scenarios of testdata/workcost each weighing some: calm
// and shortstep (men at rest, at steps of 0.25 s and 0.001 s), shaken and
// shortnews (stirred men), dense and scattered (news at a location),
// squadnews (a squad's news), rally and routrally (rallies that change
// nobody, and routs and rallies that change everyone), deaths and search
// (deaths), spawn and tiny (the spawn, the fight's own cost).
// TestFightWorkMatchesMeasured holds the model to the measured time of
// every shipped and calibration scenario (within measuredFactor,
// lab/work_test.go), and TestFightWorkCountsTheWork the estimate to the
// work a fight does, counted in the model's measures and weighed alike.
// The wall clock, which the machine's other work slows, may read several
// times more than the CPU time.
const (
	// nsPerUnit is what a unit of work costs one core, in ns (see above).
	nsPerUnit = 25.0
	// restStepWork is the units of one man of a squad at rest stepped
	// once.
	restStepWork = 0.05
	// stirredStepWork is the units of one man of a stirred squad stepped
	// once.
	stirredStepWork = 0.25
	// worldStepWork is the units of one step of the World, whoever is in
	// it (its squads' averages, its queue of changes, the sort).
	worldStepWork = 7.0
	// sampleWork is the units of one man looked over by one morale sample.
	sampleWork = 0.11
	// reachWork is the units of one man reached by news at a location.
	reachWork = 0.35
	// tellWork is the units of one man told news, or routed, by a call of
	// his own.
	tellWork = 1.6
	// rallyWork is the units of one man a rally visits.
	rallyWork = 0.1
	// changeWork is the units of one change of state the timeline forces.
	changeWork = 1.6
	// scanWork is the units of one man looked over by a death or by a
	// squad's news.
	scanWork = 0.14
	// spawnWork is the units of one man spawned (the World's columns and
	// grid, the fight's maps, the metrics' record of him).
	spawnWork = 14.0
	// fightWork is the units of a fight's own cost: its World, its
	// metrics.
	fightWork = 400.0
	// maxWorkSample is the most men whose positions the estimate looks
	// at; each of them stands for the men beside him.
	maxWorkSample = 1024
	// maxWorkLooks bounds the estimate's own cost (a few ms): the sampled
	// men × the looks at each (one for each event at a location, one for
	// each landing point of each death).
	maxWorkLooks = 4 << 20
	// landingSide is the side of the grid of landing points over which the
	// estimate averages a death at a location (landingSide² points).
	landingSide = 8
	// stirBins is the most moments of the fight at which the estimate
	// takes each squad's chance of being stirred; maxStirLooks bounds the
	// moments × the squads' stirring events (each a look).
	stirBins     = 128
	maxStirLooks = 1 << 22
)

// FightWork estimates the work of one fight of sc, in units of about
// nsPerUnit of one core (see the work model above): a unit is one man
// stepped through one simulated second; news reaching a man, a man looked
// over, spawned, and the fight itself are weighed in the same units. It is
// what -max-work bounds, and what the progress bar counts within a long
// fight. It reads the scenario alone: it runs nothing.
func FightWork(sc *Scenario) float64 {
	return newWorkEstimator(sc).work(sc.Settings)
}

// FightWorkWith is FightWork for a fight of sc played with settings s
// instead of sc's own: the estimate reads the settings WorkSettings names.
func FightWorkWith(sc *Scenario, s morale.Settings) float64 {
	return newWorkEstimator(sc).work(s)
}

// WorkSettings names the settings FightWorkWith reads, the only ones of
// which a fight's estimate depends (weights never move it): a command whose
// fights run under settings other than the scenario's (a sweep, a fit)
// estimates with the ones these name.
func WorkSettings() []string {
	return []string{"SquadUpdateInterval", "NoEffectRadius", "FullEffectRadius", "RecoveryPerSecond", "RecoveryDelaySeconds"}
}

// workEstimator estimates the work of a fight of one scenario under many
// settings (the points of a sweep, the nudges of a sensitivity): the
// estimate reads the settings WorkSettings names, and keeps across settings
// what does not depend on them (the sampled men, the changes of state the
// timeline forces), what depends on the reach alone (each sampled man's
// neighbours), and each estimate by those settings.
type workEstimator struct {
	sc         *Scenario
	pts        []workPoint
	neighbours map[float64][]float64
	memo       map[[5]float64]float64
	// forced is the changes of state the timeline's routs and rallies
	// force (forcedChanges), once worked out (forcedDone).
	forced     float64
	forcedDone bool
	// byDistance, once many reaches were asked for, holds for each sampled
	// man the squared distances to every other, nearest first, and the men
	// (weights) within each: a reach is then a binary search a man.
	byDistance [][]float64
	within     [][]float64
}

// manyReaches is how many reaches the estimator counts each sampled man's
// neighbours for by looking over every other before it sorts them by
// distance (a sweep of NoEffectRadius asks for up to 1,000).
const manyReaches = 8

// neighboursWithin returns, for each sampled man, the men within reach of
// him: those a death there tells.
func (e *workEstimator) neighboursWithin(reach float64) []float64 {
	if nb, ok := e.neighbours[reach]; ok {
		return nb
	}
	pts := e.pts
	nb := make([]float64, len(pts))
	if len(e.neighbours) < manyReaches {
		for i, a := range pts {
			nb[i] = menWithin(pts, a.x, a.y, reach)
		}
	} else {
		if e.byDistance == nil {
			e.byDistance, e.within = make([][]float64, len(pts)), make([][]float64, len(pts))
			order := make([]int, len(pts))
			for i, a := range pts {
				d := make([]float64, len(pts))
				for j, q := range pts {
					dx, dy := q.x-a.x, q.y-a.y
					d[j] = dx*dx + dy*dy
					order[j] = j
				}
				slices.SortFunc(order, func(x, y int) int { return cmp.Compare(d[x], d[y]) })
				ds, ws := make([]float64, len(pts)), make([]float64, len(pts))
				sum := 0.0
				for k, j := range order {
					sum += pts[j].w
					ds[k], ws[k] = d[j], sum
				}
				e.byDistance[i], e.within[i] = ds, ws
			}
		}
		for i := range pts {
			// The men at a squared distance of at most reach².
			k, _ := slices.BinarySearchFunc(e.byDistance[i], reach*reach, func(d, r float64) int {
				if d <= r {
					return -1
				}
				return 1
			})
			if k > 0 {
				nb[i] = e.within[i][k-1]
			}
		}
	}
	e.neighbours[reach] = nb
	return nb
}

func newWorkEstimator(sc *Scenario) *workEstimator {
	return &workEstimator{sc: sc, neighbours: map[float64][]float64{}, memo: map[[5]float64]float64{}}
}

// work is the estimated work of one fight of the scenario with settings s.
func (e *workEstimator) work(s morale.Settings) float64 {
	k := [5]float64{s.SquadUpdateInterval, s.NoEffectRadius, s.FullEffectRadius, s.RecoveryPerSecond, s.RecoveryDelaySeconds}
	if w, ok := e.memo[k]; ok {
		return w
	}
	w := fightParts(e.sc, s, e).units()
	e.memo[k] = w
	return w
}

// workPoint is a sampled man: where he stands, how many men he stands for
// (w) and how many of them are there on average over the fight (present:
// w, less for reinforcements who arrive late).
type workPoint struct {
	x, y, w, present float64
	squad            int
}

// workParts are a fight's measures, before they are weighed (FightWork).
type workParts struct {
	restSteps    float64 // men × steps of their squad at rest
	stirredSteps float64 // men × steps of their squad stirred
	steps        float64 // the World's steps
	samples      float64 // men looked over by the morale samples
	reached      float64 // men reached by news at a location (a death's too)
	told         float64 // men told news, or routed, by a call of their own
	rallied      float64 // men a rally visits
	changes      float64 // changes of state the timeline forces
	scanned      float64 // men looked over
	spawned      float64 // men spawned
}

// units weighs the parts in units of work.
func (p workParts) units() float64 {
	return fightWork + p.restSteps*restStepWork + p.stirredSteps*stirredStepWork + p.steps*worldStepWork +
		p.samples*sampleWork + p.reached*reachWork + p.told*tellWork + p.rallied*rallyWork + p.changes*changeWork + p.scanned*scanWork + p.spawned*spawnWork
}

// formationPoint is the position of man k of n in a formation (as the
// fight places him, game's scenarioFormation).
func formationPoint(kind string, k, n int, x, y, spacing float64) (float64, float64) {
	switch kind {
	case "column":
		return x + (float64(k)-float64(n-1)/2)*spacing, y
	case "grid":
		side := int(math.Ceil(math.Sqrt(float64(n))))
		r, c := k/side, k%side
		return x + (float64(c)-float64(side-1)/2)*spacing, y + (float64(r)-float64(side-1)/2)*spacing
	case "circle":
		radius := spacing * float64(n) / (2 * math.Pi)
		a := 2 * math.Pi * float64(k) / float64(n)
		return x + radius*math.Cos(a), y + radius*math.Sin(a)
	default: // line
		return x, y + (float64(k)-float64(n-1)/2)*spacing
	}
}

// workSample returns at most about maxWorkSample points standing for the
// men of sc (its squads and its reinforcements where they arrive, each wave
// a formation of its count, as the fight spawns it), their
// weights adding up to the men, each squad's men sampled evenly along its
// formation. budget, when smaller, bounds the points instead (but every
// squad keeps one).
func workSample(sc *Scenario, men float64, budget int) []workPoint {
	// A group is a formation of n men, times times over (each wave of a
	// reinforcement is a formation of its own at the same place), present
	// times over on average over the fight.
	type group struct {
		kind           string
		n, squad       int
		x, y, spacing  float64
		times, present float64
	}
	var groups []group
	for i, sq := range sc.Squads {
		groups = append(groups, group{sq.Formation, sq.Size, i, sq.At.X, sq.At.Y, sq.Spacing, 1, 1})
	}
	squadOf := map[string]int{}
	for i, sq := range sc.Squads {
		squadOf[sq.Name] = i
	}
	for _, ev := range sc.Events {
		if ev.Do != "reinforce" {
			continue
		}
		si := squadOf[ev.Squad]
		sq := sc.Squads[si]
		at := sq.At
		if ev.HasAt {
			at = ev.At
		}
		if n := occurrences(ev, sc.Duration); n > 0 {
			present := 0.0
			if sc.Duration > 0 {
				for k := range n {
					present += math.Max(0, sc.Duration-(ev.T+float64(k)*ev.Every)) / sc.Duration
				}
			}
			groups = append(groups, group{sq.Formation, ev.Count, si, at.X, at.Y, sq.Spacing, float64(n), present})
		}
	}
	var pts []workPoint
	for _, g := range groups {
		m := max(1, min(g.n, int(math.Round(float64(budget)*float64(g.n)*g.times/men))))
		w := float64(g.n) * g.times / float64(m)
		pw := float64(g.n) * g.present / float64(m)
		for j := range m {
			k := int((float64(j) + 0.5) * float64(g.n) / float64(m))
			x, y := formationPoint(g.kind, k, g.n, g.x, g.y, g.spacing)
			pts = append(pts, workPoint{x, y, w, pw, g.squad})
		}
	}
	// Many squads of few men each: join neighbours in the list (a squad's
	// men, then the next squad's) until the budget holds.
	if k := (len(pts) + budget - 1) / budget; k > 1 {
		out := pts[:0]
		for i := 0; i < len(pts); i += k {
			p := pts[i]
			for _, q := range pts[i+1 : min(i+k, len(pts))] {
				p.w += q.w
				p.present += q.present
			}
			out = append(out, p)
		}
		pts = out
	}
	return pts
}

// overlap is the length of [a0, a1] ∩ [b0, b1].
func overlap(a0, a1, b0, b1 float64) float64 {
	return max(0, min(a1, b1)-max(a0, b0))
}

// landingChance is the chance that an occurrence at (x, y), scattered
// uniformly by ±spread on each axis, lands within r of the point p: the
// reach's disc taken as the square of its area. It works in offsets from
// (x, y), so that a spread too small to move x (1e5 ± 1e-12 is 1e5) still
// counts as the tiny square it is, and divides each axis by its own width,
// so that no spread underflows to 0/0.
func landingChance(p workPoint, x, y, spread, r float64) float64 {
	dx, dy := p.x-x, p.y-y
	if spread <= 0 {
		if dx*dx+dy*dy <= r*r {
			return 1
		}
		return 0
	}
	h := r * math.Sqrt(math.Pi) / 2
	ox := overlap(dx-h, dx+h, -spread, spread) / (2 * spread)
	oy := overlap(dy-h, dy+h, -spread, spread) / (2 * spread)
	return min(1, ox) * min(1, oy)
}

// menWithin returns the men (weights) of pts within r of (x, y).
func menWithin(pts []workPoint, x, y, r float64) float64 {
	n := 0.0
	for _, p := range pts {
		if dx, dy := p.x-x, p.y-y; dx*dx+dy*dy <= r*r {
			n += p.w
		}
	}
	return n
}

// fightParts measures one fight of sc with settings s (see the work model
// above), keeping the sample and the neighbours in e.
func fightParts(sc *Scenario, s morale.Settings, e *workEstimator) workParts {
	var p workParts
	men := 0.0 // every man who ever takes part
	squadMen := make([]float64, len(sc.Squads))
	// squadSeconds is each squad's men × the seconds they are present.
	squadSeconds := make([]float64, len(sc.Squads))
	squadOf := map[string]int{}
	for i, sq := range sc.Squads {
		men += float64(sq.Size)
		squadMen[i] = float64(sq.Size)
		squadSeconds[i] = float64(sq.Size) * sc.Duration
		squadOf[sq.Name] = i
	}
	looks := 1 // per sampled man: the located events' looks at him
	for _, ev := range sc.Events {
		if ev.Do == "reinforce" {
			n := occurrences(ev, sc.Duration)
			si := squadOf[ev.Squad]
			men += float64(ev.Count * n)
			squadMen[si] += float64(ev.Count * n)
			for k := range n {
				squadSeconds[si] += float64(ev.Count) * math.Max(0, sc.Duration-(ev.T+float64(k)*ev.Every))
			}
		}
		switch {
		case ev.Do == "death":
			looks += landingSide * landingSide
		case ev.HasAt:
			looks++
		}
	}
	p.spawned = men
	manSeconds := 0.0
	for _, v := range squadSeconds {
		manSeconds += v
	}
	// Every sample looks over the men present then.
	if sc.Duration > 0 {
		p.samples = float64(samplesOf(sc.Duration, sc.Sample)) * manSeconds / sc.Duration
	}
	budget := max(1, min(maxWorkSample, maxWorkLooks/looks))
	points := func() []workPoint {
		if e.pts == nil {
			e.pts = workSample(sc, men, budget)
		}
		return e.pts
	}
	reach := s.NoEffectRadius
	// neighbours[i] is the men within reach of point i: those a death
	// there tells.
	told := func() []float64 {
		points()
		return e.neighboursWithin(reach)
	}
	// squadTells is what a man of squad si who dies tells on average: the
	// men within reach of him.
	squadTells := func(si int) float64 {
		pts, nb := points(), told()
		w, t := 0.0, 0.0
		for i, q := range pts {
			if q.squad == si {
				w += q.w
				t += q.w * nb[i]
			}
		}
		if w == 0 {
			return 0
		}
		return t / w
	}
	squadOfMan := map[string]int{}
	for i, sq := range sc.Squads {
		for _, name := range sq.Names {
			squadOfMan[name] = i
		}
	}
	// stirs[si] are the events that stir squad si, each occurrence with
	// its chance.
	stirs := make([][]stir, len(sc.Squads))
	for i, sq := range sc.Squads {
		if sq.Morale != 1 {
			stirs[i] = append(stirs[i], stir{t: 0, n: 1, p: 1})
		}
	}
	stirSquad := func(ev EventSpec, n int, si int, p float64) {
		if p > 0 && n > 0 {
			stirs[si] = append(stirs[si], stir{t: ev.T, every: ev.Every, n: n, p: min(1, p)})
		}
	}
	// stirNear stirs each squad by the chance that an occurrence of ev
	// lands within r of some of its men (their expected number, at most 1),
	// times also.
	stirNear := func(ev EventSpec, n int, x, y, spread, r, also float64) {
		near := make([]float64, len(sc.Squads))
		for _, q := range points() {
			near[q.squad] += q.present * landingChance(q, x, y, spread, r)
		}
		for si, v := range near {
			stirSquad(ev, n, si, min(1, v)*also)
		}
	}
	for _, ev := range sc.Events {
		ni := occurrences(ev, sc.Duration)
		n := float64(ni)
		switch ev.Do {
		case "event":
			switch {
			case ev.HasAt:
				r := ev.Radius
				if r <= 0 || r > reach {
					r = reach
				}
				got := 0.0
				for _, q := range points() {
					got += q.present * landingChance(q, ev.At.X, ev.At.Y, ev.Spread, r)
				}
				p.reached += n * got
				stirNear(ev, ni, ev.At.X, ev.At.Y, ev.Spread, r, 1)
			case ev.Agent != "":
				p.told += n
				stirSquad(ev, ni, squadOfMan[ev.Agent], 1)
			default:
				si := squadOf[ev.Squad]
				p.scanned += n * men
				p.told += n * squadMen[si]
				stirSquad(ev, ni, si, 1)
			}
		case "death":
			var kills, tells float64
			switch {
			case ev.Agent != "":
				si := squadOfMan[ev.Agent]
				kills, tells = 1, squadTells(si)
				stirSquad(ev, ni, si, 1)
			case ev.Squad != "":
				p.scanned += n * men
				si := squadOf[ev.Squad]
				kills, tells = math.Min(float64(ev.Count), squadMen[si]), squadTells(si)
				stirSquad(ev, ni, si, 1)
			default:
				p.scanned += n * men
				r := ev.Radius
				if r <= 0 {
					r = s.FullEffectRadius
				}
				kills, tells = deathsAt(points(), told(), ev.At.X, ev.At.Y, ev.Spread, r, float64(ev.Count))
				// The victims' news reaches the men within reach of them.
				stirNear(ev, ni, ev.At.X, ev.At.Y, ev.Spread, r+reach, min(1, kills))
			}
			// Each victim leaves the World and tells those near him.
			p.reached += n * kills * (1 + tells)
		case "rally":
			if ev.Agent != "" {
				p.rallied += n
			} else {
				p.scanned += n * men
				p.rallied += n * squadMen[squadOf[ev.Squad]]
			}
		case "rout":
			if ev.Agent != "" {
				p.told += n
				stirSquad(ev, ni, squadOfMan[ev.Agent], 1)
			} else {
				si := squadOf[ev.Squad]
				p.scanned += n * men
				p.told += n * squadMen[si]
				stirSquad(ev, ni, si, 1)
			}
		case "reinforce":
			si := squadOf[ev.Squad]
			p.scanned += n * men
			p.reached += n * (squadMen[si] + float64(ev.Count))
			stirSquad(ev, ni, si, 1)
		}
	}
	if !e.forcedDone {
		e.forced, e.forcedDone = forcedChanges(sc, squadMen), true
	}
	p.changes = e.forced
	// A step's cost is the same whatever its length: a shorter step costs
	// more a second.
	if iv := s.SquadUpdateInterval; iv > 0 {
		p.steps = math.Ceil(sc.Duration / iv)
		total := 0
		for _, st := range stirs {
			total += len(st)
		}
		bins := max(1, min(stirBins, maxStirLooks/max(1, total)))
		window := stirSeconds(s)
		for si, v := range squadSeconds {
			share := stirredShare(stirs[si], sc.Duration, window, bins)
			p.stirredSteps += share * v / iv
			p.restSteps += (1 - share) * v / iv
		}
	}
	return p
}

// stir is an event that stirs a squad: n occurrences, from t every every
// seconds, each reaching the squad with chance p.
type stir struct {
	t, every, p float64
	n           int
}

// within returns how many occurrences of st lie in (lo, hi].
func (st stir) within(lo, hi float64) int {
	if st.n <= 0 || hi < st.t {
		return 0
	}
	if st.every <= 0 || st.n == 1 {
		if st.t > lo {
			return 1
		}
		return 0
	}
	last := min(st.n-1, int(math.Floor((hi-st.t)/st.every)))
	first := 0
	if lo >= st.t {
		first = int(math.Floor((lo-st.t)/st.every)) + 1
	}
	return max(0, last-first+1)
}

// stirSeconds is how long news keeps a squad stirred: the recovery delay,
// then a recovery from no morale to full (for ever when morale does not
// recover).
func stirSeconds(s morale.Settings) float64 {
	if !(s.RecoveryPerSecond > 0) {
		return math.Inf(1)
	}
	return s.RecoveryDelaySeconds + 1/s.RecoveryPerSecond
}

// stirredShare is the share of a fight of duration seconds in which a squad
// stirred by stirs is stirred: the chance, averaged over bins moments, that
// some occurrence of the window seconds before reached it.
func stirredShare(stirs []stir, duration, window float64, bins int) float64 {
	if len(stirs) == 0 || !(duration > 0) {
		return 0
	}
	h := duration / float64(bins)
	stirred := 0.0
	for b := range bins {
		t := (float64(b) + 0.5) * h
		rest := 0.0 // the log of the chance that none reached it
		sure := false
		for _, st := range stirs {
			c := st.within(t-window, t)
			if c == 0 {
				continue
			}
			if st.p >= 1 {
				sure = true
				break
			}
			rest += float64(c) * math.Log1p(-st.p)
		}
		if sure {
			stirred++
		} else {
			stirred += 1 - math.Exp(rest)
		}
	}
	return stirred / float64(bins)
}

// forcedChanges traces the timeline's routs and rallies, in the order the
// fight carries them out (by time, then file order, jitter left out), and
// returns the changes of state they force: a rout of a squad (or a man) not
// routed changes all its men (squadMen), and a rally of one routed changes
// them back; a rout of men already routed, or a rally of men not routed by
// the timeline, changes nobody the estimate can know of. A rout of a squad
// and a rally of one of its men are traced apart.
func forcedChanges(sc *Scenario, squadMen []float64) float64 {
	type forced struct {
		t      float64
		ev, k  int
		target string
		rout   bool
		men    float64
	}
	squadOf := map[string]int{}
	for i, sq := range sc.Squads {
		squadOf[sq.Name] = i
	}
	var occ []forced
	for i, ev := range sc.Events {
		if ev.Do != "rout" && ev.Do != "rally" {
			continue
		}
		target, men := "squad "+ev.Squad, 0.0
		if ev.Agent != "" {
			target, men = "man "+ev.Agent, 1
		} else {
			men = squadMen[squadOf[ev.Squad]]
		}
		for k := range occurrences(ev, sc.Duration) {
			occ = append(occ, forced{ev.T + float64(k)*ev.Every, i, k, target, ev.Do == "rout", men})
		}
	}
	slices.SortFunc(occ, func(a, b forced) int {
		if c := cmp.Compare(a.t, b.t); c != 0 {
			return c
		}
		if c := cmp.Compare(a.ev, b.ev); c != 0 {
			return c
		}
		return cmp.Compare(a.k, b.k)
	})
	routed := map[string]bool{}
	changes := 0.0
	for _, o := range occ {
		if o.rout != routed[o.target] {
			changes += o.men
			routed[o.target] = o.rout
		}
	}
	return changes
}

// deathsAt returns how many men a death at (x, y), scattered by ±spread,
// kills (at most count among those within r) and how many men each victim
// tells on average (nb, the men within reach of each point), averaged over
// a grid of landing points.
func deathsAt(pts []workPoint, nb []float64, x, y, spread, r, count float64) (kills, tells float64) {
	side := landingSide
	if spread <= 0 {
		side = 1
	}
	told := 0.0
	for i := range side {
		for j := range side {
			lx, ly := x, y
			if side > 1 {
				lx += spread * (2*(float64(i)+0.5)/float64(side) - 1)
				ly += spread * (2*(float64(j)+0.5)/float64(side) - 1)
			}
			near, t := 0.0, 0.0
			for k, q := range pts {
				if dx, dy := q.x-lx, q.y-ly; dx*dx+dy*dy <= r*r {
					near += q.w
					t += q.w * nb[k]
				}
			}
			if near > 0 {
				k := math.Min(count, near)
				kills += k
				told += k * t / near
			}
		}
	}
	if kills > 0 {
		tells = told / kills
	}
	return kills / float64(side*side), tells
}
