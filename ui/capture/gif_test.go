package capture_test

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"math"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/ui"
	"github.com/moralebreak/moralebreak/ui/capture"
	"github.com/moralebreak/moralebreak/ui/internal/gifview"
)

func TestGIFFramesAndSize(t *testing.T) {
	for _, tc := range []struct {
		from, to  float64
		fps, want int
	}{
		{0, 16, 10, 160}, {2, 4, 5, 10}, {0, 0.01, 10, 1}, {1, 1.25, 10, 3}, {0, 1, 50, 50},
	} {
		if got := capture.GIFFrames(tc.from, tc.to, tc.fps); got != tc.want {
			t.Errorf("GIFFrames(%v, %v, %d): got %d; want %d", tc.from, tc.to, tc.fps, got, tc.want)
		}
	}
	if w, h := capture.GIFSize("field", 0.5); w != 450 || h != 260 {
		t.Errorf("GIFSize(field, 0.5): got %d×%d; want 450×260", w, h)
	}
	if w, h := capture.GIFSize("", 1); w != ui.ScreenW || h != ui.ScreenH {
		t.Errorf("GIFSize(whole, 1): got %d×%d; want the screen", w, h)
	}
}

// The encoder keeps every frame: decoded and composited, each is the frame
// given, within the 5-bit quantisation, for a scene of few colours.
func TestGIFEncoderRoundTrip(t *testing.T) {
	cols := []color.RGBA{{0x30, 0x60, 0x20, 0xff}, {0xe0, 0x20, 0x20, 0xff}, {0xf0, 0xd0, 0x40, 0xff}, {0x10, 0x10, 0x18, 0xff}}
	const w, h, n = 64, 40, 6
	enc, err := capture.NewGIFEncoder(w/2, h/2, 10)
	if err != nil {
		t.Fatal(err)
	}
	var frames []*image.RGBA
	for k := 0; k < n; k++ {
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		draw.Draw(img, img.Bounds(), &image.Uniform{cols[0]}, image.Point{}, draw.Src)
		draw.Draw(img, image.Rect(4*k, 8, 4*k+10, 20), &image.Uniform{cols[1+k%3]}, image.Point{}, draw.Src)
		frames = append(frames, img)
		enc.Add(img)
	}
	var buf bytes.Buffer
	if err := enc.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != n || g.Config.Width != w/2 || g.Config.Height != h/2 || g.Delay[0] != 10 {
		t.Fatalf("got %d frames of %d×%d, delay %d; want %d of %d×%d, delay 10", len(g.Image), g.Config.Width, g.Config.Height, g.Delay[0], n, w/2, h/2)
	}
	for k := 0; k < n; k++ {
		c := gifview.Composite(g, k)
		for y := 0; y < h/2; y++ {
			for x := 0; x < w/2; x++ {
				got, want := c.RGBAAt(x, y), frames[k].RGBAAt(x*2, y*2)
				if d := max(absDiff(got.R, want.R), absDiff(got.G, want.G), absDiff(got.B, want.B)); d > 8 {
					t.Fatalf("frame %d pixel (%d, %d): got %v; want %v", k, x, y, got, want)
				}
			}
		}
	}
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

func TestGIFRefusesBadArguments(t *testing.T) {
	g := newGame(t)
	for _, tc := range []struct {
		name     string
		from, to float64
		fps      int
		path     string
		crop     string
		scale    float64
		want     string
	}{
		{"from after to", 5, 2, 10, "a.gif", "", 1, "from 5 to 2"},
		{"NaN", math.NaN(), 2, 10, "a.gif", "", 1, "from NaN"},
		{"zero fps", 0, 2, 0, "a.gif", "", 1, "fps"},
		{"fps too high", 0, 2, capture.MaxGIFFPS + 1, "a.gif", "", 1, "fps"},
		{"no file", 0, 2, 10, "", "", 1, "no file"},
		{"bad crop", 0, 2, 10, "a.gif", "sky", 1, `crop "sky"`},
		{"bad scale", 0, 2, 10, "a.gif", "", 0, "scale"},
		{"too big", 0, 3600, 50, "a.gif", "", 1, "pixels"},
	} {
		_, err := capture.NewGIF(&fakeGame{}, g, tc.from, tc.to, tc.fps, tc.path, tc.crop, tc.scale)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v; want an error containing %q", tc.name, err, tc.want)
		}
	}
	if _, err := capture.NewGIFEncoder(10, 10, 0); err == nil {
		t.Error("NewGIFEncoder at 0 fps: got nil error")
	}
	enc, _ := capture.NewGIFEncoder(10, 10, 10)
	if err := enc.Encode(&bytes.Buffer{}); err == nil {
		t.Error("Encode without frames: got nil error")
	}
}
