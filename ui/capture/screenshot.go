package capture

import (
	"errors"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/ui"
)

// Syncer is an ebiten.Game that can bring its picture up to date with a
// battle advanced behind its back (an error ends the game); *ui.App is one.
type Syncer interface {
	ebiten.Game
	Sync() error
}

// Cropper is a Syncer that says where the parts of its frame a crop names
// (ui.Crops) lie, as its last Sync laid them out; *ui.App is one. A
// capture of a Syncer that is none crops to the regions of
// ui.ScreenRegions only.
type Cropper interface {
	Crop(name string) (r image.Rectangle, ok bool)
}

// checkCrop returns an error naming the crops there are when crop is
// neither "" nor one of ui.Crops.
func checkCrop(mode, crop string) error {
	if crop != "" && !slices.Contains(ui.Crops, crop) {
		return fmt.Errorf("capture.%s: crop %q is not a part of the window; use %s", mode, crop, strings.Join(ui.Crops, ", "))
	}
	return nil
}

// cropOf returns the rectangle crop ("" = the whole screen) of inner's
// frame now.
func cropOf(inner Syncer, crop string) (image.Rectangle, error) {
	if crop == "" {
		return image.Rect(0, 0, ui.ScreenW, ui.ScreenH), nil
	}
	r, ok := image.Rectangle{}, false
	if c, is := inner.(Cropper); is {
		r, ok = c.Crop(crop)
	} else {
		r, ok = ui.ScreenRegions().Named(crop)
	}
	if !ok || r.Empty() {
		if crop == "why" {
			return image.Rectangle{}, errors.New("crop why: no Why panel on the frame (select a soldier: -select NAME)")
		}
		return image.Rectangle{}, fmt.Errorf("crop %s: not on the frame", crop)
	}
	return r, nil
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
	crop  string  // a part of the window (Cropper), "" for all of it
	scale float64 // the picture's size as a multiple of the frame's (SetScale); 0 is 1

	scaled *ebiten.Image // the frame scaled, when scale is not 1

	ready bool        // the battle is at the screenshot's time
	shot  *image.RGBA // the frame read back, to write
	err   error
}

// NewScreenshot returns a Screenshot of inner at simulated time at seconds
// (finite, not negative) written to path, cropped to crop: one of
// ui.Crops ("field", "timeline", "panel", "battle", "why": where inner, a
// Cropper, says it is on the frame), or "" for the whole window.
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
	if err := checkCrop("NewScreenshot", crop); err != nil {
		return nil, err
	}
	return &Screenshot{inner: inner, g: g, at: at, path: path, crop: crop}, nil
}

// MinScale and MaxScale bound SetScale: the demo's -scale.
const (
	MinScale = 0.25
	MaxScale = 4
)

// SetScale makes the picture k times the frame's size (MinScale..MaxScale),
// scaled as the window of -scale k shows it: nearest for a whole k (2: a
// picture for a high-DPI page, each pixel four), smooth below 1, sharp
// (pixelated) above. Call it before the game runs.
func (s *Screenshot) SetScale(k float64) error {
	if !(k >= MinScale && k <= MaxScale) { // NaN fails too
		return fmt.Errorf("capture.Screenshot: scale %v; want %g..%g", k, float64(MinScale), float64(MaxScale))
	}
	s.scale = k
	return nil
}

// scaleFilter is the filter a frame is scaled by k with: the one the
// demo's window uses at -scale k.
func scaleFilter(k float64) ebiten.Filter {
	switch {
	case math.Floor(k) == k:
		return ebiten.FilterNearest
	case k < 1:
		return ebiten.FilterLinear
	}
	return ebiten.FilterPixelated
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
	if s.ready && s.shot == nil && s.err == nil {
		r, err := cropOf(s.inner, s.crop)
		if err != nil {
			s.err = fmt.Errorf("screenshot: %w", err) // the next Update ends with it
			return
		}
		frame := screen.SubImage(r).(*ebiten.Image)
		if k := s.scale; k != 0 && k != 1 {
			w, h := max(1, int(math.Round(float64(r.Dx())*k))), max(1, int(math.Round(float64(r.Dy())*k)))
			s.scaled = ebiten.NewImage(w, h) // once: the next Update ends the game
			op := &ebiten.DrawImageOptions{Filter: scaleFilter(k), Blend: ebiten.BlendCopy}
			op.GeoM.Scale(k, k)
			s.scaled.DrawImage(frame, op)
			frame = s.scaled
		}
		s.shot = readPixels(frame, nil)
	}
}

// Layout is the inner game's.
func (s *Screenshot) Layout(w, h int) (int, int) { return s.inner.Layout(w, h) }

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
