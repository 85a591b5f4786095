package render

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// groundTileCM is the world size of one ground tile.
const groundTileCM = 1500.0

// buildGround paints grass tiles, some shell craters and a dirt track at
// fixed world positions (cosmetic, from a fixed hash, not from game state).
func (r *Renderer) buildGround(w, h int, scale float64) *ebiten.Image {
	img := newLayer(w, h)
	tile := r.a.Image(assets.Ground)
	if tile != nil {
		// one quad with repeating texture coordinates: no seams between tiles
		tw := float32(tile.Bounds().Dx())
		k := float32(groundTileCM*scale) / tw // screen pixels per tile pixel
		fw, fh := float32(w), float32(h)
		vs := []ebiten.Vertex{
			{DstX: 0, DstY: 0, SrcX: 0, SrcY: 0},
			{DstX: fw, DstY: 0, SrcX: fw / k, SrcY: 0},
			{DstX: 0, DstY: fh, SrcX: 0, SrcY: fh / k},
			{DstX: fw, DstY: fh, SrcX: fw / k, SrcY: fh / k},
		}
		for i := range vs {
			vs[i].ColorR, vs[i].ColorG, vs[i].ColorB, vs[i].ColorA = 1, 1, 1, 1
		}
		op := &ebiten.DrawTrianglesOptions{Address: ebiten.AddressRepeat, Filter: ebiten.FilterLinear}
		img.DrawTriangles32(vs, []uint32{0, 1, 2, 1, 3, 2}, tile, op)
	} else {
		img.Fill(color.RGBA{96, 124, 70, 255})
	}
	// a worn track across the field, and shell craters: triangles, not
	// vector paths (ground.go)
	fw, fh := float32(w), float32(h)
	track := cubicPoints([2]float32{0, fh * 0.62}, [2]float32{fw * 0.3, fh * 0.5}, [2]float32{fw * 0.55, fh * 0.78}, [2]float32{fw, fh * 0.58}, 64)
	r.addPolyline(track, max(10, float32(260*scale)), rgba(120, 100, 70, 90))
	r.flushLines(img)
	r.addPolyline(track, max(4, float32(110*scale)), rgba(140, 118, 84, 70))
	r.flushLines(img)
	for i := 0; i < 9; i++ {
		u, v := 0.05+0.9*hash01(i, 1), 0.05+0.9*hash01(i, 2)
		rad := float32((70 + 90*hash01(i, 3)) * scale)
		cx, cy := float32(u)*fw, float32(v)*fh
		// one flush per shape: each blends over the one before, as paths did
		for _, shape := range [...]func(){
			func() { r.addFeatheredDisc(cx, cy, rad*1.5, rgba(120, 100, 70, 60)) },
			func() { r.addRing(cx, cy, rad*1.1, max(1.5, rad*0.3), rgba(150, 130, 96, 150)) },
			func() { r.addFeatheredDisc(cx, cy, rad, rgba(78, 64, 46, 190)) },
			func() { r.addFeatheredDisc(cx+rad*0.15, cy+rad*0.15, rad*0.6, rgba(52, 42, 32, 170)) },
		} {
			shape()
			r.flushLines(img)
		}
	}
	// a soft vignette frame
	for i := 0; i < 6; i++ {
		strokeFrame(img, float32(i)*2, fw, fh, rgba(0, 0, 0, uint8(60-i*10)))
	}
	return img
}

// strokeFrame draws the pixels vector.StrokeRect(dst, d, d, w-2d, h-2d, 2,
// c, false) draws for whole d, w and h (a 2-pixel band centred on the
// rectangle's edges, each pixel once), as four rectangles that do not
// overlap: the same pixels, without the stencil passes and the path
// tessellation over the whole field that StrokeRect costs (over a second of
// CPU for the six frames of the vignette).
func strokeFrame(dst *ebiten.Image, d, w, h float32, c color.Color) {
	x0, y0, x1, y1 := d-1, d-1, w-d+1, h-d+1 // the band's outer edge
	fillRect(dst, x0, y0, x1-x0, 2, c)       // top, corners included
	fillRect(dst, x0, y1-2, x1-x0, 2, c)     // bottom, corners included
	fillRect(dst, x0, y0+2, 2, y1-y0-4, c)   // left, between them
	fillRect(dst, x1-2, y0+2, 2, y1-y0-4, c) // right
}

// hash01 is a fixed pseudo-random number in [0, 1) for (i, salt).
func hash01(i, salt int) float64 {
	h := uint32(i)*2654435761 ^ uint32(salt)*2246822519
	h ^= h >> 15
	h *= 2246822519
	h ^= h >> 13
	return float64(h%100000) / 100000
}

// drawEnemyLine digs a trench behind the enemies when they stand in a line
// more tall than wide, so the enemy position reads as a position.
func (r *Renderer) drawEnemyLine(dst *ebiten.Image, p projection, enemies []game.EnemyView) {
	if len(enemies) < 2 {
		return
	}
	minX, maxX, minY, maxY := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	var sx float64
	for _, e := range enemies {
		minX, maxX = math.Min(minX, e.Pos.X), math.Max(maxX, e.Pos.X)
		minY, maxY = math.Min(minY, e.Pos.Y), math.Max(maxY, e.Pos.Y)
		sx += e.Pos.X
	}
	if maxX-minX > maxY-minY {
		return
	}
	cx := sx/float64(len(enemies)) + 130
	x0, y0 := p.at(morale.Vec2{X: cx, Y: minY - 300})
	_, y1 := p.at(morale.Vec2{X: cx, Y: maxY + 300})
	w := max(6, p.px(120))
	fillRoundRect(dst, x0-w/2-3, y0-3, w+6, y1-y0+6, w/2+3, rgba(150, 128, 90, 170))
	fillRoundRect(dst, x0-w/2, y0, w, y1-y0, w/2, rgba(70, 54, 38, 230))
	fillRoundRect(dst, x0-w/2+1, y0+2, w/2, y1-y0-4, w/4, rgba(44, 34, 24, 200))
}

// drawRally plants the rally flag with a dashed ring around it.
func (r *Renderer) drawRally(dst *ebiten.Image, p projection, at morale.Vec2) {
	x, y := p.at(at)
	rad := rallyRadius(p)
	const n = 24
	for i := 0; i < n; i += 2 {
		a0 := float64(i) * 2 * math.Pi / n
		a1 := float64(i+1) * 2 * math.Pi / n
		var arc vector.Path
		arc.Arc(x, y, rad, float32(a0), float32(a1), vector.Clockwise)
		strokePath(dst, &arc, 2.5, rgba(255, 214, 70, 200))
	}
	vector.FillCircle(dst, x, y, rad, rgba(255, 214, 70, 28), true)
	img := r.a.Image(assets.Flag)
	if img != nil {
		k := math.Max(0.6, math.Min(1.2, 0.75*float64(r.unitPx(p))/30))
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(-assets.FlagFootX, -assets.FlagFootY)
		op.GeoM.Scale(k, k)
		op.GeoM.Translate(float64(x), float64(y))
		op.Filter = ebiten.FilterLinear
		dst.DrawImage(img, op)
	}
	drawText(dst, "RALLY", r.smallFace, float64(x), float64(y+rad+2), text.AlignCenter, color.RGBA{255, 224, 120, 255}, true)
}

// rallyRadius is the on-screen radius of the rally ring.
func rallyRadius(p projection) float32 { return max(18, p.px(260)) }

// drawCover draws a piece of cover: a sandbag wall along a long, thin
// rectangle, a stack of crates on a squarer one.
func (r *Renderer) drawCover(dst *ebiten.Image, p projection, c game.Rect) {
	x0, y0 := p.at(c.Min)
	x1, y1 := p.at(c.Max)
	rc := image.Rect(int(math.Round(float64(x0))), int(math.Round(float64(y0))), int(math.Round(float64(x1))), int(math.Round(float64(y1))))
	if rc.Dx() < 2 || rc.Dy() < 2 {
		return
	}
	long, short := rc.Dx(), rc.Dy()
	vertical := rc.Dy() > rc.Dx()
	if vertical {
		long, short = short, long
	}
	if float64(long) >= 1.6*float64(short) {
		r.drawSandbags(dst, rc, vertical)
		return
	}
	r.drawCrates(dst, rc)
}

func (r *Renderer) drawSandbags(dst *ebiten.Image, rc image.Rectangle, vertical bool) {
	img := r.a.Image(assets.Sandbags)
	if img == nil {
		vector.FillRect(dst, float32(rc.Min.X), float32(rc.Min.Y), float32(rc.Dx()), float32(rc.Dy()), color.RGBA{180, 160, 110, 255}, false)
		return
	}
	tw, th := float64(img.Bounds().Dx()), float64(img.Bounds().Dy())
	long, short := float64(rc.Dx()), float64(rc.Dy())
	if vertical {
		long, short = short, long
	}
	k := short / th
	step := tw * k
	for d := 0.0; d < long-0.5; d += step {
		seg := math.Min(step, long-d)
		sub := img.SubImage(image.Rect(0, 0, int(math.Ceil(seg/k)), int(th))).(*ebiten.Image)
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Scale(k, k)
		if vertical {
			// rotate a quarter turn: the wall runs down the screen
			op.GeoM.Rotate(math.Pi / 2)
			op.GeoM.Translate(float64(rc.Max.X), float64(rc.Min.Y)+d)
		} else {
			op.GeoM.Translate(float64(rc.Min.X)+d, float64(rc.Min.Y))
		}
		op.Filter = ebiten.FilterLinear
		dst.DrawImage(sub, op)
	}
}

func (r *Renderer) drawCrates(dst *ebiten.Image, rc image.Rectangle) {
	img := r.a.Image(assets.Crate)
	if img == nil {
		vector.FillRect(dst, float32(rc.Min.X), float32(rc.Min.Y), float32(rc.Dx()), float32(rc.Dy()), color.RGBA{160, 120, 70, 255}, false)
		return
	}
	side := float64(min(rc.Dx(), rc.Dy()))
	nx := max(1, int(math.Round(float64(rc.Dx())/side)))
	ny := max(1, int(math.Round(float64(rc.Dy())/side)))
	cw, ch := float64(rc.Dx())/float64(nx), float64(rc.Dy())/float64(ny)
	b := img.Bounds()
	for j := 0; j < ny; j++ {
		for i := 0; i < nx; i++ {
			op := &ebiten.DrawImageOptions{}
			op.GeoM.Scale(cw/float64(b.Dx())*1.08, ch/float64(b.Dy())*1.08)
			op.GeoM.Translate(float64(rc.Min.X)+float64(i)*cw, float64(rc.Min.Y)+float64(j)*ch)
			op.Filter = ebiten.FilterLinear
			dst.DrawImage(img, op)
		}
	}
}
