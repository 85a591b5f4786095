// Package windowtest runs a package's tests inside Ebitengine's loop, so
// that a test may draw and read pixels back, as Ebitengine's own
// internal/testing.MainWithRunLoop does; without a display the tests run
// plainly and the window tests skip, saying why (Missing).
package windowtest

import (
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Missing is why a window test skips: "" when there is a display to run
// Ebitengine's loop on.
func Missing() string {
	switch runtime.GOOS {
	case "linux", "freebsd", "openbsd":
		if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
			return "SKIPPED: needs a display (DISPLAY is not set); run the window tests under a virtual one: xvfb-run -a go test ./..."
		}
	}
	return ""
}

// Skip skips t when there is no display (Missing).
func Skip(t testing.TB) {
	t.Helper()
	if msg := Missing(); msg != "" {
		t.Skip(msg)
	}
}

// Run runs m, inside Ebitengine's loop when there is a display (the first
// Update runs every test, then ends the loop), and returns its exit code.
// Call it from TestMain, on the main goroutine; name is the window's title.
func Run(m *testing.M, name string) int {
	if msg := Missing(); msg != "" {
		fmt.Fprintf(os.Stderr, "%s: the window tests skip: %s\n", name, msg)
		return m.Run()
	}
	l := &loop{m: m, code: 1}
	ebiten.SetWindowTitle(name + " tests")
	if err := ebiten.RunGame(l); err != nil {
		fmt.Fprintf(os.Stderr, "%s tests: cannot run Ebitengine: %v\n", name, err)
		return 1
	}
	return l.code
}

// loop is a tiny game whose first Update runs the whole test binary.
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
