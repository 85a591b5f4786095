package capture_test

import (
	"errors"
	"image/color"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/internal/windowtest"
	"github.com/moralebreak/moralebreak/ui/capture"
)

// Window runs its game's Update until a signal comes, then ends the game
// without running it again.
func TestWindowStopsOnASignal(t *testing.T) {
	inner := &fakeGame{err: errors.New("inner")}
	w := capture.Window{Game: inner, Stop: make(chan os.Signal, 1)}
	if err := w.Update(); err != inner.err || inner.updates != 1 {
		t.Fatalf("before a signal: got %v after %d updates; want the inner error after 1", err, inner.updates)
	}
	w.Stop <- os.Interrupt
	if err := w.Update(); err != ebiten.Termination || inner.updates != 1 {
		t.Errorf("after a signal: got %v after %d updates; want ebiten.Termination, the inner not run", err, inner.updates)
	}
	if err := (capture.Window{Game: inner}).Update(); err != inner.err {
		t.Errorf("no Stop: got %v; want the inner Update's", err)
	}
}

// Window's final screen is a copy of the game's, scaled: a translucent
// pixel stays as it is instead of being blended over the window's.
func TestWindowCopiesTheFinalScreen(t *testing.T) {
	windowtest.Skip(t)
	for _, scale := range []float64{1, 2, 0.5, 1.5} {
		screen := ebiten.NewImage(8, 8)
		screen.Fill(color.RGBA{255, 0, 0, 255})
		off := ebiten.NewImage(8, 8)
		off.Fill(color.RGBA{0, 0, 128, 128}) // premultiplied: half-transparent blue
		var geoM ebiten.GeoM
		geoM.Scale(scale, scale)
		capture.Window{}.DrawFinalScreen(screen, off, geoM)
		if got, want := screen.At(1, 1), (color.RGBA{0, 0, 128, 128}); got != want {
			t.Errorf("scale %v: got %v; want %v, copied (source-over would give opaque purple)", scale, got, want)
		}
	}
}
