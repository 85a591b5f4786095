//go:build unix

package published_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/moralebreak/moralebreak/ui/published"
)

// Write never replaces a FIFO (or a device) with its state: the -state file
// is written every tick, and its rename turned a FIFO into a regular file. A
// regular file, and one named by a symlink, are replaced.
func TestPublishKeepsSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	if err := published.Write(fifo, published.State{}); err == nil || !strings.Contains(err.Error(), "-state: "+fifo+": is a FIFO, not a regular file; not replaced") {
		t.Errorf("Write over a FIFO: got %v; want a refusal naming it", err)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO is gone: %v, %v", fi, err)
	}
	file, link := filepath.Join(dir, "state.json"), filepath.Join(dir, "link.json")
	if err := os.WriteFile(file, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	if err := published.Write(link, published.State{}); err != nil {
		t.Fatalf("Write through a symlink: got %v; want nil", err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symlink was replaced: %v, %v", fi, err)
	}
	if b, err := os.ReadFile(file); err != nil || string(b) == "old" {
		t.Errorf("the file the symlink names: got %q, %v; want the new state", b, err)
	}
}
