//go:build js

package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"syscall/js"

	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui/published"
)

// LoadWeights returns the embedded defaults: the browser has no weights file.
func LoadWeights(path string) (morale.Settings, bool, error) {
	return morale.DefaultSettings(), false, nil
}

// saveWeights offers s to the browser as a download of weights.toml.
func saveWeights(_ string, s morale.Settings) (string, error) {
	var buf bytes.Buffer
	if err := morale.WriteSettings(&buf, s); err != nil {
		return "", err
	}
	return offerDownload("weights.toml", "application/toml", buf.Bytes()), nil
}

// offerDownload offers data to the browser as a download named name, of
// MIME type mime, and returns the banner's message saying so.
func offerDownload(name, mime string, data []byte) string {
	arr := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(arr, data)
	blob := js.Global().Get("Blob").New([]any{arr}, map[string]any{"type": mime})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	js.Global().Get("URL").Call("revokeObjectURL", url)
	return name + " offered as a download"
}

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
