//go:build !js

package ui

import (
	"os"
	"runtime"
)

// noWindow is why the in-process window tests skip, "" when there is a
// display: then TestMain (display_test.go) runs every test inside
// Ebitengine's loop, as Ebitengine's own internal/testing.MainWithRunLoop
// does, so that a test may draw and read pixels back.
func noWindow() string {
	switch runtime.GOOS {
	case "linux", "freebsd", "openbsd":
		if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
			return "SKIPPED: needs a display (DISPLAY is not set); run the window tests under a virtual one: xvfb-run -a go test ./ui"
		}
	}
	return ""
}

// NoWindow is noWindow, for TestMain in package ui_test.
func NoWindow() string { return noWindow() }
