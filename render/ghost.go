package render

import (
	"image"
	"image/color"
	"math"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/game"
)

// The what-if's other future on the timeline (the ghost).
//
// While a what-if runs (game.View.Other), the timeline shows the future
// its view is (solid, as always) and the other one beside it: each
// soldier's morale in the other future as a dashed line in his colour,
// wherever it lies a pixel row or more from his solid line, and the other
// future's state changes as hollow rings on that dashed line (so a ring
// shows how far morale had fallen, not only that a state flipped) wherever
// the future shown has no change of the same soldier to the same state at
// the same sub-tick. Where the two futures agree nothing is drawn. In the
// armies scene the dashed lines are each army's average (the squads' thin
// lines get no dashed twin).
//
// The ghost is drawn from a cached image, like the timeline's own lines:
// redrawn only when a history gains a sample or a state change (four times
// a simulated second at ×1), slid left with the clock in between, as plain
// batched triangles; a frame costs one DrawImage, none when nothing
// differs.

// ghostCache is the ghost's cached layer.
type ghostCache struct {
	img   *ebiten.Image // the plot grown by 4 pixels, as tlPlot
	key   uint64
	t     float64 // the time it was drawn at
	empty bool    // nothing differs: no blit
	label *ebiten.Image
	text  string // label's
	// scratch, reused
	ownSquads, otherSquads []game.SquadView
	soldiers               []game.SoldierView
}

// ghostDash and ghostGap are the dashes of the other future's line, in
// pixels along it; every segment between two samples starts with a dash,
// so the pattern holds still as the plot slides.
const ghostDash, ghostGap = 4, 3

// ghostLabel returns the timeline's note of what the dashed lines are
// while g runs a what-if, "" otherwise.
func ghostLabel(g game.View) string {
	switch _, self := g.Other(); self {
	case game.FutureB:
		return "dashed: future A, the weights before · A: show it"
	case game.FutureA:
		return "showing future A (the weights before) · dashed: B, the new weights · A: back"
	}
	return ""
}

// futureBadge is the HUD's note of which future of a what-if g is (""
// when none runs).
func futureBadge(g game.View) string {
	switch _, self := g.Other(); self {
	case game.FutureA:
		return "  future A: the weights before"
	case game.FutureB:
		return "  future B: the new weights"
	}
	return ""
}

// drawGhost draws the other future of g's what-if (see above) over the
// timeline panel sub, whose plot is plot and whose window ends at now;
// nothing when no what-if runs.
func (r *Renderer) drawGhost(sub *ebiten.Image, plot image.Rectangle, now float64, g game.View) {
	other, _ := g.Other()
	gc := &r.ghost
	if other == nil {
		return
	}
	clip := plot.Inset(-4)
	size := clip.Size()
	key := r.ghostKey(size, g, other)
	if gc.img == nil || gc.key != key || now < gc.t {
		gc.img = clearedLayer(gc.img, size)
		gc.key, gc.t = key, now
		local := image.Rect(4, 4, size.X-4, size.Y-4)
		gc.empty = !r.drawGhostLines(gc.img, local, now, g, other)
	}
	if !gc.empty {
		dx := math.Round(TimelineX(plot, now, gc.t) - TimelineX(plot, gc.t, gc.t))
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(float64(clip.Min.X)+dx, float64(clip.Min.Y))
		sub.SubImage(clip).(*ebiten.Image).DrawImage(gc.img, op)
	}
	r.drawGhostLabel(sub, plot, ghostLabel(g))
}

// ghostLabelGap is the room, in pixels, between the timeline's legend
// and a what-if's label on its title row.
const ghostLabelGap = 12

// ghostLabelW is the width of the sprite drawGhostLabel draws s from (0
// for no label): the timeline's legend keeps clear of it.
func (r *Renderer) ghostLabelW(s string) int {
	switch gc := &r.ghost; {
	case s == "":
		return 0
	case gc.label != nil && gc.text == s:
		return gc.label.Bounds().Dx()
	}
	return int(math.Ceil(textWidth(s, r.smallFace))) + 2
}

// drawGhostLabel draws s right-aligned on the timeline's title row, above
// the plot, from a sprite cached by text; the legend keeps left of it
// (drawTimelineBG).
func (r *Renderer) drawGhostLabel(sub *ebiten.Image, plot image.Rectangle, s string) {
	gc := &r.ghost
	if s == "" {
		return
	}
	if gc.label == nil || gc.text != s {
		if gc.label != nil {
			gc.label.Deallocate()
		}
		gc.label = ebiten.NewImage(r.ghostLabelW(s), 16)
		drawText(gc.label, s, r.smallFace, 1, 1, text.AlignStart, color.RGBA{200, 204, 214, 255}, false)
		gc.text = s
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(plot.Max.X-gc.label.Bounds().Dx()), float64(plot.Min.Y-18))
	sub.DrawImage(gc.label, op)
}

// ghostKey identifies what the ghost layer shows: both futures' samples
// and state changes (their counts, first and last times, last values).
func (r *Renderer) ghostKey(size image.Point, g, other game.View) uint64 {
	var h hasher
	h.word(uint64(size.X)<<32 | uint64(size.Y))
	for _, v := range [2]game.View{g, other} {
		hs := v.History()
		h.word(uint64(hs.Len()))
		for id := 0; id < hs.Len(); id++ {
			ss := hs.Samples(id)
			h.word(uint64(len(ss)))
			if len(ss) > 0 {
				h.float(ss[0].T, ss[len(ss)-1].T, ss[len(ss)-1].Morale)
			}
		}
		cs := hs.Changes()
		h.word(uint64(len(cs)))
		if len(cs) > 0 {
			h.float(cs[0].T, cs[len(cs)-1].T)
		}
	}
	// not the clock: between two samples the slide moves the layer
	return h.sum()
}

// ghostCurve is one line of the ghost: a soldier's (or an army's) samples
// in both futures, and how to draw it.
type ghostCurve struct {
	own, other []game.Sample
	c          color.RGBA
	w          float32
}

// drawGhostLines draws the ghost into dst, whose plot is plot, for a
// window ending at now on g's clock, and reports whether it drew anything.
func (r *Renderer) drawGhostLines(dst *ebiten.Image, plot image.Rectangle, now float64, g, other game.View) bool {
	// the other future's times on g's axis (they differ only after a
	// restart in one of them)
	shift := now - other.Time()
	drew := false
	d := drawerOf(g.Scene())
	for _, c := range d.ghostCurves(r, g, other, drawerOf(other.Scene())) {
		drew = r.addDashed(plot, now, shift, c) || drew
	}
	r.flushLines(dst)
	if d.ghostRings() {
		drew = r.addGhostRings(plot, now, shift, g.History(), other.History()) || drew
		r.flushLines(dst)
	}
	return drew
}

// soldierGhostCurves returns the lines the ghost compares in a scene of
// soldiers: one per soldier (soldiers appends them).
func (r *Renderer) soldierGhostCurves(g, other game.View, soldiers func([]game.SoldierView) []game.SoldierView) []ghostCurve {
	gc := &r.ghost
	var curves []ghostCurve
	gc.soldiers = soldiers(gc.soldiers[:0])
	for _, s := range gc.soldiers {
		w := float32(1.6)
		if s.Leader {
			w = 2.4
		}
		curves = append(curves, ghostCurve{own: g.History().Samples(s.ID), other: other.History().Samples(s.ID), c: SoldierColor(s.ID), w: w})
	}
	return curves
}

// armyGhostCurves returns the lines the ghost compares in the armies: one
// per army (its squads' average), d and od the two futures' drawers.
func (r *Renderer) armyGhostCurves(g, other game.View, d, od sceneDrawer) []ghostCurve {
	gc := &r.ghost
	gc.ownSquads = d.squads(gc.ownSquads[:0])
	gc.otherSquads = od.squads(gc.otherSquads[:0])
	if len(gc.otherSquads) == 0 {
		return nil // the other future is not the armies
	}
	own := armyMeans(gc.ownSquads, g.History())
	oth := armyMeans(gc.otherSquads, other.History())
	var curves []ghostCurve
	for side := range 2 {
		curves = append(curves, ghostCurve{own: own[side], other: oth[side], c: SideColor(side), w: 2.4})
	}
	return curves
}

// armyMeans returns each army's average over its squads' samples (those
// of squads with men, as the armies timeline draws it), sample by sample.
func armyMeans(squads []game.SquadView, h game.Record) [2][]game.Sample {
	var sum [2][]float64
	var ts [2][]float64
	var n [2][]int
	for _, s := range squads {
		ss := h.Samples(s.Index)
		if grow := len(ss) - len(sum[s.Side]); grow > 0 { // align the newest
			sum[s.Side] = append(make([]float64, grow), sum[s.Side]...)
			n[s.Side] = append(make([]int, grow), n[s.Side]...)
			ts[s.Side] = append(make([]float64, grow), ts[s.Side]...)
		}
		off := len(sum[s.Side]) - len(ss)
		for k, smp := range ss {
			if s.Stats.Count > 0 || smp.Morale > 0 {
				sum[s.Side][off+k] += smp.Morale
				n[s.Side][off+k]++
				ts[s.Side][off+k] = smp.T
			}
		}
	}
	var out [2][]game.Sample
	for side := range 2 {
		for k := range sum[side] {
			if n[side][k] > 0 {
				out[side] = append(out[side], game.Sample{T: ts[side][k], Morale: sum[side][k] / float64(n[side][k])})
			}
		}
	}
	return out
}

// sampleAt returns the morale of samples at time t exactly (the futures
// sample at the same times), or false when none is there.
func sampleAt(samples []game.Sample, t float64) (float64, bool) {
	i := sort.Search(len(samples), func(k int) bool { return samples[k].T >= t-1e-9 })
	if i < len(samples) && math.Abs(samples[i].T-t) < 1e-9 {
		return samples[i].Morale, true
	}
	return 0, false
}

// differs reports whether the other future's sample o lies on another
// pixel row than the own future's at the same time (or the own future has
// none there).
func differs(plot image.Rectangle, own []game.Sample, o game.Sample, shift float64) bool {
	m, ok := sampleAt(own, o.T+shift)
	return !ok || TimelineY(plot, m) != TimelineY(plot, o.Morale)
}

// addDashed queues c's other-future line, dashed, on every segment where
// either end differs from the own line, and reports whether it queued any.
func (r *Renderer) addDashed(plot image.Rectangle, now, shift float64, c ghostCurve) bool {
	drew := false
	from := now - game.HistoryWindow
	for k := 1; k < len(c.other); k++ {
		a, b := c.other[k-1], c.other[k]
		if b.T+shift < from || a.T+shift > now {
			continue
		}
		if !differs(plot, c.own, a, shift) && !differs(plot, c.own, b, shift) {
			continue
		}
		x0, y0 := float32(TimelineX(plot, now, a.T+shift)), float32(TimelineY(plot, a.Morale))
		x1, y1 := float32(TimelineX(plot, now, b.T+shift)), float32(TimelineY(plot, b.Morale))
		r.addDashes(x0, y0, x1, y1, c.w, c.c)
		drew = true
	}
	return drew
}

// addDashes queues the segment from (x0, y0) to (x1, y1) as dashes of
// ghostDash pixels with gaps of ghostGap, starting with a dash, each over
// a dark edge.
func (r *Renderer) addDashes(x0, y0, x1, y1, w float32, c color.RGBA) {
	l := float32(math.Hypot(float64(x1-x0), float64(y1-y0)))
	if l == 0 {
		return
	}
	ux, uy := (x1-x0)/l, (y1-y0)/l
	for s := float32(0); s < l; s += ghostDash + ghostGap {
		e := min(l, s+ghostDash)
		ax, ay, bx, by := x0+ux*s, y0+uy*s, x0+ux*e, y0+uy*e
		r.addLine(ax, ay, bx, by, w+1.6, rgba(0, 0, 0, 110))
		r.addLine(ax, ay, bx, by, w, withAlpha(c, 0.95))
	}
}

// addGhostRings queues a hollow ring in the new state's colour for every
// state change of the other future's window that the own future does not
// have (the same soldier to the same state at the same time), on the
// other future's line where it happened, and reports whether it queued
// any.
func (r *Renderer) addGhostRings(plot image.Rectangle, now, shift float64, own, other *game.History) bool {
	drew := false
	owns := own.Changes()
	for _, c := range other.Changes() {
		t := c.T + shift
		if t < now-game.HistoryWindow || t > now {
			continue
		}
		if hasChange(owns, c, shift) {
			continue
		}
		m, ok := moraleAt(other.Samples(c.ID), c.T)
		if !ok {
			continue
		}
		x, y := float32(TimelineX(plot, now, t)), float32(TimelineY(plot, m))
		r.addRing(x, y, 4.5, 3.2, color.RGBA{10, 10, 14, 220})
		r.addRing(x, y, 4.5, 1.6, StateColor(c.To))
		drew = true
	}
	return drew
}

// hasChange reports whether cs holds c (shifted onto cs's clock): the
// same soldier to the same state within half a sub-tick.
func hasChange(cs []game.Change, c game.Change, shift float64) bool {
	for _, o := range cs {
		if o.ID == c.ID && o.To == c.To && math.Abs(o.T-(c.T+shift)) < 0.5/game.SubTicksPerSecond {
			return true
		}
	}
	return false
}
