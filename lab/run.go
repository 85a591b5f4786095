package lab

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/moralebreak/moralebreak/morale"
)

// RunResult is the metrics of one seeded fight. Times are in seconds from the
// start; a nil time means it never happened. It is the raw record of
// runs.json: summaries are computed from these alone, so shards merge exactly.
type RunResult struct {
	Index int    `json:"index"`
	Seed  uint64 `json:"seed"`
	// FirstShaken, FirstPanicked and FirstRouted are the times of the first
	// man to turn Shaken, Panicked and Routed.
	FirstShaken   *float64 `json:"first_shaken_s"`
	FirstPanicked *float64 `json:"first_panicked_s"`
	FirstRouted   *float64 `json:"first_rout_s"`
	// Broke counts the men who were ever Panicked or Routed; Routed those
	// ever Routed.
	Broke  int `json:"broke"`
	Routed int `json:"routed"`
	// LargestCascade is the most routs chained within the cascade window of
	// each other.
	LargestCascade int `json:"largest_cascade"`
	// Rebreaks counts breaks within the rebreak window after a man was
	// rallied or came back from a rout.
	Rebreaks int `json:"rebreaks"`
	// BackToSteady is the time from the first break until every living man
	// was Steady again (nil when there was no break or they never were).
	BackToSteady *float64 `json:"back_to_steady_s"`
	// Deaths counts the men killed; Agents every man who took part.
	Deaths int `json:"deaths"`
	Agents int `json:"agents"`
	// SquadBroke says, per squad in scenario order, whether any of its men
	// broke; ShareSquadsBroken is the share of squads that did.
	SquadBroke        []bool  `json:"squad_broke"`
	ShareSquadsBroken float64 `json:"share_squads_broken"`
	// Morale is the average morale of the living men at every sample
	// (t = 0, Sample, 2·Sample, … ≤ Duration).
	Morale []float64 `json:"morale"`
	// SquadMorale is, for each of the first MaxSquadSeries squads in
	// scenario order, the average morale of its living men at every sample,
	// NoneAlive when none of them lives.
	SquadMorale [][]float64 `json:"squad_morale"`
	// SquadFirstBreak is, per squad in scenario order, the time its first man
	// broke (turned Panicked or Routed), nil when none did.
	SquadFirstBreak []*float64 `json:"squad_first_break_s"`
	// SquadRouted counts, per squad in scenario order, the men ever Routed.
	SquadRouted []int `json:"squad_routed"`
}

// MaxSquadSeries is how many squads (the first, in scenario order) have
// their morale sampled for the per-squad fan charts; the others count in
// every metric but have no fan.
const MaxSquadSeries = 12

// NoneAlive is a squad's morale sample when none of its men lives.
const NoneAlive = -1.0

// Metric names a per-run number of RunResult, for statistics and
// expectations.
type Metric struct {
	Name string
	// Doc says what it measures, for reports.
	Doc string
	// Time is true for times that may never happen (nil).
	Time bool
	Get  func(r *RunResult) (float64, bool)
}

func timeMetric(name, doc string, f func(r *RunResult) *float64) Metric {
	return Metric{Name: name, Doc: doc, Time: true, Get: func(r *RunResult) (float64, bool) {
		if p := f(r); p != nil {
			return *p, true
		}
		return 0, false
	}}
}

func countMetric(name, doc string, f func(r *RunResult) float64) Metric {
	return Metric{Name: name, Doc: doc, Get: func(r *RunResult) (float64, bool) { return f(r), true }}
}

// Metrics returns the per-run metrics in report order, plus three per squad
// NAME of sc: "squad_broke.NAME" (1 when a man of it broke, else 0),
// "squad_first_break_s.NAME" (when its first man broke) and
// "squad_routed.NAME" (its men ever Routed).
func Metrics(sc *Scenario) []Metric {
	var names []string
	if sc != nil {
		for _, sq := range sc.Squads {
			names = append(names, sq.Name)
		}
	}
	return metricsFor(names)
}

// metricsFor returns the metrics of a scenario with the given squads.
func metricsFor(squads []string) []Metric {
	ms := []Metric{
		timeMetric("first_shaken_s", "time of the first man to turn Shaken", func(r *RunResult) *float64 { return r.FirstShaken }),
		timeMetric("first_panicked_s", "time of the first man to turn Panicked", func(r *RunResult) *float64 { return r.FirstPanicked }),
		timeMetric("first_rout_s", "time of the first man to rout", func(r *RunResult) *float64 { return r.FirstRouted }),
		countMetric("broke", "men ever Panicked or Routed", func(r *RunResult) float64 { return float64(r.Broke) }),
		countMetric("routed", "men ever Routed", func(r *RunResult) float64 { return float64(r.Routed) }),
		countMetric("largest_cascade", "most routs chained within the cascade window", func(r *RunResult) float64 { return float64(r.LargestCascade) }),
		countMetric("rebreaks", "breaks soon after a rally or the end of a rout", func(r *RunResult) float64 { return float64(r.Rebreaks) }),
		timeMetric("back_to_steady_s", "from the first break until every living man is Steady again", func(r *RunResult) *float64 { return r.BackToSteady }),
		countMetric("share_squads_broken", "share of squads with a man broken", func(r *RunResult) float64 { return r.ShareSquadsBroken }),
		countMetric("deaths", "men killed by the timeline", func(r *RunResult) float64 { return float64(r.Deaths) }),
	}
	for i, name := range squads {
		ms = append(ms, countMetric("squad_broke."+name, "1 when a man of "+name+" broke, else 0", func(r *RunResult) float64 {
			if i < len(r.SquadBroke) && r.SquadBroke[i] {
				return 1
			}
			return 0
		}))
		ms = append(ms, timeMetric("squad_first_break_s."+name, "time the first man of "+name+" broke", func(r *RunResult) *float64 {
			if i < len(r.SquadFirstBreak) {
				return r.SquadFirstBreak[i]
			}
			return nil
		}))
		ms = append(ms, countMetric("squad_routed."+name, "men of "+name+" ever Routed", func(r *RunResult) float64 {
			if i < len(r.SquadRouted) {
				return float64(r.SquadRouted[i])
			}
			return 0
		}))
	}
	return ms
}

// MetricNames returns the names of Metrics(sc).
func MetricNames(sc *Scenario) []string {
	var out []string
	for _, m := range Metrics(sc) {
		out = append(out, m.Name)
	}
	return out
}

// MetricByName returns the metric called name.
func MetricByName(sc *Scenario, name string) (Metric, bool) {
	for _, m := range Metrics(sc) {
		if m.Name == name {
			return m, true
		}
	}
	return Metric{}, false
}

// RunSeed returns the seed of run index of a Monte-Carlo seeded with seed:
// a SplitMix64 of both, so that a run's fight depends on nothing else.
func RunSeed(seed uint64, index int) uint64 {
	z := seed + uint64(index+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// occurrence is one scheduled happening of an event.
type occurrence struct {
	t float64
	// ev is the index of the event in the scenario, k the repetition.
	ev, k int32
}

// man is one agent of a run.
type man struct {
	a      *morale.Agent
	squad  int
	name   string
	alive  bool
	leader bool
	state  morale.State
	// lastBack is when he was last rallied or came back from a rout
	// (-Inf when never).
	lastBack float64
}

// runner holds one fight.
type runner struct {
	sc      *Scenario
	w       *morale.World
	rng     *rand.Rand
	men     []*man
	byAgent map[*morale.Agent]*man
	byName  map[string]*man
	res     RunResult
	now     float64
	routs   []float64
	broke   map[*morale.Agent]bool
	routed  map[*morale.Agent]bool
	brokeAt float64 // time of the first break, -1 before
	// unsteady counts the living men who are not Steady.
	unsteady int
	// err is the first error the World returned, or the context's.
	err error
	// squadSums is sample's scratch: per sampled squad the morale sum, then
	// the number of living men.
	squadSums []float64
	// ctx stops the fight; tick, when set, is told the work done so far
	// (FightWork's units) every pollWork units.
	ctx        context.Context
	tick       func(work float64)
	work, poll float64
}

// check keeps the first error of a call to the World.
func (r *runner) check(err error) {
	if err != nil && r.err == nil {
		r.err = err
	}
}

// Run plays one fight of sc with settings s and the given seed, and returns
// its metrics (Index is left for the caller). It fails only when s does not
// validate.
func Run(sc *Scenario, s morale.Settings, seed uint64) (RunResult, error) {
	return run(context.Background(), sc, s, seed, nil)
}

// run is Run, stopping with ctx's error as soon as ctx is done (it looks
// every pollWork units of work) and telling tick, when set, the work done so
// far as often.
func run(ctx context.Context, sc *Scenario, s morale.Settings, seed uint64, tick func(float64)) (RunResult, error) {
	w, err := morale.NewWorld(s, seed)
	if err != nil {
		return RunResult{}, err
	}
	r := &runner{
		ctx: ctx, tick: tick, poll: pollWork,
		sc: sc, w: w,
		rng:     rand.New(rand.NewPCG(seed, 0x6c6162)),
		byAgent: map[*morale.Agent]*man{},
		byName:  map[string]*man{},
		broke:   map[*morale.Agent]bool{},
		routed:  map[*morale.Agent]bool{},
		brokeAt: -1,
	}
	r.res.Seed = seed
	r.res.SquadBroke = make([]bool, len(sc.Squads))
	r.res.SquadFirstBreak = make([]*float64, len(sc.Squads))
	r.res.SquadRouted = make([]int, len(sc.Squads))
	for i := range sc.Squads {
		r.spawnSquad(i, sc.Squads[i].Size, sc.Squads[i].At, 0)
	}
	w.OnStateChanged(r.onState)
	occ := r.schedule()
	nSamples := int(math.Floor(sc.Duration/sc.Sample+1e-9)) + 1
	r.res.Morale = make([]float64, 0, nSamples)
	r.res.SquadMorale = make([][]float64, min(len(sc.Squads), MaxSquadSeries))
	for i := range r.res.SquadMorale {
		r.res.SquadMorale[i] = make([]float64, 0, nSamples)
	}
	r.sample()
	next := 1
	oi := 0
	for r.err == nil {
		tSample := float64(next) * sc.Sample
		if next >= nSamples {
			tSample = math.Inf(1)
		}
		tEvent := math.Inf(1)
		if oi < len(occ) {
			tEvent = occ[oi].t
		}
		t := math.Min(tSample, tEvent)
		if math.IsInf(t, 1) {
			break
		}
		r.advanceTo(t)
		if tEvent <= tSample {
			r.apply(&r.sc.Events[occ[oi].ev])
			oi++
			continue
		}
		r.sample()
		next++
	}
	r.advanceTo(sc.Duration)
	r.finish()
	if r.err != nil {
		if ctx.Err() != nil {
			return RunResult{}, ctx.Err()
		}
		return RunResult{}, fmt.Errorf("seed %d: %w", seed, r.err)
	}
	return r.res, nil
}

// maxAdvance is the longest one call of World.Advance a fight makes, in
// simulated seconds: at most 1000 steps at the shortest step, far below
// morale.MaxAdvanceSteps (beyond which the World would drop time), and short
// enough that a fight of many men looks at its context often.
const maxAdvance = 1.0

// advanceTo advances the World to time t, in calls of at most maxAdvance
// seconds, counting the work and polling between them.
func (r *runner) advanceTo(t float64) {
	for t > r.now && r.err == nil {
		dt := t - r.now
		if dt > maxAdvance {
			dt = maxAdvance
		}
		r.w.Advance(dt)
		if dt == t-r.now {
			r.now = t
		} else {
			r.now += dt
		}
		r.count(float64(r.w.Len()) * dt)
	}
}

// count adds work done and, every pollWork units, stops the fight if its
// context is done and reports the work.
func (r *runner) count(work float64) {
	r.work += work
	if r.work < r.poll {
		return
	}
	r.poll = r.work + pollWork
	if err := r.ctx.Err(); err != nil {
		r.check(err)
	}
	if r.tick != nil {
		r.tick(r.work)
	}
}

// spawnSquad adds n men to squad i around at; first is the index of the first
// new man within the squad (0 at the start).
func (r *runner) spawnSquad(i, n int, at morale.Vec2, first int) {
	sq := &r.sc.Squads[i]
	pos := formation(sq.Formation, n, at, sq.Spacing)
	for j := 0; j < n; j++ {
		k := first + j
		var opts []morale.SpawnOption
		if k < len(sq.Nerves) {
			opts = append(opts, morale.WithNerve(sq.Nerves[k]))
		} else if sq.NerveRange != nil {
			lo, hi := sq.NerveRange[0], sq.NerveRange[1]
			opts = append(opts, morale.WithNerve(lo+(hi-lo)*r.rng.Float64()))
		}
		if sq.Leader && k == 0 {
			opts = append(opts, morale.AsLeader())
		}
		if sq.NoContagion {
			opts = append(opts, morale.WithoutContagion())
		}
		if sq.Morale != 1 && first == 0 {
			opts = append(opts, morale.WithMorale(sq.Morale))
		}
		a := r.w.Spawn(morale.SquadID(i+1), pos[j], opts...)
		m := &man{a: a, squad: i, alive: true, leader: sq.Leader && k == 0, lastBack: math.Inf(-1)}
		if k < len(sq.Names) {
			m.name = sq.Names[k]
			r.byName[m.name] = m
		}
		r.men = append(r.men, m)
		r.byAgent[a] = m
		r.res.Agents++
	}
}

// formation returns n positions of the named formation centred on at.
func formation(kind string, n int, at morale.Vec2, spacing float64) []morale.Vec2 {
	out := make([]morale.Vec2, n)
	switch kind {
	case "column":
		for i := range out {
			out[i] = morale.Vec2{X: at.X + (float64(i)-float64(n-1)/2)*spacing, Y: at.Y}
		}
	case "grid":
		side := int(math.Ceil(math.Sqrt(float64(n))))
		for i := range out {
			r, c := i/side, i%side
			out[i] = morale.Vec2{X: at.X + (float64(c)-float64(side-1)/2)*spacing, Y: at.Y + (float64(r)-float64(side-1)/2)*spacing}
		}
	case "circle":
		radius := spacing * float64(n) / (2 * math.Pi)
		for i := range out {
			a := 2 * math.Pi * float64(i) / float64(n)
			out[i] = morale.Vec2{X: at.X + radius*math.Cos(a), Y: at.Y + radius*math.Sin(a)}
		}
	default: // line
		for i := range out {
			out[i] = morale.Vec2{X: at.X, Y: at.Y + (float64(i)-float64(n-1)/2)*spacing}
		}
	}
	return out
}

// schedule expands the timeline into occurrences, jittered with the run's
// random source, sorted by time and then file order.
func (r *runner) schedule() []occurrence {
	total := 0
	for i := range r.sc.Events {
		total += occurrences(r.sc.Events[i], r.sc.Duration)
	}
	occ := make([]occurrence, 0, total)
	for i := range r.sc.Events {
		ev := &r.sc.Events[i]
		n := occurrences(*ev, r.sc.Duration)
		for k := 0; k < n; k++ {
			t := ev.T + float64(k)*ev.Every
			if ev.Jitter > 0 {
				t += ev.Jitter * (2*r.rng.Float64() - 1)
			}
			t = math.Max(0, math.Min(t, r.sc.Duration))
			occ = append(occ, occurrence{t: t, ev: int32(i), k: int32(k)})
		}
	}
	slices.SortFunc(occ, func(a, b occurrence) int {
		if c := cmp.Compare(a.t, b.t); c != 0 {
			return c
		}
		if c := cmp.Compare(a.ev, b.ev); c != 0 {
			return c
		}
		return cmp.Compare(a.k, b.k)
	})
	return occ
}

func (r *runner) squadIndex(name string) int {
	for i := range r.sc.Squads {
		if r.sc.Squads[i].Name == name {
			return i
		}
	}
	return -1
}

// living returns the living men of squad name ("" for all), in spawn order.
func (r *runner) living(squad string) []*man {
	si := -1
	if squad != "" {
		si = r.squadIndex(squad)
	}
	var out []*man
	for _, m := range r.men {
		if m.alive && (si < 0 || m.squad == si) {
			out = append(out, m)
		}
	}
	return out
}

// location returns the occurrence's location, scattered by Spread.
func (r *runner) location(ev *EventSpec) morale.Vec2 {
	at := ev.At
	if ev.Spread > 0 {
		at.X += ev.Spread * (2*r.rng.Float64() - 1)
		at.Y += ev.Spread * (2*r.rng.Float64() - 1)
	}
	return at
}

func (r *runner) squadIDs(names []string) []morale.SquadID {
	var ids []morale.SquadID
	for _, n := range names {
		ids = append(ids, morale.SquadID(r.squadIndex(n)+1))
	}
	return ids
}

// apply carries out one occurrence.
func (r *runner) apply(ev *EventSpec) {
	r.count(float64(len(r.men)))
	switch ev.Do {
	case "event":
		switch {
		case ev.HasAt:
			r.check(r.w.ReportEventAtLocation(ev.Event, r.location(ev), ev.Radius, r.squadIDs(ev.Squads), ev.Scale))
		case ev.Agent != "":
			if m := r.byName[ev.Agent]; m != nil && m.alive {
				r.check(m.a.ReportEvent(ev.Event, ev.Scale))
			}
		default:
			for _, m := range r.living(ev.Squad) {
				r.check(m.a.ReportEvent(ev.Event, ev.Scale))
			}
		}
	case "death":
		var victims []*man
		switch {
		case ev.Agent != "":
			if m := r.byName[ev.Agent]; m != nil && m.alive {
				victims = []*man{m}
			}
		case ev.Squad != "":
			victims = r.pick(r.living(ev.Squad), ev.Count)
		default:
			at := r.location(ev)
			radius := ev.Radius
			if radius <= 0 {
				radius = r.w.Settings().FullEffectRadius
			}
			var near []*man
			for _, m := range r.men {
				if m.alive && m.a.Position().Dist(at) <= radius {
					near = append(near, m)
				}
			}
			victims = r.pick(near, ev.Count)
		}
		for _, m := range victims {
			r.kill(m, ev.Squads)
		}
	case "rally":
		if ev.Agent != "" {
			if m := r.byName[ev.Agent]; m != nil && m.alive {
				m.a.Rally()
			}
		} else {
			r.w.RallySquad(morale.SquadID(r.squadIndex(ev.Squad) + 1))
		}
	case "rout":
		if ev.Agent != "" {
			if m := r.byName[ev.Agent]; m != nil && m.alive {
				m.a.ForceRout()
			}
		} else {
			for _, m := range r.living(ev.Squad) {
				m.a.ForceRout()
			}
		}
	case "reinforce":
		i := r.squadIndex(ev.Squad)
		at := r.sc.Squads[i].At
		if ev.HasAt {
			at = r.location(ev)
		}
		first := 0
		for _, m := range r.men {
			if m.squad == i {
				first++
			}
		}
		r.spawnSquad(i, ev.Count, at, first)
		r.check(r.w.ReportEventAtLocation(ev.Event, at, ev.Radius, []morale.SquadID{morale.SquadID(i + 1)}, ev.Scale))
	}
}

// pick returns n of men chosen with the run's random source (all when fewer).
func (r *runner) pick(men []*man, n int) []*man {
	if n >= len(men) {
		return men
	}
	for i := 0; i < n; i++ {
		j := i + r.rng.IntN(len(men)-i)
		men[i], men[j] = men[j], men[i]
	}
	return men[:n]
}

// kill reports m's death (AllyDown, or LeaderDown for a leader) at his
// location, with the default reach (NoEffectRadius) and distance falloff, to
// every squad within reach, or only to squads when the event names some; then
// it removes him.
func (r *runner) kill(m *man, squads []string) {
	e := morale.AllyDown
	if m.leader {
		e = morale.LeaderDown
	}
	at := m.a.Position()
	r.check(r.w.ReportEventAtLocation(e, at, 0, r.squadIDs(squads), 1))
	m.alive = false
	if m.state != morale.Steady {
		r.unsteady--
	}
	r.res.Deaths++
	r.w.Remove(m.a)
}

func (r *runner) onState(a *morale.Agent, old, st morale.State, why morale.Reason) {
	m := r.byAgent[a]
	if m == nil {
		return
	}
	if m.state == morale.Steady && st != morale.Steady {
		r.unsteady++
	} else if m.state != morale.Steady && st == morale.Steady {
		r.unsteady--
	}
	m.state = st
	t := r.w.Now()
	set := func(p **float64) {
		if *p == nil {
			v := t
			*p = &v
		}
	}
	switch st {
	case morale.Shaken:
		set(&r.res.FirstShaken)
	case morale.Panicked:
		set(&r.res.FirstPanicked)
	case morale.Routed:
		set(&r.res.FirstRouted)
		if !r.routed[a] {
			r.routed[a] = true
			r.res.Routed++
			r.res.SquadRouted[m.squad]++
		}
		r.routs = append(r.routs, t)
	}
	if st.IsBroken() && !old.IsBroken() {
		if !r.broke[a] {
			r.broke[a] = true
			r.res.Broke++
			r.res.SquadBroke[m.squad] = true
			set(&r.res.SquadFirstBreak[m.squad])
		}
		if r.brokeAt < 0 {
			r.brokeAt = t
		}
		if t-m.lastBack <= r.sc.RebreakWindow {
			r.res.Rebreaks++
			m.lastBack = math.Inf(-1)
		}
	}
	if why.Kind == morale.ByRally || (old == morale.Routed && st != morale.Routed) {
		m.lastBack = t
	}
	if st == morale.Steady && r.brokeAt >= 0 && r.res.BackToSteady == nil && r.unsteady == 0 {
		v := t - r.brokeAt
		r.res.BackToSteady = &v
	}
}

// sample records the living men's average morale, of all and of each of
// the first MaxSquadSeries squads.
func (r *runner) sample() {
	sum, n := 0.0, 0
	k := len(r.res.SquadMorale)
	if len(r.squadSums) != 2*k {
		r.squadSums = make([]float64, 2*k)
	}
	sq := r.squadSums // per squad the sums, then the counts
	clear(sq)
	for _, m := range r.men {
		if m.alive {
			v := m.a.Morale()
			sum += v
			n++
			if m.squad < k {
				sq[m.squad] += v
				sq[k+m.squad]++
			}
		}
	}
	v := 0.0
	if n > 0 {
		v = sum / float64(n)
	}
	r.res.Morale = append(r.res.Morale, v)
	for i := 0; i < k; i++ {
		v := NoneAlive
		if sq[k+i] > 0 {
			v = sq[i] / sq[k+i]
		}
		r.res.SquadMorale[i] = append(r.res.SquadMorale[i], v)
	}
}

func (r *runner) finish() {
	r.res.LargestCascade = LargestCascade(r.routs, r.sc.CascadeWindow)
	broken := 0
	for _, b := range r.res.SquadBroke {
		if b {
			broken++
		}
	}
	if len(r.res.SquadBroke) > 0 {
		r.res.ShareSquadsBroken = float64(broken) / float64(len(r.res.SquadBroke))
	}
}

// LargestCascade returns the size of the largest chain of routs in which each
// rout comes at most window seconds after the one before; times need not be
// sorted. No routs give 0.
func LargestCascade(times []float64, window float64) int {
	if len(times) == 0 {
		return 0
	}
	t := append([]float64(nil), times...)
	sort.Float64s(t)
	best, cur := 1, 1
	for i := 1; i < len(t); i++ {
		if t[i]-t[i-1] <= window {
			cur++
		} else {
			cur = 1
		}
		best = max(best, cur)
	}
	return best
}

// String returns a one-line description of r, for logs.
func (r RunResult) String() string {
	f := func(p *float64) string {
		if p == nil {
			return "never"
		}
		return fmt.Sprintf("%.2fs", *p)
	}
	return fmt.Sprintf("run %d: shaken %s, panicked %s, routed %s, broke %d, routed %d, cascade %d", r.Index, f(r.FirstShaken), f(r.FirstPanicked), f(r.FirstRouted), r.Broke, r.Routed, r.LargestCascade)
}
