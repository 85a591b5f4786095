package render

import (
	"fmt"
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/words"
	"github.com/moralebreak/moralebreak/morale"
)

// drawArmiesTimeline is DrawTimeline's plot for the armies scene, where the
// History holds one line per squad (its men's average morale, sampled every
// game.ArmyCombatInterval): every squad as a thin line in its army's
// colour, each army's average over its squads as a thick one, and a
// legend above the plot. It redraws the cached plot image (r.tlPlot, the
// plot grown by 4 pixels, of size) only when a new sample arrived, as
// updateTimelinePlot does. av is g's scene (armiesDrawer.timeline).
func (r *Renderer) drawArmiesTimeline(dst *ebiten.Image, rect image.Rectangle, size image.Point, now float64, g game.View, av *game.Armies, h game.Record) {
	a := &r.army
	a.squads = av.AppendSquads(a.squads[:0])
	var routed [2]int
	for _, s := range a.squads {
		if s.State == morale.Routed {
			routed[s.Side]++
		}
	}
	x := float64(rect.Min.X) + 10 + textWidth("Morale — last 30 s", r.titleFace) + 18
	y := float64(rect.Min.Y) + 8
	// the legend keeps left of a what-if's label (drawGhostLabel)
	right := float64(TimelinePlot(rect).Max.X)
	if w := r.ghostLabelW(ghostLabel(g)); w > 0 {
		right -= float64(w + ghostLabelGap)
	}
	long := fmt.Sprintf("army 1: each squad's average (thin), the army's (thick), %s routed", words.Count(routed[0], "squad", "squads"))
	short := fmt.Sprintf("army 2: %d routed", routed[1])
	if x+textWidth(long, r.smallFace)+28+13+textWidth(short, r.smallFace) > right {
		long = fmt.Sprintf("army 1: %d routed", routed[0])
	}
	for side := range 2 {
		s := long
		if side == 1 {
			s = short
		}
		if x+13+textWidth(s, r.smallFace) > right {
			break
		}
		fillRect(dst, float32(x), float32(y+5), 10, 3, SideColor(side))
		drawText(dst, s, r.smallFace, x+13, y, text.AlignStart, color.RGBA{225, 228, 236, 255}, false)
		x += textWidth(s, r.smallFace) + 28
	}

	var hs hasher
	hs.word(0xa2a1e5)
	hs.word(uint64(len(a.squads)))
	for _, s := range a.squads {
		hs.samples(inWindow(h.Samples(s.Index), now))
	}
	if !r.stalePlot(size, hs.sum(), now) {
		return
	}
	plot := image.Rect(4, 4, size.X-4, size.Y-4)
	// thin squad lines, then each army's average, all in one batched draw
	for _, s := range a.squads {
		ss := inWindow(h.Samples(s.Index), now)
		c := withAlpha(SideColor(s.Side), 0.35)
		for k := 1; k < len(ss); k++ {
			x0, y0 := float32(TimelineX(plot, now, ss[k-1].T)), float32(TimelineY(plot, ss[k-1].Morale))
			x1, y1 := float32(TimelineX(plot, now, ss[k].T)), float32(TimelineY(plot, ss[k].Morale))
			r.addLine(x0, y0, x1, y1, 1, c)
		}
	}
	means := armyMeans(a.squads, h) // ghost.go
	for side, ms := range means {
		// a dark outline under the army's colour
		for _, pass := range []struct {
			width float32
			c     color.RGBA
		}{{4, rgba(0, 0, 0, 150)}, {2.4, SideColor(side)}} {
			for k := 1; k < len(ms); k++ {
				x0, y0 := float32(TimelineX(plot, now, ms[k-1].T)), float32(TimelineY(plot, ms[k-1].Morale))
				x1, y1 := float32(TimelineX(plot, now, ms[k].T)), float32(TimelineY(plot, ms[k].Morale))
				r.addLine(x0, y0, x1, y1, pass.width, pass.c)
			}
		}
	}
	r.flushLines(r.tlPlot)
}
