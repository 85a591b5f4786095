package lab

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/moralebreak/moralebreak/game"
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
	// After holds the metrics measured after an event that the scenario's
	// expectations name (steady_s, squad_steady_s.NAME with after), each
	// once in the order they first appear: the seconds from the event until
	// every living man (of the squad) was Steady, nil when never.
	After []*float64 `json:"after_s,omitempty"`
	// namedRouted says, per named man in scenario order (NamedMen), whether
	// he was ever Routed: kept only for the odds (runOpts.named), never
	// written.
	namedRouted []bool
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
	// Fraction is true for a count that lies in 0..1: a share
	// (share_squads_broken) or a flag (squad_broke.NAME).
	Fraction bool
	Get      func(r *RunResult) (float64, bool)
}

// Bounds returns the least and the most m can be in a fight of duration
// seconds: 0..duration for a time, 0..1 for a share or a flag, and 0..+Inf
// for any other count. An interval of one of its statistics stays within
// them (StatInterval).
func (m Metric) Bounds(duration float64) (lo, hi float64) {
	switch {
	case m.Time:
		return 0, duration
	case m.Fraction:
		return 0, 1
	}
	return 0, math.Inf(1)
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

// fractionMetric is a countMetric whose value lies in 0..1.
func fractionMetric(name, doc string, f func(r *RunResult) float64) Metric {
	m := countMetric(name, doc, f)
	m.Fraction = true
	return m
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
		fractionMetric("share_squads_broken", "share of squads with a man broken", func(r *RunResult) float64 { return r.ShareSquadsBroken }),
		countMetric("deaths", "men killed by the timeline", func(r *RunResult) float64 { return float64(r.Deaths) }),
	}
	for i, name := range squads {
		ms = append(ms, fractionMetric("squad_broke."+name, "1 when a man of "+name+" broke, else 0", func(r *RunResult) float64 {
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
	return find(Metrics(sc), func(m Metric) bool { return m.Name == name })
}

// RunSeed returns the seed of run index of a Monte-Carlo seeded with seed:
// a SplitMix64 of both, so that a run's fight depends on nothing else.
func RunSeed(seed uint64, index int) uint64 {
	z := seed + uint64(index+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// man is what a run keeps of one man of its fight, by the fight's index.
type man struct {
	state morale.State
	alive bool
	// lastBack is when he was last rallied or came back from a rout
	// (-Inf when never).
	lastBack      float64
	broke, routed bool
}

// tally turns a fight's changes of state and deaths into its RunResult: the
// one place where they count, for a scenario's fight (runner) and the
// demo's battle (GameRun) alike.
type tally struct {
	res     RunResult
	men     []man   // by the fight's index, grown as men appear
	brokeAt float64 // time of the first break, -1 before
	// The routs' chain so far, counted as they come (the clock never goes
	// back). A fight kept every rout's time until it ended, 8 bytes a rout
	// and a sorted copy: a squad of 20,000 routed and rallied every 0.05 s
	// held 1.4 GB for four fights.
	cascade cascade
	// unsteady counts the living men who are not Steady; squadUnsteady
	// those of each squad.
	unsteady      int
	squadUnsteady []int
	// rebreakWindow is the scenario's: a break this soon after a man came
	// back is a rebreak.
	rebreakWindow float64
}

// newTally returns the tally of a fight of the given seed and squads, its
// routs chained within cascadeWindow seconds.
func newTally(seed uint64, squads int, rebreakWindow, cascadeWindow float64) tally {
	return tally{brokeAt: -1, rebreakWindow: rebreakWindow, cascade: cascade{window: cascadeWindow}, squadUnsteady: make([]int, squads),
		res: RunResult{Seed: seed, SquadBroke: make([]bool, squads), SquadFirstBreak: make([]*float64, squads), SquadRouted: make([]int, squads)}}
}

// runner measures one fight: the fight itself is a game.ScenarioFight,
// the one implementation of a scenario's rules, which the demo's scenario
// scene plays too.
type runner struct {
	tally
	sc *Scenario
	w  *morale.World
	f  *game.ScenarioFight
	// anchors are the metrics measured after an event (res.After), and
	// watching says which of them have started.
	anchors  []anchor
	watching []bool
	// err is the first error of the fight, or the context's.
	err error
	// squadSums is sample's scratch: per sampled squad the morale sum, then
	// the number of living men.
	squadSums []float64
	// ctx stops the fight; tick, when set, is told the work done so far
	// (FightWork's units, at rate a simulated second when set) every
	// interval units (pollWork, or pollTerms when rate is not set).
	ctx                        context.Context
	tick                       func(work float64)
	work, poll, rate, interval float64
}

// check keeps the first error.
func (r *runner) check(err error) {
	if err != nil && r.err == nil {
		r.err = err
	}
}

// Run plays one fight of sc with settings s and the given seed, and returns
// its metrics (Index is left for the caller). It fails only when s does not
// validate.
func Run(sc *Scenario, s morale.Settings, seed uint64) (RunResult, error) {
	res, _, err := run(context.Background(), sc, sc.GameConfig(), s, seed, runOpts{})
	return res, err
}

// RunFight is Run, returning the fight too, played to the scenario's
// duration: its Digest is the demo's scenario scene's at the same time for
// the same settings and seed (game.Scenario.FightDigest), as the tests
// prove.
func RunFight(sc *Scenario, s morale.Settings, seed uint64) (RunResult, *game.ScenarioFight, error) {
	return run(context.Background(), sc, sc.GameConfig(), s, seed, runOpts{})
}

// runOpts are run's options.
type runOpts struct {
	// tick, when set, is told the work done so far (FightWork's units)
	// every pollWork units (what rate counts; else every pollTerms).
	tick func(work float64)
	// rate, when set, is the fight's work a simulated second (FightWorkWith
	// its settings, over the duration), which the work done counts; else it
	// counts the men stepped and the men each occurrence could reach.
	rate float64
	// named keeps RunResult.namedRouted.
	named bool
}

// run is Run for sc's game config cfg (GameConfig, made once per plan),
// stopping with ctx's error as soon as ctx is done (it looks every pollWork
// units of work, or every pollTerms of the men stepped and reached when
// opt.rate is not set) and telling opt.tick, when set, the work done so far as
// often.
func run(ctx context.Context, sc *Scenario, cfg *game.ScenarioConfig, s morale.Settings, seed uint64, opt runOpts) (RunResult, *game.ScenarioFight, error) {
	w, err := morale.NewWorld(s, seed)
	if err != nil {
		return RunResult{}, nil, err
	}
	r := &runner{tally: newTally(seed, len(sc.Squads), sc.RebreakWindow, sc.CascadeWindow), ctx: ctx, tick: opt.tick, rate: opt.rate, interval: pollTerms, sc: sc, w: w}
	if r.rate > 0 {
		r.interval = pollWork
	}
	r.poll = r.interval
	if r.anchors = anchors(sc); len(r.anchors) > 0 {
		r.res.After = make([]*float64, len(r.anchors))
		r.watching = make([]bool, len(r.anchors))
	}
	r.f = game.NewScenarioFight(cfg, w, seed)
	r.f.OnDeath(r.onDeath)
	w.OnStateChanged(r.onState)
	nSamples := samplesOf(sc.Duration, sc.Sample)
	r.res.Morale = make([]float64, 0, nSamples)
	r.res.SquadMorale = make([][]float64, min(len(sc.Squads), MaxSquadSeries))
	for i := range r.res.SquadMorale {
		r.res.SquadMorale[i] = make([]float64, 0, nSamples)
	}
	r.sample()
	for next := 1; next < nSamples && r.err == nil; next++ {
		r.advanceTo(float64(next) * sc.Sample)
		r.sample()
	}
	r.advanceTo(sc.Duration)
	r.check(r.f.Err())
	r.res.Agents = r.f.Men()
	r.res.Deaths = r.f.Deaths()
	r.finish()
	if opt.named {
		for _, nm := range NamedMen(sc) {
			r.res.namedRouted = append(r.res.namedRouted, nm.Index < len(r.men) && r.men[nm.Index].routed)
		}
	}
	if r.err != nil {
		if ctx.Err() != nil {
			return RunResult{}, nil, ctx.Err()
		}
		return RunResult{}, nil, fmt.Errorf("seed %d: %w", seed, r.err)
	}
	return r.res, r.f, nil
}

// maxAdvance is the longest stretch of simulated time a run hands the
// fight at once, in seconds: short enough that a fight of many men looks at
// its context often.
const maxAdvance = 1.0

// advanceTo runs the fight to time t, in stretches of at most maxAdvance
// seconds, counting the work (the men stepped, the men each occurrence
// reaches) and polling between them.
func (r *runner) advanceTo(t float64) {
	for now := r.f.Now(); t > now && r.err == nil; now = r.f.Now() {
		to := math.Min(t, now+maxAdvance)
		for i, a := range r.anchors {
			if !r.watching[i] && a.t > now {
				to = math.Min(to, a.t)
			}
		}
		applied := r.f.Applied()
		r.f.AdvanceTo(to)
		work := float64(r.w.Len())*(to-now) + float64(r.f.Applied()-applied)*float64(r.f.Men())
		if r.rate > 0 {
			work = r.rate * (to - now)
		}
		r.count(work)
		r.watch(to)
		if to == t && r.f.Now() == now {
			// t lies within half a tick of now (0.21000000000000002 when
			// now is the tick of 0.21): the fight's clock, which counts
			// whole ticks, is at t's tick already and can go no nearer.
			break
		}
	}
}

// count adds work done and, every interval units, stops the fight if its
// context is done and reports the work.
func (r *runner) count(work float64) {
	r.work += work
	if r.work < r.poll {
		return
	}
	r.poll = r.work + r.interval
	if err := r.ctx.Err(); err != nil {
		r.check(err)
	}
	if r.tick != nil {
		r.tick(r.work)
	}
}

// manAt returns the record of fight man i, growing the records to him.
func (t *tally) manAt(i int) *man {
	for len(t.men) <= i {
		t.men = append(t.men, man{alive: true, lastBack: math.Inf(-1)})
	}
	return &t.men[i]
}

// died records the death of man i of squad, and reports whether he was not
// Steady (so that his squad may be all Steady now).
func (t *tally) died(i, squad int) bool {
	m := t.manAt(i)
	m.alive = false
	if m.state == morale.Steady {
		return false
	}
	t.unsteady--
	t.squadUnsteady[squad]--
	return true
}

// onDeath is told the index of every man who dies, before he leaves the
// World.
func (r *runner) onDeath(i int) {
	if r.died(i, r.f.Squad(i)) {
		r.steadied(r.f.Squad(i), r.w.Now())
	}
}

// watch starts the metrics measured after an event whose time has come
// (now, the fight's time): a squad already Steady then counts 0 s.
func (r *runner) watch(now float64) {
	for i, a := range r.anchors {
		if !r.watching[i] && a.t <= now+1e-9 {
			r.watching[i] = true
			r.steadied(a.squad, a.t)
		}
	}
}

// steadied sets, at time t, the metrics measured after an event of squad
// (-1: every man) that are watching and whose men are all Steady now.
func (r *runner) steadied(squad int, t float64) {
	for i, a := range r.anchors {
		if !r.watching[i] || r.res.After[i] != nil || (a.squad >= 0 && a.squad != squad && squad >= 0) {
			continue
		}
		if (a.squad < 0 && r.unsteady == 0) || (a.squad >= 0 && r.squadUnsteady[a.squad] == 0) {
			v := math.Max(0, t-a.t)
			r.res.After[i] = &v
		}
	}
}

func (r *runner) onState(a *morale.Agent, old, st morale.State, why morale.Reason) {
	if i, ok := r.f.Man(a); ok && r.changed(i, r.f.Squad(i), old, st, r.w.Now(), why.Kind == morale.ByRally) {
		r.steadied(r.f.Squad(i), r.w.Now())
	}
}

// changed records that man i of squad went from old to st at time t
// (rallied: by a rally), and reports whether he turned Steady.
func (t *tally) changed(i, squad int, old, st morale.State, now float64, rallied bool) (steady bool) {
	m := t.manAt(i)
	if m.state == morale.Steady && st != morale.Steady {
		t.unsteady++
		t.squadUnsteady[squad]++
	} else if m.state != morale.Steady && st == morale.Steady {
		t.unsteady--
		t.squadUnsteady[squad]--
		steady = true
	}
	m.state = st
	set := func(p **float64) {
		if *p == nil {
			v := now
			*p = &v
		}
	}
	switch st {
	case morale.Shaken:
		set(&t.res.FirstShaken)
	case morale.Panicked:
		set(&t.res.FirstPanicked)
	case morale.Routed:
		set(&t.res.FirstRouted)
		if !m.routed {
			m.routed = true
			t.res.Routed++
			t.res.SquadRouted[squad]++
		}
		t.res.LargestCascade = t.cascade.rout(now)
	}
	if st.IsBroken() && !old.IsBroken() {
		if !m.broke {
			m.broke = true
			t.res.Broke++
			t.res.SquadBroke[squad] = true
			set(&t.res.SquadFirstBreak[squad])
		}
		if t.brokeAt < 0 {
			t.brokeAt = now
		}
		if now-m.lastBack <= t.rebreakWindow {
			t.res.Rebreaks++
			m.lastBack = math.Inf(-1)
		}
	}
	if rallied || (old == morale.Routed && st != morale.Routed) {
		m.lastBack = now
	}
	if st == morale.Steady && t.brokeAt >= 0 && t.res.BackToSteady == nil && t.unsteady == 0 {
		v := now - t.brokeAt
		t.res.BackToSteady = &v
	}
	return steady
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
	for i := range r.f.Men() {
		if a := r.f.Agent(i); a != nil {
			v := a.Morale()
			sum += v
			n++
			if s := r.f.Squad(i); s < k {
				sq[s] += v
				sq[k+s]++
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

// finish computes the metrics of the whole fight.
func (t *tally) finish() {
	broken := 0
	for _, b := range t.res.SquadBroke {
		if b {
			broken++
		}
	}
	if len(t.res.SquadBroke) > 0 {
		t.res.ShareSquadsBroken = float64(broken) / float64(len(t.res.SquadBroke))
	}
}

// cascade is the one rule of a rout cascade: a chain of routs in which each
// comes at most window seconds after the one before. It takes the routs'
// times one at a time, in order, and keeps only the chain's end.
type cascade struct {
	window  float64
	last    float64 // the last rout's time
	chain   int     // the length of the chain that ends there; 0 before a rout
	largest int     // the largest chain so far
}

// rout records a rout at time t, no earlier than the one before, and
// returns the largest chain so far.
func (c *cascade) rout(t float64) int {
	if c.chain > 0 && t-c.last <= c.window {
		c.chain++
	} else {
		c.chain = 1
	}
	c.last = t
	c.largest = max(c.largest, c.chain)
	return c.largest
}

// LargestCascade returns the size of the largest chain of routs in which each
// rout comes at most window seconds after the one before; times need not be
// sorted. No routs give 0. It counts as a fight does (RunResult.LargestCascade).
func LargestCascade(times []float64, window float64) int {
	t := append([]float64(nil), times...)
	sort.Float64s(t)
	c := cascade{window: window}
	for _, v := range t {
		c.rout(v)
	}
	return c.largest
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
