//go:build js

package ui

import (
	"encoding/json"
	"fmt"
	"syscall/js"

	"github.com/moralebreak/moralebreak/ui/published"
)

// publishing reports whether the tick's state is published: in the browser,
// always (globalThis.moraleBreak).
func publishing(string) bool { return true }

// publish sets globalThis.moraleBreak for the browser test: the state as
// its JSON, the same as the native -state file's.
func publish(_ string, st published.State) error {
	b, err := json.Marshal(st)
	if err != nil {
		return err
	}
	js.Global().Set("moraleBreak", js.Global().Get("JSON").Call("parse", string(b)))
	return nil
}

// CheckDisplay: the browser always has a canvas.
func CheckDisplay() error { return nil }

// ExplainStartError formats a start failure.
func ExplainStartError(v any) string { return fmt.Sprint(v) }
