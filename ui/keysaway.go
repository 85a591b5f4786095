package ui

import (
	"image"
	"runtime"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
)

// Keys taken by the browser. In the browser build the page has the keys
// only while the browser gives it them: a panel of the browser's own can
// take them, and Firefox's downloads panel does after every download (Save
// picture, Save replay, Save weights). Until it closes the demo's keys go
// to the browser: Space and the rest do nothing, and F12, pressed for a
// second picture, opens the browser's developer tools. While the page has
// not got them a note over the foot of the field says so and how to give
// them back: a click on the panel does, whatever has them; Esc does only
// for a downloads panel (Chromium's address bar keeps them after Esc).

// keysAwayNote is the note's text.
var keysAwayNote = []string{
	"The browser has the keys, not the demo (its downloads panel?)",
	"A click on the panel at the right gives them back (Esc closes a downloads panel)",
}

// pageFocus is how the App asks whether the page has the keys: in the
// browser, ebiten.IsFocused (the document has the focus and is shown); nil
// elsewhere, where a window's keys are the window system's business.
func pageFocus() func() bool {
	if runtime.GOOS == "js" {
		return ebiten.IsFocused
	}
	return nil
}

// updateKeysAway shows or hides the note as the page has the keys or not;
// Update calls it every tick.
func (a *App) updateKeysAway() {
	away := a.pageFocused != nil && !a.pageFocused()
	if away == a.keysAway {
		return
	}
	if a.keysAway = away; !away || a.keysBox != nil {
		return
	}
	// at the foot of the field: the browsers' download panels open at the
	// top right of the page, over the message strip
	a.keysBox = a.boxOverField(a.w.face, widget.Insets{Left: 14, Right: 14, Top: 8, Bottom: 8}, keysAwayNote[0], keysAwayNote[1],
		func(f image.Rectangle, h int) int { return f.Max.Y - h - 16 })
}

// drawKeysAway draws the note while the page has not got the keys.
func (a *App) drawKeysAway(dst *ebiten.Image) {
	if a.keysAway {
		a.keysBox.Render(dst)
	}
}
