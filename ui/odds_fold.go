package ui

import "image"

// oddsFoldedH is the odds panel's height folded: its title and one line.
// oddsHeadH is its title's height, the part a click folds or unfolds.
const (
	oddsFoldedH = 36
	oddsHeadH   = 20
)

// oddsInput folds or unfolds the odds panel on a left click on its title,
// and returns in without that click.
func (a *App) oddsInput(in InputState) InputState {
	s := a.oddsSlot()
	head := image.Rect(s.Min.X, s.Min.Y, s.Max.X, s.Min.Y+oddsHeadH)
	if in.LeftClick && image.Pt(in.X, in.Y).In(head) {
		a.foldOdds(!a.oddsFolded)
		in.LeftClick = false
	}
	return in
}

// foldOdds folds the odds panel to its title and a line (fold) or unfolds
// it, like a drawer: its slot keeps its bottom, just above the foot; the
// tuner's rows, which stretch, keep their top and take or give back the
// difference, and nothing else in the panel moves
// (TestOddsFoldMovesNoButton).
func (a *App) foldOdds(fold bool) {
	if a.odds == nil || a.w.oddsBox == nil || a.oddsFolded == fold {
		return
	}
	a.oddsFolded = fold
	h := OddsPanelH
	if fold {
		h = oddsFoldedH
	}
	a.w.oddsBox.GetWidget().MinHeight = h
	a.w.panel.RequestRelayout()
	a.panel.age = panelMaxAge // the cached panel shows the old layout
	a.panel.shownOn = nil
}
