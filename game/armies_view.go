package game

import (
	"fmt"
	"slices"

	"github.com/moralebreak/moralebreak/morale"
)

// ManView is a read-only copy of one man of the armies scene.
type ManView struct {
	// Pos is his position on the field, in cm.
	Pos morale.Vec2
	// Squad is the index of his squad in AppendSquads; Side his army, 0 or 1.
	Squad, Side int
	// State and Morale (0..1) are his as the battle last read them
	// (Armies.FiguresAt), as his squad's SquadView counts them: Steady and
	// 0 once he fell.
	State  morale.State
	Morale float64
	// Alive is false once he fell (at once, not at the next round).
	Alive bool
}

// SquadView is a read-only copy of one squad of the armies scene.
type SquadView struct {
	// ID is its morale squad; Index its place in AppendSquads; Side its army.
	ID          morale.SquadID
	Index, Side int
	// Anchor is where its formation stands, in cm.
	Anchor morale.Vec2
	// Stats count its living men's State and Morale as their ManViews
	// give them: as last read (Armies.FiguresAt), the men fallen since
	// left out.
	Stats morale.SquadStats
	// State is the state most of them are in, by those Stats (Routed when
	// most are Routed, Panicked when most are broken, Shaken when most
	// are at least Shaken).
	State morale.State
	// Target is the index of the enemy squad it faces, -1 for none.
	Target int
}

// Name returns SceneArmies.
func (a *Armies) Name() string { return SceneArmies }

// ClockDecimals returns 2: the armies' views give the clock in hundredths,
// as the moment their figures were read ("morale as read at 38.05 s"). The
// combat rounds fall every quarter second, and a clock of tenths beside
// them ("t 38.0 s") read as another moment.
func (a *Armies) ClockDecimals() int { return 2 }

// AppendMen appends every man of both armies, dead ones included, in squad
// order (squad k's men are k*ArmySquadSize..), to dst and returns it. It
// changes nothing.
func (a *Armies) AppendMen(dst []ManView) []ManView {
	for i := range a.men {
		m := &a.men[i]
		v := ManView{Pos: m.pos, Squad: int(m.squad), Side: a.squads[m.squad].side, Alive: m.alive}
		if m.alive {
			v.State, v.Morale = m.shownState, m.morale
		}
		dst = append(dst, v)
	}
	return dst
}

// AppendSquads appends every squad of both armies, army 0's first, to dst
// and returns it. It changes nothing.
func (a *Armies) AppendSquads(dst []SquadView) []SquadView {
	for i := range a.squads {
		dst = append(dst, a.squadView(i))
	}
	return dst
}

// squadView is squad i's view: its men's figures as last read (FiguresAt).
func (a *Armies) squadView(i int) SquadView {
	sq := &a.squads[i]
	return SquadView{ID: sq.id, Index: i, Side: sq.side, Anchor: sq.anchor, Stats: sq.shown, State: squadState(sq.shown), Target: int(sq.target)}
}

// FiguresAt returns the time, in seconds, when the battle last read its
// men's state and morale for the views: at the end of the last combat
// round (every ArmyCombatInterval, after its volleys), after a step of the
// World since (when SquadUpdateInterval is not the round's), or after a
// command it carried out since (a rally, a shell, a forced rout, new
// settings, a selection). Nothing else moves the men's state or morale, so
// the read is the World as it is at the clock, and FiguresAt is when it
// last moved. Every view of the men and squads shows that read (each man's
// State and Morale, each squad's Stats and State, its Why's Men, Broken
// and Average, and the Why's causes end there: SquadWhy.Now), so that one
// screen never shows one squad two ways, and a command shows at once,
// paused too. A man who falls in between leaves his squad's figures at
// once.
func (a *Armies) FiguresAt() float64 { return a.readAt }

// SelectedSquadView returns the squad selected with SelectSquad as the
// panel's line and the field's inset show it, the view AppendSquads gives
// it; false when none is selected.
func (a *Armies) SelectedSquadView() (SquadView, bool) {
	for i := range a.squads {
		if a.squads[i].id == a.selected && a.selected != 0 {
			return a.squadView(i), true
		}
	}
	return SquadView{}, false
}

// SelectedSquad returns the squad selected with SelectSquad, 0 for none.
func (a *Armies) SelectedSquad() morale.SquadID { return a.selected }

// SelectSquad selects squad ID of the armies scene, whose men then show
// their morale bars and whose Why the cause ledger keeps from then on
// (Armies.SquadWhy; 0 clears the selection and the ledger). Like SetDebug
// it changes nothing of the battle. In the opening it is refused with
// ErrNoSquad.
type SelectSquad struct{ ID morale.SquadID }

func (SelectSquad) isCommand() {}

// apply gives the commands that mean something else in the armies scene:
// Kill and ForceRout name a man (SoldierAt's IDs there), Reinforce is
// refused, SelectSquad selects. handled is false for the commands that work
// the same in both scenes.
func (a *Armies) apply(c Command) (handled bool, err error) {
	switch c := c.(type) {
	case Kill:
		if c.ID < 0 || c.ID >= len(a.men) || !a.men[c.ID].alive {
			return true, fmt.Errorf("%w: %d", ErrNoSoldier, c.ID)
		}
		a.armyKill(c.ID) // a report the World refuses goes to Err
		return true, nil
	case ForceRout:
		if c.ID < 0 || c.ID >= len(a.men) || !a.men[c.ID].alive {
			return true, fmt.Errorf("%w: %d", ErrNoSoldier, c.ID)
		}
		a.men[c.ID].agent.ForceRout()
		return true, nil
	case Reinforce:
		return true, fmt.Errorf("%w: the armies scene takes no reinforcements", ErrBadCount)
	case SelectSquad:
		if c.ID != 0 && !slices.Contains(a.sides[0], c.ID) && !slices.Contains(a.sides[1], c.ID) {
			return true, fmt.Errorf("%w: %d (squads: %s)", ErrNoSquad, c.ID, squadList(slices.Concat(a.sides[0], a.sides[1])))
		}
		if err := a.squadLedger(c.ID); err != nil {
			return true, err // cannot happen: the options are valid
		}
		a.selected = c.ID
		return true, nil
	}
	return false, nil
}

// commanded reads the men's figures again (reread): what a command did
// shows at once, paused too.
func (a *Armies) commanded() { a.reread() }

// field is the armies' battlefield, 600 × 340 m.
func (a *Armies) field() morale.Vec2 { return morale.Vec2{X: armyFieldW, Y: armyFieldH} }

// sync does nothing: every combat round tells the World where the men are.
func (a *Armies) sync() {}

// soldierAt returns the living man nearest to p within 3×HitRadius.
func (a *Armies) soldierAt(p morale.Vec2) (int, bool) {
	best, id := 3*HitRadius, -1
	for i := range a.men {
		m := &a.men[i]
		if m.alive {
			if d := m.pos.Dist(p); d <= best {
				best, id = d, i
			}
		}
	}
	return id, id >= 0
}

// squadAt returns the squad whose anchor is nearest to p within 20 m, 0
// when none is.
func (a *Armies) squadAt(p morale.Vec2) (id morale.SquadID, ok bool) {
	best := 2000.0
	for i := range a.squads {
		sq := &a.squads[i]
		if sq.alive > 0 {
			if d := sq.anchor.Dist(p); d <= best {
				best, id = d, sq.id
			}
		}
	}
	return id, true
}

// The armies have no named soldiers: Why explains none of their men.
func (a *Armies) soldierCount() int                           { return 0 }
func (a *Armies) soldierOf(int) (*morale.Agent, string, bool) { return nil, "", false }

// digest writes the number of named soldiers, none: the men are the
// World's agents, which Session.Digest writes after.
func (a *Armies) digest(put func(uint64)) { put(0) }

// listen registers nothing: the armies read their men's states each combat
// round instead.
func (a *Armies) listen() {}
