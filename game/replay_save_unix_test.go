//go:build unix

package game_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/moralebreak/moralebreak/game"
)

// SaveReplay never replaces a FIFO (or a device): its rename turned one into
// a regular file.
func TestSaveReplayKeepsSpecialFiles(t *testing.T) {
	g, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(t.TempDir(), "fifo.txt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	if _, err := game.SaveReplay(fifo, g.Recording()); err == nil || !strings.Contains(err.Error(), "is a FIFO, not a regular file; not replaced") {
		t.Errorf("SaveReplay over a FIFO = %v; want a refusal", err)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO is gone: %v, %v", fi, err)
	}
}
