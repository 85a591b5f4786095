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
// Draw after that draws the inner game and reads the frame (or one region
// of it) back, and its next Update syncs the inner game again (its
// published state is then the one of the frame drawn, widgets laid out),
// writes the frame as a PNG and ends the game (ebiten.Termination, or the
// error of writing the file). Draw writes no file.
type Screenshot struct {
	inner Syncer
	g     Ticker
	at    float64
	path  string
	crop  image.Rectangle // empty: the whole screen

	ready bool        // the battle is at the screenshot's time
	shot  *image.RGBA // the frame read back, to write
	err   error
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

// Update runs the battle to the screenshot's time once; once the frame is
// drawn, it writes it and ends the game.
func (s *Screenshot) Update() error {
	switch {
	case s.err != nil:
		return s.err
	case s.shot != nil:
		if err := s.inner.Sync(); err != nil {
			return err
		}
		if err := writePNG(s.path, s.shot); err != nil {
			s.err = fmt.Errorf("screenshot: %w", err)
			return s.err
		}
		return ebiten.Termination
	case !s.ready:
		if err := runTo(s.inner, s.g, s.at); err != nil {
			return err
		}
		s.ready = true
	}
	return nil
}

// Draw draws the inner game and, once the battle is at the screenshot's
// time, reads the frame back for the next Update to write.
func (s *Screenshot) Draw(screen *ebiten.Image) {
	s.inner.Draw(screen)
	if s.ready && s.shot == nil {
		s.shot = readPixels(cropTo(screen, s.crop), nil)
	}
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

// readPixels reads screen's pixels (a sub-image's bounds only) into buf,
// or into a new image when buf is nil or of another size, and returns it.
func readPixels(screen *ebiten.Image, buf *image.RGBA) *image.RGBA {
	b := screen.Bounds()
	if buf == nil || buf.Bounds().Size() != b.Size() {
		buf = image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	}
	screen.ReadPixels(buf.Pix)
	return buf
}

// writePNG writes img to path as a PNG.
func writePNG(path string, img *image.RGBA) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		return errors.Join(err, f.Close())
	}
	return f.Close()
}
