package ui

import (
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// newViewport and viewportField are the only places that know game.Viewport's fields.
func newViewport(x, y, w, h float64, field morale.Vec2) game.Viewport {
	return game.Viewport{X: x, Y: y, W: w, H: h, Field: field}
}

func viewportField(vp game.Viewport) morale.Vec2 { return vp.Field }
