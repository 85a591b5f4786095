package render

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// ghostY is the row a ghost marker of a change to state to sits on: the
// threshold the change crossed (PanicBelow for panic and rout, ShakenBelow
// for shaken, ShakenBelow+Hysteresis for steady).
func ghostY(plot image.Rectangle, s morale.Settings, to morale.State) int {
	m := s.ShakenBelow
	switch to {
	case morale.Panicked, morale.Routed:
		m = s.PanicBelow
	case morale.Steady:
		m = s.ShakenBelow + s.Hysteresis
	}
	return TimelineY(plot, m)
}

// drawGhost draws, when g runs a what-if, the original future's state
// changes inside the window as hollow rings in the new state's colour on
// the threshold they crossed: the future the weights changed.
func (r *Renderer) drawGhost(dst *ebiten.Image, plot image.Rectangle, now float64, g game.View) {
	s := g.Settings()
	for _, e := range g.Ghost() {
		if e.T < now-game.HistoryWindow || e.T > now {
			continue
		}
		x, y := float32(TimelineX(plot, now, e.T)), float32(ghostY(plot, s, e.To))
		vector.StrokeCircle(dst, x, y, 5, 2.5, color.RGBA{10, 10, 14, 200}, true)
		c := StateColor(e.To)
		c.A = 200
		vector.StrokeCircle(dst, x, y, 5, 1.5, c, true)
	}
}
