//go:build js

package published

import (
	"encoding/json"
	"syscall/js"
)

// On reports whether the state is published each tick: in the browser,
// always (globalThis.moraleBreak).
func On(string) bool { return true }

// Write sets globalThis.moraleBreak for the browser test: st as its JSON,
// the same as the native -state file's.
func Write(_ string, st State) error {
	b, err := json.Marshal(st)
	if err != nil {
		return err
	}
	js.Global().Set("moraleBreak", js.Global().Get("JSON").Call("parse", string(b)))
	return nil
}
