//go:build js

package ui

import (
	"syscall/js"

	"github.com/moralebreak/moralebreak/game"
)

// SaveReplay offers r to the browser as a download of replay.txt.
func SaveReplay(_ string, r game.Recording) (string, error) {
	b, err := EncodeReplay(r)
	if err != nil {
		return "", err
	}
	arr := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(arr, b)
	blob := js.Global().Get("Blob").New([]any{arr}, map[string]any{"type": "text/plain"})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	el := doc.Call("createElement", "a")
	el.Set("href", url)
	el.Set("download", "replay.txt")
	doc.Get("body").Call("appendChild", el)
	el.Call("click")
	el.Call("remove")
	js.Global().Get("URL").Call("revokeObjectURL", url)
	return "replay.txt offered as a download", nil
}
