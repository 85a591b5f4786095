package morale

import (
	"fmt"
	"slices"
)

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
	// falloff is how much of the event reaches agent i: 0 when he is out
	// of the squad filter or the radius.
	falloff := func(i int32) float64 {
		if filter && w.squads[w.squad[i]].mark != w.mark {
			return 0
		}
		d := w.pos[i].Dist(at)
		if d > radius {
			return 0
		}
		return DistanceFalloff(d, full, none)
	}
	// The agents take the news in the World's order, as one ReportEvent
	// each would, so that the squads' running sums (see step.go) do not
	// depend on the grid. The grid finds them; sorting puts them in order.
	if w.led != nil {
		w.led.locate(at, scale)
	}
	cells, all := w.grid.appendCells(w.cells[:0], at, radius)
	w.cells = cells
	if all {
		for i := range int32(len(w.pos)) {
			if f := falloff(i); f > 0 {
				w.news(i, weight, scale*f, why)
			}
		}
	} else {
		hits := w.hits[:0]
		for _, c := range cells {
			for _, i := range w.grid.lists[c] {
				if falloff(i) > 0 {
					hits = append(hits, i)
				}
			}
		}
		slices.Sort(hits)
		for _, i := range hits {
			w.news(i, weight, scale*falloff(i), why)
		}
		w.hits = hits
	}
	if w.led != nil {
		w.led.unlocate()
	}
	w.flush()
	return nil
}
