package ui

import (
	"fmt"
	"slices"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// The armies scene's selection: a squad (game.SelectSquad), which the
// panel names and < Prev / Next > step through.

// squadName names squad s as the panel and the field do: "Squad 12 (army 1)".
func squadName(s game.SquadView) string { return fmt.Sprintf("Squad %d (army %d)", s.ID, s.Side+1) }

// squadLine is the panel's selection line in the armies: the selected
// squad's line (squadSelection), or how to select one.
func (a *App) squadLine(av *game.Armies) string {
	id := av.SelectedSquad()
	if id == 0 {
		return "Selected: none (right-click a squad)"
	}
	if s, ok := av.SelectedSquadView(); ok { // its figures as last read (FiguresAt), as the field, the inset and the Why panel give them
		return squadSelection(s)
	}
	return fmt.Sprintf("Selected: squad %d", id)
}

// squadSelection is the selection line of squad s: its name, army,
// average morale and how many of its men broke, "Squad 100 (army 2) ·
// average 0.00 · 100 of 100 broken", without the opening's "Selected: ",
// which would take the room of its last word in the panel's width.
func squadSelection(s game.SquadView) string {
	return fmt.Sprintf("%s · average %.2f · %d of %d broken", squadName(s), s.Stats.Average, s.Stats.Broken, s.Stats.Count)
}

// cycleSquad selects the next squad (dir +1) or the one before (dir -1) of
// the armies, in their order (army 1's first).
func (a *App) cycleSquad(av *game.Armies, dir int) {
	a.squads = av.AppendSquads(a.squads[:0])
	n := len(a.squads)
	if n == 0 {
		return
	}
	i := slices.IndexFunc(a.squads, func(s game.SquadView) bool { return s.ID == av.SelectedSquad() })
	a.apply(game.SelectSquad{ID: a.squads[step(i, dir, n)].ID})
}

// selectedSquad is the armies' selected squad, 0 in the opening or when
// none is.
func (a *App) selectedSquad() morale.SquadID {
	return a.scene().selectedSquad()
}
