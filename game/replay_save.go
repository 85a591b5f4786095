//go:build !js

package game

import (
	"errors"
	"fmt"

	"github.com/moralebreak/moralebreak/internal/safefile"
)

// SaveReplay writes r to path in the replay format (Recording.Write),
// through a temporary file in the same directory so that a reader never
// sees half of it, and returns what to tell the player. It replaces only a
// regular file (or a symlink to one): a device, a FIFO or a folder at path
// is an error. In the browser it offers the file as a download instead.
func SaveReplay(path string, r Recording) (string, error) {
	if path == "" {
		return "", errors.New("no replay file (run with -record FILE)")
	}
	if err := safefile.WriteFunc(path, r.Write); err != nil {
		return "", err
	}
	return fmt.Sprintf("saved replay %s (%.1f s, %d commands)", path,
		float64(r.End)/SubTicksPerSecond, len(r.Entries)), nil
}
