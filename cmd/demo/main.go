// Command demo runs the MoraleBreak demo: a squad under fire, its morale bars,
// a timeline and a live tuner. See package ui for the controls.
//
// main is flags → config → build → run: parseConfig checks every flag
// (a bad value exits with status 2 before a window opens), build loads the
// weights and makes the game, renderer and App, and run opens the window.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime/pprof"
	"sync"
	"syscall"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/render"
	"github.com/moralebreak/moralebreak/ui"
)

// Exit statuses.
const (
	exitFailed = 1 // the weights file is broken, or the window cannot open
	exitUsage  = 2 // a bad flag value, or -weights names no regular file
)

func main() {
	cfg, err := parseConfig(os.Args[1:], os.Stderr)
	if errors.Is(err, errHelp) {
		os.Exit(0)
	}
	if err != nil {
		fail(exitUsage, err)
	}
	app, eg, err := build(cfg)
	if err != nil {
		code := exitFailed
		if errors.Is(err, ui.ErrNotRegularFile) {
			code = exitUsage
		}
		fail(code, err)
	}
	stop, err := startProfile(cfg.CPUProfile)
	if err != nil {
		fail(exitFailed, errors.Join(err, app.Close()))
	}
	run(cfg, eg)
	if err := stop(); err != nil {
		fail(exitFailed, errors.Join(err, app.Close()))
	}
	if err := app.Close(); err != nil {
		fail(exitFailed, err)
	}
}

// build loads the weights and makes the game, the renderer and the App,
// wrapped for -screenshot and -tpslog. It opens no window.
func build(cfg config) (*ui.App, ebiten.Game, error) {
	var err error
	if cfg.Game.Settings, _, err = ui.LoadWeights(cfg.Weights); err != nil {
		return nil, nil, err
	}
	if err := ui.CheckDisplay(); err != nil {
		return nil, nil, err
	}
	g, err := game.New(cfg.Game)
	if err != nil {
		return nil, nil, err
	}
	a, err := assets.Load()
	if err != nil {
		return nil, nil, err
	}
	app, err := ui.NewApp(cfg.UI, g, render.New(a), a)
	if err != nil {
		return nil, nil, err
	}
	var eg ebiten.Game = app
	if cfg.Screenshot != "" {
		if eg, err = ui.NewScreenshot(app, g, cfg.At, cfg.Screenshot, cfg.Crop); err != nil {
			return nil, nil, errors.Join(err, app.Close())
		}
	}
	if cfg.TPSLog {
		eg = ui.NewTPSLog(eg, g, os.Stderr, 5*time.Second)
	}
	return app, eg, nil
}

// run sets the window up, opens it and runs eg until it ends.
func run(cfg config, eg ebiten.Game) {
	ebiten.SetWindowTitle("MoraleBreak — squad morale demo")
	ebiten.SetWindowSize(cfg.WindowW, cfg.WindowH)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetTPS(game.TPS)
	// App.Draw covers every pixel of every frame: a clear before it would
	// be one more screen-sized pass for a software renderer.
	ebiten.SetScreenClearedEveryFrame(false)
	defer func() {
		if r := recover(); r != nil { // a window that cannot open panics on some platforms
			fail(exitFailed, ui.ExplainStartError(r))
		}
	}()
	if err := ebiten.RunGame(eg); err != nil {
		fail(exitFailed, ui.ExplainStartError(err))
	}
}

// startProfile starts a CPU profile into path ("" = none) and returns the
// function that stops it and closes the file. An interrupt or SIGTERM
// (the way a profiling run under xvfb-run or timeout ends) also writes the
// profile, then exits with status 1.
func startProfile(path string) (stop func() error, err error) {
	if path == "" {
		return func() error { return nil }, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("-cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		return nil, errors.Join(fmt.Errorf("-cpuprofile: %w", err), f.Close())
	}
	var once sync.Once
	var closeErr error
	stop = func() error {
		once.Do(func() {
			pprof.StopCPUProfile()
			if err := f.Close(); err != nil {
				closeErr = fmt.Errorf("-cpuprofile: %w", err)
			}
		})
		return closeErr
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		s := <-sig
		if err := stop(); err != nil {
			fail(exitFailed, err)
		}
		fail(exitFailed, "stopped by "+s.String()+"; CPU profile written to "+path)
	}()
	return stop, nil
}

// fail prints v after "demo: " and exits with code.
func fail(code int, v any) {
	fmt.Fprintln(os.Stderr, "demo:", v)
	os.Exit(code)
}
