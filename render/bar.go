package render

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/moralebreak/moralebreak/morale"
)

// MarkColor is the colour of a mark on a morale bar: white for the
// falling thresholds' ticks (ShakenBelow, PanicBelow), light blue for the
// hysteresis bands (and, on the timeline, their tops).
func MarkColor(k MarkKind) color.RGBA {
	if k.IsBand() {
		return color.RGBA{96, 214, 255, 255}
	}
	return color.RGBA{250, 250, 250, 255}
}

// BarOverhang is how many pixels the threshold ticks reach above and below
// the bar's rectangle; the bands' strips lie above it, a pixel lower.
const BarOverhang = 3

// DrawBar draws a morale bar into bar on dst: a dark trough, a fill up to
// value in the colour of state st, and its three marks (BarMarks(s)): the
// falling thresholds PanicBelow and ShakenBelow as white ticks at MarkX,
// reaching BarOverhang pixels above and below bar, and the hysteresis band
// a Panicked or Shaken agent climbs back through, above each threshold, as
// a band: tinted blue across the bar and a blue strip BarOverhang pixels
// high over it (no tick at its top). It draws only inside bar grown by
// BarOverhang and one pixel of frame, and changes nothing else.
func DrawBar(dst *ebiten.Image, bar image.Rectangle, value float64, st morale.State, s morale.Settings) {
	if bar.Dx() < 2 || bar.Dy() < 1 {
		return
	}
	x0, y0 := float32(bar.Min.X), float32(bar.Min.Y)
	w, h := float32(bar.Dx()), float32(bar.Dy())
	fillRect(dst, x0-1, y0-1, w+2, h+2, color.RGBA{12, 14, 18, 230})
	fillRect(dst, x0, y0, w, h, color.RGBA{58, 62, 72, 255})
	if value > 0 {
		fx := float32(MarkX(bar, value) + 1)
		fillRect(dst, x0, y0, fx-x0, h, StateColor(st))
		// a lighter top edge gives the fill some body
		if h >= 4 {
			fillRect(dst, x0, y0, fx-x0, 1, color.RGBA{255, 255, 255, 70})
		}
	}
	marks := BarMarks(s)
	// the hysteresis band: from each threshold up to the top of its band
	band := MarkColor(MarkPanicBand)
	for i := 0; i+1 < len(marks); i += 2 {
		lo, hi := MarkX(bar, marks[i].Value), MarkX(bar, marks[i+1].Value)
		if hi > lo {
			fillRect(dst, float32(lo+1), y0, float32(hi-lo), h, withAlpha(band, 0.3))
			fillRect(dst, float32(lo+1), y0-BarOverhang, float32(hi-lo), BarOverhang-1, band)
		}
	}
	for _, m := range marks {
		if !m.Kind.IsBand() {
			fillRect(dst, float32(MarkX(bar, m.Value)), y0-BarOverhang, 1, h+2*BarOverhang, MarkColor(m.Kind))
		}
	}
}

// fillRect fills a pixel-aligned rectangle without anti-aliasing, so marks
// stay crisp and land on exact columns.
func fillRect(dst *ebiten.Image, x, y, w, h float32, c color.Color) {
	if w <= 0 || h <= 0 {
		return
	}
	vector.FillRect(dst, x, y, w, h, c, false)
}
