package lab

import "fmt"

// precheck is the gate every scenario passes before the TOML decoder sees it,
// as the weights file's line scanner is for weights: the decoder's memory
// grows with the square of the nesting and of the dotted parts of a key, so
// that a 40 kB file of either could exhaust any machine. It reads the bytes
// once, as a small TOML lexer (strings, literal strings, their multi-line
// forms, comments, brackets), and refuses, naming the line: a line over
// MaxScenarioLine bytes, arrays and inline tables nested deeper than
// MaxScenarioDepth, a key or table header of more than MaxKeyParts dotted
// parts, and more than MaxScenarioKeys keys and headers in all. What it lets
// through decodes in time and memory linear in the file.
func precheck(file string, data []byte) error {
	if len(data) > MaxScenarioBytes {
		return &ScenarioError{File: file, Msg: fmt.Sprintf("is %d bytes; a scenario may have at most %d", len(data), MaxScenarioBytes)}
	}
	fail := func(line int, format string, args ...any) error {
		return &ScenarioError{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	const (
		plain   = iota
		basic   // "…"
		literal // '…'
		mlBasic // """…"""
		mlLit   // '''…'''
		comment // # … to the end of the line
	)
	state := plain
	line, lineStart := 1, 0
	// stack holds the open brackets of values ('[' or '{'); header is true
	// inside a table header ([a.b] or [[a]]), before its closing bracket.
	var stack []byte
	header := false
	// key is true where a key may be being read: at the start of a line
	// outside any value, and after '{' or ',' in an inline table; parts
	// counts its dotted parts so far.
	key, parts := true, 1
	keys := 0
	lineHasText := false
	for i := 0; i < len(data); i++ {
		c := data[i]
		if c == '\n' {
			n := i - lineStart
			if n > 0 && data[i-1] == '\r' {
				n--
			}
			if n > MaxScenarioLine {
				return fail(line, "is %d bytes long; a line may have at most %d", n, MaxScenarioLine)
			}
			line++
			lineStart = i + 1
			lineHasText = false
			switch state {
			case comment:
				state = plain
			case basic, literal:
				state = plain // the decoder reports the unclosed string
			}
			if state == plain && len(stack) == 0 && !header {
				key, parts = true, 1
			}
			continue
		}
		switch state {
		case comment:
			continue
		case basic:
			switch c {
			case '\\':
				i += skipEscaped(data, i)
			case '"':
				state = plain
			}
			continue
		case literal:
			if c == '\'' {
				state = plain
			}
			continue
		case mlBasic:
			switch {
			case c == '\\':
				i += skipEscaped(data, i)
			case c == '"' && i+2 < len(data) && data[i+1] == '"' && data[i+2] == '"':
				state = plain
				i += 2
			}
			continue
		case mlLit:
			if c == '\'' && i+2 < len(data) && data[i+1] == '\'' && data[i+2] == '\'' {
				state = plain
				i += 2
			}
			continue
		}
		switch c {
		case ' ', '\t', '\r':
			continue
		case '#':
			state = comment
			continue
		case '"', '\'':
			if i+2 < len(data) && data[i+1] == c && data[i+2] == c {
				state = mlLit
				if c == '"' {
					state = mlBasic
				}
				i += 2
			} else {
				state = literal
				if c == '"' {
					state = basic
				}
			}
			lineHasText = true
			continue
		}
		switch {
		case c == '[' && len(stack) == 0 && !header && !lineHasText:
			// A table header: [name] or [[name]].
			header = true
			keys++
			parts = 1
			if i+1 < len(data) && data[i+1] == '[' {
				i++
			}
		case c == ']' && header:
			header = false
			key = false
			if i+1 < len(data) && data[i+1] == ']' {
				i++
			}
		case c == '.' && (header || key):
			if parts++; parts > MaxKeyParts {
				return fail(line, "a key or table header of more than %d dotted parts; a scenario needs at most 2", MaxKeyParts)
			}
		case c == '=' && key:
			key = false
			keys++
		case c == '[' || c == '{':
			stack = append(stack, c)
			if len(stack) > MaxScenarioDepth {
				return fail(line, "nests arrays and inline tables %d deep; at most %d", len(stack), MaxScenarioDepth)
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
			return fail(line, "more than %d keys and table headers; a scenario may have at most %d", MaxScenarioKeys, MaxScenarioKeys)
		}
	}
	if len(data)-lineStart > MaxScenarioLine {
		return fail(line, "is %d bytes long; a line may have at most %d", len(data)-lineStart, MaxScenarioLine)
	}
	return nil
}

// skipEscaped returns how many bytes after the backslash at data[i] an escape
// skips: the next one, unless it ends the line (a multi-line string's line
// continuation), which the line count must see.
func skipEscaped(data []byte, i int) int {
	if i+1 < len(data) && data[i+1] != '\n' && data[i+1] != '\r' {
		return 1
	}
	return 0
}
