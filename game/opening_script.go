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

// runOpening plays the beats that fall due.
func (o *Opening) runOpening() {
	for o.nextBeat < len(o.beats) && seconds(o.beats[o.nextBeat].At) <= o.b.now {
		bt := &o.beats[o.nextBeat]
		o.nextBeat++
		o.b.logf("%s", bt.Text)
		switch bt.kind {
		case beatFirstLoss:
			o.scriptedHit(roleFirst, 1)
		case beatLeaderDown:
			o.scriptedHit(roleLeader, 1)
		case beatShell:
			if at, ok := o.survivorsCentre(); ok {
				o.b.fail(o.b.shellScaled(at, openingShellScale))
			}
		case beatWound:
			o.scriptedHit(roleWeakest, openingWound)
		case beatReturnFire:
			o.scriptedReturnFire()
		case beatRally:
			o.b.rallyAll()
		}
	}
}

// scriptedHit has the nearest enemy rifleman hit soldier id for dmg.
func (o *Opening) scriptedHit(id int, dmg float64) {
	if id >= len(o.soldiers) || !o.soldiers[id].alive {
		return
	}
	s := &o.soldiers[id]
	if e, _ := o.nearestEnemy(s.pos); e >= 0 {
		o.enemyShot(e, s.pos, true)
	}
	o.damage(id, dmg)
	o.suppressAround(s.pos)
}

// survivorsCentre returns the centre of the living soldiers.
func (o *Opening) survivorsCentre() (morale.Vec2, bool) {
	var c morale.Vec2
	n := 0
	for i := range o.soldiers {
		if s := &o.soldiers[i]; s.alive {
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
func (o *Opening) scriptedReturnFire() {
	best, nerve := -1, -1.0
	for i := range o.soldiers {
		s := &o.soldiers[i]
		if s.alive && s.agent.IsFighting() && s.agent.Nerve() > nerve {
			best, nerve = i, s.agent.Nerve()
		}
	}
	if best < 0 {
		return
	}
	s := &o.soldiers[best]
	e, _ := o.nearestEnemy(s.pos)
	if e < 0 {
		return
	}
	to := o.enemies[e].pos
	if l := s.pos.Dist(to); l > 0 {
		s.dir = morale.Vec2{X: (to.X - s.pos.X) / l, Y: (to.Y - s.pos.Y) / l}
	}
	o.b.addShot(s.pos, to, true, false)
	s.firedAt = o.b.now
	o.hurtEnemy(e, 2)
}
