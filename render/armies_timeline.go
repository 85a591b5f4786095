package render

import (
	"fmt"
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// drawArmiesTimeline is DrawTimeline's plot for the armies scene, where the
// History holds one line per squad (its men's average morale, sampled every
// game.ArmyCombatInterval): every squad as a thin line in its army's
// colour, each army's average over its squads as a thick one, and a
// legend above the plot. It redraws the cached plot image (r.tlPlot, the
// plot grown by 4 pixels, of size) only when a new sample arrived, as
// updateTimelinePlot does, and reports false, drawing nothing, when g is
// not the armies scene.
func (r *Renderer) drawArmiesTimeline(dst *ebiten.Image, rect image.Rectangle, size image.Point, now float64, g game.View, h *game.History) bool {
	av, ok := g.Scene().(*game.Armies)
	if !ok {
		return false
	}
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
	for side := range 2 {
		s := fmt.Sprintf("army %d: each squad's average (thin), the army's (thick), %d squads routed", side+1, routed[side])
		if side == 1 {
			s = fmt.Sprintf("army %d: %d routed", side+1, routed[side])
		}
		fillRect(dst, float32(x), float32(y+5), 10, 3, SideColor(side))
		drawText(dst, s, r.smallFace, x+13, y, text.AlignStart, color.RGBA{225, 228, 236, 255}, false)
		x += textWidth(s, r.smallFace) + 28
	}

	var hs hasher
	hs.word(0xa2a1e5)
	hs.word(uint64(len(a.squads)))
	for _, s := range a.squads {
		ss := h.Samples(s.Index)
		hs.word(uint64(len(ss)))
		if len(ss) > 0 {
			hs.float(ss[0].T, ss[len(ss)-1].T)
		}
	}
	key := timelinePlotKey{size: size, soldiers: hs.sum()}
	if r.tlPlot != nil && r.tlPlotKey == key && now >= r.tlPlotT {
		return true
	}
	r.tlPlot = clearedLayer(r.tlPlot, size)
	r.tlPlotKey, r.tlPlotT = key, now
	plot := image.Rect(4, 4, size.X-4, size.Y-4)
	// thin squad lines, then each army's average, all in one batched draw
	var sum [2][]float64
	var ts [2][]float64
	var n [2][]int
	for _, s := range a.squads {
		ss := h.Samples(s.Index)
		c := withAlpha(SideColor(s.Side), 0.35)
		for k := 1; k < len(ss); k++ {
			x0, y0 := float32(TimelineX(plot, now, ss[k-1].T)), float32(TimelineY(plot, ss[k-1].Morale))
			x1, y1 := float32(TimelineX(plot, now, ss[k].T)), float32(TimelineY(plot, ss[k].Morale))
			r.addLine(x0, y0, x1, y1, 1, c)
		}
		// align the newest samples: every squad is sampled at the same times
		if len(ss) > len(sum[s.Side]) {
			grow := len(ss) - len(sum[s.Side])
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
	for side := range 2 {
		px, py, have := float32(0), float32(0), false
		for k := range sum[side] {
			if n[side][k] == 0 {
				continue
			}
			x, y := float32(TimelineX(plot, now, ts[side][k])), float32(TimelineY(plot, sum[side][k]/float64(n[side][k])))
			if have {
				r.addLine(px, py, x, y, 4, rgba(0, 0, 0, 150))
			}
			px, py, have = x, y, true
		}
		px, py, have = 0, 0, false
		for k := range sum[side] {
			if n[side][k] == 0 {
				continue
			}
			x, y := float32(TimelineX(plot, now, ts[side][k])), float32(TimelineY(plot, sum[side][k]/float64(n[side][k])))
			if have {
				r.addLine(px, py, x, y, 2.4, SideColor(side))
			}
			px, py, have = x, y, true
		}
	}
	r.flushLines(r.tlPlot)
	return true
}
