package game

import (
	"fmt"
	"math"
	"slices"

	"github.com/moralebreak/moralebreak/internal/figures"
	"github.com/moralebreak/moralebreak/internal/words"
	"github.com/moralebreak/moralebreak/morale"
)

// ScenarioHistoryMen is the most men a scenario scene keeps a morale
// history of, one line each in the timeline: a larger scenario keeps its
// state changes only.
const ScenarioHistoryMen = 2000

// scenarioLedgerMen is the most men a scenario scene keeps the cause
// ledger for (Why): beyond, it stays off, as in the armies, and Why
// explains no one.
const scenarioLedgerMen = 2000

// NewsSeconds is how long, in seconds, an occurrence of the timeline stays
// in Scenario.AppendNews.
const NewsSeconds = 1.5

// newsCap bounds the occurrences kept for AppendNews.
const newsCap = 64

// fieldMargin is the space, in cm, a scenario's field leaves around its
// squads and the locations of its timeline; scenarioFieldW × H its least
// size (half the opening's field: the squads of a scenario stand close).
const (
	fieldMargin    = 600.0
	scenarioFieldW = fieldW / 2
	scenarioFieldH = fieldH / 2
)

// Scenario is the scene of Config.Scene SceneScenario: a scenario fight
// (Config.Scenario) on the battle's World, played by a ScenarioFight, the
// same as the balance lab's (lab.Run) for the same settings and seed. The
// men stand in their squads' formations and the timeline's events happen
// at their times; the player's commands (Kill, ForceRout, Shell, Rally,
// Reinforce, SetSettings) act on it as in the opening, a Kill by the
// fight's own rule for a death. After the scenario's duration the fight
// runs on with no more events. Its exported methods only read: the battle
// changes it (Battle.Tick, Battle.Apply). Get it from Battle.Scene or
// View.Scene.
type Scenario struct {
	b     *Battle
	fight *ScenarioFight
	// origin is the scenario point at field (0, 0); size the field's size.
	origin, size morale.Vec2
	// barks are each man's last bark and its sub-tick.
	barks []scenarioBark
	// flights are each man's run from his place (fleeOffset): cosmetic,
	// the World keeps him at his place.
	flights []flight
	news    ring[newsEntry]
	over    bool // the duration has passed
	failed  bool // the fight's error went to the battle's Err
}

// A routed man of a lab fight is drawn running away from the enemy (-X,
// the enemy is at +X; each man a little aside, fleeSpread, and a little
// faster or slower, fleeSpeedSpread) at about FleeSpeed cm/s, up to about
// FleeMax cm from his place in the formation, and once he stops routing
// walking back to it at ReturnSpeed. It is cosmetic: the World, whose positions the scenario's
// events and deaths reach by, keeps him at his place, so that the fight is
// the one moralesim plays (its digest too); his view (AppendSoldiers) and
// a click (soldierAt) find him where he is drawn.
const (
	FleeSpeed   = 300.0
	FleeMax     = 1500.0
	ReturnSpeed = 120.0
	// fleeSpread is the most a man's run turns aside, in radians;
	// fleeSpeedSpread the most his speed and reach differ from the
	// others', as a fraction.
	fleeSpread      = 0.45
	fleeSpeedSpread = 0.25
)

// flight is a man's run: since the sub-tick since he turned Routed
// (routed) or stopped routing, from the distance he was from his place
// then.
type flight struct {
	since  int64
	from   float64
	routed bool
}

// at is the flight's distance from his place at sub-tick now.
func (f flight) at(now int64) float64 {
	dt := float64(now-f.since) / SubTicksPerSecond
	if f.routed {
		return min(FleeMax, f.from+FleeSpeed*dt)
	}
	return max(0, f.from-ReturnSpeed*dt)
}

// manPos is where man i is drawn, in field cm: his place, or on his run
// away from it (flight), his own way (a fraction of the golden ratio of
// his index: the same every run), kept on the field.
func (s *Scenario) manPos(i int) morale.Vec2 {
	p := s.toField(s.fight.men[i].pos)
	if i >= len(s.flights) {
		return p
	}
	d := s.flights[i].at(s.b.now)
	if d == 0 {
		return p
	}
	u := math.Mod(float64(i)*0.6180339887498949, 1) // 0..1, spread evenly
	d *= 1 + fleeSpeedSpread*(2*u-1)
	a := fleeSpread * (2*math.Mod(u*7, 1) - 1)
	p.X = max(0, p.X-d*math.Cos(a))
	p.Y = min(max(0, p.Y+d*math.Sin(a)), s.size.Y)
	return p
}

// scenarioBark is a man's last bark.
type scenarioBark struct {
	line string
	at   int64
}

// newsEntry is one occurrence carried out, for AppendNews.
type newsEntry struct {
	ev    int32 // index of the event in the config
	at    morale.Vec2
	hasAt bool
	t     int64
}

// NewsView is an occurrence of the scenario's timeline carried out in the
// last NewsSeconds, for drawing.
type NewsView struct {
	// Label says what happened: "Suppressed ×0.5", "death", "rally
	// centre", …
	Label string
	// At is where, in field cm, when HasAt; Radius its reach (0: the
	// settings' reach, or FullEffectRadius for a death).
	At     morale.Vec2
	HasAt  bool
	Radius float64
	// Age is the time since, in seconds (0..NewsSeconds).
	Age float64
}

// ScenarioSquadView is a read-only copy of one squad of the scenario
// scene.
type ScenarioSquadView struct {
	// Name is its name in the scenario; Index its place there (its
	// SquadID is Index+1).
	Name  string
	Index int
	// At is the centre of its formation, in field cm.
	At morale.Vec2
	// Men and Alive count its men, all and living; Broken the living who
	// are Panicked or Routed.
	Men, Alive, Broken int
}

// newScenario sets the scenario up in b's fresh World.
func newScenario(b *Battle) *Scenario {
	cfg := b.cfg.Scenario
	s := &Scenario{b: b, news: newRing[newsEntry](newsCap)}
	b.squads = nil // a report at a location reaches every squad
	s.fight = NewScenarioFight(cfg, b.world, b.cfg.Seed)
	s.origin, s.size = scenarioField(cfg, s.fight)
	s.barks = make([]scenarioBark, s.fight.Men())
	s.flights = make([]flight, s.fight.Men())
	s.listen()
	if s.fight.Men() <= ScenarioHistoryMen {
		b.history.grow(s.fight.Men())
	}
	s.sample()
	b.logf("Seed %d: scenario %s, %s in %s, %s s.", b.cfg.Seed, quote(cfg.Name), words.Count(s.fight.Men(), "man", "men"), words.Count(len(cfg.Squads), "squad", "squads"), figures.Format(cfg.Duration, 4))
	return s
}

// scenarioField returns the field around cfg's squads and the locations of
// its timeline: its origin in scenario coordinates and its size, with a
// margin, at least scenarioFieldW × scenarioFieldH and of the opening's
// aspect or wider.
func scenarioField(cfg *ScenarioConfig, f *ScenarioFight) (origin, size morale.Vec2) {
	lo := morale.Vec2{X: math.Inf(1), Y: math.Inf(1)}
	hi := morale.Vec2{X: math.Inf(-1), Y: math.Inf(-1)}
	add := func(p morale.Vec2) {
		lo.X, lo.Y = math.Min(lo.X, p.X), math.Min(lo.Y, p.Y)
		hi.X, hi.Y = math.Max(hi.X, p.X), math.Max(hi.Y, p.Y)
	}
	for i := range f.men {
		add(f.men[i].pos)
	}
	for i := range cfg.Events {
		if ev := &cfg.Events[i]; ev.HasAt {
			add(ev.At)
		}
	}
	w := math.Max(hi.X-lo.X+2*fieldMargin, scenarioFieldW)
	h := math.Max(hi.Y-lo.Y+2*fieldMargin, scenarioFieldH)
	if w/h < fieldW/fieldH {
		w = h * fieldW / fieldH
	} else {
		h = math.Max(h, w*fieldH/fieldW*0.5)
	}
	c := morale.Vec2{X: (lo.X + hi.X) / 2, Y: (lo.Y + hi.Y) / 2}
	return morale.Vec2{X: c.X - w/2, Y: c.Y - h/2}, morale.Vec2{X: w, Y: h}
}

// Name returns SceneScenario.
func (s *Scenario) Name() string { return SceneScenario }

// ClockDecimals returns 1: a scenario's clock in tenths of a second.
func (s *Scenario) ClockDecimals() int { return 1 }

// Config returns the scenario the scene plays. Do not modify it.
func (s *Scenario) Config() *ScenarioConfig { return s.fight.cfg }

// Over reports whether the scenario's duration has passed: its timeline
// has no more events.
func (s *Scenario) Over() bool { return s.over }

// FightDigest returns the fight's digest (ScenarioFight.Digest): equal to
// the lab's for the same scenario, settings and seed at the same time.
func (s *Scenario) FightDigest() string { return s.fight.Digest() }

// toField maps a scenario point to the field's cm.
func (s *Scenario) toField(p morale.Vec2) morale.Vec2 {
	return morale.Vec2{X: p.X - s.origin.X, Y: p.Y - s.origin.Y}
}

// Soldiers returns a view of every man, dead ones included, indexed by ID
// (spawn order), in a new slice. AppendSoldiers reuses the caller's.
func (s *Scenario) Soldiers() []SoldierView { return s.AppendSoldiers(nil) }

// AppendSoldiers appends a view of every man, dead ones included, to dst
// in ID order and returns it: his name (the scenario's, or "squad#k"), his
// place in the formation, morale, nerve, state and bark. It changes
// nothing.
func (s *Scenario) AppendSoldiers(dst []SoldierView) []SoldierView {
	now := s.b.now
	for i := range s.fight.men {
		m := &s.fight.men[i]
		v := SoldierView{ID: i, Name: s.manName(i), Leader: m.leader, Alive: m.alive, Pos: s.manPos(i), Nerve: m.nerve}
		if i < len(s.flights) && s.flights[i].routed && m.alive {
			v.Facing = math.Pi // running away
		}
		if m.alive {
			v.Health, v.Morale, v.Nerve, v.State = 1, m.agent.Morale(), m.agent.Nerve(), m.agent.State()
		}
		if i < len(s.barks) && s.barks[i].line != "" {
			if age := float64(now-s.barks[i].at) / SubTicksPerSecond; age < BarkSeconds {
				v.Bark, v.BarkAge = s.barks[i].line, age
			}
		}
		dst = append(dst, v)
	}
	return dst
}

// AppendSquads appends every squad, in the scenario's order, to dst and
// returns it. It changes nothing.
func (s *Scenario) AppendSquads(dst []ScenarioSquadView) []ScenarioSquadView {
	start := len(dst)
	for i := range s.fight.cfg.Squads {
		sq := &s.fight.cfg.Squads[i]
		dst = append(dst, ScenarioSquadView{Name: sq.Name, Index: i, At: s.toField(sq.At)})
	}
	for i := range s.fight.men {
		m := &s.fight.men[i]
		v := &dst[start+m.squad]
		v.Men++
		if m.alive {
			v.Alive++
			if brokenState(m.agent.State()) {
				v.Broken++
			}
		}
	}
	return dst
}

// AppendSquadOf appends each man's squad, as its index in the scenario
// (ScenarioSquadView.Index), to dst in ID order and returns it. It changes
// nothing.
func (s *Scenario) AppendSquadOf(dst []int) []int {
	for i := range s.fight.men {
		dst = append(dst, s.fight.men[i].squad)
	}
	return dst
}

// AppendNews appends the occurrences of the timeline carried out in the
// last NewsSeconds, oldest first, to dst and returns it. It changes
// nothing.
func (s *Scenario) AppendNews(dst []NewsView) []NewsView {
	for i := range s.news.len() {
		e := s.news.at(i)
		age := float64(s.b.now-e.t) / SubTicksPerSecond
		if age >= NewsSeconds {
			continue
		}
		ev := &s.fight.cfg.Events[e.ev]
		dst = append(dst, NewsView{Label: newsLabel(ev), At: s.toField(e.at), HasAt: e.hasAt, Radius: ev.Radius, Age: age})
	}
	return dst
}

// newsLabel says what an occurrence of ev does, in a few words.
func newsLabel(ev *ScenarioEvent) string {
	target := ev.Agent
	if target == "" {
		target = ev.Squad
	}
	switch ev.Do {
	case "event":
		l := string(ev.Event)
		if ev.Scale != 1 {
			l += " ×" + figures.Format(ev.Scale, 4)
		}
		if target != "" {
			l += " → " + target
		}
		return l
	case "death":
		if ev.Agent != "" {
			return ev.Agent + " dies"
		}
		if ev.Count == 1 {
			return "a man dies"
		}
		return fmt.Sprintf("%d men die", ev.Count)
	case "reinforce":
		if ev.Count == 1 {
			return "a man reinforces " + ev.Squad
		}
		return fmt.Sprintf("%d men reinforce %s", ev.Count, ev.Squad)
	}
	return ev.Do + " " + target
}

// manName is man i's name: the scenario's, or "squad#k" (his place in his
// squad, from 1).
func (s *Scenario) manName(i int) string {
	m := &s.fight.men[i]
	if m.name != "" {
		return m.name
	}
	k := 0
	for j := 0; j < i; j++ {
		if s.fight.men[j].squad == m.squad {
			k++
		}
	}
	return fmt.Sprintf("%s#%d", s.fight.cfg.Squads[m.squad].Name, k+1)
}

// step is the scenario's sub-tick: the fight to the battle's time (the
// timeline's occurrences due, the World's 1/240 s), the samples.
func (s *Scenario) step() {
	b := s.b
	s.fight.AdvanceTo(b.Time())
	if err := s.fight.Err(); err != nil && !s.failed {
		s.failed = true
		b.fail(fmt.Errorf("game: scenario %s: %w", quote(s.fight.cfg.Name), err))
	}
	if b.now%(SubTicksPerSecond*HistoryInterval) == 0 {
		s.sample()
	} else {
		b.history.advance(b.Time())
	}
	if !s.over && b.Time() >= s.fight.cfg.Duration {
		s.over = true
		b.logf("The scenario's %s s are over: no more events; the fight runs on.", figures.Format(s.fight.cfg.Duration, 4))
	}
}

// sample records every living man's morale in the history (up to
// ScenarioHistoryMen men).
func (s *Scenario) sample() {
	t := s.b.Time()
	s.b.history.advance(t)
	if s.b.history.Len() < s.fight.Men() {
		return
	}
	for i := range s.fight.men {
		if m := &s.fight.men[i]; m.alive {
			s.b.history.sample(i, t, m.agent.Morale())
		}
	}
}

// commanded does nothing: a scenario's views read the World as it is.
func (s *Scenario) commanded() {}

// apply carries out the commands that name a man (Kill, by the fight's rule
// for a death; ForceRout) and Reinforce (the first squad, at its place),
// and refuses SelectSquad.
func (s *Scenario) apply(c Command) (handled bool, err error) {
	switch c := c.(type) {
	case Kill:
		if err := s.living(c.ID); err != nil {
			return true, err
		}
		s.fight.kill(c.ID, nil)
		s.b.addLog(logEntry{at: s.b.now, kind: logDeath, id: c.ID})
		return true, nil
	case ForceRout:
		if err := s.living(c.ID); err != nil {
			return true, err
		}
		s.fight.men[c.ID].agent.ForceRout()
		return true, nil
	case Reinforce:
		if c.N < 1 || c.N > MaxReinforce || s.fight.Men()+c.N > MaxScenarioMen {
			return true, fmt.Errorf("%w: %d (want 1..%d)", ErrBadCount, c.N, MaxReinforce)
		}
		sq := &s.fight.cfg.Squads[0]
		s.fight.reinforce(0, c.N, sq.At, morale.ReinforcementsArrived, 0, 1)
		s.grown()
		s.b.logf("%d reinforcements join %s.", c.N, sq.Name)
		return true, nil
	case SelectSquad:
		return true, fmt.Errorf("%w: the scenario scene has no squads to select", ErrNoSquad)
	}
	return false, nil
}

// grown makes room for the men a reinforcement added.
func (s *Scenario) grown() {
	for len(s.barks) < s.fight.Men() {
		s.barks = append(s.barks, scenarioBark{})
	}
	for len(s.flights) < s.fight.Men() {
		s.flights = append(s.flights, flight{})
	}
	if s.fight.Men() <= ScenarioHistoryMen {
		s.b.history.grow(s.fight.Men())
	}
}

// living checks that id names a living man.
func (s *Scenario) living(id int) error {
	if id < 0 || id >= s.fight.Men() {
		return fmt.Errorf("%w: %d", ErrNoSoldier, id)
	}
	if !s.fight.men[id].alive {
		return fmt.Errorf("%w: %s (%d)", ErrDead, s.manName(id), id)
	}
	return nil
}

// field is the scenario's battlefield: its squads and event locations with
// a margin.
func (s *Scenario) field() morale.Vec2 { return s.size }

// sync does nothing: the men stand where the scenario put them, and the
// World knows it.
func (s *Scenario) sync() {}

// soldierAt returns the living man nearest to p within HitRadius.
func (s *Scenario) soldierAt(p morale.Vec2) (int, bool) {
	best, id := HitRadius, -1
	for i := range s.fight.men {
		m := &s.fight.men[i]
		if m.alive {
			if d := s.manPos(i).Dist(p); d <= best {
				best, id = d, i
			}
		}
	}
	return id, id >= 0
}

// squadAt: the scenario scene has no squads to select.
func (s *Scenario) squadAt(morale.Vec2) (morale.SquadID, bool) { return 0, false }

func (s *Scenario) soldierCount() int { return s.fight.Men() }

func (s *Scenario) soldierOf(id int) (*morale.Agent, string, bool) {
	if id < 0 || id >= s.fight.Men() {
		return nil, "", false
	}
	m := &s.fight.men[id]
	if !m.alive {
		return nil, s.manName(id), true
	}
	return m.agent, s.manName(id), true
}

// digest writes the fight's exact bits (ScenarioFight.digest).
func (s *Scenario) digest(put func(uint64)) { s.fight.digest(put) }

// clone returns a copy of s for battle b (Scene.clone).
func (s *Scenario) clone(b *Battle, agent func(*morale.Agent) *morale.Agent) Scene {
	c := *s
	c.b = b
	c.fight = s.fight.clone(b.world, agent)
	c.barks = slices.Clone(s.barks)
	c.flights = slices.Clone(s.flights)
	c.news = s.news.clone()
	return &c
}

// listen registers the scene's listeners: state changes on the World, and
// the fight's deaths and occurrences.
func (s *Scenario) listen() {
	s.b.world.OnStateChanged(s.onStateChanged)
	s.fight.OnDeath(s.onDeath)
	s.fight.onNewsAt(s.onNews)
}

// onStateChanged is the World's state listener: barks, history, the
// session's events, log.
func (s *Scenario) onStateChanged(a *morale.Agent, old, new morale.State, why morale.Reason) {
	id, ok := s.fight.Man(a)
	if !ok {
		return
	}
	b := s.b
	if id < len(s.barks) {
		s.barks[id] = scenarioBark{line: barkLine(old, new, b.cosmetic.IntN(barkVariants)), at: b.now}
	}
	if id < len(s.flights) && (new == morale.Routed) != (old == morale.Routed) {
		s.flights[id] = flight{since: b.now, from: s.flights[id].at(b.now), routed: new == morale.Routed}
	}
	b.history.change(Change{T: b.Time(), ID: id, From: old, To: new})
	b.stateChanged(id, s.manName(id), old, new)
	b.addLog(logEntry{at: b.now, kind: logState, id: id, from: old, to: new, why: why})
}

// onDeath keeps a dying man's explanation for Why and logs his death.
func (s *Scenario) onDeath(i int) {
	if x, err := s.b.world.Explain(s.fight.men[i].agent); err == nil {
		if s.b.atDeath == nil {
			s.b.atDeath = make(map[int]morale.Explanation)
		}
		s.b.atDeath[i] = x
	}
}

// onNews keeps occurrence k of the timeline for AppendNews and the log.
func (s *Scenario) onNews(k int, at morale.Vec2, hasAt bool) {
	ev := &s.fight.cfg.Events[k]
	s.news.push(newsEntry{ev: int32(k), at: at, hasAt: hasAt, t: s.b.now})
	if ev.Do == "reinforce" {
		s.grown()
	}
	if ev.Do != "event" || ev.Every == 0 {
		s.b.logf("%s.", newsLabel(ev))
	}
}
