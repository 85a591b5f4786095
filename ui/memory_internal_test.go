//go:build !js

package ui

import (
	"image"
	"os"
	"os/exec"
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/windowtest"
	"github.com/moralebreak/moralebreak/morale"
)

// maxLiveHeap bounds the Go heap this test holds after a minute of the
// opening with rewinds and what-ifs, drawn: a few MB of the demo's own
// (its battles, snapshots, histories and caches), 35 MB of Ebitengine's
// command buffers of the frames drawn (see below) and the rest of
// Ebitengine. The demo itself holds about 25 MB of live heap after ten
// minutes (scripts/rss.sh; docs/demo.md, "Memory"). The ground drawn as
// vector paths once kept 223 MB in Ebitengine's command queue.
const maxLiveHeap = 64 << 20

// memoryEnv, set to 1, runs TestMemoryOfAPlayedMinute itself; unset, the
// test starts this binary again to run it alone.
const memoryEnv = "MORALEBREAK_MEMORY_TEST"

// A minute of the opening as a designer plays it, with a rewind, a
// what-if, a look at its original future and a Revert every ten seconds,
// drawn after each of them and every five seconds (the first draw builds
// every cache), leaves less than maxLiveHeap of live heap.
//
// It runs in a process of its own, and draws few frames, because every
// window test of a binary runs inside one Ebitengine frame
// (internal/windowtest): Ebitengine keeps each draw call's uniforms until
// the frame ends, about 0.3 MB a frame of the demo, which a real frame
// gives back and a test's frames, or the tests before it, would not.
func TestMemoryOfAPlayedMinute(t *testing.T) {
	windowtest.Skip(t)
	if testing.Short() {
		t.Skip("SKIPPED in -short mode: draws a minute of the demo")
	}
	if os.Getenv(memoryEnv) != "1" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestMemoryOfAPlayedMinute$", "-test.v")
		cmd.Env = append(os.Environ(), memoryEnv+"=1")
		out, err := cmd.CombinedOutput()
		t.Logf("the test alone:\n%s", out)
		if err != nil {
			t.Fatalf("TestMemoryOfAPlayedMinute alone: %v", err)
		}
		return
	}
	a, g := newDrawingApp(t, Config{})
	screen := ebiten.NewImage(ScreenW, ScreenH)
	defer screen.Deallocate()
	px := make([]byte, 4)
	frame := func() {
		if err := a.Sync(); err != nil {
			t.Fatal(err)
		}
		a.Draw(screen)
		// reading a pixel back ends the frame's commands, as a frame does
		screen.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image).ReadPixels(px)
	}
	weight := -0.03
	for tick := 0; g.Time() < 60; tick++ {
		draw := tick%(5*game.TPS) == 0
		if tick > 0 && tick%(10*game.TPS) == 0 {
			for range 5 {
				a.do(ActRewindBack)
			}
			s := g.Settings().Clone()
			s.Weights[morale.Suppressed], weight = weight, -0.1-weight
			a.apply(game.SetSettings{Settings: s})
			a.do(ActResume)
		}
		switch tick % (10 * game.TPS) {
		case 4 * game.TPS, 6 * game.TPS:
			a.do(ActToggleFuture)
			draw = true
		case 8 * game.TPS:
			a.do(ActRevert)
			draw = true
		}
		g.Tick()
		a.sessionNotes()
		if draw {
			frame()
		}
	}
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	t.Logf("after a played minute: %.1f MB of live heap, %.1f MB obtained from the system", float64(m.HeapAlloc)/(1<<20), float64(m.Sys)/(1<<20))
	if m.HeapAlloc > maxLiveHeap {
		t.Errorf("live heap %.1f MB after a played minute; want at most %d MB", float64(m.HeapAlloc)/(1<<20), maxLiveHeap>>20)
	}
}
