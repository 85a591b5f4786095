package ui

import (
	"image"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/moralebreak/moralebreak/ui/internal/oddspanel"
)

// The App's side of the odds panel (package ui/internal/oddspanel: the
// count, its text and its drawing): its slot in the tuner's panel and its
// folding.

// OddsCounter counts the odds of the live settings for the odds panel
// (Config.Odds): cmd/demo fills it from the balance lab (ui does not
// import lab). It is oddspanel.Counter, whose doc states its contract.
type OddsCounter = oddspanel.Counter

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
	open, folded, _ := a.odds.Heights()
	h, help := open, widget.Visibility_Hide // the foot lays out without it
	if fold {
		h, help = folded, widget.Visibility_Show
	}
	a.w.oddsBox.GetWidget().MinHeight = h
	a.w.help.GetWidget().SetVisibility(help)
	a.w.panel.RequestRelayout()
	a.panel.age = panelMaxAge // the cached panel shows the old layout
	a.panel.shownOn = nil
}

// oddsSlot is where the App draws the odds panel: its slot in the tuner's
// panel, under the tuner's rows, the panel's inner width wide and as high
// as the panel open or folded, its Heights (empty without a panel, and
// before the first layout).
// The slot is laid out once: no message moves it, and it moves no button
// (TestOddsPanelMovesNoWidget).
func (a *App) oddsSlot() image.Rectangle {
	if a.odds == nil || a.w == nil || a.w.oddsBox == nil {
		return image.Rectangle{}
	}
	return a.w.oddsBox.GetWidget().Rect
}
