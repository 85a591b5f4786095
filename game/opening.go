package game

import (
	"fmt"
	"math"

	"github.com/moralebreak/moralebreak/morale"
)

// Field size of the opening, in cm.
const (
	fieldW = 6000.0
	fieldH = 3600.0
)

// Opening is the scene of Config.Scene SceneOpening: a squad of soldiers
// (five in the demo, Config.Soldiers) against an enemy line, cover between
// them and a rally flag behind, with the scripted opening of the package
// doc when Config.Opening is set. Its exported methods only read: the
// battle changes it (Battle.Tick, Battle.Apply). Get it from Battle.Scene
// or View.Scene.
type Opening struct {
	b *Battle

	soldiers []soldier
	byAgent  map[*morale.Agent]int
	alive    int
	leader   int // id of the leader, -1 when none
	enemies  []enemy
	foes     int     // living enemies
	front    float64 // x of the foremost living enemy
	cover    []Rect
	rally    morale.Vec2

	beats    []Beat
	nextBeat int
}

// newOpening sets the opening up in b's fresh World: the squad, the enemy
// line, the listeners, the script and the first samples.
func newOpening(b *Battle) *Opening {
	n := b.cfg.Soldiers
	o := &Opening{b: b, byAgent: make(map[*morale.Agent]int, n), leader: -1,
		rally: morale.Vec2{X: 450, Y: fieldH / 2}, cover: fieldCover()}
	b.squads = []morale.SquadID{PlayerSquad}
	opening := b.cfg.Opening && n >= openingSoldiers
	for i := 0; i < n; i++ {
		pos, home := formation(i, n)
		var opts []morale.SpawnOption
		if i == 0 {
			opts = append(opts, morale.AsLeader())
		}
		if opening && i < openingSoldiers {
			opts = append(opts, morale.WithNerve(openingNerves(i)))
		}
		o.spawn(pos, home, opts...)
	}
	o.spawnEnemies()
	o.listen()
	if opening {
		o.beats = OpeningBeats()
	}
	o.sampleAll()
	b.logf("Seed %d: %d soldiers against %d riflemen.", b.cfg.Seed, n, len(o.enemies))
	return o
}

// Name returns SceneOpening.
func (o *Opening) Name() string { return SceneOpening }

// ClockDecimals returns 1: the opening's clock in tenths of a second.
func (o *Opening) ClockDecimals() int { return 1 }

// Beats returns this battle's opening beats (none when the opening is off).
// Do not modify the slice.
func (o *Opening) Beats() []Beat { return o.beats }

// Over reports whether every beat of the opening has played (true when
// there is no opening).
func (o *Opening) Over() bool { return !o.openingActive() }

// RallyPoint returns the position of the rally flag, in cm.
func (o *Opening) RallyPoint() morale.Vec2 { return o.rally }

// Cover returns the pieces of cover on the field. Do not modify.
func (o *Opening) Cover() []Rect { return o.cover }

// Soldiers returns a view of every soldier, dead ones included, indexed by
// ID, in a new slice. AppendSoldiers reuses the caller's.
func (o *Opening) Soldiers() []SoldierView { return o.AppendSoldiers(nil) }

// AppendSoldiers appends a view of every soldier, dead ones included, to dst
// in ID order and returns it. It changes nothing.
func (o *Opening) AppendSoldiers(dst []SoldierView) []SoldierView {
	now := o.b.now
	for i := range o.soldiers {
		s := &o.soldiers[i]
		v := SoldierView{
			ID: i, Name: s.name, Leader: s.leader, Alive: s.alive, Pos: s.pos,
			Facing: math.Atan2(s.dir.Y, s.dir.X), Health: s.health,
			Firing: s.alive && now-s.firedAt < firingTicks,
		}
		if s.alive {
			v.Morale, v.Nerve, v.State = s.agent.Morale(), s.agent.Nerve(), s.agent.State()
		} else {
			v.Nerve = s.nerve
		}
		if s.bark != "" {
			age := float64(now-s.barkAt) / SubTicksPerSecond
			if age < BarkSeconds {
				v.Bark, v.BarkAge = s.bark, age
			}
		}
		dst = append(dst, v)
	}
	return dst
}

// Enemies returns a view of the enemy line in a new slice. AppendEnemies
// reuses the caller's.
func (o *Opening) Enemies() []EnemyView { return o.AppendEnemies(nil) }

// AppendEnemies appends a view of the enemy line to dst in ID order and
// returns it. It changes nothing.
func (o *Opening) AppendEnemies(dst []EnemyView) []EnemyView {
	now := o.b.now
	for i := range o.enemies {
		e := &o.enemies[i]
		dst = append(dst, EnemyView{
			ID: i, Pos: e.pos, Alive: e.alive, Facing: e.facing,
			Firing: e.alive && now-e.firedAt < firingTicks,
		})
	}
	return dst
}

// step is the opening's sub-tick: the script, the enemy line, the
// soldiers, the World's 1/240 s, the morale samples.
func (o *Opening) step() {
	b := o.b
	o.runOpening()
	o.updateEnemies()
	o.updateSoldiers()
	// 1/240 s is a whole number of the World's clock ticks (flicks), so
	// its clock stays exactly ours.
	b.world.Advance(1.0 / SubTicksPerSecond)
	if b.now%(SubTicksPerSecond*HistoryInterval) == 0 {
		o.sampleAll()
	} else {
		b.history.advance(b.Time())
	}
}

// sampleAll records every living soldier's morale in the history.
func (o *Opening) sampleAll() {
	t := o.b.Time()
	o.b.history.advance(t)
	for i := range o.soldiers {
		if s := &o.soldiers[i]; s.alive {
			o.b.history.sample(i, t, s.agent.Morale())
		}
	}
}

// commanded does nothing: the opening's views read the World as it is.
func (o *Opening) commanded() {}

// apply carries out the commands that name a soldier (Kill, ForceRout),
// Reinforce, and refuses SelectSquad: the opening has no squads to select.
func (o *Opening) apply(c Command) (handled bool, err error) {
	switch c := c.(type) {
	case Kill:
		if err := o.living(c.ID); err != nil {
			return true, err
		}
		return true, o.kill(c.ID)
	case ForceRout:
		if err := o.living(c.ID); err != nil {
			return true, err
		}
		o.soldiers[c.ID].agent.ForceRout()
		return true, nil
	case Reinforce:
		if c.N < 1 || c.N > MaxReinforce || len(o.soldiers)+c.N > MaxSoldiers {
			return true, fmt.Errorf("%w: %d (want 1..%d)", ErrBadCount, c.N, MaxReinforce)
		}
		return true, o.reinforce(c.N)
	case SelectSquad:
		return true, fmt.Errorf("%w: the opening has no squads to select", ErrNoSquad)
	}
	return false, nil
}

// living checks that id names a living soldier.
func (o *Opening) living(id int) error {
	if id < 0 || id >= len(o.soldiers) {
		return fmt.Errorf("%w: %d", ErrNoSoldier, id)
	}
	if !o.soldiers[id].alive {
		return fmt.Errorf("%w: %s (%d)", ErrDead, o.soldiers[id].name, id)
	}
	return nil
}

// reinforce spawns n soldiers at the left edge and reports their arrival at
// their centre. The report cannot fail (the centre is a finite point on the
// field, the scale 1); should it, the error is returned and the soldiers
// stay.
func (o *Opening) reinforce(n int) error {
	var c morale.Vec2
	const perCol = 20
	rows := min(n, perCol)
	for k := 0; k < n; k++ {
		p := morale.Vec2{
			X: 150 + float64(k/perCol)*120,
			Y: fieldH/2 + (float64(k%perCol)-float64(rows-1)/2)*130,
		}
		id := o.spawn(p, morale.Vec2{X: p.X + 900, Y: p.Y})
		o.b.history.sample(id, o.b.Time(), o.soldiers[id].agent.Morale())
		c.X += p.X / float64(n)
		c.Y += p.Y / float64(n)
	}
	if err := o.b.reportAt(morale.ReinforcementsArrived, c, 1); err != nil {
		return err
	}
	o.b.logf("%d reinforcements arrive.", n)
	return nil
}

// field is the opening's battlefield, 6000 × 3600 cm.
func (o *Opening) field() morale.Vec2 { return morale.Vec2{X: fieldW, Y: fieldH} }

// sync is syncPositions.
func (o *Opening) sync() { o.syncPositions() }

// soldierAt returns the living soldier nearest to p within HitRadius.
func (o *Opening) soldierAt(p morale.Vec2) (int, bool) {
	best, id := HitRadius, -1
	for i := range o.soldiers {
		s := &o.soldiers[i]
		if !s.alive {
			continue
		}
		if d := s.pos.Dist(p); d <= best {
			best, id = d, i
		}
	}
	return id, id >= 0
}

// squadAt: the opening has no squads to select.
func (o *Opening) squadAt(morale.Vec2) (morale.SquadID, bool) { return 0, false }

func (o *Opening) soldierCount() int { return len(o.soldiers) }

func (o *Opening) soldierOf(id int) (*morale.Agent, string, bool) {
	if id < 0 || id >= len(o.soldiers) {
		return nil, "", false
	}
	s := &o.soldiers[id]
	if !s.alive {
		return nil, s.name, true
	}
	return s.agent, s.name, true
}

// digest writes every soldier's alive flag, state, morale, nerve, health
// and position, as exact bits.
func (o *Opening) digest(put func(uint64)) {
	put(uint64(len(o.soldiers)))
	for i := range o.soldiers {
		s := &o.soldiers[i]
		putMan(put, s.alive, s.agent, s.nerve)
		put(math.Float64bits(s.health))
		put(math.Float64bits(s.pos.X))
		put(math.Float64bits(s.pos.Y))
	}
}

// reportTo reports event e with scale to soldier id, a living soldier. A
// report the World refuses goes to Err (see there why none is).
func (o *Opening) reportTo(id int, e morale.Event, scale float64) {
	s := &o.soldiers[id]
	if err := s.agent.ReportEvent(e, scale); err != nil {
		o.b.fail(fmt.Errorf("game: %s to %s: %w", e, s.name, err))
		return
	}
	if len(o.b.listeners) > 0 {
		o.b.emit(Report{T: o.b.Time(), Event: e, ID: id, At: s.pos, Scale: scale})
	}
}

// reportSquad reports event e to every living soldier.
func (o *Opening) reportSquad(e morale.Event, scale float64) {
	for i := range o.soldiers {
		if o.soldiers[i].alive {
			o.reportTo(i, e, scale)
		}
	}
}

// onStateChanged is the World's state listener: barks, history, the
// session's events, log.
func (o *Opening) onStateChanged(a *morale.Agent, old, new morale.State, why morale.Reason) {
	id, ok := o.byAgent[a]
	if !ok {
		return
	}
	b := o.b
	s := &o.soldiers[id]
	s.bark = barkLine(old, new, b.cosmetic.IntN(barkVariants))
	s.barkAt = b.now
	// the World's time of the change, as its ledger has it: a scripted
	// beat (the opening's rally) acts before the World's step of the
	// sub-tick, one sub-tick before b.Time()
	b.history.change(Change{T: b.world.Now(), ID: id, From: old, To: new})
	b.stateChanged(id, s.name, old, new)
	b.addLog(logEntry{at: b.now, kind: logState, id: id, from: old, to: new, why: why})
}

// listen registers onStateChanged on the battle's World: the opening hears
// every state change.
func (o *Opening) listen() { o.b.world.OnStateChanged(o.onStateChanged) }

// keepWhy keeps soldier id's explanation as he falls (before the news of
// his own death, and before he leaves the World), for Why and
// MoraleBreak.Why after his death.
func (o *Opening) keepWhy(id int) {
	x, err := o.b.explain(o.soldiers[id].agent)
	if err != nil {
		return // the ledger is always on and he is still in the World
	}
	if o.b.atDeath == nil {
		o.b.atDeath = make(map[int]morale.Explanation)
	}
	o.b.atDeath[id] = x
}

// putMan writes one man's alive flag, state, morale and nerve through put,
// as exact bits: a dead man as not alive, state 0, morale 0 and the nerve
// he had (agent is then not read).
func putMan(put func(uint64), alive bool, agent *morale.Agent, nerve float64) {
	st, m := uint64(0), 0.0
	var a uint64
	if alive {
		a, st, m, nerve = 1, uint64(agent.State()), agent.Morale(), agent.Nerve()
	}
	put(a)
	put(st)
	put(math.Float64bits(m))
	put(math.Float64bits(nerve))
}
