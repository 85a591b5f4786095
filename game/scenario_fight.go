package game

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/moralebreak/moralebreak/internal/words"
	"github.com/moralebreak/moralebreak/morale"
)

// worldTicksPerSecond is the resolution of the morale World's clock: "The
// clock counts whole ticks of 1/705,600,000 s" (morale.World). A
// ScenarioFight moves the World to whole ticks of its own reckoning, so
// that an occurrence at time t lands on the same tick however the time up
// to it was cut (TestScenarioFightTicksAreTheWorlds holds the two equal).
const worldTicksPerSecond = 705600000

// maxAdvanceTicks is the longest one call of World.Advance a fight makes:
// one second, at most 1000 steps at the shortest step, far below
// morale.MaxAdvanceSteps.
const maxAdvanceTicks = worldTicksPerSecond

// ScenarioFight plays a ScenarioConfig on a morale World: it spawns the
// squads in their formations, expands the timeline into occurrences
// (jittered with its own random source) and carries each out when the
// World's clock reaches it. It is the one implementation of a scenario
// fight's rules: the balance lab's run measures one (lab.Run), and the
// demo's scenario scene plays one on its battle's World, so that the same
// scenario, settings and seed give the same fight, bit for bit, however the
// time is cut (the lab advances to its samples, the scene by sub-ticks).
//
// A ScenarioFight is not safe for concurrent use.
type ScenarioFight struct {
	cfg *ScenarioConfig
	w   *morale.World
	src *rand.PCG // rng's source, kept for clone
	rng *rand.Rand

	men     []scenarioMan
	byAgent map[*morale.Agent]int
	byName  map[string]int
	squadOf map[string]int

	occ     []scenarioOccurrence // sorted by time, then file order
	next    int                  // the first occurrence not yet carried out
	ticks   int64                // the World's clock, in its ticks
	deaths  int
	onDeath func(i int)
	onNews  func(k int, at morale.Vec2, hasAt bool)
	err     error
	ids     []morale.SquadID // scratch: a squad filter
}

// scenarioMan is one man of a fight.
type scenarioMan struct {
	agent  *morale.Agent
	squad  int
	name   string
	pos    morale.Vec2
	nerve  float64
	alive  bool
	leader bool
}

// scenarioOccurrence is one scheduled happening of an event.
type scenarioOccurrence struct {
	t float64
	// ev is the index of the event, k the repetition.
	ev, k int32
}

// NewScenarioFight starts cfg's fight on w, an empty World made with the
// fight's settings and seed (morale.NewWorld(s, seed)), at its time 0:
// the squads are spawned and the timeline scheduled. cfg must be valid
// (Validate) and stays shared: do not modify it. seed seeds the fight's own
// random source (nerves rolled from a range, jitter, spread, the victims of
// a death), apart from the World's.
func NewScenarioFight(cfg *ScenarioConfig, w *morale.World, seed uint64) *ScenarioFight {
	f := &ScenarioFight{cfg: cfg, w: w, src: rand.NewPCG(seed, 0x6c6162),
		byAgent: map[*morale.Agent]int{}, byName: map[string]int{}, squadOf: map[string]int{}}
	f.rng = rand.New(f.src)
	for i := range cfg.Squads {
		f.squadOf[cfg.Squads[i].Name] = i
	}
	for i := range cfg.Squads {
		f.spawnSquad(i, cfg.Squads[i].Size, cfg.Squads[i].At, 0)
	}
	f.schedule()
	return f
}

// Config returns the fight's scenario. Do not modify it.
func (f *ScenarioFight) Config() *ScenarioConfig { return f.cfg }

// Now returns the fight's time, in seconds: where AdvanceTo last took it.
func (f *ScenarioFight) Now() float64 { return float64(f.ticks) / worldTicksPerSecond }

// Men returns the number of men the fight has had: those of the squads and
// every reinforcement so far, the dead included. Men are numbered 0.. in
// spawn order.
func (f *ScenarioFight) Men() int { return len(f.men) }

// Deaths returns how many men have died.
func (f *ScenarioFight) Deaths() int { return f.deaths }

// Applied returns how many occurrences of the timeline have been carried
// out.
func (f *ScenarioFight) Applied() int { return f.next }

// Man returns the index of the man of agent a; ok is false for an agent
// that is not one of the fight's.
func (f *ScenarioFight) Man(a *morale.Agent) (i int, ok bool) {
	i, ok = f.byAgent[a]
	return i, ok
}

// Squad returns the squad of man i (0 ≤ i < Men): its index in the
// config.
func (f *ScenarioFight) Squad(i int) int { return f.men[i].squad }

// Agent returns man i's agent, nil once he has died.
func (f *ScenarioFight) Agent(i int) *morale.Agent {
	if m := &f.men[i]; m.alive {
		return m.agent
	}
	return nil
}

// Err returns the first error the World returned (a report it refused),
// nil when none did.
func (f *ScenarioFight) Err() error { return f.err }

// OnDeath registers fn to be called with the index of every man who dies,
// before his death's news and before he leaves the World (one function;
// nil removes it).
func (f *ScenarioFight) OnDeath(fn func(i int)) { f.onDeath = fn }

// onNewsAt, when set, is told every occurrence carried out: the index of
// its event and its location (hasAt) as scattered. The scene draws and
// logs them.
func (f *ScenarioFight) onNewsAt(fn func(k int, at morale.Vec2, hasAt bool)) {
	f.onNews = fn
}

// AdvanceTo runs the fight to time t (seconds; a time not after Now does
// nothing): it carries out, in order, every occurrence due at or before t,
// each once the World's clock stands at its time, and then moves the World
// on to t. However the way to a time is cut into calls, the World is moved
// to the same ticks and told the same things.
func (f *ScenarioFight) AdvanceTo(t float64) {
	for f.next < len(f.occ) && f.occ[f.next].t <= t {
		o := f.occ[f.next]
		f.advance(o.t)
		f.next++
		f.apply(int(o.ev))
	}
	f.advance(t)
}

// advance moves the World's clock to the tick of time t, in calls of at
// most maxAdvanceTicks.
func (f *ScenarioFight) advance(t float64) {
	target := int64(math.Round(t * worldTicksPerSecond))
	for f.ticks < target {
		n := min(target-f.ticks, maxAdvanceTicks)
		f.w.Advance(float64(n) / worldTicksPerSecond) // rounds back to n ticks
		f.ticks += n
	}
}

// check keeps the first error of a call to the World.
func (f *ScenarioFight) check(err error) {
	if err != nil && f.err == nil {
		f.err = err
	}
}

// spawnSquad adds n men to squad i around at; first is the index of the
// first new man within the squad (0 at the start).
func (f *ScenarioFight) spawnSquad(i, n int, at morale.Vec2, first int) {
	sq := &f.cfg.Squads[i]
	pos := scenarioFormation(sq.Formation, n, at, sq.Spacing)
	for j := 0; j < n; j++ {
		k := first + j
		var opts []morale.SpawnOption
		if k < len(sq.Nerves) {
			opts = append(opts, morale.WithNerve(sq.Nerves[k]))
		} else if sq.NerveRange != nil {
			lo, hi := sq.NerveRange[0], sq.NerveRange[1]
			opts = append(opts, morale.WithNerve(lo+(hi-lo)*f.rng.Float64()))
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
		a := f.w.Spawn(morale.SquadID(i+1), pos[j], opts...)
		m := scenarioMan{agent: a, squad: i, pos: pos[j], nerve: a.Nerve(), alive: true, leader: sq.Leader && k == 0}
		if k < len(sq.Names) {
			m.name = sq.Names[k]
			f.byName[m.name] = len(f.men)
		}
		f.byAgent[a] = len(f.men)
		f.men = append(f.men, m)
	}
}

// scenarioFormation returns n positions of the named formation centred on
// at.
func scenarioFormation(kind string, n int, at morale.Vec2, spacing float64) []morale.Vec2 {
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

// schedule expands the timeline into occurrences, jittered with the fight's
// random source, sorted by time and then file order.
func (f *ScenarioFight) schedule() {
	total := 0
	for i := range f.cfg.Events {
		total += f.cfg.Events[i].Occurrences(f.cfg.Duration)
	}
	f.occ = make([]scenarioOccurrence, 0, total)
	for i := range f.cfg.Events {
		ev := &f.cfg.Events[i]
		n := ev.Occurrences(f.cfg.Duration)
		for k := 0; k < n; k++ {
			t := ev.T + float64(k)*ev.Every
			if ev.Jitter > 0 {
				t += ev.Jitter * (2*f.rng.Float64() - 1)
			}
			t = math.Max(0, math.Min(t, f.cfg.Duration))
			f.occ = append(f.occ, scenarioOccurrence{t: t, ev: int32(i), k: int32(k)})
		}
	}
	slices.SortFunc(f.occ, func(a, b scenarioOccurrence) int {
		if c := cmp.Compare(a.t, b.t); c != 0 {
			return c
		}
		if c := cmp.Compare(a.ev, b.ev); c != 0 {
			return c
		}
		return cmp.Compare(a.k, b.k)
	})
}

// living returns the indices of the living men of squad ("" for all), in
// spawn order.
func (f *ScenarioFight) living(squad string) []int {
	si := -1
	if squad != "" {
		si = f.squadOf[squad]
	}
	var out []int
	for i := range f.men {
		if m := &f.men[i]; m.alive && (si < 0 || m.squad == si) {
			out = append(out, i)
		}
	}
	return out
}

// location returns the occurrence's location, scattered by Spread.
func (f *ScenarioFight) location(ev *ScenarioEvent) morale.Vec2 {
	at := ev.At
	if ev.Spread > 0 {
		at.X += ev.Spread * (2*f.rng.Float64() - 1)
		at.Y += ev.Spread * (2*f.rng.Float64() - 1)
	}
	return at
}

// squadIDs returns the SquadIDs of the named squads (nil for none: every
// squad), in f.ids.
func (f *ScenarioFight) squadIDs(names []string) []morale.SquadID {
	if len(names) == 0 {
		return nil
	}
	f.ids = f.ids[:0]
	for _, n := range names {
		f.ids = append(f.ids, morale.SquadID(f.squadOf[n]+1))
	}
	return f.ids
}

// named returns the index of the living man called name, ok false when he
// is dead or unknown.
func (f *ScenarioFight) named(name string) (int, bool) {
	i, ok := f.byName[name]
	return i, ok && f.men[i].alive
}

// apply carries out one occurrence of event k.
func (f *ScenarioFight) apply(k int) {
	ev := &f.cfg.Events[k]
	at, hasAt := ev.At, false
	switch ev.Do {
	case "event":
		switch {
		case ev.HasAt:
			at, hasAt = f.location(ev), true
			f.check(f.w.ReportEventAtLocation(ev.Event, at, ev.Radius, f.squadIDs(ev.Squads), ev.Scale))
		case ev.Agent != "":
			if i, ok := f.named(ev.Agent); ok {
				f.check(f.men[i].agent.ReportEvent(ev.Event, ev.Scale))
			}
		default:
			for _, i := range f.living(ev.Squad) {
				f.check(f.men[i].agent.ReportEvent(ev.Event, ev.Scale))
			}
		}
	case "death":
		var victims []int
		switch {
		case ev.Agent != "":
			if i, ok := f.named(ev.Agent); ok {
				victims = []int{i}
			}
		case ev.Squad != "":
			victims = f.pick(f.living(ev.Squad), ev.Count)
		default:
			at, hasAt = f.location(ev), true
			radius := ev.Radius
			if radius <= 0 {
				radius = f.w.Settings().FullEffectRadius
			}
			var near []int
			for i := range f.men {
				if m := &f.men[i]; m.alive && m.pos.Dist(at) <= radius {
					near = append(near, i)
				}
			}
			victims = f.pick(near, ev.Count)
		}
		for _, i := range victims {
			f.kill(i, ev.Squads)
		}
	case "rally":
		if ev.Agent != "" {
			if i, ok := f.named(ev.Agent); ok {
				f.men[i].agent.Rally()
			}
		} else {
			f.w.RallySquad(morale.SquadID(f.squadOf[ev.Squad] + 1))
		}
	case "rout":
		if ev.Agent != "" {
			if i, ok := f.named(ev.Agent); ok {
				f.men[i].agent.ForceRout()
			}
		} else {
			for _, i := range f.living(ev.Squad) {
				f.men[i].agent.ForceRout()
			}
		}
	case "reinforce":
		si := f.squadOf[ev.Squad]
		at, hasAt = f.cfg.Squads[si].At, true
		if ev.HasAt {
			at = f.location(ev)
		}
		f.reinforce(si, ev.Count, at, ev.Event, ev.Radius, ev.Scale)
	}
	if f.onNews != nil {
		f.onNews(k, at, hasAt)
	}
}

// reinforce adds n men to squad si at at and reports news (scaled) at
// their location to that squad, within radius.
func (f *ScenarioFight) reinforce(si, n int, at morale.Vec2, news morale.Event, radius, scale float64) {
	first := 0
	for i := range f.men {
		if f.men[i].squad == si {
			first++
		}
	}
	f.spawnSquad(si, n, at, first)
	f.check(f.w.ReportEventAtLocation(news, at, radius, []morale.SquadID{morale.SquadID(si + 1)}, scale))
}

// pick returns n of men chosen with the fight's random source (all when
// fewer).
func (f *ScenarioFight) pick(men []int, n int) []int {
	if n >= len(men) {
		return men
	}
	for i := 0; i < n; i++ {
		j := i + f.rng.IntN(len(men)-i)
		men[i], men[j] = men[j], men[i]
	}
	return men[:n]
}

// kill reports man i's death (AllyDown, or LeaderDown for a leader) at his
// location, with the default reach and distance falloff, to every squad
// within reach (or only to squads when some are named); then he leaves the
// World.
func (f *ScenarioFight) kill(i int, squads []string) {
	m := &f.men[i]
	e := morale.AllyDown
	if m.leader {
		e = morale.LeaderDown
	}
	if f.onDeath != nil {
		f.onDeath(i) // as he falls: before the news of his own death
	}
	f.check(f.w.ReportEventAtLocation(e, m.pos, 0, f.squadIDs(squads), 1))
	f.deaths++
	m.alive = false
	m.nerve = m.agent.Nerve()
	delete(f.byAgent, m.agent)
	f.w.Remove(m.agent)
}

// Digest returns a SHA-256, in hex, of the fight's exact bits: its clock,
// the occurrences carried out, the deaths, and every man's alive flag,
// state, morale and nerve. Two fights with equal digests are, to the bit,
// in the same place.
func (f *ScenarioFight) Digest() string {
	h := sha256.New()
	var buf [8]byte
	f.digest(func(v uint64) {
		binary.LittleEndian.PutUint64(buf[:], v)
		h.Write(buf[:])
	})
	return hex.EncodeToString(h.Sum(nil))
}

// digest writes the fight's exact bits through put (Digest).
func (f *ScenarioFight) digest(put func(uint64)) {
	put(uint64(f.ticks))
	put(uint64(f.next))
	put(uint64(f.deaths))
	put(uint64(len(f.men)))
	for i := range f.men {
		m := &f.men[i]
		putMan(put, m.alive, m.agent, m.nerve)
	}
}

// clone returns a copy of f on w, a clone of its World: agent maps each
// agent to the clone's. The config and the schedule are shared (nothing
// changes them); listeners are not copied.
func (f *ScenarioFight) clone(w *morale.World, agent func(*morale.Agent) *morale.Agent) *ScenarioFight {
	c := *f
	c.w = w
	src := *f.src
	c.src = &src
	c.rng = rand.New(c.src)
	c.men = slices.Clone(f.men)
	c.byAgent = make(map[*morale.Agent]int, len(f.byAgent))
	for i := range c.men {
		c.men[i].agent = agent(c.men[i].agent)
		if c.men[i].alive {
			c.byAgent[c.men[i].agent] = i
		}
	}
	c.onDeath, c.onNews, c.ids = nil, nil, nil
	return &c
}

// String describes the fight for logs: "line: 24 men in 3 squads, 61
// occurrences, at 12.00 s".
func (f *ScenarioFight) String() string {
	return fmt.Sprintf("%s: %s in %s, %s, at %.2f s", f.cfg.Name, words.Count(len(f.men), "man", "men"),
		words.Count(len(f.cfg.Squads), "squad", "squads"), words.Count(len(f.occ), "occurrence", "occurrences"), f.Now())
}
