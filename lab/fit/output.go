package fit

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"

	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/morale"
)

// Encode renders fit.json; the same result always gives the same bytes.
func Encode(r *Result) ([]byte, error) {
	b, err := json.MarshalIndent(r, "", " ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// WeightsFile renders the fitted weights file: a copy of startFile (the
// weights file the fit started from; "" for the defaults) saved over with s
// by morale.SaveSettings, the saver of the demo's Save button, which keeps
// the starting file's comments and row order. It works in a temporary
// folder and touches no other file.
func WeightsFile(startFile string, s morale.Settings) (data []byte, err error) {
	dir, err := os.MkdirTemp("", "moralesim-fit-")
	if err != nil {
		return nil, err
	}
	defer func() { err = errors.Join(err, os.RemoveAll(dir)) }()
	path := filepath.Join(dir, "weights.toml")
	if startFile != "" {
		start, err := safefile.Read(startFile, morale.MaxFileBytes, "weights file")
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(path, start, 0o644); err != nil {
			return nil, err
		}
	}
	if err := morale.SaveSettings(path, s); err != nil {
		return nil, err
	}
	return safefile.Read(path, morale.MaxFileBytes, "weights file")
}
