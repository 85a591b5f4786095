package textfit_test

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/internal/textfit"
)

// load loads the demo's assets, whose fonts the tests wrap in.
func load(t testing.TB) *assets.Assets {
	t.Helper()
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	return as
}

// wrapCase is a text, a width in pixels and the lines Wrap must give.
type wrapCase struct {
	in   string
	w    float64
	want []string
}

// widths is the case of in wrapped to every width from w0 to w1, a pixel
// apart (none when w1 is below w0).
func widths(in string, w0, w1 float64, want ...string) []wrapCase {
	var cases []wrapCase
	for w := w0; w <= w1; w++ {
		cases = append(cases, wrapCase{in, w, want})
	}
	return cases
}

// wrapCases wraps each case's text in face and fails, naming the text and
// the width, where the lines are not the case's.
func wrapCases(t *testing.T, face text.Face, cases []wrapCase) {
	t.Helper()
	for _, tc := range cases {
		if got := textfit.Wrap(tc.in, face, tc.w); !slices.Equal(got, tc.want) {
			t.Errorf("Wrap(%q, %.0f px): got %q; want %q", tc.in, tc.w, got, tc.want)
		}
	}
}

// inWidth fails for each of got, the lines of in wrapped to w pixels,
// that is wider than w.
func inWidth(t *testing.T, face text.Face, in string, w float64, got []string) {
	t.Helper()
	for _, l := range got {
		if lw := textfit.Width(l, face); lw > w {
			t.Errorf("Wrap(%q, %.0f px): got line %q, %.0f px wide; want at most %.0f", in, w, l, lw, w)
		}
	}
}

func TestWrapKeepsEveryLineInsideTheWidth(t *testing.T) {
	face := load(t).Face(12)
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
			inWidth(t, face, tc.in, w, got)
			// nothing lost: the words come back in order
			if j := strings.Join(strings.Fields(strings.Join(got, " ")), ""); j != strings.Join(strings.Fields(tc.in), "") {
				t.Errorf("Wrap(%q) lost text: got %q", tc.in, got)
			}
		})
	}
}

func TestLimitAndClipEndInAnEllipsis(t *testing.T) {
	face := load(t).Face(12)
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
	face := load(t).MonoFace(12) // the console's
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

// Clip cuts at the last word that fits with the ellipsis (a " · " part,
// a CamelCase part), between letters only when not even the first word
// fits: "MinimumStateSeco…" read as another word.
func TestClipCutsAtAWord(t *testing.T) {
	face := load(t).Face(12)
	w := func(s string) float64 { return textfit.Width(s, face) }
	for _, tc := range []struct {
		name, in string
		w        float64
		want     string
	}{
		{"fits", "Steady", w("Steady"), "Steady"},
		{"fits with room", "Routed at 10.50 s", 1000, "Routed at 10.50 s"},
		{"words", "not this battle at all", w("not this battle…"), "not this battle…"},
		{"words, one less", "not this battle at all", w("not this battle…") - 0.5, "not this…"},
		{"parts", "Odds · lab's opening · 1000 fights", w("Odds · lab's opening · 1000…") - 0.5, "Odds · lab's opening…"},
		{"a number whole", "Odds · lab's opening · 1000 fights", w("Odds · lab's opening · 1000…"), "Odds · lab's opening · 1000…"},
		{"list", "Suppressed −0.12, EnemyDown +0.08", w("Suppressed −0.12, Enemy…") - 0.5, "Suppressed −0.12…"},
		{"arrow", "Steady → Shaken", w("Steady → Sh…"), "Steady…"},
		{"a number with its unit", "last at 77.55 s, then", w("last at 77.55 s…"), "last at 77.55 s…"},
		{"a number without its unit", "last at 77.55 s, then", w("last at 77.55 s…") - 0.5, "last at…"},
		// a text that starts with a number too wide for the room is
		// never cut inside it: "77.5…" read as 77.5
		{"a number first, its unit cut", "77.55 s, then", w("77.55…"), "77.55…"},
		{"a number first, cut short", "77.55 s, then", w("77.55…") - 0.5, textfit.Ellipsis},
		{"a number first, a digit room", "77.55 s, then", w("7…"), textfit.Ellipsis},
		{"a signed number first", "−0.40 at 5.00 s", w("−0.4…"), textfit.Ellipsis},
		{"a sign first", "−0.40 at 5.00 s", w("−…"), textfit.Ellipsis},
		{"± first", "±0.00 recovery", w("±0.0…"), textfit.Ellipsis},
		{"a count first", "1000 fights", w("100…"), textfit.Ellipsis},
		{"a number in the first word", "x77.55 s", w("x77.5…"), "x…"},
		{"CamelCase", "MinimumStateSeconds", w("MinimumStateSeco…"), "MinimumState…"},
		{"CamelCase, one less", "MinimumStateSeconds", w("MinimumState…") - 0.5, "Minimum…"},
		{"CamelCase after words", "Rally MinimumStateSeconds", w("Rally MinimumState…"), "Rally MinimumState…"},
		{"CamelCase, first part too long", "MinimumStateSeconds", w("Minimum…") - 0.5, "Minimu…"},
		{"one long word", strings.Repeat("m", 30), w("mmmm…"), "mmmm…"},
		{"first word too long", "unbreakable line", w("unbr…"), "unbr…"},
		{"Limit's ellipsis", "morale moves morale " + textfit.Ellipsis, w("morale moves morale…"), "morale moves morale…"},
		{"empty", "", 0, ""},
		{"empty, no room", "", -1, ""},
		{"no room for a letter", "Steady", w("S…") - 0.5, textfit.Ellipsis},
		{"no room for the ellipsis", "Steady", w(textfit.Ellipsis) - 1, textfit.Ellipsis},
		{"no room at all", "Steady", 0, textfit.Ellipsis},
		{"non-ASCII words", "Moral sinkt über Nacht", w("Moral sinkt über N…"), "Moral sinkt über…"},
		{"non-ASCII CamelCase", "ÄußereMoralÜberGrenze", w("ÄußereMoralÜberGr…"), "ÄußereMoralÜber…"},
		{"non-ASCII long word", "Überschreitung", w("Über…"), "Über…"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := textfit.Clip(tc.in, face, tc.w)
			if got != tc.want {
				t.Errorf("Clip(%q) in %.1f px: got %q; want %q", tc.in, tc.w, got, tc.want)
			}
			if got != "" && got != textfit.Ellipsis && w(got) > tc.w {
				t.Errorf("Clip(%q) in %.1f px: got %q, %.1f px wide; want at most %.1f", tc.in, tc.w, got, w(got), tc.w)
			}
		})
	}
}

// A path too long for a line wraps after a separator, so that the lines
// read as one path: the Save picture message's "…/moralebreak-" over
// "12.3s.png" (broken at whatever letter fit) read as two words, or as a
// hyphenated one. It starts on the line of the words before it, up to a
// separator (it had a line of its own, "saved picture" one of the strip's
// four alone). A part too long for a line of its own is broken after a
// hyphen where one fits (TestWrapCutsAWordAfterItsHyphen), else between
// letters.
func TestWrapBreaksAPathAtItsSeparators(t *testing.T) {
	face := load(t).Face(12)
	for _, path := range []string{
		"/home/ana/designers-balance-work/morale-tuning-2026-december/moralebreak-12.3s.png",
		`C:\Users\ana-lopes\designers-balance-work\morale-tuning-2026-december\moralebreak-12.3s-A.png`,
	} {
		msg := "saved picture " + path
		longest := 0.0
		for _, part := range strings.FieldsFunc(path, func(r rune) bool { return r == '/' || r == '\\' }) {
			longest = max(longest, textfit.Width(part+`\`, face))
		}
		for w := math.Ceil(longest); w < textfit.Width(path, face)+40; w += 3 {
			got := textfit.Wrap(msg, face, w)
			whole := len(got) == 2 && got[0] == "saved picture" && got[1] == path // fits a line of its own
			for _, l := range got[:len(got)-1] {
				if !whole && !strings.HasSuffix(l, "/") && !strings.HasSuffix(l, `\`) {
					t.Errorf("%.0f px: got lines %q; want %q to end at a separator", w, got, l)
				}
			}
			inWidth(t, face, msg, w, got)
			if !whole && strings.Join(got, "") != msg {
				t.Errorf("%.0f px: got lines %q; want them to make %q", w, got, msg)
			}
		}
	}
	// a part wider than the line: broken after a hyphen where one fits, so
	// a line cut between letters holds none
	for w := 40.0; w < 120; w++ {
		got := textfit.Wrap("moralebreak-12.3s-moralebreak-12.3s-moralebreak-12.3s.png", face, w)
		for _, l := range got[:len(got)-1] {
			if !strings.HasSuffix(l, "-") && strings.Contains(l, "-") {
				t.Errorf("%.0f px: got lines %q; want %q cut after its hyphen", w, got, l)
			}
		}
	}
}

// A word too wide for its line is never cut inside a number, nor between a
// sign and its digits, nor so that a line starts with a hyphen, which reads
// as a minus: the Save picture message's "moralebreak-7.6s-2.png" wrapped
// to "moralebreak" over "-7.6s-2.png" (minus 7.6 s) at 68 to 80 px, to
// "moralebreak-7." over "6s-2.png" at 86 to 90, and "-120.0" at 12 px to
// "-" over "1" over "2"… A '-' between two letters or digits is a hyphen,
// no sign: "moralebreak-" over "7.6s-2.png" and "0.2-" over "0.5" cut no
// number. A line may start with a sign: "[-130.5–" over "-110.25]".
func TestWrapNeverCutsANumber(t *testing.T) {
	face := load(t).Face(12)
	numeric := func(r rune) bool { return unicode.IsDigit(r) || r == '.' }
	word := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	for _, in := range []string{
		"moralebreak-7.6s-2.png",
		"/home/ana/moralebreak-7.6s-2.png",
		"moralebreak-12.3s-moralebreak-12.3s-moralebreak-12.3s.png",
		"-120.0",
		"−120.0",
		"+0.08",
		"±120.5",
		"±0.00",
		"−.5",
		"[-130.5–-110.25]",
		"0.2-0.5",
		"0.25-0.5-0.75",
		"x=-0.25;y=−0.4;z=+0.08",
		"first-rout-of-the-squad",
	} { // single words: every line after the first starts at a cut
		for w := 0.0; w < textfit.Width(in, face)+10; w++ {
			got := textfit.Wrap(in, face, w)
			if strings.Join(got, "") != in {
				t.Errorf("Wrap(%q, %.0f px): got %q; want its lines to make the text", in, w, got)
			}
			for k := 1; k < len(got); k++ {
				a, b := []rune(got[k-1]), []rune(got[k])
				if len(a) == 0 || len(b) == 0 {
					continue
				}
				last, first := a[len(a)-1], b[0]
				// a sign: a '−' or '+', or a '-' after no letter or digit
				sign := last == '−' || last == '+' || last == '±' || last == '-' && (len(a) < 2 || !word(a[len(a)-2]))
				switch {
				case numeric(last) && numeric(first), sign && numeric(first):
					t.Errorf("Wrap(%q, %.0f px): got %q; want no number cut between %q and %q", in, w, got, got[k-1], got[k])
				case first == '-' && word(last):
					t.Errorf("Wrap(%q, %.0f px): got %q; want no line starting with a hyphen, which reads as a minus (%q)", in, w, got, got[k])
				}
			}
		}
	}
	wrapCases(t, face, []wrapCase{
		{"-120.0", 12, []string{"-120.0"}},
		{"-120.0", 0, []string{"-120.0"}},
		{"−0.4", 0, []string{"−0.4"}},
		{"+0.08", 0, []string{"+0.08"}},
		// a '±' is a sign as '−' is: this was "±" over "120.5"
		{"±120.5", 0, []string{"±120.5"}},
		{"±120.5", 20, []string{"±120.5"}},
		{"recovery ±0.00", textfit.Width("recovery ±0.0", face), []string{"recovery", "±0.00"}},
		{"x=±0.25", textfit.Width("x=±0.2", face), []string{"x=", "±0.25"}},
		// a sign goes with its number to the next line: this was
		// "[-130.5" over "–-110.25]" before dashAt
		{"[-130.5–-110.25]", textfit.Width("[-130.5–-110", face), []string{"[-130.5–", "-110.25]"}},
		{"x=-0.25", textfit.Width("x=-0.2", face), []string{"x=", "-0.25"}},
		{"x=−0.25", textfit.Width("x=−0.2", face), []string{"x=", "−0.25"}},
	})
	// where a cut outside the numbers fits, every line fits
	for w := 68.0; w <= 90; w++ {
		inWidth(t, face, "moralebreak-7.6s-2.png", w, textfit.Wrap("moralebreak-7.6s-2.png", face, w))
	}
}

// w below one rune's width gives one rune a line, and no more lines: "abc"
// at 0 px gave "a", "b", "c" and an empty fourth line.
func TestWrapBelowOneRuneGivesOneRuneALine(t *testing.T) {
	face := load(t).Face(12)
	wrapCases(t, face, []wrapCase{
		{"abc", 0, []string{"a", "b", "c"}},
		{"a", 0, []string{"a"}},
		{"ab cd", 0, []string{"a", "b", "c", "d"}},
	})
}

// Wrap keeps the text's own spaces: a path with two spaces read with one,
// "/tmp/a  b/c" as "/tmp/a b/c", a folder that does not exist.
func TestWrapKeepsTheTextsSpaces(t *testing.T) {
	face := load(t).Face(12)
	wrapCases(t, face, []wrapCase{
		{"/tmp/a  b/c", 1000, []string{"/tmp/a  b/c"}},
		{"saved  picture   /tmp/x", 1000, []string{"saved  picture   /tmp/x"}},
		{"  indented", 1000, []string{"  indented"}},
		{"", 1000, nil},
		{"a\n\nb", 1000, []string{"a", "", "b"}},
	})
	// wrapped, the lines keep every rune but the run of spaces at each
	// break
	in := "/tmp/a  b/c and  two  spaces between words"
	for w := 10.0; w < textfit.Width(in, face); w++ {
		fromText(t, in, w, textfit.Wrap(in, face, w))
	}
}

// fromText fails unless got, the lines of the paragraph in (no "\n")
// wrapped to w pixels, are in's runes in order, but for the run of spaces
// at each break and the spaces that end in: the first line starts as in
// does (its indent kept), each other line right after the previous one or
// after a run of spaces, which is gone; so no line but the first starts
// with a space, and none ends with one. It returns where in in the lines
// were cut inside a word, with no space lost: the byte offsets.
func fromText(t *testing.T, in string, w float64, got []string) (cuts []int) {
	t.Helper()
	rest := in
	for k, l := range got {
		if k > 0 && !strings.HasPrefix(rest, " ") {
			cuts = append(cuts, len(in)-len(rest))
		}
		gap := rest
		if k > 0 {
			rest = strings.TrimLeft(rest, " ")
			gap = gap[:len(gap)-len(rest)]
		}
		switch {
		case k > 0 && strings.HasPrefix(l, " "), strings.HasSuffix(l, " "):
			t.Errorf("Wrap(%q, %.0f px): got %q; want no line ending with a space, nor one but the first starting with one (%q)", in, w, got, l)
			return cuts
		case !strings.HasPrefix(rest, l), k > 0 && gap == "" && strings.HasPrefix(rest, " "):
			t.Errorf("Wrap(%q, %.0f px): got %q; want the text's runes in order, only the spaces at each break lost (line %d, %q)", in, w, got, k, l)
			return cuts
		}
		rest = rest[len(l):]
	}
	if strings.TrimLeft(rest, " ") != "" {
		t.Errorf("Wrap(%q, %.0f px): got %q; want every word of the text (%q left)", in, w, got, rest)
	}
	return cuts
}

// A run of spaces at a break goes with it, whole: "alpha  beta" wrapped
// to "alpha" over " beta", or "alpha " over "beta", as the one space a
// break dropped was the run's first or last, and "a  b  c" over " d  e";
// a path's "/tmp/My  Designs/x", cut at its spaces, gave "My" over
// " Designs/x". Spaces a line keeps stay as the text has them (a
// path's, a table's columns); the text's indent stays with its first word,
// and the spaces after its last word, which no reader sees, end no line:
// a line of spaces alone is an empty line.
func TestWrapDropsARunOfSpacesAtABreak(t *testing.T) {
	face := load(t).Face(12)
	w := func(s string) float64 { return textfit.Width(s, face) }
	cases := slices.Concat(
		widths("alpha  beta", math.Ceil(w("alpha")), w("alpha  beta")-1, "alpha", "beta"),
		widths("alpha   beta gamma", math.Ceil(w("alpha   beta")), w("alpha   beta gamma")-1, "alpha   beta", "gamma"),
		widths("a  b  c  d  e", math.Ceil(w("a  b  c")), w("a  b  c  d")-1, "a  b  c", "d  e"),
		widths("  indented text here", math.Ceil(w("  indented")), w("  indented text")-1, "  indented", "text here"),
		widths("/tmp/My  Designs/x", math.Ceil(w("Designs/x")), w("My  Designs/")-1, "/tmp/", "My", "Designs/x"),
	)
	cases = append(cases,
		wrapCase{"alpha  beta", 0, []string{"a", "l", "p", "h", "a", "b", "e", "t", "a"}},
		wrapCase{"x   ", 0, []string{"x"}},
		wrapCase{"x   ", 1000, []string{"x"}},
		wrapCase{"   ", 1000, []string{""}},
		wrapCase{"a \n  b  ", 1000, []string{"a", "  b"}},
		wrapCase{"saved  picture   /tmp/x", w("saved  picture"), []string{"saved  picture", "/tmp/x"}},
	)
	wrapCases(t, face, cases)
	for _, in := range []string{
		"alpha  beta", "alpha   beta gamma", "a  b  c  d  e", "  indented text here", "x   ",
		"LeaderDown  −0.40 at   5.00 s  (4.5 m away),  last at 4.66 s", "/tmp/Ana  Lopes/My   Designs/x.png  saved",
	} {
		for x := 0.0; x < w(in)+10; x++ {
			fromText(t, in, x, textfit.Wrap(in, face, x))
		}
	}
}

// FuzzWrap wraps any text at any width: each paragraph's lines are its
// runes in order but the spaces at each break and at its end (fromText:
// no line ends with a space, none but a paragraph's first starts with one),
// no cut inside a word is inside a number ("1," over "000", "7." over "6"),
// and a line wider than w is one that no cut could shorten: one rune past
// its indent, or a word with no space held whole by a number (its digits,
// '.', sign) or a hyphen, which no line starts with.
func FuzzWrap(f *testing.F) {
	face := load(f).Face(12)
	for _, seed := range []string{
		"alpha  beta", "a  b  c  d  e", "  indented text here", "x   ", "1,000,000 fights",
		"LeaderDown −0.40 at 5.00 s (4.5 m away), last at 4.66 s", "saved picture /tmp/Ana  Lopes/My Designs/x-3.0s.png",
		"first\n\n  second  line ", "[-130.5–-110.25] ±0.00", "ContagionPerSecond is 2000/s; it must lie in 0..1000/s",
	} {
		f.Add(seed, 60.0)
	}
	f.Add("1,000,000 fights", 31.0) // was "1,000" over ",000"
	f.Add("alpha  beta", 30.0)      // was "alpha" over " beta"
	f.Add("\u07c0\u07c0", 2.69)     // NKo digits, a number Wrap keeps whole: the checker knew only ASCII digits
	f.Fuzz(func(t *testing.T, in string, w float64) {
		if !utf8.ValidString(in) || len(in) > 200 || math.IsNaN(w) || w < 0 || w > 2000 {
			return
		}
		got := textfit.Wrap(in, face, w)
		var want []string // each paragraph's lines: Wrap wraps them apart
		if in != "" {
			for _, para := range strings.Split(in, "\n") {
				lines := textfit.Wrap(para, face, w)
				if para == "" {
					lines = []string{""}
				}
				for _, at := range fromText(t, para, w, lines) {
					// no number is cut: not between two digits, nor at a
					// decimal point or a thousands separator between two
					rs, i := []rune(para), utf8.RuneCountInString(para[:at])
					digit := func(k int) bool { return k >= 0 && k < len(rs) && unicode.IsDigit(rs[k]) }
					mark := func(k int) bool { return k >= 0 && k < len(rs) && (rs[k] == '.' || rs[k] == ',') }
					if digit(i-1) && digit(i) || mark(i-1) && digit(i-2) && digit(i) || digit(i-1) && mark(i) && digit(i+1) {
						t.Errorf("Wrap(%q, %v): got %q; want no number cut (at rune %d)", para, w, lines, i)
					}
				}
				want = append(want, lines...)
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("Wrap(%q, %v): got %q; want its paragraphs' lines %q", in, w, got, want)
		}
		for _, l := range got {
			if textfit.Width(l, face) <= w || utf8.RuneCountInString(l) <= 1 {
				continue
			}
			word := strings.TrimLeft(l, " ") // a paragraph's indent goes with its first word
			if strings.Contains(word, " ") || utf8.RuneCountInString(word) > 1 && !strings.ContainsFunc(word, func(r rune) bool { return unicode.IsDigit(r) || strings.ContainsRune(".-−+±", r) }) {
				t.Errorf("Wrap(%q, %v): got line %q, %.1f px wide; want at most %v, or a word no cut could shorten", in, w, l, textfit.Width(l, face), w)
			}
		}
	})
}

// A path with spaces in its folders wraps at its separators as any other,
// never at a space inside it: the F12 message "saved picture /tmp/Ana
// Lopes/My Designs/Morale" over "Tuning Work/moralebreak-3.0s.png" read as
// two paths, the first a folder that does not exist. Words after the path
// wrap as before.
func TestWrapBreaksAPathWithSpacesAtItsSeparators(t *testing.T) {
	face := load(t).Face(12)
	for _, tc := range []struct {
		head, path, tail string
	}{
		{"saved picture ", "/home/ana/My Pictures/Morale Break/moralebreak-12.3s.png", ""},
		{"saved picture ", "/tmp/Ana Lopes/My Designs/Morale Tuning Work/moralebreak-3.0s.png", ""},
		{"saved picture ", `C:\Users\Ana Lopes\My Documents\Morale  Break\moralebreak-12.3s.png`, ""},
		{"File: ", "/home/ana/Design Work/weights.toml", " (watched: edits apply live)"},
		{"cannot read ", "/home/ana/My Designs/a.toml", " and /home/ana/b.toml: no such file or directory"},
	} {
		in := tc.head + tc.path + tc.tail
		for w := 60.0; w < textfit.Width(in, face)+10; w += 2 {
			got := textfit.Wrap(in, face, w)
			// where each line ends in the text: never at a space of the
			// path, but in a folder too wide for a line ("Design" over
			// "Work/", not "Design Wo" over "rk/")
			at := 0
			for _, l := range got[:len(got)-1] {
				at += strings.Index(in[at:], l) + len(l)
				if at <= len(tc.head) || at >= len(tc.head)+len(tc.path) || in[at] != ' ' {
					continue
				}
				from := strings.LastIndexAny(in[:at], `/\`) + 1
				to := at + strings.IndexAny(in[at:], `/\`) + 1
				if folder := in[from:to]; textfit.Width(folder, face) <= w {
					t.Errorf("%.0f px: got %q; want no break at a space of the path, as after %q, whose folder %q fits a line", w, got, l, folder)
				}
			}
			if nospace := func(s string) string { return strings.ReplaceAll(s, " ", "") }; nospace(strings.Join(got, "")) != nospace(in) {
				t.Errorf("%.0f px: got %q; want every word of %q", w, got, in)
			}
			inWidth(t, face, in, w, got)
		}
	}
	// a unit with a slash starts no path: its message wraps at its spaces
	unit := "ContagionPerSecond is 2000/s; it must lie in 0..1000/s, as RecoveryPerSecond"
	for w := math.Ceil(textfit.Width("ContagionPerSecond", face)); w < textfit.Width(unit, face); w += 2 {
		got := textfit.Wrap(unit, face, w)
		if strings.Join(got, " ") != unit {
			t.Errorf("%.0f px: got %q; want %q wrapped at its spaces", w, got, unit)
		}
	}
	wrapCases(t, face, []wrapCase{
		{"saved picture /home/ana/My Pictures/shot.png", 160, []string{"saved picture /home/ana/", "My Pictures/shot.png"}},
		{"File: /home/ana/Design Work/weights.toml (watched: edits apply live)", 250, []string{"File: /home/ana/Design Work/weights.toml", "(watched: edits apply live)"}},
		{"saved picture /tmp/Ana Lopes/My Designs/Morale Tuning Work/moralebreak-3.0s.png", 250, []string{"saved picture /tmp/Ana Lopes/My Designs/", "Morale Tuning Work/moralebreak-3.0s.png"}},
		{"/tmp/a  b/c and  two", 1000, []string{"/tmp/a  b/c and  two"}},
	})
}

// A path ends before a word that starts another, and at a word that ends
// in ":", "," or ")"; a number with a unit is never a path. Joined to the
// last word with a "/" of the whole line, the first path swallowed the
// second, "cannot read /home/ana/My Designs/a.toml and /" over
// "home/ana/b.toml: no such file…" (a relative path), and a unit, "File:"
// over "/home/ana/weights.toml (watched) recovery 0.02/s".
func TestWrapEndsAPathAtItsLastWord(t *testing.T) {
	face := load(t).Face(12)
	wrapCases(t, face, []wrapCase{
		{"cannot read /home/ana/My Designs/a.toml and /home/ana/b.toml: no such file or directory", 280,
			[]string{"cannot read /home/ana/My Designs/a.toml and", "/home/ana/b.toml: no such file or directory"}},
		{"cannot read /home/ana/My Designs/a.toml and /home/ana/b.toml: no such file or directory", 200,
			[]string{"cannot read", "/home/ana/My Designs/a.toml and", "/home/ana/b.toml: no such file or", "directory"}},
		{"File: /home/ana/weights.toml (watched) recovery 0.02/s after 3 s", 280,
			[]string{"File: /home/ana/weights.toml (watched) recovery", "0.02/s after 3 s"}},
		{"File: /home/ana/weights.toml (watched) recovery 0.02/s after 3 s", 160,
			[]string{"File: /home/ana/weights.toml", "(watched) recovery 0.02/s", "after 3 s"}},
		// the strip's refusal of an edit: "… is 5000/" over "s; it must …"
		{"/tmp/Ana Lopes/My Designs/Morale Tuning Work/weights.toml: line 29: ContagionPerSecond is 5000/s; it must lie in 0..1000/s", 280,
			[]string{"/tmp/Ana Lopes/My Designs/Morale Tuning Work/", "weights.toml: line 29: ContagionPerSecond is", "5000/s; it must lie in 0..1000/s"}},
		// Go's "open PATH: …": the folder's last word ends the path
		{"open /home/ana/My Designs: no such file or directory", 120,
			[]string{"open /home/ana/", "My Designs: no such", "file or directory"}},
	})
	// where each of its words (a path with its spaces one word) fits a
	// line, a message wraps at the spaces between them, as a plain
	// sentence does
	var cases []wrapCase
	for _, words := range [][]string{
		{"cannot", "read", "/home/ana/My Designs/a.toml", "and", "/home/ana/b.toml:", "no", "such", "file"},
		{"File:", "/home/ana/weights.toml", "(watched)", "recovery", "0.02/s", "after", "3 s"}, // a number with its unit
		{"File:", "/home/ana/Design Work/weights.toml", "(not", "watched:", "open", "/home/ana/Design Work:", "too", "many"},
		{"/tmp/a.toml,", "/tmp/My Designs/b.toml", "and", "(/tmp/c d.toml)", "at", "2000/s,", "0.5/min"},
		{"ContagionPerSecond", "is", "2000/s;", "it", "must", "lie", "in", "0..1000/s,", "as", "RecoveryPerSecond"},
	} {
		in := strings.Join(words, " ")
		widest := 0.0
		for _, word := range words {
			widest = max(widest, textfit.Width(word, face))
		}
		for w := math.Ceil(widest); w < textfit.Width(in, face)+10; w++ {
			var want []string
			for _, word := range words {
				if n := len(want); n > 0 && textfit.Width(want[n-1]+" "+word, face) <= w {
					want[n-1] += " " + word
				} else {
					want = append(want, word)
				}
			}
			cases = append(cases, wrapCase{in, w, want})
		}
	}
	wrapCases(t, face, cases)
}

// A word too wide for its line is cut right after a hyphen where that
// fits, as a hyphenated word is broken: the F12 message's
// "moralebreak-3.0s.png" wrapped to "moralebrea" over "k-3.0s.png" at 64
// to 90 px and to "moralebreak-3.0" over "s.png" at 92 to 96. Never after
// a minus sign (TestWrapNeverCutsANumber).
func TestWrapCutsAWordAfterItsHyphen(t *testing.T) {
	face := load(t).Face(12)
	w := func(s string) float64 { return textfit.Width(s, face) }
	wrapCases(t, face, slices.Concat(
		widths("moralebreak-3.0s.png", math.Ceil(w("moralebreak-")), w("moralebreak-3.0s.png")-1,
			"moralebreak-", "3.0s.png"),
		widths("moralebreak-7.6s-2.png", math.Ceil(w("moralebreak-7.6s-")), w("moralebreak-7.6s-2.png")-1,
			"moralebreak-7.6s-", "2.png"),
		widths("saved picture /tmp/Ana Lopes/My Designs/Morale Tuning Work/moralebreak-3.0s.png", 90, 90,
			"saved picture", "/tmp/Ana Lopes/", "My Designs/", "Morale Tuning", "Work/", "moralebreak-", "3.0s.png"),
		widths("Hysteresis-PanicBelow-ShakenBelow", math.Ceil(w("Hysteresis-PanicBelow-")), w("Hysteresis-PanicBelow-ShakenBelow")-1,
			"Hysteresis-PanicBelow-", "ShakenBelow"),
		widths("Hysteresis-PanicBelow-ShakenBelow", math.Ceil(w("ShakenBelow")), w("Hysteresis-PanicBelow-")-1,
			"Hysteresis-", "PanicBelow-", "ShakenBelow"),
		widths("first-rout", math.Ceil(w("first-")), w("first-rout")-1,
			"first-", "rout"),
		// a range's '-' joins two digits: a hyphen, not the minus of "-0.5"
		widths("0.2-0.5", math.Ceil(w("0.2-")), w("0.2-0.5")-1,
			"0.2-", "0.5"),
		widths("2026-december", math.Ceil(w("december")), w("2026-december")-1,
			"2026-", "december"),
	))
}

// dashAt is the one rule that tells a hyphen from a sign: a '-' between
// two letters or digits is a hyphen (a line may end after it, never start
// with it); any other '-', and a '−' or '+', before a digit is a sign,
// never cut from its number. The rune asked about stands after "^".
func TestDashAtTellsAHyphenFromASign(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"first^-rout", "hyphen"},
		{"moralebreak^-3.0s.png", "hyphen"},
		{"moralebreak-7.6s^-2.png", "hyphen"},
		{"2026^-december", "hyphen"},
		{"0.2^-0.5", "hyphen"}, // a range
		{"^-0.25", "sign"},
		{"^−0.4", "sign"},
		{"x^−1", "sign"}, // a '−' is never a hyphen
		{"^+0.08", "sign"},
		{"^±0.00", "sign"},
		{"recovery ^±0.00", "sign"},
		{"^±.5", "sign"},
		{"^-.5", "sign"},
		{"[^-130.5–-110.25]", "sign"},
		{"[-130.5–^-110.25]", "sign"},
		{"x=^-0.25", "sign"},
		{"5-^-3", "sign"},
		{"5^--3", ""},
		{"^-scale", ""}, // a flag: no digit after, no word before
		{"rout^-", ""},
		{"^-", ""},
		{"a ^- b", ""},
		{"^−", ""},
		{"^+", ""},
		{"^±", ""},
		{"a ^± b", ""},
		{"^a", ""},
		{"C^+", ""},
	} {
		i := strings.IndexRune(tc.in, '^')
		s := tc.in[:i] + tc.in[i+1:]
		at := utf8.RuneCountInString(tc.in[:i])
		if got := textfit.DashAt(s, at); got != tc.want {
			t.Errorf("DashAt(%q, %d): got %q; want %q", s, at, got, tc.want)
		}
	}
}

// A number keeps its unit on its line: the console's Why read "… (4.5"
// over "m away, …" and "… at 4.66" over "s, recovery …". Where the number
// and its unit do not fit a line together they break at their space, as
// a path with a space does.
func TestWrapKeepsANumberWithItsUnit(t *testing.T) {
	face := load(t).Face(12)
	unit := regexp.MustCompile(`^(s|m|cm|px|pts|%)\b`)
	number := regexp.MustCompile(`[0-9]$`)
	for _, in := range []string{
		"LeaderDown −0.40 at 5.00 s (4.5 m away, falloff 1.00, nerve 0.12 kept 12%), LeaderNearby +0.08 ×3, last at 4.66 s, recovery ±0.00 (bad news 0.9 s ago)",
		"NoEffectRadius is 3000 cm; it must lie in (FullEffectRadius 600 cm, 100000 cm]",
		"Chen routs 75% [73–78] was 0% +75 pts, first rout 10.8 s",
	} {
		widest := 0.0 // of its words, a number and its unit one word
		words := strings.Fields(in)
		for k, word := range words {
			if k+1 < len(words) && number.MatchString(word) && unit.MatchString(words[k+1]) {
				word += " " + words[k+1]
			}
			widest = max(widest, textfit.Width(word, face))
		}
		for w := math.Ceil(widest); w < textfit.Width(in, face)+10; w++ {
			got := textfit.Wrap(in, face, w)
			if strings.Join(got, " ") != in {
				t.Errorf("Wrap(%q, %.0f px): got %q; want it wrapped at its spaces", in, w, got)
			}
			inWidth(t, face, in, w, got)
			for k := 1; k < len(got); k++ {
				if number.MatchString(got[k-1]) && unit.MatchString(got[k]) {
					t.Errorf("Wrap(%q, %.0f px): got %q; want no unit cut from its number (%q over %q)", in, w, got, got[k-1], got[k])
				}
			}
		}
	}
	wrapCases(t, face, []wrapCase{
		{"recovery at 4.66 s", textfit.Width("recovery at 4.66", face), []string{"recovery at", "4.66 s"}},
		{"away, falloff (4.5 m away)", textfit.Width("away, falloff (4.5", face), []string{"away, falloff", "(4.5 m away)"}},
		// too wide for the line together: cut at their space
		{"(4.5 m away)", textfit.Width("(4.5 m", face) - 1, []string{"(4.5", "m", "away)"}},
		{"3 men, 3 ms", textfit.Width("3 men, 3", face), []string{"3 men,", "3 ms"}},
	})
}

// A line never starts nor ends with the space it was cut at, at widths
// below the widest word too: a number and its unit (one word, unitWords)
// too wide for a line read "4.66" over " s", the space kept on the next
// line, as split dropped the space only at a cut that fits.
func TestWrapDropsTheSpaceItCutsAt(t *testing.T) {
	face := load(t).Face(12)
	w := func(s string) float64 { return textfit.Width(s, face) }
	wrapCases(t, face, []wrapCase{
		{"at 4.66 s", w("4.66 s") - 1, []string{"at", "4.66", "s"}},
		{"at 4.66 s", w("4.6"), []string{"at", "4.66", "s"}},
		{"at 4.66 s", 1, []string{"a", "t", "4.66", "s"}},
		{"at 4.66 s", 0, []string{"a", "t", "4.66", "s"}},
		{"(4.5 m away)", w("away)"), []string{"(4.5", "m", "away)"}},
		{"(4.5 m away)", 1, []string{"(", "4.5", "m", "a", "w", "a", "y", ")"}},
		{"/tmp/Ana Lopes/x", w("Lopes/"), []string{"/tmp/", "Ana", "Lopes/", "x"}},
		{"/tmp/Ana Lopes/x", w("/tmp/Ana") - 1, []string{"/tmp/", "Ana", "Lopes/x"}},
	})
	for _, in := range []string{
		"LeaderDown −0.40 at 5.00 s (4.5 m away, falloff 1.00, nerve 0.12 kept 12%), last at 4.66 s, recovery ±0.00",
		"saved picture /tmp/Ana Lopes/My Designs/Morale Tuning Work/moralebreak-3.0s.png",
		"Chen routs 75% [73–78] was 0% +75 pts, first rout 10.8 s",
	} {
		for w := 0.0; w < textfit.Width(in, face)+10; w++ {
			got := textfit.Wrap(in, face, w)
			for _, l := range got {
				if strings.HasPrefix(l, " ") || strings.HasSuffix(l, " ") {
					t.Errorf("Wrap(%q, %.0f px): got %q; want no line starting or ending with a space (%q)", in, w, got, l)
					break
				}
			}
			if strings.ReplaceAll(strings.Join(got, ""), " ", "") != strings.ReplaceAll(in, " ", "") {
				t.Errorf("Wrap(%q, %.0f px): got %q; want every rune but the spaces cut at", in, w, got)
			}
			if n := utf8.RuneCountInString(strings.Join(got, "")); n < utf8.RuneCountInString(in)-(len(got)-1) {
				t.Errorf("Wrap(%q, %.0f px): got %q; want only a space lost at each break", in, w, got)
			}
		}
	}
}

// A thousands separator, a ',' between two digits, is inside its number,
// as a decimal point is: a line never ends at it nor starts with it. Wrap
// cut "1,000" to "1," over "000" below its width and "1,000,000 fights" to
// "1,000" over ",000" at 31 px, and Clip("1,000 fights") read "1,…", a
// number cut short. A ',' before a space or a letter still ends a line.
func TestWrapNeverCutsAThousandsSeparator(t *testing.T) {
	face := load(t).Face(12)
	w := func(s string) float64 { return textfit.Width(s, face) }
	cases := slices.Concat(
		widths("1,000", 0, w("1,000")-1, "1,000"),
		widths("12,345.67", 0, w("12,345.67")-1, "12,345.67"),
		widths("−1,250.5", 0, w("−1,250.5")-1, "−1,250.5"),
		widths("count 1,000 fights", math.Ceil(w("fights")), w("count 1,000")-1, "count", "1,000", "fights"),
		widths("1,000,000 fights", w("1,000"), w("1,000,000")-1, "1,000,000", "fights"),
		widths("x=1,000", math.Ceil(w("x=")), w("x=1,000")-1, "x=", "1,000"),
		// a ',' that separates, not inside a number, may still end a line
		widths("3,x", math.Ceil(w("3,")), w("3,x")-1, "3,", "x"),
	)
	cases = append(cases, wrapCase{"12,000 fights, 1,000 routs", w("12,000 fights, 1,0"), []string{"12,000 fights,", "1,000 routs"}})
	wrapCases(t, face, cases)
	for _, tc := range []struct {
		in   string
		w    float64
		want string
	}{
		{"1,000 fights", w("1,0…"), textfit.Ellipsis},
		{"1,000 fights", w("1,…"), textfit.Ellipsis},
		{"1,000 fights", w("1,000…"), "1,000…"},
		{"1,000,000", w("1,000,0…"), textfit.Ellipsis},
		{"x1,000", w("x1,0…"), "x…"},
	} {
		if got := textfit.Clip(tc.in, face, tc.w); got != tc.want {
			t.Errorf("Clip(%q) in %.1f px: got %q; want %q", tc.in, tc.w, got, tc.want)
		}
	}
}
