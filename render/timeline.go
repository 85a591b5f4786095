package render

import (
	"cmp"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// Timeline layout, in pixels: the plot sits inside the panel rectangle with
// these margins (room for the title and legend above, morale labels on the
// left, time labels below).
const (
	timelineLeft   = 40
	timelineRight  = 12
	timelineTop    = 28
	timelineBottom = 20
)

// TimelinePlot returns the plot area of a timeline drawn into panel r: the
// rectangle whose left edge is HistoryWindow seconds ago, right edge now,
// bottom morale 0 and top morale 1.
func TimelinePlot(r image.Rectangle) image.Rectangle {
	p := image.Rect(r.Min.X+timelineLeft, r.Min.Y+timelineTop, r.Max.X-timelineRight, r.Max.Y-timelineBottom)
	if p.Dx() < 1 || p.Dy() < 1 {
		return image.Rectangle{Min: p.Min, Max: p.Min}
	}
	return p
}

// TimelineX returns the x of simulated time t on plot when the window ends
// at now: plot.Min.X for now-game.HistoryWindow, plot.Max.X-1 for now.
func TimelineX(plot image.Rectangle, now, t float64) float64 {
	return float64(plot.Min.X) + (t-(now-game.HistoryWindow))/game.HistoryWindow*float64(plot.Dx()-1)
}

// TimelineY returns the pixel row of morale m on plot: plot.Max.Y-1 for 0,
// plot.Min.Y for 1, rounded; m is clamped to 0..1.
func TimelineY(plot image.Rectangle, m float64) int {
	return plot.Max.Y - 1 - int(math.Round(clamp01(m)*float64(plot.Dy()-1)))
}

// timelineWindow is what LayoutTimeline set for the timeline to show.
type timelineWindow struct {
	set       bool
	end       float64     // the window's right edge, battle time
	cursor    float64     // the rewind cursor, battle time, when hasCursor
	hasCursor bool        //
	src       game.Record // what to draw; nil: the View's History
}

// LayoutTimeline sets what the next DrawTimeline shows: the
// game.HistoryWindow seconds ending at battle time end, from src (nil: the
// View's own History, which holds only the last HistoryWindow seconds),
// with, when hasCursor, the rewind cursor at battle time cursor: a line
// and its time, the recorded future after it dimmed. Call it from Update;
// a Renderer never laid out shows the View's last HistoryWindow seconds.
func (r *Renderer) LayoutTimeline(end, cursor float64, hasCursor bool, src game.Record) {
	r.tlWin = timelineWindow{set: true, end: end, cursor: cursor, hasCursor: hasCursor, src: src}
}

// timelineNow returns the window's right edge and the record to draw for
// view g, as LayoutTimeline set them.
func (r *Renderer) timelineNow(g game.View) (float64, game.Record) {
	w := r.tlWin
	if !w.set {
		return g.Time(), g.History()
	}
	if w.src == nil {
		return w.end, g.History()
	}
	return w.end, w.src
}

// inWindow returns the samples of ss that a window ending at now draws:
// from the last one before its left edge to the first one after its
// right edge, so that lines reach both edges.
func inWindow(ss []game.Sample, now float64) []game.Sample {
	lo := sort.Search(len(ss), func(i int) bool { return ss[i].T >= now-game.HistoryWindow })
	hi := sort.Search(len(ss), func(i int) bool { return ss[i].T > now })
	return ss[max(0, lo-1):min(len(ss), hi+1)]
}

// changesIn returns the changes of cs inside a window ending at now.
func changesIn(cs []game.Change, now float64) []game.Change {
	lo := sort.Search(len(cs), func(i int) bool { return cs[i].T >= now-game.HistoryWindow })
	hi := sort.Search(len(cs), func(i int) bool { return cs[i].T > now })
	return cs[lo:max(lo, hi)]
}

// DrawTimeline draws into r on dst every soldier's morale over the last
// game.HistoryWindow seconds (or the window LayoutTimeline set) as a line
// in his SoldierColor, over the state
// zones and the threshold lines of the live settings (ShakenBelow and
// PanicBelow solid, the tops of their hysteresis bands dashed), with a
// marker in the new state's colour at every state change and time labels
// every five seconds. Squads larger than CompactAbove are drawn as their
// lowest-to-highest envelope and average instead of one line per man; a
// lab fight as one band per squad (drawFightTimeline), the armies as one
// line per squad (drawArmiesTimeline). It only reads g. With SetTimelineBackdrop it covers all of r opaquely.
func (r *Renderer) DrawTimeline(dst *ebiten.Image, rect image.Rectangle, g game.View) {
	if rect.Dx() < 80 || rect.Dy() < 60 {
		if r.hasBackdrop && !rect.Empty() {
			dst.SubImage(rect).(*ebiten.Image).Fill(r.backdrop)
		}
		return
	}
	sub := dst.SubImage(rect).(*ebiten.Image)
	plot := TimelinePlot(rect)
	now, h := r.timelineNow(g)
	st := g.Settings()
	r.tlSoldiers = appendSoldiers(r.tlSoldiers[:0], g)
	soldiers := r.tlSoldiers
	marks := BarMarks(st)

	// The panel, zones, bands, threshold labels and legend change only
	// with the settings or the squad: drawn once into a cached image.
	d := drawerOf(g.Scene())
	r.drawTimelineBG(sub, rect, marks, soldiers, d, r.ghostLabelW(ghostLabel(g)))

	// time grid and labels every 5 s: they scroll with every tick
	px0, pw := float32(plot.Min.X), float32(plot.Dx())
	for t := math.Ceil((now-game.HistoryWindow)/5) * 5; t <= now+1e-9; t += 5 {
		if t < 0 {
			continue
		}
		x := float32(math.Round(TimelineX(plot, now, t)))
		fillRect(sub, x, float32(plot.Min.Y), 1, float32(plot.Dy()), rgba(255, 255, 255, 22))
		drawText(sub, axisLabel(t), r.smallFace, float64(x), float64(plot.Max.Y+3), text.AlignCenter, color.RGBA{170, 176, 190, 255}, false)
	}
	for _, m := range marks {
		y := float32(TimelineY(plot, m.Value))
		c := MarkColor(m.Kind)
		if m.Kind.IsBand() {
			for x := px0; x < px0+pw; x += 8 {
				fillRect(sub, x, y, min(4, px0+pw-x), 1, withAlpha(c, 0.8))
			}
		} else {
			fillRect(sub, px0, y, pw, 1, withAlpha(c, 0.7))
		}
	}
	// the frame as four thin rectangles: a stroked path would cost the
	// software renderer a stencil pass over the whole plot every frame
	frame, py0, ph := rgba(255, 255, 255, 60), float32(plot.Min.Y), float32(plot.Dy())
	fillRect(sub, px0-1, py0-1, pw+2, 1, frame)
	fillRect(sub, px0-1, py0+ph, pw+2, 1, frame)
	fillRect(sub, px0-1, py0, 1, ph, frame)
	fillRect(sub, px0+pw, py0, 1, ph, frame)

	// The lines and markers change only with a new sample, a state change
	// or a death: drawn into a cached image at the time of its last change
	// and slid left as time runs on.
	clip := plot.Inset(-4)
	plotImg := sub.SubImage(clip).(*ebiten.Image)
	if !d.timeline(r, sub, rect, clip.Size(), now, g, h) { // the armies': armies_timeline.go; a lab fight's: fight_timeline.go
		r.updateTimelinePlot(clip.Size(), now, soldiers, h)
	}
	dx := math.Round(TimelineX(plot, now, r.tlPlotT) - TimelineX(plot, r.tlPlotT, r.tlPlotT))
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(clip.Min.X)+dx, float64(clip.Min.Y))
	plotImg.DrawImage(r.tlPlot, op)
	r.drawGhost(sub, plot, now, g) // ghost.go
	if w := r.tlWin; w.set && w.hasCursor {
		r.drawCursor(sub, plot, now, w.cursor)
	}
}

// drawCursor draws the rewind cursor at battle time t on a plot whose
// window ends at now: the recorded future right of it dimmed, a line, and
// its time in a tag at the top.
func (r *Renderer) drawCursor(dst *ebiten.Image, plot image.Rectangle, now, t float64) {
	x := float32(math.Round(TimelineX(plot, now, t)))
	px1, py0, ph := float32(plot.Max.X), float32(plot.Min.Y), float32(plot.Dy())
	if x < px1 {
		fillRect(dst, x, py0, px1-x, ph, rgba(0, 0, 0, 110))
	}
	fillRect(dst, x-1, py0, 3, ph, rgba(0, 0, 0, 160))
	fillRect(dst, x, py0, 1, ph, color.RGBA{255, 214, 90, 255})
	label := fmt.Sprintf("%.2f s", t)
	w := float32(textWidth(label, r.smallFace)) + 10
	lx := min(max(x-w/2, float32(plot.Min.X)), px1-w)
	fillRect(dst, lx, py0+2, w, 16, color.RGBA{255, 214, 90, 235})
	drawText(dst, label, r.smallFace, float64(lx+5), float64(py0+3), text.AlignStart, color.RGBA{20, 20, 24, 255}, false)
}

// drawTimelineBG draws the timeline's panel, title, state zones, bands,
// the thresholds' names and values and the legend (the scene's, by d)
// into rect on dst from a cached image. The
// legend keeps off the right end of the title row, where a what-if's
// label of width ghostW (0: none) goes (drawGhostLabel).
func (r *Renderer) drawTimelineBG(dst *ebiten.Image, rect image.Rectangle, marks []Mark, soldiers []game.SoldierView, d sceneDrawer, ghostW int) {
	key := timelineBGKey{size: rect.Size(), legend: d.legendHash(r, soldiers), backdrop: r.backdrop, opaque: r.hasBackdrop, ghostW: ghostW}
	for i, m := range marks {
		key.marks[i] = m.Value
	}
	if r.tlBG == nil || r.tlBGKey != key {
		if r.tlBG != nil {
			r.tlBG.Deallocate()
		}
		img := newLayer(rect.Dx(), rect.Dy())
		local := image.Rectangle{Max: rect.Size()}
		plot := TimelinePlot(local)
		fillRoundRect(img, 0, 0, float32(local.Dx()), float32(local.Dy()), 6, rgba(18, 20, 26, 235))
		drawText(img, "Morale — last 30 s", r.titleFace, 10, 6, text.AlignStart, color.RGBA{235, 238, 245, 255}, false)
		px0, pw := float32(plot.Min.X), float32(plot.Dx())
		zone := func(lo, hi float64, c color.RGBA) {
			y0, y1 := TimelineY(plot, hi), TimelineY(plot, lo)
			fillRect(img, px0, float32(y0), pw, float32(y1-y0+1), withAlpha(c, 0.10))
		}
		// marks hold the clamped thresholds: [0] PanicBelow, [2] ShakenBelow
		zone(marks[2].Value, 1, StateColor(morale.Steady))
		zone(marks[0].Value, marks[2].Value, StateColor(morale.Shaken))
		zone(0, marks[0].Value, StateColor(morale.Panicked))
		for i := 0; i+1 < len(marks); i += 2 {
			y0, y1 := TimelineY(plot, marks[i+1].Value), TimelineY(plot, marks[i].Value)
			if y1 > y0 {
				fillRect(img, px0, float32(y0), pw, float32(y1-y0), withAlpha(MarkColor(MarkPanicBand), 0.08))
			}
		}
		// each threshold named, at the plot's left, just over its line;
		// close lines share a label, their names in their colours
		for _, l := range nameLabels(plot, marks, r.labelH()) {
			x := float64(px0) + 4
			for k, i := range l.marks {
				if k > 0 {
					drawText(img, nameSep, r.smallFace, x, l.top, text.AlignStart, rgba(170, 176, 190, 150), false)
					x += textWidth(nameSep, r.smallFace)
				}
				m := marks[i]
				drawText(img, m.Kind.String(), r.smallFace, x, l.top, text.AlignStart, withAlpha(MarkColor(m.Kind), 0.6), false)
				x += textWidth(m.Kind.String(), r.smallFace)
			}
		}
		// each line's value at its left, centred on it, moved apart from a
		// close neighbour's
		tops := valueLabelTops(nil, plot, marks, r.labelH())
		fits := func(l string) bool { return textWidth(l, r.smallFace) <= float64(plot.Min.X-4-2) }
		for i, m := range marks {
			if !math.IsNaN(tops[i]) { // else printed once, for an earlier mark
				drawText(img, valueLabel(m.Value, fits), r.smallFace, float64(plot.Min.X-4), tops[i], text.AlignEnd, withAlpha(MarkColor(m.Kind), 0.95), false)
			}
		}
		// the legend sits above the plot, left of a what-if's label:
		// nothing drawn later overlaps it (a legend ends 10 px inside the
		// rectangle it is given)
		legend := local
		if ghostW > 0 {
			legend.Max.X = min(legend.Max.X, plot.Max.X-ghostW-ghostLabelGap+10)
		}
		d.drawLegend(r, img, legend, soldiers)
		if r.hasBackdrop {
			// the panel over the backdrop, as it would be drawn over a
			// rectangle filled with it: the same pixels, now opaque
			under := newLayer(rect.Dx(), rect.Dy())
			under.Fill(r.backdrop)
			under.DrawImage(img, nil)
			img.Deallocate()
			img = under
		}
		r.tlBG, r.tlBGKey = img, key
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(rect.Min.X), float64(rect.Min.Y))
	if r.hasBackdrop {
		op.Blend = ebiten.BlendCopy // opaque: a copy equals the source-over
	}
	dst.DrawImage(r.tlBG, op)
}

// legendHash identifies what the legend shows of the soldiers.
func legendHash(soldiers []game.SoldierView) uint64 {
	var h hasher
	h.word(uint64(len(soldiers)))
	if len(soldiers) > CompactAbove {
		return h.sum()
	}
	for _, s := range soldiers {
		h.word(uint64(s.ID))
		h.str(s.Name)
		if s.Alive {
			h.word(1)
		}
	}
	return h.sum()
}

// samples adds to h what a plot line of samples ss shows at a glance: how
// many there are and their first and last times.
func (h *hasher) samples(ss []game.Sample) {
	h.word(uint64(len(ss)))
	if len(ss) > 0 {
		h.float(ss[0].T, ss[len(ss)-1].T)
	}
}

// changes adds to h how many changes cs holds and their first and last
// times.
func (h *hasher) changes(cs []game.Change) {
	h.word(uint64(len(cs)))
	if len(cs) > 0 {
		h.float(cs[0].T, cs[len(cs)-1].T)
	}
}

// stalePlot reports whether the cached plot image (r.tlPlot) must be
// redrawn for a plot of size whose content hashes to sum at time now (a
// window that went back in time, too); when it must, it clears it (or
// makes one of size) and records sum and now.
func (r *Renderer) stalePlot(size image.Point, sum uint64, now float64) bool {
	key := timelinePlotKey{size: size, soldiers: sum}
	if r.tlPlot != nil && r.tlPlotKey == key && now >= r.tlPlotT {
		return false
	}
	r.tlPlot = clearedLayer(r.tlPlot, size)
	r.tlPlotKey, r.tlPlotT = key, now
	return true
}

// updateTimelinePlot redraws the cached lines and markers, in an image of
// size the plot grown by 4 pixels, when the record or the squad changed.
func (r *Renderer) updateTimelinePlot(size image.Point, now float64, soldiers []game.SoldierView, h game.Record) {
	var hs hasher
	compact := len(soldiers) > CompactAbove
	hs.word(uint64(len(soldiers)))
	for _, s := range soldiers {
		hs.word(uint64(s.ID))
		hs.samples(inWindow(h.Samples(s.ID), now))
		var flags uint64
		if s.Alive {
			flags |= 1
		}
		if s.Leader {
			flags |= 2
		}
		hs.word(flags)
	}
	if !compact {
		hs.changes(changesIn(h.Changes(), now))
	}
	if !r.stalePlot(size, hs.sum(), now) {
		return
	}
	// the plot in the image's coordinates: 4 pixels in from its edges
	plot := image.Rect(4, 4, size.X-4, size.Y-4)
	dst := r.tlPlot
	if compact {
		r.drawEnvelope(dst, plot, now, soldiers, h)
		return
	}
	for _, s := range soldiers {
		r.drawLine(dst, plot, now, inWindow(h.Samples(s.ID), now), SoldierColor(s.ID), s.Alive, s.Leader)
	}
	for _, c := range changesIn(h.Changes(), now) {
		t := c.T
		m, ok := moraleAt(inWindow(h.Samples(c.ID), now), t)
		if !ok {
			continue
		}
		x, y := float32(TimelineX(plot, now, t)), float32(TimelineY(plot, m))
		// feathered triangles (ground.go), not vector's anti-aliased
		// paths: those cost 400 000 vertex floats a redraw
		r.addFeatheredDisc(x, y, 4.5, color.RGBA{10, 10, 14, 255})
		r.addFeatheredDisc(x, y, 3.2, StateColor(c.To))
	}
	r.flushLines(dst)
}

// drawLine strokes one soldier's samples, as batched feathered segments
// (addLine, flushLines): a stroked path would cost the software renderer
// stencil passes over the whole plot for every line.
func (r *Renderer) drawLine(dst *ebiten.Image, plot image.Rectangle, now float64, samples []game.Sample, c color.RGBA, alive, leader bool) {
	if len(samples) < 2 {
		return
	}
	w := float32(1.6)
	if leader {
		w = 2.4
	}
	if !alive {
		c = withAlpha(c, 0.45)
	}
	for pass, k := range [2]float32{w + 1.6, w} {
		lc := c
		if pass == 0 {
			lc = rgba(0, 0, 0, 120)
		}
		px, py := float32(TimelineX(plot, now, samples[0].T)), float32(TimelineY(plot, samples[0].Morale))
		for _, s := range samples[1:] {
			x, y := float32(TimelineX(plot, now, s.T)), float32(TimelineY(plot, s.Morale))
			r.addLine(px, py, x, y, k, lc)
			px, py = x, y
		}
		r.flushLines(dst)
	}
}

// drawEnvelope draws a crowd's lowest-to-highest morale band and its
// average, sample by sample from the newest back.
func (r *Renderer) drawEnvelope(dst *ebiten.Image, plot image.Rectangle, now float64, soldiers []game.SoldierView, h game.Record) {
	n := 0
	for _, s := range soldiers {
		n = max(n, len(inWindow(h.Samples(s.ID), now)))
	}
	if n < 2 {
		return
	}
	lo, hi, sum, cnt, ts := make([]float64, n), make([]float64, n), make([]float64, n), make([]int, n), make([]float64, n)
	for i := range lo {
		lo[i], hi[i] = math.Inf(1), math.Inf(-1)
	}
	for _, s := range soldiers {
		if !s.Alive {
			continue
		}
		ss := inWindow(h.Samples(s.ID), now)
		for k := range ss {
			i := n - len(ss) + k // align newest samples
			m := ss[k].Morale
			lo[i], hi[i] = math.Min(lo[i], m), math.Max(hi[i], m)
			sum[i] += m
			cnt[i]++
			ts[i] = ss[k].T
		}
	}
	// The band is a strip of triangles between the highest and the lowest
	// sample, the average batched segments: filled or stroked paths would
	// cost the software renderer stencil passes over the whole plot.
	bc := withAlpha(SoldierColor(0), 0.30)
	cr, cg, cb, ca := float32(bc.R)/255, float32(bc.G)/255, float32(bc.B)/255, float32(bc.A)/255
	prev := -1
	for i := 0; i < n; i++ {
		if cnt[i] == 0 {
			continue
		}
		x := float32(TimelineX(plot, now, ts[i]))
		base := uint32(len(r.lineVs))
		for _, m := range [2]float64{hi[i], lo[i]} {
			r.lineVs = append(r.lineVs, ebiten.Vertex{DstX: x, DstY: float32(TimelineY(plot, m)), SrcX: 1.5, SrcY: 1.5,
				ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca})
		}
		if prev >= 0 {
			r.lineIs = append(r.lineIs, base-2, base-1, base, base-1, base+1, base)
		}
		prev = i
	}
	r.flushLines(dst)
	px, py, have := float32(0), float32(0), false
	for i := 0; i < n; i++ {
		if cnt[i] == 0 {
			continue
		}
		x, y := float32(TimelineX(plot, now, ts[i])), float32(TimelineY(plot, sum[i]/float64(cnt[i])))
		if have {
			r.addLine(px, py, x, y, 2.2, SoldierColor(0))
		}
		px, py, have = x, y, true
	}
	r.flushLines(dst)
}

// drawLegend lists the soldiers' colours and names along the top edge,
// the living first (legendOrder), and at its right, where there are
// markers (a soldier's line each), the markers' legend: a dot in each
// state's colour and the longest words that leave room for every living
// man's name (else none).
func (r *Renderer) drawLegend(dst *ebiten.Image, rect image.Rectangle, soldiers []game.SoldierView) {
	x := float64(rect.Min.X) + 10 + textWidth("Morale — last 30 s", r.titleFace) + 18
	y := float64(rect.Min.Y) + 8
	right := float64(rect.Max.X) - 10
	if len(soldiers) > CompactAbove {
		drawText(dst, fmt.Sprintf("%d soldiers: lowest–highest band and average", len(soldiers)), r.smallFace, x, y, text.AlignStart, SoldierColor(0), false)
		return
	}
	width := func(s string) float64 { return textWidth(s, r.smallFace) }
	order := legendOrder(soldiers)
	markers, markersW := legendMarkers(order, right-x, width)
	if markersW >= 0 {
		drawText(dst, markers, r.smallFace, right, y, text.AlignEnd, color.RGBA{170, 176, 190, 255}, false)
		for i, st := range []morale.State{morale.Steady, morale.Shaken, morale.Panicked, morale.Routed} {
			vector.FillCircle(dst, float32(right-width(markers)-8-float64(3-i)*9), float32(y+7), 3, StateColor(st), true)
		}
		right -= markersW + 12
	}
	shown, more := legendFit(order, right-x, width)
	for _, s := range shown {
		c := SoldierColor(s.ID)
		nc := color.RGBA{225, 228, 236, 255}
		if !s.Alive {
			c, nc = withAlpha(c, 0.45), color.RGBA{130, 134, 142, 255}
		}
		fillRect(dst, float32(x), float32(y+5), 10, 3, c)
		drawText(dst, s.Name, r.smallFace, x+13, y, text.AlignStart, nc, false)
		x += width(s.Name) + legendGap
	}
	if more != "" {
		drawText(dst, more, r.smallFace, x, y, text.AlignStart, color.RGBA{170, 176, 190, 255}, false)
	}
}

// legendMarkers chooses the words of the markers' legend, at the right
// of a legend of soldiers (in legendOrder) that has room pixels: the
// longest that leave room for every living man's name, else the
// shortest that fit, with the width they take, dots included (w < 0:
// none fit, or there are no soldiers and no markers).
func legendMarkers(soldiers []game.SoldierView, room float64, width func(string) float64) (words string, w float64) {
	living := 0
	for _, s := range soldiers {
		if s.Alive {
			living++
		}
	}
	words, w = "", -1
	for _, m := range []string{"a state change, in its new state's colour", "state change", ""} {
		mw := width(m) + 8 + 4*9 // the words, and the dots before them
		if len(soldiers) == 0 || mw > room {
			continue
		}
		words, w = m, mw
		if shown, _ := legendFit(soldiers, room-mw-12, width); len(shown) >= living {
			break
		}
	}
	return words, w
}

// legendGap is the room a legend's entry takes beside its name, in
// pixels: its swatch and the space after it.
const legendGap = 16 + 6

// legendOrder returns soldiers in the order the timeline's legend names
// them: the living first, then the fallen, each in the squad's order.
// Where the legend has room for fewer names (a what-if's label takes the
// title row's right end), it is the living, whose lines the designer
// watches, that it keeps.
func legendOrder(soldiers []game.SoldierView) []game.SoldierView {
	dst := make([]game.SoldierView, 0, len(soldiers))
	for _, alive := range [2]bool{true, false} {
		for _, s := range soldiers {
			if s.Alive == alive {
				dst = append(dst, s)
			}
		}
	}
	return dst
}

// legendFit returns the longest head of soldiers whose names fit in room
// pixels (each name's width by width, plus legendGap), and the label that
// counts the rest after them (legendMore; "" when all fit). One pass: a
// rest holds a living man when the last of the living comes after its
// start.
func legendFit(soldiers []game.SoldierView, room float64, width func(string) float64) (shown []game.SoldierView, more string) {
	lastAlive := -1
	for i, s := range soldiers {
		if s.Alive {
			lastAlive = i
		}
	}
	x := 0.0
	for i, s := range soldiers {
		x += width(s.Name) + legendGap
		rest := legendMore(len(soldiers)-i-1, lastAlive > i)
		if x-6 > room || rest != "" && x+width(rest) > room {
			return soldiers[:i], legendMore(len(soldiers)-i, lastAlive >= i)
		}
	}
	return soldiers, ""
}

// legendMore is the legend's count of the n soldiers it has no room to
// name: "+3", or "+2 fallen" when none of them is alive (alive false); ""
// for none.
func legendMore(n int, alive bool) string {
	switch {
	case n == 0:
		return ""
	case alive:
		return fmt.Sprintf("+%d", n)
	}
	return fmt.Sprintf("+%d fallen", n)
}

// moraleAt interpolates samples at time t; false when t is outside them.
func moraleAt(samples []game.Sample, t float64) (float64, bool) {
	if len(samples) == 0 || t < samples[0].T-1e-9 {
		return 0, false
	}
	for i := 1; i < len(samples); i++ {
		a, b := samples[i-1], samples[i]
		if t <= b.T {
			if b.T == a.T {
				return b.Morale, true
			}
			f := (t - a.T) / (b.T - a.T)
			return a.Morale + (b.Morale-a.Morale)*f, true
		}
	}
	last := samples[len(samples)-1]
	if t-last.T <= 0.5 {
		return last.Morale, true
	}
	return 0, false
}

// axisLabel is the time axis's label of t seconds: "15s", and "0s", never
// "-0s" (math.Ceil of a small negative time is −0).
func axisLabel(t float64) string {
	if t == 0 {
		t = 0 // −0 too
	}
	return fmt.Sprintf("%gs", t)
}

// labelH is the height a line of the small face takes, for labels
// stacked apart (spreadLabels).
func (r *Renderer) labelH() float64 {
	m := r.smallFace.Metrics()
	return math.Ceil(m.HAscent + m.HDescent)
}

// valueLabelTops appends to dst the tops of the marks' values at the
// plot's left, each centred on its line and h or more from the next (text
// h high); a value printed as an earlier mark's on the same line
// (ShakenBelow 0.6 and PanicBelow+Hysteresis 0.6) is printed once: its
// top is NaN.
func valueLabelTops(dst []float64, plot image.Rectangle, marks []Mark, h float64) []float64 {
	var buf [8]float64
	shown := buf[:0]
	for i, m := range marks {
		if repeatsValue(plot, marks, i) {
			continue
		}
		shown = append(shown, float64(TimelineY(plot, m.Value))-7)
	}
	spreadLabels(shown, h, float64(plot.Min.Y)-7, float64(plot.Max.Y)-7)
	for i := range marks {
		if repeatsValue(plot, marks, i) {
			dst = append(dst, math.NaN())
			continue
		}
		dst, shown = append(dst, shown[0]), shown[1:]
	}
	return dst
}

// repeatsValue reports whether mark i's value is printed as an earlier
// mark's, on the same line of the plot.
func repeatsValue(plot image.Rectangle, marks []Mark, i int) bool {
	for j := range i {
		var a, b [24]byte // the printed values, without allocating
		if string(appendValueLabel(a[:0], marks[j].Value)) == string(appendValueLabel(b[:0], marks[i].Value)) &&
			TimelineY(plot, marks[j].Value) == TimelineY(plot, marks[i].Value) {
			return true
		}
	}
	return false
}

// valueLabel is a threshold's value at the plot's left as the tuner's
// row shows it: "0.60", and "0.625" for a value typed between the steps
// (it read 0.62 beside the tuner's 0.625). When that does not fit (fits
// false: the larger text of a small window) it drops its leading zero
// (".7625"), and only then a decimal at a time.
func valueLabel(v float64, fits func(string) bool) string {
	var buf [24]byte
	l := string(appendValueLabel(buf[:0], v))
	for d := len(l) - strings.IndexByte(l, '.') - 1; d >= 2; d-- {
		l = strconv.FormatFloat(v, 'f', d, 64)
		if fits(l) {
			return l
		}
		if short, ok := strings.CutPrefix(l, "0."); ok && fits("."+short) {
			return "." + short
		}
	}
	return l
}

// appendValueLabel appends v with two decimals, or as many more as it
// needs, at most four (the room at the plot's left).
func appendValueLabel(dst []byte, v float64) []byte {
	d := 2
	for ; d < 4; d++ {
		p := math.Pow(10, float64(d))
		if math.Abs(v*p-math.Round(v*p)) < 1e-6 {
			break
		}
	}
	return strconv.AppendFloat(dst, v, 'f', d, 64)
}

// nameLabel is one label of threshold names at the plot's left: the
// marks it names (indices into marks, top to bottom down the plot), drawn
// one after the other in their colours, and its top; bottom is the lowest
// of their lines.
type nameLabel struct {
	marks  []int
	top    float64
	bottom float64
}

// nameLabels returns the labels that name the marks' lines at the plot's
// left (text h high), top to bottom: each line is named once, just over
// it (nameRise over it, or h for a taller text: the larger faces of a
// small window, -scale 0.75, whose descenders crossed the line at
// nameRise), and lines closer than h share one label over the topmost of
// them (ShakenBelow · PanicBelow+Hysteresis for 0.6 and 0.55), so that no
// name sits across a line. A label that
// would rise above the plot goes under its lowest line instead, and takes
// in the next label when they would overlap.
func nameLabels(plot image.Rectangle, marks []Mark, h float64) []nameLabel {
	var buf [8]int
	order := buf[:0]
	for i := range marks {
		order = append(order, i)
	}
	// top to bottom; of two lines at one height, the later mark (the
	// higher threshold) first
	slices.SortStableFunc(order, func(a, b int) int {
		if c := cmp.Compare(TimelineY(plot, marks[a].Value), TimelineY(plot, marks[b].Value)); c != 0 {
			return c
		}
		return cmp.Compare(b, a)
	})
	var out []nameLabel
	for _, i := range order {
		y := float64(TimelineY(plot, marks[i].Value))
		if n := len(out); n > 0 && y-out[n-1].bottom < h {
			out[n-1].marks, out[n-1].bottom = append(out[n-1].marks, i), y
			continue
		}
		out = append(out, nameLabel{marks: []int{i}, top: y - max(nameRise, h), bottom: y})
	}
	for k := 0; k < len(out); k++ {
		if out[k].top >= float64(plot.Min.Y) {
			continue
		}
		out[k].top = out[k].bottom + 2 // under its lines
		for k+1 < len(out) && out[k+1].top < out[k].top+h {
			out[k].marks = append(out[k].marks, out[k+1].marks...)
			out[k].bottom = out[k+1].bottom
			out = slices.Delete(out, k+1, k+2)
		}
	}
	return out
}

// nameRise is how far over its line a threshold's name starts; nameSep
// goes between the names of one label.
const (
	nameRise = 13
	nameSep  = " · "
)

// spreadLabels moves the labels whose tops are tops apart, in place, so
// that no two are less than h apart, each as near its own top as it can
// be and within lo..hi: a label too near the one above it moves down, and
// when that pushes the lowest past hi, the labels move up again from
// there. The labels keep their order down the plot.
func spreadLabels(tops []float64, h, lo, hi float64) {
	var buf [8]int
	order := buf[:0]
	for i := range tops {
		order = append(order, i)
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(tops[a], tops[b]) })
	for k, i := range order {
		tops[i] = max(tops[i], lo)
		if k > 0 {
			tops[i] = max(tops[i], tops[order[k-1]]+h)
		}
	}
	for k := len(order) - 1; k >= 0; k-- {
		i := order[k]
		tops[i] = min(tops[i], hi)
		if k < len(order)-1 {
			tops[i] = min(tops[i], tops[order[k+1]]-h)
		}
	}
}
