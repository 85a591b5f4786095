package ui

import (
	"fmt"
	"image"
	"strings"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
	"github.com/moralebreak/moralebreak/ui/published"
)

// The keys' sheet: F1 or ? shows every key of the scene over the field,
// and the same again (or Esc, or a click) hides it.

// helpSheet returns the keys' sheet of scene: a title, then a line a key
// or gesture, "KEY  what it does".
func helpSheet(scene string) []string {
	lines := []string{"Keys · F1 or ? shows and hides this · Esc closes it", ""}
	// the key in a column of 14, at least one space after it
	add := func(key, what string) { lines = append(lines, fmt.Sprintf("%-13s %s", key, what)) }
	add("Left-click", "a man dies; on the ground a shell lands")
	if scene == game.SceneArmies {
		add("Right-click", "select a squad (its Why, its men's bars)")
		add("Wheel", "zoom · middle-drag or arrows: pan")
	} else {
		add("Right-click", "select a soldier (his Why)")
	}
	for _, b := range SceneBindings(scene) {
		if len(b.Keys) > 0 {
			add(b.KeyName, b.Label)
		}
	}
	add("` (backquote)", "console") // a lone backquote is a speck in the column
	add("Ctrl+Z", "undo a tuner edit · Ctrl+Shift+Z (or Ctrl+Y): redo")
	lines = append(lines, "", "Tuner: drag a row · Shift-drag 10× finer · click the value to type it · right-click: default")
	return lines
}

// toggleHelp shows the keys' sheet of the live scene, or hides it: its
// title and its lines, ebitenui Texts in a box centred on the field.
func (a *App) toggleHelp() {
	if a.helpOpen = !a.helpOpen; !a.helpOpen {
		return
	}
	a.helpLines = helpSheet(a.g.Scene().Name())
	a.helpBox = a.boxOverField(a.w.mono, widget.Insets{Left: 16, Right: 16, Top: 12, Bottom: 12},
		a.helpLines[0], strings.Join(a.helpLines[1:], "\n"),
		func(f image.Rectangle, h int) int { return f.Min.Y + (f.Dy()-h)/2 })
}

// boxOverField is a box over the field as the keys' sheet and the note
// that the browser has the keys are (keysaway.go): a title over a body in
// face on the sheet's background, pad around them, at its preferred size,
// centred across the field at the height top gives for its height h, and
// no larger than the field.
func (a *App) boxOverField(face text.Face, pad widget.Insets, title, body string, top func(f image.Rectangle, h int) int) *widget.Container {
	box := widgets.Column(0, &pad, widget.ContainerOpts.BackgroundImage(eimage.NewNineSliceColor(widgets.ColHelp)))
	box.AddChild(widget.NewText(widget.TextOpts.Text(title, &face, widgets.ColSection)),
		widget.NewText(widget.TextOpts.Text(body, &face, widgets.ColText)))
	box.Validate()
	w, h := box.PreferredSize()
	f := a.reg.Field
	box.SetLocation(image.Rect(0, 0, w, h).Add(image.Pt(f.Min.X+(f.Dx()-w)/2, top(f, h))).Intersect(f))
	return box
}

// publishedBox is a box over the field (boxOverField) in the published
// state, the keys' sheet or the note that the browser has the keys: its
// lines, joined, and where it is drawn, or nothing while it is not shown.
func publishedBox(shown bool, lines []string, box *widget.Container) (string, published.Rect) {
	if !shown {
		return "", published.Rect{}
	}
	return strings.Join(lines, "\n"), published.RectOf(box.GetWidget().Rect)
}

// helpInput hides the sheet on Esc or a click, and returns in without
// them; Update calls it before the other inputs while the sheet is up.
func (a *App) helpInput(in InputState) InputState {
	if !a.helpOpen {
		return in
	}
	for i, k := range in.Keys {
		if k == ebiten.KeyEscape {
			a.helpOpen = false
			in.Keys = append(in.Keys[:i:i], in.Keys[i+1:]...)
			return in
		}
	}
	if in.LeftClick || in.RightClick {
		a.helpOpen, in.LeftClick, in.RightClick = false, false, false
	}
	return in
}

// drawHelp draws the keys' sheet over the field when it is up.
func (a *App) drawHelp(dst *ebiten.Image) {
	if a.helpOpen {
		a.helpBox.Render(dst)
	}
}
