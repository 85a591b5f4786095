package lab

import (
	"cmp"
	"math"
	"slices"

	"github.com/moralebreak/moralebreak/morale"
)

// The work model: what one fight costs, estimated from the scenario alone
// (FightWork), in units of work. A unit is a man stepped through one
// simulated second at the default step of 0.25 s, about nsPerUnit of one
// core; the rest of a fight is weighed in units by what it costs:
//
//   - steps: every man present stepped at every step (stepWork a man and
//     second at the default step, more at a shorter SquadUpdateInterval),
//     and the World's own work at each step (worldStepWork);
//   - news: every man an occurrence's news reaches (reachWork each): an
//     event at a location reaches the men within its radius (capped by the
//     settings' reach), a squad's news its men, and each man a death kills
//     leaves the World and tells the men within reach of him;
//   - scans: every man looked over to find a death's victims or a squad's
//     living (scanWork each);
//   - the fight itself (the World, the metrics, the samples: fightWork) and
//     each man spawned (spawnWork);
//   - samples: a morale sample looks over every man present (sampleWork
//     each). The weights above were measured on fights sampled every 0.5 s
//     or 1 s, whose samples they hold, so only the samples beyond two a
//     second count: four fights of 20,000 men sampled every 0.01 s were
//     estimated at 0.15 s of one core in all and took 1.26 s.
//
// Who a located event reaches depends on where it lands: the estimate
// takes the men where their formations put them (a sample of at most
// maxWorkSample of them, each standing for those beside him) and, for
// each, the chance that an occurrence scattered over its spread square
// lands within reach of him. News landing on a dense crowd counts every man
// it reaches, news landing mostly on empty ground few. A death at a
// location kills at most its count of the men within its radius and each
// victim tells his neighbours: the estimate averages both over a grid of
// landing points. It does not know how long the men stay out of Steady,
// which costs a step about three times what a squad at rest costs: the
// step's weight lies between the two.
//
// The weights were fitted to BenchmarkFightWork (lab/workcost_test.go), which
// reports each scenario's measured cost per unit:
//
//	go test ./lab -run '^$' -bench '^BenchmarkFightWork$' -cpu 1 -count 3
//
// On the 2-core machine the lab's benchmarks run on, in the process's CPU
// time on one core, a unit cost 19 to 29 ns across the shipped scenarios
// (the fit/ambush and the army, whose blocks mostly rest between shells,
// the least; the sergeant the most), so that the estimate at nsPerUnit lay
// within 0.87 to 1.32 times the measured cost of each. Across the
// calibration scenarios of testdata/workcost it lay within 0.56 (10,000
// men all in combat) to 1.85 times (10,000 men at rest), the spread of a
// step's cost with the share in combat. The wall clock, which the machine's
// other work slows, read up to several times more than the CPU time.
// testdata/workcost/measured.txt keeps the measurement the tests hold the
// model to, within 2 times either way (TestFightWorkMatchesMeasured).
const (
	// nsPerUnit is what a unit of work costs one core, in ns (see above).
	nsPerUnit = 25.0
	// stepWork is the units of one man stepped through one simulated
	// second at the default step (0.25 s): the unit itself.
	stepWork = 1.0
	// worldStepWork is the units of one step of the World, whoever is in
	// it (its squads' averages, its queue of changes, the sort).
	worldStepWork = 6.0
	// reachWork is the units of one man reached by one occurrence's news.
	reachWork = 0.4
	// scanWork is the units of one man looked over by a death or by a
	// squad's news.
	scanWork = 0.12
	// spawnWork is the units of one man spawned (the World's columns and
	// grid, the fight's maps, the metrics' record of him).
	spawnWork = 14.0
	// fightWork is the units of a fight's own cost: its World, its
	// metrics, its samples.
	fightWork = 320.0
	// sampleWork is the units of one man looked over by one morale sample
	// beyond two a second (about 2 to 2.5 ns measured: 20,000 men sampled
	// every 0.01 s for 60 s, and 1,000 squads of one man every 0.01 s for
	// 100 s, against the same fights sampled every 1 s).
	sampleWork = 0.1
	// calibratedSamples is the samples a second the other weights hold.
	calibratedSamples = 2.0
	// defaultStep is the step stepWork is measured at, in seconds.
	defaultStep = 0.25
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
// instead of sc's own: the estimate reads s's SquadUpdateInterval,
// NoEffectRadius and FullEffectRadius.
func FightWorkWith(sc *Scenario, s morale.Settings) float64 {
	return newWorkEstimator(sc).work(s)
}

// WorkSettings names the settings FightWorkWith reads, the only ones of
// which a fight's estimate depends (weights never move it): a command whose
// fights run under settings other than the scenario's (a sweep, a fit)
// estimates with the ones these name.
func WorkSettings() []string {
	return []string{"SquadUpdateInterval", "NoEffectRadius", "FullEffectRadius"}
}

// workEstimator estimates the work of a fight of one scenario under many
// settings (the points of a sweep, the nudges of a sensitivity): the
// estimate reads the settings' SquadUpdateInterval, NoEffectRadius and
// FullEffectRadius, and keeps across settings what does not depend on them
// (the sampled men), what depends on the reach alone (each sampled man's
// neighbours), and each estimate by those three.
type workEstimator struct {
	sc         *Scenario
	pts        []workPoint
	neighbours map[float64][]float64
	memo       map[[3]float64]float64
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
	return &workEstimator{sc: sc, neighbours: map[float64][]float64{}, memo: map[[3]float64]float64{}}
}

// work is the estimated work of one fight of the scenario with settings s.
func (e *workEstimator) work(s morale.Settings) float64 {
	k := [3]float64{s.SquadUpdateInterval, s.NoEffectRadius, s.FullEffectRadius}
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
	manSeconds float64 // men present × simulated seconds, at the default step
	steps      float64 // the World's steps
	reached    float64 // men reached by news, summed over the occurrences
	scanned    float64 // men looked over
	spawned    float64 // men spawned
	sampled    float64 // men looked over by the samples beyond calibratedSamples a second
}

// units weighs the parts in units of work.
func (p workParts) units() float64 {
	return fightWork + p.manSeconds*stepWork + p.steps*worldStepWork + p.reached*reachWork + p.scanned*scanWork + p.spawned*spawnWork + p.sampled*sampleWork
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
	squadOf := map[string]int{}
	for i, sq := range sc.Squads {
		men += float64(sq.Size)
		squadMen[i] = float64(sq.Size)
		squadOf[sq.Name] = i
	}
	p.manSeconds = men * sc.Duration
	looks := 1 // per sampled man: the located events' looks at him
	for _, ev := range sc.Events {
		if ev.Do == "reinforce" {
			n := occurrences(ev, sc.Duration)
			men += float64(ev.Count * n)
			squadMen[squadOf[ev.Squad]] += float64(ev.Count * n)
			for k := range n {
				p.manSeconds += float64(ev.Count) * math.Max(0, sc.Duration-(ev.T+float64(k)*ev.Every))
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
	if sc.Sample > 0 {
		p.sampled = p.manSeconds * max(0, 1/sc.Sample-calibratedSamples)
	}
	// A step's cost is the same whatever its length: a shorter step costs
	// more a second.
	if iv := s.SquadUpdateInterval; iv > 0 {
		p.manSeconds *= defaultStep / iv
		p.steps = math.Ceil(sc.Duration / iv)
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
	for _, ev := range sc.Events {
		n := float64(occurrences(ev, sc.Duration))
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
			case ev.Agent != "":
				p.reached += n
			default:
				p.scanned += n * men
				p.reached += n * squadMen[squadOf[ev.Squad]]
			}
		case "death":
			var kills, tells float64
			switch {
			case ev.Agent != "":
				kills, tells = 1, squadTells(squadOfMan[ev.Agent])
			case ev.Squad != "":
				p.scanned += n * men
				si := squadOf[ev.Squad]
				kills, tells = math.Min(float64(ev.Count), squadMen[si]), squadTells(si)
			default:
				p.scanned += n * men
				r := ev.Radius
				if r <= 0 {
					r = s.FullEffectRadius
				}
				kills, tells = deathsAt(points(), told(), ev.At.X, ev.At.Y, ev.Spread, r, float64(ev.Count))
			}
			// Each victim leaves the World and tells those near him.
			p.reached += n * kills * (1 + tells)
		case "rally", "rout":
			if ev.Agent != "" {
				p.reached += n
			} else {
				p.scanned += n * men
				p.reached += n * squadMen[squadOf[ev.Squad]]
			}
		case "reinforce":
			p.scanned += n * men
			p.reached += n * (squadMen[squadOf[ev.Squad]] + float64(ev.Count))
		}
	}
	return p
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
