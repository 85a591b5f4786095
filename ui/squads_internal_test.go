package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/textfit"
	"github.com/moralebreak/moralebreak/morale"
)

// The armies' selection line fits the panel whole, at every window scale
// and for the longest squad the armies have (squad 100 of army 2, 100 of
// its 100 men broken): it read "Selected: Squad 100 (army 2) · average
// 0.00 · 100 of 100 br…", cut by the panel's width.
func TestSquadSelectionFits(t *testing.T) {
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	squad := func(id morale.SquadID, side, broken, count int) game.SquadView {
		return game.SquadView{ID: id, Side: side, Stats: morale.SquadStats{Broken: broken, Count: count}}
	}
	for _, k := range []float64{0.25, 0.5, 0.75, 1, 2} {
		face := as.LegibleAt(k).Face(13) // the panel's face (widgets.go)
		for _, tc := range []struct {
			squad game.SquadView
			want  string
		}{
			{squad(100, 1, 100, 100), "Squad 100 (army 2) · average 0.00 · 100 of 100 broken"},
			{squad(12, 0, 14, 100), "Squad 12 (army 1) · average 0.00 · 14 of 100 broken"},
		} {
			t.Run(fmt.Sprintf("scale %v/squad %d", k, tc.squad.ID), func(t *testing.T) {
				line := squadSelection(tc.squad)
				if line != tc.want {
					t.Errorf("got %q; want %q", line, tc.want)
				}
				if got := clipLines(line, face); got != line || strings.Contains(got, textfit.Ellipsis) {
					t.Errorf("got %q in the panel (%.1f px of %d); want %q whole", got, textfit.Width(line, face), panelInner, line)
				}
			})
		}
	}
}
