package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/ui"
	"github.com/moralebreak/moralebreak/ui/capture"
)

// Limits of the demo's flags. Every value outside them is refused with a
// one-line error and exit status 2 before a window opens (README, "The demo").
const (
	// MinScale and MaxScale bound -scale, the window size as a multiple of
	// ui.ScreenW × ui.ScreenH: from 320×180 to 5120×2880 pixels.
	MinScale, MaxScale = 0.25, 4.0
	// MaxWindowSide is the largest window side, in pixels, -scale may ask
	// for: a framebuffer every OpenGL 4 driver (and Mesa's llvmpipe) can
	// allocate as one texture.
	MaxWindowSide = 8192
	// MaxAt is the latest -at, in seconds of simulated time: one hour. The
	// screenshot runs the battle there as fast as it can before the first
	// frame.
	MaxAt = 3600.0
)

// config is everything the flags say, checked: the demo builds from it and
// nothing else.
type config struct {
	// Weights is the weights.toml to load, watch and save (never "").
	Weights string
	// Game is the battle to build; its Settings come from Weights.
	Game game.Config
	// UI is how the App runs.
	UI ui.Config
	// Window is the window size in pixels (ui.ScreenW×ui.ScreenH × Scale,
	// -scale); a -screenshot is Scale times the logical frame too.
	WindowW, WindowH int
	Scale            float64
	// Screenshot, when set, is the PNG to write at simulated time At, of
	// the part Crop of the window (one of ui.Crops; "" = the whole window,
	// or the battle without the panel under -clean); then the demo exits.
	Screenshot string
	At         float64
	Crop       string
	// TPSLog prints the measured TPS and FPS every 5 s.
	TPSLog bool
	// Record, when set, is where the session's replay is written when the
	// demo exits (and where Save replay writes it).
	Record string
	// Replay, when set, is a replay file to play back instead of a new
	// battle: its seed, squad and settings replace -seed, -soldiers and the
	// weights file's.
	Replay string
	// GIF, when set, is the animated GIF to write of simulated time From to
	// To at FPS frames per second, of the region Crop, scaled by GIFScale;
	// then the demo exits.
	GIF      string
	From, To float64
	FPS      int
	GIFScale float64
	// CPUProfile, when set, is the file that receives a CPU profile of the
	// whole run, written when the window closes (go tool pprof reads it).
	CPUProfile string
	// MemProfile, when set, is the file that receives a heap profile (the
	// memory in use after a garbage collection, and every allocation of
	// the run) when the window closes.
	MemProfile string
	// Scenario, when set, is a lab scenario file whose fight Run (seeded as
	// the lab's run Run of Monte-Carlo seed Game.Seed) the demo plays
	// instead of the opening; WeightsSet says -weights was given (else the
	// scenario's own weights are the settings, as in the lab).
	Scenario   string
	Run        int
	WeightsSet bool
	// Odds, when set, is the lab scenario the odds panel counts (default:
	// the -scenario, else the demo's opening).
	Odds string
}

// errHelp is returned by parseConfig for -h and -help: the usage was
// written, and the demo exits with status 0.
var errHelp = flag.ErrHelp

// parseConfig turns the command-line arguments (without the program name)
// into a config. It reads no file and opens no window; it writes only the
// usage, to usage, and only for -h. Every bad value is an error of one line
// naming the flag; nothing is silently replaced.
func parseConfig(args []string, usage io.Writer) (config, error) {
	c := config{Game: game.DefaultConfig()}
	var scale float64
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are returned, in one line
	fs.StringVar(&c.Weights, "weights", "weights.toml", "settings and event weights (created with the defaults if missing)")
	fs.Uint64Var(&c.Game.Seed, "seed", c.Game.Seed, "battle seed")
	fs.IntVar(&c.Game.Soldiers, "soldiers", c.Game.Soldiers, fmt.Sprintf("squad size, 1..%d", game.MaxSoldiers))
	fs.StringVar(&c.Screenshot, "screenshot", "", "write a PNG of the window at -at seconds to this file, then exit")
	fs.Float64Var(&c.At, "at", 12, fmt.Sprintf("simulation time of the -screenshot, 0..%g seconds", MaxAt))
	fs.StringVar(&c.Crop, "crop", "", "limit the -screenshot or -gif to one part of the window: "+strings.Join(ui.Crops, ", ")+" (why: the Why panel of -select)")
	fs.BoolVar(&c.UI.Clean, "clean", false, "hide the tuner panel and the field's clock: the battle and its timeline only (with -screenshot or -gif: cropped to them)")
	fs.Float64Var(&scale, "scale", 1, fmt.Sprintf("window size as a multiple of %d×%d, %g..%g", ui.ScreenW, ui.ScreenH, MinScale, MaxScale))
	fs.StringVar(&c.UI.Select, "select", "", "select this soldier (by name) from the start: his Why panel opens")
	fs.StringVar(&c.UI.StatePath, "state", "", "write the soldiers' screen positions as JSON here after every frame (for tests)")
	fs.BoolVar(&c.TPSLog, "tpslog", false, "print the measured TPS and FPS every 5 s")
	fs.StringVar(&c.Record, "record", "", "write the session's replay to this file when the demo exits")
	fs.StringVar(&c.Replay, "replay", "", "play back this replay file (it sets the seed, the squad and the settings)")
	fs.StringVar(&c.GIF, "gif", "", "write an animated GIF of -from..-to seconds to this file, then exit")
	fs.Float64Var(&c.From, "from", 0, fmt.Sprintf("start of the -gif, 0..%g seconds of simulated time", MaxAt))
	fs.Float64Var(&c.To, "to", 16, fmt.Sprintf("end of the -gif, after -from, at most %g seconds", MaxAt))
	fs.IntVar(&c.FPS, "fps", 10, fmt.Sprintf("frames per second of the -gif, 1..%d", capture.MaxGIFFPS))
	fs.Float64Var(&c.GIFScale, "gifscale", 1, "size of the -gif as a fraction of the screen's, 0.1..1")
	fs.StringVar(&c.Game.Scene, "scene", game.SceneOpening, "the battle: opening (five men) or armies (two armies of 50 squads of 100)")
	fs.StringVar(&c.CPUProfile, "cpuprofile", "", "write a CPU profile of the run to this file when the window closes")
	fs.StringVar(&c.MemProfile, "memprofile", "", "write a heap profile to this file when the window closes")
	fs.StringVar(&c.Scenario, "scenario", "", "play this lab scenario's fight -run (as moralesim run plays it) instead of the opening")
	fs.IntVar(&c.Run, "run", 0, fmt.Sprintf("with -scenario: the fight to play, 0..%d (moralesim's run index; -seed is its Monte-Carlo seed)", lab.MaxRuns-1))
	fs.StringVar(&c.Odds, "odds", "", "the lab scenario whose odds the odds panel counts (default: -scenario, else the opening; none in the armies scene)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			// Rendered first, then written once: the flag package drops
			// its own write errors, and a usage that cannot be written is
			// an error, not a help shown.
			var b strings.Builder
			b.WriteString("Usage of demo:\n")
			fs.SetOutput(&b)
			fs.PrintDefaults()
			if _, err := io.WriteString(usage, b.String()); err != nil {
				return config{}, fmt.Errorf("writing the usage: %w", err)
			}
			return config{}, errHelp
		}
		return config{}, err
	}
	if fs.NArg() > 0 {
		return config{}, fmt.Errorf("unexpected argument %q (every option is a -flag)", fs.Arg(0))
	}
	if c.Weights == "" {
		return config{}, errors.New("-weights is empty; want the path of a weights.toml")
	}
	c.UI.WeightsPath = c.Weights
	if n := c.Game.Soldiers; n < 1 || n > game.MaxSoldiers {
		return config{}, fmt.Errorf("-soldiers is %d; want 1..%d", n, game.MaxSoldiers)
	}
	if !slices.Contains(game.Scenes(), c.Game.Scene) {
		return config{}, fmt.Errorf("-scene is %q; want %s", c.Game.Scene, strings.Join(game.Scenes(), " or "))
	}
	if !(scale >= MinScale && scale <= MaxScale) { // NaN fails too
		return config{}, fmt.Errorf("-scale is %v; want %g..%g", scale, MinScale, MaxScale)
	}
	c.Scale = scale
	c.WindowW, c.WindowH = int(math.Round(ui.ScreenW*scale)), int(math.Round(ui.ScreenH*scale))
	if c.WindowW > MaxWindowSide || c.WindowH > MaxWindowSide {
		return config{}, fmt.Errorf("-scale %v makes a %d×%d window; want each side at most %d", scale, c.WindowW, c.WindowH, MaxWindowSide)
	}
	if !(c.At >= 0 && c.At <= MaxAt) { // NaN fails too
		return config{}, fmt.Errorf("-at is %v; want 0..%g seconds", c.At, MaxAt)
	}
	if c.Crop != "" && !slices.Contains(ui.Crops, c.Crop) {
		return config{}, fmt.Errorf("-crop is %q; want %s", c.Crop, strings.Join(ui.Crops, ", "))
	}
	if c.Crop != "" && c.Screenshot == "" && c.GIF == "" {
		return config{}, errors.New("-crop needs -screenshot or -gif")
	}
	if c.Crop == "why" && c.UI.Select == "" {
		return config{}, errors.New("-crop why needs -select NAME: the Why panel is the selected soldier's")
	}
	// A capture is a picture: nothing of the wall clock in it.
	c.UI.Capture = c.Screenshot != "" || c.GIF != ""
	if c.UI.Clean && c.UI.Capture && c.Crop == "" {
		c.Crop = "battle" // the panel's place would be empty
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if err := checkGIF(c, set); err != nil {
		return config{}, err
	}
	if c.Replay != "" && (set["seed"] || set["soldiers"]) {
		return config{}, errors.New("-replay sets the seed and the squad; drop -seed and -soldiers")
	}
	if c.Replay != "" && c.Replay == c.Record {
		return config{}, fmt.Errorf("-record %q is the -replay file; pick another file", c.Record)
	}
	if err := checkScenario(c, set); err != nil {
		return config{}, err
	}
	c.WeightsSet = set["weights"]
	return c, nil
}

// checkScenario checks the -scenario flags (set: the flags given).
func checkScenario(c config, set map[string]bool) error {
	if c.Scenario == "" {
		if set["run"] {
			return errors.New("-run needs -scenario")
		}
		return nil
	}
	switch {
	case c.Replay != "":
		return errors.New("-scenario and -replay cannot be used together (a replay of a scenario carries it: use -replay alone)")
	case set["soldiers"] || set["scene"]:
		return errors.New("-scenario sets the squads and the scene; drop -soldiers and -scene")
	case c.Run < 0 || c.Run >= lab.MaxRuns:
		return fmt.Errorf("-run is %d; want 0..%d (moralesim's run index)", c.Run, lab.MaxRuns-1)
	}
	return nil
}

// checkGIF checks the -gif flags (set: the flags given).
func checkGIF(c config, set map[string]bool) error {
	if c.GIF == "" {
		for _, f := range []string{"from", "to", "fps", "gifscale"} {
			if set[f] {
				return fmt.Errorf("-%s needs -gif", f)
			}
		}
		return nil
	}
	switch {
	case c.Screenshot != "":
		return errors.New("-gif and -screenshot cannot be used together")
	case !(c.From >= 0 && c.From <= MaxAt): // NaN fails too
		return fmt.Errorf("-from is %v; want 0..%g seconds", c.From, MaxAt)
	case !(c.To >= 0 && c.To <= MaxAt):
		return fmt.Errorf("-to is %v; want 0..%g seconds", c.To, MaxAt)
	case c.To <= c.From:
		return fmt.Errorf("-from %v is not before -to %v", c.From, c.To)
	case c.FPS < 1 || c.FPS > capture.MaxGIFFPS:
		return fmt.Errorf("-fps is %d; want 1..%d", c.FPS, capture.MaxGIFFPS)
	case !(c.GIFScale >= 0.1 && c.GIFScale <= 1):
		return fmt.Errorf("-gifscale is %v; want 0.1..1", c.GIFScale)
	}
	w, h := capture.GIFSize(c.Crop, c.GIFScale)
	n := capture.GIFFrames(c.From, c.To, c.FPS)
	if px := float64(n) * float64(w) * float64(h); px > capture.MaxGIFPixels {
		return fmt.Errorf("-gif of %d frames of %d×%d is %.0f pixels; want at most %d (shorten -from..-to, lower -fps or -gifscale, or -crop)",
			n, w, h, px, capture.MaxGIFPixels)
	}
	return nil
}

// checkOutputs checks that every file the demo will write (-gif, -record,
// -screenshot, -cpuprofile, -memprofile, -state) can be written: a regular
// file, a symlink to one, or nothing yet (creating and removing an empty one
// to be sure); a FIFO, a device or a folder is refused at once, without
// opening it (a FIFO would block the open until something read it; a device
// would be replaced by the atomic write at the end). It returns a one-line
// error naming the flag.
func checkOutputs(c config) error {
	for _, o := range []struct{ flag, path string }{
		{"-gif", c.GIF}, {"-record", c.Record}, {"-screenshot", c.Screenshot}, {"-cpuprofile", c.CPUProfile},
		{"-memprofile", c.MemProfile}, {"-state", c.UI.StatePath},
	} {
		if o.path == "" {
			continue
		}
		target, exists, err := safefile.Target(o.path)
		if err != nil {
			return fmt.Errorf("%s: cannot write: %v", o.flag, err)
		}
		f, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE, 0o644)
		if err != nil {
			return fmt.Errorf("%s: cannot write: %v", o.flag, err)
		}
		if err := f.Close(); err != nil {
			return fmt.Errorf("%s: %v", o.flag, err)
		}
		if !exists {
			if err := os.Remove(target); err != nil {
				return fmt.Errorf("%s: %v", o.flag, err)
			}
		}
	}
	return nil
}
