package morale

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Reading limits. A weights file is a few kilobytes of flat key = number
// lines; these limits are far above that and far below what could hurt.
const (
	// MaxFileBytes is the largest weights file ReadSettings and LoadSettings
	// accept: 1 MiB. A larger input is an error; at most MaxFileBytes+1 bytes
	// of it are read.
	MaxFileBytes = 1 << 20
	// MaxLineBytes is the longest line of a weights file: 4096 bytes, not
	// counting the line break. A longer line is an error naming its line.
	MaxLineBytes = 4096
	// MaxReportedProblems is how many problems an error lists; the rest are
	// counted on one last line ("… and 7 more problems").
	MaxReportedProblems = 10
)

// quoteMax is the most of a line or key an error message quotes.
const quoteMax = 40

// scannedKey is one key of a weights file as the line scanner saw it: a table
// header ([weights] or [custom]) or a key = value line, in file order.
type scannedKey struct {
	line    int
	header  bool   // a table header; table names it
	table   string // the table a key line is in: "" for the top level, "weights", "custom"
	text    string // the line, blanks and line break trimmed
	value   string // a key line's value as written: after the =, without the comment and the blanks around it
	comment string // the comment on the line, else the comment lines above it
}

// scanLines is the gate every weights file passes before the TOML decoder sees
// it, and the source of line numbers and comments. It accepts only what a
// weights file needs: blank lines, comments, the headers [weights] and [custom] and lines
// key = value with a single bare or quoted key and a scalar value. It rejects,
// each with its line: lines over MaxLineBytes, other table headers, arrays of
// tables, dotted keys, empty keys, arrays, inline tables, multi-line strings,
// a table opened again and more key lines than one per setting and
// MaxWeightRows rows. Nothing it
// accepts can nest, so the decoder's work is linear in the
// input. It returns one scannedKey per header and key line it accepts, in
// order, and a *lineError for each line it rejects.
func scanLines(data []byte) (keys []scannedKey, problems []error) {
	var above []string
	// The first MaxReportedProblems problems are written out, as many as an
	// error shows (the scanner's come first); the rest are only counted,
	// so that a file of junk lines costs no message a line.
	more := &lineError{scan: true}
	bad := func(n int, format string, args ...any) {
		if len(problems) < MaxReportedProblems {
			problems = append(problems, &lineError{line: n, msg: fmt.Sprintf(format, args...), scan: true})
		} else if more.more++; more.line == 0 {
			more.line = n
		}
	}
	defer func() {
		if more.more > 0 {
			problems = append(problems, more)
		}
	}()
	// rejected: below a table header refused, 1 + the index of its problem
	// (or −1 when it was only counted); 0 below any other line.
	table, rejected := "", 0
	opened := make(map[string]int, 2) // the line each table was opened on

	// A byte order mark, as the decoder skips it (Windows editors write one).
	data = data[len(byteOrderMark(data)):]
	// The most key lines a weights file may have: one per setting and
	// MaxWeightRows rows. It bounds the decoder's work.
	maxKeyLines := len(Params()) + MaxWeightRows
	n, keyLines := 0, 0
	for len(data) > 0 {
		n++
		var raw []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			raw, data = data[:i], data[i+1:]
		} else {
			raw, data = data, nil
		}
		raw = bytes.TrimSuffix(raw, []byte("\r"))
		if len(raw) > MaxLineBytes {
			bad(n, "is %d bytes long; a line may have at most %d", len(raw), MaxLineBytes)
			above = nil
			continue
		}
		line := strings.Trim(string(raw), " \t")
		switch {
		case line == "":
			above = nil
			continue
		case line[0] == '#':
			above = append(above, strings.TrimSpace(line[1:]))
			continue
		case line[0] == '[':
			if name, msg := checkHeader(line); msg != "" {
				before := len(problems)
				bad(n, "%s: %s", quotedLine(line), msg)
				table, rejected = "", -1 // its rows are skipped, and said to be once when its problem is written
				if len(problems) > before {
					rejected = len(problems)
				}
			} else if l, again := opened[name]; again { // its rows are read, as the table's
				bad(n, "[%s] is opened again (first on line %d); a table may be opened once", name, l)
				table, rejected = name, 0
			} else {
				table, rejected, opened[name] = name, 0, n
				keys = append(keys, scannedKey{line: n, header: true, table: name, text: line})
			}
			above = nil
			continue
		}
		if rejected > 0 && !strings.HasSuffix(problems[rejected-1].(*lineError).msg, rowsNotRead) {
			problems[rejected-1].(*lineError).msg += rowsNotRead
		}
		if rejected != 0 { // a row of a table header refused: not read, not as a setting either
			above = nil
			continue
		}
		value, comment, msg := checkKeyLine(line)
		if msg != "" {
			bad(n, "%s: %s", quotedLine(line), msg)
			above = nil
			continue
		}
		if comment == "" && len(above) > 0 {
			comment = strings.Join(above, " ")
		}
		if keyLines++; keyLines > maxKeyLines {
			problems = append(problems, &lineError{line: n, scan: true, limit: true, // past bad's count: one at most
				msg: fmt.Sprintf("is key number %d; a weights file has at most %d (one per setting and %d weight rows)",
					keyLines, maxKeyLines, MaxWeightRows)})
			break
		}
		keys = append(keys, scannedKey{line: n, table: table, text: line, value: value, comment: comment})
		above = nil
	}
	return keys, problems
}

// byteOrderMark returns the byte order mark data starts with, as the decoder
// skips it, or nothing.
func byteOrderMark(data []byte) []byte {
	for _, bom := range []string{"\xef\xbb\xbf", "\xff\xfe", "\xfe\xff"} {
		if bytes.HasPrefix(data, []byte(bom)) {
			return data[:len(bom)]
		}
	}
	return nil
}

// rowsNotRead ends the problem of a table header refused that has rows.
const rowsNotRead = "; the rows below it are not read"

const onlyTable = "the tables are [weights] and [custom]"

// checkHeader returns the table the header line opens, weights or custom, or
// why it opens neither.
func checkHeader(line string) (table, msg string) {
	if strings.HasPrefix(line, "[[") {
		return "", "arrays of tables are not allowed; " + onlyTable
	}
	rest := skipSpace(line[1:])
	name, rest, msg := cutKey(rest)
	if msg != "" {
		return "", msg
	}
	rest = skipSpace(rest)
	if strings.HasPrefix(rest, ".") {
		return "", "nested tables are not allowed; " + onlyTable
	}
	if !strings.HasPrefix(rest, "]") {
		return "", "a table header is [weights] or [custom]"
	}
	if rest = skipSpace(rest[1:]); rest != "" && rest[0] != '#' {
		return "", "unexpected text after the table header"
	}
	for _, t := range []string{"weights", "custom"} {
		if name == t || name == `"`+t+`"` || name == "'"+t+"'" {
			return t, ""
		}
	}
	return "", "unknown table; " + onlyTable
}

// checkKeyLine checks a key = value line and returns its value as written
// (without the comment and the blanks around it) and its comment, or why it
// is not a line a weights file may have.
func checkKeyLine(line string) (value, comment, msg string) {
	key, rest, msg := cutKey(line)
	if msg != "" {
		return "", "", msg
	}
	if key == `""` || key == "''" {
		return "", "", "a key must not be empty"
	}
	rest = skipSpace(rest)
	if strings.HasPrefix(rest, ".") {
		return "", "", "dotted keys are not allowed; a key is a setting or, under [weights] or [custom], an event name"
	}
	if !strings.HasPrefix(rest, "=") {
		return "", "", "expected key = value"
	}
	value = skipSpace(rest[1:])
	tail := value // where a comment may start
	switch {
	case strings.HasPrefix(value, "["):
		return "", "", "arrays are not allowed; a value is a number"
	case strings.HasPrefix(value, "{"):
		return "", "", "inline tables are not allowed; a value is a number"
	case strings.HasPrefix(value, `"""`), strings.HasPrefix(value, "'''"):
		return "", "", "multi-line strings are not allowed; a value is a number"
	case strings.HasPrefix(value, `"`), strings.HasPrefix(value, "'"):
		// Skip a one-line string so that a # inside it is not a comment.
		_, after, smsg := cutKey(value)
		if smsg != "" {
			return "", "", smsg
		}
		tail = after
	}
	if i := strings.IndexByte(tail, '#'); i >= 0 {
		comment = strings.TrimSpace(tail[i+1:])
		value = value[:len(value)-len(tail)+i]
	}
	return strings.TrimRight(value, " \t"), comment, ""
}

// cutKey splits a bare, "basic" or 'literal' key (or one-line string) off the
// start of s and returns it as written, quotes included.
func cutKey(s string) (key, rest, msg string) {
	if s == "" {
		return "", "", "expected key = value"
	}
	switch s[0] {
	case '"':
		for i := 1; i < len(s); i++ {
			switch s[i] {
			case '\\':
				i++
			case '"':
				return s[:i+1], s[i+1:], ""
			}
		}
		return "", "", "unterminated string"
	case '\'':
		if i := strings.IndexByte(s[1:], '\''); i >= 0 {
			return s[:i+2], s[i+2:], ""
		}
		return "", "", "unterminated string"
	}
	i := 0
	for i < len(s) && isBareKeyByte(s[i]) {
		i++
	}
	if i == 0 {
		return "", "", "expected key = value"
	}
	return s[:i], s[i:], ""
}

func isBareKeyByte(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == '-'
}

func skipSpace(s string) string { return strings.TrimLeft(s, " \t") }

// quote returns s in quotes for an error message, cut to quoteMax runes.
func quote(s string) string { return fmt.Sprintf("%q", truncate(s, quoteMax)) }

// truncate cuts s to at most n runes (of valid UTF-8 or not), marking the cut
// with "…".
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	count := 0
	for i := range s {
		if count == n {
			return strings.ToValidUTF8(s[:i], "\uFFFD") + "…"
		}
		count++
	}
	return s
}

// truncateBytes cuts s to at most n bytes on a rune boundary.
func truncateBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// lineError is a problem with a line of a weights file that names no key
// (a line the scanner rejects, a table opened twice): "line N: msg".
// quotedLine is a line as a problem quotes it (quote), quoted only when
// the problem is written out (%s calls String).
type quotedLine string

func (q quotedLine) String() string { return quote(string(q)) }

type lineError struct {
	line  int
	msg   string
	scan  bool // the scanner's: a line a weights file never has, or one too many
	more  int  // not one problem but the count of the scanner's problems from line on, unwritten
	limit bool // the key line past the file's limit: no row from it on is read
}

func (e *lineError) Error() string { return fmt.Sprintf("line %d: %s", e.line, e.msg) }

// problemLine returns the file line a problem names, 0 for none.
func problemLine(err error) int {
	switch e := err.(type) {
	case *lineError:
		return e.line
	case *FieldError:
		return e.Line
	}
	return 0
}

// joinProblems joins errs as errors.Join does, keeping the first
// MaxReportedProblems and counting the rest (a lineError with more counts
// as that many, and is never shown: the scanner's problems it stands for
// come after the ones it wrote out).
func joinProblems(errs []error) error {
	shown, rest := make([]error, 0, MaxReportedProblems+1), 0
	for _, err := range errs {
		switch le, ok := err.(*lineError); {
		case ok && le.more > 0:
			rest += le.more
		case len(shown) < MaxReportedProblems:
			shown = append(shown, err)
		default:
			rest++
		}
	}
	if rest > 0 {
		shown = append(shown, fmt.Errorf("… and %d more problems", rest))
	}
	return errors.Join(shown...)
}
