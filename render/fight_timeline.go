package render

import (
	"cmp"
	"fmt"
	"image"
	"image/color"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/game"
)

// SelectInTimeline sets the man whose squad's men a lab fight's timeline
// draws as lines beside the squads' bands (id -1: none, only the bands).
// Call it from Update; the other scenes' timelines ignore it.
func (r *Renderer) SelectInTimeline(id int) { r.tlSel = max(id, -1) + 1 }

// bandPoint is a group of men's morale at one sample time: the average of
// the samples taken then (Mean), the lowest and the highest of them (Lo,
// Hi) and how many there were (N).
type bandPoint struct {
	T, Mean, Lo, Hi float64
	N               int
}

// bandSameT is how close, in seconds, two samples are to be of one time.
const bandSameT = 1e-6

// appendBand appends to dst the band of men ids in record h over the
// window ending at now (each man's samples that inWindow draws), one
// point per time at which any of them was sampled, in time order, and
// returns it. A man is sampled while he lives, so each point is over the
// living of its time: a man who fell counts until his last sample.
func appendBand(dst []bandPoint, h game.Record, ids []int, now float64) []bandPoint {
	start := len(dst)
	for _, id := range ids {
		for _, s := range inWindow(h.Samples(id), now) {
			dst = append(dst, bandPoint{T: s.T, Mean: s.Morale, Lo: s.Morale, Hi: s.Morale, N: 1})
		}
	}
	slices.SortStableFunc(dst[start:], func(a, b bandPoint) int { return cmp.Compare(a.T, b.T) })
	out := start
	for i := start; i < len(dst); i++ {
		p := dst[i]
		if out > start && p.T-dst[out-1].T < bandSameT {
			q := &dst[out-1]
			q.Mean += p.Mean // a sum until the division below
			q.Lo, q.Hi, q.N = min(q.Lo, p.Lo), max(q.Hi, p.Hi), q.N+1
			continue
		}
		dst[out] = p
		out++
	}
	dst = dst[:out]
	for i := start; i < out; i++ {
		dst[i].Mean /= float64(dst[i].N)
	}
	return dst
}

// squadColor is the colour of a lab fight's squad i (its index in the
// scenario) on the timeline: its band, its average and its legend; one of
// SoldierColor's but its white, which marks the selected man.
func squadColor(i int) color.RGBA {
	colours := [...]int{0, 1, 2, 4, 5, 6, 7} // SoldierColor's, 3 (white) left out
	n := len(colours)
	return SoldierColor(colours[((i%n)+n)%n])
}

// fightTimeline is the lab fight's timeline buffers, reused per redraw.
type fightTimeline struct {
	squads  []game.ScenarioSquadView
	squadOf []int       // each man's squad
	bySquad []int       // the men's IDs, squad by squad
	start   []int       // squad k's men are bySquad[start[k]:start[k+1]]
	band    []bandPoint // one squad's band
	marked  markedRecord
}

// group fills f.bySquad and f.start from f.squadOf.
func (f *fightTimeline) group() {
	n := len(f.squads)
	f.start = slices.Grow(f.start[:0], n+1)[:n+1]
	clear(f.start)
	for _, k := range f.squadOf {
		f.start[k+1]++
	}
	for k := 1; k <= n; k++ {
		f.start[k] += f.start[k-1]
	}
	f.bySquad = slices.Grow(f.bySquad[:0], len(f.squadOf))[:len(f.squadOf)]
	next := slices.Clone(f.start[:n]) // one small allocation a redraw
	for id, k := range f.squadOf {
		f.bySquad[next[k]] = id
		next[k]++
	}
}

// members returns the IDs of squad k's men.
func (f *fightTimeline) members(k int) []int { return f.bySquad[f.start[k]:f.start[k+1]] }

// selectedSquad returns the squad of man id, -1 for no man of the fight.
func (f *fightTimeline) selectedSquad(id int) int {
	if id < 0 || id >= len(f.squadOf) {
		return -1
	}
	return f.squadOf[id]
}

// drawFightTimeline is DrawTimeline's plot for a lab fight (the scenario
// scene sc): each squad as a band in its squadColor from its lowest to
// its highest living man with their average as a line over it (the
// squad's men are in record h by ID); when a man is selected
// (SelectInTimeline), his squad's men as lines (his the thickest, the
// fallen dimmed) with a marker at each of their state changes, over the
// other squads dimmed. It redraws the cached plot image (r.tlPlot, the
// plot grown by 4 pixels, of size) only when a sample, a death or the
// selection changed, as updateTimelinePlot does.
func (r *Renderer) drawFightTimeline(size image.Point, now float64, sc *game.Scenario, soldiers []game.SoldierView, h game.Record) {
	f := &r.fight
	f.squads = sc.AppendSquads(f.squads[:0])
	f.squadOf = sc.AppendSquadOf(f.squadOf[:0])
	sel := r.tlSel - 1
	selSquad := f.selectedSquad(sel)

	var hs hasher
	hs.word(0xf1647)
	hs.word(uint64(len(f.squadOf)))
	hs.word(uint64(int64(sel)))
	for id := range f.squadOf {
		hs.samples(inWindow(h.Samples(id), now))
	}
	if selSquad >= 0 {
		hs.changes(changesIn(h.Changes(), now))
	}
	if !r.stalePlot(size, hs.sum(), now) {
		return
	}
	plot := image.Rect(4, 4, size.X-4, size.Y-4)
	dst := r.tlPlot
	f.group()

	// the bands first, every squad's, then the selected squad's men, then
	// the averages over all of them
	for k := range f.squads {
		f.band = appendBand(f.band[:0], h, f.members(k), now)
		a := 0.22
		if selSquad >= 0 && k != selSquad {
			a = 0.08
		}
		r.addBand(plot, now, f.band, withAlpha(squadColor(k), a))
	}
	r.flushLines(dst)
	if selSquad >= 0 {
		alive := func(id int) bool { return id < len(soldiers) && soldiers[id].Alive }
		for _, id := range f.members(selSquad) {
			if id != sel {
				r.drawLine(dst, plot, now, inWindow(h.Samples(id), now), withAlpha(squadColor(selSquad), 0.7), alive(id), false)
			}
		}
		r.drawLine(dst, plot, now, inWindow(h.Samples(sel), now), color.RGBA{250, 250, 250, 255}, alive(sel), true)
		for _, c := range changesIn(h.Changes(), now) {
			if f.selectedSquad(c.ID) != selSquad {
				continue
			}
			m, ok := moraleAt(inWindow(h.Samples(c.ID), now), c.T)
			if !ok {
				continue
			}
			x, y := float32(TimelineX(plot, now, c.T)), float32(TimelineY(plot, m))
			r.addFeatheredDisc(x, y, 4.5, color.RGBA{10, 10, 14, 255})
			r.addFeatheredDisc(x, y, 3.2, StateColor(c.To))
		}
		r.flushLines(dst)
	}
	for k := range f.squads {
		f.band = appendBand(f.band[:0], h, f.members(k), now)
		c, w := squadColor(k), float32(2.4)
		if selSquad >= 0 && k != selSquad {
			c, w = withAlpha(c, 0.45), 1.6
		}
		r.addMeanLine(plot, now, f.band, w, c)
	}
	r.flushLines(dst)
}

// addBand queues band pts as a strip of triangles from each point's
// highest to its lowest morale, in colour c: a filled path would cost the
// software renderer stencil passes over the whole plot.
func (r *Renderer) addBand(plot image.Rectangle, now float64, pts []bandPoint, c color.RGBA) {
	col := vertexColor(c)
	for i, p := range pts {
		x := float32(TimelineX(plot, now, p.T))
		base := uint32(len(r.lineVs))
		for _, m := range [2]float64{p.Hi, p.Lo} {
			r.lineVs = append(r.lineVs, ebiten.Vertex{DstX: x, DstY: float32(TimelineY(plot, m)), SrcX: 1.5, SrcY: 1.5,
				ColorR: col[0], ColorG: col[1], ColorB: col[2], ColorA: col[3]})
		}
		if i > 0 {
			r.lineIs = append(r.lineIs, base-2, base-1, base, base-1, base+1, base)
		}
	}
}

// addMeanLine queues the average of band pts as a line of width w in
// colour c over a dark outline.
func (r *Renderer) addMeanLine(plot image.Rectangle, now float64, pts []bandPoint, w float32, c color.RGBA) {
	for pass, lc := range [2]color.RGBA{rgba(0, 0, 0, 150), c} {
		lw := w
		if pass == 0 {
			lw = w + 1.6
		}
		for i := 1; i < len(pts); i++ {
			a, b := pts[i-1], pts[i]
			r.addLine(float32(TimelineX(plot, now, a.T)), float32(TimelineY(plot, a.Mean)),
				float32(TimelineX(plot, now, b.T)), float32(TimelineY(plot, b.Mean)), lw, lc)
		}
	}
}

// markedRecord is a record with other changes: those a lab fight's
// timeline draws a marker for.
type markedRecord struct {
	game.Record
	changes []game.Change
}

// Changes returns the changes with a marker.
func (m *markedRecord) Changes() []game.Change { return m.changes }

// markers returns record h with only the changes of man sel's squad's men
// (none when no man of sc is selected: sel -1), those drawFightTimeline
// draws a marker for. The record returned is f's, valid until the next
// call.
func (f *fightTimeline) markers(sc *game.Scenario, sel int, h game.Record) game.Record {
	f.squadOf = sc.AppendSquadOf(f.squadOf[:0])
	k := f.selectedSquad(sel)
	f.marked.Record, f.marked.changes = h, f.marked.changes[:0]
	if k < 0 {
		return &f.marked
	}
	for _, c := range h.Changes() {
		if f.selectedSquad(c.ID) == k {
			f.marked.changes = append(f.marked.changes, c)
		}
	}
	return &f.marked
}

// legendHash identifies what the legend of a lab fight's timeline shows
// (drawLegend), and fills f.squads from sc for it.
func (f *fightTimeline) legendHash(sc *game.Scenario, sel int, soldiers []game.SoldierView) uint64 {
	f.squads = sc.AppendSquads(f.squads[:0])
	f.squadOf = sc.AppendSquadOf(f.squadOf[:0])
	var h hasher
	h.word(0x5e9d)
	for _, s := range f.squads {
		h.str(s.Name)
	}
	h.word(uint64(int64(f.selectedSquad(sel))))
	if sel >= 0 && sel < len(soldiers) {
		h.str(soldiers[sel].Name)
	}
	return h.sum()
}

// drawLegend draws the legend of a lab fight's timeline along the top of
// rect on dst: the squads by name in their colours, what the band and the
// line are, and, when man sel is selected (-1: none), that the thin lines
// are his squad's men; what does not fit is left out ("+3 squads", a
// shorter note or none). Call legendHash first.
func (f *fightTimeline) drawLegend(r *Renderer, dst *ebiten.Image, rect image.Rectangle, sel int, soldiers []game.SoldierView) {
	x := float64(rect.Min.X) + 10 + textWidth("Morale — last 30 s", r.titleFace) + 18
	y := float64(rect.Min.Y) + 8
	right := float64(rect.Max.X) - 10
	nc, grey := color.RGBA{225, 228, 236, 255}, color.RGBA{170, 176, 190, 255}
	for k, s := range f.squads {
		if x+textWidth(s.Name, r.smallFace)+28 > right {
			drawText(dst, fmt.Sprintf("+%d squads", len(f.squads)-k), r.smallFace, x, y, text.AlignStart, grey, false)
			return
		}
		c := squadColor(k)
		fillRect(dst, float32(x), float32(y+1), 12, 11, withAlpha(c, 0.3))
		fillRect(dst, float32(x), float32(y+5), 12, 3, c)
		drawText(dst, s.Name, r.smallFace, x+16, y, text.AlignStart, nc, false)
		x += textWidth(s.Name, r.smallFace) + 28
	}
	notes := []string{
		"line: a squad's average · band: its lowest to highest living man · select a man to see his squad's men",
		"line: average · band: lowest–highest living · select a man for his squad",
		"average, lowest–highest",
	}
	if k := f.selectedSquad(sel); k >= 0 && sel < len(soldiers) {
		notes = []string{
			fmt.Sprintf("thin lines: %s's men, %s white; dots: state changes", f.squads[k].Name, soldiers[sel].Name),
			fmt.Sprintf("%s's men, %s white", f.squads[k].Name, soldiers[sel].Name),
		}
	}
	for _, n := range notes {
		if x+4+textWidth(n, r.smallFace) <= right {
			drawText(dst, n, r.smallFace, x+4, y, text.AlignStart, grey, false)
			return
		}
	}
}
