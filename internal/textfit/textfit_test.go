package textfit_test

import (
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/internal/textfit"
)

func TestWrapKeepsEveryLineInsideTheWidth(t *testing.T) {
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	face := as.Face(12)
	const w = 120
	for _, tc := range []struct {
		name, in string
		lines    int // want at least
	}{
		{"empty", "", 0},
		{"one word", "Steady", 1},
		{"sentence", "Routed at 10.50 s: Panicked for 3.50 s (RoutAfterSeconds 3.5). Morale 0.18", 3},
		{"long word", strings.Repeat("x", 80), 2},
		{"paragraphs", "first line\n\nthird line", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := textfit.Wrap(tc.in, face, w)
			if len(got) < tc.lines {
				t.Errorf("Wrap(%q): got %d lines %q; want at least %d", tc.in, len(got), got, tc.lines)
			}
			for _, l := range got {
				if textfit.Width(l, face) > w {
					t.Errorf("Wrap(%q): line %q is %.0f px wide; want at most %d", tc.in, l, textfit.Width(l, face), w)
				}
			}
			// nothing lost: the words come back in order
			if j := strings.Join(strings.Fields(strings.Join(got, " ")), ""); j != strings.Join(strings.Fields(tc.in), "") {
				t.Errorf("Wrap(%q) lost text: got %q", tc.in, got)
			}
		})
	}
}

func TestLimitAndClipEndInAnEllipsis(t *testing.T) {
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	face := as.Face(12)
	lines := textfit.Wrap(strings.Repeat("morale moves ", 40), face, 100)
	kept, cut := textfit.Limit(lines, 2, face, 100)
	if !cut || len(kept) != 2 || !strings.HasSuffix(kept[1], textfit.Ellipsis) {
		t.Errorf("Limit to 2 of %d lines: got %q, cut %v; want 2 lines, the last ending in %q", len(lines), kept, cut, textfit.Ellipsis)
	}
	if textfit.Width(kept[1], face) > 100 {
		t.Errorf("Limit: last line %q is wider than 100 px", kept[1])
	}
	if got, cut := textfit.Limit(lines[:1], 2, face, 100); cut || len(got) != 1 {
		t.Errorf("Limit of 1 line to 2: got %q, cut %v; want it unchanged", got, cut)
	}
	if got := textfit.Clip("short", face, 100); got != "short" {
		t.Errorf("Clip(short): got %q; want it unchanged", got)
	}
	if got := textfit.Clip(strings.Repeat("w", 60), face, 50); !strings.HasSuffix(got, textfit.Ellipsis) || textfit.Width(got, face) > 50 {
		t.Errorf("Clip of a long word to 50 px: got %q (%.0f px)", got, textfit.Width(got, face))
	}
}

// A table's row wraps under its last column; another line under itself.
func TestAppendHangingWrapsUnderItsColumn(t *testing.T) {
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	face := as.MonoFace(12) // the console's
	row := "  MoraleBreak.Why [name]       why his morale and state are what they are (no name: the selected soldier)"
	col := strings.Index(row, "why his")
	w := textfit.Width(row[:col+30], face)
	got := textfit.AppendHanging(nil, row, face, w)
	if len(got) < 3 {
		t.Fatalf("wrapped to %.0f px: %q; want several lines", w, got)
	}
	for _, l := range got[1:] {
		if strings.TrimLeft(l[:col], " ") != "" || l[col] == ' ' {
			t.Errorf("continuation %q: want it to start at column %d", l, col)
		}
	}
	plain := "Eriksen: Routed at 10.50 s: Panicked for 3.50 s (RoutAfterSeconds 3.5). Morale 0.18 ← LeaderDown −0.31"
	for _, l := range textfit.AppendHanging(nil, plain, face, 200)[1:] {
		if !strings.HasPrefix(l, "  ") || l[2] == ' ' {
			t.Errorf("continuation %q of a plain line: want it two spaces in", l)
		}
	}
}
