//go:build !js

package ui

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/windowtest"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/render"
)

// sessionState is everything of a session a frame could change, as text:
// its digest, clock, recording, state changes, log and the console's
// selection.
func sessionState(a *App) string {
	g := a.g
	id, ok := a.shell.Selected()
	rec := g.Recording()
	return fmt.Sprintf("digest %s\nticks %d paused %v speed %v\nsettings %v\nentries %v\nevents %d\nlog %q\nconsole selects %d %v",
		g.Digest(), g.SessionTicks(), g.Paused(), g.Speed(), g.Settings(), rec.Entries, len(g.Events()), g.Battle().Log(), id, ok)
}

// appState is everything of the App a frame could change but what ebitenui
// lays out while drawing and Draw's own caches of pixels: the selection,
// the console, the strip, the lint, the inspector, the rewind, the error
// Update would end with, the panel cache's input and fingerprint (Update
// reads the input, never Draw) and the widgets' labels.
func appState(a *App) string {
	pc := &a.panel
	return fmt.Sprintf("selected %d %v\nconsole %v %q\nstrip %+v\nlint %v\nwhy %+v\nrewind %+v\nreplay %v fault %v err %v\npanel %v\nlabels %q %q %q",
		a.selected, a.hasSelected, a.con.IsOpen(), a.con.Output(consoleKeepAll), a.strip.Messages(), a.file.Warnings(),
		[]any{a.why.text, a.why.rect, a.why.tooltip, a.why.tx, a.why.ty}, a.rewind, a.replayShown, a.fault, a.err,
		[]any{pc.want, pc.key, pc.age, pc.cx, pc.cy, pc.inputDown, pc.keys, pc.chars}, a.w.status.Label, a.w.selText.Label, a.w.fileNote.Label)
}

// Update changes, Draw draws: frames drawn with no Update between them
// change nothing in the session or the App, write no file and draw the
// same pixels (into the same screen again, and into a new one), in the
// opening with a soldier selected (the Why panel open), in a what-if, with
// a what-if's original future shown, and in the armies. The real renderer draws (ui imports render only here).
func TestDrawChangesNothing(t *testing.T) {
	windowtest.Skip(t)
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		scene string
		setup func(t *testing.T, g *game.Session)
	}{
		{"opening, Eriksen selected", game.SceneOpening, func(*testing.T, *game.Session) {}},
		{"a what-if", game.SceneOpening, func(t *testing.T, g *game.Session) {
			g.Rewind().To(8 * game.SubTicksPerSecond)
			if err := g.Rewind().Resume(); err != nil {
				t.Fatal(err)
			}
			for g.Time() < 10 {
				g.Tick()
			}
		}},
		{"future A of a what-if shown", game.SceneOpening, func(t *testing.T, g *game.Session) {
			g.Rewind().To(8 * game.SubTicksPerSecond)
			s := g.Settings().Clone()
			s.Weights[morale.Suppressed] = -0.03
			if err := g.Apply(game.SetSettings{Settings: s}); err != nil {
				t.Fatal(err)
			}
			if err := g.Rewind().Resume(); err != nil {
				t.Fatal(err)
			}
			for g.Time() < 12 {
				g.Tick()
			}
			if err := g.Rewind().Show(game.FutureA); err != nil {
				t.Fatal(err)
			}
		}},
		{"the armies", game.SceneArmies, func(*testing.T, *game.Session) {}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := game.DefaultConfig()
			cfg.Scene = tc.scene
			g, err := game.NewSession(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for g.Time() < 11 {
				g.Tick()
			}
			tc.setup(t, g)
			state := filepath.Join(t.TempDir(), "state.json")
			a, err := NewApp(Config{StatePath: state}, g, render.New(as), as)
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = a.Close() }()
			// Select Eriksen in the App alone, not in its console
			// (selectSoldier would tell both): a frame that selects
			// shows as a change of the console's selection.
			if op, ok := g.Scene().(*game.Opening); ok {
				a.selected, a.hasSelected = op.Soldiers()[4].ID, true
			}
			if err := a.Sync(); err != nil { // an Update that does not tick
				t.Fatal(err)
			}
			if err := os.Remove(state); err != nil {
				t.Fatalf("Update published no state: %v", err)
			}
			if _, ok := g.Scene().(*game.Opening); ok && a.why.text == "" {
				t.Fatal("Update laid out no Why panel for the selected soldier")
			}
			screen := ebiten.NewImage(ScreenW, ScreenH)
			session, app := sessionState(a), appState(a)
			a.Draw(screen) // the first frame: ebitenui lays its widgets out as it draws them
			published := fmt.Sprintf("%+v", a.Published())
			first := make([]byte, 4*ScreenW*ScreenH)
			screen.ReadPixels(first)
			for _, again := range []*ebiten.Image{screen, screen, ebiten.NewImage(ScreenW, ScreenH)} {
				a.Draw(again)
				got := make([]byte, len(first))
				again.ReadPixels(got)
				if n := diffPixels(got, first); n > 0 {
					t.Errorf("got a frame drawn again differing from the first in %d pixels; want none (by more than %d a channel)", n, pixelTolerance)
				}
			}
			if d := diffLines(sessionState(a), session); d != "" {
				t.Errorf("four frames changed the session:\n%s", d)
			}
			if d := diffLines(appState(a), app); d != "" {
				t.Errorf("four frames changed the App:\n%s", d)
			}
			if got := fmt.Sprintf("%+v", a.Published()); got != published {
				t.Errorf("three more frames changed the published state:\n got %s\nwant %s", got, published)
			}
			if _, err := os.Stat(state); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("a frame wrote the -state file (%v); want only Update to", err)
			}
		})
	}
}

// pixelTolerance is how far a channel of a pixel drawn again may be from
// the first drawing's: Ebitengine moves an image that is drawn from
// unchanged for a few frames onto a texture atlas, which changes its
// filtered edges by a least significant bit under Mesa's software GL.
const pixelTolerance = 2

// diffPixels counts the RGBA pixels of got with a channel more than
// pixelTolerance from want's.
func diffPixels(got, want []byte) int {
	n := 0
	for i := 0; i+4 <= len(got) && i+4 <= len(want); i += 4 {
		for c := i; c < i+4; c++ {
			if d := int(got[c]) - int(want[c]); d > pixelTolerance || d < -pixelTolerance {
				n++
				break
			}
		}
	}
	return n
}

// diffLines lists the lines of got that differ from want's, "" when none.
func diffLines(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	var b strings.Builder
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			fmt.Fprintf(&b, " got %s\nwant %s\n", gl, wl)
		}
	}
	return b.String()
}
