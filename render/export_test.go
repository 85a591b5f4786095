package render

import (
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// WhyKey is the comparable part of what a soldier's Why panel is cached
// under (whyKey), and WhyInputs the whole of it (whyInputs), for
// TestWhyKeyCoversThePanel.
type (
	WhyKey    = whyKey
	WhyInputs = whyInputs
)

// WhyKeyOf is keyOf: the key of soldier s's panel from his explanation x.
func WhyKeyOf(s game.SoldierView, x morale.Explanation, ok bool) WhyKey { return keyOf(s, x, ok) }

// WhyInputsOf returns what LayoutWhy keeps of a panel it built for soldier
// s from his explanation x.
func WhyInputsOf(s game.SoldierView, x morale.Explanation, ok bool) *WhyInputs {
	in := &whyInputs{}
	in.set(keyOf(s, x, ok), x)
	return in
}

// Same reports whether LayoutWhy would keep the panel built from in for
// soldier s with explanation x.
func (in *whyInputs) Same(s game.SoldierView, x morale.Explanation, ok bool) bool {
	return in.same(keyOf(s, x, ok), x)
}

// ArmyHUDLine is armyHUDLine, an army's line at the foot of the armies
// scene's field.
func ArmyHUDLine(side, alive, broken, fallen, routed int) string {
	return armyHUDLine(side, alive, broken, fallen, routed)
}

// ArmyInsetFits reports the width of the selected squad's inset in the
// armies scene and of the title it writes in it for squad s.
func (r *Renderer) ArmyInsetFits(s game.SquadView) (inset, title float64) {
	label := armyInsetLabel(s)
	return float64(r.armyInsetWidth(label)), textWidth(label, r.smallFace)
}
