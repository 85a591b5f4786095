package game

import (
	"fmt"
	"slices"

	"github.com/moralebreak/moralebreak/morale"
)

// ArmiesView is the read-only face of the armies scene, for drawing; *Game
// satisfies it. Scene tells which scene a battle plays: the Append methods
// append nothing in the opening.
type ArmiesView interface {
	View
	// Scene is SceneOpening or SceneArmies.
	Scene() string
	// AppendMen appends every man of both armies, dead ones included, in
	// squad order (squad k's men are k*ArmySquadSize..), to dst.
	AppendMen(dst []ManView) []ManView
	// AppendSquads appends every squad of both armies, army 0's first, to
	// dst.
	AppendSquads(dst []SquadView) []SquadView
	// SelectedSquad is the squad selected with SelectSquad, 0 for none.
	SelectedSquad() morale.SquadID
}

var _ ArmiesView = (*Game)(nil)

// ManView is a read-only copy of one man of the armies scene.
type ManView struct {
	// Pos is his position on the field, in cm.
	Pos morale.Vec2
	// Squad is the index of his squad in AppendSquads; Side his army, 0 or 1.
	Squad, Side int
	// State is his morale state at the last combat round (Steady when dead).
	State morale.State
	// Morale is his morale now, 0..1 (0 when dead).
	Morale float64
	// Alive is false once he fell.
	Alive bool
}

// SquadView is a read-only copy of one squad of the armies scene.
type SquadView struct {
	// ID is its morale squad; Index its place in AppendSquads; Side its army.
	ID          morale.SquadID
	Index, Side int
	// Anchor is where its formation stands, in cm.
	Anchor morale.Vec2
	// Stats are its members' morale at the last combat round.
	Stats morale.SquadStats
	// State is the state most of its men are in (Routed when most are
	// Routed, Panicked when most are broken, Shaken when most are at least
	// Shaken).
	State morale.State
	// Target is the index of the enemy squad it faces, -1 for none.
	Target int
}

// Scene returns the scene the battle plays: SceneOpening or SceneArmies.
func (g *Game) Scene() string {
	if g.armies != nil {
		return SceneArmies
	}
	return SceneOpening
}

// AppendMen appends every man of the armies scene to dst (nothing in the
// opening) and returns it. It changes nothing in g.
func (g *Game) AppendMen(dst []ManView) []ManView {
	if g.armies == nil {
		return dst
	}
	for i := range g.armies.men {
		m := &g.armies.men[i]
		v := ManView{Pos: m.pos, Squad: int(m.squad), Side: g.armies.squads[m.squad].side, State: m.state, Alive: m.alive}
		if m.alive {
			v.Morale = m.agent.Morale()
		}
		dst = append(dst, v)
	}
	return dst
}

// AppendSquads appends every squad of the armies scene to dst (nothing in
// the opening) and returns it. It changes nothing in g.
func (g *Game) AppendSquads(dst []SquadView) []SquadView {
	if g.armies == nil {
		return dst
	}
	for i := range g.armies.squads {
		sq := &g.armies.squads[i]
		dst = append(dst, SquadView{ID: sq.id, Index: i, Side: sq.side, Anchor: sq.anchor, Stats: sq.stats, State: sq.state, Target: int(sq.target)})
	}
	return dst
}

// SelectedSquad returns the squad selected with SelectSquad, 0 for none.
func (g *Game) SelectedSquad() morale.SquadID {
	if g.armies == nil {
		return 0
	}
	return g.armies.selected
}

// SquadAt returns the squad of the armies scene whose living men are
// nearest to field point p, within 20 m of its anchor; ok is false in the
// opening (which has no squads to select), id 0 when no squad is near.
func (g *Game) SquadAt(p morale.Vec2) (id morale.SquadID, ok bool) {
	if g.armies == nil {
		return 0, false
	}
	best := 2000.0
	for i := range g.armies.squads {
		sq := &g.armies.squads[i]
		if sq.alive > 0 {
			if d := sq.anchor.Dist(p); d <= best {
				best, id = d, sq.id
			}
		}
	}
	return id, true
}

// SelectSquad selects squad ID of the armies scene, whose men then show
// their morale bars (0 clears the selection). Like SetDebug it changes only
// what is drawn. In the opening it is refused with ErrNoSquad.
type SelectSquad struct{ ID morale.SquadID }

func (SelectSquad) isCommand() {}

// applyArmies gives the commands that mean something else in the armies
// scene: Kill and ForceRout name a man (SoldierAt's IDs there), Shell checks
// the larger field, Reinforce is refused, SelectSquad selects. handled is
// false for the commands that work the same in both scenes.
func (g *Game) applyArmies(c Command) (handled bool, err error) {
	a := g.armies
	if a == nil {
		if _, ok := c.(SelectSquad); ok {
			return true, fmt.Errorf("%w: the opening has no squads to select", ErrNoSquad)
		}
		return false, nil
	}
	switch c := c.(type) {
	case Kill:
		if c.ID < 0 || c.ID >= len(a.men) || !a.men[c.ID].alive {
			return true, fmt.Errorf("%w: %d", ErrNoSoldier, c.ID)
		}
		g.armyKill(c.ID) // a report the World refuses goes to Err
		return true, nil
	case ForceRout:
		if c.ID < 0 || c.ID >= len(a.men) || !a.men[c.ID].alive {
			return true, fmt.Errorf("%w: %d", ErrNoSoldier, c.ID)
		}
		a.men[c.ID].agent.ForceRout()
		return true, nil
	case Shell: // the same shell on the armies' larger field
		if !finite(c.At) || c.At.X < 0 || c.At.Y < 0 || c.At.X > armyFieldW || c.At.Y > armyFieldH {
			return true, fmt.Errorf("%w: (%v, %v)", ErrBadPoint, c.At.X, c.At.Y)
		}
		return true, g.shellScaled(c.At, ShellScale)
	case Reinforce:
		return true, fmt.Errorf("%w: the armies scene takes no reinforcements", ErrBadCount)
	case SelectSquad:
		if c.ID != 0 && !slices.Contains(g.squads, c.ID) {
			return true, fmt.Errorf("%w: %d", ErrNoSquad, c.ID)
		}
		a.selected = c.ID
		return true, nil
	}
	return false, nil
}
