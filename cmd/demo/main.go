// Command demo runs the MoraleBreak demo: a squad under fire, its morale bars,
// a timeline and a live tuner. See package ui for the controls.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/render"
	"github.com/moralebreak/moralebreak/ui"
)

func main() {
	cfg, gc := ui.Config{}, game.DefaultConfig()
	flag.StringVar(&cfg.WeightsPath, "weights", "weights.toml", "settings and event weights (created with the defaults if missing)")
	flag.Uint64Var(&gc.Seed, "seed", gc.Seed, "battle seed")
	flag.IntVar(&gc.Soldiers, "soldiers", gc.Soldiers, "squad size")
	flag.StringVar(&cfg.Screenshot, "screenshot", "", "write a PNG of the window at -at seconds to this file, then exit")
	flag.Float64Var(&cfg.At, "at", 12, "simulation time of the -screenshot, in seconds")
	flag.StringVar(&cfg.Crop, "crop", "", "limit the -screenshot to one region: field, timeline or panel")
	flag.Float64Var(&cfg.Scale, "scale", 1, "window size as a multiple of 1280×720")
	flag.StringVar(&cfg.StatePath, "state", "", "write the soldiers' screen positions as JSON here after every frame (for tests)")
	flag.BoolVar(&cfg.LogTPS, "tpslog", false, "print the measured TPS and FPS every 5 s")
	flag.Parse()

	var err error
	if gc.Settings, _, err = ui.LoadWeights(cfg.WeightsPath); err != nil {
		fail(err)
	}
	if err := ui.CheckDisplay(); err != nil {
		fail(err)
	}
	g, err := game.New(gc)
	if err != nil {
		fail(err)
	}
	a, err := assets.Load()
	if err != nil {
		fail(err)
	}
	app, err := ui.NewApp(cfg, g, render.New(a), a)
	if err != nil {
		fail(err)
	}
	defer func() {
		if r := recover(); r != nil { // a window that cannot open panics on some platforms
			fail(ui.ExplainStartError(r))
		}
	}()
	if err := ebiten.RunGame(app); err != nil {
		fail(ui.ExplainStartError(err))
	}
}

func fail(v any) {
	fmt.Fprintln(os.Stderr, "demo:", v)
	os.Exit(1)
}
