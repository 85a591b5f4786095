//go:build js

package safefile

import "syscall/js"

// Offer is the browser's way of writing a file: it offers data to the
// browser as a download named name, of MIME type mime, and returns the
// message that says so ("NAME offered as a download").
func Offer(name, mime string, data []byte) string {
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
