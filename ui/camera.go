package ui

import (
	"image"
	"math"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// camera is the armies scene's view of its field: zoomed (the wheel, + and
// -) around a point, panned (a middle drag, the arrow keys), back to the
// whole field with Home. The opening always shows its whole field.
type camera struct {
	zoom   float64     // 1: the whole field fits
	center morale.Vec2 // the field point at the middle of the view, in cm
	drag   bool        // a middle drag is on
	lastX  int
	lastY  int
}

// The camera's Actions (the armies' zoom buttons and keys), numbered apart
// from the others of the binding table.
const (
	ActZoomIn Action = iota + 64
	ActZoomOut
	ActViewReset
)

// Camera limits and speeds.
const (
	MaxZoom  = 16.0
	zoomStep = 1.25 // one notch of the wheel, one + or -
	panKeyPx = 12.0 // pixels an arrow key pans per tick
)

// CameraViewport is the viewport of region r showing field at zoom (1 is
// the whole field, FieldViewport) centred on center, which is kept where
// the view stays on the field.
func CameraViewport(r image.Rectangle, field morale.Vec2, zoom float64, center morale.Vec2) game.Viewport {
	base := FieldViewport(r, field)
	s0 := base.Scale()
	if zoom <= 1 || s0 == 0 {
		return base
	}
	zoom = math.Min(zoom, MaxZoom)
	s := s0 * zoom
	center = clampCenter(r, field, s, center)
	cx, cy := float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2
	return game.Viewport{X: cx - center.X*s, Y: cy - center.Y*s, W: field.X * s, H: field.Y * s, Field: field}
}

// clampCenter keeps the view of region r at s pixels per cm on the field:
// a centre no nearer its edges than half the view.
func clampCenter(r image.Rectangle, field morale.Vec2, s float64, c morale.Vec2) morale.Vec2 {
	hw, hh := float64(r.Dx())/2/s, float64(r.Dy())/2/s
	clamp := func(v, half, size float64) float64 {
		if 2*half >= size {
			return size / 2
		}
		return math.Max(half, math.Min(v, size-half))
	}
	return morale.Vec2{X: clamp(c.X, hw, field.X), Y: clamp(c.Y, hh, field.Y)}
}

// viewport is the camera's view of region r on field.
func (c *camera) viewport(r image.Rectangle, field morale.Vec2) game.Viewport {
	return CameraViewport(r, field, c.zoom, c.center)
}

// input moves the camera for one tick of input over region r: the wheel
// zooms about the point under the cursor (which stays under it), a middle
// drag pans, in.PanX/PanY pan (the arrow keys), zoom steps by notches.
func (c *camera) input(in InputState, r image.Rectangle, field morale.Vec2, zoomBy int, reset bool) {
	if reset {
		*c = camera{}
		return
	}
	vp := c.viewport(r, field)
	if c.zoom < 1 {
		c.zoom, c.center = 1, morale.Vec2{X: field.X / 2, Y: field.Y / 2}
	}
	over := image.Pt(in.X, in.Y).In(r) && !in.UIHovered
	notches := float64(zoomBy)
	if over {
		notches += in.WheelY
	}
	if notches != 0 {
		anchor := image.Pt(in.X, in.Y)
		if !over {
			anchor = image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)
		}
		p := vp.ToWorld(float64(anchor.X), float64(anchor.Y))
		z := math.Max(1, math.Min(MaxZoom, c.zoom*math.Pow(zoomStep, notches)))
		s := FieldViewport(r, field).Scale() * z
		cx, cy := float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2
		// the point under the anchor stays there
		c.zoom = z
		c.center = morale.Vec2{X: p.X - (float64(anchor.X)-cx)/s, Y: p.Y - (float64(anchor.Y)-cy)/s}
	}
	s := FieldViewport(r, field).Scale() * c.zoom
	switch {
	case in.MiddleHeld && !c.drag && over:
		c.drag, c.lastX, c.lastY = true, in.X, in.Y
	case in.MiddleHeld && c.drag:
		c.center.X -= float64(in.X-c.lastX) / s
		c.center.Y -= float64(in.Y-c.lastY) / s
		c.lastX, c.lastY = in.X, in.Y
	case !in.MiddleHeld:
		c.drag = false
	}
	c.center.X += float64(in.PanX) * panKeyPx / s
	c.center.Y += float64(in.PanY) * panKeyPx / s
	if s > 0 {
		c.center = clampCenter(r, field, s, c.center)
	}
}
