package morale

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"unicode"

	"github.com/BurntSushi/toml"
)

// The weights.toml format: top-level keys named exactly as the numeric
// Settings fields (ShakenBelow = 0.6, ...), and a [weights] table with one row
// per event (AllyDown = -0.18). A missing key keeps its default. When
// [weights] is present it is the whole table: a deleted row is worth zero and
// an added row is a custom event.

// ReadSettings reads settings in the weights.toml format from r, starting from
// DefaultSettings. It reads at most MaxFileBytes+1 bytes: a longer input is an
// error. Before decoding, a line scanner rejects anything a weights file never
// needs (lines over MaxLineBytes, tables other than [weights], arrays of
// tables, dotted keys, empty keys, arrays, inline tables, multi-line strings,
// more key lines than one per setting and MaxWeightRows rows), so no input can
// make the decoder nest, and the work is linear in the input.
// It returns every problem it finds, each naming the line and, for a value, the
// key (a *FieldError): an unknown key, a wrong type, a NaN or infinity, or a
// combination Validate rejects. An error lists at most MaxReportedProblems
// problems and counts the rest; quoted text in it is cut short. On error the
// returned Settings is DefaultSettings and nothing of the file is applied.
func ReadSettings(r io.Reader) (Settings, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileBytes+1))
	if err != nil {
		return DefaultSettings(), err
	}
	if len(data) > MaxFileBytes {
		return DefaultSettings(), fmt.Errorf("input is over %d bytes; a weights file may have at most %d",
			MaxFileBytes, MaxFileBytes)
	}
	s, err := parseSettings(data)
	if err != nil {
		return DefaultSettings(), err
	}
	return s, nil
}

// LoadSettings reads settings from the weights.toml file at path, as
// ReadSettings does. Errors start with the path. A path that is not a regular
// file (a directory, a FIFO, a device) is an error at once, without reading;
// so is a file over MaxFileBytes. A symlink is followed.
func LoadSettings(path string) (Settings, error) {
	data, err := readFile(path)
	if err != nil {
		return DefaultSettings(), err
	}
	s, err := parseSettings(data)
	if err != nil {
		return DefaultSettings(), fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// readFile returns the contents of the regular file at path, at most
// MaxFileBytes of them. It opens without blocking (a FIFO with no writer would
// block a plain open) and checks the opened file's type before reading.
func readFile(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, err
	}
	data, err := readOpened(path, f)
	// Close of a file opened read-only says nothing about the data read, but
	// an error of it is still an error: the caller hears of it.
	if cerr := f.Close(); cerr != nil {
		return nil, errors.Join(err, cerr)
	}
	return data, err
}

// readOpened reads f, opened from path, for readFile.
func readOpened(path string, f *os.File) ([]byte, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: is %s, not a regular file", path, fileKind(fi.Mode()))
	}
	if fi.Size() > MaxFileBytes {
		return nil, fmt.Errorf("%s: is %d bytes; a weights file may have at most %d", path, fi.Size(), MaxFileBytes)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("%s: is over %d bytes; a weights file may have at most %d", path, MaxFileBytes, MaxFileBytes)
	}
	return data, nil
}

// fileKind names the type of a file that is not regular.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// decodeFile scans and decodes a weights file. It returns the decoder's raw
// values, its metadata and, for "key" and "weights.key", the line that set it
// and its comment.
func decodeFile(data []byte) (
	raw map[string]any, md toml.MetaData, lines map[string]int, comments map[string]string, err error,
) {
	scanned, problems := scanLines(data)
	if len(problems) > 0 {
		return nil, md, nil, nil, joinProblems(problems)
	}
	md, err = toml.Decode(string(data), &raw)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, md, nil, nil, fmt.Errorf("line %d: %s", pe.Position.Line, truncate(pe.Message, 200))
		}
		return nil, md, nil, nil, errors.New(truncate(err.Error(), 200))
	}
	// The scanner let through only headers and key lines, one decoder key
	// each, in the same order.
	keys := md.Keys()
	lines, comments = make(map[string]int, len(keys)), make(map[string]string, len(keys))
	if len(keys) != len(scanned) {
		return nil, md, nil, nil, fmt.Errorf("internal error: %d keys decoded, %d lines scanned", len(keys), len(scanned))
	}
	for i, k := range keys {
		name := strings.Join(k, ".")
		if _, dup := lines[name]; dup {
			continue
		}
		lines[name] = scanned[i].line
		if c := scanned[i].comment; c != "" {
			comments[name] = c
		}
	}
	return raw, md, lines, comments, nil
}

func parseSettings(data []byte) (Settings, error) {
	raw, md, lines, _, err := decodeFile(data)
	if err != nil {
		return Settings{}, err
	}
	params := Params()
	byName := make(map[string]Param, len(params))
	for _, p := range params {
		byName[p.Name] = p
	}
	s := DefaultSettings()
	var errs []error
	bad := func(key, format string, args ...any) {
		errs = append(errs, &FieldError{Field: key, Line: lines[key], Msg: fmt.Sprintf(format, args...)})
	}
	number := func(key string, v any, path ...string) (float64, bool) {
		var f float64
		switch v := v.(type) {
		case float64:
			f = v
		case int64:
			f = float64(v)
		default:
			bad(key, "is a %s; it must be a number", md.Type(path...))
			return 0, false
		}
		if !finite(f) {
			bad(key, "is %v; it must be a finite number", f)
			return 0, false
		}
		return f, true
	}
	for _, k := range md.Keys() {
		name := k[0]
		switch {
		case name == "weights" && len(k) == 1:
			if _, ok := raw["weights"].(map[string]any); !ok {
				bad("weights", "must be a table of event = weight rows")
				continue
			}
			s.Weights = make(map[Event]float64)
			s.order = nil
		case name == "weights" && len(k) == 2:
			tbl, ok := raw["weights"].(map[string]any)
			if !ok {
				continue
			}
			key := "weights." + k[1]
			if f, ok := number(key, tbl[k[1]], k...); ok {
				e := Event(k[1])
				s.Weights[e] = f
				s.order = append(s.order, e)
			}
		case len(k) == 1:
			p, ok := byName[name]
			if !ok {
				hint := ""
				for _, q := range params {
					if strings.EqualFold(q.Name, name) {
						hint = fmt.Sprintf(" (did you mean %s?)", q.Name)
					}
				}
				bad(name, "is not a setting%s", hint)
				continue
			}
			if f, ok := number(name, raw[name], k...); ok {
				p.Set(&s, f)
			}
		default:
			// The scanner lets no deeper key through.
			bad(k.String(), "is nested too deep")
		}
	}
	if len(errs) > 0 {
		return Settings{}, joinProblems(errs)
	}
	if err := s.Validate(); err != nil {
		return Settings{}, withLines(err, lines)
	}
	return s, nil
}

// withLines fills in the file line of every FieldError in err: the line that
// set the field or, for a combination with a default the file did not set, the
// line of the other field of the combination.
func withLines(err error, lines map[string]int) error {
	var out []error
	for _, e := range unjoin(err) {
		var fe *FieldError
		if errors.As(e, &fe) {
			c := *fe
			c.Line = lines[fileKey(c.Field)]
			if c.Line == 0 && c.other != "" {
				if l := lines[fileKey(c.other)]; l > 0 {
					c.Line = l
					c.Msg += fmt.Sprintf(" (%s is set on line %d)", c.other, l)
				}
			}
			e = &c
		}
		out = append(out, e)
	}
	return joinProblems(out)
}

// fileKey returns the weights.toml key of a FieldError's field: "Weights.X"
// is the row "weights.X".
func fileKey(field string) string {
	if e, ok := strings.CutPrefix(field, "Weights."); ok {
		return "weights." + e
	}
	return field
}

func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// WriteSettings writes s to w in the weights.toml format, with a comment for
// every key: the design's notes for the default events. Rows keep the order
// of s.Events(). It refuses settings that do not validate. What it writes,
// ReadSettings reads back to equal settings: event names are written with
// TOML's escapes, and no line is longer than MaxLineBytes.
func WriteSettings(w io.Writer, s Settings) error {
	return writeSettings(w, s, nil)
}

const fileHeader = `# MoraleBreak settings and event weights.
#
# Top-level keys are the Settings fields; a missing key keeps its default.
# [weights] is the whole event table: a deleted row is worth zero (switches the
# event off), an added row is a custom event your game may report by name.
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
	notes := make(map[Event]string)
	for _, r := range defaultRows() {
		notes[r.event] = r.note
	}
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
	for _, e := range s.Events() {
		row := formatKey(string(e)) + " = " + formatFloat(s.Weights[e])
		b.WriteString(row)
		if c := comment("weights."+string(e), notes[e]); c != "" {
			if room := MaxLineBytes - len(row) - 3; room > 0 {
				b.WriteString(" # " + truncateBytes(c, room))
			}
		}
		b.WriteString("\n")
	}
	return b.String()
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
