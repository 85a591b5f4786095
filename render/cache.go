package render

import (
	"image"
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/whyplace"
	"github.com/moralebreak/moralebreak/morale"
)

// Cached images. On a software rasterizer (Mesa llvmpipe under xvfb) every
// anti-aliased path costs a stencil pass and breaks Ebitengine's batching,
// so whatever does not change from frame to frame is drawn once into an
// offscreen image and blitted, and what moves is drawn from cached sprites
// or as plain, batched triangles.

// maxSpriteCache bounds the caches keyed by text (bubbles, HUD plates):
// past it the cache is emptied and refilled with what is still shown.
const maxSpriteCache = 64

// staticKey identifies the static layer of the field: everything that does
// not move during a battle (ground, track, craters, trench, cover, rally).
type staticKey struct {
	vp      game.Viewport
	rally   morale.Vec2
	cover   uint64 // hash of the cover rectangles
	enemies uint64 // hash of the enemy positions (the trench follows them)
}

// drawStatic draws the field's static layer (ground, enemy trench, rally
// ring and flag, cover) into dst, whose bounds are the viewport's clip
// rectangle, rebuilding the cached layer when any of its inputs changes.
func (r *Renderer) drawStatic(dst *ebiten.Image, vp game.Viewport, field morale.Vec2, op *game.Opening, enemies []game.EnemyView) {
	clip := dst.Bounds()
	var hc, he hasher
	for _, c := range op.Cover() {
		hc.float(c.Min.X, c.Min.Y, c.Max.X, c.Max.Y)
	}
	for _, e := range enemies {
		he.float(e.Pos.X, e.Pos.Y)
	}
	key := staticKey{vp: vp, rally: op.RallyPoint(), cover: hc.sum(), enemies: he.sum()}
	if r.static == nil || r.staticKey != key || r.static.Bounds().Size() != clip.Size() {
		if r.static != nil {
			r.static.Deallocate()
		}
		img, p := r.groundLayer(vp, field, clip)
		r.drawEnemyLine(img, p, enemies)
		r.drawRally(img, p, op.RallyPoint())
		for _, c := range op.Cover() {
			r.drawCover(img, p, c)
		}
		r.static, r.staticKey = img, key
		r.staticOpaque = p.rect.Intersect(img.Bounds())
	}
	// The ground makes the layer opaque inside its rectangle: copied there
	// (the same pixels as a blend, without reading the screen's back), and
	// blended only on the edge pixels around it.
	in := r.staticOpaque
	all := r.static.Bounds()
	for _, part := range [...]struct {
		rc    image.Rectangle
		blend ebiten.Blend
	}{
		{in, ebiten.BlendCopy},
		{image.Rect(all.Min.X, all.Min.Y, all.Max.X, in.Min.Y), ebiten.BlendSourceOver}, // above
		{image.Rect(all.Min.X, in.Max.Y, all.Max.X, all.Max.Y), ebiten.BlendSourceOver}, // below
		{image.Rect(all.Min.X, in.Min.Y, in.Min.X, in.Max.Y), ebiten.BlendSourceOver},   // left
		{image.Rect(in.Max.X, in.Min.Y, all.Max.X, in.Max.Y), ebiten.BlendSourceOver},   // right
	} {
		if part.rc.Empty() {
			continue
		}
		op := &ebiten.DrawImageOptions{Blend: part.blend}
		op.GeoM.Translate(float64(clip.Min.X+part.rc.Min.X), float64(clip.Min.Y+part.rc.Min.Y))
		dst.DrawImage(r.static.SubImage(part.rc).(*ebiten.Image), op)
	}
}

// groundLayer returns a new image of clip's size with the field's ground
// drawn into it as vp shows it, shifted by whole pixels so that the image
// goes at clip.Min, and the projection into the image.
func (r *Renderer) groundLayer(vp game.Viewport, field morale.Vec2, clip image.Rectangle) (*ebiten.Image, projection) {
	img := newLayer(clip.Dx(), clip.Dy())
	lvp := vp
	lvp.X -= float64(clip.Min.X)
	lvp.Y -= float64(clip.Min.Y)
	p := newProjection(lvp, field)
	if rc := p.rect; rc.Dx() > 0 && rc.Dy() > 0 {
		ground := r.buildGround(rc.Dx(), rc.Dy(), p.scale)
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(float64(rc.Min.X), float64(rc.Min.Y))
		img.DrawImage(ground, op)
		ground.Deallocate()
	}
	return img, p
}

// newLayer returns a new w×h image for a cached layer (the field's static
// layer, the timeline's, the Why panel's): an image of its own, never put
// on one of Ebitengine's atlases (ebiten.NewImageOptions.Unmanaged). A
// large image that is redrawn now and then makes the atlas page it lives
// on grow (pages double up to the driver's largest texture, 16384² under
// Mesa's llvmpipe) and stay grown; its own texture is its own size and
// goes when it is deallocated.
func newLayer(w, h int) *ebiten.Image {
	return ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
}

// clearedLayer returns img cleared when it is size already, else a new
// layer of size (newLayer), deallocating img; img may be nil.
func clearedLayer(img *ebiten.Image, size image.Point) *ebiten.Image {
	if img != nil && img.Bounds().Size() == size {
		img.Clear()
		return img
	}
	if img != nil {
		img.Deallocate()
	}
	return newLayer(size.X, size.Y)
}

// hasher is FNV-1a over 64-bit words, for cache keys.
type hasher uint64

func (h *hasher) word(v uint64) {
	if *h == 0 {
		*h = 14695981039346656037
	}
	for i := 0; i < 8; i++ {
		*h ^= hasher(v & 0xff)
		*h *= 1099511628211
		v >>= 8
	}
}

func (h *hasher) float(vs ...float64) {
	for _, v := range vs {
		h.word(math.Float64bits(v))
	}
}

func (h *hasher) str(s string) {
	h.word(uint64(len(s)))
	for i := 0; i < len(s); i++ {
		h.word(uint64(s[i]))
	}
}

func (h *hasher) sum() uint64 { return uint64(*h) }

// whiteImage is a small opaque white image, the source of the batched
// triangles (feathered lines).
func (r *Renderer) whiteImage() *ebiten.Image {
	if r.white == nil {
		r.white = ebiten.NewImage(3, 3)
		r.white.Fill(color.White)
	}
	return r.white
}

// addLine queues a straight line of width w from (x0, y0) to (x1, y1) in
// colour c (premultiplied), its long edges feathered over one pixel so it
// looks anti-aliased. Queued lines are drawn together by flushLines, in one
// batched draw instead of one anti-aliased path each.
func (r *Renderer) addLine(x0, y0, x1, y1, w float32, c color.RGBA) {
	dx, dy := x1-x0, y1-y0
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 || w <= 0 || c.A == 0 {
		return
	}
	nx, ny := -dy/l, dx/l
	inner, outer := w/2-0.5, w/2+0.5
	k := float32(1) // a line thinner than a pixel is fainter
	if inner < 0 {
		k, inner = w, 0
	}
	cr, cg, cb, ca := float32(c.R)/255*k, float32(c.G)/255*k, float32(c.B)/255*k, float32(c.A)/255*k
	base := uint32(len(r.lineVs))
	for _, end := range [2][2]float32{{x0, y0}, {x1, y1}} {
		for _, o := range [4]float32{-outer, -inner, inner, outer} {
			v := ebiten.Vertex{DstX: end[0] + nx*o, DstY: end[1] + ny*o, SrcX: 1.5, SrcY: 1.5}
			if o == inner || o == -inner {
				v.ColorR, v.ColorG, v.ColorB, v.ColorA = cr, cg, cb, ca
			}
			r.lineVs = append(r.lineVs, v)
		}
	}
	for i := uint32(0); i < 3; i++ {
		a, b := base+i, base+i+1 // at the start
		c, d := a+4, b+4         // at the end
		r.lineIs = append(r.lineIs, a, b, c, b, d, c)
	}
}

// flushLines draws the lines queued by addLine onto dst.
func (r *Renderer) flushLines(dst *ebiten.Image) {
	if len(r.lineIs) > 0 {
		op := &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
		dst.DrawTriangles32(r.lineVs, r.lineIs, r.whiteImage(), op)
	}
	r.lineVs, r.lineIs = r.lineVs[:0], r.lineIs[:0]
}

// drawHUDPlate draws the HUD's rounded dark plate w pixels wide at (x, y),
// from a cache by width.
func (r *Renderer) drawHUDPlate(dst *ebiten.Image, x, y, w float32) {
	k := int(math.Ceil(float64(w)))
	img, ok := r.hudPlates[k]
	if !ok {
		if r.hudPlates == nil || len(r.hudPlates) >= maxSpriteCache {
			deallocateAll(r.hudPlates)
			r.hudPlates = map[int]*ebiten.Image{}
		}
		img = ebiten.NewImage(k+2, whyplace.HUDPlate)
		fillRoundRect(img, 1, 1, w, whyplace.HUDPlate-2, 4, rgba(16, 18, 24, 180))
		r.hudPlates[k] = img
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(x)-1, float64(y)-1)
	dst.DrawImage(img, op)
}

type bubbleKey struct {
	s     string
	w, h  float32
	frac  float32 // the fractional parts of the bubble's centre and bottom
	fracY float32
}

// drawCachedBubble draws the speech bubble of drawBubble from a cache by
// text and size, faded by alpha.
func (r *Renderer) drawCachedBubble(dst *ebiten.Image, s string, x, bottom, w, h float32, alpha float64) {
	ix := float32(math.Floor(float64(x)))
	iy := float32(math.Floor(float64(bottom)))
	k := bubbleKey{s: s, w: w, h: h, frac: x - ix, fracY: bottom - iy}
	img, ok := r.bubbles[k]
	// the sprite's origin: the bubble's centre-bottom sits at (ox+frac, oy+fracY)
	ox, oy := float32(math.Ceil(float64(w/2)))+4, float32(math.Ceil(float64(h)))+4
	if !ok {
		if r.bubbles == nil || len(r.bubbles) >= maxSpriteCache {
			deallocateAll(r.bubbles)
			r.bubbles = map[bubbleKey]*ebiten.Image{}
		}
		img = ebiten.NewImage(int(2*ox)+2, int(oy)+10)
		r.drawBubble(img, s, ox+k.frac, oy+k.fracY, w, h, 1)
		r.bubbles[k] = img
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(ix-ox), float64(iy-oy))
	op.ColorScale.ScaleAlpha(float32(alpha))
	dst.DrawImage(img, op)
}

func deallocateAll[K comparable](m map[K]*ebiten.Image) {
	for _, img := range m {
		img.Deallocate()
	}
}

// compactBarW and compactBarH are the size of a soldier's bar in a crowd.
const compactBarW, compactBarH = 36, 5

type compactKey struct {
	size  image.Point
	marks [4]float64
	fill  int // filled columns
	state morale.State
}

// drawCompactBar draws DrawBar(dst, bar, value, st, s) for a crowd's small
// bar from a sprite cached by state, filled columns and marks, so a crowd
// draws with one DrawImage per man.
func (r *Renderer) drawCompactBar(dst *ebiten.Image, bar image.Rectangle, value float64, st morale.State, s morale.Settings) {
	var marks [4]float64
	for i, m := range BarMarks(s) {
		marks[i] = m.Value
	}
	local := image.Rect(1, BarOverhang, 1+bar.Dx(), BarOverhang+bar.Dy())
	fill := -1
	if value > 0 {
		fill = MarkX(local, value)
	}
	k := compactKey{size: bar.Size(), marks: marks, fill: fill, state: st}
	if r.compactMarks != marks {
		deallocateAll(r.compactBars)
		r.compactBars = nil
		r.compactMarks = marks
	}
	img, ok := r.compactBars[k]
	if !ok {
		if r.compactBars == nil {
			r.compactBars = map[compactKey]*ebiten.Image{}
		}
		img = ebiten.NewImage(bar.Dx()+2, bar.Dy()+2*BarOverhang)
		DrawBar(img, local, value, st, s)
		r.compactBars[k] = img
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(bar.Min.X-1), float64(bar.Min.Y-BarOverhang))
	dst.DrawImage(img, op)
}

// timelineBGKey identifies the timeline's still background: panel, title,
// state zones, bands and legend.
type timelineBGKey struct {
	size     image.Point
	marks    [4]float64
	legend   uint64
	backdrop color.RGBA
	opaque   bool
	ghostW   int // the what-if label's width, kept clear of the legend
}

// timelinePlotKey identifies the drawn lines and markers of the timeline:
// they change only with a new sample, a state change, or a soldier's death.
type timelinePlotKey struct {
	size     image.Point
	soldiers uint64
}

// addDisc queues a filled circle (not anti-aliased, like vector.FillCircle
// without antialias) of radius rad at (cx, cy) in colour c (premultiplied),
// drawn with the lines by flushLines.
func (r *Renderer) addDisc(cx, cy, rad float32, c color.RGBA) {
	n := int(math.Ceil(math.Pi * float64(rad)))
	if !(rad > 0) || n < 3 || c.A == 0 {
		return
	}
	n = min(n, 256)
	cr, cg, cb, ca := float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, float32(c.A)/255
	base := uint32(len(r.lineVs))
	for i := 0; i < n; i++ {
		sin, cos := math.Sincos(float64(i) * 2 * math.Pi / float64(n))
		r.lineVs = append(r.lineVs, ebiten.Vertex{
			DstX: cx + rad*float32(cos), DstY: cy + rad*float32(sin), SrcX: 1.5, SrcY: 1.5,
			ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca,
		})
		if i > 1 {
			r.lineIs = append(r.lineIs, base, base+uint32(i-1), base+uint32(i))
		}
	}
}

type crossKey struct {
	d      float32
	qx, qy int8 // the centre's fraction of a pixel, in quarters
}

// drawCross draws the fallen soldier's grey cross with half-size d centred
// on (cx, cy), from anti-aliased sprites cached by size and quarter-pixel
// offset.
func (r *Renderer) drawCross(dst *ebiten.Image, cx, cy, d float32, c color.RGBA) {
	// to the nearest quarter pixel
	qx, qy := math.Round(float64(cx)*4), math.Round(float64(cy)*4)
	fx, fy := math.Floor(qx/4), math.Floor(qy/4)
	k := crossKey{d: d, qx: int8(qx - 4*fx), qy: int8(qy - 4*fy)}
	img, ok := r.crosses[k]
	o := float32(math.Ceil(float64(d))) + 3 // the sprite's centre pixel
	if !ok {
		if r.crosses == nil || len(r.crosses) >= maxSpriteCache {
			deallocateAll(r.crosses)
			r.crosses = map[crossKey]*ebiten.Image{}
		}
		s := int(2*o) + 2
		img = ebiten.NewImage(s, s)
		x, y := o+float32(k.qx)/4, o+float32(k.qy)/4
		vector.StrokeLine(img, x-d, y-d, x+d, y+d, 2.5, color.RGBA{30, 30, 30, 200}, true)
		vector.StrokeLine(img, x-d, y+d, x+d, y-d, 2.5, color.RGBA{30, 30, 30, 200}, true)
		vector.StrokeLine(img, x-d, y-d, x+d, y+d, 1.4, c, true)
		vector.StrokeLine(img, x-d, y+d, x+d, y-d, 1.4, c, true)
		r.crosses[k] = img
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(fx-float64(o), fy-float64(o))
	dst.DrawImage(img, op)
}

// crowdBars places a crowd's small bars so that none covers another or a
// man's body (declutter): each man's bar goes above him, else to his
// right, left or below, whichever is free first; a man with no free place
// gets none (his Why panel, on selection, has his numbers). The broken
// are placed first, then the Shaken, then the Steady, so that a bar a
// crowd has no room for is a steady man's.
type crowdBars struct {
	bodies []image.Rectangle
	order  []int
	bars   []crowdBar
}

// crowdBar is man i's bar, at r.
type crowdBar struct {
	i int
	r image.Rectangle
}

// place lays out the bars of soldiers' living men for a frame of
// projection p, the men unit pixels across.
func (c *crowdBars) place(p projection, soldiers []game.SoldierView, unit float64) {
	c.bodies, c.order, c.bars = c.bodies[:0], c.order[:0], c.bars[:0]
	body := int(unit * 0.5)
	for i, s := range soldiers {
		if s.Alive {
			x, y := p.at(s.Pos)
			c.bodies = append(c.bodies, image.Rect(int(x)-body/2, int(y)-body/2, int(x)-body/2+body, int(y)-body/2+body))
			c.order = append(c.order, i)
		}
	}
	rank := func(st morale.State) int {
		switch st {
		case morale.Routed, morale.Panicked:
			return 0
		case morale.Shaken:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(c.order, func(a, b int) int { return rank(soldiers[a].State) - rank(soldiers[b].State) })
	w, h, lift := compactBarW, compactBarH, int(unit*0.6)
	for _, i := range c.order {
		x, y := p.at(soldiers[i].Pos)
		cx, cy := int(x), int(y)
		for _, r := range [4]image.Rectangle{
			image.Rect(cx-w/2, cy-lift-h, cx-w/2+w, cy-lift),         // above
			image.Rect(cx+body/2+3, cy-h/2, cx+body/2+3+w, cy-h/2+h), // right
			image.Rect(cx-body/2-3-w, cy-h/2, cx-body/2-3, cy-h/2+h), // left
			image.Rect(cx-w/2, cy+body/2+3, cx-w/2+w, cy+body/2+3+h), // below
		} {
			if c.free(r) {
				c.bars = append(c.bars, crowdBar{i: i, r: r})
				break
			}
		}
	}
}

// free reports whether r, with a pixel around it, covers no bar placed
// and no man's body.
func (c *crowdBars) free(r image.Rectangle) bool {
	g := r.Inset(-1)
	for _, b := range c.bars {
		if g.Overlaps(b.r) {
			return false
		}
	}
	for _, b := range c.bodies {
		if g.Overlaps(b) {
			return false
		}
	}
	return true
}
