package render

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/colorm"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/whyplace"
	"github.com/moralebreak/moralebreak/morale"
)

// CompactAbove is the squad size above which soldiers get a small bar
// without name plates or barks, so a crowd stays legible and cheap to draw.
const CompactAbove = 24

// Renderer draws the battlefield and the morale timeline from a game.View,
// the read-only face of a session (*game.Session is one). It never changes the
// game; the only state it keeps is cached images (the field's static layer
// for the current viewport, the timeline's background and lines, sprites)
// and its own scratch buffers.
type Renderer struct {
	a *assets.Assets

	nameFace, smallFace, barkFace, monoFace, titleFace text.Face

	static    *ebiten.Image // ground, trench, rally, cover for staticKey
	staticKey staticKey
	// staticOpaque is where the ground covers static, in its coordinates:
	// opaque there
	staticOpaque image.Rectangle

	rings     map[ringKey]*ebiten.Image   // state rings under soldiers, by state and radius
	stars     map[int]*ebiten.Image       // leader stars, by radius
	hudPlates map[int]*ebiten.Image       // the HUD's rounded plate, by width
	bubbles   map[bubbleKey]*ebiten.Image // speech bubbles, by text and size
	crosses   map[crossKey]*ebiten.Image  // the fallen's crosses, by size and offset

	compactBars  map[compactKey]*ebiten.Image // a crowd's small bars
	compactMarks [4]float64                   // the marks of compactBars
	crowd        crowdBars                    // where a crowd's bars go (declutter), per frame

	tlBG      *ebiten.Image // timeline background for tlBGKey
	tlBGKey   timelineBGKey
	tlPlot    *ebiten.Image // timeline lines and markers for tlPlotKey, drawn at tlPlotT
	tlPlotKey timelinePlotKey
	tlPlotT   float64
	tlWin     timelineWindow // what LayoutTimeline set (timeline.go)
	tlSel     int            // the man SelectInTimeline set, plus one (0: none)
	fight     fightTimeline  // a lab fight's timeline buffers (fight_timeline.go)
	ghost     ghostCache     // the what-if's other future on the timeline (ghost.go)

	// backdrop is the colour DrawTimeline lays under its panel when
	// hasBackdrop (SetTimelineBackdrop)
	backdrop    color.RGBA
	hasBackdrop bool
	noHUD       bool // SetHUD(false): the field has no clock plate

	white  *ebiten.Image // source of the batched lines
	lineVs []ebiten.Vertex
	lineIs []uint32

	plates    []plate           // scratch for label placement, reused per frame
	obstacles []image.Rectangle // scratch for label placement, reused per frame

	// the frame's copies of the game's views (game.View's Append methods),
	// reused per frame: drawing writes nothing into the game
	soldiers []game.SoldierView
	enemies  []game.EnemyView
	shots    []game.ShotView
	// tlSoldiers is DrawTimeline's copy, apart from DrawField's
	tlSoldiers []game.SoldierView

	army        armies             // the armies scene's sheet, caches and buffers (armies.go)
	scen        scenarioSheet      // the scenario scene's (scenario.go)
	why         whyCache           // the Why panel (why.go)
	whySoldiers []game.SoldierView // DrawWhy's and the tooltip's copy
}

type ringKey struct {
	state morale.State
	rad   int
}

// ring returns the cached ring drawn under a soldier in state st.
func (r *Renderer) ring(st morale.State, rad int) *ebiten.Image {
	k := ringKey{st, rad}
	if img, ok := r.rings[k]; ok {
		return img
	}
	if r.rings == nil {
		r.rings = map[ringKey]*ebiten.Image{}
	}
	size := 2*rad + 6
	img := ebiten.NewImage(size, size)
	c := float32(size) / 2
	vector.FillCircle(img, c, c, float32(rad), withAlpha(StateColor(st), 0.28), true)
	vector.StrokeCircle(img, c, c, float32(rad), 2, StateColor(st), true)
	r.rings[k] = img
	return img
}

// drawStar draws the cached leader star of outer radius rad centred on (x, y).
func (r *Renderer) drawStar(dst *ebiten.Image, x, y, rad float64) {
	k := int(math.Round(rad))
	img, ok := r.stars[k]
	if !ok {
		if r.stars == nil {
			r.stars = map[int]*ebiten.Image{}
		}
		size := 2*k + 6
		img = ebiten.NewImage(size, size)
		drawStarPath(img, float32(size)/2, float32(size)/2, float32(k))
		r.stars[k] = img
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(x)-float64(img.Bounds().Dx())/2, math.Round(y)-float64(img.Bounds().Dy())/2)
	dst.DrawImage(img, op)
}

// SetTimelineBackdrop makes DrawTimeline fill its whole rectangle, opaquely,
// with c under the timeline's translucent panel: the pixels are the same as
// after a fill of the rectangle with c followed by DrawTimeline without a
// backdrop, but the frame is spared that fill (under a software renderer,
// a fifth of a screen-sized pass). Call it before drawing, from the
// goroutine that draws.
func (r *Renderer) SetTimelineBackdrop(c color.Color) {
	r.backdrop, r.hasBackdrop = color.RGBAModel.Convert(c).(color.RGBA), true
}

// SetHUD turns the field's HUD (the clock plate, PAUSED and the what-if's
// future in its top-left corner) on or off (on by default), for pictures
// of the battle alone. Call it before drawing.
func (r *Renderer) SetHUD(on bool) { r.noHUD = !on }

// appendSoldiers appends the soldiers of g's scene (Opening.AppendSoldiers;
// the armies have none) to dst.
func appendSoldiers(dst []game.SoldierView, g game.View) []game.SoldierView {
	return drawerOf(g.Scene()).soldiers(dst)
}

// New returns a Renderer that draws with the sprites and fonts of a.
func New(a *assets.Assets) *Renderer {
	return &Renderer{
		a:         a,
		nameFace:  a.BoldFace(12),
		smallFace: a.Face(10.5),
		barkFace:  a.BoldFace(12),
		monoFace:  a.MonoFace(10.5),
		titleFace: a.BoldFace(12),
	}
}

// projection maps world centimetres to screen pixels for one frame.
type projection struct {
	vp    game.Viewport
	scale float64         // pixels per centimetre
	rect  image.Rectangle // the whole field on the screen
	// view is the part of rect drawn into (a zoomed field reaches past
	// the screen): what the HUD and insets keep inside
	view image.Rectangle
}

// viewOf returns p with view, the part of the field drawn into dst.
func (p projection) viewOf(dst image.Rectangle) projection {
	p.view = p.rect.Intersect(dst)
	return p
}

func newProjection(vp game.Viewport, field morale.Vec2) projection {
	x0, y0 := vp.ToScreen(morale.Vec2{})
	x1, y1 := vp.ToScreen(field)
	s := 1.0
	if field.X > 0 {
		s = (x1 - x0) / field.X
	}
	return projection{
		vp:    vp,
		scale: s,
		rect:  image.Rect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1))),
	}
}

func (p projection) at(v morale.Vec2) (float32, float32) {
	x, y := p.vp.ToScreen(v)
	return float32(x), float32(y)
}

// px converts a world length to pixels.
func (p projection) px(cm float64) float32 { return float32(cm * p.scale) }

// DrawField draws the battlefield of g into dst through the viewport vp:
// ground, cover, the rally flag, the enemy line, fallen and living soldiers
// (the leader starred), tracers, and over each living soldier a plate with
// his name, state, nerve and morale bar with its marks, and his bark in a
// speech bubble for game.BarkSeconds after a state change. With g.Debug()
// it adds each soldier's state and exact morale over his head. It draws only inside
// the viewport's screen rectangle and only reads g.
func (r *Renderer) DrawField(dst *ebiten.Image, vp game.Viewport, g game.View) {
	// draw only inside the viewport: tracers and plates never spill onto
	// the panels around it
	clip := image.Rect(int(math.Floor(vp.X)), int(math.Floor(vp.Y)), int(math.Ceil(vp.X+vp.W)), int(math.Ceil(vp.Y+vp.H))).Intersect(dst.Bounds())
	if clip.Empty() {
		return
	}
	drawerOf(g.Scene()).field(r, dst, clip, vp, g) // scenes.go
}

// drawOpeningField is DrawField for the opening, into dst, already
// clipped to clip.
func (r *Renderer) drawOpeningField(dst *ebiten.Image, clip image.Rectangle, vp game.Viewport, g game.View, op *game.Opening) {
	field := g.Field()
	p := newProjection(vp, field).viewOf(clip)
	settings := g.Settings()
	r.soldiers = op.AppendSoldiers(r.soldiers[:0])
	r.enemies = op.AppendEnemies(r.enemies[:0])
	r.shots = g.AppendShots(r.shots[:0])
	soldiers, enemies := r.soldiers, r.enemies

	r.drawStatic(dst, vp, field, op, enemies)
	r.drawMen(dst, p, g, soldiers, enemies, settings, op.RallyPoint(), len(soldiers) > CompactAbove)
	r.drawHUD(dst, p, g)
}

// drawMen draws the fallen, the enemies (none in a scenario), the living
// soldiers with their rings, stars, muzzle flashes and the tracers, then
// their plates (a crowd's small bars), and with g.Debug() the debug
// overlay: everything of DrawField above the static layer but the HUD.
// rally is the point plates keep clear of; compact gives each man a small
// bar instead of a plate.
func (r *Renderer) drawMen(dst *ebiten.Image, p projection, g game.View, soldiers []game.SoldierView, enemies []game.EnemyView, settings morale.Settings, rally morale.Vec2, compact bool) {
	unit := r.unitPx(p)
	// bodies first, so the living walk over them
	for _, e := range enemies {
		if !e.Alive {
			r.drawSprite(dst, assets.EnemyDown, p, e.Pos, e.Facing, unit, true)
		}
	}
	for _, s := range soldiers {
		if !s.Alive {
			r.drawSprite(dst, assets.Fallen, p, s.Pos, s.Facing, unit, true)
		}
	}
	ringRad := int(unit*0.42) + 3
	for _, s := range soldiers {
		if s.Alive {
			x, y := p.at(s.Pos)
			ring := r.ring(s.State, ringRad)
			op := &ebiten.DrawImageOptions{}
			op.GeoM.Translate(float64(x)-float64(ring.Bounds().Dx())/2, float64(y)-float64(ring.Bounds().Dy())/2)
			dst.DrawImage(ring, op)
		}
	}
	for _, e := range enemies {
		if e.Alive {
			r.drawSprite(dst, assets.Enemy, p, e.Pos, e.Facing, unit, false)
			if e.Firing {
				r.drawMuzzle(dst, p, e.Pos, e.Facing, unit, g.Time()+float64(e.ID))
			}
		}
	}
	for _, s := range soldiers {
		if s.Alive {
			r.drawSprite(dst, assets.Soldier, p, s.Pos, s.Facing, unit, false)
			if s.Firing {
				r.drawMuzzle(dst, p, s.Pos, s.Facing, unit, g.Time()+float64(s.ID)*0.37)
			}
		}
	}
	for _, sh := range r.shots {
		r.drawShot(dst, p, sh)
	}
	r.flushLines(dst)
	for _, s := range soldiers {
		x, y := p.at(s.Pos)
		if !s.Alive {
			r.drawFallenMark(dst, s, x, y, float32(unit), compact)
			continue
		}
		if s.Leader {
			r.drawStar(dst, float64(x)-unit*0.38, float64(y)-unit*0.38, max(5, unit*0.2))
		}
	}
	if compact {
		r.crowd.place(p, soldiers, unit)
		for _, b := range r.crowd.bars {
			s := soldiers[b.i]
			r.drawCompactBar(dst, b.r, s.Morale, s.State, settings)
		}
	} else {
		r.drawPlates(dst, p, soldiers, float32(unit), settings, rally, g.Debug())
	}
	if g.Debug() {
		r.drawDebug(dst, p, g, soldiers, float32(unit), compact)
	}
}

// unitPx is the drawn size of a soldier in pixels: life size would be a
// speck, so soldiers are drawn about 2.1 m across, and never smaller than
// 22 px or larger than 60 px.
func (r *Renderer) unitPx(p projection) float64 {
	return math.Max(22, math.Min(60, 210*p.scale))
}

// drawSprite draws sprite s centred on world point at, rotated by facing,
// size pixels across; down greys it out.
func (r *Renderer) drawSprite(dst *ebiten.Image, s assets.Sprite, p projection, at morale.Vec2, facing, size float64, down bool) {
	img := r.a.Image(s)
	if img == nil {
		return
	}
	b := img.Bounds()
	k := size / float64(b.Dx())
	if down {
		k *= 1.1
	}
	x, y := p.at(at)
	var geo ebiten.GeoM
	geo.Translate(-float64(b.Dx())/2, -float64(b.Dy())/2)
	geo.Scale(k, k)
	geo.Rotate(facing)
	geo.Translate(float64(x), float64(y))
	if !down {
		// plain DrawImage, so a crowd of soldiers batches into few draw calls
		op := &ebiten.DrawImageOptions{GeoM: geo, Filter: ebiten.FilterLinear}
		dst.DrawImage(img, op)
		return
	}
	op := &colorm.DrawImageOptions{GeoM: geo, Filter: ebiten.FilterLinear}
	var cm colorm.ColorM
	cm.ChangeHSV(0, 0.2, 0.72)
	colorm.DrawImage(dst, img, cm, op)
}

// drawMuzzle flashes at the rifle's muzzle; phase makes it flicker
// deterministically with simulation time.
func (r *Renderer) drawMuzzle(dst *ebiten.Image, p projection, at morale.Vec2, facing, unit, phase float64) {
	if math.Mod(phase*11, 1) < 0.35 {
		return
	}
	x, y := p.at(at)
	sin, cos := math.Sincos(facing)
	d := unit * 0.5
	// the rifle sits a little to the soldier's right (+Y in sprite space)
	mx := float64(x) + cos*d - sin*unit*0.09
	my := float64(y) + sin*d + cos*unit*0.09
	rad := float32(unit * 0.11)
	vector.FillCircle(dst, float32(mx), float32(my), rad*1.6, rgba(255, 200, 80, 110), false)
	vector.FillCircle(dst, float32(mx), float32(my), rad, color.RGBA{255, 246, 200, 255}, false)
}

// drawShot draws a tracer from the shooter to the impact, fading with age,
// and a puff at the impact: red for a hit, dust for a miss.
func (r *Renderer) drawShot(dst *ebiten.Image, p projection, sh game.ShotView) {
	a := 1 - sh.Age/game.ShotSeconds
	if a <= 0 {
		return
	}
	x0, y0 := p.at(sh.From)
	x1, y1 := p.at(sh.To)
	// the faint trail, then a bright streak near the impact
	trail, head := color.RGBA{255, 236, 170, 255}, color.RGBA{255, 250, 220, 255}
	if sh.Enemy {
		trail, head = color.RGBA{255, 150, 110, 255}, color.RGBA{255, 220, 200, 255}
	}
	r.addLine(x0, y0, x1, y1, 1.2, withAlpha(trail, 0.45*a))
	mx, my := x0+(x1-x0)*0.7, y0+(y1-y0)*0.7
	r.addLine(mx, my, x1, y1, 2, withAlpha(head, a))
	grow := float32(1 + sh.Age*6)
	if sh.Hit {
		r.addDisc(x1, y1, 3*grow, withAlpha(color.RGBA{220, 40, 30, 255}, 0.8*a))
	} else {
		r.addDisc(x1, y1, 3.5*grow, withAlpha(color.RGBA{190, 170, 130, 255}, 0.6*a))
	}
}

// drawFallenMark marks a dead soldier: a grey cross and his name, greyed.
func (r *Renderer) drawFallenMark(dst *ebiten.Image, s game.SoldierView, x, y, unit float32, compact bool) {
	c := color.RGBA{210, 210, 210, 230}
	cx, cy := x+unit*0.45, y-unit*0.45
	d := max(3, unit*0.12)
	r.drawCross(dst, cx, cy, d, c)
	if compact {
		return
	}
	label := s.Name + " — down"
	if s.Leader {
		label = s.Name + " (leader) — down"
	}
	drawText(dst, label, r.smallFace, float64(x), float64(y+unit*0.55), text.AlignCenter, color.RGBA{200, 200, 200, 230}, true)
}

// drawBubble draws a speech bubble whose tail points down at (x, bottom).
func (r *Renderer) drawBubble(dst *ebiten.Image, s string, x, bottom, w, h float32, alpha float64) {
	bx, by := x-w/2, bottom-h
	var tail vector.Path
	tail.MoveTo(x-5, by+h-1)
	tail.LineTo(x+5, by+h-1)
	tail.LineTo(x+1, bottom+5)
	tail.Close()
	edge := withAlpha(color.RGBA{30, 30, 36, 255}, alpha)
	paper := withAlpha(color.RGBA{252, 250, 240, 255}, alpha)
	strokePath(dst, roundRectPath(bx, by, w, h, 8), 2, edge)
	strokePath(dst, &tail, 2, edge)
	fillPath(dst, roundRectPath(bx, by, w, h, 8), paper)
	fillPath(dst, &tail, paper)
	drawText(dst, s, r.barkFace, float64(x), float64(by)+3.5, text.AlignCenter, withAlpha(color.RGBA{24, 24, 30, 255}, alpha), false)
}

// drawDebug is the MoraleBreak.Debug overlay (README, "The demo", console): each living
// soldier's state and exact morale over his head (on his plate, or on its
// own in a crowd) and the clock and thresholds in a corner.
func (r *Renderer) drawDebug(dst *ebiten.Image, p projection, g game.View, soldiers []game.SoldierView, unit float32, compact bool) {
	if compact {
		// plates carry the line in the normal view; a crowd gets it over
		// each head
		for _, s := range soldiers {
			if !s.Alive {
				continue
			}
			x, y := p.at(s.Pos)
			line := fmt.Sprintf("%s %.2f", s.State, s.Morale)
			w := float32(textWidth(line, r.monoFace)) + 4
			bx, by := x-w/2, y-unit*0.6-20
			fillRect(dst, bx, by, w, 13, rgba(0, 0, 0, 190))
			drawText(dst, line, r.monoFace, float64(x), float64(by), text.AlignCenter, StateColor(s.State), false)
		}
	}
	st := g.Settings()
	info := fmt.Sprintf("DEBUG  t=%.2fs  step %.2fs  shaken<%.2f panic<%.2f hyst %.2f", g.Time(), st.SquadUpdateInterval, st.ShakenBelow, st.PanicBelow, st.Hysteresis)
	x, y := float32(p.view.Min.X+8), float32(p.view.Max.Y-22)
	vector.FillRect(dst, x-4, y-2, float32(textWidth(info, r.monoFace))+8, 16, rgba(0, 0, 0, 200), false)
	drawText(dst, info, r.monoFace, float64(x), float64(y), text.AlignStart, color.RGBA{130, 255, 160, 255}, false)
}

// hudClock is the clock drawHUD writes, at t seconds to the given number
// of decimals: "t 38.0 s", with the speed when not ×1 and PAUSED when
// paused.
func hudClock(t, speed float64, paused bool, decimals int) string {
	s := fmt.Sprintf("t %.*f s", decimals, t)
	if speed != 1 && speed > 0 {
		s += fmt.Sprintf("  ×%g", speed)
	}
	if paused {
		s += "  PAUSED"
	}
	return s
}

// drawHUD writes the simulation clock to the scene's decimals (hudClock,
// game.Scene.ClockDecimals) in the field's top-left corner, and which
// future of a what-if the field shows (futureBadge).
func (r *Renderer) drawHUD(dst *ebiten.Image, p projection, g game.View) {
	if r.noHUD {
		return
	}
	s := hudClock(g.Time(), g.Speed(), g.Paused(), g.Scene().ClockDecimals()) + futureBadge(g)
	x, y := float32(p.view.Min.X+8), float32(p.view.Min.Y+whyplace.HUDTop)
	w := float32(textWidth(s, r.titleFace)) + 12
	r.drawHUDPlate(dst, x, y, w)
	c := color.RGBA{240, 240, 240, 255}
	if g.Paused() {
		c = color.RGBA{255, 210, 90, 255}
	}
	drawText(dst, s, r.titleFace, float64(x)+6, float64(y)+3, text.AlignStart, c, false)
}
