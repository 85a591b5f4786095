//go:build !js

package capture

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
)

const displayHelp = `MoraleBreak needs a display and OpenGL to open its window.
On Debian or Ubuntu install the OpenGL runtime:
    sudo apt-get install libgl1 libgl1-mesa-dri
On a machine without a screen, also install a virtual X server and run under it:
    sudo apt-get install xvfb
    xvfb-run -a go run ./cmd/demo`

// CheckDisplay fails, with the Debian packages to install, when there is no
// display to open a window on: on Linux and FreeBSD, neither DISPLAY nor
// WAYLAND_DISPLAY is set. (A vmhost guest, EBITENGINE_VM_ENDPOINT, needs
// none.)
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
