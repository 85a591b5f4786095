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
	"github.com/moralebreak/moralebreak/internal/words"
	"github.com/moralebreak/moralebreak/morale"
)

// The armies sprite sheet: one small image holds everything the armies
// scene draws per man and per squad, so that a frame of ten thousand men is
// one DrawTriangles32 call from one source image.
const (
	sheetDot   = 8 // a soft white disc in [0, sheetDot)²
	sheetSolid = 8 // then a solid white block of sheetSolid² to its right
	sheetW     = sheetDot + sheetSolid
	sheetH     = sheetDot
	// ZoomedBarsPx is the spacing between two men, in screen pixels, from
	// which every man of the armies scene gets his own morale bar; below it
	// only the selected squad's men do (in an inset by the squad).
	ZoomedBarsPx = 12.0
)

// armies is the Renderer's state for the armies scene.
type armies struct {
	sheet  *ebiten.Image
	men    []game.ManView
	squads []game.SquadView
	vs     []ebiten.Vertex
	is     []uint32
	boxes  []squadBox
}

// squadBox is the screen bounding box of a squad's formed (not routed) men.
type squadBox struct {
	x0, y0, x1, y1 float32
	n              int
}

// armiesSheet returns the sprite sheet, built on first use.
func (r *Renderer) armiesSheet() *ebiten.Image {
	a := &r.army
	if a.sheet == nil {
		a.sheet = ebiten.NewImage(sheetW, sheetH)
		vector.FillCircle(a.sheet, sheetDot/2, sheetDot/2, sheetDot/2-0.5, color.White, true)
		a.sheet.SubImage(image.Rect(sheetDot, 0, sheetW, sheetH)).(*ebiten.Image).Fill(color.White)
	}
	return a.sheet
}

// SideColor is the colour of army side (0 or 1) in the armies scene: blue
// and white, apart from the state colours a man takes when he breaks.
func SideColor(side int) color.RGBA {
	if side == 0 {
		return color.RGBA{90, 150, 255, 255}
	}
	return color.RGBA{228, 228, 218, 255}
}

// HeatColor is the morale heat tint of a squad: green at morale 1, through
// yellow at 0.5, to red at 0.
func HeatColor(m float64) color.RGBA {
	m = clamp01(m)
	if m >= 0.5 {
		k := (m - 0.5) * 2
		return color.RGBA{uint8(235 - 160*k), uint8(200 + 20*k), uint8(60 + 20*k), 255}
	}
	k := m * 2
	return color.RGBA{uint8(225 + 10*k), uint8(50 + 150*k), 50, 255}
}

// ArmyStateColor is the colour of army side's men once broken (Panicked or
// Routed): each army keeps its own, so that its routers can be told from
// the other's (army 1 orange and indigo, army 2 red and magenta); other
// states get StateColor.
func ArmyStateColor(side int, st morale.State) color.RGBA {
	switch {
	case st == morale.Panicked && side == 0:
		return color.RGBA{250, 128, 40, 255}
	case st == morale.Routed && side == 0:
		return color.RGBA{112, 84, 255, 255}
	case st == morale.Panicked:
		return color.RGBA{228, 48, 60, 255}
	case st == morale.Routed:
		return color.RGBA{240, 84, 196, 255}
	}
	return StateColor(st)
}

// manColor is the colour a man is drawn in: his army's while Steady, mixed
// with the Shaken amber while Shaken, his army's broken colour
// (ArmyStateColor) once broken.
func manColor(m game.ManView) color.RGBA {
	switch m.State {
	case morale.Panicked, morale.Routed:
		return ArmyStateColor(m.Side, m.State)
	case morale.Shaken:
		c, s := SideColor(m.Side), StateColor(morale.Shaken)
		return color.RGBA{uint8((int(c.R) + int(s.R)) / 2), uint8((int(c.G) + int(s.G)) / 2), uint8((int(c.B) + int(s.B)) / 2), 255}
	}
	return SideColor(m.Side)
}

// quad queues a w×h rectangle at (x, y) sampling the sheet's region src, in
// colour c (straight alpha a).
func (a *armies) quad(x, y, w, h float32, src image.Rectangle, c color.RGBA, alpha float32) {
	k := alpha / 255
	cr, cg, cb := float32(c.R)*k, float32(c.G)*k, float32(c.B)*k
	sx0, sy0, sx1, sy1 := float32(src.Min.X), float32(src.Min.Y), float32(src.Max.X), float32(src.Max.Y)
	base := uint32(len(a.vs))
	a.vs = append(a.vs,
		ebiten.Vertex{DstX: x, DstY: y, SrcX: sx0, SrcY: sy0, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: alpha},
		ebiten.Vertex{DstX: x + w, DstY: y, SrcX: sx1, SrcY: sy0, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: alpha},
		ebiten.Vertex{DstX: x, DstY: y + h, SrcX: sx0, SrcY: sy1, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: alpha},
		ebiten.Vertex{DstX: x + w, DstY: y + h, SrcX: sx1, SrcY: sy1, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: alpha},
	)
	a.is = append(a.is, base, base+1, base+2, base+1, base+3, base+2)
}

// flush draws the queued quads onto dst in one call.
func (a *armies) flush(dst *ebiten.Image, sheet *ebiten.Image) {
	if len(a.is) > 0 {
		op := &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
		dst.DrawTriangles32(a.vs, a.is, sheet, op)
	}
	a.vs, a.is = a.vs[:0], a.is[:0]
}

var (
	srcDot   = image.Rect(0, 0, sheetDot, sheetDot)
	srcSolid = image.Rect(sheetDot+2, 2, sheetW-2, sheetH-2) // inside: no filtering at the edge
)

// drawArmiesField draws the armies scene into dst through vp: the ground,
// a morale heat tint under every squad, every man as a dot (his army's
// colour, his state's once broken), the volleys, the selected squad's
// outline and its men's morale bars in an inset (every man's bar when
// zoomed in to ZoomedBarsPx), the clock, the armies' counts and when all
// those figures were read (game.Armies.FiguresAt), and
// with g.Debug() the clock and thresholds of the debug overlay. The men
// and tints are one DrawTriangles32 call from one sprite sheet, the bars
// another, the volleys a third.
func (r *Renderer) drawArmiesField(dst *ebiten.Image, vp game.Viewport, g game.View, sc *game.Armies) {
	clip := image.Rect(int(math.Floor(vp.X)), int(math.Floor(vp.Y)), int(math.Ceil(vp.X+vp.W)), int(math.Ceil(vp.Y+vp.H))).Intersect(dst.Bounds())
	if clip.Empty() {
		return
	}
	dst = dst.SubImage(clip).(*ebiten.Image)
	a := &r.army
	sheet := r.armiesSheet()
	p := newProjection(vp, g.Field()).viewOf(clip)
	r.drawArmiesGround(dst, p)

	a.men = sc.AppendMen(a.men[:0])
	a.squads = sc.AppendSquads(a.squads[:0])
	if cap(a.boxes) < len(a.squads) {
		a.boxes = make([]squadBox, len(a.squads))
	}
	a.boxes = a.boxes[:len(a.squads)]
	for i := range a.boxes {
		a.boxes[i] = squadBox{x0: math.MaxFloat32, y0: math.MaxFloat32, x1: -math.MaxFloat32, y1: -math.MaxFloat32}
	}
	for _, m := range a.men {
		if !m.Alive || m.State == morale.Routed {
			continue
		}
		x, y := p.at(m.Pos)
		b := &a.boxes[m.Squad]
		b.x0, b.y0 = min(b.x0, x), min(b.y0, y)
		b.x1, b.y1 = max(b.x1, x), max(b.y1, y)
		b.n++
	}
	// heat tints under the squads
	for i, s := range a.squads {
		b := a.boxes[i]
		if b.n == 0 {
			continue
		}
		const pad = 3
		a.quad(b.x0-pad, b.y0-pad, b.x1-b.x0+2*pad, b.y1-b.y0+2*pad, srcSolid, HeatColor(s.Stats.Average), 0.38)
	}
	// the fallen, then the living
	dot := float32(max(2.2, min(8, 0.9*p.scale*110)))
	for _, m := range a.men {
		if !m.Alive {
			x, y := p.at(m.Pos)
			a.quad(x-dot/2, y-dot/2, dot, dot, srcDot, color.RGBA{40, 36, 30, 255}, 0.55)
		}
	}
	for _, m := range a.men {
		if m.Alive {
			x, y := p.at(m.Pos)
			a.quad(x-dot/2, y-dot/2, dot, dot, srcDot, manColor(m), 1)
		}
	}
	a.flush(dst, sheet)

	// volleys: a tracer from the firing squad to its target
	r.shots = g.AppendShots(r.shots[:0])
	for _, sh := range r.shots {
		r.drawShot(dst, p, sh)
	}
	r.flushLines(dst)

	r.drawArmiesBars(dst, p, g, sc)
	r.drawArmiesHUD(dst, p, g, sc)
	if g.Debug() { // MoraleBreak.Debug: the clock and thresholds in a corner
		r.drawDebug(dst, p, g, nil, 0, true)
	}
}

// drawArmiesGround draws the field's background in the part of it on
// screen (p.view): a fill and a 50 m grid, for scale, whatever the zoom.
func (r *Renderer) drawArmiesGround(dst *ebiten.Image, p projection) {
	v := p.view
	if v.Empty() {
		return
	}
	dst.SubImage(v).(*ebiten.Image).Fill(color.RGBA{70, 92, 58, 255})
	step := 5000 * p.scale
	if step < 4 {
		return
	}
	ox, oy := p.at(morale.Vec2{})
	line := rgba(255, 255, 255, 14)
	for k := math.Max(1, math.Ceil((float64(v.Min.X)-float64(ox))/step)); ; k++ {
		x := float64(ox) + k*step
		if x >= float64(v.Max.X) || x >= float64(p.rect.Max.X)-0.5 {
			break
		}
		fillRect(dst, float32(math.Round(x)), float32(v.Min.Y), 1, float32(v.Dy()), line)
	}
	for k := math.Max(1, math.Ceil((float64(v.Min.Y)-float64(oy))/step)); ; k++ {
		y := float64(oy) + k*step
		if y >= float64(v.Max.Y) || y >= float64(p.rect.Max.Y)-0.5 {
			break
		}
		fillRect(dst, float32(v.Min.X), float32(math.Round(y)), float32(v.Dx()), 1, line)
	}
}

// drawArmiesBars outlines the selected squad and draws its men's morale
// bars in an inset beside it (ten rows of ten, in file order), with the
// squad's average as a full bar with its marks on top; zoomed in to
// ZoomedBarsPx, every living man gets a bar over his head instead.
func (r *Renderer) drawArmiesBars(dst *ebiten.Image, p projection, g game.View, sc *game.Armies) {
	a := &r.army
	sheet := r.armiesSheet()
	st := g.Settings()
	trough := color.RGBA{30, 32, 38, 255}
	if p.scale*110 >= ZoomedBarsPx {
		w := float32(p.scale * 110 * 0.8)
		for _, m := range a.men {
			if m.Alive {
				x, y := p.at(m.Pos)
				a.quad(x-w/2, y-w*0.6-3, w, 3, srcSolid, trough, 0.9)
				a.quad(x-w/2, y-w*0.6-3, w*float32(clamp01(m.Morale)), 3, srcSolid, StateColor(m.State), 1)
			}
		}
		a.flush(dst, sheet)
	}
	s, ok := sc.SelectedSquadView() // its figures as last read, as every view of it
	if !ok {
		return
	}
	k := s.Index
	if b := a.boxes[k]; b.n > 0 {
		vector.StrokeRect(dst, b.x0-5, b.y0-5, b.x1-b.x0+10, b.y1-b.y0+10, 1.5, color.White, false)
	}
	// the inset: above the squad, or below it near the top edge
	const cols, bw, bh, gap = insetCols, insetBarW, 3, insetGap
	label := armyInsetLabel(s)
	rows := (game.ArmySquadSize + insetCols - 1) / insetCols
	iw, ih := r.armyInsetWidth(label), float32(rows*(bh+gap)+40)
	ax, ay := p.at(s.Anchor)
	x0 := max(float32(p.view.Min.X)+4, min(ax-iw/2, float32(p.view.Max.X)-iw-4))
	y0 := ay - ih - 30
	if y0 < float32(p.view.Min.Y)+30 {
		y0 = ay + 30
	}
	a.quad(x0, y0, iw, ih, srcSolid, color.RGBA{12, 14, 20, 255}, 0.85)
	n := 0
	for _, m := range a.men {
		if m.Squad != k {
			continue
		}
		bx := x0 + 4 + float32(n%cols*(bw+gap))
		by := y0 + 36 + float32(n/cols*(bh+gap))
		n++
		if !m.Alive {
			a.quad(bx, by, bw, bh, srcSolid, color.RGBA{90, 90, 90, 255}, 0.5)
			continue
		}
		a.quad(bx, by, bw, bh, srcSolid, trough, 1)
		a.quad(bx, by, bw*float32(clamp01(m.Morale)), bh, srcSolid, ArmyStateColor(m.Side, m.State), 1)
	}
	a.flush(dst, sheet)
	drawText(dst, label, r.smallFace, float64(x0)+4, float64(y0)+2, text.AlignStart, color.RGBA{235, 238, 245, 255}, false)
	bar := image.Rect(int(x0)+6, int(y0)+22, int(x0+iw)-6, int(y0)+28)
	DrawBar(dst, bar, s.Stats.Average, s.State, st)
}

// armyInsetLabel is the title of squad s's inset: "Squad 6 (army 1) ·
// mostly Routed · 90 of 90 broken".
func armyInsetLabel(s game.SquadView) string {
	return fmt.Sprintf("Squad %d (army %d) · %s · %d of %d broken", s.ID, s.Side+1, squadStateLabel(s.State), s.Stats.Broken, s.Stats.Count)
}

// The selected squad's inset: insetCols of its men's bars a row, each
// insetBarW wide and insetGap apart.
const insetCols, insetBarW, insetGap = 10, 14, 2

// armyInsetWidth is the width of the selected squad's inset with title
// label: its bars a row, or the title and its margins when wider.
func (r *Renderer) armyInsetWidth(label string) float32 {
	return max(float32(insetCols*(insetBarW+insetGap)+8), float32(math.Ceil(textWidth(label, r.smallFace)))+8)
}

// squadStateLabel names a squad's prevailing state.
func squadStateLabel(st morale.State) string { return "mostly " + st.String() }

// armyHUDLine is an army's line at the foot of the field: 'Army 2: 4910
// men, 700 broken, 90 fallen, 1 squad routed'.
func armyHUDLine(side, alive, broken, fallen, routed int) string {
	return fmt.Sprintf("Army %d: %d men, %d broken, %d fallen, %s routed", side+1, alive, broken, fallen, words.Count(routed, "squad", "squads"))
}

// armyRoundLabel says when the field's morale figures were read, at t
// seconds (game.Armies.FiguresAt: the last combat round, or a command
// since), to decimals of a second (the scene's ClockDecimals, as the
// header gives the clock).
func armyRoundLabel(t float64, decimals int) string {
	return fmt.Sprintf("morale as read at %.*f s", decimals, t)
}

// drawArmiesHUD writes the clock and each army's men standing, broken and
// fallen, and its squads routed, and between them (above them when the
// row has no room) when the figures the field, the inset and the counts
// show were read, to the clock's hundredth.
func (r *Renderer) drawArmiesHUD(dst *ebiten.Image, p projection, g game.View, sc *game.Armies) {
	r.drawHUD(dst, p, g)
	a := &r.army
	var alive, broken, fallen, routed [2]int
	for _, m := range a.men {
		switch {
		case !m.Alive:
			fallen[m.Side]++
		case m.State == morale.Panicked || m.State == morale.Routed:
			broken[m.Side]++
			alive[m.Side]++
		default:
			alive[m.Side]++
		}
	}
	for _, s := range a.squads {
		if s.State == morale.Routed {
			routed[s.Side]++
		}
	}
	y := float64(p.view.Max.Y) - 22
	if g.Debug() {
		y -= 22 // above the debug overlay's line
	}
	var ends [2]float32 // army 1's line's right end, army 2's left
	for side := range 2 {
		s := armyHUDLine(side, alive[side], broken[side], fallen[side], routed[side])
		w := float32(textWidth(s, r.smallFace)) + 38 // and the swatches: its men, panicked, routed
		x := float32(p.view.Min.X + 8)
		ends[side] = x + w
		if side == 1 {
			x = float32(p.view.Max.X) - w - 8
			ends[side] = x
		}
		vector.FillRect(dst, x, float32(y)-2, w, 18, rgba(0, 0, 0, 170), false)
		fillRect(dst, x+4, float32(y)+5, 6, 6, SideColor(side))
		fillRect(dst, x+12, float32(y)+5, 6, 6, ArmyStateColor(side, morale.Panicked))
		fillRect(dst, x+20, float32(y)+5, 6, 6, ArmyStateColor(side, morale.Routed))
		drawText(dst, s, r.smallFace, float64(x)+32, y, text.AlignStart, color.RGBA{235, 238, 245, 255}, false)
	}
	s := armyRoundLabel(sc.FiguresAt(), sc.ClockDecimals())
	w := float32(textWidth(s, r.smallFace)) + 12
	x := float32(p.view.Min.X+p.view.Max.X)/2 - w/2
	if x < ends[0]+8 || x+w > ends[1]-8 {
		y -= 22 // no room between the armies' lines
	}
	vector.FillRect(dst, x, float32(y)-2, w, 18, rgba(0, 0, 0, 170), false)
	drawText(dst, s, r.smallFace, float64(x)+6, y, text.AlignStart, color.RGBA{200, 204, 214, 255}, false)
}
