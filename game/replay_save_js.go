//go:build js

package game

import (
	"bytes"
	"path"

	"github.com/moralebreak/moralebreak/internal/safefile"
)

// SaveReplay offers r to the browser as a download named as the file p
// (moralebreak-replay.txt without -record), as the desktop writes it.
func SaveReplay(p string, r Recording) (string, error) {
	var b bytes.Buffer
	if err := r.Write(&b); err != nil {
		return "", err
	}
	return safefile.Offer(path.Base(p), "text/plain", b.Bytes()), nil
}
