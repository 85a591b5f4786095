package morale

import (
	"fmt"

	"math/bits"
	"slices"
)

// b2i is 1 for true, 0 for false, without a branch.
func b2i(b bool) int {
	var n int
	if b {
		n = 1
	}
	return n
}

// inIndexOrder returns hits, distinct agent indices, in increasing order:
// a two-level bitmap over the agents' indices (a bit per agent, and a bit
// per non-zero word), all zero again when it returns.
func (w *World) inIndexOrder(hits []int32) []int32 {
	words := (len(w.col.Pos) + 63) >> 6
	if len(w.hitBits) < words {
		w.hitBits = make([]uint64, words)
		w.hitWords = make([]uint64, (words+63)>>6)
	}
	hitBits, hitWords := w.hitBits, w.hitWords
	for _, i := range hits {
		hitBits[i>>6] |= 1 << (i & 63)
		hitWords[i>>12] |= 1 << ((i >> 6) & 63)
	}
	out := hits[:0]
	for s := range hitWords {
		for sw := hitWords[s]; sw != 0; sw &= sw - 1 {
			k := s<<6 + bits.TrailingZeros64(sw)
			for word := hitBits[k]; word != 0; word &= word - 1 {
				out = append(out, int32(k<<6+bits.TrailingZeros64(word)))
			}
			hitBits[k] = 0
		}
		hitWords[s] = 0
	}
	return out
}

// near returns, in the World's order, the agents that may be within radius
// of at: every agent whose squared distance from it (squares) is within
// radius² (with a margin), found through the grid; and, in sq, each one's
// squared distance. The slices are the World's scratch (hits and scales),
// valid until the next call.
func (w *World) near(at Vec2, radius float64) (hits []int32, sq []float64) {
	pos := w.col.Pos
	cells, all, near2 := w.nearCells(at, radius)
	hits, sq = w.hits[:0], w.scales[:0]
	if all {
		for i, p := range pos {
			if s := squares(p.minus(at)); s <= near2 {
				hits, sq = append(hits, int32(i)), append(sq, s)
			}
		}
		w.hits, w.scales = hits, sq
		return hits, sq
	}
	lists := w.grid.lists
	total := 0
	for _, c := range cells {
		total += len(lists[c])
	}
	hits, sq = slices.Grow(hits, total)[:total], slices.Grow(sq, total)[:total]
	n := 0
	// A sort window at a time (see order.go): in each, the entries of each
	// cell's list that lie in it, the cells by row, then column. A window
	// the World has sorted holds its agents by cell in that order, and a
	// cell's list keeps its agents in index order until they move (its run
	// in a window ends at its first agent past the window), so in a sorted
	// World the hits come out in the World's order. With more windows than
	// agents near, cell by cell: one window.
	shift := w.order.shift
	windows := (len(pos) + 1<<shift - 1) >> shift
	if windows*len(cells) > total {
		windows = 1
	}
	cur := append(w.cur[:0], make([]int32, len(cells))...) // zeros, no allocation once grown
	w.cur = cur
	for win := 1; win <= windows; win++ {
		end := int32(len(pos))
		if win < windows {
			end = int32(win << shift)
		}
		for k, c := range cells {
			var read int
			n, read = within(hits, sq, n, lists[c][cur[k]:], pos, at, near2, end)
			cur[k] += int32(read)
		}
	}
	hits, sq = hits[:n], sq[:n]
	// When the hits are not in order (agents moved, a window not sorted, or
	// read cell by cell), a two-level bitmap over the agents' indices puts
	// them in order without a sort, and their squares are taken again
	// (TestNearIsThePlainScan checks the result against a scan of all).
	if !slices.IsSorted(hits) { // distinct: sorted is increasing
		hits = w.inIndexOrder(hits)
		for k, i := range hits {
			sq[k] = squares(pos[i].minus(at))
		}
	}
	w.hits, w.scales = hits, sq
	return hits, sq
}

// nearCells returns the grid cells whose agents near reads for an event at
// at with the given reach (in the World's scratch, valid until the next
// call), or all when it reads every agent instead, and near2, the squared
// reach with a margin: an agent whose squared distance exceeds it is out of
// reach by far more than the rounding of either the squares or Vec2.Dist,
// so near's test rejects only agents the exact one would reject too. The
// floor keeps tiny radii, whose square underflows, on the exact test.
func (w *World) nearCells(at Vec2, radius float64) (cells []int32, all bool, near2 float64) {
	near2 = max(float64(radius*radius)*(1+1e-9), 0x1p-1000)
	cells, all = w.grid.appendCells(w.cells[:0], at, radius, near2)
	w.cells = cells
	return cells, all, near2
}

// ofMarkedSquads keeps, in place and in order, the agents of hits whose
// squad carries the World's current mark, and their values in sq, and
// returns both.
func (w *World) ofMarkedSquads(hits []int32, sq []float64) ([]int32, []float64) {
	n := 0
	for k, i := range hits {
		if w.squads[w.col.Squad[i]].mark == w.mark {
			hits[n], sq[n] = i, sq[k]
			n++
		}
	}
	return hits[:n], sq[:n]
}

// falloff is how an event at a location reaches an agent (see
// ReportEventAtLocation), for news: of an agent's distance from at
// (pos[i].Dist(at)) gives his scale, scale × DistanceFalloff(distance, full,
// none), and whether he is reached: his distance within radius and the
// falloff above zero. news takes Dist's result from his squared distance
// (squares, as near gives it; rootOfSquares), and calls Dist itself for the
// rare agent whose square does not serve (within 2e-146 of at).
type falloff struct {
	pos                       []Vec2
	at                        Vec2
	radius, full, none, scale float64
}

func (f *falloff) of(d float64) (float64, bool) {
	v := DistanceFalloff(d, f.full, f.none)
	return f.scale * v, d <= f.radius && v > 0
}

// within writes to hits and sq, from place n on, the agents of list whose
// squared distance from at (squares) is within near2, and that square, in
// the order of list, up to list's first agent at place end or beyond. It
// returns the new count and how many agents of list it read. hits and sq
// have room for all of list after n; every agent of list is below
// len(pos), so with end = len(pos) it reads them all.
func within(hits []int32, sq []float64, n int, list []int32, pos []Vec2, at Vec2, near2 float64, end int32) (int, int) {
	hits, sq = hits[:n+len(list)], sq[:n+len(list)]
	for k, i := range list {
		if i >= end {
			return n, k
		}
		// Branch-free: every agent is written, and kept (the count grows)
		// when within reach.
		s := squares(pos[i].minus(at))
		hits[n], sq[n] = i, s
		n += b2i(s <= near2)
	}
	return n, len(list)
}

// checkNews is the one check of news before it reaches an agent, on every
// path that applies news (ReportEvent, ReportCustomEvent,
// ReportEventAtLocation): the scale must be finite and not negative, and the
// news it makes of weight, weight × scale, finite. An overflow to ±Inf (a
// weight of -1000 at scale 1e306) is an error, as a non-finite scale is,
// and the caller changes nothing. At a location each agent takes
// weight × scale × a falloff in 0..1, no larger.
func checkNews(weight, scale float64) error {
	if !finite(scale) || scale < 0 {
		return fmt.Errorf("scale %v must be finite and not negative", scale)
	}
	if d := float64(weight * scale); !finite(d) {
		return fmt.Errorf("weight %v × scale %v is %v; news must be a finite number", weight, scale, d)
	}
	return nil
}

// ReportEventAtLocation reports event e at location at to every agent within
// radius of it (radius ≤ 0 means Settings.NoEffectRadius; a radius only
// narrows the reach: nobody at NoEffectRadius or beyond is reached) of one
// of squads: nil reaches every squad, an empty, non-nil one (a squad wiped
// out, say) nobody. Each agent takes weight × scale ×
// DistanceFalloff(distance, FullEffectRadius, NoEffectRadius). A NaN or
// infinite location, radius or scale, a negative scale, or a weight × scale
// that is not finite (an overflow) returns an error and changes nothing; an
// event without a weight row is worth zero, not an error. The cost grows with
// the agents within min(radius, NoEffectRadius) of it, not with the World.
func (w *World) ReportEventAtLocation(e Event, at Vec2, radius float64, squads []SquadID, scale float64) error {
	if !at.finite() {
		return fmt.Errorf("morale: ReportEventAtLocation: location %v is not finite", at)
	}
	if !finite(radius) {
		return fmt.Errorf("morale: ReportEventAtLocation: radius %v is not finite", radius)
	}
	w.init()
	weight := w.s.Weights[e]
	if err := checkNews(weight, scale); err != nil {
		return fmt.Errorf("morale: ReportEventAtLocation(%s): %w", e, err)
	}
	// An empty, non-nil filter lists no squad: nobody hears the news.
	if weight == 0 || scale == 0 || (squads != nil && len(squads) == 0) {
		return nil
	}
	if radius <= 0 {
		radius = w.s.NoEffectRadius
	}
	filter := squads != nil
	if filter {
		w.mark++
		if w.mark == 0 { // wrapped: clear old marks
			for k := range w.squads {
				w.squads[k].mark = 0
			}
			w.mark = 1
		}
		for _, id := range squads {
			if s, ok := w.slotOf[id]; ok {
				w.squads[s].mark = w.mark
			}
		}
	}
	why := w.reasonID(Reason{Kind: ByEvent, Event: e})
	full, none := w.s.FullEffectRadius, w.s.NoEffectRadius
	w.led.locate(at, scale) // as unlocate, nothing without a ledger
	// The agents take the news in the World's order, as one ReportEvent
	// each would, so that the squads' running sums (see step.go) do not
	// depend on the grid: first the candidates, then in one pass each
	// one's distance, falloff and news.
	// No agent beyond NoEffectRadius is reached: his falloff is 0, as
	// Validate keeps FullEffectRadius within NoEffectRadius.
	hits, scales := w.near(at, min(radius, none))
	if filter {
		hits, scales = w.ofMarkedSquads(hits, scales)
	}
	w.news(hits, scales, &falloff{pos: w.col.Pos, at: at, radius: radius, full: full, none: none, scale: scale}, weight, why)
	w.led.unlocate()
	w.flush()
	return nil
}
