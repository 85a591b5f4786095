// Package gifview shows a decoded GIF's frames as a viewer does, for the
// tests of ui and ui/capture.
package gifview

import (
	"image"
	"image/draw"
	"image/gif"
)

// Composite draws frames 0..n of g over each other, as a viewer does, and
// returns the picture: each frame after the first holds only what changed.
func Composite(g *gif.GIF, n int) *image.RGBA {
	c := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	for i := 0; i <= n; i++ {
		draw.Draw(c, g.Image[i].Bounds(), g.Image[i], g.Image[i].Bounds().Min, draw.Over)
	}
	return c
}
