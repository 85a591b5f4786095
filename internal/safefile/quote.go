package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxQuote is the most bytes of a name or a piece of input Quote shows.
const MaxQuote = 80

// Quote returns s quoted for a message: in double quotes, with control
// characters and invalid UTF-8 escaped (so that nothing in it can move a
// terminal's cursor, recolour it or retitle its window), and cut to MaxQuote
// bytes with "…" and its length when longer.
func Quote(s string) string {
	return strconv.Quote(Clip(s, MaxQuote))
}

// Clip returns s cut to at most n bytes at a character boundary, followed by
// "… (N bytes)" when it was longer.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return Cut(s, n) + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

// Cut returns s cut to at most n bytes at a character boundary.
func Cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Escape returns s with every character that is not printable (a control
// character, a C1 control, invalid UTF-8) escaped as Go escapes it, but with
// no quotes added and quotes and backslashes left as they are: for a name or
// a message printed where quotes would be noise, with nothing in it a
// terminal acts on. It does not cut s.
func Escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, "\\x%02x", s[i])
		case unicode.IsPrint(r):
			b.WriteString(s[i : i+n])
		default:
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		}
		i += n
	}
	return b.String()
}

// OneLine is err's first line, followed by how many more lines (problems)
// it had: "F:2: … (and 3 more problems)". A file with many problems is
// said in one line; the file itself names the rest when opened or fixed
// one line at a time. A missing file reads as Plain says it.
func OneLine(err error) string {
	first, rest, more := strings.Cut(Plain(err), "\n")
	if !more {
		return first
	}
	n := strings.Count(rest, "\n") + 1
	if n == 1 {
		return first + " (and 1 more problem)"
	}
	return fmt.Sprintf("%s (and %d more problems)", first, n)
}

// Plain is err's message with a file that is not there said in a
// designer's words, the same on every system: "nope.toml: no such file",
// not the system call's "stat nope.toml: no such file or directory" (Linux)
// or "GetFileAttributesEx nope.toml: The system cannot find the file
// specified." (Windows). Every such file of err is said so, however deep:
// each part of a joined error (errors.Join, a %w given twice), so that of
// two files not there the second does not read in the system's words.
// Other errors read as they are.
func Plain(err error) string {
	msg := err.Error()
	for _, pe := range notThere(err, nil) {
		msg = strings.ReplaceAll(msg, pe.Error(), pe.Path+": no such file")
	}
	return msg
}

// notThere appends to found the *fs.PathError of every file not there in
// err's tree, through Unwrap() error and Unwrap() []error alike.
func notThere(err error, found []*fs.PathError) []*fs.PathError {
	if pe, ok := err.(*fs.PathError); ok && errors.Is(pe.Err, fs.ErrNotExist) {
		found = append(found, pe)
	}
	switch u := err.(type) {
	case interface{ Unwrap() []error }:
		for _, e := range u.Unwrap() {
			found = notThere(e, found)
		}
	case interface{ Unwrap() error }:
		if e := u.Unwrap(); e != nil {
			found = notThere(e, found)
		}
	}
	return found
}
