//go:build js

package ui

import (
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/safefile"
)

// SaveReplay offers r to the browser as a download of replay.txt.
func SaveReplay(_ string, r game.Recording) (string, error) {
	b, err := EncodeReplay(r)
	if err != nil {
		return "", err
	}
	return safefile.Offer("replay.txt", "text/plain", b), nil
}
