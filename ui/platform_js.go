//go:build js

package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"syscall/js"

	"github.com/moralebreak/moralebreak/morale"
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

// publish sets globalThis.moraleBreak for the browser test. It cannot fail.
func publish(_ string, st PublishedState) error {
	soldiers := make([]any, len(st.Soldiers))
	for i, s := range st.Soldiers {
		soldiers[i] = map[string]any{
			"id": s.ID, "name": s.Name, "x": s.X, "y": s.Y, "alive": s.Alive,
			"state": s.State, "morale": s.Morale, "leader": s.Leader,
		}
	}
	buttons := make(map[string]any, len(st.Buttons))
	for label, r := range st.Buttons {
		buttons[label] = map[string]any{"x": r.X, "y": r.Y, "w": r.W, "h": r.H}
	}
	rows := make([]any, len(st.Tuner))
	for i, r := range st.Tuner {
		rows[i] = map[string]any{
			"name": r.Name, "value": r.Value, "default": r.Default, "start": r.Start, "pending": r.Pending,
			"note": r.Note, "typing": r.Typing, "shown": r.Shown,
			"box": map[string]any{"x": r.Box.X, "y": r.Box.Y, "w": r.Box.W, "h": r.Box.H},
		}
	}
	console := make([]any, len(st.Console))
	for i, l := range st.Console {
		console[i] = l
	}
	state := map[string]any{
		"soldiers": soldiers, "time": st.Time, "paused": st.Paused,
		"width": st.Width, "height": st.Height, "banner": st.Banner,
		"buttons": buttons,
		"why":     st.Why,
		"whyRect": map[string]any{"x": st.WhyRect.X, "y": st.WhyRect.Y, "w": st.WhyRect.W, "h": st.WhyRect.H},
		"tooltip": st.Tooltip,
		"tuner":   rows, "console": console, "consoleOpen": st.ConsoleOpen, "future": st.Future,
	}
	if st.Odds != nil {
		// the odds as their JSON, as the native -state file has them
		b, err := json.Marshal(st.Odds)
		if err != nil {
			return err
		}
		state["odds"] = js.Global().Get("JSON").Call("parse", string(b))
	}
	js.Global().Set("moraleBreak", state)
	return nil
}

// CheckDisplay: the browser always has a canvas.
func CheckDisplay() error { return nil }

// ExplainStartError formats a start failure.
func ExplainStartError(v any) string { return fmt.Sprint(v) }
