package ui

import (
	"fmt"
	"image"
	"slices"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// The UI's scenes: one per game scene (the opening, the armies, a lab
// fight), each the UI's side of it: which soldiers it has, how the field
// is viewed, what is selected and how the selection is named, stepped
// through and kept clear of the Why panel. The scene manager keeps the
// live game scene's UI scene; the App asks it, never the game scene's
// type.

// uiScene is the UI's side of one game scene.
type uiScene interface {
	// soldiers appends the scene's soldiers (none in the armies) to dst.
	soldiers(dst []game.SoldierView) []game.SoldierView
	// pans reports whether the field has a camera (zoom and pan) rather
	// than the whole field fitted.
	pans() bool
	// selectedSquad is the selected squad (the armies'; 0: none or no
	// squads to select).
	selectedSquad() morale.SquadID
	// selectionLine is the panel's selection line, of the scene's own
	// battle: the App asks the scene of the future shown (whatif.go).
	selectionLine(a *App) string
	// cycle selects the next selectable (dir +1) or the one before (−1).
	cycle(a *App, dir int)
	// whyAvoid returns, in screen pixels of vp, the selection id the Why
	// panel explains (it must not cover it) and what it had better not
	// cover.
	whyAvoid(a *App, vp game.Viewport, id int) (self image.Point, others []image.Point)
}

// sceneManager keeps the UI scene of the live game scene: a new one when
// the game's scene changes (a Restart, a rewind, a replay's start make a
// new one, of the same kind).
type sceneManager struct {
	of  game.Scene
	cur uiScene
}

// update makes cur the UI scene of sc, when sc is not the one it has.
// Call it from Update.
func (m *sceneManager) update(sc game.Scene) { m.of, m.cur = sc, m.scene(sc) }

// scene returns the UI scene of sc: the manager's when sc is its, else
// (another future's scene, or before the first update) a new one.
func (m *sceneManager) scene(sc game.Scene) uiScene {
	if m.cur != nil && sc == m.of {
		return m.cur
	}
	return uiSceneOf(sc)
}

// scene returns the UI scene of the live battle.
func (a *App) scene() uiScene { return a.scenes.scene(a.g.Scene()) }

// uiSceneOf returns the UI scene of game scene sc. It is the one switch on
// game's concrete scenes in ui: game's scenes are a closed set of types,
// each with views of its own (game.View.Scene says to switch on it), and
// this is where the UI does.
func uiSceneOf(sc game.Scene) uiScene {
	switch sc := sc.(type) {
	case *game.Opening:
		return &soldierScene{append: sc.AppendSoldiers, enemies: sc.AppendEnemies}
	case *game.Scenario:
		return &soldierScene{append: sc.AppendSoldiers, camera: true}
	case *game.Armies:
		return &armiesScene{sc}
	}
	return &soldierScene{}
}

// soldierScene is a scene of named soldiers: the opening (with its enemy
// line, the whole field fitted) and a lab fight (with a camera: its
// formations can be far apart and its men close together).
type soldierScene struct {
	append  func([]game.SoldierView) []game.SoldierView
	enemies func([]game.EnemyView) []game.EnemyView // nil: none
	camera  bool                                    // the field zooms and pans (a lab fight)
}

func (s soldierScene) soldiers(dst []game.SoldierView) []game.SoldierView {
	if s.append == nil {
		return dst
	}
	return s.append(dst)
}
func (s soldierScene) pans() bool                  { return s.camera }
func (soldierScene) selectedSquad() morale.SquadID { return 0 }

func (s soldierScene) selectionLine(a *App) string {
	if !a.hasSelected {
		return "Selected: none (right-click a soldier)"
	}
	a.soldiers = s.soldiers(a.soldiers[:0])
	for _, v := range a.soldiers {
		if v.ID == a.selected {
			if !v.Alive {
				return fitSelection(v.Name, a.w.face, fallenTails(a.view(), v)...)
			}
			return fitSelection(v.Name, a.w.face, fmt.Sprintf(" · %s · morale %.2f · nerve %.2f", v.State, v.Morale, v.Nerve),
				fmt.Sprintf(" · %s · morale %.2f", v.State, v.Morale))
		}
	}
	return "Selected: gone"
}

// fallenTails are the selection line's tails (fitSelection) of v, a
// fallen man: his morale as he fell and when, as his Why panel gives them
// ("fell at 5.00 s · morale then 0.88"), or none when his explanation is
// gone. The line wrote his body's morale, "down · morale 0.00", beside a
// panel that said 0.88.
func fallenTails(g game.View, v game.SoldierView) []string {
	if x, ok := g.Why(v.ID); ok {
		return []string{fmt.Sprintf(" · fell at %.2f s · morale then %.2f", x.Now, x.Morale),
			fmt.Sprintf(" · down · morale then %.2f", x.Morale)}
	}
	return []string{fmt.Sprintf(" · down · nerve %.2f", v.Nerve), " · down"}
}

func (soldierScene) cycle(a *App, dir int) {
	a.soldiers = a.appendSoldiers()
	n := len(a.soldiers)
	if n == 0 {
		a.selectSoldier(a.selected, false)
		return
	}
	i := -1
	if a.hasSelected {
		i = slices.IndexFunc(a.soldiers, func(s game.SoldierView) bool { return s.ID == a.selected })
	}
	a.selectSoldier(a.soldiers[step(i, dir, n)].ID, true)
}

// step is the index dir (+1 or −1) from i among n (n > 0), wrapping
// around; from none (i −1), +1 is the first and −1 the last.
func step(i, dir, n int) int {
	if i < 0 && dir < 0 {
		i = 0
	}
	return ((i+dir)%n + n) % n
}

func (s soldierScene) whyAvoid(a *App, vp game.Viewport, id int) (self image.Point, others []image.Point) {
	at := func(x, y float64) image.Point { return image.Pt(int(x), int(y)) }
	self = image.Point{-1 << 20, -1 << 20}
	a.soldiers = a.appendSoldiers()
	for _, s := range a.soldiers {
		switch {
		case s.ID == id:
			self = at(vp.ToScreen(s.Pos))
		case s.Alive:
			others = append(others, at(vp.ToScreen(s.Pos)))
		}
	}
	if s.enemies != nil {
		a.enemies = s.enemies(a.enemies[:0])
		for _, e := range a.enemies {
			if e.Alive {
				others = append(others, at(vp.ToScreen(e.Pos)))
			}
		}
	}
	return self, others
}

// armiesScene is the armies: squads to select, a camera on the field.
type armiesScene struct{ sc *game.Armies }

func (armiesScene) soldiers(dst []game.SoldierView) []game.SoldierView { return dst }
func (armiesScene) pans() bool                                         { return true }
func (s armiesScene) selectedSquad() morale.SquadID                    { return s.sc.SelectedSquad() }
func (s armiesScene) selectionLine(a *App) string                      { return a.squadLine(s.sc) }
func (s armiesScene) cycle(a *App, dir int)                            { a.cycleSquad(s.sc, dir) }

// whyAvoid keeps off the squad explained (its anchor).
func (s armiesScene) whyAvoid(a *App, vp game.Viewport, id int) (self image.Point, others []image.Point) {
	self = image.Point{-1 << 20, -1 << 20}
	for _, q := range s.sc.AppendSquads(a.squads[:0]) {
		if int(q.ID) == id {
			x, y := vp.ToScreen(q.Anchor)
			self = image.Pt(int(x), int(y))
		}
	}
	return self, nil
}
