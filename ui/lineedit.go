package ui

import (
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"
)

// lineEdit is one line of text being typed, with its caret: the tuner's
// typed values and the console's input. It needs no window: keys and
// characters come from InputState.
type lineEdit struct {
	text  []rune
	caret int  // 0..len(text)
	all   bool // the whole text is selected: what is typed replaces it
}

// set replaces the text with s, the caret at its end, nothing selected.
func (e *lineEdit) set(s string) {
	e.text, e.caret, e.all = []rune(s), len([]rune(s)), false
}

// selectAll selects the whole text: the next character typed replaces it.
func (e *lineEdit) selectAll() { e.all = true }

// String returns the text.
func (e *lineEdit) String() string { return string(e.text) }

// maxLineEdit is the most runes a line may hold.
const maxLineEdit = 256

// insert types rs at the caret (replacing the whole text when it is
// selected); control characters are dropped.
func (e *lineEdit) insert(rs []rune) {
	for _, r := range rs {
		if !unicode.IsPrint(r) || len(e.text) >= maxLineEdit {
			continue
		}
		if e.all {
			e.text, e.caret, e.all = e.text[:0], 0, false
		}
		e.text = append(e.text, 0)
		copy(e.text[e.caret+1:], e.text[e.caret:])
		e.text[e.caret] = r
		e.caret++
	}
}

// typed applies one tick's typing to e: the editing keys among keys
// first, then the characters chars but skip, and returns the other keys in
// their order. Ebitengine does not say whether a key came before or after
// the characters of the same tick; deleting and then typing is what people
// do in quick succession (at a slow frame, 20 TPS, both land in one tick),
// typing a character and deleting it at once is not.
func (e *lineEdit) typed(chars []rune, keys []ebiten.Key, skip rune) (rest []ebiten.Key) {
	for _, k := range keys {
		if !e.key(k) {
			rest = append(rest, k)
		}
	}
	for _, r := range chars {
		if r != skip {
			e.insert([]rune{r})
		}
	}
	return rest
}

// key applies an editing key (Backspace, Delete, Left, Right, Home, End)
// and reports whether k is one.
func (e *lineEdit) key(k ebiten.Key) bool {
	switch k {
	case ebiten.KeyBackspace, ebiten.KeyDelete:
		switch {
		case e.all:
			e.text, e.caret, e.all = e.text[:0], 0, false
		case k == ebiten.KeyBackspace && e.caret > 0:
			e.text = append(e.text[:e.caret-1], e.text[e.caret:]...)
			e.caret--
		case k == ebiten.KeyDelete && e.caret < len(e.text):
			e.text = append(e.text[:e.caret], e.text[e.caret+1:]...)
		}
	case ebiten.KeyLeft:
		e.caret, e.all = max(0, e.caret-1), false
	case ebiten.KeyRight:
		e.caret, e.all = min(len(e.text), e.caret+1), false
	case ebiten.KeyHome:
		e.caret, e.all = 0, false
	case ebiten.KeyEnd:
		e.caret, e.all = len(e.text), false
	default:
		return false
	}
	return true
}

// editKeys are the keys a lineEdit takes, which repeat while held.
var editKeys = []ebiten.Key{ebiten.KeyBackspace, ebiten.KeyDelete, ebiten.KeyLeft, ebiten.KeyRight, ebiten.KeyHome, ebiten.KeyEnd}
