package ui

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
)

// Pictures of the window: the Save picture binding (F12; Config.Pictures
// writes them), -clean and the crops of the capture modes (package
// ui/capture).

// hudRenderer is a Renderer whose field HUD (the clock, PAUSED, the
// what-if's future) can be turned off (*render.Renderer is one): -clean
// turns it off.
type hudRenderer interface {
	SetHUD(on bool)
}

// clean sets the renderer up for Config.Clean.
func (a *App) clean() {
	if hr, ok := a.r.(hudRenderer); ok && a.cfg.Clean {
		hr.SetHUD(false)
	}
}

// drawClean is drawWidgets under Config.Clean: the panel's place filled
// with the background, no tuner, no console.
func (a *App) drawClean(screen *ebiten.Image) {
	screen.SubImage(a.reg.Panel).(*ebiten.Image).Fill(widgets.Background)
}

// Crops are the names a capture's -crop takes (Crop).
var Crops = []string{"field", "timeline", "panel", "battle", "why"}

// Crop returns the part of the screen a capture's -crop name means, as the
// last Update laid the frame out: a region of ScreenRegions ("field",
// "timeline", "panel"), "battle" (the field and the timeline: the screen
// but the panel) or "why" (the Why panel; false when none is open). ok is
// false for any other name.
func (a *App) Crop(name string) (image.Rectangle, bool) {
	switch name {
	case "battle":
		return a.reg.Field.Union(a.reg.Timeline), true
	case "why":
		return a.why.rect, a.why.text != "" && !a.why.rect.Empty()
	}
	return a.reg.Named(name)
}

// savePicture has Config.Pictures write a picture of the window as it
// stands (what the next frame shows; capture.SavePicture: a PNG next to
// the weights file, a download in the browser), and says where in the
// banner.
func (a *App) savePicture() {
	if a.cfg.Pictures == nil {
		a.showBanner("Save picture: this run writes no pictures (Config.Pictures)", true, 5*game.TPS)
		return
	}
	img := ebiten.NewImage(ScreenW, ScreenH)
	defer img.Deallocate()
	a.Draw(img) // Draw changes nothing: drawing an extra frame is safe
	pix := image.NewRGBA(image.Rect(0, 0, ScreenW, ScreenH))
	img.ReadPixels(pix.Pix)
	msg, err := a.cfg.Pictures(a.cfg.WeightsPath, pix, a.g.Time(), a.g.Rewind().Shown())
	if err != nil {
		a.showBanner("Save picture failed: "+err.Error(), true, 5*game.TPS)
		return
	}
	a.showBanner(msg, false, 5*game.TPS)
}
