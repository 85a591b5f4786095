//go:build js

package game

import (
	"bytes"

	"github.com/moralebreak/moralebreak/internal/safefile"
)

// SaveReplay offers r to the browser as a download of replay.txt.
func SaveReplay(_ string, r Recording) (string, error) {
	var b bytes.Buffer
	if err := r.Write(&b); err != nil {
		return "", err
	}
	return safefile.Offer("replay.txt", "text/plain", b.Bytes()), nil
}
