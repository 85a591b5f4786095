package ui

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/internal/textfit"
)

// Colours of the tuner's rows.
var (
	colRowHover = color.NRGBA{0x24, 0x2c, 0x35, 0xff}
	colRowFocus = color.NRGBA{0x2a, 0x36, 0x44, 0xff}
	colFill     = color.NRGBA{0x6a, 0x55, 0x2a, 0xff} // the track from Min to the value
	colDefTick  = color.NRGBA{0xf0, 0xf0, 0xf0, 0xff}
	colStart    = color.NRGBA{0x5c, 0xb8, 0xf0, 0xff}
	colPending  = color.NRGBA{0x5c, 0xb8, 0xf0, 0xff}
	colEditBG   = color.NRGBA{0x0c, 0x10, 0x14, 0xff}
	colNote     = color.NRGBA{0x6e, 0x1c, 0x1c, 0xf8}
)

// fill fills r on dst with c.
func fill(dst *ebiten.Image, r image.Rectangle, c color.Color) {
	if r = r.Intersect(dst.Bounds()); !r.Empty() {
		dst.SubImage(r).(*ebiten.Image).Fill(c)
	}
}

// draw draws the tuner into box on dst: the rows that show, the scrollbar,
// and a typed value's refusal under its row (another refusal is shown on
// its row alone: drawRow).
func (t *Tuner) draw(dst *ebiten.Image, box image.Rectangle, face, bold text.Face) {
	clip := dst.SubImage(box).(*ebiten.Image)
	fill(clip, box, colPanel)
	for k, it := range t.items {
		g := t.geom(box, k)
		if !g.row.Overlaps(box) {
			continue
		}
		if it.head != "" {
			drawLabel(clip, it.head, bold, float64(g.row.Min.X), float64(g.row.Min.Y+3), colSection)
			continue
		}
		t.drawRow(clip, it.row, g, face)
	}
	if t.contentH() > box.Dy() {
		bar := image.Rect(box.Max.X-tunerBarW, box.Min.Y, box.Max.X, box.Max.Y)
		fill(clip, bar, colTrack)
		fill(clip, t.thumb(box), colButtonHi)
	}
	if t.note.row >= 0 && !t.note.onRow {
		t.drawNote(dst, box, face)
	}
}

// drawRow draws row i in its geometry g.
func (t *Tuner) drawRow(dst *ebiten.Image, i int, g rowGeom, face text.Face) {
	r := &t.rows[i]
	switch {
	case i == t.focus:
		fill(dst, g.row, colRowFocus)
	case i == t.hover:
		fill(dst, g.row, colRowHover)
	}
	if r.pending {
		fill(dst, image.Rect(g.row.Min.X, g.row.Min.Y+2, g.row.Min.X+3, g.row.Max.Y-2), colPending)
	}
	name, room := r.p.Name, float64(g.name.Dx()-6)
	if r.p.Unit != "" && textfit.Width(name+" ("+r.p.Unit+")", face) <= room {
		name += " (" + r.p.Unit + ")" // the unit when it fits (the Doc has it too)
	}
	nc := colText
	if i == t.note.row {
		nc = toneColor(ToneBad)
	}
	drawLabel(dst, textfit.Clip(name, face, room), face, float64(g.name.Min.X+6), float64(g.row.Min.Y+2), nc)

	// the track, filled to the value, the ticks and the handle
	tr := g.track
	cy := (tr.Min.Y + tr.Max.Y) / 2
	fill(dst, image.Rect(tr.Min.X, cy-2, tr.Max.X, cy+2), colTrack)
	hx := trackX(r.sc, tr, r.value)
	fill(dst, image.Rect(tr.Min.X, cy-2, hx, cy+2), colFill)
	if r.hasDef {
		x := trackX(r.sc, tr, r.def)
		fill(dst, image.Rect(x, cy+3, x+1, tr.Max.Y-1), colDefTick)
	}
	sx := trackX(r.sc, tr, r.start)
	fill(dst, image.Rect(sx, tr.Min.Y+1, sx+1, cy-2), colStart)
	hc := colHandle
	if r.pending {
		hc = colPending
	}
	fill(dst, image.Rect(hx-3, cy-6, hx+3, cy+6), hc)
	if n := t.note; n.row == i && n.onRow {
		// where the refused edit would have put it: an outline in red
		x, bad := trackX(r.sc, tr, n.refused), toneColor(ToneBad)
		for _, e := range []image.Rectangle{image.Rect(x-3, cy-6, x+3, cy-5), image.Rect(x-3, cy+5, x+3, cy+6),
			image.Rect(x-3, cy-6, x-2, cy+6), image.Rect(x+2, cy-6, x+3, cy+6)} {
			fill(dst, e, bad)
		}
	}

	// the value and its step, or the text being typed
	v := g.value
	if t.edit.on && t.edit.row == i {
		fill(dst, v, colEditBG)
		edge := colSection
		if t.note.row == i {
			edge = toneColor(ToneBad)
		}
		fill(dst, image.Rect(v.Min.X, v.Max.Y-1, v.Max.X, v.Max.Y), edge)
		s := t.edit.line.String()
		tx := float64(v.Min.X + 4)
		if t.edit.line.all && s != "" {
			fill(dst, image.Rect(int(tx)-1, v.Min.Y+2, int(tx+textfit.Width(s, face))+1, v.Max.Y-3), colButtonDn)
		}
		drawLabel(dst, s, face, tx, float64(v.Min.Y+2), colText)
		if t.blink/20%2 == 0 {
			cx := int(tx + textfit.Width(string(t.edit.line.text[:t.edit.line.caret]), face))
			fill(dst, image.Rect(cx, v.Min.Y+2, cx+1, v.Max.Y-3), colSection)
		}
		return
	}
	vc := colSection
	if r.pending {
		vc = colPending
	}
	val := r.sc.FormatValue(r.value)
	if n := t.note; n.row == i && n.onRow { // the refused value, in red
		vc, val = toneColor(ToneBad), r.sc.FormatValue(n.refused)
	}
	step := r.sc.StepLabel()
	sw := textfit.Width(step, face)
	drawLabel(dst, step, face, float64(v.Max.X)-sw, float64(v.Min.Y+2), colDim)
	drawLabel(dst, val, face, float64(v.Max.X)-sw-6-textfit.Width(val, face), float64(v.Min.Y+2), vc)
}

// drawNote draws the refusal's reason in a box under its row (over the
// rows below, moving none), inside box.
func (t *Tuner) drawNote(dst *ebiten.Image, box image.Rectangle, face text.Face) {
	k := t.itemOf(t.note.row)
	if k < 0 {
		return
	}
	g := t.geom(box, k)
	w := float64(listRect(box).Dx() - 12)
	lines, _ := textfit.Limit(textfit.Wrap(t.note.text, face, w), 3, face, w)
	h := len(lines)*tipLineH + 8
	y := g.row.Max.Y
	if y+h > box.Max.Y { // no room below: above the row
		y = g.row.Min.Y - h
	}
	r := image.Rect(g.row.Min.X, y, listRect(box).Max.X, y+h)
	fill(dst, r, colNote)
	for i, l := range lines {
		drawLabel(dst, l, face, float64(r.Min.X+6), float64(r.Min.Y+4+i*tipLineH), colText)
	}
}

// hash hashes what the tuner shows, for the panel's cache.
func (t *Tuner) hash(h *fnvHash) {
	h.word(uint64(t.scroll))
	h.word(uint64(t.focus + 1))
	h.word(uint64(t.hover + 1))
	for _, r := range t.rows {
		h.word(math.Float64bits(r.value))
		if r.pending {
			h.word(1)
		}
	}
	if t.edit.on {
		h.word(uint64(t.edit.row + 1))
		h.str(t.edit.line.String())
		h.word(uint64(t.edit.line.caret))
		if t.edit.line.all {
			h.word(1)
		}
		h.word(uint64(t.blink / 20 % 2))
	}
	h.word(uint64(t.note.row + 1))
	h.str(t.note.text)
	h.word(math.Float64bits(t.note.refused))
}
