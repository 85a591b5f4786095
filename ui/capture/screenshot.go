package capture

import (
	"errors"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/ui"
)

// Syncer is an ebiten.Game that can bring its picture up to date with a
// battle advanced behind its back (an error ends the game); *ui.App is one.
type Syncer interface {
	ebiten.Game
	Sync() error
}

// Ticker is the part of a battle Screenshot advances; *game.Session is one.
type Ticker interface {
	Tick()
	Time() float64
}

// Screenshot wraps a Syncer for the demo's -screenshot mode: its first
// Update runs the battle as fast as it can to simulated time At, its first
// Draw after that draws the inner game and writes the frame (or one region
// of it) as a PNG, and its next Update ends the game (ebiten.Termination,
// or the error of writing the file).
type Screenshot struct {
	inner Syncer
	g     Ticker
	at    float64
	path  string
	crop  image.Rectangle // empty: the whole screen

	ready, done bool
	err         error
}

// NewScreenshot returns a Screenshot of inner at simulated time at seconds
// (finite, not negative) written to path, cropped to the region crop of
// ScreenRegions ("field", "timeline", "panel", or "" for the whole window).
func NewScreenshot(inner Syncer, g Ticker, at float64, path, crop string) (*Screenshot, error) {
	if inner == nil || g == nil {
		return nil, errors.New("capture.NewScreenshot: inner game and battle are required")
	}
	if math.IsNaN(at) || math.IsInf(at, 0) || at < 0 {
		return nil, fmt.Errorf("capture.NewScreenshot: time %v; want a finite number of seconds, not negative", at)
	}
	if path == "" {
		return nil, errors.New("capture.NewScreenshot: no file to write")
	}
	s := &Screenshot{inner: inner, g: g, at: at, path: path}
	if crop != "" {
		r, ok := ui.ScreenRegions().Named(crop)
		if !ok {
			return nil, fmt.Errorf("capture.NewScreenshot: crop %q is not a region; use field, timeline or panel", crop)
		}
		s.crop = r
	}
	return s, nil
}

// Update runs the battle to the screenshot's time once, then waits for the
// frame to be written and ends the game.
func (s *Screenshot) Update() error {
	switch {
	case s.err != nil:
		return s.err
	case s.done:
		return ebiten.Termination
	case !s.ready:
		runTo(s.g, s.at)
		if err := s.inner.Sync(); err != nil {
			return err
		}
		s.ready = true
	}
	return nil
}

// Draw draws the inner game and, once the battle is at the screenshot's
// time, writes the PNG.
func (s *Screenshot) Draw(screen *ebiten.Image) {
	s.inner.Draw(screen)
	if !s.ready || s.done {
		return
	}
	if err := writePNG(s.path, cropTo(screen, s.crop)); err != nil {
		s.err = fmt.Errorf("screenshot: %w", err)
	}
	s.done = true
}

// Layout is the inner game's.
func (s *Screenshot) Layout(w, h int) (int, int) { return s.inner.Layout(w, h) }

// cropTo is the part r of screen, or all of it when r is empty.
func cropTo(screen *ebiten.Image, r image.Rectangle) *ebiten.Image {
	if r.Empty() {
		return screen
	}
	return screen.SubImage(r).(*ebiten.Image)
}

func writePNG(path string, screen *ebiten.Image) error {
	b := screen.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	screen.ReadPixels(img.Pix) // reads the sub-image's bounds only
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		return errors.Join(err, f.Close())
	}
	return f.Close()
}
