package ui

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/internal/textfit"
)

// tooltip is the panel's tooltip as Update laid it out: the whole text of
// a cut message, a parameter's Doc. Draw draws it over everything.
type tooltip struct {
	text string
	at   image.Point // the cursor it is for
}

// Tooltip geometry, in pixels.
const (
	tipW     = 340 // the widest line
	tipPad   = 6
	tipLineH = 15
	tipLines = 12 // at most
)

var colTip = color.NRGBA{0x0a, 0x0c, 0x10, 0xf4}

// tipRect is where a tooltip of lines lines of width w goes for the cursor
// at p on a screen of bounds b: below and left of the cursor, kept inside
// the screen (above it when it would leave the bottom).
func tipRect(p image.Point, w, lines int, b image.Rectangle) image.Rectangle {
	bw, bh := w+2*tipPad, lines*tipLineH+2*tipPad
	x := min(max(p.X-bw+12, b.Min.X+2), b.Max.X-bw-2)
	y := p.Y + 18
	if y+bh > b.Max.Y-2 {
		y = max(b.Min.Y+2, p.Y-bh-8)
	}
	return image.Rect(x, y, x+bw, y+bh)
}

// drawTooltip draws t onto dst in face; an empty tooltip draws nothing.
func drawTooltip(dst *ebiten.Image, t tooltip, face text.Face) {
	if t.text == "" {
		return
	}
	lines, _ := textfit.Limit(textfit.Wrap(t.text, face, tipW), tipLines, face, tipW)
	w := 0.0
	for _, l := range lines {
		w = max(w, textfit.Width(l, face))
	}
	r := tipRect(t.at, int(w)+1, len(lines), dst.Bounds())
	dst.SubImage(r).(*ebiten.Image).Fill(colTip)
	edge := color.NRGBA{0x5d, 0x74, 0x8c, 0xff}
	for _, e := range []image.Rectangle{
		image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+1), image.Rect(r.Min.X, r.Max.Y-1, r.Max.X, r.Max.Y),
		image.Rect(r.Min.X, r.Min.Y, r.Min.X+1, r.Max.Y), image.Rect(r.Max.X-1, r.Min.Y, r.Max.X, r.Max.Y),
	} {
		dst.SubImage(e).(*ebiten.Image).Fill(edge)
	}
	for i, l := range lines {
		drawLabel(dst, l, face, float64(r.Min.X+tipPad), float64(r.Min.Y+tipPad+i*tipLineH), colText)
	}
}
