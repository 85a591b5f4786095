package ui

import (
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// One tick's typing: the editing keys apply before the characters of the
// same tick (a Backspace then a digit at a slow frame keeps the digit), and
// the other keys come back in their order.
func TestLineEditTypedKeysBeforeChars(t *testing.T) {
	bs, del, left, home := ebiten.KeyBackspace, ebiten.KeyDelete, ebiten.KeyLeft, ebiten.KeyHome
	enter, tab := ebiten.KeyEnter, ebiten.KeyTab
	for _, tc := range []struct {
		name     string
		start    string
		selected bool
		chars    string
		keys     []ebiten.Key
		want     string
		rest     []ebiten.Key
	}{
		{"backspace then a digit", "3.5", false, "4", []ebiten.Key{bs}, "3.4", nil},
		{"the selection deleted, then typed", "3.5", true, "4.25", []ebiten.Key{bs, enter}, "4.25", []ebiten.Key{enter}},
		{"home then typed", "5", false, "-", []ebiten.Key{home}, "-5", nil},
		{"left, delete, typed", "ab", false, "x", []ebiten.Key{left, del}, "ax", nil},
		{"the skipped rune", "help", false, "`", []ebiten.Key{tab, enter}, "help", []ebiten.Key{tab, enter}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var e lineEdit
			e.set(tc.start)
			if tc.selected {
				e.selectAll()
			}
			rest := e.typed([]rune(tc.chars), tc.keys, '`')
			if e.String() != tc.want || !slices.Equal(rest, tc.rest) {
				t.Errorf("got %q, rest %v; want %q, rest %v", e.String(), rest, tc.want, tc.rest)
			}
		})
	}
}
