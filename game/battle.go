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
func (g *Game) spawn(pos, home morale.Vec2, opts ...morale.SpawnOption) int {
	id := len(g.soldiers)
	a := g.world.Spawn(PlayerSquad, pos, opts...)
	s := soldier{
		name: soldierName(id), agent: a, leader: a.IsLeader(), alive: true, pos: pos, home: home,
		dir: morale.Vec2{X: 1}, health: 1, firedAt: -firingTicks,
		suppressedAt:    -seconds(SuppressInterval),
		nextLeader:      g.now + seconds(0.5+g.rng.Float64()*LeaderNearbyInterval),
		nextOutnumbered: g.now + seconds(1+g.rng.Float64()*OutnumberedInterval),
		fireAt:          g.now + seconds(reaction0+g.rng.Float64()*(reaction1-reaction0)),
	}
	g.soldiers = append(g.soldiers, s)
	g.byAgent[a] = id
	g.alive++
	if s.leader && g.leader < 0 {
		g.leader = id
	}
	g.history.grow(len(g.soldiers))
	return id
}

// spawnEnemies lines the enemy riflemen up on the right.
func (g *Game) spawnEnemies() {
	n := 6
	if g.cfg.Soldiers > 5 {
		n = min(200, g.cfg.Soldiers*6/5)
	}
	const perRank = 26
	ranks := (n + perRank - 1) / perRank
	perRow := (n + ranks - 1) / ranks
	for i := 0; i < n; i++ {
		r, k := i/perRow, i%perRow
		p := morale.Vec2{
			X: 5250 + float64(r)*160 + (g.rng.Float64()-0.5)*160,
			Y: 500 + (float64(k)+0.5)*2600/float64(perRow),
		}
		g.enemies = append(g.enemies, enemy{
			pos: p, slot: p, alive: true, health: 1, facing: math.Pi, firedAt: -firingTicks,
			fireAt: seconds(1 + g.rng.Float64()*(enemyFire1-1)),
		})
	}
	g.foes = n
}

// rangeFactor scales aim with distance: 1 up to closeRange, then falling.
func rangeFactor(d float64) float64 {
	if d <= closeRange {
		return 1
	}
	return math.Max(0.25, closeRange/d)
}

// between returns a uniform number in a..b from the battle source.
func (g *Game) between(a, b float64) float64 { return a + g.rng.Float64()*(b-a) }

// inCover reports whether p is behind a piece of cover (on the squad's side).
func (g *Game) inCover(p morale.Vec2) bool {
	for _, r := range g.cover {
		if p.X >= r.Min.X-130 && p.X <= r.Max.X && p.Y >= r.Min.Y-20 && p.Y <= r.Max.Y+20 {
			return true
		}
	}
	return false
}

// openingActive reports whether the opening script still has beats to play.
func (g *Game) openingActive() bool { return g.nextBeat < len(g.beats) }

// addShot records a tracer.
func (g *Game) addShot(from, to morale.Vec2, hit, byEnemy bool) {
	g.shots.push(shot{from: from, to: to, at: g.now, hit: hit, enemy: byEnemy})
}

// updateEnemies respawns, aims and fires the enemy line.
func (g *Game) updateEnemies() {
	g.front = fieldW
	for i := range g.enemies {
		e := &g.enemies[i]
		if !e.alive {
			if g.now >= e.respawnAt {
				*e = enemy{pos: e.slot, slot: e.slot, alive: true, health: 1, facing: math.Pi,
					firedAt: -firingTicks, fireAt: g.now + seconds(g.between(2, 4))}
				g.foes++
			} else {
				continue
			}
		}
		g.front = math.Min(g.front, e.pos.X)
		if g.now < e.fireAt || g.alive == 0 {
			continue
		}
		e.fireAt = g.now + seconds(g.between(enemyFire0, enemyFire1))
		g.enemyFire(i, g.pickTarget())
	}
}

// pickTarget returns a random living soldier, or -1.
func (g *Game) pickTarget() int {
	n := len(g.soldiers)
	k := g.rng.IntN(n)
	for j := 0; j < n; j++ {
		if id := (k + j) % n; g.soldiers[id].alive {
			return id
		}
	}
	return -1
}

// enemyFire fires enemy i at soldier t: a hit hurts him, and every impact,
// hit or not, suppresses the soldiers around it (each on his own timer).
func (g *Game) enemyFire(i, t int) {
	if t < 0 {
		return
	}
	e, s := &g.enemies[i], &g.soldiers[t]
	d := e.pos.Dist(s.pos)
	if d > enemyRange {
		return // out of reach: he holds his fire
	}
	p := enemyAim * rangeFactor(d)
	if g.inCover(s.pos) {
		p *= coverFactor
	}
	hit := g.rng.Float64() < p
	if hit && g.openingActive() {
		hit = false // during the opening only the script draws blood
	}
	impact := s.pos
	if !hit {
		a, r := g.rng.Float64()*2*math.Pi, g.between(missNear, missFar)
		impact = morale.Vec2{X: s.pos.X + r*math.Cos(a), Y: s.pos.Y + r*math.Sin(a)}
	}
	g.enemyShot(i, impact, hit)
	if hit {
		g.damage(t, g.between(enemyDamage0, enemyDamage1))
	}
	g.suppressAround(impact)
}

// enemyShot draws enemy i's tracer to impact.
func (g *Game) enemyShot(i int, impact morale.Vec2, hit bool) {
	e := &g.enemies[i]
	e.firedAt = g.now
	e.facing = math.Atan2(impact.Y-e.pos.Y, impact.X-e.pos.X)
	g.addShot(e.pos, impact, hit, true)
}

// suppressAround reports Suppressed to every living soldier within
// SuppressRadius of impact whose timer allows it.
func (g *Game) suppressAround(impact morale.Vec2) {
	wait := seconds(SuppressInterval)
	for i := range g.soldiers {
		s := &g.soldiers[i]
		if !s.alive || g.now-s.suppressedAt < wait {
			continue
		}
		r := SuppressRadius
		if g.inCover(s.pos) {
			r *= coverFactor // behind cover only the closest rounds tell
		}
		if s.pos.Dist(impact) > r {
			continue
		}
		s.suppressedAt = g.now
		g.reportTo(i, morale.Suppressed, 1)
	}
}

// damage takes dmg (a fraction of health) from soldier t: TookDamage scaled
// by the hit, LowHealth once below a third, death at zero.
func (g *Game) damage(t int, dmg float64) {
	s := &g.soldiers[t]
	if !s.alive {
		return
	}
	s.health -= dmg
	if s.health <= 1e-9 {
		g.fail(g.kill(t))
		return
	}
	g.reportTo(t, morale.TookDamage, dmg/DamageUnit)
	if !s.lowHealth && s.health < LowHealthBelow {
		s.lowHealth = true
		g.reportTo(t, morale.LowHealth, 1)
	}
}

// kill makes soldier id fall: AllyDown (LeaderDown for the leader) at his
// location to his squad, then he leaves the World. If the World refuses the
// report (it cannot: his position is a finite point on the field and the
// scale 1), the error is returned and he stays alive.
func (g *Game) kill(id int) error {
	s := &g.soldiers[id]
	if !s.alive {
		return nil
	}
	ev := morale.AllyDown
	if s.leader {
		ev = morale.LeaderDown
	}
	if err := g.reportAt(ev, s.pos, 1); err != nil {
		return err
	}
	s.nerve = s.agent.Nerve()
	g.keepWhy(id)
	g.world.Remove(s.agent)
	delete(g.byAgent, s.agent)
	s.alive, s.health, s.bark = false, 0, ""
	g.alive--
	g.addLog(logEntry{at: g.now, kind: logDeath, id: id})
	return nil
}

// hurtEnemy takes dmg from enemy i; his death is EnemyDown to the squad.
func (g *Game) hurtEnemy(i int, dmg float64) {
	e := &g.enemies[i]
	if !e.alive {
		return
	}
	e.health -= dmg
	if e.health > 0 {
		return
	}
	e.alive = false
	e.respawnAt = g.now + seconds(respawnAfter)
	g.foes--
	g.addLog(logEntry{at: g.now, kind: logEnemyDown, id: i})
	g.reportSquad(morale.EnemyDown, 1)
}

// nearestEnemy returns the living enemy nearest to p and its distance.
func (g *Game) nearestEnemy(p morale.Vec2) (int, float64) {
	best, bd := -1, math.Inf(1)
	for i := range g.enemies {
		if e := &g.enemies[i]; e.alive {
			if d := e.pos.Dist(p); d < bd {
				best, bd = i, d
			}
		}
	}
	return best, bd
}

// updateSoldiers runs every living soldier's behaviour and timers.
func (g *Game) updateSoldiers() {
	for i := range g.soldiers {
		s := &g.soldiers[i]
		if !s.alive {
			continue
		}
		st := s.agent.State()
		if st != s.seen {
			g.enter(i, st)
		}
		switch st {
		case morale.Steady: // advance and fire
			hold := g.front - steadyHold
			if s.pos.X < hold || math.Abs(s.pos.Y-s.home.Y) > 1 {
				g.move(s, morale.Vec2{X: math.Max(s.pos.X, hold), Y: s.home.Y}, walkSpeed)
			}
			g.soldierFire(i, steadyRange, steadyAim, false, steadyFire0, steadyFire1)
		case morale.Shaken: // to the nearest cover, then fire from longer range, worse aim
			if !s.arrived {
				s.arrived = g.move(s, s.spot, coverSpeed)
			} else {
				g.soldierFire(i, shakenRange, shakenAim, false, shakenFire0, shakenFire1)
			}
		case morale.Panicked: // stop advancing, fire wildly
			g.soldierFire(i, math.Inf(1), panicAim, true, panicFire0, panicFire1)
		case morale.Routed: // run for the rally point
			if !s.arrived {
				s.arrived = g.move(s, s.spot, routSpeed)
			}
		}
		if g.now >= s.nextOutnumbered {
			s.nextOutnumbered += seconds(OutnumberedInterval)
			if g.front-s.pos.X <= enemyRange { // only in the fight
				g.reportTo(i, morale.Outnumbered, morale.OutnumberedFactor(g.alive, g.foes))
			}
		}
		if g.now >= s.nextLeader {
			s.nextLeader += seconds(LeaderNearbyInterval)
			if l := g.leader; l >= 0 && l != i && g.soldiers[l].alive &&
				g.soldiers[l].pos.Dist(s.pos) <= LeaderNearbyRadius {
				g.reportTo(i, morale.LeaderNearby, 1)
			}
		}
	}
}

// enter sets soldier i up for his new state.
func (g *Game) enter(i int, st morale.State) {
	s := &g.soldiers[i]
	s.seen, s.arrived = st, false
	s.fireAt = max(s.fireAt, g.now+seconds(g.between(reaction0, reaction1)))
	switch st {
	case morale.Shaken:
		s.spot = g.coverSpot(s.pos)
	case morale.Routed:
		a := float64(i) * 2.39996 // golden angle: spread around the flag
		r := 120 + float64(i%5)*45
		s.spot = morale.Vec2{X: g.rally.X + r*math.Cos(a), Y: g.rally.Y + r*math.Sin(a)}
	}
}

// coverSpot returns the nearest spot behind a piece of cover from p.
func (g *Game) coverSpot(p morale.Vec2) morale.Vec2 {
	best, bd := p, math.Inf(1)
	for _, r := range g.cover {
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
func (g *Game) syncPositions() {
	for i := range g.soldiers {
		if s := &g.soldiers[i]; s.moved && s.alive {
			s.agent.SetPosition(s.pos)
			s.moved = false
		}
	}
}

// move walks s towards to at speed (cm/s) for one sub-tick and reports
// whether he got there.
func (g *Game) move(s *soldier, to morale.Vec2, speed float64) bool {
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
func (g *Game) soldierFire(i int, maxRange, aim float64, wild bool, every0, every1 float64) {
	s := &g.soldiers[i]
	if g.now < s.fireAt {
		return
	}
	t, d := g.nearestEnemy(s.pos)
	if t < 0 || d > maxRange {
		s.fireAt = g.now + seconds(0.25)
		return
	}
	e := &g.enemies[t]
	hit := g.rng.Float64() < aim*rangeFactor(d)
	to := e.pos
	if wild {
		a := math.Atan2(e.pos.Y-s.pos.Y, e.pos.X-s.pos.X) + (g.cosmetic.Float64()-0.5)*1.6
		l := d * (0.5 + 0.7*g.cosmetic.Float64())
		to = morale.Vec2{X: s.pos.X + l*math.Cos(a), Y: s.pos.Y + l*math.Sin(a)}
		if hit {
			to = e.pos
		}
	} else if !hit {
		to.X += (g.cosmetic.Float64() - 0.5) * 300
		to.Y += (g.cosmetic.Float64() - 0.5) * 300
	}
	if l := s.pos.Dist(to); l > 0 {
		s.dir = morale.Vec2{X: (to.X - s.pos.X) / l, Y: (to.Y - s.pos.Y) / l}
	}
	g.addShot(s.pos, to, hit, false)
	s.firedAt = g.now
	s.fireAt = g.now + seconds(g.between(every0, every1))
	if hit {
		g.hurtEnemy(t, g.between(ownDamage0, ownDamage1))
	}
}
