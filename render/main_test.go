package render_test

import (
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Reading pixels back needs Ebitengine's loop running, as in Ebitengine's
// own internal/testing.MainWithRunLoop: TestMain starts a tiny game whose
// first Update runs the whole test binary and then ends the loop. Without
// a display there is no loop: the pure tests still run and the pixel tests
// skip with noDisplay's message.

// noDisplay is the reason pixel tests skip, or "" when a display exists.
var noDisplay = func() string {
	if runtime.GOOS == "linux" || runtime.GOOS == "freebsd" || runtime.GOOS == "openbsd" {
		if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
			return "render tests skipped: no display (run under xvfb-run)"
		}
	}
	return ""
}()

type loop struct {
	m    *testing.M
	code int
}

func (l *loop) Update() error {
	l.code = l.m.Run()
	return ebiten.Termination
}

func (*loop) Draw(*ebiten.Image)         {}
func (*loop) Layout(int, int) (int, int) { return 320, 240 }

func TestMain(m *testing.M) {
	if noDisplay != "" {
		fmt.Fprintln(os.Stderr, noDisplay)
		os.Exit(m.Run())
	}
	l := &loop{m: m, code: 1}
	ebiten.SetWindowTitle("render tests")
	if err := ebiten.RunGame(l); err != nil {
		fmt.Fprintln(os.Stderr, "render tests: cannot run Ebitengine:", err)
		os.Exit(1)
	}
	os.Exit(l.code)
}

// needDisplay skips a test that reads pixels when there is no display.
func needDisplay(t *testing.T) {
	t.Helper()
	if noDisplay != "" {
		t.Skip(noDisplay)
	}
}
