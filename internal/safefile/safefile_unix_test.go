//go:build unix

package safefile_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/internal/safefile"
)

// A FIFO or a device is refused at once: reading one would block (a FIFO
// with no writer) or never end (/dev/zero), replacing one would destroy it.
func TestSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	fifoLink := filepath.Join(dir, "fifo-link")
	if err := os.Symlink(fifo, fifoLink); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ path, want string }{
		{fifo, "is a FIFO, not a regular file"},
		{fifoLink, "is a FIFO, not a regular file"},
		{"/dev/zero", "is a device, not a regular file"},
		{"/dev/null", "is a device, not a regular file"},
	} {
		done := make(chan error, 1)
		go func() {
			_, err := safefile.Read(tt.path, 1<<20, "scenario")
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Read(%s) = %v; want an error with %q", tt.path, err, tt.want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("Read(%s) still blocks after 5 s", tt.path)
		}
		if err := safefile.WriteFile(tt.path, []byte("x")); err == nil || !strings.Contains(err.Error(), "not replaced") {
			t.Errorf("WriteFile(%s) = %v; want a refusal", tt.path, err)
		}
		if err := safefile.CheckWritable(tt.path); err == nil || !strings.Contains(err.Error(), "not replaced") {
			t.Errorf("CheckWritable(%s) = %v; want a refusal", tt.path, err)
		}
	}
	fi, err := os.Lstat(fifo)
	if err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO is no longer one after the writes: %v, %v", fi.Mode(), err)
	}
	if fi, err := os.Stat("/dev/null"); err != nil || fi.Mode()&os.ModeDevice == 0 {
		t.Errorf("/dev/null is no longer a device: %v", err)
	}
}
