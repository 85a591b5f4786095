//go:build !js

package capture_test

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/ui/capture"
)

func TestPictureName(t *testing.T) {
	for _, tt := range []struct {
		t    float64
		f    game.Future
		want string
	}{
		{6, game.NoFuture, "moralebreak-6.0s.png"},
		{12.34, game.FutureB, "moralebreak-12.3s.png"},
		{12.34, game.FutureA, "moralebreak-12.3s-A.png"},
		{-0.01, game.NoFuture, "moralebreak-0.0s.png"},
	} {
		if got := capture.PictureName(tt.t, tt.f); got != tt.want {
			t.Errorf("PictureName(%v, %v) = %q; want %q", tt.t, tt.f, got, tt.want)
		}
	}
}

// The Save picture key's pictures are PNGs next to the weights file, never
// over an earlier one (the next free -N), and the writer says where.
func TestSavePicture(t *testing.T) {
	dir := t.TempDir()
	weights := filepath.Join(dir, "weights.toml")
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	if err := os.WriteFile(filepath.Join(dir, "moralebreak-6.0s-3.png"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"moralebreak-6.0s.png", "moralebreak-6.0s-2.png", "moralebreak-6.0s-4.png"} {
		msg, err := capture.SavePicture(weights, img, 6, game.NoFuture)
		path := filepath.Join(dir, want)
		if err != nil || msg != "saved picture "+path {
			t.Fatalf("save = %q, %v; want %q", msg, err, "saved picture "+path)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatalf("no picture: %v", err)
		}
		c, err := png.DecodeConfig(f)
		_ = f.Close()
		if err != nil || c.Width != 40 || c.Height != 30 {
			t.Errorf("%s: %v, %d×%d; want a PNG of the image, 40×30", want, err, c.Width, c.Height)
		}
	}
	wd := t.TempDir()
	t.Chdir(wd)
	if msg, err := capture.SavePicture("", img, 1, game.FutureA); err != nil || !strings.HasSuffix(msg, filepath.Join(wd, "moralebreak-1.0s-A.png")) {
		t.Errorf("without a weights file: %q, %v; want it in the working folder", msg, err)
	}
}
