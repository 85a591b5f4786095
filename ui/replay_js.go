//go:build js

package ui

import (
	"github.com/moralebreak/moralebreak/game"
)

// SaveReplay offers r to the browser as a download of replay.txt.
func SaveReplay(_ string, r game.Recording) (string, error) {
	b, err := EncodeReplay(r)
	if err != nil {
		return "", err
	}
	return offerDownload("replay.txt", "text/plain", b), nil
}
