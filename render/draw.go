package render

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Small drawing helpers shared by the field and the timeline.

func rgba(r, g, b, a uint8) color.RGBA {
	f := float64(a) / 255
	return color.RGBA{uint8(float64(r) * f), uint8(float64(g) * f), uint8(float64(b) * f), a}
}

// withAlpha scales a straight colour's opacity by a (0..1), premultiplied.
func withAlpha(c color.RGBA, a float64) color.RGBA {
	a = clamp01(a)
	return color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(float64(c.A) * a)}
}

func fillPath(dst *ebiten.Image, p *vector.Path, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.FillPath(dst, p, nil, op)
}

func strokePath(dst *ebiten.Image, p *vector.Path, width float32, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.StrokePath(dst, p, &vector.StrokeOptions{Width: width, LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}, op)
}

func roundRectPath(x, y, w, h, r float32) *vector.Path {
	var p vector.Path
	r = min(r, w/2, h/2)
	p.MoveTo(x+r, y)
	p.LineTo(x+w-r, y)
	p.ArcTo(x+w, y, x+w, y+r, r)
	p.LineTo(x+w, y+h-r)
	p.ArcTo(x+w, y+h, x+w-r, y+h, r)
	p.LineTo(x+r, y+h)
	p.ArcTo(x, y+h, x, y+h-r, r)
	p.LineTo(x, y+r)
	p.ArcTo(x, y, x+r, y, r)
	p.Close()
	return &p
}

func fillRoundRect(dst *ebiten.Image, x, y, w, h, r float32, c color.Color) {
	fillPath(dst, roundRectPath(x, y, w, h, r), c)
}

// starPath is a five-pointed star centred on (cx, cy) with outer radius r.
func starPath(cx, cy, r float32) *vector.Path {
	var p vector.Path
	for i := 0; i < 10; i++ {
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		x, y := cx+rr*float32(math.Cos(a)), cy+rr*float32(math.Sin(a))
		if i == 0 {
			p.MoveTo(x, y)
		} else {
			p.LineTo(x, y)
		}
	}
	p.Close()
	return &p
}

// drawStarPath draws the leader's gold star with a dark rim.
func drawStarPath(dst *ebiten.Image, cx, cy, r float32) {
	strokePath(dst, starPath(cx, cy, r), 2, color.RGBA{40, 28, 0, 255})
	fillPath(dst, starPath(cx, cy, r), color.RGBA{255, 204, 40, 255})
}

// drawText draws s with its top-left (or top-centre/right, by align) at
// (x, y), with a one-pixel dark shadow when shadow is set.
func drawText(dst *ebiten.Image, s string, face text.Face, x, y float64, align text.Align, c color.Color, shadow bool) {
	op := &text.DrawOptions{}
	op.PrimaryAlign = align
	if shadow {
		op.GeoM.Translate(x+1, y+1)
		_, _, _, a := c.RGBA()
		op.ColorScale.Scale(0, 0, 0, float32(a)/0xffff*0.8)
		text.Draw(dst, s, face, op)
		op.GeoM.Reset()
		op.ColorScale.Reset()
	}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	text.Draw(dst, s, face, op)
}

func textWidth(s string, face text.Face) float64 {
	w, _ := text.Measure(s, face, 0)
	return w
}
