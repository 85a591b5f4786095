// Package tomllines finds the line of each key and table header of a TOML
// document, so that an error about a decoded value can name the line a
// person finds in an editor. The decoder knows a value's key but not, once
// decoding succeeds, where it was written.
//
// The lab's scenario files and the scenario block of a replay (game) read
// their lines here, once. Its Lexer, which reads a line's strings and
// comments, is also the lab's structural check's, before the decoder.
package tomllines

import (
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// Scan returns the line (from 1) of each key and table header of data, a
// TOML document, by its path:
//
//   - a key at the top level: "duration"
//   - a [table] header: "weights"; a key in it: "weights.AllyDown"
//   - the n-th (from 1) [[array]] table header: "event.2"; a key in it:
//     "event.2.t"; the first header's line is also "event"
//   - a header under an array of tables, as TOML reads it, in the array's
//     last table so far: [squad.x] after two [[squad]] headers is
//     "squad.2.x", a key in it "squad.2.x.size"; [[squad.y]] is
//     "squad.2.y.1"
//
// A key or header name is written as the decoder names it (toml.Key's
// String): its parts joined by dots, a part quoted only when it is not a
// bare key. So a = 1, "a" = 1 and 'a' = 1 are all "a", x . y = 1 is "x.y",
// and "x.y" = 1 is `"x.y"`. A path set on several lines keeps the first,
// except a [table] header, which keeps the last.
//
// A table that a dotted key or a header makes without a line of its own,
// "a" of a.b = 1 or of [a.b], is on the first line under it: that line
// sets it, to the decoder.
//
// Comments and the lines inside a multi-line string, array or inline table
// are skipped: a key inside an inline table has no path. Lines end at "\n";
// a "\r" before it and a byte order mark starting data (Text) are ignored. Scan
// never fails: data need not be valid TOML, and a line it cannot read as a
// header or a key is skipped.
func Scan(data []byte) map[string]int {
	lines := map[string]int{}
	under := map[string]int{} // each table a path is under → the first line of one
	first := func(path string, n int) {
		if _, ok := under[path]; !ok {
			under[path] = n
		}
	}
	walk(data, func(n int, table []Part, path string, key toml.Key) bool {
		if key == nil { // a header: the tables it is under (a key's table is a header's, seen before it)
			for i := 1; i < len(table); i++ {
				first(Name(table[:i], ".%d"), n)
			}
		}
		switch {
		case key != nil:
			if path != "" {
				path += "."
			}
			for i := 1; i < len(key); i++ {
				first(path+key[:i].String(), n)
			}
			path += key.String()
			if _, ok := lines[path]; !ok {
				lines[path] = n
			}
		case table[len(table)-1].N > 0: // an [[array]] header: "event.2", and "event" for the first
			name := strings.TrimSuffix(path, "."+strconv.Itoa(table[len(table)-1].N))
			if _, ok := lines[name]; !ok {
				lines[name] = n
			}
			lines[path] = n
		default:
			lines[path] = n
		}
		return true
	})
	for path, n := range under {
		if _, ok := lines[path]; !ok {
			lines[path] = n
		}
	}
	return lines
}

// A Part is one part of a table's name, as the decoder reads it (unquoted),
// and, when the part names an array of tables, the number (from 1) of the
// array's table that is meant; 0 when it names a table.
type Part struct {
	Name string
	N    int
}

// Table returns the name of the table that line (from 1) of data is in, as
// Scan reads data: the table of the last header on or before line, its
// parts counted as Scan counts them. A line in the second [[squad]] is in
// squad 2 ({squad 2}), one under [squad.x] after it in {squad 2}{x 0}; a
// line before any header is at the top level, nil. A header Scan cannot
// read is not one: the line of a broken header is in the table before it.
func Table(data []byte, line int) []Part {
	var in []Part
	walk(data, func(n int, table []Part, _ string, key toml.Key) bool {
		if n > line {
			return false
		}
		if key == nil {
			in = table
		}
		return true
	})
	return in
}

// Name writes the table name t, each part as TOML writes a key (quoted
// when it must be), and the number of an array's table as index formats it:
// ".%d" as Scan writes a path ({squad 2}{x 0} is "squad.2.x"), "[%d]" as
// the lab's messages name a block ("squad[2].x"), "" not at all ("squad.x",
// as the decoder names a key).
func Name(t []Part, index string) string {
	var b strings.Builder
	for i, p := range t {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(toml.Key{p.Name}.String())
		if p.N > 0 && index != "" {
			fmt.Fprintf(&b, index, p.N)
		}
	}
	return b.String()
}

// walk reads data, a TOML document, a line at a time, as Scan describes,
// and calls visit with the line number (from 1) of each table header, the
// table it starts, its path and a nil key, and of each key, the table it
// is in, its path and the key's parts; walk stops when visit returns
// false.
func walk(data []byte, visit func(n int, table []Part, path string, key toml.Key) bool) {
	count := map[string]int{} // the [[array]] headers of each path so far
	var lex Lexer
	depth := 0 // the arrays and inline tables open
	// value counts the brackets and braces of a line, or of its rest.
	value := func(line string) {
		for i := range lex.Line(line) {
			switch line[i] {
			case '[', '{':
				depth++
			case ']', '}':
				depth = max(depth-1, 0)
			}
		}
	}
	var table []Part // the table the lines are in
	path := ""       // its path, Name(table, ".%d")
	text := Text(data)
	for n := 1; text != ""; n++ {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		if depth > 0 || lex.InString() {
			value(line) // a line inside a value
			continue
		}
		line = strings.TrimLeft(line, " \t")
		if parts, after, array, ok := header(line); ok {
			line = after
			// A part before the last that names an array of tables names
			// its last table so far: [squad.x] after [[squad]] is
			// "squad.1.x", as [[squad.y]] is "squad.1.y.1".
			table = make([]Part, len(parts))
			for i := range parts {
				table[i].Name = parts[i]
				name := Name(table[:i+1], ".%d")
				switch {
				case i < len(parts)-1:
					table[i].N = count[name]
				case array:
					count[name]++
					table[i].N = count[name]
				}
			}
			path = Name(table, ".%d")
			if !visit(n, table, path, nil) {
				return
			}
		} else if parts, after, ok := dotted(line); ok && strings.HasPrefix(after, "=") {
			line = after[1:]
			if !visit(n, table, path, parts) {
				return
			}
		}
		value(line) // the rest after a key's "=" or a header
	}
}

// IsScenario reports whether data, a TOML document, has a [[squad]] or an
// [[event]] table (Scan's "squad.1" or "event.1"): a scenario of the lab or
// the demo, which a weights file never has. Where a weights file was asked
// for and did not read, it tells a scenario given in its place apart.
func IsScenario(data []byte) bool {
	lines := Scan(data)
	return lines["squad.1"] > 0 || lines["event.1"] > 0
}

// Text returns data, a TOML document, as the decoder reads it: after the
// byte order mark it reads over, UTF-8's or (though not valid TOML) one of
// UTF-16's. Its lines are the document's, counted from 1 as Scan counts.
func Text(data []byte) string {
	text := string(data)
	for _, bom := range []string{"\xff\xfe", "\xfe\xff", "\xef\xbb\xbf"} {
		if t, ok := strings.CutPrefix(text, bom); ok {
			return t
		}
	}
	return text
}

// Key returns the parts of the key that starts line, one line of a TOML
// document holding key = value (blanks before the key and around its dots
// allowed), as the decoder reads them: "a.b" = 1 is one part, a."x y" = 1
// two. ok is false when line does not start with a key and its "=".
func Key(line string) (key toml.Key, ok bool) {
	key, rest, ok := dotted(line)
	if !ok || !strings.HasPrefix(rest, "=") {
		return nil, false
	}
	return key, true
}

// header reads a table header, [name] or [[name]], from the start of line:
// its name's parts, what follows the header and whether it is an array's.
// ok is false when line does not start with one.
func header(line string) (name toml.Key, rest string, array, ok bool) {
	open, shut := "[", "]"
	if strings.HasPrefix(line, "[[") {
		open, shut, array = "[[", "]]", true
	}
	if !strings.HasPrefix(line, open) {
		return nil, "", false, false
	}
	name, rest, ok = dotted(line[len(open):])
	if !ok || !strings.HasPrefix(rest, shut) {
		return nil, "", false, false
	}
	return name, rest[len(shut):], array, true
}

// dotted reads a key, one part or several joined by dots (blanks allowed
// around each), from the start of s after any blanks: the key's parts as
// the decoder reads them (their String is the key as Scan's paths write
// it), and what follows the key and the blanks after it. ok is false when
// s does not start with a key.
func dotted(s string) (key toml.Key, rest string, ok bool) {
	var parts toml.Key
	for {
		part, after, ok := keyPart(strings.TrimLeft(s, " \t"))
		if !ok {
			return nil, s, false
		}
		parts = append(parts, part)
		s = strings.TrimLeft(after, " \t")
		if !strings.HasPrefix(s, ".") {
			return parts, s, true
		}
		s = s[1:]
	}
}

// keyPart reads one part of a key from the start of s: a bare key (letters,
// digits, '_' and '-'), a "basic" or a 'literal' one, returned as the
// decoder reads it (without its quotes, a basic one's escapes read), and
// what follows it.
func keyPart(s string) (part, rest string, ok bool) {
	if s == "" {
		return "", s, false
	}
	if q := s[0]; q == '"' || q == '\'' {
		end := stringEnd(s, q)
		if end == 0 {
			return "", s, false
		}
		part = s[1:end]
		if q == '"' && strings.Contains(part, `\`) { // TOML's escapes are Go's, but for \e and \xHH
			if unquoted, err := strconv.Unquote(s[:end+1]); err == nil {
				part = unquoted
			}
		}
		return part, s[end+1:], true
	}
	i := 0
	for i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] >= '0' && s[i] <= '9' || s[i] == '_' || s[i] == '-') {
		i++
	}
	return s[:i], s[i:], i > 0
}

// stringEnd returns the index in s of the quote q that closes the one-line
// string s starts with (a "basic" string's backslash escapes the byte after
// it), or 0 when the line ends first.
func stringEnd(s string, q byte) int {
	for i := 1; i < len(s); i++ {
		switch {
		case s[i] == '\\' && q == '"':
			i++
		case s[i] == q:
			return i
		}
	}
	return 0
}

// Lexer reads the strings and comments of a TOML document a line at a
// time, carrying a multi-line string from one line to the next. Scan and
// the lab's structural check of a scenario (which counts its brackets,
// keys and dots before the decoder sees it) read their lines with it.
type Lexer struct {
	mlEnd string // the quotes that close the multi-line string open, `"""` or `'''`; "" for none
}

// InString reports whether a multi-line string is open: the next line
// starts inside it.
func (l *Lexer) InString() bool { return l.mlEnd != "" }

// Line yields the index in line, one line of the document without its
// "\n", of each byte outside strings and comments, and of the opening quote
// of each string. It skips the rest of a string: to its closing quote, to
// the end of the line for an unclosed one-line string (the decoder reports
// it), or on through the next lines for a multi-line one.
func (l *Lexer) Line(line string) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < len(line); i++ {
			c := line[i]
			if l.mlEnd != "" { // inside a multi-line string
				switch {
				case c == '\\' && l.mlEnd == `"""`:
					i++
				case c == l.mlEnd[0]:
					// A run of 3 to 5 quotes closes the string, the last three
					// being the delimiter; fewer are part of it.
					run := len(line[i:]) - len(strings.TrimLeft(line[i:], l.mlEnd[:1]))
					if run >= 3 {
						l.mlEnd = ""
						run = min(run, 5)
					}
					i += run - 1
				}
				continue
			}
			if c == '#' || !yield(i) {
				return
			}
			if c == '"' || c == '\'' {
				if q := line[i : i+1]; strings.HasPrefix(line[i:], q+q+q) {
					l.mlEnd = q + q + q
					i += 2
				} else if end := stringEnd(line[i:], c); end > 0 {
					i += end
				} else {
					return
				}
			}
		}
	}
}
