package capture

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/figures"
	"github.com/moralebreak/moralebreak/ui"
)

// MaxAt is the latest simulated time of a capture, in seconds (-at, -from
// and -to): one hour. The battle runs there as fast as it can before the
// first frame.
const MaxAt = 3600.0

// Options is what the demo's capture flags ask for: Register defines the
// flags, Check checks their values before a window opens, and Wrap wraps
// the App as they say.
type Options struct {
	// Scale is the window's size as a multiple of the frame (-scale,
	// MinScale..MaxScale); a Screenshot is Scale times the frame too.
	Scale float64
	// Screenshot, when set, is the PNG to write at simulated time At, of
	// the part Crop of the window (one of ui.Crops; "" = the whole
	// window); then the game ends.
	Screenshot string
	At         float64
	Crop       string
	// GIF, when set, is the animated GIF to write of simulated time From
	// to To at FPS frames per second, of the region Crop, scaled by
	// GIFScale; then the game ends.
	GIF      string
	From, To float64
	FPS      int
	GIFScale float64
	// TPSLog prints the measured TPS and FPS every 5 s (TPSLog).
	TPSLog bool
}

// Register defines the demo's capture flags on fs, into o, with their
// defaults: -scale 1, -screenshot, -at 12, -crop, -gif, -from 0, -to 16,
// -fps 10, -gifscale 1 and -tpslog.
func (o *Options) Register(fs *flag.FlagSet) {
	fs.Float64Var(&o.Scale, "scale", 1, fmt.Sprintf("window size as a multiple of %d×%d, %g..%g", ui.ScreenW, ui.ScreenH, float64(MinScale), float64(MaxScale)))
	fs.StringVar(&o.Screenshot, "screenshot", "", "write a PNG of the window at -at seconds to this file, then exit")
	fs.Float64Var(&o.At, "at", 12, fmt.Sprintf("simulation time of the -screenshot, 0..%g seconds", MaxAt))
	fs.StringVar(&o.Crop, "crop", "", "limit the -screenshot or -gif to one part of the window: "+strings.Join(ui.Crops, ", ")+" (why: the Why panel of -select)")
	fs.StringVar(&o.GIF, "gif", "", "write an animated GIF of -from..-to seconds to this file, then exit")
	fs.Float64Var(&o.From, "from", 0, fmt.Sprintf("start of the -gif, 0..%g seconds of simulated time", MaxAt))
	fs.Float64Var(&o.To, "to", 16, fmt.Sprintf("end of the -gif, after -from, at most %g seconds", MaxAt))
	fs.IntVar(&o.FPS, "fps", 10, fmt.Sprintf("frames per second of the -gif, 1..%d", MaxGIFFPS))
	fs.Float64Var(&o.GIFScale, "gifscale", 1, "size of the -gif as a fraction of the screen's, 0.1..1")
	fs.BoolVar(&o.TPSLog, "tpslog", false, "print the measured TPS and FPS every 5 s")
}

// Check returns the first thing wrong with o, in one line naming the
// demo's flag (-scale, -at, -crop, -gif, -from, -to, -fps, -gifscale), or
// nil: every number in its range (NaN is in none), a crop of ui.Crops
// only for a picture, a GIF and a Screenshot not both, and a GIF of at
// most MaxGIFPixels.
func (o Options) Check() error {
	switch {
	case !(o.Scale >= MinScale && o.Scale <= MaxScale):
		return fmt.Errorf("-scale is %s; want %g..%g", figures.Exact(o.Scale), float64(MinScale), float64(MaxScale))
	case !(o.At >= 0 && o.At <= MaxAt):
		return fmt.Errorf("-at is %s; want 0..%g seconds", figures.Exact(o.At), MaxAt)
	case o.Crop != "" && !slices.Contains(ui.Crops, o.Crop):
		return fmt.Errorf("-crop is %q; want %s", o.Crop, strings.Join(ui.Crops, ", "))
	case o.Crop != "" && o.Screenshot == "" && o.GIF == "":
		return errors.New("-crop needs -screenshot or -gif")
	case o.GIF == "":
		return nil
	case o.Screenshot != "":
		return errors.New("-gif and -screenshot cannot be used together")
	case !(o.From >= 0 && o.From <= MaxAt):
		return fmt.Errorf("-from is %s; want 0..%g seconds", figures.Exact(o.From), MaxAt)
	case !(o.To >= 0 && o.To <= MaxAt):
		return fmt.Errorf("-to is %s; want 0..%g seconds", figures.Exact(o.To), MaxAt)
	case o.To <= o.From:
		return fmt.Errorf("-from %s is not before -to %s", figures.Exact(o.From), figures.Exact(o.To))
	case o.FPS < 1 || o.FPS > MaxGIFFPS:
		return fmt.Errorf("-fps is %d; want 1..%d", o.FPS, MaxGIFFPS)
	case !(o.GIFScale >= 0.1 && o.GIFScale <= 1):
		return fmt.Errorf("-gifscale is %s; want 0.1..1", figures.Exact(o.GIFScale))
	}
	w, h := GIFSize(o.Crop, o.GIFScale)
	n := GIFFrames(o.From, o.To, o.FPS)
	if px := float64(n) * float64(w) * float64(h); px > MaxGIFPixels {
		return fmt.Errorf("-gif of %d frames of %d×%d is %.0f pixels; want at most %d (shorten -from..-to, lower -fps or -gifscale, or -crop)",
			n, w, h, px, MaxGIFPixels)
	}
	return nil
}

// Wrap returns app, showing battle g, as o says: a Screenshot (Scale times
// the frame) or a GIF when o asks for one, else app itself; inside a
// TPSLog writing to log every 5 s with TPSLog. Its errors are the
// wrappers' own: Check o first for the flags' messages.
func Wrap(app Syncer, g *game.Session, o Options, log io.Writer) (ebiten.Game, error) {
	var eg ebiten.Game = app
	switch {
	case o.Screenshot != "":
		s, err := NewScreenshot(app, g, o.At, o.Screenshot, o.Crop)
		if err == nil {
			err = s.SetScale(o.Scale)
		}
		if err != nil {
			return nil, err
		}
		eg = s
	case o.GIF != "":
		s, err := NewGIF(app, g, o.From, o.To, o.FPS, o.GIF, o.Crop, o.GIFScale)
		if err != nil {
			return nil, err
		}
		eg = s
	}
	if o.TPSLog {
		eg = NewTPSLog(eg, g, log, 5*time.Second)
	}
	return eg, nil
}
