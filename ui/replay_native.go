//go:build !js

package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/moralebreak/moralebreak/game"
)

// SaveReplay writes r to path in the replay format, through a temporary
// file in the same directory so that a reader never sees half of it, and
// returns what to tell the player.
func SaveReplay(path string, r game.Recording) (string, error) {
	if path == "" {
		return "", errors.New("no replay file (run with -record FILE)")
	}
	b, err := EncodeReplay(r)
	if err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return "", err
	}
	_, werr := tmp.Write(b)
	if err := errors.Join(werr, tmp.Chmod(0o644), tmp.Close()); err != nil {
		_ = os.Remove(tmp.Name())
		return "", err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		_ = os.Remove(tmp.Name())
		return "", err
	}
	return fmt.Sprintf("saved replay %s (%.1f s, %d commands)", path,
		float64(r.End)/game.SubTicksPerSecond, len(r.Entries)), nil
}
