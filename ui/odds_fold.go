package ui

import (
	"image"

	"github.com/ebitenui/ebitenui/widget"
)

// oddsFoldedH is the odds panel's height folded: its title and one line.
// oddsHeadH is its title's height, the part a click folds or unfolds.
const (
	oddsFoldedH = 36
	oddsHeadH   = 20
)

// oddsInput folds or unfolds the odds panel on a left click on its title,
// and returns in without that click; without an odds panel (the armies)
// it returns in as it is.
func (a *App) oddsInput(in InputState) InputState {
	if a.odds == nil {
		return in
	}
	s := a.oddsSlot()
	head := image.Rect(s.Min.X, s.Min.Y, s.Max.X, s.Min.Y+a.odds.m.headH)
	if in.LeftClick && image.Pt(in.X, in.Y).In(head) {
		a.foldOdds(!a.oddsFolded)
		in.LeftClick = false
	}
	return in
}

// foldOdds folds the odds panel to its title and a line (fold) or unfolds
// it, like a drawer. Open, it also takes the room of the foot's keys (the
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
