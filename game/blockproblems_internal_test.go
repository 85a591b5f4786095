package game

import (
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// TestBlockProblemsNameTheFilesLines: a settings block's problems name the
// file's lines, each FieldError's two lines too, read from the error's
// fields, never from its text: an event named "x is set on line 1" keeps
// its name (a first cut rewrote any such text).
func TestBlockProblemsNameTheFilesLines(t *testing.T) {
	lines := []int{40, 41, 42, 43}
	tests := []struct{ text, want string }{
		{"ShakenBelow = 0.2\nPanicBelow = 0.3\n", "line 41: PanicBelow is 0.3; it must be below ShakenBelow (0.2); ShakenBelow is set on line 40"},
		{"ShakenBelow = 0.2\n", "line 40: PanicBelow is 0.25; it must be below ShakenBelow (0.2) (ShakenBelow is set on line 40)"},
		{"[custom]\n\"x is set on line 1\" = 5000\n", "line 41: custom.x is set on line 1 is 5000; it must lie in -1000..1000"},
		{"ShakenBelow = abc\n", "line 40: ShakenBelow is abc; write a number such as 0.6"},
	}
	for _, tt := range tests {
		_, err := morale.ReadSettings(strings.NewReader(tt.text))
		if err == nil {
			t.Fatalf("ReadSettings(%q): got nil; want an error", tt.text)
		}
		if got := blockProblems(err, lines); !slices.Equal(got, []string{tt.want}) {
			t.Errorf("blockProblems of %q: got %q; want %q", tt.text, got, tt.want)
		}
	}
}
