package lab

import (
	"fmt"
	"strings"

	"github.com/moralebreak/moralebreak/internal/tomllines"
)

// precheck is the gate every scenario passes before the TOML decoder sees it,
// as the weights file's line scanner is for weights: the decoder's memory
// grows with the square of the nesting and of the dotted parts of a key, so
// that a 40 kB file of either could exhaust any machine. It reads the lines
// once, with the lexer that finds the keys' lines (tomllines: strings,
// literal strings, their multi-line forms, comments), following the brackets
// outside them, and refuses, naming the line: a line over MaxScenarioLine
// bytes, arrays and inline tables nested deeper than MaxScenarioDepth, a key
// or table header of more than MaxKeyParts dotted parts, and more than
// MaxScenarioKeys keys and headers in all. What it lets through decodes in
// time and memory linear in the file.
func precheck(file string, data []byte) error {
	if len(data) > MaxScenarioBytes {
		return &ScenarioError{File: file, Msg: fmt.Sprintf("is %d bytes; a scenario may have at most %d", len(data), MaxScenarioBytes)}
	}
	fail := func(line int, format string, args ...any) error {
		return &ScenarioError{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	var lex tomllines.Lexer
	// stack holds the open brackets of values ('[' or '{'); header is true
	// inside a table header ([a.b] or [[a]]), before its closing bracket.
	var stack []byte
	header := false
	// key is true where a key may be being read: at the start of a line
	// outside any value, and after '{' or ',' in an inline table; parts
	// counts its dotted parts so far.
	key, parts := true, 1
	keys := 0
	text := tomllines.Text(data) // as the decoder reads it, after a byte order mark
	for n := 1; text != ""; n++ {
		line, rest, newline := strings.Cut(text, "\n")
		text = rest
		if !lex.InString() && len(stack) == 0 && !header {
			key, parts = true, 1
		}
		lineHasText := false
		skip := -1 // the second bracket of [[ or ]] around a header
		// Each byte outside strings and comments, and a string's opening
		// quote, which is text and none of the bytes the switch follows.
		for i := range lex.Line(line) {
			switch c := line[i]; {
			case i == skip || c == ' ' || c == '\t' || c == '\r':
				continue
			case c == '[' && len(stack) == 0 && !header && !lineHasText:
				// A table header: [name] or [[name]].
				header = true
				keys++
				parts = 1
				if strings.HasPrefix(line[i:], "[[") {
					skip = i + 1
				}
			case c == ']' && header:
				header = false
				key = false
				if strings.HasPrefix(line[i:], "]]") {
					skip = i + 1
				}
			case c == '.' && (header || key):
				if parts++; parts > MaxKeyParts {
					return fail(n, "a key or table header of more than %d dotted parts; a scenario needs at most 2", MaxKeyParts)
				}
			case c == '=' && key:
				key = false
				keys++
			case c == '[' || c == '{':
				stack = append(stack, c)
				if len(stack) > MaxScenarioDepth {
					return fail(n, "nests arrays and inline tables %d deep; at most %d", len(stack), MaxScenarioDepth)
				}
				key, parts = c == '{', 1
			case c == ']' || c == '}':
				if len(stack) > 0 {
					stack = stack[:len(stack)-1]
				}
				key = false
			case c == ',':
				key, parts = len(stack) > 0 && stack[len(stack)-1] == '{', 1
			}
			lineHasText = true
			if keys > MaxScenarioKeys {
				return fail(n, "more than %d keys and table headers; a scenario may have at most %d", MaxScenarioKeys, MaxScenarioKeys)
			}
		}
		if newline {
			line = strings.TrimSuffix(line, "\r")
		}
		if len(line) > MaxScenarioLine {
			return fail(n, "is %d bytes long; a line may have at most %d", len(line), MaxScenarioLine)
		}
	}
	return nil
}
