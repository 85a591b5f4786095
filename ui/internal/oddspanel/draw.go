package oddspanel

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/moralebreak/moralebreak/internal/textfit"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
)

// The odds panel's colours (its text is in package widgets' palette).
var (
	oddsBG     = color.NRGBA{0x1a, 0x1f, 0x27, 0xf4} // the odds panel's own; its text is in the panel's
	oddsEdge   = color.NRGBA{0x3a, 0x42, 0x50, 0xff}
	oddsUp     = color.NRGBA{0xff, 0x8a, 0x70, 0xff}
	oddsBar    = color.NRGBA{0xf2, 0xa0, 0x3d, 0xff}
	oddsRefBar = color.NRGBA{0xff, 0xff, 0xff, 0xb0}
)

// oddsFoldedH is the odds panel's height folded: its title and one line.
// oddsHeadH is its title's height, the part a click folds or unfolds.
const (
	oddsFoldedH = 36
	oddsHeadH   = 20
)

// Draw draws the panel into slot on dst, opaquely, from the cached picture
// of the last report (redrawn only when the report or the slot changed).
// In a slot lower than the panel open (folded, oddsMetrics) it draws its title and one
// line: the first row whose change is beyond the noise, else its status.
// It only draws.
func (p *Panel) Draw(dst *ebiten.Image, slot image.Rectangle) {
	if slot.Empty() || p.title == nil {
		return
	}
	r := p.report
	k := oddsKey{w: slot.Dx(), h: slot.Dy(), runs: r.Runs, hash: r.SettingsHash, error: r.Error}
	if r.Reference != nil {
		k.ref = r.Reference.SettingsHash
	}
	if p.img == nil || p.key != k {
		if p.img == nil || p.img.Bounds().Dx() != k.w || p.img.Bounds().Dy() != k.h {
			if p.img != nil {
				p.img.Deallocate()
			}
			p.img = ebiten.NewImage(k.w, k.h)
		}
		p.paint(p.img)
		p.key = k
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(slot.Min.X), float64(slot.Min.Y))
	dst.DrawImage(p.img, op)
}

// fitTitle is the panel's title t in w pixels of face: whole, else
// without its last part, the count of fights, which the status line under
// it says too ("counting… 200 of 1000 fights"), else clipped. The count
// is dropped without an ellipsis, as nothing is lost, which textfit.Clip,
// knowing nothing of the status line, never does: clipped whole, the title
// read "Odds · lab's opening, not this battle…" at -scale 0.75.
func fitTitle(t string, face text.Face, w float64) string {
	if i := strings.LastIndex(t, " · "); i > 0 && textfit.Width(t, face) > w {
		t = t[:i]
	}
	return textfit.Clip(t, face, w)
}

// fitStatus is v's status line in w pixels of face: whole, else without
// the lab's command (v.statusShort: "fights 0–999 · was: before the
// edit"), which the published state and docs/demo.md keep, else clipped
// (a long error). Clipped whole, the larger text of -scale 0.75 read
// "fights 0–999 of moralesim run -seed 1 · was: before…", the note of
// what "was" is cut.
func fitStatus(v oddsView, face text.Face, w float64) string {
	if v.statusShort != "" && textfit.Width(v.status, face) > w {
		return textfit.Clip(v.statusShort, face, w)
	}
	return textfit.Clip(v.status, face, w)
}

// The marks at the right of the panel's title, folded and open: a click
// on the title opens or folds it.
const (
	markOpen = "▼ open"
	markFold = "▲ fold"
)

// titleText is v's title in a panel w wide (fitTitle), in the room the
// wider of the two marks leaves, so that it reads the same folded and open:
// in the room of the mark shown, 8 px more open than folded at -scale
// 0.75, a title that fitted open lost its count of fights on folding.
func (p *Panel) titleText(v oddsView, w float64) string {
	mw := max(textfit.Width(markOpen, p.small), textfit.Width(markFold, p.small))
	return fitTitle(v.title, p.title, w-24-mw)
}

// paint draws the panel's picture into img.
func (p *Panel) paint(img *ebiten.Image) {
	img.Clear()
	w, h := float32(img.Bounds().Dx()), float32(img.Bounds().Dy())
	vector.FillRect(img, 0, 0, w, h, oddsBG, false)
	vector.StrokeRect(img, 0.5, 0.5, w-1, h-1, 1, oddsEdge, false)
	v := p.view
	x, y := 8.0, 5.0
	m := p.m
	folded := int(h) < m.open
	mark := markFold
	if folded {
		mark = markOpen
	}
	mw := textfit.Width(mark, p.small)
	widgets.DrawLabel(img, mark, p.small, float64(w)-8-mw, y+1, widgets.ColDim)
	widgets.DrawLabel(img, p.titleText(v, float64(w)), p.title, x, y, widgets.ColSection)
	y += float64(m.px(16))
	line := float64(w) - 2*x
	if folded {
		text, c := fitStatus(v, p.small, line), widgets.ColDim
		if r, ok := v.headline(); ok {
			text, c = p.headlineText(r, line), oddsUp
		}
		widgets.DrawLabel(img, textfit.Clip(text, p.small, line), p.small, x, y, c)
		return
	}
	widgets.DrawLabel(img, fitStatus(v, p.small, line), p.small, x, y, widgets.ColDim)
	for _, c := range p.cells(v, x, float64(w)) {
		widgets.DrawLabel(img, textfit.Clip(c.s, c.face, c.room), c.face, c.x, c.y, c.c)
	}
	p.histogram(img, m.histRect(int(w), int(h)), v.histCaption)
}

// headlineText is the folded panel's line for the row r in w pixels: its
// label, then its share or time with the interval, the before and the
// change, whole, the label cut to the room they leave. Cut at its end, the
// line lost the change it is there to show ("first rout, median: 20.0 s
// [19.5–20.5]  mean shift…" at -scale 0.75), and after a long name (a
// lab scenario's may have 100 bytes) every number.
//
// The first rout's median is never cut: where its label and the widest
// numbers its scenario may show (cellWidths.headline) do not fit, it reads
// "first rout" (firstRoutFolded), and where even so they do not, without
// "mean shift" ("first rout: 86400 s [86000–86400]  -86400 s ▼"). Cut to
// the room its numbers left, it read "first rout…" at -scale 0.75, and
// where the label ended moved as the numbers grew.
func (p *Panel) headlineText(r oddsLine, w float64) string {
	label, before := r.label, r.before
	if r.label == firstRoutMedian {
		label = firstRoutFolded
		switch {
		case textfit.Width(firstRoutMedian, p.small)+p.cw.headline <= w:
			label = firstRoutMedian
		case textfit.Width(firstRoutFolded, p.small)+p.cw.headline > w:
			before = ""
		}
	}
	parts := []string{r.now}
	for _, s := range []string{before, r.change} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	nums := ": " + strings.Join(parts, "  ")
	return textfit.Clip(label, p.small, w-textfit.Width(nums, p.small)) + nums
}

// cell is a piece of the open panel's text as paint draws it: s in face
// at (x, y), cut to room pixels, in colour c.
type cell struct {
	s    string
	face text.Face
	x, y float64
	room float64
	c    color.Color
}

// cells lays out the open panel's rows, for a panel w wide whose rows
// start at x, into the columns of grid: each cell is cut to its column
// less the gap between columns (the last column, less oddsGap before the
// edge), and the widest a report makes fits whole
// (TestOddsNumbersWholeAtEveryScale). In the narrow layout (the larger
// text of -scale 0.75 and less) the first rout's two rows hang under "a
// man routs" with their short labels, and their numbers start after them
// (hang).
func (p *Panel) cells(v oddsView, x, w float64) []cell {
	var out []cell
	y := float64(p.m.rowsTop)
	cols, gap, narrow := p.grid(x, w)
	indent, down := p.hang(cols, gap)
	for i, r := range v.rows {
		if i == v.named && v.more > 0 {
			out = append(out, cell{fmt.Sprintf("… and %d more", v.more), p.small, cols[0], y, cols[4] - cols[0] - oddsGap, widgets.ColDim})
			y += float64(p.m.lineH)
		}
		c := cols
		label := r.label
		if narrow && r.short != "" {
			label = r.short
			c[0] += indent
			c[1] = c[0] + math.Ceil(p.cw.short) + gap
		}
		put := func(s string, f text.Face, col, end int, cc color.Color) {
			if s != "" {
				space := gap
				if end == len(c)-1 { // the panel's edge
					space = oddsGap
				}
				out = append(out, cell{s, f, c[col], y, c[end] - c[col] - space, cc})
			}
		}
		cc := widgets.ColDim
		if r.beyond {
			cc = oddsUp
		}
		put(label, p.small, 0, 1, widgets.ColDim)
		switch {
		case down && r.label == firstRoutMedian: // its shift goes to the next row
			put(r.now, p.bold, 1, 3, widgets.ColText)
		case down && r.label == firstRoutSpread:
			put(r.now, p.bold, 1, 2, widgets.ColText)
			m := v.rows[i-1]
			if m.beyond {
				cc = oddsUp
			}
			put(m.before, p.small, 2, 3, widgets.ColDim)
			put(m.change, p.small, 3, 4, cc)
		default:
			put(r.now, p.bold, 1, 2, widgets.ColText)
			put(r.before, p.small, 2, 3, widgets.ColDim)
			put(r.change, p.small, 3, 4, cc)
		}
		y += float64(p.m.lineH)
	}
	return out
}

// oddsIndent is how far the first rout's short labels hang in from the
// rows' labels, under "a man routs", in the narrow layout.
const oddsIndent = 8

// hang is how the first rout's two rows hang in the narrow layout of the
// columns cols, gap apart: their short labels oddsIndent in from the rows' labels,
// their numbers after them in the share's column; when the widest time
// does not fit so (a scenario whose times reach 100 s, in the larger text
// of -scale 0.75 and less: "120.5 s [110.2–131.0]", 137.7 px, had 136),
// without the indent (indent 0); and when it does not fit even so (a
// fight of hours: "86400 s [86000–86400]", 149.4 px, beside "mean shift"
// and "-86400 s ▼" on a row of 360), the median's numbers take the
// before's column too and its "mean shift" and change go down a row, to
// the columns the 10–90% row leaves empty (down). It measures nothing.
func (p *Panel) hang(cols [5]float64, gap float64) (indent float64, down bool) {
	room := func(indent float64) float64 { return cols[2] - gap - (cols[0] + indent + math.Ceil(p.cw.short) + gap) }
	switch {
	case room(oddsIndent) >= p.cw.time:
		return oddsIndent, false
	case room(0) >= p.cw.time:
		return 0, false
	}
	return oddsIndent, true
}

// cellWidths are the widest cells of the open panel's columns in its faces,
// measured once for the scenario (New, Panel.take), so that laying out a
// repaint measures nothing: the first rout's labels, full and short, a
// share with its interval, a first rout's median with its, the before
// ("was 100%", "mean shift") and the change ("+100 pts ▲", "-120.0 s ▼").
type cellWidths struct {
	label, short, share, time, before, change float64
	// headline is the widest numbers of the first rout's median on the
	// folded line, in the small face: ": 88.8 s [88.8–88.8]  mean shift
	// -88.8 s ▼" (headlineText).
	headline float64
	// en is half the small face's size: the gap the open panel's columns
	// leave between a column's widest cell and the next column where the
	// panel's width allows it (Panel.grid), at least oddsGap.
	en float64
	// rows is the widest label of the rows that have no short form
	// (squads, men, re-breaks, a man routs), measured when the report's
	// labels change (Panel.take): the label column's least width in the
	// narrow layout.
	rows float64
}

// oddsGap is the least gap between the open panel's columns, in pixels,
// and the room the last column leaves before the panel's right edge.
const oddsGap = 4

// measureCells measures the widest cells in the faces small and bold, and
// takes an en of small, whose size is size, for
// a scenario whose first rout's times have up to digits figures before
// the point (timeDigits; the opening's 2, "20.0 s"): of the share's
// column a share with its interval and a first rout's median with its, of
// the change's a change in points and a shift in seconds. The times are
// written as times writes them (to a tenth below 1000 s, whole from it),
// of the faces' widest figure.
func measureCells(small, bold text.Face, size float64, digits int) cellWidths {
	widest := func(f text.Face, ss ...string) float64 {
		w := 0.0
		for _, s := range ss {
			w = max(w, textfit.Width(s, f))
		}
		return w
	}
	figure := func(f text.Face) string {
		fig := "0"
		for _, d := range strings.Split("123456789", "") {
			if textfit.Width(d, f) > textfit.Width(fig, f) {
				fig = d
			}
		}
		return fig
	}
	var medians, shifts, folded []string
	bf, sf := figure(bold), figure(small)
	for n := 2; n <= digits; n++ {
		num := func(fig string) string {
			if n > 3 { // 1000 s and more: whole
				return strings.Repeat(fig, n)
			}
			return strings.Repeat(fig, n) + "." + fig
		}
		b, s := num(bf), num(sf)
		medians = append(medians, b+" s ["+b+"–"+b+"]", b+"–"+b+" s")
		shifts = append(shifts, "+"+s+" s ▲", "-"+s+" s ▼", "+"+s+" s ≈", "-"+s+" s ≈")
		for _, shift := range shifts[len(shifts)-4:] {
			folded = append(folded, ": "+s+" s ["+s+"–"+s+"]  "+meanShift+"  "+shift)
		}
	}
	return cellWidths{
		label:    widest(small, firstRoutMedian, firstRoutSpread),
		short:    widest(small, firstRoutMedianShort, firstRoutSpreadShort),
		share:    widest(bold, "100% [>99–100]", "<1% [<1–100]"),
		time:     widest(bold, medians...),
		before:   widest(small, "was 100%", meanShift),
		change:   widest(small, append(shifts, "+100 pts ▲", "-100 pts ▼")...),
		headline: widest(small, folded...),
		en:       max(oddsGap, size/2),
	}
}

// grid returns where the open panel's columns start, for a panel w wide
// whose rows start at x: the label, the share now with its 95% interval,
// the share before ("was 100%"), the change ("+100 pts ▲"), and the right
// edge; the gap between a column's widest cell and the next column; and
// whether the layout is the narrow one. As designed (text of -scale 1 and
// more) the label column is at least 108 px and as wide as the first
// rout's labels, the change's starts at 272; a median wider than the
// share's column (a scenario whose times reach 100 s: "120.0 s
// [110.2–120.0]") takes room from the label column, down to what the
// first rout's labels need, then from the before's, down to its widest
// cell. When the widest cells do not fit so (the larger text of -scale
// 0.75 and less, where "99% [97–100]" read "99%…"), the share's, the
// before's and the change's columns take their widest cells from the
// right edge, the label column the rest, and the first rout's rows their
// short labels (cells). The gap is an en of the text (at 0.75 the columns
// sat 4 px apart, cramped), less only where the width leaves no room for
// it: down to oddsGap, where the designed columns would not hold the
// widest cells an en apart, and in the narrow layout where the label
// column would be narrower than the rows' labels. It measures nothing:
// the widths are the Panel's, measured once for the scenario, so the
// columns do not move when the numbers change.
func (p *Panel) grid(x, w float64) (cols [5]float64, gap float64, narrow bool) {
	cw := p.cw
	num := math.Ceil(max(cw.share, cw.time))
	for _, g := range []float64{cw.en, oddsGap} {
		cols = [5]float64{x, x + max(108, math.Ceil(cw.label)+g), x + min(208, 272-math.Ceil(cw.before)-g), x + 272, w - oddsGap}
		if cols[2]-cols[1]-g < num { // a long time: room from the label's column, then from the before's
			cols[1] = max(cols[2]-g-num, x+math.Ceil(cw.label)+g)
			cols[2] = min(cols[1]+g+num, cols[3]-g-math.Ceil(cw.before))
		}
		if cols[2]-cols[1]-g >= num && cols[3]-cols[2]-g >= cw.before && cols[4]-cols[3]-oddsGap >= cw.change {
			return cols, g, false
		}
	}
	cols[3] = cols[4] - oddsGap - math.Ceil(cw.change)
	// the label column's room is what the three gaps leave of this
	room := cols[3] - math.Ceil(cw.before) - math.Ceil(cw.share) - x
	gap = max(oddsGap, min(cw.en, (room-math.Ceil(cw.rows))/3))
	cols[2] = cols[3] - gap - math.Ceil(cw.before)
	cols[1] = cols[2] - gap - math.Ceil(cw.share)
	return cols, gap, true
}

// The open panel's inside, from its top: the title, the status line, then
// the rows, oddsLineH apart, from oddsRowsTop; the histogram keeps to the
// bottom (oddsHistRect). Every row has its place whatever the report says
// (the rows of a scenario are always the same, and a reference fills
// columns that are there all along), so nothing in the panel moves when a
// count or a reference arrives.
// These are the lengths as designed, for faces of oddsFace pixels
// (oddsMetrics scales them).
const (
	oddsRowsTop = 34
	oddsLineH   = 12
	oddsHistH   = 36 // the histogram's axis labels and caption, and its bars
	oddsFace    = 10.5
)

// oddsMetrics is the panel's geometry, in logical pixels, for its faces:
// each length as designed (for oddsFace-pixel text, u 1) times u, the
// faces' size over the design's (more than 1 in a small window, whose
// faces assets.LegibleAt enlarges), so that rows never overlap.
type oddsMetrics struct {
	u                     float64
	rowsTop, lineH, histH int
	// The panel's heights: folded, its title, and open (its width is the
	// tuner's panel's inner width): its title, status line and oddsRowsMax
	// rows, then the histogram; for the design's faces (u 1), what the
	// odds slot is laid out for (TestOddsPanelMovesNoWidget).
	foldedH, headH, open int
}

// newOddsMetrics returns the metrics for faces u times the design's.
func newOddsMetrics(u float64) oddsMetrics {
	m := oddsMetrics{u: u}
	m.rowsTop, m.lineH, m.histH = m.px(oddsRowsTop), m.px(oddsLineH), m.px(oddsHistH)
	m.foldedH, m.headH = m.px(oddsFoldedH), m.px(oddsHeadH)
	m.open = m.rowsTop + oddsRowsMax*m.lineH + 2 + 4 + m.histH
	return m
}

// px is the length v of the design, scaled.
func (m oddsMetrics) px(v int) int { return int(math.Round(float64(v) * m.u)) }

// oddsRowsMax is the most rows the panel shows: oddsRowsShown squads and
// men, then re-breaks, a man routs and the first rout's two.
const oddsRowsMax = oddsRowsShown + 4

// histRect is where the histogram is drawn in an open panel w×h: along
// its bottom, under the last of oddsRowsMax rows.
func (m oddsMetrics) histRect(w, h int) image.Rectangle {
	return image.Rect(8, h-4-m.histH, w-8, h-4)
}

// headline is the row a folded panel shows: the first whose change is
// beyond the noise (ok false when none is).
func (v oddsView) headline() (oddsLine, bool) {
	for _, r := range v.rows {
		if r.beyond {
			return r, true
		}
	}
	return oddsLine{}, false
}

// histogram draws the first rout's histogram into r: on its top line the
// axis's ends and the caption between them (fitCaption), under it the
// bins from the first to the last with a fight in either the report or its
// reference, bars for the report and an outline for the reference.
func (p *Panel) histogram(img *ebiten.Image, r image.Rectangle, caption string) {
	hs := p.report.Histogram
	if r.Dy() < 10 {
		return
	}
	lo, hi := -1, -1
	top := 1
	for i := range hs.Counts {
		n := hs.Counts[i]
		if i < len(hs.Ref) {
			n = max(n, hs.Ref[i])
		}
		if n > 0 {
			if lo < 0 {
				lo = i
			}
			hi = i
			top = max(top, n)
		}
	}
	var left, right string
	if lo >= 0 {
		lo, hi = max(0, lo-1), min(len(hs.Counts)-1, hi+1)
		left, right = fmtSeconds(float64(lo)*hs.Bin), fmtSeconds(float64(hi+1)*hs.Bin)
	}
	lw, rw := textfit.Width(left, p.small), textfit.Width(right, p.small)
	caption, cx := fitCaption(caption, p.small, float64(r.Dx()), lw, rw)
	widgets.DrawLabel(img, caption, p.small, float64(r.Min.X)+cx, float64(r.Min.Y), widgets.ColDim)
	if len(hs.Counts) == 0 {
		return
	}
	base := float32(r.Max.Y)
	vector.FillRect(img, float32(r.Min.X), base, float32(r.Dx()), 1, oddsEdge, false)
	if lo < 0 {
		widgets.DrawLabel(img, "no rout yet", p.small, float64(r.Min.X)+4, float64(r.Min.Y+p.m.px(14)), widgets.ColDim)
		return
	}
	n := hi - lo + 1
	bw := float32(r.Dx()) / float32(n)
	scale := float32(r.Dy()-p.m.px(12)) / float32(top)
	for i := lo; i <= hi; i++ {
		bx := float32(r.Min.X) + float32(i-lo)*bw
		if c := hs.Counts[i]; c > 0 {
			bh := float32(c) * scale
			vector.FillRect(img, bx+1, base-bh, max(1, bw-2), bh, oddsBar, false)
		}
		if i < len(hs.Ref) && hs.Ref[i] > 0 {
			rh := float32(hs.Ref[i]) * scale
			vector.FillRect(img, bx+1, base-rh, max(1, bw-2), 1.5, oddsRefBar, false)
		}
	}
	widgets.DrawLabel(img, left, p.small, float64(r.Min.X), float64(r.Min.Y), widgets.ColDim)
	widgets.DrawLabel(img, right, p.small, float64(r.Max.X)-rw, float64(r.Min.Y), widgets.ColDim)
}

// fitCaption is the histogram's caption c and where it starts on a line w
// wide whose ends hold the axis's ends, lw and rw px wide (0 without):
// centred on the line, or between the ends where centred it would come
// within 4 px of one, first without its last part (" · outline: before
// the edit", which the outlines show), then without its bins ("first
// rout"), else clipped. Centred whatever its width, it ran over the ends
// of a fight of hours in the larger text of -scale 0.75 and less:
// "10500 s" and "first rout" printed over each other, and "1.17e+04 s"
// over "the edit".
func fitCaption(c string, f text.Face, w, lw, rw float64) (string, float64) {
	const gap = 4
	for {
		cw := textfit.Width(c, f)
		if x := (w - cw) / 2; x >= lw+gap && x+cw <= w-rw-gap {
			return c, x
		}
		room := w - lw - rw - 2*gap
		if cw <= room {
			return c, lw + gap + (room-cw)/2
		}
		if i := strings.LastIndex(c, " · "); i > 0 {
			c = c[:i]
		} else if i := strings.LastIndex(c, ", "); i > 0 {
			c = c[:i]
		} else {
			return textfit.Clip(c, f, room), lw + gap
		}
	}
}

// fmtSeconds is a time of the histogram's axis: "12 s", "7.5 s", "86400
// s" (not "8.64e+04 s", as %.4g wrote the end of a day's fight).
func fmtSeconds(s float64) string { return strconv.FormatFloat(s, 'f', -1, 64) + " s" }
