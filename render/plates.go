package render

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// Plate geometry, in pixels.
const (
	platePad     = 4
	plateBarW    = 72
	plateBarH    = 7
	plateSwatch  = 8
	plateLineH   = 14 // name line
	plateDetailH = 13 // state and nerve line
	plateDebugH  = 14 // debug line
	bubbleH      = 22
	bubbleGap    = 7
)

// plate is one living soldier's label: bark bubble on top, then the plate
// with name, state and nerve, and morale bar.
type plate struct {
	s       game.SoldierView
	x, y    float32 // the soldier on screen
	w, h    int     // the plate
	bark    string
	balpha  float64
	bubbleW int
	debug   bool            // an extra line with the exact state and morale
	block   image.Rectangle // bubble and plate together, as placed
	moved   bool            // placed away from its default spot above him
}

func (pl *plate) blockSize() (int, int) {
	if pl.bark == "" {
		return pl.w, pl.h
	}
	return max(pl.w, pl.bubbleW), pl.h + bubbleH + bubbleGap
}

// plateRect is the plate itself inside the placed block.
func (pl *plate) plateRect() image.Rectangle {
	cx := (pl.block.Min.X + pl.block.Max.X) / 2
	return image.Rect(cx-pl.w/2, pl.block.Max.Y-pl.h, cx-pl.w/2+pl.w, pl.block.Max.Y)
}

func (r *Renderer) measurePlate(s game.SoldierView, x, y float32, debug bool) plate {
	pl := plate{s: s, x: x, y: y, debug: debug}
	nameW := textWidth(s.Name, r.nameFace) + plateSwatch + 4
	if s.Leader {
		nameW += 12
	}
	pl.w = int(math.Ceil(max(float64(plateBarW), nameW, textWidth(detailLine(s), r.smallFace)))) + 2*platePad
	pl.h = platePad + plateLineH + plateDetailH + BarOverhang + plateBarH + BarOverhang + platePad - 1
	if debug {
		pl.w = max(pl.w, int(textWidth(debugLine(s), r.monoFace))+2*platePad)
		pl.h += plateDebugH
	}
	if s.Bark != "" {
		if a := BarkAlpha(s.BarkAge); a > 0 {
			pl.bark, pl.balpha = s.Bark, a
			pl.bubbleW = int(textWidth(s.Bark, r.barkFace)) + 16
		}
	}
	return pl
}

// debugLine is the MoraleBreak.Debug line: id, state and exact morale.
func debugLine(s game.SoldierView) string {
	return fmt.Sprintf("#%d %s %.3f", s.ID, s.State, s.Morale)
}

func detailLine(s game.SoldierView) string {
	return fmt.Sprintf("%s · nerve %.2f", s.State, s.Nerve)
}

// drawPlates places every living soldier's plate where it covers the
// fewest other plates and soldiers (above him if it can, else below or to a
// side, tied to him by a thin line), then draws them. A place that covers
// no plate placed before beats every place that covers one, as a crowd's
// bars never cover each other (crowdBars), and when every place near him
// covers one, places farther out are tried (plateRings). The plate of a
// man inside the field drawn is moved into it, whole, off its edge (where
// it was cut: "teady · nerve 0.28" for a reinforcement at the edge).
func (r *Renderer) drawPlates(dst *ebiten.Image, p projection, soldiers []game.SoldierView, unit float32, st morale.Settings, rally morale.Vec2, debug bool) {
	r.plates = r.plates[:0]
	r.obstacles = r.obstacles[:0]
	half := int(unit * 0.5)
	shown := p.rect.Intersect(dst.Bounds()) // the field drawn: a plate inside it shows whole
	// things a plate should not hide, after the soldiers themselves: the
	// fallen with their labels, and the rally flag
	var others []image.Rectangle
	for _, s := range soldiers {
		if !s.Alive {
			x, y := p.at(s.Pos)
			others = append(others, image.Rect(int(x)-60, int(y)-half, int(x)+60, int(y+unit*0.55)+14))
		}
	}
	fx, fy := p.at(rally)
	rr := int(rallyRadius(p))
	others = append(others, image.Rect(int(fx)-rr, int(fy)-50, int(fx)+max(rr, 40), int(fy)+rr+16))
	for _, s := range soldiers {
		if !s.Alive {
			continue
		}
		x, y := p.at(s.Pos)
		r.plates = append(r.plates, r.measurePlate(s, x, y, debug))
		r.obstacles = append(r.obstacles, image.Rect(int(x)-half, int(y)-half, int(x)+half, int(y)+half))
	}
	for i := range r.plates {
		pl := &r.plates[i]
		bw, bh := pl.blockSize()
		x, y := int(pl.x), int(pl.y)
		above := y - int(unit*0.55) - 2 - bh
		below := y + int(unit*0.6)
		side := bw/2 + half + 4
		var buf [6 + 4*(plateRings-1)]image.Point
		cands := append(buf[:0],
			image.Point{x - bw/2, above},
			image.Point{x - bw/2, below},
			image.Point{x - side - bw/2, y - bh/2 - 6},
			image.Point{x + side - bw/2, y - bh/2 - 6},
			image.Point{x - bw/2, above - pl.h - 6},
			image.Point{x - bw/2, below + pl.h + 6})
		// farther out, tried only when every place near him covers a
		// plate (a crowd): each a further step away, above, below and to
		// either side
		near := len(cands)
		for d := 2; d <= plateRings; d++ {
			cands = append(cands,
				image.Point{x - bw/2, above - d*(bh+6)},
				image.Point{x - bw/2, below + d*(bh+6)},
				image.Point{x - side - (d-1)*(bw+6) - bw/2, y - bh/2 - 6},
				image.Point{x + side + (d-1)*(bw+6) - bw/2, y - bh/2 - 6})
		}
		inside := image.Pt(x, y).In(shown)
		best, bestScore, bestRect, bestCovers := 0, math.Inf(1), image.Rectangle{}, true
		for k, c := range cands {
			if k == near && !bestCovers {
				break
			}
			rc := image.Rect(c.X, c.Y, c.X+bw, c.Y+bh)
			if inside {
				rc = shiftInto(rc, shown)
			}
			score := float64(k) * 30
			// his own too: a candidate moved into the field may cover him
			for _, o := range r.obstacles {
				score += float64(area(rc.Intersect(o))) * 2
			}
			for _, o := range others {
				score += float64(area(rc.Intersect(o)))
			}
			covers := false // a plate placed before: its text
			for j := 0; j < i; j++ {
				o := area(rc.Intersect(r.plates[j].block))
				score += float64(o) * 3
				covers = covers || o > 0
			}
			score += float64(area(rc) - area(rc.Intersect(p.rect)))
			// a place that covers no plate beats any that covers one: a
			// plate drawn later would hide the other's text
			if !covers && bestCovers || covers == bestCovers && score < bestScore {
				best, bestScore, bestRect, bestCovers = k, score, rc, covers
			}
		}
		pl.block = bestRect
		pl.moved = best != 0 || bestRect.Min != cands[best]
	}
	for i := range r.plates {
		pl := &r.plates[i]
		if pl.moved {
			pr := pl.plateRect()
			tx := float32(min(max(int(pl.x), pr.Min.X+4), pr.Max.X-4))
			ty := float32(min(max(int(pl.y), pr.Min.Y+4), pr.Max.Y-4))
			vector.StrokeLine(dst, tx, ty, pl.x, pl.y, 1.5, rgba(12, 14, 18, 200), false)
		}
	}
	for i := range r.plates {
		r.drawPlate(dst, &r.plates[i], st)
	}
}

// plateRings is how many steps away from his man a plate may be placed
// when every place nearer covers another plate.
const plateRings = 4

func area(r image.Rectangle) int { return r.Dx() * r.Dy() }

// shiftInto moves r the least that puts it inside b (its top-left corner
// inside b when it is the larger).
func shiftInto(r, b image.Rectangle) image.Rectangle {
	var d image.Point
	if r.Max.X > b.Max.X {
		d.X = b.Max.X - r.Max.X
	}
	if r.Min.X+d.X < b.Min.X {
		d.X = b.Min.X - r.Min.X
	}
	if r.Max.Y > b.Max.Y {
		d.Y = b.Max.Y - r.Max.Y
	}
	if r.Min.Y+d.Y < b.Min.Y {
		d.Y = b.Min.Y - r.Min.Y
	}
	return r.Add(d)
}

// drawPlate draws one placed plate and its bubble.
func (r *Renderer) drawPlate(dst *ebiten.Image, pl *plate, st morale.Settings) {
	s := pl.s
	pr := pl.plateRect()
	px, py := float32(pr.Min.X), float32(pr.Min.Y)
	// plain rectangles, not paths: plates batch with the text drawn on them
	fillRect(dst, px, py, float32(pl.w), float32(pl.h), rgba(16, 18, 24, 200))
	vector.StrokeRect(dst, px+0.5, py+0.5, float32(pl.w)-1, float32(pl.h)-1, 1, withAlpha(StateColor(s.State), 0.55), false)
	// name line: soldier colour swatch, star for the leader, name
	tx := float64(px) + platePad
	fillRect(dst, float32(tx), py+platePad+3, plateSwatch, plateSwatch, SoldierColor(s.ID))
	tx += plateSwatch + 4
	if s.Leader {
		r.drawStar(dst, tx+5, float64(py)+platePad+7, 5.5)
		tx += 12
	}
	drawText(dst, s.Name, r.nameFace, tx, float64(py)+platePad-1, text.AlignStart, color.RGBA{255, 255, 255, 255}, true)
	// detail line: state in its colour, then nerve
	state := s.State.String()
	dy := float64(py) + platePad + plateLineH
	drawText(dst, state, r.smallFace, float64(px)+platePad, dy, text.AlignStart, StateColor(s.State), true)
	drawText(dst, detailLine(s)[len(state):], r.smallFace, float64(px)+platePad+textWidth(state, r.smallFace), dy, text.AlignStart, color.RGBA{214, 218, 226, 255}, true)
	by := pr.Min.Y + platePad + plateLineH + plateDetailH + BarOverhang
	bx := (pr.Min.X+pr.Max.X)/2 - plateBarW/2
	DrawBar(dst, image.Rect(bx, by, bx+plateBarW, by+plateBarH), s.Morale, s.State, st)
	if pl.debug {
		dy := float32(by + plateBarH + BarOverhang + 2)
		fillRect(dst, px+2, dy, float32(pl.w)-4, plateDebugH-1, rgba(0, 0, 0, 220))
		fillRect(dst, px+2, dy, 2, plateDebugH-1, StateColor(s.State))
		drawText(dst, debugLine(s), r.monoFace, float64(px)+platePad+2, float64(dy), text.AlignStart, color.RGBA{130, 255, 160, 255}, false)
	}
	if pl.bark != "" {
		cx := float32(pl.block.Min.X+pl.block.Max.X) / 2
		r.drawCachedBubble(dst, pl.bark, cx, py-bubbleGap+1, float32(pl.bubbleW), bubbleH, pl.balpha)
	}
}
