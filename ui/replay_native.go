//go:build !js

package ui

import (
	"errors"
	"fmt"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/safefile"
)

// SaveReplay writes r to path in the replay format, through a temporary
// file in the same directory so that a reader never sees half of it, and
// returns what to tell the player. It replaces only a regular file (or a
// symlink to one): a device, a FIFO or a folder at path is an error.
func SaveReplay(path string, r game.Recording) (string, error) {
	if path == "" {
		return "", errors.New("no replay file (run with -record FILE)")
	}
	b, err := EncodeReplay(r)
	if err != nil {
		return "", err
	}
	if err := safefile.WriteFile(path, b); err != nil {
		return "", err
	}
	return fmt.Sprintf("saved replay %s (%.1f s, %d commands)", path,
		float64(r.End)/game.SubTicksPerSecond, len(r.Entries)), nil
}
