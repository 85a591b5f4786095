package render_test

import (
	"os"
	"testing"

	"github.com/moralebreak/moralebreak/internal/windowtest"
)

// Reading pixels back needs Ebitengine's loop running: TestMain runs the
// whole test binary inside it (windowtest.Run). Without a display there is
// no loop: the pure tests still run and the pixel tests skip with
// noDisplay's message.

// noDisplay is the reason pixel tests skip, or "" when a display exists.
var noDisplay = windowtest.Missing()

func TestMain(m *testing.M) { os.Exit(windowtest.Run(m, "render")) }

// needDisplay skips a test that reads pixels when there is no display.
func needDisplay(t *testing.T) {
	t.Helper()
	windowtest.Skip(t)
}
