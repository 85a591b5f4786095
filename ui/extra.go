package ui

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
)

// ExtraPanel is a panel of the tuner beyond its sliders (the balance lab's
// odds, say), given through Config.Extra. It gets a slot of its own in the
// panel: Height pixels high and the panel's inner width wide, between the
// tuner's rows and the foot (the help). The slot is laid out once, when the
// App is built: the tuner's rows end above it and scroll, and nothing a
// user may click moves for it (TestExtraPanelMovesNoWidget).
type ExtraPanel interface {
	// Height is the slot's height in pixels, the same for the App's life.
	Height() int
	// Update runs once per App.Update, after the session ticked, with the
	// slot's rectangle in logical screen pixels (empty before the first
	// frame), the session to read and the tick's input (in.UIHovered is
	// true over the slot). It may change only the panel's own state.
	Update(slot image.Rectangle, g game.View, in InputState)
	// Draw draws the panel into slot on dst, covering the slot opaquely
	// (the panel under it is not redrawn every frame). It only draws.
	Draw(dst *ebiten.Image, slot image.Rectangle)
}

// extraSlot is the extra panel's rectangle as last laid out (empty
// without one).
func (a *App) extraSlot() image.Rectangle {
	if a.w.extraBox == nil {
		return image.Rectangle{}
	}
	return a.w.extraBox.GetWidget().Rect
}
