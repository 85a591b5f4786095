//go:build js

package ui

import "github.com/moralebreak/moralebreak/morale"

// markRead does nothing: the browser has no weights file.
func (f *weightsFile) markRead() {}

// changedOnDisk is false: the browser has no weights file to change.
func (f *weightsFile) changedOnDisk() bool { return false }

// save offers s as a download of weights.toml.
func (f *weightsFile) save(s morale.Settings) (string, error) { return saveWeights(f.path, s) }
