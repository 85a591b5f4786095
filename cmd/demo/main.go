// Command demo runs the MoraleBreak demo: a squad under fire, its morale bars,
// a timeline and a live tuner. See package ui for the controls.
//
// main is flags → config → build → run: parseConfig checks every flag
// (a bad value exits with status 2 before a window opens), main loads the
// files the flags name (scenarios, replay, weights), build makes the game,
// renderer and App, and run opens the window.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/cmd/demo/internal/labodds"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/internal/weightsfile"
	"github.com/moralebreak/moralebreak/render"
	"github.com/moralebreak/moralebreak/ui"
	"github.com/moralebreak/moralebreak/ui/capture"
)

// Exit statuses.
const (
	exitFailed = 1 // the window cannot open, or an output cannot be written
	exitUsage  = 2 // a bad flag value, or a file a flag names that is not a good one
)

func main() {
	useParentConsole() // on Windows, a windowed demo.exe prints to the console it was started from
	if dir := programFolder(os.Args[1:], executable()); dir != "" {
		if err := os.Chdir(dir); err != nil {
			fail(exitFailed, err)
		}
		fmt.Fprintf(os.Stderr, "demo: working in %s, beside the program: the folder it was started from has no weights.toml\n", dir)
	}
	cfg, err := parseConfig(os.Args[1:], os.Stderr)
	if errors.Is(err, errHelp) {
		os.Exit(0)
	}
	if err == nil {
		err = checkOutputs(cfg)
	}
	if err != nil {
		fail(exitUsage, err)
	}
	var rec *game.Recording
	if cfg.Replay != "" {
		start := time.Now()
		r, err := game.LoadReplay(cfg.Replay, replayProgress(start))
		if err != nil {
			fail(exitUsage, replayError(err))
		}
		if time.Since(start) >= 2*time.Second { // its progress was shown
			fmt.Fprintln(os.Stderr, "demo: the replay checks out")
		}
		rec = &r
	}
	replayScene := ""
	if rec != nil {
		replayScene = rec.Scene
	}
	odds, err := loadScenarios(&cfg, replayScene)
	if err != nil {
		fail(exitUsage, safefile.OneLine(err))
	}
	if odds != nil {
		cfg.UI.Odds = labodds.New(odds) // the App closes it
	}
	cfg.UI.Lint = labodds.Lint
	if cfg.Scenario == "" || cfg.WeightsSet {
		if cfg.Game.Settings, _, err = weightsfile.Load(cfg.Weights); err != nil {
			fail(exitUsage, safefile.OneLine(err))
		}
	}
	app, g, eg, err := build(cfg, rec)
	if errors.Is(err, ui.ErrUnknownSoldier) {
		fail(exitUsage, err)
	}
	if err != nil {
		fail(exitFailed, err)
	}
	end, err := capture.Profile(cfg.CPUProfile, cfg.MemProfile)
	if err != nil {
		fail(exitFailed, errors.Join(err, app.Close()))
	}
	run(cfg, eg)
	err = errors.Join(end(), app.Close())
	if cfg.Record != "" {
		if _, rerr := game.SaveReplay(cfg.Record, g.Recording()); rerr != nil {
			err = errors.Join(err, fmt.Errorf("-record: %w", rerr))
		}
	}
	if err != nil {
		fail(exitFailed, err)
	}
}

// replayProgress shows the progress of checking a replay (game.LoadReplay)
// started at start on stderr, once a second after the first two.
func replayProgress(start time.Time) func(done, total float64) {
	last := start
	return func(done, total float64) {
		now := time.Now()
		if now.Sub(start) < 2*time.Second || now.Sub(last) < time.Second && done < total {
			return
		}
		last = now
		eta := time.Duration(float64(now.Sub(start)) * (total - done) / max(done, 1)).Round(time.Second)
		fmt.Fprintf(os.Stderr, "demo: checking the replay: %3.0f%% (about %v left)\n", 100*done/max(total, 1), eta)
	}
}

// replayError is a problem of the -replay file as the demo says it,
// whether the file fails to load (game.LoadReplay's error, which begins
// with the file) or its replay stops mid-way (its status's error, given
// here as a *game.ReplayFileError): "-replay FILE: line 32: tick 100:
// kill 9: no such soldier: 9", the file named once.
func replayError(err error) error { return fmt.Errorf("-replay %w", err) }

// build makes the game (a new battle of cfg.Game, or the replay rec, whose
// end it prints), the renderer and the App, wrapped for -screenshot, -gif
// and -tpslog (capture.Wrap). It opens no window.
func build(cfg config, rec *game.Recording) (*ui.App, *game.Session, ebiten.Game, error) {
	if err := capture.CheckDisplay(); err != nil {
		return nil, nil, nil, err
	}
	var g *game.Session
	var err error
	if rec == nil {
		g, err = game.NewSession(cfg.Game)
	} else if g, err = game.NewReplay(*rec); err == nil {
		g.OnReplayEnd(func(st game.ReplayStatus) {
			if st.Err != nil {
				fmt.Fprintln(os.Stderr, "demo:", replayError(&game.ReplayFileError{Path: cfg.Replay, Err: st.Err}))
				return
			}
			fmt.Printf("replay %s: %v\n", cfg.Replay, st)
		})
	}
	if err != nil {
		return nil, nil, nil, err
	}
	a, err := assets.Load()
	if err != nil {
		return nil, nil, nil, err
	}
	a = a.LegibleAt(cfg.Scale) // no text under assets.MinTextPx in the window
	app, err := ui.NewApp(cfg.UI, g, render.New(a), a)
	if err != nil {
		return nil, nil, nil, err
	}
	eg, err := capture.Wrap(app, g, cfg.Options, os.Stderr)
	if err != nil {
		return nil, nil, nil, errors.Join(err, app.Close())
	}
	return app, g, eg, nil
}

// heapLimit is the Go memory the demo asks the collector to stay under
// (debug.SetMemoryLimit; GOMEMLIMIT in the environment replaces it). Left
// alone, the collector lets the heap grow to twice what is live: a long
// armies session, whose rewind keeps up to 384 MB of snapshots, would then
// hold over 1 GB resident. Near the limit the collector runs more often
// instead; it never stops the demo, which may go past it when more is live.
const heapLimit = 640 << 20

// run sets the window up, opens it and runs eg in it (capture.Window) until
// it ends. With an output written at the end (-record, a profile), an
// interrupt or SIGTERM ends it too, so that the output is written as after
// a closed window.
func run(cfg config, eg ebiten.Game) {
	ebiten.SetWindowTitle("MoraleBreak — squad morale demo")
	ebiten.SetWindowSize(cfg.WindowW, cfg.WindowH)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetTPS(game.TPS)
	// App.Draw covers every pixel of every frame: a clear before it would
	// be one more screen-sized pass for a software renderer.
	ebiten.SetScreenClearedEveryFrame(false)
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(heapLimit)
	}
	w := capture.Window{Game: eg, Stop: make(chan os.Signal, 1)}
	if cfg.Record != "" || cfg.CPUProfile != "" || cfg.MemProfile != "" {
		signal.Notify(w.Stop, os.Interrupt, syscall.SIGTERM)
	}
	defer func() {
		if r := recover(); r != nil { // a window that cannot open panics on some platforms
			fail(exitFailed, capture.ExplainStartError(r))
		}
	}()
	if err := ebiten.RunGame(w); err != nil {
		fail(exitFailed, capture.ExplainStartError(err))
	}
}

// fail prints v after "demo: " and exits with code; on Windows, started by a
// double-click (no console to print to), it shows v in a message box first.
func fail(code int, v any) {
	if err, ok := v.(error); ok {
		v = safefile.Plain(err) // a missing file: "nope.toml: no such file" on every system
	}
	fmt.Fprintln(os.Stderr, "demo:", v)
	showFatal(fmt.Sprint("demo: ", v))
	os.Exit(code)
}
