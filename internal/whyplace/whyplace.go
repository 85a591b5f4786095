// Package whyplace chooses where the demo's Why panel goes on the field:
// a corner that keeps off the soldier it explains, his plate and as many
// other men as it can, or the room beside him. It is pure geometry in
// screen pixels, with no Ebitengine.
package whyplace

import "image"

// Margin is how far, in pixels, the Why panel keeps from the soldier
// it explains.
const Margin = 36

// The field's HUD, its clock (with PAUSED and which future of a what-if
// the field shows) on a plate HUDPlate pixels high in the top-left corner
// (render's hudPlate), starts HUDTop pixels below the field's top and ends
// above HUDBottom (render's drawHUD). The Why panel's area starts below it,
// so that the clock stays readable.
const (
	HUDTop    = 6
	HUDPlate  = 22
	HUDBottom = HUDTop + HUDPlate
)

// near reports whether point p is within Margin of rectangle r.
func near(p image.Point, r image.Rectangle) bool { return p.In(r.Inset(-Margin)) }

// A soldier's plate (name, state, nerve, bar) and bark are drawn over
// him: about plateAbove pixels above his feet and plateHalfW either
// side (render's layout, at the logical scale).
const (
	plateAbove = 72
	plateHalfW = 60
)

// plateOf is the box over self his plate and bark take.
func plateOf(self image.Point) image.Rectangle {
	return image.Rect(self.X-plateHalfW, self.Y-plateAbove, self.X+plateHalfW, self.Y)
}

// Covers reports whether a panel at r comes near the soldier at self or
// covers his plate.
func Covers(self image.Point, r image.Rectangle) bool {
	return near(self, r) || r.Overlaps(plateOf(self))
}

// roomMin is the least height, in pixels, of the room Room offers:
// the panel's title, a line and a few bars.
const roomMin = 140

// Room returns the part of field where a Why panel keeps Margin off
// self and off his plate (Place puts it 12 pixels in from the part's
// edges): beside him,
// left or right, when the panel's width w fits there, else above or below
// him, the taller; ok is false when none is roomMin pixels high.
func Room(field image.Rectangle, self image.Point, w int) (image.Rectangle, bool) {
	const in = 12 // Place's inset
	side := max(Margin, plateHalfW+4)
	left := image.Rect(field.Min.X, field.Min.Y, self.X-side+in-1, field.Max.Y)
	right := image.Rect(self.X+side-in+1, field.Min.Y, field.Max.X, field.Max.Y)
	for _, r := range []image.Rectangle{right, left} {
		if r.Dx() >= w+2*in {
			return r, true
		}
	}
	above := image.Rect(field.Min.X, field.Min.Y, field.Max.X, self.Y-max(Margin, plateAbove+4)+in-1)
	below := image.Rect(field.Min.X, self.Y+Margin-in+1, field.Max.X, field.Max.Y)
	r := above
	if below.Dy() > above.Dy() {
		r = below
	}
	return r, r.Dy() >= roomMin+2*in
}

// Place chooses where a Why panel of size goes in area: the corner
// (0 top-right, 1 top-left, 2 bottom-right, 3 bottom-left, 12 px in) that
// keeps Margin pixels from self, the soldier it explains, and covers
// the fewest of others; it stays in corner prev unless that comes within
// Margin of self or another corner covers two fewer (so that it does
// not hop as men walk). It returns the corner and the panel's top-left
// point. It is pure: ui calls it every tick.
func Place(area image.Rectangle, size image.Point, self image.Point, others []image.Point, prev int) (int, image.Point) {
	corner := func(k int) image.Rectangle {
		x, y := area.Max.X-12-size.X, area.Min.Y+12
		if k%2 == 1 {
			x = area.Min.X + 12
		}
		if k >= 2 {
			y = area.Max.Y - 12 - size.Y
		}
		return image.Rectangle{Min: image.Pt(x, y), Max: image.Pt(x, y).Add(size)}
	}
	score := func(k int) int {
		r := corner(k)
		n := 0
		if near(self, r) {
			n += 1000
		}
		for _, o := range others {
			if o.In(r) {
				n++
			}
		}
		return n
	}
	prev = max(0, min(prev, 3))
	best, bs := -1, 0
	for k := range 4 {
		if s := score(k); best < 0 || s < bs {
			best, bs = k, s
		}
	}
	if ps := score(prev); ps < 1000 && ps-bs < 2 {
		best = prev
	}
	return best, corner(best).Min
}
