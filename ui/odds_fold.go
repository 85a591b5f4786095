package ui

import "github.com/ebitenui/ebitenui/widget"

// oddsFoldedH is the odds panel's height folded: its title and one line.
// oddsHeadH is its title's height, the part a click folds or unfolds.
const (
	oddsFoldedH = 36
	oddsHeadH   = 20
)

// foldOdds folds the odds panel to its title and a line (fold) or unfolds
// it, like a drawer (a click on its title, in the odds slot's handler,
// buildWidgets). Open, it also takes the room of the foot's keys (the
// help, which folding brings back): the file's note, the panel's last
// line, stays put, and so does every button; the tuner's rows, which
// stretch, keep their top and give the rest (TestOddsFoldMovesNoButton,
// TestOddsOpenLeavesRows).
func (a *App) foldOdds(fold bool) {
	if a.odds == nil || a.w.oddsBox == nil || a.oddsFolded == fold {
		return
	}
	a.oddsFolded = fold
	h, help := a.odds.m.open, widget.Visibility_Hide // the foot lays out without it
	if fold {
		h, help = a.odds.m.foldedH, widget.Visibility_Show
	}
	a.w.oddsBox.GetWidget().MinHeight = h
	a.w.help.GetWidget().SetVisibility(help)
	a.w.panel.RequestRelayout()
	a.panel.age = panelMaxAge // the cached panel shows the old layout
	a.panel.shownOn = nil
}
