package capture_test

import (
	"os"
	"testing"

	"github.com/moralebreak/moralebreak/internal/windowtest"
)

// The window tests read frames back: TestMain runs the test binary inside
// Ebitengine's loop when there is a display (windowtest.Run).
func TestMain(m *testing.M) { os.Exit(windowtest.Run(m, "capture")) }
