//go:build !js

package ui

import (
	"errors"
	"image"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/windowtest"
	"github.com/moralebreak/moralebreak/render"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
)

// newDrawingApp returns an App with the real renderer over a new session
// of the default battle, closed when t ends. Call it in a window test.
func newDrawingApp(t *testing.T, cfg Config) (*App, *game.Session) {
	t.Helper()
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewApp(cfg, g, render.New(as), as)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := a.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return a, g
}

// Save picture (F12) hands Config.Pictures the window, the battle's time
// and the weights file it goes beside, and says what it said; a writer's
// error, and no writer, are said in red. (capture's TestSavePicture
// checks the files it writes.)
func TestSavePicture(t *testing.T) {
	windowtest.Skip(t)
	var got image.Image
	var at float64
	var dir string
	pictures := func(weights string, img image.Image, t float64, _ game.Future) (string, error) {
		got, at, dir = img, t, weights
		return "saved picture here.png", nil
	}
	a, g := newDrawingApp(t, Config{Pictures: pictures, WeightsPath: "w/weights.toml"})
	for g.Time() < 6 {
		g.Tick()
	}
	if err := a.Sync(); err != nil {
		t.Fatal(err)
	}
	a.run(bindingLabelled(t, "Save picture"))
	if m := a.strip.Message(slotNotice); m.Tone == widgets.ToneBad || m.Text != "saved picture here.png" {
		t.Errorf("notice %q (tone %v); want the writer's %q", m.Text, m.Tone, "saved picture here.png")
	}
	if got == nil || got.Bounds() != image.Rect(0, 0, ScreenW, ScreenH) || at != g.Time() || dir != "w/weights.toml" {
		t.Fatalf("the writer got %v at %.2f s beside %q; want the window, %d×%d, at %.2f s beside w/weights.toml", got, at, dir, ScreenW, ScreenH, g.Time())
	}
	a.cfg.Pictures = func(string, image.Image, float64, game.Future) (string, error) { return "", errors.New("disk full") }
	a.run(bindingLabelled(t, "Save picture"))
	if m := a.strip.Message(slotNotice); m.Tone != widgets.ToneBad || m.Text != "Save picture failed: disk full" {
		t.Errorf("a writer's error: notice %q (tone %v); want %q in red", m.Text, m.Tone, "Save picture failed: disk full")
	}
	a2, _ := newDrawingApp(t, Config{})
	a2.run(bindingLabelled(t, "Save picture"))
	if m := a2.strip.Message(slotNotice); m.Tone != widgets.ToneBad || !strings.Contains(m.Text, "no pictures") {
		t.Errorf("without a writer: notice %q (tone %v); want it said in red", m.Text, m.Tone)
	}
}
