// Package tomllines finds the line of each key and table header of a TOML
// document, so that an error about a decoded value can name the line a
// person finds in an editor. The decoder knows a value's key but not, once
// decoding succeeds, where it was written.
//
// The lab's scenario files and the scenario block of a replay (game) read
// their lines here, once.
package tomllines

import (
	"fmt"
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
//
// A key or header name is written as the decoder names it (toml.Key's
// String): its parts joined by dots, a part quoted only when it is not a
// bare key. So a = 1, "a" = 1 and 'a' = 1 are all "a", x . y = 1 is "x.y",
// and "x.y" = 1 is `"x.y"`. A path set on several lines keeps the first,
// except a [table] header, which keeps the last.
//
// Comments and the lines inside a multi-line string, array or inline table
// are skipped: a key inside an inline table has no path. Lines end at "\n";
// a "\r" before it and a byte order mark starting data are ignored. Scan
// never fails: data need not be valid TOML, and a line it cannot read as a
// header or a key is skipped.
func Scan(data []byte) map[string]int {
	lines := map[string]int{}
	count := map[string]int{} // the [[array]] headers of each name so far
	var s scanner
	prefix := "" // the path of the table the lines are in
	text := strings.TrimPrefix(string(data), "\ufeff")
	for n := 1; text != ""; n++ {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		if s.depth > 0 || s.mlEnd != "" {
			s.value(line) // a line inside a value
			continue
		}
		line = strings.TrimLeft(line, " \t")
		if name, after, array, ok := header(line); ok {
			line = after
			if array {
				count[name]++
				prefix = fmt.Sprintf("%s.%d", name, count[name])
				if _, ok := lines[name]; !ok {
					lines[name] = n
				}
			} else {
				prefix = name
			}
			lines[prefix] = n
		} else if key, after, ok := dotted(line); ok && strings.HasPrefix(after, "=") {
			line = after[1:]
			if prefix != "" {
				key = prefix + "." + key
			}
			if _, ok := lines[key]; !ok {
				lines[key] = n
			}
		}
		s.value(line)
	}
	return lines
}

// header reads a table header, [name] or [[name]], from the start of line:
// its name as Scan's paths write it, what follows the header and whether
// it is an array's. ok is false when line does not start with one.
func header(line string) (name, rest string, array, ok bool) {
	open, shut := "[", "]"
	if strings.HasPrefix(line, "[[") {
		open, shut, array = "[[", "]]", true
	}
	if !strings.HasPrefix(line, open) {
		return "", "", false, false
	}
	name, rest, ok = dotted(line[len(open):])
	if !ok || !strings.HasPrefix(rest, shut) {
		return "", "", false, false
	}
	return name, rest[len(shut):], array, true
}

// dotted reads a key, one part or several joined by dots (blanks allowed
// around each), from the start of s after any blanks: the key as Scan's
// paths write it, and what follows the key and the blanks after it. ok is
// false when s does not start with a key.
func dotted(s string) (key, rest string, ok bool) {
	var parts toml.Key
	for {
		part, after, ok := keyPart(strings.TrimLeft(s, " \t"))
		if !ok {
			return "", s, false
		}
		parts = append(parts, part)
		s = strings.TrimLeft(after, " \t")
		if !strings.HasPrefix(s, ".") {
			return parts.String(), s, true
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

// scanner is what Scan carries from one line to the next: whether the line
// goes on a value (an array, an inline table or a multi-line string) that
// an earlier line opened.
type scanner struct {
	depth int    // the arrays and inline tables open
	mlEnd string // the quotes that close the multi-line string open, `"""` or `'''`; "" for none
}

// value reads the rest of a line after its key's "=", its header, or all of
// it inside a value: its strings and comment, and the brackets and braces
// outside them.
func (s *scanner) value(line string) {
	for i := 0; i < len(line); i++ {
		c := line[i]
		if s.mlEnd != "" { // inside a multi-line string
			switch {
			case c == '\\' && s.mlEnd == `"""`:
				i++
			case c == s.mlEnd[0]:
				// A run of 3 to 5 quotes closes the string, the last three
				// being the delimiter; fewer are part of it.
				run := len(line[i:]) - len(strings.TrimLeft(line[i:], s.mlEnd[:1]))
				if run >= 3 {
					s.mlEnd = ""
					run = min(run, 5)
				}
				i += run - 1
			}
			continue
		}
		switch c {
		case '#':
			return
		case '"', '\'':
			if q := line[i : i+1]; strings.HasPrefix(line[i:], q+q+q) {
				s.mlEnd = q + q + q
				i += 2
			} else if end := stringEnd(line[i:], c); end > 0 {
				i += end
			} else {
				return // an unclosed string: the decoder reports it
			}
		case '[', '{':
			s.depth++
		case ']', '}':
			s.depth = max(s.depth-1, 0)
		}
	}
}
