//go:build unix

package morale_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/morale"
)

// Not a regular file: an error at once, without reading.
func TestLoadSettingsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	paths := map[string]string{"a directory": dir}
	{
		fifo := filepath.Join(dir, "fifo.toml")
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Fatal(err)
		}
		paths["a FIFO"] = fifo
		paths["a device"] = "/dev/zero"
		link := filepath.Join(dir, "zero.toml")
		if err := os.Symlink("/dev/zero", link); err != nil {
			t.Fatal(err)
		}
		paths["a symlink to a device"] = link
	}
	for kind, p := range paths {
		t.Run(kind, func(t *testing.T) {
			done := make(chan error, 1)
			go func() {
				_, err := morale.LoadSettings(p)
				done <- err
			}()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "not a regular file") {
					t.Errorf("LoadSettings(%s) = %v; want an error naming it, not a regular file", kind, err)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("LoadSettings(%s) did not return", kind)
			}
		})
	}
}
