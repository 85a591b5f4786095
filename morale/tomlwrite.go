package morale

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
)

// Writing settings in the weights.toml format (see toml.go for reading it).

// WriteSettings writes s to w in the weights.toml format, with a comment for
// every key: the design's notes for the default events. Rows keep the order
// of s.Events(): the built-in events' in [weights], then the custom events'
// in [custom], a table written only when s has custom rows. It refuses
// settings that do not validate. What it writes,
// ReadSettings reads back to equal settings: event names are written with
// TOML's escapes, and no line is longer than MaxLineBytes.
func WriteSettings(w io.Writer, s Settings) error {
	return writeSettings(w, s, nil)
}

const fileHeader = `# MoraleBreak settings and event weights.
#
# Top-level keys are the Settings fields; a missing key keeps its default.
# [weights] is the table of the built-in events: a deleted row is worth zero
# (switches the event off); a row that names no built-in event is an error.
# [custom] holds your game's own events, which it reports by name, as
# morale.Event("Ambush"): add a row there (Ambush = -0.3).
# Times are in seconds, rates per second, radii in centimetres, morale in 0..1.
`

// writeSettings writes s with the given comments (by key) in place of the
// default ones. Should the file be over MaxFileBytes with them, it is written
// with the default comments only; Validate's bounds make that fit.
func writeSettings(w io.Writer, s Settings, comments map[string]string) error {
	if err := s.Validate(); err != nil {
		return err
	}
	text := formatSettings(s, comments)
	if len(text) > MaxFileBytes && comments != nil {
		text = formatSettings(s, nil)
	}
	if len(text) > MaxFileBytes {
		return fmt.Errorf("settings take %d bytes in the weights.toml format; a weights file may have at most %d",
			len(text), MaxFileBytes)
	}
	_, err := io.WriteString(w, text)
	return err
}

// formatSettings returns s in the weights.toml format, no line longer than
// MaxLineBytes.
func formatSettings(s Settings, comments map[string]string) string {
	notes := defaultNotes()
	comment := func(key, def string) string {
		if c, ok := comments[key]; ok {
			return c
		}
		return def
	}
	var b strings.Builder
	b.WriteString(fileHeader)
	for _, p := range Params() {
		b.WriteString("\n")
		if c := comment(p.Name, p.Doc); c != "" {
			fmt.Fprintf(&b, "# %s\n", truncateBytes(c, MaxLineBytes-2))
		}
		fmt.Fprintf(&b, "%s = %s\n", p.Name, formatFloat(p.Get(s)))
	}
	b.WriteString("\n[weights]\n")
	custom := false
	for _, e := range s.Events() {
		table := "weights"
		if !e.BuiltIn() {
			table = "custom"
			if !custom { // Events lists the custom events last
				b.WriteString("\n[custom]\n")
				custom = true
			}
		}
		b.WriteString(weightLine(e, s.Weights[e], comment(table+"."+string(e), notes[e])) + "\n")
	}
	return b.String()
}

// defaultNotes returns the design's note of each built-in event.
func defaultNotes() map[Event]string {
	notes := make(map[Event]string)
	for _, r := range defaultRows() {
		notes[r.event] = r.note
	}
	return notes
}

// weightLine returns event e's row of a weights file, weight v, with note as
// its comment when there is one, cut to fit in MaxLineBytes.
func weightLine(e Event, v float64, note string) string {
	row := formatKey(string(e)) + " = " + formatFloat(v)
	if room := MaxLineBytes - len(row) - 3; note != "" && room > 0 {
		row += " # " + truncateBytes(note, room)
	}
	return row
}

func formatFloat(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// formatKey writes an event name as a TOML key: bare when it can be, else a
// basic string in which quotes, backslashes and every character that is not
// printable are TOML escapes (\uXXXX or \UXXXXXXXX). Go's own escapes (\a,
// \v, \x7f) are not TOML. Validate has already refused invalid UTF-8.
func formatKey(k string) string {
	bare := k != ""
	for i := 0; i < len(k); i++ {
		bare = bare && isBareKeyByte(k[i])
	}
	if bare {
		return k
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range k {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r > 0xFFFF && !unicode.IsPrint(r):
			fmt.Fprintf(&b, `\U%08X`, r)
		case !unicode.IsPrint(r):
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
