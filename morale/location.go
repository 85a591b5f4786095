package morale

import (
	"fmt"
	"math"
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
	words := (len(w.pos) + 63) >> 6
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

func checkScale(scale float64) error {
	if !finite(scale) || scale < 0 {
		return fmt.Errorf("morale: scale %v must be finite and not negative", scale)
	}
	return nil
}

// ReportEventAtLocation reports event e at location at to every agent within
// radius of it (radius ≤ 0 means Settings.NoEffectRadius) that belongs to one
// of squads (none listed means every squad). Each agent takes weight × scale ×
// DistanceFalloff(distance, FullEffectRadius, NoEffectRadius). A NaN or
// infinite location, radius or scale, or a negative scale, returns an error
// and changes nothing. An event without a weight row is worth zero: it changes
// nothing and is not an error. The cost grows with the number of agents near
// the location, not with the size of the World.
func (w *World) ReportEventAtLocation(e Event, at Vec2, radius float64, squads []SquadID, scale float64) error {
	if !at.finite() {
		return fmt.Errorf("morale: ReportEventAtLocation: location %v is not finite", at)
	}
	if !finite(radius) {
		return fmt.Errorf("morale: ReportEventAtLocation: radius %v is not finite", radius)
	}
	if err := checkScale(scale); err != nil {
		return fmt.Errorf("morale: ReportEventAtLocation: %w", err)
	}
	w.init()
	weight := w.s.Weights[e]
	if weight == 0 || scale == 0 {
		return nil
	}
	if radius <= 0 {
		radius = w.s.NoEffectRadius
	}
	filter := len(squads) > 0
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
	why := Reason{Kind: ByEvent, Event: e}
	full, none := w.s.FullEffectRadius, w.s.NoEffectRadius
	// near is the squared reach with a margin: an agent whose squared
	// distance exceeds it is out of reach by far more than the rounding of
	// either the squares or Vec2.Dist, so the precheck rejects only agents
	// the exact test would reject too. The floor keeps tiny radii, whose
	// square underflows, on the exact test.
	near := max(float64(radius*radius)*(1+1e-9), 0x1p-1000)
	fast := w.led == nil && len(w.onMorale) == 0
	pos := w.pos
	// reach applies the event to agent i when he is in the squad filter
	// and within reach: one exact distance per agent past the precheck.
	reach := func(i int32) {
		if filter && w.squads[w.squad[i]].mark != w.mark {
			return
		}
		d := pos[i].Dist(at)
		if d > radius {
			return
		}
		f := DistanceFalloff(d, full, none)
		if !(f > 0) {
			return
		}
		if !fast {
			w.news(i, weight, scale*f, why)
			return
		}
		// news and setMorale, with no ledger and no listener to tell.
		sc := scale * f
		if bad := weight * sc; bad < 0 && !math.IsInf(bad, -1) {
			w.badNews[i] = w.nowTicks
			w.raiseNews(i)
		}
		w.why[i] = w.reasonID(why)
		old := w.morale[i]
		if m := ApplyMoraleEvent(old, weight, sc, w.nerve[i]); m != old {
			w.morale[i] = m
			w.squads[w.squad[i]].sum += m - old
		}
	}
	// The agents take the news in the World's order, as one ReportEvent
	// each would, so that the squads' running sums (see step.go) do not
	// depend on the grid. The grid finds them: the cells are visited by
	// row, then column, the order the World sorts its agents in (see
	// order.go), so in a sorted World the hits come out in order already;
	// when they do not, a two-level bitmap over the agents' indices puts
	// them in order without a sort.
	if w.led != nil {
		w.led.locate(at, scale)
	}
	cells, all := w.grid.appendCells(w.cells[:0], at, radius)
	w.cells = cells
	hits := w.hits[:0]
	if all {
		for i, p := range pos {
			dx, dy := p.X-at.X, p.Y-at.Y
			if float64(dx*dx)+float64(dy*dy) <= near {
				hits = append(hits, int32(i))
			}
		}
	} else {
		for _, c := range cells {
			// Branch-free: every agent is written at the end, and kept
			// (the length grows) when within the precheck's reach.
			list := w.grid.lists[c]
			hits = slices.Grow(hits, len(list))
			buf, n := hits[:cap(hits)], len(hits)
			for _, i := range list {
				p := pos[i]
				dx, dy := p.X-at.X, p.Y-at.Y
				buf[n] = i
				n += b2i(float64(dx*dx)+float64(dy*dy) <= near)
			}
			hits = buf[:n]
		}
		for k := 1; k < len(hits); k++ {
			if hits[k] <= hits[k-1] {
				hits = w.inIndexOrder(hits)
				break
			}
		}
	}
	w.hits = hits
	if fast && !filter {
		// reach, inlined: no squad filter, no ledger, no listener.
		morale, nerve, badNews, why2, squadOf, squads := w.morale, w.nerve, w.badNews, w.why, w.squad, w.squads
		whyID := w.reasonID(why) // no other reason is stored before the loop ends
		bounds := w.newsBound
		now := w.nowTicks
		// inner is the squared reach within which an agent is surely
		// within both radius and full (the exact distance d ≤
		// min(radius, full)): the margin far exceeds the roundings of
		// the squares, of their sum and of Vec2.Dist (a few units in
		// the last place each). Below the floor (squares that may
		// underflow) it is off. Either way the bits are the same: the
		// exact path gives f = 1 there too.
		inner := float64(min(radius, full)*min(radius, full)) * (1 - 1e-9)
		nanRadii := math.IsNaN(full) || math.IsNaN(none)
		if !(inner >= 0x1p-1000) || nanRadii {
			inner = -1
		}
		span := float64(none) - float64(full) // DistanceFalloff's divisor
		for _, i := range hits {
			x, y := float64(pos[i].X)-float64(at.X), float64(pos[i].Y)-float64(at.Y)
			f := 1.0
			if !(float64(x*x)+float64(y*y) <= inner) {
				// Not surely within full reach: the exact distance
				// and falloff.
				// d := pos[i].Dist(at): portableHypot written
				// out, the same operations, so that the compiler
				// keeps it inline.
				ax, ay := math.Abs(x), math.Abs(y)
				p, q := max(ax, ay), min(ax, ay)
				var d float64
				if p > 0 && p <= math.MaxFloat64 {
					q /= p
					d = p * math.Sqrt(1+float64(q*q))
				} else {
					d = hypotEdge(x, y)
				}
				if d > radius {
					continue
				}
				// f = DistanceFalloff(d, full, none) written out,
				// the same operations, with the NaN test and the
				// divisor worked out once.
				switch {
				case nanRadii:
					continue
				case d <= full:
					f = 1
				case d >= none || math.IsNaN(d):
					continue
				default:
					f = (float64(none) - float64(d)) / span
					if !(f > 0) {
						continue
					}
				}
			}
			// ApplyMoraleEvent(old, weight, scale·f, nerve) written out,
			// the same operations and roundings.
			delta := float64(weight * float64(scale*f))
			if delta < 0 && !math.IsInf(delta, -1) {
				badNews[i] = now
				// raiseNews, inlined.
				if b := i >> newsShift; now > bounds[b] {
					bounds[b] = now
				}
			}
			why2[i] = whyID
			old := morale[i]
			m := clampNaN01(old)
			if finite(delta) {
				if delta < 0 {
					delta = float64(delta * (1 - clampNaN01(nerve[i])))
				}
				m = clamp01(m + delta)
			}
			if m != old {
				morale[i] = m
				squads[squadOf[i]].sum += m - old
			}
		}
	} else {
		for _, i := range hits {
			reach(i)
		}
	}
	if w.led != nil {
		w.led.unlocate()
	}
	w.flush()
	return nil
}
