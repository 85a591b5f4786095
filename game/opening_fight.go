package game

import (
	"fmt"
	"math"

	"github.com/moralebreak/moralebreak/morale"
)

// Behaviour numbers: speeds in cm/s, ranges in cm, intervals in s, aim as a
// hit chance at close range, damage as a fraction of health.
const (
	walkSpeed  = 110.0
	coverSpeed = 260.0
	routSpeed  = 380.0

	steadyHold   = 2700.0 // Steady advances until the enemy front is this close
	steadyRange  = 3600.0
	steadyAim    = 0.16
	steadyFire0  = 1.1
	steadyFire1  = 1.9
	shakenRange  = 4800.0
	shakenAim    = 0.07
	shakenFire0  = 1.6
	shakenFire1  = 2.6
	panicAim     = 0.015
	panicFire0   = 0.25
	panicFire1   = 0.55
	reaction0    = 0.3
	reaction1    = 0.8
	enemyAim     = 0.12
	enemyFire0   = 2.5
	enemyFire1   = 4.5
	enemyDamage0 = 0.12
	enemyDamage1 = 0.30
	ownDamage0   = 0.35
	ownDamage1   = 0.65
	coverFactor  = 0.4
	missNear     = 50.0
	missFar      = 450.0
	respawnAfter = 15.0
	closeRange   = 2000.0
	enemyRange   = 4500.0 // the enemy does not fire at men beyond it
)

// firingTicks is how long, in sub-ticks, Firing stays true after a shot.
const firingTicks = 30

// soldier is one man of the squad.
type soldier struct {
	name   string
	agent  *morale.Agent
	leader bool
	alive  bool
	nerve  float64 // kept at death, for the view

	pos, home morale.Vec2
	dir       morale.Vec2 // unit facing
	health    float64
	lowHealth bool // LowHealth was reported

	bark   string
	barkAt int64

	fireAt, firedAt int64
	suppressedAt    int64
	nextLeader      int64
	nextOutnumbered int64
	seen            morale.State // the state his behaviour last set up for
	spot            morale.Vec2  // cover spot or rally spot
	arrived         bool         // he reached spot
	moved           bool         // pos changed since the World last heard of it
}

// enemy is one rifleman of the enemy line.
type enemy struct {
	pos, slot morale.Vec2
	alive     bool
	health    float64
	fireAt    int64
	firedAt   int64
	respawnAt int64
	facing    float64
}

// shot is one tracer.
type shot struct {
	from, to   morale.Vec2
	at         int64
	hit, enemy bool
}

// soldierName returns the surname of soldier i: the first 26 from A to Z,
// then the same names numbered ("Alvarez 2").
func soldierName(i int) string {
	names := [...]string{"Alvarez", "Brandt", "Chen", "Dubois", "Eriksen", "Fischer", "Garcia",
		"Horvat", "Ivanov", "Jensen", "Kowalski", "Laurent", "Moreau", "Novak", "Okafor", "Petrov",
		"Quinn", "Rossi", "Schmidt", "Tanaka", "Ueda", "Varga", "Weber", "Xu", "Yilmaz", "Zielinski"}
	if i < len(names) {
		return names[i]
	}
	return fmt.Sprintf("%s %d", names[i%len(names)], i/len(names)+1)
}

// formation returns soldier i's starting position of a squad of n.
func formation(i, n int) (pos, home morale.Vec2) {
	if n <= openingSoldiers {
		// Alvarez, the leader, a step behind; Chen, Brandt, Eriksen, Dubois
		// in a line from top to bottom, 400 cm apart.
		slots := [openingSoldiers]morale.Vec2{
			{X: 1100, Y: 1800}, {X: 1300, Y: 1400}, {X: 1300, Y: 1000},
			{X: 1300, Y: 2600}, {X: 1300, Y: 2200},
		}
		return slots[i], slots[i]
	}
	const w, h = 1300.0, 3000.0
	sp := math.Min(400, math.Sqrt(w*h/float64(n)))
	rows := int(h/sp) + 1
	if rows > n {
		rows = n
	}
	cols := (n + rows - 1) / rows
	xs := math.Min(sp, w/float64(cols))
	r, c := i%rows, i/rows
	p := morale.Vec2{X: 1400 - float64(c)*xs, Y: fieldH/2 + (float64(r)-float64(rows-1)/2)*sp}
	return p, p
}

// fieldCover returns the pieces of cover.
func fieldCover() []Rect {
	return []Rect{
		{Min: morale.Vec2{X: 1850, Y: 850}, Max: morale.Vec2{X: 2000, Y: 1250}},
		{Min: morale.Vec2{X: 2000, Y: 1650}, Max: morale.Vec2{X: 2200, Y: 1950}},
		{Min: morale.Vec2{X: 1850, Y: 2350}, Max: morale.Vec2{X: 2000, Y: 2750}},
		{Min: morale.Vec2{X: 2600, Y: 300}, Max: morale.Vec2{X: 2850, Y: 480}},
		{Min: morale.Vec2{X: 2650, Y: 3120}, Max: morale.Vec2{X: 2900, Y: 3300}},
		{Min: morale.Vec2{X: 3000, Y: 1100}, Max: morale.Vec2{X: 3200, Y: 1450}},
		{Min: morale.Vec2{X: 3100, Y: 2300}, Max: morale.Vec2{X: 3300, Y: 2650}},
		{Min: morale.Vec2{X: 4300, Y: 1600}, Max: morale.Vec2{X: 4450, Y: 2000}},
	}
}

// spawn adds a soldier of the squad at pos.
func (o *Opening) spawn(pos, home morale.Vec2, opts ...morale.SpawnOption) int {
	id := len(o.soldiers)
	a := o.b.world.Spawn(PlayerSquad, pos, opts...)
	s := soldier{
		name: soldierName(id), agent: a, leader: a.IsLeader(), alive: true, pos: pos, home: home,
		dir: morale.Vec2{X: 1}, health: 1, firedAt: -firingTicks,
		suppressedAt:    -seconds(SuppressInterval),
		nextLeader:      o.b.now + seconds(0.5+o.b.rng.Float64()*LeaderNearbyInterval),
		nextOutnumbered: o.b.now + seconds(1+o.b.rng.Float64()*OutnumberedInterval),
		fireAt:          o.b.now + seconds(reaction0+o.b.rng.Float64()*(reaction1-reaction0)),
	}
	o.soldiers = append(o.soldiers, s)
	o.byAgent[a] = id
	o.alive++
	if s.leader && o.leader < 0 {
		o.leader = id
	}
	o.b.history.grow(len(o.soldiers))
	return id
}

// spawnEnemies lines the enemy riflemen up on the right.
func (o *Opening) spawnEnemies() {
	n := 6
	if o.b.cfg.Soldiers > 5 {
		n = min(200, o.b.cfg.Soldiers*6/5)
	}
	const perRank = 26
	ranks := (n + perRank - 1) / perRank
	perRow := (n + ranks - 1) / ranks
	for i := 0; i < n; i++ {
		r, k := i/perRow, i%perRow
		p := morale.Vec2{
			X: 5250 + float64(r)*160 + (o.b.rng.Float64()-0.5)*160,
			Y: 500 + (float64(k)+0.5)*2600/float64(perRow),
		}
		o.enemies = append(o.enemies, enemy{
			pos: p, slot: p, alive: true, health: 1, facing: math.Pi, firedAt: -firingTicks,
			fireAt: seconds(1 + o.b.rng.Float64()*(enemyFire1-1)),
		})
	}
	o.foes = n
}

// rangeFactor scales aim with distance: 1 up to closeRange, then falling.
func rangeFactor(d float64) float64 {
	if d <= closeRange {
		return 1
	}
	return math.Max(0.25, closeRange/d)
}

// inCover reports whether p is behind a piece of cover (on the squad's side).
func (o *Opening) inCover(p morale.Vec2) bool {
	for _, r := range o.cover {
		if p.X >= r.Min.X-130 && p.X <= r.Max.X && p.Y >= r.Min.Y-20 && p.Y <= r.Max.Y+20 {
			return true
		}
	}
	return false
}

// openingActive reports whether the opening script still has beats to play.
func (o *Opening) openingActive() bool { return o.nextBeat < len(o.beats) }

// updateEnemies respawns, aims and fires the enemy line.
func (o *Opening) updateEnemies() {
	o.front = fieldW
	for i := range o.enemies {
		e := &o.enemies[i]
		if !e.alive {
			if o.b.now >= e.respawnAt {
				*e = enemy{pos: e.slot, slot: e.slot, alive: true, health: 1, facing: math.Pi,
					firedAt: -firingTicks, fireAt: o.b.now + seconds(o.b.between(2, 4))}
				o.foes++
			} else {
				continue
			}
		}
		o.front = math.Min(o.front, e.pos.X)
		if o.b.now < e.fireAt || o.alive == 0 {
			continue
		}
		e.fireAt = o.b.now + seconds(o.b.between(enemyFire0, enemyFire1))
		o.enemyFire(i, o.pickTarget())
	}
}

// pickTarget returns a random living soldier, or -1.
func (o *Opening) pickTarget() int {
	n := len(o.soldiers)
	k := o.b.rng.IntN(n)
	for j := 0; j < n; j++ {
		if id := (k + j) % n; o.soldiers[id].alive {
			return id
		}
	}
	return -1
}

// enemyFire fires enemy i at soldier t: a hit hurts him, and every impact,
// hit or not, suppresses the soldiers around it (each on his own timer).
func (o *Opening) enemyFire(i, t int) {
	if t < 0 {
		return
	}
	e, s := &o.enemies[i], &o.soldiers[t]
	d := e.pos.Dist(s.pos)
	if d > enemyRange {
		return // out of reach: he holds his fire
	}
	p := enemyAim * rangeFactor(d)
	if o.inCover(s.pos) {
		p *= coverFactor
	}
	hit := o.b.rng.Float64() < p
	if hit && o.openingActive() {
		hit = false // during the opening only the script draws blood
	}
	impact := s.pos
	if !hit {
		a, r := o.b.rng.Float64()*2*math.Pi, o.b.between(missNear, missFar)
		impact = morale.Vec2{X: s.pos.X + r*math.Cos(a), Y: s.pos.Y + r*math.Sin(a)}
	}
	o.enemyShot(i, impact, hit)
	if hit {
		o.damage(t, o.b.between(enemyDamage0, enemyDamage1))
	}
	o.suppressAround(impact)
}

// enemyShot draws enemy i's tracer to impact.
func (o *Opening) enemyShot(i int, impact morale.Vec2, hit bool) {
	e := &o.enemies[i]
	e.firedAt = o.b.now
	e.facing = math.Atan2(impact.Y-e.pos.Y, impact.X-e.pos.X)
	o.b.addShot(e.pos, impact, hit, true)
}

// suppressAround reports Suppressed to every living soldier within
// SuppressRadius of impact whose timer allows it.
func (o *Opening) suppressAround(impact morale.Vec2) {
	wait := seconds(SuppressInterval)
	for i := range o.soldiers {
		s := &o.soldiers[i]
		if !s.alive || o.b.now-s.suppressedAt < wait {
			continue
		}
		r := SuppressRadius
		if o.inCover(s.pos) {
			r *= coverFactor // behind cover only the closest rounds tell
		}
		if s.pos.Dist(impact) > r {
			continue
		}
		s.suppressedAt = o.b.now
		o.reportTo(i, morale.Suppressed, 1)
	}
}

// damage takes dmg (a fraction of health) from soldier t: TookDamage scaled
// by the hit, LowHealth once below a third, death at zero.
func (o *Opening) damage(t int, dmg float64) {
	s := &o.soldiers[t]
	if !s.alive {
		return
	}
	s.health -= dmg
	if s.health <= 1e-9 {
		o.b.fail(o.kill(t))
		return
	}
	o.reportTo(t, morale.TookDamage, dmg/DamageUnit)
	if !s.lowHealth && s.health < LowHealthBelow {
		s.lowHealth = true
		o.reportTo(t, morale.LowHealth, 1)
	}
}

// kill makes soldier id fall: his explanation is kept as it stood (Why),
// then AllyDown (LeaderDown for the leader) at his location goes to his
// squad, then he leaves the World. If the World refuses the
// report (it cannot: his position is a finite point on the field and the
// scale 1), the error is returned and he stays alive.
func (o *Opening) kill(id int) error {
	s := &o.soldiers[id]
	if !s.alive {
		return nil
	}
	ev := morale.AllyDown
	if s.leader {
		ev = morale.LeaderDown
	}
	o.keepWhy(id) // as he falls: not the news of his own death
	if err := o.b.reportAt(ev, s.pos, 1); err != nil {
		delete(o.b.atDeath, id)
		return err
	}
	s.nerve = s.agent.Nerve()
	o.b.world.Remove(s.agent)
	delete(o.byAgent, s.agent)
	s.alive, s.health, s.bark = false, 0, ""
	o.alive--
	o.b.addLog(logEntry{at: o.b.now, kind: logDeath, id: id})
	return nil
}

// hurtEnemy takes dmg from enemy i; his death is EnemyDown to the squad.
func (o *Opening) hurtEnemy(i int, dmg float64) {
	e := &o.enemies[i]
	if !e.alive {
		return
	}
	e.health -= dmg
	if e.health > 0 {
		return
	}
	e.alive = false
	e.respawnAt = o.b.now + seconds(respawnAfter)
	o.foes--
	o.b.addLog(logEntry{at: o.b.now, kind: logEnemyDown, id: i})
	o.reportSquad(morale.EnemyDown, 1)
}

// nearestEnemy returns the living enemy nearest to p and its distance.
func (o *Opening) nearestEnemy(p morale.Vec2) (int, float64) {
	best, bd := -1, math.Inf(1)
	for i := range o.enemies {
		if e := &o.enemies[i]; e.alive {
			if d := e.pos.Dist(p); d < bd {
				best, bd = i, d
			}
		}
	}
	return best, bd
}

// updateSoldiers runs every living soldier's behaviour and timers.
func (o *Opening) updateSoldiers() {
	for i := range o.soldiers {
		s := &o.soldiers[i]
		if !s.alive {
			continue
		}
		st := s.agent.State()
		if st != s.seen {
			o.enter(i, st)
		}
		switch st {
		case morale.Steady: // advance and fire
			hold := o.front - steadyHold
			if s.pos.X < hold || math.Abs(s.pos.Y-s.home.Y) > 1 {
				o.move(s, morale.Vec2{X: math.Max(s.pos.X, hold), Y: s.home.Y}, walkSpeed)
			}
			o.soldierFire(i, steadyRange, steadyAim, false, steadyFire0, steadyFire1)
		case morale.Shaken: // to the nearest cover, then fire from longer range, worse aim
			if !s.arrived {
				s.arrived = o.move(s, s.spot, coverSpeed)
			} else {
				o.soldierFire(i, shakenRange, shakenAim, false, shakenFire0, shakenFire1)
			}
		case morale.Panicked: // stop advancing, fire wildly
			o.soldierFire(i, math.Inf(1), panicAim, true, panicFire0, panicFire1)
		case morale.Routed: // run for the rally point
			if !s.arrived {
				s.arrived = o.move(s, s.spot, routSpeed)
			}
		}
		if o.b.now >= s.nextOutnumbered {
			s.nextOutnumbered += seconds(OutnumberedInterval)
			if o.front-s.pos.X <= enemyRange { // only in the fight
				o.reportTo(i, morale.Outnumbered, morale.OutnumberedFactor(o.alive, o.foes))
			}
		}
		if o.b.now >= s.nextLeader {
			s.nextLeader += seconds(LeaderNearbyInterval)
			if l := o.leader; l >= 0 && l != i && o.soldiers[l].alive &&
				o.soldiers[l].pos.Dist(s.pos) <= LeaderNearbyRadius {
				o.reportTo(i, morale.LeaderNearby, 1)
			}
		}
	}
}

// enter sets soldier i up for his new state.
func (o *Opening) enter(i int, st morale.State) {
	s := &o.soldiers[i]
	s.seen, s.arrived = st, false
	s.fireAt = max(s.fireAt, o.b.now+seconds(o.b.between(reaction0, reaction1)))
	switch st {
	case morale.Shaken:
		s.spot = o.coverSpot(s.pos)
	case morale.Routed:
		a := float64(i) * 2.39996 // golden angle: spread around the flag
		r := 120 + float64(i%5)*45
		s.spot = morale.Vec2{X: o.rally.X + r*math.Cos(a), Y: o.rally.Y + r*math.Sin(a)}
	}
}

// coverSpot returns the nearest spot behind a piece of cover from p.
func (o *Opening) coverSpot(p morale.Vec2) morale.Vec2 {
	best, bd := p, math.Inf(1)
	for _, r := range o.cover {
		y := math.Max(r.Min.Y+40, math.Min(r.Max.Y-40, p.Y))
		c := morale.Vec2{X: r.Min.X - 50, Y: y}
		if d := c.Dist(p); d < bd {
			best, bd = c, d
		}
	}
	return best
}

// syncPositions tells the World where the soldiers who moved are. The World
// needs positions only for events at a location, so this runs just before
// each of those: cheaper than every sub-tick, and the same at every speed.
func (o *Opening) syncPositions() {
	for i := range o.soldiers {
		if s := &o.soldiers[i]; s.moved && s.alive {
			s.agent.SetPosition(s.pos)
			s.moved = false
		}
	}
}

// move walks s towards to at speed (cm/s) for one sub-tick and reports
// whether he got there.
func (o *Opening) move(s *soldier, to morale.Vec2, speed float64) bool {
	dx, dy := to.X-s.pos.X, to.Y-s.pos.Y
	d := math.Hypot(dx, dy)
	step := speed / SubTicksPerSecond
	if d <= step {
		if d > 0 {
			s.pos, s.moved = to, true
		}
		return true
	}
	s.dir = morale.Vec2{X: dx / d, Y: dy / d}
	s.pos = morale.Vec2{X: s.pos.X + s.dir.X*step, Y: s.pos.Y + s.dir.Y*step}
	s.moved = true
	return false
}

// soldierFire fires soldier i at the nearest enemy when his weapon is ready
// and the enemy within maxRange; wild fire sprays anywhere near the line.
func (o *Opening) soldierFire(i int, maxRange, aim float64, wild bool, every0, every1 float64) {
	s := &o.soldiers[i]
	if o.b.now < s.fireAt {
		return
	}
	t, d := o.nearestEnemy(s.pos)
	if t < 0 || d > maxRange {
		s.fireAt = o.b.now + seconds(0.25)
		return
	}
	e := &o.enemies[t]
	hit := o.b.rng.Float64() < aim*rangeFactor(d)
	to := e.pos
	if wild {
		a := math.Atan2(e.pos.Y-s.pos.Y, e.pos.X-s.pos.X) + (o.b.cosmetic.Float64()-0.5)*1.6
		l := d * (0.5 + 0.7*o.b.cosmetic.Float64())
		to = morale.Vec2{X: s.pos.X + l*math.Cos(a), Y: s.pos.Y + l*math.Sin(a)}
		if hit {
			to = e.pos
		}
	} else if !hit {
		to.X += (o.b.cosmetic.Float64() - 0.5) * 300
		to.Y += (o.b.cosmetic.Float64() - 0.5) * 300
	}
	if l := s.pos.Dist(to); l > 0 {
		s.dir = morale.Vec2{X: (to.X - s.pos.X) / l, Y: (to.Y - s.pos.Y) / l}
	}
	o.b.addShot(s.pos, to, hit, false)
	s.firedAt = o.b.now
	s.fireAt = o.b.now + seconds(o.b.between(every0, every1))
	if hit {
		o.hurtEnemy(t, o.b.between(ownDamage0, ownDamage1))
	}
}
