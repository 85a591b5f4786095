package game

import (
	"fmt"
	"math"

	"github.com/moralebreak/moralebreak/morale"
)

// Scenes: Config.Scene picks one.
const (
	// SceneOpening is the five-man battle with the scripted opening (the
	// default; "" means it too).
	SceneOpening = "opening"
	// SceneArmies is two armies of ArmySquads squads of ArmySquadSize men
	// marching into each other, both sides with morale.
	SceneArmies = "armies"
)

// Scenes lists the valid Config.Scene names, the default first.
func Scenes() []string { return []string{SceneOpening, SceneArmies} }

// The armies scene's size.
const (
	// ArmySquads is the number of squads in each army.
	ArmySquads = 50
	// ArmySquadSize is the number of men in each squad.
	ArmySquadSize = 100
	// ArmyFirstSquad is the SquadID of army 1's first squad; army 1 has
	// ArmyFirstSquad+ArmySquads .. ArmyFirstSquad+ArmySquads*2-1, so the
	// two armies' squads share one morale.World and never one squad.
	ArmyFirstSquad morale.SquadID = 1
)

// The armies scene's rules: distances in cm, speeds in cm/s, times in s.
const (
	armyFieldW = 60000.0
	armyFieldH = 34000.0

	armyCols       = 25    // squads side by side in each line; two lines
	armyRanks      = 5     // men deep in a squad
	armyFiles      = 20    // men wide in a squad
	armySpacing    = 110.0 // between neighbours in a squad
	armyPitch      = 2300.0
	armyFront0     = 12000.0 // y of army 0's front line (army 1 mirrors it)
	armyLineGap    = 2500.0  // the second line stands this far behind the first
	armyMarch      = 200.0
	armyRout       = 380.0
	armyReform     = 160.0
	armyHoldRange  = 3000.0 // a steady squad advances until an enemy squad is this close
	armyVolleyMax  = 5000.0 // volleys reach this far
	armyVolley0    = 1.8
	armyVolley1    = 3.0
	armyHitClose   = 0.045 // each shooter's chance to kill at armyHitRange or closer
	armyHitRange   = 2500.0
	armyShakenAim  = 0.5 // Shaken shooters hit this much less often
	armySuppressR  = 1500.0
	armyOutnumberR = 6000.0
	// ArmyRoutNews is the scale of the AllyDown a man's rout reports at his
	// location to his army: a man running past is a fraction of a man falling.
	ArmyRoutNews = 0.35
	// ArmyCombatInterval is the period, in seconds, of the armies' combat
	// round: positions go to the World, volleys are fired, routs are
	// reported and each squad's average morale is sampled.
	ArmyCombatInterval = 0.25
	armyMoveEvery      = SubTicksPerSecond / TPS // men move every this many sub-ticks
)

// checkScene reports whether s names a scene.
func checkScene(s string) error {
	switch s {
	case "", SceneOpening, SceneArmies:
		return nil
	}
	return fmt.Errorf("game: Scene is %q; want %q or %q", s, SceneOpening, SceneArmies)
}

// armyMan is one man of the armies scene.
type armyMan struct {
	agent *morale.Agent
	pos   morale.Vec2
	slot  morale.Vec2 // offset from his squad's anchor
	squad int32       // index in armies.squads
	alive bool
	// state is his state at the last combat round, by which he moves and
	// his rout is news until the next.
	state morale.State
	// shownState and morale are his as the battle last read them (see
	// Armies.FiguresAt): what every view of him shows, and what his
	// squad's shown figures count (tally).
	shownState morale.State
	morale     float64
}

// armySquad is one squad of the armies scene.
type armySquad struct {
	id      morale.SquadID
	side    int
	anchor  morale.Vec2 // where the formation stands
	first   int32       // its men are men[first : first+ArmySquadSize]
	ahead   int32       // the squad in front in the same column, -1 in the first line
	alive   int
	stats   morale.SquadStats // from the World at the last combat round: what the battle decides by
	state   morale.State      // its men's prevailing state (squadState)
	fireAt  int64
	suppAt  int64 // last Suppressed report
	outnAt  int64 // next Outnumbered report
	target  int32 // the enemy squad it fired at last, -1 none
	holding bool  // within armyHoldRange of an enemy squad
	// shown is what every view of the squad shows (tally): its living
	// men's shown figures (see armyMan), counted again whenever one of
	// them falls.
	shown morale.SquadStats
	// seen is the state most of its men were in at the last read
	// (squadState of shown, reread): the squad's state as the views show
	// it. leftSteady is the battle sub-tick it last left Steady so; broke
	// the sub-tick it last went from whole (Steady or Shaken) to broken
	// (Panicked or Routed), and fell when that fall began (leftSteady
	// then): what Session.SquadBreakWhy explains. The men's states change
	// at the World's steps and at commands, and the views read them again
	// after each (reread), so broke is the sub-tick the squad broke, not
	// the next combat round's. They change no bit of the battle.
	seen                    morale.State
	leftSteady, broke, fell int64
}

// Armies is the scene of Config.Scene SceneArmies: two armies of
// ArmySquads squads of ArmySquadSize men marching into each other, both
// sides with morale, in one morale World. Its exported methods only read:
// the battle changes it (Battle.Tick, Battle.Apply). Get it from
// Battle.Scene or View.Scene.
type Armies struct {
	b *Battle

	men      []armyMan
	squads   []armySquad
	sides    [2][]morale.SquadID
	one      [1]morale.SquadID // a squad filter of one squad, reused
	selected morale.SquadID
	whySince float64 // when the selected squad's ledger began (armies_why.go)
	routs    int     // men who entered Routed
	readAt   float64 // when the men's shown figures were read (FiguresAt)
	steps    uint64  // the World's Steps at that read
	deaths   [2]int
	stats    []morale.SquadStats // scratch for armyRound, not state
}

// reread reads every living man's state and morale for the views, counts
// every squad's shown figures from them and notes when a squad left Steady
// or broke (armySquad.seen). The battle reads at the end of every combat
// round, after its volleys, after every step of the World between rounds
// (a SquadUpdateInterval other than the round's), and after a command it
// carried out (a rally, a shell, a forced rout, new settings): nothing
// moves the men's state or morale but these, so what the views show is
// the World as it is, and a squad's Why, summed up to now, ends at the
// read (SquadWhy). Paused, a designer sees what a command did at once. The
// battle's own figures (each man's state, the squads' stats) stay those
// read at the start of the round, so the fight goes on as it would.
func (a *Armies) reread() {
	for i := range a.men {
		if m := &a.men[i]; m.alive {
			m.shownState, m.morale = m.agent.State(), m.agent.Morale()
		}
	}
	a.readAt, a.steps = a.b.Time(), a.b.world.Steps()
	for i := range a.squads {
		a.tally(i)
		sq := &a.squads[i]
		st := squadState(sq.shown)
		if st == sq.seen {
			continue
		}
		if sq.seen == morale.Steady {
			sq.leftSteady = a.b.now
		}
		if brokenState(st) && !brokenState(sq.seen) {
			sq.broke, sq.fell = a.b.now, sq.leftSteady
		}
		sq.seen = st
	}
}

// brokenState reports whether st is a broken state: Panicked or Routed.
func brokenState(st morale.State) bool { return st == morale.Panicked || st == morale.Routed }

// squadState is the state of a squad's men that prevails: Routed when most
// of the living are Routed, Panicked when most are broken, Shaken when most
// are at least Shaken, else Steady.
func squadState(st morale.SquadStats) morale.State {
	n := st.Count
	switch {
	case n == 0:
		return morale.Steady
	case 2*st.ByState[morale.Routed] > n:
		return morale.Routed
	case 2*st.Broken > n:
		return morale.Panicked
	case 2*(st.Broken+st.ByState[morale.Shaken]) > n:
		return morale.Shaken
	}
	return morale.Steady
}

// forward is the direction army side marches in (+1 down the field, -1 up).
func forward(side int) float64 { return 1 - 2*float64(side) }

// newArmies sets the armies scene up in b's fresh World.
func newArmies(b *Battle) *Armies {
	a := &Armies{b: b}
	a.men = make([]armyMan, 0, 2*ArmySquads*ArmySquadSize)
	a.squads = make([]armySquad, 0, 2*ArmySquads)
	b.squads = nil // a report at a location reaches every squad of both armies
	for side := range 2 {
		fwd := forward(side)
		front := armyFront0
		if side == 1 {
			front = armyFieldH - armyFront0
		}
		for k := range ArmySquads {
			line, col := k/armyCols, k%armyCols
			sq := armySquad{
				id:   ArmyFirstSquad + morale.SquadID(side*ArmySquads+k),
				side: side, first: int32(len(a.men)), ahead: -1, target: -1,
				anchor: morale.Vec2{
					X: (armyFieldW-armyCols*armyPitch)/2 + (float64(col)+0.5)*armyPitch,
					Y: front - fwd*float64(line)*armyLineGap,
				},
				fireAt: seconds(a.b.between(armyVolley0, armyVolley1)),
				suppAt: -seconds(SuppressInterval),
				outnAt: seconds(1 + a.b.rng.Float64()*OutnumberedInterval),
			}
			if line > 0 {
				sq.ahead = int32(len(a.squads) - armyCols)
			}
			a.sides[side] = append(a.sides[side], sq.id)
			for m := range ArmySquadSize {
				r, f := m/armyFiles, m%armyFiles
				slot := morale.Vec2{
					X: (float64(f) - (armyFiles-1)/2.0 + (a.b.rng.Float64()-0.5)*0.3) * armySpacing,
					// rank 0 is the front
					Y: -fwd * (float64(r) - (armyRanks-1)/2.0 + (a.b.rng.Float64()-0.5)*0.3) * armySpacing,
				}
				pos := morale.Vec2{X: sq.anchor.X + slot.X, Y: sq.anchor.Y + slot.Y}
				var opts []morale.SpawnOption
				if m == armyFiles/2 { // the leader, in the middle of the front rank
					opts = append(opts, morale.AsLeader())
				}
				ag := a.b.world.Spawn(sq.id, pos, opts...)
				a.men = append(a.men, armyMan{agent: ag, pos: pos, slot: slot, squad: int32(len(a.squads)), alive: true})
			}
			sq.alive = ArmySquadSize
			a.squads = append(a.squads, sq)
		}
	}
	a.b.history.grow(len(a.squads))
	a.armyRound(false)
	b.logf("Seed %d: two armies of %d squads of %d men.", b.cfg.Seed, ArmySquads, ArmySquadSize)
	return a
}

// step is the armies' sub-tick: the men move every armyMoveEvery
// sub-ticks, the World runs its 1/240 s, and every ArmyCombatInterval the
// combat round is fought.
func (a *Armies) step() {
	if a.b.now%armyMoveEvery == 0 {
		a.armyMove(float64(armyMoveEvery) / SubTicksPerSecond)
	}
	a.b.world.Advance(1.0 / SubTicksPerSecond)
	if a.b.now%seconds(ArmyCombatInterval) == 0 {
		a.armyRound(true)
		return
	}
	a.b.history.advance(a.b.Time())
	if a.b.world.Steps() != a.steps {
		a.reread() // a step between rounds changed the men
	}
}

// armyMove moves the squads' anchors and every living man by dt seconds.
func (a *Armies) armyMove(dt float64) {
	for i := range a.squads {
		sq := &a.squads[i]
		if sq.alive == 0 || sq.state != morale.Steady || sq.holding {
			continue
		}
		fwd := forward(sq.side)
		y := sq.anchor.Y + fwd*armyMarch*dt
		if sq.ahead >= 0 { // keep the line's distance behind the squad in front
			if ah := &a.squads[sq.ahead]; ah.alive > 0 && ah.state != morale.Routed {
				limit := ah.anchor.Y - fwd*armyLineGap
				if fwd*(y-limit) > 0 {
					y = limit
				}
			}
		}
		if fwd*(y-sq.anchor.Y) > 0 {
			sq.anchor.Y = y
		}
	}
	for i := range a.men {
		m := &a.men[i]
		if !m.alive {
			continue
		}
		sq := &a.squads[m.squad]
		switch m.state {
		case morale.Panicked: // frozen where he stands
		case morale.Routed: // away from the enemy, drifting a little sideways
			fwd := forward(sq.side)
			y := m.pos.Y - fwd*armyRout*dt
			m.pos.Y = math.Max(100, math.Min(armyFieldH-100, y))
			m.pos.X = math.Max(100, math.Min(armyFieldW-100, m.pos.X+m.slot.X*0.02*dt))
		default: // back to (or keep) his place in the formation
			to := morale.Vec2{X: sq.anchor.X + m.slot.X, Y: sq.anchor.Y + m.slot.Y}
			dx, dy := to.X-m.pos.X, to.Y-m.pos.Y
			d2 := dx*dx + dy*dy
			step := armyReform * dt
			if sq.state == morale.Steady && !sq.holding {
				step += armyMarch * dt
			}
			if d2 <= step*step {
				m.pos = to
			} else {
				k := step / math.Sqrt(d2)
				m.pos.X += dx * k
				m.pos.Y += dy * k
			}
		}
	}
}

// armyRound is the combat round, every ArmyCombatInterval: positions to the
// World, the men's states (by which they move and fight until the next
// round), rout news, volleys, Outnumbered, then the views' read of what
// all that left (reread) and the samples. fight is false for the round at
// build time, which only reads.
func (a *Armies) armyRound(fight bool) {
	t := a.b.Time()
	a.b.history.advance(t)
	for i := range a.men {
		m := &a.men[i]
		if !m.alive {
			continue
		}
		m.agent.SetPosition(m.pos)
		st := m.agent.State()
		if st == morale.Routed && m.state != morale.Routed && fight {
			// his rout is news at his location for his own army
			a.routs++
			a.armyReport(morale.AllyDown, m.pos, 0, a.sides[a.squads[m.squad].side], ArmyRoutNews)
		}
		m.state = st
	}
	// One pass over the World for every squad's stats: a.squads are in ID
	// order, as AllSquadStats gives them; a squad with no one left alive
	// is not in it and gets zero stats.
	a.stats = a.b.world.AllSquadStats(a.stats[:0])
	next := a.stats
	for i := range a.squads {
		sq := &a.squads[i]
		sq.stats = morale.SquadStats{}
		if len(next) > 0 && next[0].ID == sq.id {
			sq.stats, next = next[0], next[1:]
		}
		st := squadState(sq.stats)
		if st != sq.state {
			a.b.history.change(Change{T: t, ID: i, From: sq.state, To: st})
			sq.state = st
		}
	}
	if fight {
		for i := range a.squads {
			a.armyFight(i)
		}
	}
	a.reread()
	// the timeline's point of each squad is the average the field shows
	// until the next read: its men's after the round's volleys
	for i := range a.squads {
		a.b.history.sample(i, t, a.squads[i].shown.Average)
	}
}

// armyReport reports e at a location, keeping a refused report in Err.
func (a *Armies) armyReport(e morale.Event, at morale.Vec2, radius float64, squads []morale.SquadID, scale float64) {
	if err := a.b.world.ReportEventAtLocation(e, at, radius, squads, scale); err != nil {
		a.b.fail(fmt.Errorf("game: %s at (%.0f, %.0f): %w", e, at.X, at.Y, err))
		return
	}
	if len(a.b.listeners) > 0 {
		a.b.emit(Report{T: a.b.Time(), Event: e, ID: -1, At: at, Scale: scale})
	}
}

// armyFight runs squad i's part of a combat round: finding the nearest
// enemy squad, a volley when ready and in reach, and Outnumbered on its
// timer.
func (a *Armies) armyFight(i int) {
	sq := &a.squads[i]
	if sq.alive == 0 {
		return
	}
	t, d := -1, math.Inf(1)
	sq.holding = false
	for j := range a.squads {
		e := &a.squads[j]
		if e.side == sq.side || e.alive == 0 || e.state == morale.Routed {
			continue
		}
		if dd := e.anchor.Dist(sq.anchor); dd < d {
			t, d = j, dd
		}
		// the line halts together: an enemy ahead within the hold range,
		// straight ahead or one squad to either side
		if math.Abs(e.anchor.X-sq.anchor.X) <= 1.5*armyPitch && math.Abs(e.anchor.Y-sq.anchor.Y) <= armyHoldRange {
			sq.holding = true
		}
	}
	sq.target = int32(t)
	if a.b.now >= sq.outnAt {
		sq.outnAt += seconds(OutnumberedInterval)
		friends, foes := 0, 0
		for j := range a.squads {
			o := &a.squads[j]
			if o.alive == 0 || o.anchor.Dist(sq.anchor) > armyOutnumberR {
				continue
			}
			n := o.stats.Count - o.stats.ByState[morale.Routed]
			if o.side == sq.side {
				friends += n
			} else {
				foes += n
			}
		}
		if foes > 0 {
			a.one[0] = sq.id
			a.armyReport(morale.Outnumbered, sq.anchor, 0, a.one[:], morale.OutnumberedFactor(friends, foes))
		}
	}
	if t < 0 || d > armyVolleyMax || a.b.now < sq.fireAt || sq.state == morale.Routed || sq.state == morale.Panicked {
		return
	}
	sq.fireAt = a.b.now + seconds(a.b.between(armyVolley0, armyVolley1))
	shooters := sq.stats.ByState[morale.Steady] + sq.stats.ByState[morale.Shaken]/2
	p := armyHitClose * math.Min(1, armyHitRange/d)
	if sq.state == morale.Shaken {
		p *= armyShakenAim
	}
	kills := 0
	for range shooters {
		if a.b.rng.Float64() < p {
			kills++
		}
	}
	tg := &a.squads[t]
	a.b.addShot(sq.anchor, tg.anchor, kills > 0, sq.side == 1)
	for range kills {
		if !a.armyKillOne(t) {
			break
		}
		a.one[0] = sq.id
		a.armyReport(morale.EnemyDown, sq.anchor, 0, a.one[:], 1)
	}
	if a.b.now-tg.suppAt >= seconds(SuppressInterval) {
		tg.suppAt = a.b.now
		a.armyReport(morale.Suppressed, tg.anchor, armySuppressR, a.sides[tg.side], 1)
	}
}

// armyKillOne kills a random living man of squad t: AllyDown (LeaderDown
// for its leader) at his location to his army, then he leaves the World. It
// reports false when the squad has nobody left.
func (a *Armies) armyKillOne(t int) bool {
	sq := &a.squads[t]
	if sq.alive == 0 {
		return false
	}
	k := a.b.rng.IntN(ArmySquadSize)
	for j := range ArmySquadSize {
		id := int(sq.first) + (k+j)%ArmySquadSize
		if a.men[id].alive {
			a.armyKill(id)
			return true
		}
	}
	return false
}

// armyKill kills man id, who is alive: AllyDown (LeaderDown for his squad's
// leader) at his location to his army, then he leaves the World.
func (a *Armies) armyKill(id int) {
	m := &a.men[id]
	sq := &a.squads[m.squad]
	ev := morale.AllyDown
	if m.agent.IsLeader() {
		ev = morale.LeaderDown
	}
	a.armyReport(ev, m.pos, 0, a.sides[sq.side], 1)
	a.b.world.Remove(m.agent)
	m.alive = false
	sq.alive--
	a.deaths[sq.side]++
	a.tally(int(m.squad))
}

// tally counts squad i's shown figures (armySquad.shown) from its living
// men's shown state and morale, in their order: every combat round, after
// a command (reread), and again when one of them falls, so that its count
// is always its men alive.
func (a *Armies) tally(i int) {
	sq := &a.squads[i]
	st := morale.SquadStats{ID: sq.id, Lowest: 1}
	men := a.men[sq.first : sq.first+ArmySquadSize]
	for j := range men {
		m := &men[j]
		if !m.alive {
			continue
		}
		st.Count++
		st.Average += m.morale
		st.Lowest = min(st.Lowest, m.morale)
		st.ByState[m.shownState]++
		if brokenState(m.shownState) {
			st.Broken++
		}
	}
	if st.Count == 0 {
		st = morale.SquadStats{}
	} else {
		st.Average /= float64(st.Count)
	}
	sq.shown = st
}
