package ui

import (
	"image"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
)

// The in-game console (` opens and closes it): the game's Console run by
// a widgets.Console, ebitenui's widgets over the timeline.

// consoleWelcome is the console's first line.
const consoleWelcome = "MoraleBreak console. Type help and press Enter; Tab completes, Up/Down recall, PageUp/PageDown scroll. ` closes."

// consoleRect is the console's box: over the timeline.
func (a *App) consoleRect() image.Rectangle { return a.reg.Timeline }

// buildConsole builds the console in its box, its first line the welcome.
// Its widgets are not in the panel's tree (whose picture is cached and
// copied over the panel alone): the root container's Update updates them
// while the console is open, inside ebitenui's Update where its input is
// read, and Draw draws them over the timeline.
func (a *App) buildConsole() {
	a.con = widgets.NewConsole(a.shell, a.w.mono, a.consoleRect(), a.w.buttonImage)
	a.con.Print(consoleWelcome)
	a.w.root.GetWidget().OnUpdate = func(widget.HasWidget) { a.con.Update() }
}
