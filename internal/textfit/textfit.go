// Package textfit fits text into a width of pixels: wrapped at spaces
// into lines (AppendHanging: under a table's last column), or cut with
// "…". The demo's panels (package render's Why panel and tooltips,
// package ui's message strip, tuner and console) share it, so that every
// box of text breaks its lines the same way.
package textfit

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Ellipsis ends a line that was cut.
const Ellipsis = "…"

// Width is the advance of s in face, in pixels.
func Width(s string, face text.Face) float64 {
	w, _ := text.Measure(s, face, 0)
	return w
}

// Wrap breaks s into lines no wider than w pixels in face. Each line of s
// (split at "\n") is wrapped on its own, at spaces, but not at a space
// inside a path (pathWords) nor between a number and its unit (unitWords).
// A run of spaces inside a line stays as the text has it (a path's "a  b",
// a table's columns); at a break the whole run goes, so that no line ends
// with a space and none starts with one but the text's own indent, which
// stays with its first word; the spaces after the last word go too, and a
// line of spaces alone is an empty line. A word wider than w is broken
// after a path separator, else at a space of its own (a path's, a
// number's before its unit), else between runes, never inside a number,
// at its decimal point or a thousands separator ("1,000": inNumber)
// (split). An empty line of s stays an empty line; the result of "" is no
// line at all. w below one rune's width still gives one rune a line; a
// number wider than w has a line of its own, wider than w.
func Wrap(s string, face text.Face, w float64) []string {
	if s == "" {
		return nil
	}
	var out []string
	for _, para := range strings.Split(s, "\n") {
		out = appendWrapped(out, para, face, w)
	}
	return out
}

// appendWrapped appends the lines of one paragraph (no "\n") to out.
func appendWrapped(out []string, para string, face text.Face, w float64) []string {
	// split at single spaces, so that a run of spaces (an empty word
	// between two) stays as the text has it: "/tmp/a  b/c"
	words := unitWords(pathWords(strings.Split(para, " ")))
	// the text's indent, the spaces before its first word, goes with it
	indent := 0
	for indent < len(words) && words[indent] == "" {
		indent++
	}
	if indent == len(words) {
		return append(out, "") // no word: a line of spaces is an empty line
	}
	cur, gap := "", strings.Repeat(" ", indent) // gap: the spaces before word
	for _, word := range words[indent:] {
		if word == "" { // one more space of a run
			gap += " "
			continue
		}
		if cur != "" {
			if try := cur + gap + word; Width(try, face) <= w {
				cur, gap = try, " "
				continue
			}
			if Width(word, face) > w {
				// a path too wide for any line starts on this one, up
				// to a separator: "saved picture /home/ana/" rather
				// than a line of its own for "saved picture"
				if head, tail, ok := atSeparator([]rune(word), face, w-Width(cur+gap, face)); ok && Width(cur+gap+head, face) <= w {
					cur, word = cur+gap+head, tail
				}
			}
			// the line ends here: the whole run of spaces at the break
			// goes, so that the next line starts with its word
			out = append(out, cur)
		} else {
			word = gap + word // the indent
		}
		// the word alone: broken between runes while it is too wide and
		// split finds a place to cut it
		for Width(word, face) > w {
			head, tail := split(word, face, w)
			if tail == "" {
				break
			}
			out = append(out, head)
			word = tail
		}
		cur, gap = word, " "
	}
	return append(out, cur) // the spaces after the last word end no line
}

// pathWords joins the words of each path with spaces in it into one word,
// so that the path wraps at its separators as any other does: a path
// starts at a word that starts as one (pathStart: "/home", "C:\\Users",
// "~/x", "./x", after a quote or a bracket too) and runs to the last word
// after it with a separator ("/" or "\\"), taking the words and spaces
// between ("/home/ana/Morale Tuning Work/x.png" is one word). Wrapped at
// its spaces, the path read as two: "saved picture /tmp/Ana Lopes/My
// Designs/Morale" over "Tuning Work/x.png". A path ends before a word that
// starts another ("… a.toml and" over "/home/ana/b.toml", not "… and /"
// over "home/ana/b.toml"), and at a word that ends in ":", "," or ")",
// which is its last word when it has a separator ("b.toml:") or follows
// right after one and opens no remark ("/home/ana/My Designs:", as Go's
// "open …: no such file" writes it; not "(watched:" nor "(watched)"). A
// number with a unit ("0.02/s", unitWord) is no word of a path and starts
// none, so a message of units wraps as before.
func pathWords(words []string) []string {
	out := make([]string, 0, len(words))
	from, last := -1, -1 // the path being read: its first and last word; -1 outside one
	// end appends the path, then the words after its last one, one by one
	end := func(to int) {
		out = append(out, strings.Join(words[from:last+1], " "))
		out = append(out, words[last+1:to]...)
		from = -1
	}
	for k, w := range words {
		if pathStart(w) {
			if from >= 0 {
				end(k)
			}
			from, last = k, k
		} else if from < 0 {
			out = append(out, w)
			continue
		}
		sep := strings.ContainsAny(w, `/\`)
		unit := sep && unitWord(w) // once a word: a unit has a "/"
		if sep && !unit {
			last = k
		}
		if w != "" && strings.ContainsAny(w[len(w)-1:], ":,)") {
			// its last word: with a separator ("b.toml:"), or the rest
			// of a folder ("/home/ana/My Designs:", Go's "open …: no
			// such file") but not a remark ("(watched:")
			r, _ := utf8.DecodeRuneInString(w)
			if k == last+1 && !strings.ContainsRune(opening, r) && !unit {
				last = k
			}
			end(k + 1)
		}
	}
	if from >= 0 {
		end(len(words))
	}
	return out
}

// unitWords joins each number to the unit after it into one word, so
// that no line ends in a number whose unit starts the next: the console's
// Why read "… (4.5" over "m away, …" and "… at 4.66" over "s, recovery …".
// A number is digits with '.' or ',' between them, after any sign and an
// opening bracket ("(4.5", "−0.40", "±0.00"); a unit is one of units,
// before any closing punctuation ("s,", "m)").
func unitWords(words []string) []string {
	out := words[:0:0]
	for k := 0; k < len(words); k++ {
		w := words[k]
		if k+1 < len(words) && withUnit(w, words[k+1]) {
			out = append(out, w+" "+words[k+1])
			k++
			continue
		}
		out = append(out, w)
	}
	return out
}

// withUnit reports whether the words a and b are a number and its unit,
// which Wrap never breaks between (unitWords) nor Clip cuts between
// ("last at 77.55…" read as a number cut short; "last at…" now).
func withUnit(a, b string) bool {
	return a != "" && '0' <= a[len(a)-1] && a[len(a)-1] <= '9' && // most words end in no digit
		numberRE.MatchString(a) && unitAfterRE.MatchString(b)
}

var (
	numberRE    = regexp.MustCompile(`^[(\[]?` + signRE + `?[0-9]([0-9.,]*[0-9])?$`)
	unitAfterRE = regexp.MustCompile(`^(` + units + `)[)\].,;:…]*$`)
)

// units are the units a number in the demo's texts is followed by.
const units = `s|ms|min|h|m|cm|km|px|pts|MB|fps|Hz|%`

// opening are the quotes and brackets that may open a path, or a remark
// after one.
const opening = "\"'(<[«“‘"

// unitWord reports whether the word w is a number with a unit, "0.02/s",
// "2000/s;", "(0..1000/s)", "1,000/min", "3.5m/s": a number, then letters
// and a "/" and at most three lower-case letters, then any punctuation.
func unitWord(w string) bool {
	return unitRE.MatchString(w)
}

var unitRE = regexp.MustCompile(`^[(\[]?` + signRE + `?[0-9][0-9.,]*[a-zA-Zµ%]*/[a-z]{1,3}[)\].,;:]*$`)

// pathStart reports whether the word w starts as a path does, after any
// opening quote or bracket: at the root ("/", "\\"), at a drive ("C:\\",
// "C:/"), or at the home or the working folder ("~/", "./", "../").
func pathStart(w string) bool {
	w = strings.TrimLeft(w, opening)
	if len(w) >= 3 && w[1] == ':' && (w[2] == '\\' || w[2] == '/') && unicode.IsLetter(rune(w[0])) {
		return true
	}
	for _, p := range []string{"/", `\`, "~/", "./", "../"} {
		if strings.HasPrefix(w, p) {
			return true
		}
	}
	return false
}

// split cuts a word wider than w into a head that fits in w and the rest,
// where a reader still takes them for one word: after a path separator
// (atSeparator), so that a path wraps between its folders (broken inside a
// folder's name, it read as two words); else right after a hyphen
// (dashAt), as a word with a hyphen is broken ("moralebreak-" over
// "3.0s.png", where the cut between letters read "moralebrea" over
// "k-3.0s.png"); else between runes, at the last place that fits and that
// cuts no number (canCut): the cut backs up to before a number, never
// "moralebreak" over "-7.6s-2.png", which reads as minus 7.6 s, nor
// "moralebreak-7." over "6s-2.png". When no cut that spares the numbers
// fits, the head is the shortest that does, wider than w ("-120.0" stays
// whole rather than "-" over "1" over "2"…); a word with no such cut at
// all is the whole head and an empty tail.
func split(word string, face text.Face, w float64) (string, string) {
	rs := []rune(word)
	if head, tail, ok := atSeparator(rs, face, w); ok {
		return head, tail
	}
	fits := 0 // the most runes that fit, 0 when not even one does
	for fits < len(rs) && Width(string(rs[:fits+1]), face) <= w {
		fits++
	}
	// Each cut canCut allows has a rank, the lower the better: 0 it fits
	// and is at a space (of a path, pathWords: "Morale Tuning Work/" in a
	// line too narrow for it breaks as "Morale Tuning" over "Work/", the
	// space dropped as at any break, and at any cut at a space, too wide
	// or not), 1 it fits and is right after a
	// hyphen, 2 it fits, 3 it is too wide. Of the best rank, a cut that
	// fits is the last (the longest head), a cut too wide the first (the
	// shortest head).
	best, rank := 0, 4
	for n := 1; n < len(rs); n++ {
		if !canCut(rs, n) || rs[n-1] == ' ' || strings.TrimLeft(string(rs[n:]), " ") == "" {
			// no line ends or starts with a space it was cut at: a cut
			// at a space is before it, and drops it (split's end)
			continue
		}
		r := 2
		switch {
		case n > fits:
			r = 3
		case rs[n] == ' ' && strings.TrimSpace(string(rs[:n])) != "":
			r = 0
		case dashAt(rs, n-1) == hyphen:
			r = 1
		}
		if r < rank || r == rank && r < 3 {
			best, rank = n, r
		}
	}
	switch {
	case best == 0:
		return word, ""
	case rs[best] == ' ':
		// the spaces cut at start no line, whether the head fits (rank
		// 0) or not: "4.66 s" too wide for "4.66" is "4.66" over "s",
		// not over " s", and a path's "a  b/" "a" over "b/"
		return string(rs[:best]), strings.TrimLeft(string(rs[best:]), " ")
	}
	return string(rs[:best]), string(rs[best:])
}

// canCut reports whether rs may be cut before rs[n] without changing a
// number it holds: not inside a run of digits, '.' and a ',' between
// digits ("7." over "6", "1," over "000"), not
// between a sign and its digits ("-" over "120.0", "−" over "0.4"), and
// not before a hyphen, whose line would start with a '-' that reads as a
// minus ("moralebreak" over "-7.6s-2.png"). What a '-' is, dashAt says.
func canCut(rs []rune, n int) bool {
	return !inNumber(rs, n) && dashAt(rs, n) != hyphen
}

// inNumber reports whether a cut of rs before rs[n] (0 < n < len(rs))
// would change a number: inside a run of digits and '.' ("7." over "6",
// "77.5…"), on either side of a thousands separator, a ',' between two
// digits ("1," over "000", "1,000" over ",000", "1,…"), or between a sign
// and its digits ("-" over "120.0"). A ',' after a digit and before no
// digit ("3, 4", "3,x") separates, and may end a line.
func inNumber(rs []rune, n int) bool {
	if n <= 0 || n >= len(rs) {
		return false
	}
	digit := func(k int) bool { return k >= 0 && k < len(rs) && unicode.IsDigit(rs[k]) }
	numeric := func(k int) bool {
		return digit(k) || rs[k] == '.' || rs[k] == ',' && digit(k-1) && digit(k+1)
	}
	return numeric(n-1) && numeric(n) || dashAt(rs, n-1) == sign
}

// signs are the runes that may start a number, before its digits: "-0.25",
// "−0.4", "+0.08", "±0.00". It is the one rule of what a sign is, for
// where a word may be cut (dashAt) and what a number is (numberRE, unitRE).
const signs = "-−+±"

// signRE is a regular expression of one of signs.
var signRE = "[" + strings.ReplaceAll(regexp.QuoteMeta(signs), "-", `\-`) + "]"

// dash is what one of signs is, for where a word may be cut.
type dash int

const (
	// notDash is any other rune, or a dash that is neither of the two
	// below ("a - b", a flag's "-scale", a word's last "-"): a word may be
	// cut on either side of it.
	notDash dash = iota
	// hyphen is a '-' between two word characters (letters or digits): it
	// joins them, "first-rout", "moralebreak-3.0s.png", "2026-december",
	// and a range, "0.2-0.5". A line may end after it, the place to cut a
	// word too wide for its line, but never start with it.
	hyphen
	// sign is any other '-', and any '−', '+' or '±' (signs),
	// before a digit or a '.' and a digit: it starts a number, "-0.25",
	// "−0.4 s", "[-130.5–-110.25]", "+0.08", "±0.00", and is never
	// separated from its digits. A line may start with it.
	sign
)

// dashAt reports what rs[i] is: a hyphen, a sign or neither (notDash).
// It is the one rule split and canCut tell a hyphen from a minus by.
func dashAt(rs []rune, i int) dash {
	if i < 0 || i >= len(rs) || !strings.ContainsRune(signs, rs[i]) {
		return notDash
	}
	word := func(k int) bool {
		return k >= 0 && k < len(rs) && (unicode.IsLetter(rs[k]) || unicode.IsDigit(rs[k]))
	}
	digit := func(k int) bool { return k < len(rs) && unicode.IsDigit(rs[k]) }
	switch {
	case rs[i] == '-' && word(i-1) && word(i+1):
		return hyphen
	case digit(i + 1), i+2 < len(rs) && rs[i+1] == '.' && digit(i+2):
		return sign
	}
	return notDash
}

// atSeparator cuts rs after its last path separator ("/" or "\\"), past its
// first rune and before its end, whose head fits in w and where canCut
// allows; ok false when none does.
func atSeparator(rs []rune, face text.Face, w float64) (head, tail string, ok bool) {
	for i := 2; i < len(rs); i++ {
		if (rs[i-1] == '/' || rs[i-1] == '\\') && rs[i] != ' ' { // no line starts with a space
			if Width(string(rs[:i]), face) > w {
				break
			}
			if canCut(rs, i) {
				head, tail, ok = string(rs[:i]), string(rs[i:]), true
			}
		}
	}
	return head, tail, ok
}

// Limit keeps the first max lines of lines (max ≥ 1); when it drops any,
// the last one kept ends in Ellipsis, cut to fit in w pixels. cut reports
// whether lines were dropped.
func Limit(lines []string, max int, face text.Face, w float64) (kept []string, cut bool) {
	if max < 1 {
		max = 1
	}
	if len(lines) <= max {
		return lines, false
	}
	kept = append([]string(nil), lines[:max]...)
	kept[max-1] = Clip(kept[max-1]+" "+Ellipsis, face, w)
	return kept, true
}

// Clip returns s when it fits in w pixels of face, else s shortened to fit
// with Ellipsis at its end. It cuts at the last word boundary that fits
// with the ellipsis: a space (not a number's before its unit: "last
// at…", not "last at 77.55…"), or a lower-case letter followed by a capital
// (a CamelCase name keeps its whole parts: "MinimumState…", not
// "MinimumStateSeco…"); a joiner left at the end (" · ", ",", ":", "→")
// goes with the words after it. Only when not even the first word or part
// fits is s cut between letters, as many as fit, but never inside a
// number nor after its sign (inNumber: "…", not "77.5…" of "77.55 s,
// then", nor "1,…" of "1,000 fights"); when not even one letter fits, or
// the number that starts s does not, Clip is the ellipsis alone. A
// trailing " …" (Limit's) is cut off before s is shortened. The empty
// string stays empty.
func Clip(s string, face text.Face, w float64) string {
	if s == "" || Width(s, face) <= w {
		return s
	}
	rs := []rune(strings.TrimSuffix(s, " "+Ellipsis))
	for i := len(rs); i > 0; i-- {
		if !wordEnd(rs, i) {
			continue
		}
		if head := strings.TrimRight(string(rs[:i]), joiners); head != "" && Width(head+Ellipsis, face) <= w {
			return head + Ellipsis
		}
	}
	// not even the first word fits: as many runes as fit, but never a
	// number cut short ("77.5…" of "77.55 s, then" read as 77.5, "−…" of
	// "−0.40" as a dash), the ellipsis alone when the number starts s
	n := len(rs)
	for n > 0 && (inNumber(rs, n) || Width(string(rs[:n])+Ellipsis, face) > w) {
		n--
	}
	return strings.TrimRight(string(rs[:n]), " ") + Ellipsis
}

// joiners are what a line cut by Clip does not end in: spaces and the
// marks that join its words and parts to the ones cut off.
const joiners = " ·,;:—–→←"

// wordEnd reports whether rs[:i] ends a word: at the end of rs, before a
// space but one between a number and its unit (withUnit), or between a
// lower-case letter and a capital (CamelCase).
func wordEnd(rs []rune, i int) bool {
	switch {
	case i == len(rs):
		return true
	case rs[i] == ' ' && (i == 0 || !unicode.IsDigit(rs[i-1])):
		return true // no number before it
	case rs[i] == ' ':
		from, to := i, i+1
		for from > 0 && rs[from-1] != ' ' {
			from--
		}
		for to < len(rs) && rs[to] != ' ' {
			to++
		}
		return !withUnit(string(rs[from:i]), string(rs[i+1:to]))
	}
	return unicode.IsLower(rs[i-1]) && unicode.IsUpper(rs[i])
}

// AppendHanging appends line to dst wrapped to w pixels of face, a
// monospaced face (the console's), with a hanging indent: a row of a
// table (two spaces or more before its last column, which starts in the
// box's left two thirds) goes on under its last column; any other line
// under its own text, two spaces further in.
func AppendHanging(dst []string, line string, face text.Face, w float64) []string {
	if Width(line, face) <= w {
		return append(dst, line)
	}
	lead := len(line) - len(strings.TrimLeft(line, " "))
	head, pad := line[:lead], line[:lead]+"  "
	if i := strings.LastIndex(line, "  "); i > lead {
		col := i
		for col < len(line) && line[col] == ' ' {
			col++
		}
		if Width(line[:col], face) < w*2/3 {
			head = line[:col]
			pad = strings.Repeat(" ", utf8.RuneCountInString(head))
		}
	}
	parts := Wrap(line[len(head):], face, w-Width(pad, face))
	for k, p := range parts {
		if k == 0 {
			dst = append(dst, head+p)
		} else {
			dst = append(dst, pad+p)
		}
	}
	return dst
}
