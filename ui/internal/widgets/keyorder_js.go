//go:build js

package widgets

import (
	"syscall/js"
	"unicode"
	"unicode/utf8"
)

// keyOrder, in the browser, is the order of the keys typed since it was
// last asked: a keydown listener on the document, in its capture phase
// (before the canvas's own, which gives Ebitengine its characters), counts
// the characters typed (a one-rune key, as Ebitengine takes them) and
// notes, at each Enter, how many came before it. Ebitengine itself tells
// only a frame's characters and that Enter was pressed in it, not their
// order; at a few frames a second (the browser build) a frame often holds
// the end of one command, Enter and the start of the next.
var keyOrder struct {
	installed bool
	chars     int   // characters since it was last asked
	enters    []int // at each Enter since, the characters before it
}

func frameEnters() ([]int, bool) {
	if !keyOrder.installed {
		keyOrder.installed = true
		js.Global().Get("document").Call("addEventListener", "keydown", js.FuncOf(func(_ js.Value, args []js.Value) any {
			e := args[0]
			switch k := e.Get("key").String(); {
			case k == "Enter":
				if !e.Get("repeat").Bool() {
					keyOrder.enters = append(keyOrder.enters, keyOrder.chars)
				}
			case utf8.RuneCountInString(k) == 1 && !unicode.IsControl([]rune(k)[0]):
				keyOrder.chars++
			}
			return nil
		}), true)
		return nil, false // the order of the keys before it: not known
	}
	enters := keyOrder.enters
	keyOrder.chars, keyOrder.enters = 0, nil
	return enters, true
}
