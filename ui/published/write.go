//go:build !js

package published

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/moralebreak/moralebreak/internal/safefile"
)

// On reports whether the state is published each tick: natively only to a
// -state file (path not "").
func On(path string) bool { return path != "" }

// Write writes st as JSON to path (for tests driving the demo), through a
// temporary file beside it so a reader never sees half a file. Like every
// other write of the demo it replaces only a regular file (or the one a
// symlink names, or nothing): a device, a FIFO or a folder at path is an
// error and stays as it is. It does not sync to disk, as it runs every
// tick. Its errors start with "-state".
func Write(path string, st State) error {
	b, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("-state %s: %w", path, err)
	}
	target, _, err := safefile.Target(path)
	if err != nil {
		return fmt.Errorf("-state: %w", err)
	}
	path = target
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return fmt.Errorf("-state: %w", err) // names tmp
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("-state: %w", err) // names both
	}
	return nil
}
