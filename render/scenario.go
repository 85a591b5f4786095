package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// scenarioDotsAbove is the number of men above which the scenario scene
// draws each man as a dot of his state's colour instead of a sprite.
const scenarioDotsAbove = 400

// scenarioSheet is the scenario scene's caches and per-frame buffers.
type scenarioSheet struct {
	ground    *ebiten.Image // the field's ground for groundKey
	groundKey game.Viewport
	squads    []game.ScenarioSquadView
	news      []game.NewsView
}

// drawScenarioField is DrawField for the scenario scene (a lab scenario's
// fight, demo -scenario): the ground, each squad's name and count over its
// formation, the timeline's occurrences of the last game.NewsSeconds as
// fading rings at their locations (or a label over the squad or man they
// hit), and the men as in the opening (rings, sprites, plates, fallen) or,
// beyond scenarioDotsAbove men, as dots of their state's colour. dst is
// the viewport's clip.
func (r *Renderer) drawScenarioField(dst *ebiten.Image, vp game.Viewport, g game.View, sc *game.Scenario) {
	field := g.Field()
	p := newProjection(vp, field).viewOf(dst.Bounds()) // the HUD keeps inside the clip
	r.drawScenarioGround(dst, vp, field)
	settings := g.Settings()
	s := &r.scen
	s.squads = sc.AppendSquads(s.squads[:0])
	for _, sq := range s.squads {
		x, y := p.at(sq.At)
		label := fmt.Sprintf("%s · %d/%d alive · %d broken", sq.Name, sq.Alive, sq.Men, sq.Broken)
		c := color.RGBA{235, 235, 220, 230}
		if sc.Config().Squads[sq.Index].Formation == "line" { // along Y: beside it
			drawText(dst, label, r.smallFace, float64(x)-22, float64(y)-7, text.AlignEnd, c, true)
			continue
		}
		drawText(dst, label, r.smallFace, float64(x), float64(y)-float64(p.px(sqRadius(sc, sq.Index)))-34, text.AlignCenter, c, true)
	}
	s.news = sc.AppendNews(s.news[:0])
	for _, n := range s.news {
		r.drawNews(dst, p, n, settings)
	}
	r.soldiers = sc.AppendSoldiers(r.soldiers[:0])
	r.shots = r.shots[:0]
	if len(r.soldiers) > scenarioDotsAbove {
		r.drawDots(dst, p, r.soldiers)
	} else {
		// no rally flag: plates keep clear of a point off the field
		compact := len(r.soldiers) > CompactAbove || p.px(minSpacing(sc)) < scenarioPlateSpacing
		r.drawMen(dst, p, g, r.soldiers, nil, settings, morale.Vec2{X: -1e9, Y: -1e9}, compact)
	}
	r.drawHUD(dst, p, g)
	title := sc.Config().Name
	if sc.Over() {
		title += " · timeline over"
	} else {
		title += fmt.Sprintf(" · %.0f of %g s", g.Time(), sc.Config().Duration)
	}
	drawText(dst, title, r.titleFace, float64(p.rect.Max.X)-8, float64(p.rect.Min.Y)+8, text.AlignEnd, color.RGBA{240, 240, 240, 240}, true)
}

// scenarioPlateSpacing is the least distance, in pixels, between the men
// of a squad for them to get plates (name, state, nerve and bar); closer,
// they get a crowd's small bars.
const scenarioPlateSpacing = 40

// minSpacing is the least spacing, in cm, of the squads of more than one
// man (+Inf when none).
func minSpacing(sc *game.Scenario) float64 {
	m := math.Inf(1)
	for _, sq := range sc.Config().Squads {
		if sq.Size > 1 {
			m = math.Min(m, sq.Spacing)
		}
	}
	return m
}

// sqRadius is about half the height of squad i's formation (not a line),
// in cm, for its label.
func sqRadius(sc *game.Scenario, i int) float64 {
	sq := sc.Config().Squads[i]
	switch sq.Formation {
	case "circle":
		return sq.Spacing * float64(sq.Size) / (2 * math.Pi)
	case "grid":
		return math.Ceil(math.Sqrt(float64(sq.Size))) * sq.Spacing / 2
	}
	return sq.Spacing
}

// drawScenarioGround draws the plain ground of the scenario's field,
// cached per viewport.
func (r *Renderer) drawScenarioGround(dst *ebiten.Image, vp game.Viewport, field morale.Vec2) {
	s := &r.scen
	clip := dst.Bounds()
	if s.ground == nil || s.groundKey != vp || s.ground.Bounds().Size() != clip.Size() {
		if s.ground != nil {
			s.ground.Deallocate()
		}
		img, _ := r.groundLayer(vp, field, clip)
		s.ground, s.groundKey = img, vp
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(clip.Min.X), float64(clip.Min.Y))
	dst.DrawImage(s.ground, op)
}

// drawNews draws one occurrence of the timeline: a ring at its location
// (its radius, or the settings' reach), fading with age, and its label.
func (r *Renderer) drawNews(dst *ebiten.Image, p projection, n game.NewsView, st morale.Settings) {
	if !n.HasAt {
		return
	}
	a := 1 - n.Age/game.NewsSeconds
	if a <= 0 {
		return
	}
	x, y := p.at(n.At)
	radius := n.Radius
	if radius <= 0 {
		radius = st.FullEffectRadius
	}
	c := color.RGBA{255, 214, 120, 255}
	rad := float32(min(float64(p.px(radius))*(0.6+0.4*n.Age/game.NewsSeconds), 400))
	// a batched feathered ring (ground.go), not a cached image per radius:
	// those, up to 806 px square and one per 4 px of radius, grew
	// Ebitengine's atlas pages to hundreds of MB
	r.addRing(x, y, max(4, rad), 2, withAlpha(c, 0.8*a))
	r.flushLines(dst)
	fillRect(dst, x-3, y-3, 6, 6, withAlpha(c, a))
	drawText(dst, n.Label, r.smallFace, float64(x), float64(y)+8, text.AlignCenter, withAlpha(c, a), true)
}

// drawDots draws every man as a small square of his state's colour (the
// fallen grey): a crowd in one batch of rectangles.
func (r *Renderer) drawDots(dst *ebiten.Image, p projection, men []game.SoldierView) {
	side := max(2, min(6, p.px(120)))
	for _, m := range men {
		x, y := p.at(m.Pos)
		c := StateColor(m.State)
		if !m.Alive {
			c = color.RGBA{120, 120, 120, 200}
		}
		fillRect(dst, x-side/2, y-side/2, side, side, c)
	}
}
