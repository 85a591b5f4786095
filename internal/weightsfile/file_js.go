//go:build js

package weightsfile

import (
	"bytes"
	"errors"

	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/morale"
)

// Load returns the embedded defaults: the browser has no weights file.
func Load(path string) (morale.Settings, bool, error) {
	return morale.DefaultSettings(), false, nil
}

// Reload fails: the browser has no weights file to read.
func (f *File) Reload(func(morale.Settings) error) error {
	return errors.New("no weights file in the browser")
}

// MarkRead does nothing: the browser has no weights file.
func (f *File) MarkRead() {}

// ChangedOnDisk is false: the browser has no weights file to change.
func (f *File) ChangedOnDisk() bool { return false }

// Save offers s to the browser as a download of weights.toml.
func (f *File) Save(s morale.Settings) (string, error) {
	var buf bytes.Buffer
	if err := morale.WriteSettings(&buf, s); err != nil {
		return "", err
	}
	return safefile.Offer("weights.toml", "application/toml", buf.Bytes()), nil
}
