package ui

import (
	"errors"
	"fmt"

	"github.com/moralebreak/moralebreak/game"
)

// Action is a control of the demo that is not a game command: the App
// carries it out itself (Save replay writes a file).
type Action uint8

// The Actions of the binding table.
const (
	NoAction Action = iota
	// ActSaveReplay writes the session's replay (Config.ReplayPath; a
	// download in the browser).
	ActSaveReplay
	// ActRewindBack and ActRewindForward move the rewind cursor RewindStep
	// seconds back or on (game.RewindBy).
	ActRewindBack
	ActRewindForward
	// ActResume continues from the rewind cursor with the tuner's weights
	// (game.Resume).
	ActResume
	// ActToggleFuture shows the other future of the running what-if on
	// the field and the timeline (game.Rewind.Show; whatif.go).
	ActToggleFuture
	// ActRevert ends the what-if with the weights of its branch
	// (game.Rewind.Revert).
	ActRevert
	// ActScreenshot saves a PNG of the window next to the weights file (a
	// download in the browser; whatif.go).
	ActScreenshot
)

// action returns a binding's Command for an Action binding: no game
// command, no error (MapInput and the buttons look at Binding.Action).
func action(Context) (game.Command, error) { return nil, nil }

// do carries out an Action.
func (a *App) do(act Action) {
	switch act {
	case ActSaveReplay:
		msg, err := game.SaveReplay(a.cfg.ReplayPath, a.g.Recording())
		if err != nil {
			a.showBanner("save replay failed: "+err.Error(), true, 5*game.TPS)
			return
		}
		a.showBanner(msg, false, 4*game.TPS)
	case ActRewindBack, ActRewindForward:
		step := RewindStep
		if act == ActRewindBack {
			step = -step
		}
		if errors.Is(a.g.Rewind().By(step), game.ErrAtLatest) { // forward only
			a.showBanner("Forward 1 s: the battle is at its latest moment, nothing changed; rewind first (, or drag the timeline), then . moves forward.", true, 4*game.TPS)
		}
	case ActResume:
		switch err := a.g.Rewind().Resume(); {
		case errors.Is(err, game.ErrNoCursor):
			a.showBanner("Resume from here: there is no moment to resume from; rewind first (, or drag the timeline).", true, 4*game.TPS)
		case err != nil:
			a.showBanner(err.Error(), true, 4*game.TPS)
		}
	case ActToggleFuture:
		a.toggleFuture()
	case ActRevert:
		a.revert()
	case ActScreenshot:
		a.savePicture()
	}
}

// replayNote shows, once, in the banner how a replay being played ended:
// its digest equal to the file's, different, or the line it stopped at.
func (a *App) replayNote() {
	st := a.g.ReplayStatus()
	if a.replayShown || (!st.Done && st.Err == nil) {
		return
	}
	a.replayShown = true
	switch {
	case st.Err != nil:
		a.showBanner("replay stopped: "+st.Err.Error(), true, -1)
	case st.Match:
		a.showBanner(fmt.Sprintf("replay done at tick %d: digest %.12s… equals the file's", st.End, st.Digest), false, 8*game.TPS)
	default:
		a.showBanner(fmt.Sprintf("replay done at tick %d: digest %.12s… DIFFERS from the file's %.12s…", st.End, st.Digest, st.Want), true, -1)
	}
}
