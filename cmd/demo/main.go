// Command demo runs the MoraleBreak demo: a squad under fire, its morale bars,
// a timeline and a live tuner. See package ui for the controls.
//
// main is flags → config → build → run: parseConfig checks every flag
// (a bad value exits with status 2 before a window opens), build loads the
// weights and makes the game, renderer and App, and run opens the window.
package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/cmd/demo/internal/labodds"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/render"
	"github.com/moralebreak/moralebreak/ui"
	"github.com/moralebreak/moralebreak/ui/capture"
)

// Exit statuses.
const (
	exitFailed = 1 // the window cannot open, or an output cannot be written
	exitUsage  = 2 // a bad flag value, or a -weights file that is not a good weights file
)

func main() {
	cfg, err := parseConfig(os.Args[1:], os.Stderr)
	if errors.Is(err, errHelp) {
		os.Exit(0)
	}
	if err != nil {
		fail(exitUsage, err)
	}
	if err := checkOutputs(cfg); err != nil {
		fail(exitUsage, err)
	}
	odds, err := loadScenarios(&cfg)
	if err != nil {
		fail(exitUsage, oneLine(err))
	}
	if odds != nil {
		cfg.UI.Odds = labodds.New(odds) // the App closes it
	}
	cfg.UI.Lint = labodds.Lint
	var rec *game.Recording
	if cfg.Replay != "" {
		r, err := loadReplay(cfg.Replay)
		if err != nil {
			fail(exitUsage, err)
		}
		rec = &r
	}
	app, g, eg, err := build(cfg, rec)
	var bad badWeights
	if errors.As(err, &bad) {
		fail(exitUsage, oneLine(bad.err))
	}
	if errors.Is(err, ui.ErrUnknownSoldier) {
		fail(exitUsage, err)
	}
	if err != nil {
		fail(exitFailed, err)
	}
	if cfg.Record != "" || cfg.CPUProfile != "" || cfg.MemProfile != "" {
		// Ctrl-C or a kill ends the game loop, so the recording and the
		// profile are written.
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
		eg = &stopOnSignal{Game: eg, c: sig}
	}
	stop, err := startProfile(cfg.CPUProfile)
	if err != nil {
		fail(exitFailed, errors.Join(err, app.Close()))
	}
	run(cfg, eg)
	err = errors.Join(stop(), writeHeapProfile(cfg.MemProfile), app.Close())
	if cfg.Record != "" {
		if _, rerr := ui.SaveReplay(cfg.Record, g.Recording()); rerr != nil {
			err = errors.Join(err, fmt.Errorf("-record: %w", rerr))
		}
	}
	if err != nil {
		fail(exitFailed, err)
	}
}

// stopOnSignal ends the game loop (ebiten.Termination) at the first Update
// after a signal arrives on c.
type stopOnSignal struct {
	ebiten.Game
	c chan os.Signal
}

func (s *stopOnSignal) Update() error {
	select {
	case <-s.c:
		return ebiten.Termination
	default:
		return s.Game.Update()
	}
}

// loadReplay reads the replay file at path (a regular file of at most
// game.MaxReplayBytes: a FIFO or a device is refused at once) and plays it
// through with no window, so that a corrupt file, a newer version, a file
// too long to play (game.MaxReplayWork) or a command the battle refuses (a
// soldier who does not exist at that tick) is found, with its line, before
// anything runs. A play-through of more than two seconds shows its progress
// on stderr, once a second.
func loadReplay(path string) (game.Recording, error) {
	f, err := safefile.Open(path, game.MaxReplayBytes, "replay")
	if err != nil {
		return game.Recording{}, fmt.Errorf("-replay: %w", err)
	}
	r, err := game.ReadReplay(f)
	if cerr := f.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err == nil {
		start := time.Now()
		last := start
		shown := false
		_, err = game.PlayReplayContext(context.Background(), r, func(done, total float64) {
			now := time.Now()
			if now.Sub(start) < 2*time.Second || now.Sub(last) < time.Second && done < total {
				return
			}
			last, shown = now, true
			eta := time.Duration(float64(now.Sub(start)) * (total - done) / max(done, 1)).Round(time.Second)
			fmt.Fprintf(os.Stderr, "demo: checking the replay: %3.0f%% (about %v left)\n", 100*done/max(total, 1), eta)
		})
		if shown && err == nil {
			fmt.Fprintln(os.Stderr, "demo: the replay checks out")
		}
	}
	if err != nil {
		return game.Recording{}, fmt.Errorf("-replay %s: %w", path, err)
	}
	return r, nil
}

// replayEnd prints how the replay ended: the battle's digest at the end of
// the file and whether it equals the digest stored in it.
func replayEnd(path string) func(game.ReplayStatus) {
	return func(st game.ReplayStatus) {
		if st.Err != nil {
			fmt.Fprintf(os.Stderr, "demo: -replay %s: %v\n", path, st.Err)
			return
		}
		verdict := "equals the file's"
		if !st.Match {
			verdict = "DIFFERS from the file's " + st.Want
		}
		fmt.Printf("replay %s: end at tick %d (%.2f s of session): digest %s %s\n",
			path, st.End, float64(st.End)/game.SubTicksPerSecond, st.Digest, verdict)
	}
}

// build loads the weights and makes the game (a new battle, or the replay
// rec), the renderer and the App, wrapped for -screenshot, -gif and
// -tpslog. It opens no window.
func build(cfg config, rec *game.Recording) (*ui.App, *game.Session, ebiten.Game, error) {
	var err error
	if cfg.Scenario == "" || cfg.WeightsSet {
		if cfg.Game.Settings, _, err = ui.LoadWeights(cfg.Weights); err != nil {
			return nil, nil, nil, badWeights{err}
		}
	}
	if err := ui.CheckDisplay(); err != nil {
		return nil, nil, nil, err
	}
	var g *game.Session
	if rec != nil {
		g, err = game.NewReplay(*rec)
		if err == nil {
			g.OnReplayEnd(replayEnd(cfg.Replay))
		}
	} else {
		g, err = game.NewSession(cfg.Game)
	}
	if err != nil {
		return nil, nil, nil, err
	}
	a, err := assets.Load()
	if err != nil {
		return nil, nil, nil, err
	}
	a = a.LegibleAt(cfg.Scale) // no text under assets.MinTextPx in the window
	cfg.UI.ReplayPath = cfg.Record
	if cfg.UI.ReplayPath == "" {
		cfg.UI.ReplayPath = defaultReplayPath
	}
	app, err := ui.NewApp(cfg.UI, g, render.New(a), a)
	if err != nil {
		return nil, nil, nil, err
	}
	var eg ebiten.Game = app
	switch {
	case cfg.Screenshot != "":
		s, err := capture.NewScreenshot(app, g, cfg.At, cfg.Screenshot, cfg.Crop)
		if err == nil {
			err = s.SetScale(cfg.Scale) // the picture is the window's size
		}
		if err != nil {
			return nil, nil, nil, errors.Join(err, app.Close())
		}
		eg = s
	case cfg.GIF != "":
		if eg, err = capture.NewGIF(app, g, cfg.From, cfg.To, cfg.FPS, cfg.GIF, cfg.Crop, cfg.GIFScale); err != nil {
			return nil, nil, nil, errors.Join(err, app.Close())
		}
	}
	if cfg.TPSLog {
		eg = capture.NewTPSLog(eg, g, os.Stderr, 5*time.Second)
	}
	return app, g, eg, nil
}

// defaultReplayPath is the file Save replay writes without -record.
const defaultReplayPath = "moralebreak-replay.txt"

// run sets the window up, opens it and runs eg until it ends.
// heapLimit is the Go memory the demo asks the collector to stay under
// (debug.SetMemoryLimit; GOMEMLIMIT in the environment replaces it). Left
// alone, the collector lets the heap grow to twice what is live: a long
// armies session, whose rewind keeps up to 384 MB of snapshots, would then
// hold over 1 GB resident. Near the limit the collector runs more often
// instead; it never stops the demo, which may go past it when more is live.
const heapLimit = 640 << 20

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
	defer func() {
		if r := recover(); r != nil { // a window that cannot open panics on some platforms
			fail(exitFailed, ui.ExplainStartError(r))
		}
	}()
	if err := ebiten.RunGame(opaqueFinal{eg}); err != nil {
		fail(exitFailed, ui.ExplainStartError(err))
	}
}

// opaqueFinal is g, with the final copy of its screen into the window done
// as a copy (BlendCopy) instead of Ebitengine's default source-over: g's
// Draw covers every pixel of its screen opaquely (App.Draw does), so the
// window shows the same pixels, and a software renderer spares reading the
// window's pixels back for the blend.
type opaqueFinal struct{ ebiten.Game }

// DrawFinalScreen draws offscreen onto screen through geoM, with the filter
// ebiten.DefaultDrawFinalScreen would pick: nearest for a whole scale,
// linear below 1, pixelated above.
func (o opaqueFinal) DrawFinalScreen(screen ebiten.FinalScreen, offscreen *ebiten.Image, geoM ebiten.GeoM) {
	op := &ebiten.DrawImageOptions{GeoM: geoM, Blend: ebiten.BlendCopy}
	switch scale := geoM.Element(0, 0); {
	case math.Floor(scale) == scale:
	case scale < 1:
		op.Filter = ebiten.FilterLinear
	default:
		op.Filter = ebiten.FilterPixelated
	}
	screen.DrawImage(offscreen, op)
}

// badWeights is a -weights file that cannot be used: bad input, like a bad
// flag value.
type badWeights struct{ err error }

func (b badWeights) Error() string { return b.err.Error() }
func (b badWeights) Unwrap() error { return b.err }

// oneLine is err's first line, followed by how many more lines (problems)
// it had: a broken weights file is said in one line, and the file itself
// names the rest when opened in the tuner or fixed one line at a time.
func oneLine(err error) string {
	first, rest, more := strings.Cut(err.Error(), "\n")
	if !more {
		return first
	}
	n := strings.Count(rest, "\n") + 1
	if n == 1 {
		return first + " (and 1 more problem)"
	}
	return fmt.Sprintf("%s (and %d more problems)", first, n)
}

// startProfile starts a CPU profile into path ("" = none) and returns the
// function that stops it and closes the file. An interrupt or SIGTERM (the
// way a profiling run under xvfb-run or timeout ends) ends the game loop
// (stopOnSignal), so main stops the profile as after a closed window.
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
	return func() error {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			return fmt.Errorf("-cpuprofile: %w", err)
		}
		return nil
	}, nil
}

// writeHeapProfile writes a heap profile to path ("" = none), after a
// garbage collection, so that its in-use figures are the live heap.
func writeHeapProfile(path string) error {
	if path == "" {
		return nil
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("-memprofile: %w", err)
	}
	runtime.GC()
	if err := pprof.WriteHeapProfile(f); err != nil {
		return errors.Join(fmt.Errorf("-memprofile: %w", err), f.Close())
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("-memprofile: %w", err)
	}
	return nil
}

// fail prints v after "demo: " and exits with code.
func fail(code int, v any) {
	fmt.Fprintln(os.Stderr, "demo:", v)
	os.Exit(code)
}
