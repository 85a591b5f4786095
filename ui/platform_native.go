//go:build !js

package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"

	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/ui/published"
)

// publishing reports whether the tick's state is published: natively only
// to a -state file.
func publishing(path string) bool { return path != "" }

// publish writes the published state as JSON to path (for tests driving the
// demo), through a temporary file beside it so a reader never sees half a
// file. Like every other write of the demo it replaces only a regular file
// (or the one a symlink names, or nothing): a device, a FIFO or a folder at
// path is an error and stays as it is. It does not sync to disk, as it runs
// every tick.
func publish(path string, st published.State) error {
	b, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("-state %s: %w", path, err)
	}
	target, _, err := safefile.Target(path)
	if err != nil {
		return fmt.Errorf("-state: %w", err)
	}
	path = target
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return fmt.Errorf("-state: %w", err) // names tmp
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("-state: %w", err) // names both
	}
	return nil
}

const displayHelp = `MoraleBreak needs a display and OpenGL to open its window.
On Debian or Ubuntu install the OpenGL runtime:
    sudo apt-get install libgl1 libgl1-mesa-dri
On a machine without a screen, also install a virtual X server and run under it:
    sudo apt-get install xvfb
    xvfb-run -a go run ./cmd/demo`

// CheckDisplay fails, with the Debian packages to install, when there is no
// display to open a window on. (A vmhost guest needs none.)
func CheckDisplay() error {
	if runtime.GOOS != "linux" && runtime.GOOS != "freebsd" {
		return nil
	}
	if os.Getenv("EBITENGINE_VM_ENDPOINT") != "" || os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" {
		return nil
	}
	return errors.New("no display: DISPLAY is not set\n" + displayHelp)
}

// ExplainStartError turns a failure to start the window (an error or a panic
// value from ebiten.RunGame) into a message naming the packages to install.
func ExplainStartError(v any) string {
	msg := fmt.Sprint(v)
	l := strings.ToLower(msg)
	for _, k := range []string{"glfw", "opengl", "libgl", "glx", "display", "x11", "egl"} {
		if strings.Contains(l, k) {
			return "could not open the window: " + msg + "\n" + displayHelp
		}
	}
	return msg
}
