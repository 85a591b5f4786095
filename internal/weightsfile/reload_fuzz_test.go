//go:build !js

package weightsfile_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/internal/weightsfile"
	"github.com/moralebreak/moralebreak/morale"
)

// FuzzReload is the demo's weights file as its watcher hands it on: any
// bytes written to the file, then Reload (what the demo does on the
// watcher's news) and Load (what it does at start). Invariants: no panic;
// Load and Reload agree; a refused file is an error naming the path that
// applies nothing, leaves the file as it was and still unread; a taken one
// gives valid settings, is read, and saved back (the designer's lines kept)
// reloads as the same settings.
func FuzzReload(f *testing.F) {
	var def bytes.Buffer
	if err := morale.WriteSettings(&def, morale.DefaultSettings()); err != nil {
		f.Fatal(err)
	}
	f.Add(def.Bytes())
	for _, s := range []string{"", "ShakenBelow = 0.7\n", "ShakenBelow = \n", "ShakenBelow = 0.2\nPanicBelow = 0.3\n",
		"\ufeffShakenBelow = 0.5\r\n[weights]\r\nAmbush = -0.2\r\n", "# a comment\n[weights]\nSuppressed = -0.5 # bad news\n",
		"[weights]\nAllyDown = 1e400\n", "[[weights]]\n", "ShakenBelow = 0.5\nShakenBelow = 0.5\n", "x = [[[[[[1]]]]]]\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "weights.toml")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		file := weightsfile.New(path, nil)
		var got morale.Settings
		taken := 0
		err := file.Reload(func(s morale.Settings) error { got, taken = s, taken+1; return nil })
		loaded, created, lerr := weightsfile.Load(path)
		if created {
			t.Fatalf("Load created a file that was there")
		}
		if (err == nil) != (lerr == nil) {
			t.Fatalf("Reload says %v but Load says %v", err, lerr)
		}
		if err != nil {
			if !strings.Contains(err.Error(), path) || !strings.Contains(lerr.Error(), path) {
				t.Fatalf("Reload: %v; Load: %v; want errors naming %s", err, lerr, path)
			}
			if on, rerr := os.ReadFile(path); rerr != nil || !bytes.Equal(on, data) {
				t.Fatalf("a refused file changed on disk (%v)", rerr)
			}
			if taken != 0 || !file.ChangedOnDisk() {
				t.Fatalf("a refused file: applied %d times, changed on disk %v; want nothing applied, the file unread", taken, file.ChangedOnDisk())
			}
			return
		}
		if taken != 1 || file.ChangedOnDisk() {
			t.Fatalf("a good file: applied %d times, changed on disk %v; want once, read", taken, file.ChangedOnDisk())
		}
		if err := got.Validate(); err != nil {
			t.Fatalf("Reload took invalid settings: %v", err)
		}
		if !loaded.Equal(got) {
			t.Fatalf("Load and Reload read other settings")
		}
		if _, err := file.Save(got); err != nil {
			t.Fatalf("saving what was read: %v", err)
		}
		var back morale.Settings
		if err := file.Reload(func(s morale.Settings) error { back = s; return nil }); err != nil || !back.Equal(got) {
			t.Fatalf("saved and reloaded: %v, equal %v; want the same settings", err, back.Equal(got))
		}
	})
}
