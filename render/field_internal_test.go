package render

import (
	"image/color"
	"os"
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// strokeFrame draws the very pixels of the non-anti-aliased 2-pixel
// vector.StrokeRect it replaces in the ground's vignette, for the six
// translucent frames the vignette stacks, on fields of several sizes.
func TestStrokeFrameIsStrokeRect(t *testing.T) {
	if runtime.GOOS == "linux" && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		t.Skip("needs a display (run under xvfb-run)")
	}
	for _, tc := range []struct{ w, h int }{{876, 438}, {300, 200}, {51, 37}, {24, 24}} {
		want, got := ebiten.NewImage(tc.w, tc.h), ebiten.NewImage(tc.w, tc.h)
		for _, img := range []*ebiten.Image{want, got} {
			img.Fill(color.RGBA{96, 124, 70, 255})
		}
		fw, fh := float32(tc.w), float32(tc.h)
		for i := 0; i < 6; i++ {
			d, c := float32(i)*2, rgba(0, 0, 0, uint8(60-i*10))
			vector.StrokeRect(want, d, d, fw-2*d, fh-2*d, 2, c, false)
			strokeFrame(got, d, fw, fh, c)
		}
		wp, gp := make([]byte, 4*tc.w*tc.h), make([]byte, 4*tc.w*tc.h)
		want.ReadPixels(wp)
		got.ReadPixels(gp)
		want.Deallocate()
		got.Deallocate()
		for i := 0; i < len(wp); i += 4 {
			if string(gp[i:i+4]) != string(wp[i:i+4]) {
				t.Errorf("%d×%d: pixel (%d, %d) is %v; want %v, as StrokeRect draws it", tc.w, tc.h, i/4%tc.w, i/4/tc.w, gp[i:i+4], wp[i:i+4])
				break
			}
		}
	}
}
