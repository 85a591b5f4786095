package ui

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
)

// nopRenderer draws nothing.
type nopRenderer struct{}

func (nopRenderer) DrawField(*ebiten.Image, game.Viewport, game.View)      {}
func (nopRenderer) DrawTimeline(*ebiten.Image, image.Rectangle, game.View) {}

// The console shows its welcome line from the start, not only after the
// first command, and keeps it above the first answer.
func TestConsoleShowsItsWelcomeLine(t *testing.T) {
	g, err := game.New(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewApp(Config{}, g, nopRenderer{}, as)
	if err != nil {
		t.Fatal(err)
	}
	const welcome = "MoraleBreak console. Type help and press Enter."
	if got := a.w.consoleOut.Label; !strings.HasPrefix(got, welcome) {
		t.Errorf("console before any command: got %q; want it to start with %q", got, welcome)
	}
	a.consoleRun("help")
	if got := a.w.consoleOut.Label; !strings.Contains(got, "> help") {
		t.Errorf("console after help: got %q; want the command echoed", got)
	}
}
