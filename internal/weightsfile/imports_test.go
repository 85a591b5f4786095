package weightsfile_test

import (
	"go/build"
	"strings"
	"testing"
)

// weightsfile needs no window: besides the standard library it imports
// only morale, internal/safefile, internal/tomllines (all engine-free) and
// fsnotify, so that it is tested without a display.
func TestImportsNoEngine(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkg.Imports {
		switch {
		case !strings.Contains(strings.SplitN(p, "/", 2)[0], "."), // the standard library
			strings.HasPrefix(p, "github.com/moralebreak/moralebreak/morale"),
			p == "github.com/moralebreak/moralebreak/internal/safefile",
			p == "github.com/moralebreak/moralebreak/internal/tomllines",
			p == "github.com/fsnotify/fsnotify":
		default:
			t.Errorf("weightsfile imports %s; want only the standard library, morale, internal/safefile, internal/tomllines and fsnotify", p)
		}
	}
}
