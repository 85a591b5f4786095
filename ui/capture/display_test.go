//go:build !js

package capture_test

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/ui/capture"
)

// A failure to open the window that smells of the display or OpenGL is
// explained with the packages to install; any other is said as it is.
func TestExplainStartError(t *testing.T) {
	for _, tt := range []struct {
		v       any
		explain bool
	}{
		{errors.New("glfw: X11: The DISPLAY environment variable is missing"), true},
		{"APIUnavailable: GLX: No GLXFBConfigs returned", true},
		{errors.New("failed to initialize OpenGL"), true},
		{errors.New("-state: out.json: permission denied"), false},
	} {
		got := capture.ExplainStartError(tt.v)
		want := fmt.Sprint(tt.v)
		if tt.explain {
			want = "could not open the window: " + want + "\n"
		}
		if !strings.HasPrefix(got, want) || strings.Contains(got, "sudo apt-get install libgl1") != tt.explain {
			t.Errorf("ExplainStartError(%v) = %q; want %q and the packages named: %v", tt.v, got, want, tt.explain)
		}
	}
}

// Without DISPLAY, WAYLAND_DISPLAY or a vmhost endpoint there is no
// window to open on Linux: CheckDisplay says so and what to install.
func TestCheckDisplay(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("CheckDisplay looks for a display on Linux and FreeBSD only")
	}
	for _, tt := range []struct {
		display, wayland, vm string
		ok                   bool
	}{
		{"", "", "", false}, {":81", "", "", true}, {"", "wayland-0", "", true}, {"", "", "host:1", true},
	} {
		t.Setenv("DISPLAY", tt.display)
		t.Setenv("WAYLAND_DISPLAY", tt.wayland)
		t.Setenv("EBITENGINE_VM_ENDPOINT", tt.vm)
		err := capture.CheckDisplay()
		if (err == nil) != tt.ok || (err != nil && !strings.Contains(err.Error(), "xvfb-run")) {
			t.Errorf("CheckDisplay with DISPLAY %q, WAYLAND_DISPLAY %q, EBITENGINE_VM_ENDPOINT %q = %v; want ok %v (or the packages named)", tt.display, tt.wayland, tt.vm, err, tt.ok)
		}
	}
}
