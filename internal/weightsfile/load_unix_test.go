//go:build unix

package weightsfile_test

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/moralebreak/moralebreak/internal/weightsfile"
)

// A weights path that is not a regular file is refused by a stat, before
// anything is opened: a FIFO would block the read, /dev/zero never ends.
func TestLoadRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.toml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	for _, path := range []string{fifo, dir, "/dev/zero"} {
		_, created, err := weightsfile.Load(path)
		if !errors.Is(err, weightsfile.ErrNotRegularFile) || created {
			t.Errorf("Load(%s): got created %v, error %v; want ErrNotRegularFile", path, created, err)
		}
	}
}
