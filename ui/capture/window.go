package capture

import (
	"math"
	"os"

	"github.com/hajimehoshi/ebiten/v2"
)

// Window is the game the demo's window runs: Game, ended
// (ebiten.Termination) at the first Update after a signal arrives on Stop
// (signal.Notify's channel: the demo's interrupt and SIGTERM when an output
// is written at the end, -record or a profile, the way a run under
// xvfb-run or timeout ends; nil or never notified: never), with the final copy of its screen into the window done as
// a copy (BlendCopy) instead of Ebitengine's default source-over: Game's
// Draw covers every pixel of its screen opaquely (App.Draw does), so the
// window shows the same pixels, and a software renderer spares reading the
// window's pixels back for the blend.
type Window struct {
	ebiten.Game
	Stop chan os.Signal
}

// Update ends the game when a signal came, else runs Game's Update.
func (w Window) Update() error {
	select {
	case <-w.Stop:
		return ebiten.Termination
	default:
		return w.Game.Update()
	}
}

// DrawFinalScreen copies offscreen onto screen through geoM, with the
// filter ebiten.DefaultDrawFinalScreen would pick: nearest for a whole
// scale, linear below 1, pixelated above.
func (w Window) DrawFinalScreen(screen ebiten.FinalScreen, offscreen *ebiten.Image, geoM ebiten.GeoM) {
	op := &ebiten.DrawImageOptions{GeoM: geoM, Blend: ebiten.BlendCopy}
	switch scale := geoM.Element(0, 0); {
	case math.Floor(scale) == scale:
	case scale < 1:
		op.Filter = ebiten.FilterLinear
	default:
		op.Filter = ebiten.FilterPixelated
	}
	screen.DrawImage(offscreen, op)
}
