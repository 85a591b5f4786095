package game

import (
	"github.com/moralebreak/moralebreak/morale"
)

// openingSoldiers is the number of men the opening is written for.
const openingSoldiers = 5

// Roles of the opening, by soldier ID.
const (
	roleLeader  = 0 // Alvarez
	roleFirst   = 1 // Brandt, the first to fall
	roleWeakest = 4 // Eriksen, the least nerve
)

// openingNerves returns the pinned nerve of soldier i of the opening: a
// clearly staggered spread inside the default 0.1..0.7.
func openingNerves(i int) float64 {
	return [openingSoldiers]float64{0.65, 0.50, 0.40, 0.27, 0.12}[i]
}

// beatKind is what a beat does.
type beatKind uint8

const (
	beatFirstLoss beatKind = iota
	beatLeaderDown
	beatShell
	beatWound
	beatReturnFire
	beatRally
)

// Beat is one scripted moment of the opening.
type Beat struct {
	// At is the simulated time of the beat, in seconds.
	At float64
	// Name is a short name, such as "leader down".
	Name string
	// Text describes what happens, for captions and the log.
	Text string

	kind beatKind
}

// Times of the opening's beats, in seconds of simulated time.
const (
	// OpeningFirstLoss: Brandt is shot dead (AllyDown at his location).
	OpeningFirstLoss = 2.5
	// OpeningLeaderDown: Alvarez, the leader, is shot dead (LeaderDown).
	OpeningLeaderDown = 5.0
	// OpeningShell: a mortar round lands among the survivors (Suppressed ×
	// ShellScale at the impact).
	OpeningShell = 6.0
	// OpeningWound: Eriksen, the man with the least nerve, is hit.
	OpeningWound = 7.0
	// OpeningReturnFire: the steadiest man still fighting drops an enemy
	// rifleman (EnemyDown to the squad) while Eriksen breaks.
	OpeningReturnFire = 11.0
	// OpeningRally: the squad is rallied (RallySquad); the opening ends.
	OpeningRally = 14.0
)

// openingWound is the health Eriksen loses at OpeningWound.
const openingWound = 0.65

// openingShellScale is the scale of the opening's mortar round (a lighter
// one than a player's Shell).
const openingShellScale = 2.0

// OpeningBeats returns the scripted beats of the opening in order. The
// emergent beats between them (the squad shaking after the leader's death,
// Eriksen panicking at about 7.25 s and routing about 3.5 s later while the
// others hold) follow from the morale rules and are described in the package
// doc. The slice is new on every call.
func OpeningBeats() []Beat {
	return []Beat{
		{At: OpeningFirstLoss, Name: "first loss", Text: "Brandt is shot dead.", kind: beatFirstLoss},
		{At: OpeningLeaderDown, Name: "leader down", Text: "Sergeant Alvarez is shot dead.", kind: beatLeaderDown},
		{At: OpeningShell, Name: "shell", Text: "A mortar round lands among the survivors.", kind: beatShell},
		{At: OpeningWound, Name: "wound", Text: "Eriksen is hit.", kind: beatWound},
		{At: OpeningReturnFire, Name: "return fire", Text: "The squad fires back: an enemy rifleman drops.", kind: beatReturnFire},
		{At: OpeningRally, Name: "rally", Text: "Rally! The squad comes back together.", kind: beatRally},
	}
}

// Opening returns this battle's opening beats (none when the opening is off).
// Do not modify the slice.
func (g *Game) Opening() []Beat { return g.beats }

// OpeningOver reports whether every beat of the opening has played (true when
// there is no opening).
func (g *Game) OpeningOver() bool { return !g.openingActive() }

// runOpening plays the beats that fall due.
func (g *Game) runOpening() {
	for g.nextBeat < len(g.beats) && seconds(g.beats[g.nextBeat].At) <= g.now {
		b := &g.beats[g.nextBeat]
		g.nextBeat++
		g.logf("%s", b.Text)
		switch b.kind {
		case beatFirstLoss:
			g.scriptedHit(roleFirst, 1)
		case beatLeaderDown:
			g.scriptedHit(roleLeader, 1)
		case beatShell:
			if at, ok := g.survivorsCentre(); ok {
				g.fail(g.shellScaled(at, openingShellScale))
			}
		case beatWound:
			g.scriptedHit(roleWeakest, openingWound)
		case beatReturnFire:
			g.scriptedReturnFire()
		case beatRally:
			g.rallyAll()
		}
	}
}

// scriptedHit has the nearest enemy rifleman hit soldier id for dmg.
func (g *Game) scriptedHit(id int, dmg float64) {
	if id >= len(g.soldiers) || !g.soldiers[id].alive {
		return
	}
	s := &g.soldiers[id]
	if e, _ := g.nearestEnemy(s.pos); e >= 0 {
		g.enemyShot(e, s.pos, true)
	}
	g.damage(id, dmg)
	g.suppressAround(s.pos)
}

// survivorsCentre returns the centre of the living soldiers.
func (g *Game) survivorsCentre() (morale.Vec2, bool) {
	var c morale.Vec2
	n := 0
	for i := range g.soldiers {
		if s := &g.soldiers[i]; s.alive {
			c.X += s.pos.X
			c.Y += s.pos.Y
			n++
		}
	}
	if n == 0 {
		return c, false
	}
	return morale.Vec2{X: c.X / float64(n), Y: c.Y / float64(n)}, true
}

// scriptedReturnFire has the living, fighting soldier with the most nerve
// kill the enemy nearest to him.
func (g *Game) scriptedReturnFire() {
	best, nerve := -1, -1.0
	for i := range g.soldiers {
		s := &g.soldiers[i]
		if s.alive && s.agent.IsFighting() && s.agent.Nerve() > nerve {
			best, nerve = i, s.agent.Nerve()
		}
	}
	if best < 0 {
		return
	}
	s := &g.soldiers[best]
	e, _ := g.nearestEnemy(s.pos)
	if e < 0 {
		return
	}
	to := g.enemies[e].pos
	if l := s.pos.Dist(to); l > 0 {
		s.dir = morale.Vec2{X: (to.X - s.pos.X) / l, Y: (to.Y - s.pos.Y) / l}
	}
	g.addShot(s.pos, to, true, false)
	s.firedAt = g.now
	g.hurtEnemy(e, 2)
}
