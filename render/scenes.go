package render

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
)

// sceneDrawer is the renderer's side of one game scene: how its field,
// its timeline, its ghost and its Why are drawn. drawerOf chooses it from
// the scene; everything else in render draws through it and never asks
// which scene it is.
type sceneDrawer interface {
	// soldiers appends the scene's soldiers (none in the armies) to dst.
	soldiers(dst []game.SoldierView) []game.SoldierView
	// field draws the battlefield into dst (clipped to clip) in vp.
	field(r *Renderer, dst *ebiten.Image, clip image.Rectangle, vp game.Viewport, g game.View)
	// timeline draws the timeline's plot when the scene has one of its
	// own (the armies': its squads), and reports whether it did.
	timeline(r *Renderer, dst *ebiten.Image, rect image.Rectangle, size image.Point, now float64, g game.View, h game.Record) bool
	// ghostCurves returns the lines a what-if's ghost compares with the
	// other future's scene (its drawer).
	ghostCurves(r *Renderer, g, other game.View, od sceneDrawer) []ghostCurve
	// ghostRings reports whether the ghost marks the other future's
	// state changes as rings (the soldiers' scenes).
	ghostRings() bool
	// squads appends the scene's squads (the armies') to dst.
	squads(dst []game.SquadView) []game.SquadView
	// legendHash identifies the timeline's legend (drawLegend) for the
	// scene's soldiers.
	legendHash(r *Renderer, soldiers []game.SoldierView) uint64
	// drawLegend draws the timeline's legend along the top of rect on dst.
	drawLegend(r *Renderer, dst *ebiten.Image, rect image.Rectangle, soldiers []game.SoldierView)
	// markers returns record h with only the changes the timeline draws
	// a marker for (TimelineTooltip finds no other).
	markers(r *Renderer, h game.Record) game.Record
	// layoutWhy lays out the Why of selection id when the scene's Why is
	// not a soldier's (the armies': a squad's), and reports whether it
	// did; shown is false when id is not the scene's selection.
	layoutWhy(r *Renderer, g game.View, id int) (handled, shown bool)
}

// drawerOf returns the drawer of scene sc. It is the one switch on game's
// concrete scenes in render: game's scenes are a closed set of types,
// each with views of its own (game.View.Scene says to switch on it), and
// this is where the renderer does.
func drawerOf(sc game.Scene) sceneDrawer {
	switch sc := sc.(type) {
	case *game.Opening:
		return openingDrawer{sc: sc}
	case *game.Armies:
		return armiesDrawer{sc: sc}
	case *game.Scenario:
		return fightDrawer{sc}
	}
	return noDrawer{}
}

// soldierLegend is the timeline's legend of the scenes drawn man by man
// (or as one crowd): each soldier's colour and name (drawLegend), and
// every state change of the record a marker.
type soldierLegend struct{}

func (soldierLegend) legendHash(_ *Renderer, soldiers []game.SoldierView) uint64 {
	return legendHash(soldiers)
}
func (soldierLegend) drawLegend(r *Renderer, dst *ebiten.Image, rect image.Rectangle, soldiers []game.SoldierView) {
	r.drawLegend(dst, rect, soldiers)
}
func (soldierLegend) markers(_ *Renderer, h game.Record) game.Record { return h }

// noDrawer draws nothing: a scene the renderer does not know.
type noDrawer struct{ soldierLegend }

func (noDrawer) soldiers(dst []game.SoldierView) []game.SoldierView { return dst }
func (noDrawer) field(*Renderer, *ebiten.Image, image.Rectangle, game.Viewport, game.View) {
}
func (noDrawer) timeline(*Renderer, *ebiten.Image, image.Rectangle, image.Point, float64, game.View, game.Record) bool {
	return false
}
func (noDrawer) ghostCurves(*Renderer, game.View, game.View, sceneDrawer) []ghostCurve { return nil }
func (noDrawer) ghostRings() bool                                                      { return false }
func (noDrawer) squads(dst []game.SquadView) []game.SquadView                          { return dst }
func (noDrawer) layoutWhy(*Renderer, game.View, int) (bool, bool)                      { return false, false }

// openingDrawer draws the opening: five men, their enemies, the field's
// cover.
type openingDrawer struct {
	soldierLegend
	sc *game.Opening
}

func (d openingDrawer) soldiers(dst []game.SoldierView) []game.SoldierView {
	return d.sc.AppendSoldiers(dst)
}
func (d openingDrawer) field(r *Renderer, dst *ebiten.Image, clip image.Rectangle, vp game.Viewport, g game.View) {
	r.drawOpeningField(dst.SubImage(clip).(*ebiten.Image), clip, vp, g, d.sc)
}
func (openingDrawer) timeline(*Renderer, *ebiten.Image, image.Rectangle, image.Point, float64, game.View, game.Record) bool {
	return false
}
func (d openingDrawer) ghostCurves(r *Renderer, g, other game.View, _ sceneDrawer) []ghostCurve {
	return r.soldierGhostCurves(g, other, d.sc.AppendSoldiers)
}
func (openingDrawer) ghostRings() bool                                 { return true }
func (openingDrawer) squads(dst []game.SquadView) []game.SquadView     { return dst }
func (openingDrawer) layoutWhy(*Renderer, game.View, int) (bool, bool) { return false, false }

// armiesDrawer draws the armies: ten thousand men by squad, their squads'
// timeline, a squad's Why.
type armiesDrawer struct {
	soldierLegend // of no soldiers: its legend is drawTimeline's
	sc            *game.Armies
}

func (armiesDrawer) soldiers(dst []game.SoldierView) []game.SoldierView { return dst }
func (d armiesDrawer) field(r *Renderer, dst *ebiten.Image, _ image.Rectangle, vp game.Viewport, g game.View) {
	r.drawArmiesField(dst, vp, g, d.sc) // armies.go
}
func (d armiesDrawer) timeline(r *Renderer, dst *ebiten.Image, rect image.Rectangle, size image.Point, now float64, g game.View, h game.Record) bool {
	r.drawArmiesTimeline(dst, rect, size, now, g, d.sc, h) // armies_timeline.go
	return true
}
func (d armiesDrawer) ghostCurves(r *Renderer, g, other game.View, od sceneDrawer) []ghostCurve {
	return r.armyGhostCurves(g, other, d, od)
}
func (armiesDrawer) ghostRings() bool                               { return false }
func (d armiesDrawer) squads(dst []game.SquadView) []game.SquadView { return d.sc.AppendSquads(dst) }
func (d armiesDrawer) layoutWhy(r *Renderer, g game.View, id int) (bool, bool) {
	if id <= 0 || id != int(d.sc.SelectedSquad()) {
		return true, false
	}
	r.layoutSquadWhy(g, d.sc, id) // why.go
	return true, true
}

// fightDrawer draws a fight of the balance lab: its squads' men in
// formation, its squads' timeline.
type fightDrawer struct{ sc *game.Scenario }

func (d fightDrawer) soldiers(dst []game.SoldierView) []game.SoldierView {
	return d.sc.AppendSoldiers(dst)
}
func (d fightDrawer) field(r *Renderer, dst *ebiten.Image, clip image.Rectangle, vp game.Viewport, g game.View) {
	r.drawScenarioField(dst.SubImage(clip).(*ebiten.Image), vp, g, d.sc) // scenario.go
}
func (d fightDrawer) timeline(r *Renderer, _ *ebiten.Image, _ image.Rectangle, size image.Point, now float64, _ game.View, h game.Record) bool {
	r.drawFightTimeline(size, now, d.sc, r.tlSoldiers, h) // fight_timeline.go
	return true
}
func (d fightDrawer) legendHash(r *Renderer, soldiers []game.SoldierView) uint64 {
	return r.fight.legendHash(d.sc, r.tlSel-1, soldiers)
}
func (d fightDrawer) drawLegend(r *Renderer, dst *ebiten.Image, rect image.Rectangle, soldiers []game.SoldierView) {
	r.fight.drawLegend(r, dst, rect, r.tlSel-1, soldiers)
}
func (d fightDrawer) markers(r *Renderer, h game.Record) game.Record {
	return r.fight.markers(d.sc, r.tlSel-1, h)
}
func (fightDrawer) ghostCurves(*Renderer, game.View, game.View, sceneDrawer) []ghostCurve {
	return nil // a lab fight's what-if draws no ghost (yet)
}
func (fightDrawer) ghostRings() bool                                 { return false }
func (fightDrawer) squads(dst []game.SquadView) []game.SquadView     { return dst }
func (fightDrawer) layoutWhy(*Renderer, game.View, int) (bool, bool) { return false, false }
