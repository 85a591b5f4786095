package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/ui"
	"github.com/moralebreak/moralebreak/ui/capture"
)

// MaxWindowSide is the largest window side, in pixels, -scale may ask for:
// a framebuffer every OpenGL 4 driver (and Mesa's llvmpipe) can allocate as
// one texture.
const MaxWindowSide = 8192

// config is everything the flags say, checked: the demo builds from it and
// nothing else.
type config struct {
	// Weights is the weights.toml to load, watch and save (never "").
	Weights string
	// Game is the battle to build; its Settings come from Weights.
	Game game.Config
	// UI is how the App runs.
	UI ui.Config
	// Options are the pictures and numbers to write (-scale, -screenshot,
	// -gif, -tpslog …); under -clean a capture without -crop is of the
	// battle without the panel.
	capture.Options
	// Window is the window size in pixels (ui.ScreenW×ui.ScreenH × Scale).
	WindowW, WindowH int
	// Record, when set, is where the session's replay is written when the
	// demo exits (and where Save replay writes it).
	Record string
	// Replay, when set, is a replay file to play back instead of a new
	// battle: its seed, squad and settings replace -seed, -soldiers and the
	// weights file's.
	Replay string
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

// defaultReplayPath is the file Save replay writes without -record.
const defaultReplayPath = "moralebreak-replay.txt"

// defaultWeights is -weights's default, the weights.toml of the folder the
// demo works in (programFolder looks for it).
const defaultWeights = "weights.toml"

// parseConfig turns the command-line arguments (without the program name)
// into a config. It reads no file and opens no window; it writes only the
// usage, to usage, and only for -h. Every bad value is an error of one line
// naming the flag; nothing is silently replaced.
func parseConfig(args []string, usage io.Writer) (config, error) {
	c := config{Game: game.DefaultConfig()}
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	var help strings.Builder
	fs.SetOutput(&help) // the usage of -h; an error's own text is dropped: it is returned, in one line
	c.Options.Register(fs)
	fs.StringVar(&c.Weights, "weights", defaultWeights, "settings and event weights (created with the defaults if missing)")
	fs.Uint64Var(&c.Game.Seed, "seed", c.Game.Seed, "battle seed")
	fs.IntVar(&c.Game.Soldiers, "soldiers", c.Game.Soldiers, fmt.Sprintf("squad size, 1..%d", game.MaxSoldiers))
	fs.BoolVar(&c.UI.Clean, "clean", false, "hide the tuner panel and the field's clock: the battle and its timeline only (with -screenshot or -gif: cropped to them)")
	fs.StringVar(&c.UI.Select, "select", "", "select this soldier (by name) from the start: his Why panel opens")
	fs.StringVar(&c.UI.StatePath, "state", "", "write the soldiers' screen positions as JSON here after every frame (for tests)")
	fs.StringVar(&c.Record, "record", "", "write the session's replay to this file when the demo exits")
	fs.StringVar(&c.Replay, "replay", "", "play back this replay file (it sets the seed, the squad and the settings)")
	fs.StringVar(&c.Game.Scene, "scene", game.SceneOpening, "the battle: opening (five men) or armies (two armies of 50 squads of 100)")
	fs.StringVar(&c.CPUProfile, "cpuprofile", "", "write a CPU profile of the run to this file when the window closes")
	fs.StringVar(&c.MemProfile, "memprofile", "", "write a heap profile to this file when the window closes")
	fs.StringVar(&c.Scenario, "scenario", "", "play this lab scenario's fight -run (as moralesim run plays it) instead of the opening")
	fs.IntVar(&c.Run, "run", 0, fmt.Sprintf("with -scenario: the fight to play, 0..%d (moralesim's run index; -seed is its Monte-Carlo seed)", lab.MaxRuns-1))
	fs.StringVar(&c.Odds, "odds", "", "the lab scenario whose odds the odds panel counts (default: -scenario, else the opening; none in the armies scene)")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		// Written once, after the flag package rendered it: it drops its
		// own write errors, and a usage that cannot be written is an
		// error, not a help shown.
		if _, err := io.WriteString(usage, help.String()); err != nil {
			return config{}, fmt.Errorf("writing the usage: %w", err)
		}
		return config{}, errHelp
	} else if err != nil {
		return config{}, err
	}
	if fs.NArg() > 0 {
		return config{}, fmt.Errorf("unexpected argument %q (every option is a -flag)", fs.Arg(0))
	}
	if err := c.Options.Check(); err != nil {
		return config{}, err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, n := range [][2]string{{"from", "gif"}, {"to", "gif"}, {"fps", "gif"}, {"gifscale", "gif"}, {"run", "scenario"}} {
		if set[n[0]] && fs.Lookup(n[1]).Value.String() == "" {
			return config{}, fmt.Errorf("-%s needs -%s", n[0], n[1])
		}
	}
	c.WindowW, c.WindowH = int(math.Round(ui.ScreenW*c.Scale)), int(math.Round(ui.ScreenH*c.Scale))
	for _, r := range []struct {
		bad bool
		msg string
	}{
		{c.Weights == "", "-weights is empty; want the path of a weights.toml"},
		{c.Game.Soldiers < 1 || c.Game.Soldiers > game.MaxSoldiers, fmt.Sprintf("-soldiers is %d; want 1..%d", c.Game.Soldiers, game.MaxSoldiers)},
		{!slices.Contains(game.Scenes(), c.Game.Scene), fmt.Sprintf("-scene is %q; want %s", c.Game.Scene, strings.Join(game.Scenes(), " or "))},
		{c.WindowW > MaxWindowSide || c.WindowH > MaxWindowSide, fmt.Sprintf("-scale %v makes a %d×%d window; want each side at most %d", c.Scale, c.WindowW, c.WindowH, MaxWindowSide)},
		{c.Crop == "why" && c.UI.Select == "", "-crop why needs -select NAME: the Why panel is the selected soldier's"},
		{c.Replay != "" && (set["seed"] || set["soldiers"]), "-replay sets the seed and the squad; drop -seed and -soldiers"},
		{c.Replay != "" && c.Replay == c.Record, fmt.Sprintf("-record %q is the -replay file; pick another file", c.Record)},
		{c.Scenario != "" && c.Replay != "", "-scenario and -replay cannot be used together (a replay of a scenario carries it: use -replay alone)"},
		{c.Scenario != "" && (set["soldiers"] || set["scene"]), "-scenario sets the squads and the scene; drop -soldiers and -scene"},
		{c.Run < 0 || c.Run >= lab.MaxRuns, fmt.Sprintf("-run is %d; want 0..%d (moralesim's run index)", c.Run, lab.MaxRuns-1)},
	} {
		if r.bad {
			return config{}, errors.New(r.msg)
		}
	}
	// A capture is a picture: nothing of the wall clock in it.
	c.UI.Capture = c.Screenshot != "" || c.GIF != ""
	if c.UI.Clean && c.UI.Capture && c.Crop == "" {
		c.Crop = "battle" // the panel's place would be empty
	}
	c.UI.WeightsPath, c.UI.ReplayPath, c.UI.Pictures = c.Weights, cmp.Or(c.Record, defaultReplayPath), capture.SavePicture
	c.WeightsSet = set["weights"]
	return c, nil
}

// checkOutputs checks that every file the demo will write (-gif, -record,
// -screenshot, -cpuprofile, -memprofile, -state) can be written
// (safefile.CheckOutputs: a FIFO, a device or a folder is refused at
// once, without opening it). It returns a one-line error naming the flag.
func checkOutputs(c config) error {
	return safefile.CheckOutputs([][2]string{{"-gif", c.GIF}, {"-record", c.Record}, {"-screenshot", c.Screenshot},
		{"-cpuprofile", c.CPUProfile}, {"-memprofile", c.MemProfile}, {"-state", c.UI.StatePath}})
}
