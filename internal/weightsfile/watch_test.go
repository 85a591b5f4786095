//go:build !js

package weightsfile_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/internal/weightsfile"
)

func expectChange(t *testing.T, w *weightsfile.Watcher, what string) {
	t.Helper()
	select {
	case <-w.C():
	case err := <-w.Errors():
		t.Fatalf("%s: watcher error %v", what, err)
	case <-time.After(3 * time.Second):
		t.Fatalf("%s: no change reported within 3 s", what)
	}
}

func expectQuiet(t *testing.T, w *weightsfile.Watcher, what string) {
	t.Helper()
	select {
	case <-w.C():
		t.Fatalf("%s: a change was reported", what)
	case <-time.After(300 * time.Millisecond):
	}
}

func TestWatchFileReportsEditsDebounced(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "weights.toml")
	writeFile(t, path, "ShakenBelow = 0.6\n")
	w, err := weightsfile.WatchFile(path, 50*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := w.Close(); err != nil {
			t.Error(err)
		}
	})

	// A burst of writes is one change.
	for i := 0; i < 5; i++ {
		writeFile(t, path, "ShakenBelow = 0.5\n")
	}
	expectChange(t, w, "in-place write")
	expectQuiet(t, w, "after the burst")

	// Editors that save by writing a temporary file and renaming it.
	tmp := filepath.Join(dir, ".weights.toml.swp")
	writeFile(t, tmp, "ShakenBelow = 0.4\n")
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
	expectChange(t, w, "rename over the file")

	// Other files in the directory are not the weights.
	writeFile(t, filepath.Join(dir, "other.toml"), "x = 1\n")
	expectQuiet(t, w, "another file in the directory")
}
