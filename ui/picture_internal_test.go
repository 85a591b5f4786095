//go:build !js

package ui

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/windowtest"
	"github.com/moralebreak/moralebreak/render"
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

// Save picture (F12) writes the window as a PNG next to the weights file,
// never over an earlier one, and says where.
func TestSavePicture(t *testing.T) {
	windowtest.Skip(t)
	dir := t.TempDir()
	a, g := newDrawingApp(t, Config{WeightsPath: filepath.Join(dir, "weights.toml")})
	for g.Time() < 6 {
		g.Tick()
	}
	if err := a.Sync(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"moralebreak-6.0s.png", "moralebreak-6.0s-2.png"} {
		a.run(bindingLabelled(t, "Save picture"))
		path := filepath.Join(dir, want)
		if m := a.strip.msgs[SlotNotice]; m.tone == ToneBad || m.text != "saved picture "+path {
			t.Errorf("notice %q (tone %v); want %q", m.text, m.tone, "saved picture "+path)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatalf("no picture: %v", err)
		}
		c, err := png.DecodeConfig(f)
		_ = f.Close()
		if err != nil || c.Width != ScreenW || c.Height != ScreenH {
			t.Errorf("%s: %v, %d×%d; want a PNG of the window, %d×%d", want, err, c.Width, c.Height, ScreenW, ScreenH)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "moralebreak-6.0s-3.png"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	a.run(bindingLabelled(t, "Save picture"))
	if got := a.strip.text(SlotNotice); !strings.HasSuffix(got, "moralebreak-6.0s-4.png") {
		t.Errorf("notice %q; want the next free name, -4", got)
	}
}
