package ui

import (
	"image"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/textfit"
)

// The keys' sheet: F1 or ? shows every key of the scene over the field,
// and the same again (or Esc, or a click) hides it.

// helpSheet returns the keys' sheet of scene: a title, then a line a key
// or gesture, "KEY  what it does".
func helpSheet(scene string) []string {
	lines := []string{"Keys · F1 or ? shows and hides this · Esc closes it", ""}
	add := func(key, what string) { lines = append(lines, padKey(key)+what) }
	if scene == game.SceneArmies {
		add("Left-click", "a man dies; on the ground a shell lands")
		add("Right-click", "select a squad (its Why, its men's bars)")
		add("Wheel", "zoom · middle-drag or arrows: pan")
	} else {
		add("Left-click", "a man dies; on the ground a shell lands")
		add("Right-click", "select a soldier (his Why)")
	}
	for _, b := range SceneBindings(scene) {
		if len(b.Keys) > 0 {
			add(b.KeyName, b.Label)
		}
	}
	add("`", "console")
	add("Ctrl+Z", "undo a tuner edit · Ctrl+Shift+Z (or Ctrl+Y): redo")
	lines = append(lines, "", "Tuner: drag a row · Shift-drag 10× finer · click the value to type it · right-click: default")
	return lines
}

// padKey pads a key's name to the sheet's key column.
func padKey(k string) string {
	const w = 14
	if n := len([]rune(k)); n < w {
		return k + strings.Repeat(" ", w-n)
	}
	return k + " "
}

// toggleHelp shows the keys' sheet of the live scene, or hides it.
func (a *App) toggleHelp() {
	a.helpOpen = !a.helpOpen
	if a.helpOpen {
		a.helpLines = helpSheet(a.g.Scene().Name())
	}
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

// colHelp is the sheet's background.
var colHelp = color.NRGBA{0x10, 0x14, 0x19, 0xf0}

// helpLineH is the sheet's line height, in pixels.
const helpLineH = 17

// drawHelp draws the keys' sheet over the field when it is up.
func (a *App) drawHelp(dst *ebiten.Image) {
	if !a.helpOpen {
		return
	}
	lines := a.helpLines
	face := a.w.mono
	w := 0.0
	for _, l := range lines {
		w = max(w, textfit.Width(l, face))
	}
	field := a.reg.Field
	r := image.Rect(0, 0, int(w)+32, len(lines)*helpLineH+24)
	r = r.Add(image.Pt(field.Min.X+(field.Dx()-r.Dx())/2, field.Min.Y+(field.Dy()-r.Dy())/2)).Intersect(dst.Bounds())
	dst.SubImage(r).(*ebiten.Image).Fill(colHelp)
	for i, l := range lines {
		c := colText
		if i == 0 {
			c = colSection
		}
		drawLabel(dst, l, face, float64(r.Min.X+16), float64(r.Min.Y+12+i*helpLineH), c)
	}
}
