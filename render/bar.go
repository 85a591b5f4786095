package render

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/moralebreak/moralebreak/morale"
)

// MarkColor is the colour of a mark's tick on a morale bar: white for the
// falling thresholds (ShakenBelow, PanicBelow), light blue for the tops of
// the hysteresis bands.
func MarkColor(k MarkKind) color.RGBA {
	if k.IsBand() {
		return color.RGBA{96, 214, 255, 255}
	}
	return color.RGBA{250, 250, 250, 255}
}

// BarOverhang is how many pixels the mark ticks reach above and below the
// bar's rectangle. Threshold ticks reach both ways; band ticks only above.
const BarOverhang = 3

// DrawBar draws a morale bar into bar on dst: a dark trough, a fill up to
// value in the colour of state st, the two hysteresis bands shaded lighter,
// and the marks of BarMarks(s) as ticks at MarkX, reaching BarOverhang
// pixels outside bar (thresholds white both ways, band tops blue, above
// only). It draws only inside bar grown by BarOverhang and one pixel of
// frame, and changes nothing else.
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
	// bands: from each threshold up to the top of its band
	for i := 0; i+1 < len(marks); i += 2 {
		lo, hi := MarkX(bar, marks[i].Value), MarkX(bar, marks[i+1].Value)
		if hi > lo {
			fillRect(dst, float32(lo), y0, float32(hi-lo), h, color.RGBA{0x3c, 0x3c, 0x3c, 0x3c})
		}
	}
	for _, m := range marks {
		x := float32(MarkX(bar, m.Value))
		if m.Kind.IsBand() {
			fillRect(dst, x, y0-BarOverhang, 1, h+BarOverhang, MarkColor(m.Kind))
			continue
		}
		fillRect(dst, x, y0-BarOverhang, 1, h+2*BarOverhang, MarkColor(m.Kind))
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
