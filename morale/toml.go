package morale

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// The weights.toml format: top-level keys named exactly as the numeric
// Settings fields (ShakenBelow = 0.6, ...), and a [weights] table with one row
// per event (AllyDown = -0.18). A missing key keeps its default. When
// [weights] is present it is the whole table: a deleted row is worth zero and
// an added row is a custom event.

// ReadSettings reads settings in the weights.toml format from r, starting from
// DefaultSettings. It returns every problem it finds, each naming the key and
// line (a *FieldError, or the TOML parser's error for broken syntax): an
// unknown key, a wrong type, a NaN or infinity, or a combination Validate
// rejects. On error the returned Settings is DefaultSettings and nothing of the
// file is applied.
func ReadSettings(r io.Reader) (Settings, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return DefaultSettings(), err
	}
	s, err := parseSettings(data)
	if err != nil {
		return DefaultSettings(), err
	}
	return s, nil
}

// LoadSettings reads settings from the weights.toml file at path, as
// ReadSettings does. Errors start with the path.
func LoadSettings(path string) (Settings, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return DefaultSettings(), err
	}
	s, err := parseSettings(data)
	if err != nil {
		return DefaultSettings(), fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

func parseSettings(data []byte) (Settings, error) {
	var raw map[string]any
	md, err := toml.Decode(string(data), &raw)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return Settings{}, fmt.Errorf("line %d: %s", pe.Position.Line, pe.Message)
		}
		return Settings{}, err
	}
	lines, _ := scanKeys(data)
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
	number := func(key string, v any) (float64, bool) {
		var f float64
		switch v := v.(type) {
		case float64:
			f = v
		case int64:
			f = float64(v)
		default:
			bad(key, "is a %s; it must be a number", md.Type(strings.Split(key, ".")...))
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
			if f, ok := number(key, tbl[k[1]]); ok {
				e := Event(k[1])
				s.Weights[e] = f
				s.order = append(s.order, e)
			}
		case name == "weights":
			bad(k.String(), "is nested too deep; [weights] rows are event = number")
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
			if f, ok := number(name, raw[name]); ok {
				p.Set(&s, f)
			}
		default:
			if _, known := byName[name]; !known && len(k) == 2 {
				// The parent key was reported as unknown already.
				continue
			}
			bad(k.String(), "is not a setting")
		}
	}
	if len(errs) > 0 {
		return Settings{}, errors.Join(errs...)
	}
	if err := s.Validate(); err != nil {
		return Settings{}, withLines(err, lines)
	}
	return s, nil
}

// withLines fills in the file line of every FieldError in err.
func withLines(err error, lines map[string]int) error {
	var out []error
	for _, e := range unjoin(err) {
		var fe *FieldError
		if errors.As(e, &fe) {
			c := *fe
			key := c.Field
			if strings.HasPrefix(key, "Weights.") {
				key = "weights." + strings.TrimPrefix(key, "Weights.")
			}
			c.Line = lines[key]
			if c.Line == 0 {
				// A combination with a default the file did not set: name
				// the line of the other key, the one the file did set.
				for _, p := range Params() {
					if l := lines[p.Name]; l > 0 && strings.Contains(c.Msg, p.Name) {
						c.Line = l
						c.Msg += fmt.Sprintf(" (%s is set on line %d)", p.Name, l)
						break
					}
				}
			}
			e = &c
		}
		out = append(out, e)
	}
	return errors.Join(out...)
}

func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

var (
	tableLine = regexp.MustCompile(`^\s*\[\s*([A-Za-z0-9_-]+|"[^"]*")\s*\]`)
	keyLine   = regexp.MustCompile(`^\s*([A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')\s*=`)
)

func unquoteKey(k string) string {
	if strings.HasPrefix(k, `"`) {
		if u, err := strconv.Unquote(k); err == nil {
			return u
		}
	}
	return strings.Trim(k, `'"`)
}

// WriteSettings writes s to w in the weights.toml format, with a comment for
// every key: the design's notes for the default events. Rows keep the order
// of s.Events(). It refuses settings that do not validate.
func WriteSettings(w io.Writer, s Settings) error {
	return writeSettings(w, s, nil)
}

// SaveSettings writes s to the file at path in the weights.toml format,
// atomically: it writes a temporary file in the same directory and renames it
// over path, so a reader never sees half a file. Comments of the file already
// at path are kept for the keys it still has; other keys get the default
// comments. It refuses settings that do not validate and then writes nothing.
func SaveSettings(path string, s Settings) error {
	if err := s.Validate(); err != nil {
		return err
	}
	var comments map[string]string
	if old, err := os.ReadFile(path); err == nil {
		_, comments = scanKeys(old)
	}
	var buf bytes.Buffer
	if err := writeSettings(&buf, s, comments); err != nil {
		return err
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op once renamed
	if _, err := tmp.Write(buf.Bytes()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if fi, err := os.Stat(path); err == nil {
		_ = os.Chmod(tmp.Name(), fi.Mode().Perm())
	} else {
		_ = os.Chmod(tmp.Name(), 0o644)
	}
	return os.Rename(tmp.Name(), path)
}

const fileHeader = `# MoraleBreak settings and event weights.
#
# Top-level keys are the Settings fields; a missing key keeps its default.
# [weights] is the whole event table: a deleted row is worth zero (switches the
# event off), an added row is a custom event your game may report by name.
# Times are in seconds, rates per second, radii in centimetres, morale in 0..1.
`

func writeSettings(w io.Writer, s Settings, comments map[string]string) error {
	if err := s.Validate(); err != nil {
		return err
	}
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
			fmt.Fprintf(&b, "# %s\n", c)
		}
		fmt.Fprintf(&b, "%s = %s\n", p.Name, formatFloat(p.Get(&s)))
	}
	b.WriteString("\n[weights]\n")
	for _, e := range s.Events() {
		fmt.Fprintf(&b, "%s = %s", formatKey(string(e)), formatFloat(s.Weights[e]))
		if c := comment("weights."+string(e), notes[e]); c != "" {
			fmt.Fprintf(&b, " # %s", c)
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// scanKeys reads a weights.toml text line by line and returns, for "key" and
// "table.key", the line that first sets it and its comment: the comment on the
// key's own line, else the comment lines right above it. Tables map to their
// header line. It is the reader's source of line numbers and the writer's of
// comments to keep.
func scanKeys(data []byte) (lines map[string]int, comments map[string]string) {
	lines, comments = make(map[string]int), make(map[string]string)
	table := ""
	var above []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "#"):
			above = append(above, strings.TrimSpace(strings.TrimPrefix(line, "#")))
			continue
		case line == "":
			above = nil
			continue
		}
		if m := tableLine.FindStringSubmatch(line); m != nil {
			table = unquoteKey(m[1])
			lines[table] = n
		} else if m := keyLine.FindStringSubmatch(line); m != nil {
			key := unquoteKey(m[1])
			if table != "" {
				key = table + "." + key
			}
			if _, dup := lines[key]; !dup {
				lines[key] = n
			}
			if i := strings.LastIndex(line, "#"); i > 0 && !strings.ContainsAny(line[i:], `"'`) {
				comments[key] = strings.TrimSpace(line[i+1:])
			} else if len(above) > 0 {
				comments[key] = strings.Join(above, " ")
			}
		}
		above = nil
	}
	return lines, comments
}

func formatFloat(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

var bareKey = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

func formatKey(k string) string {
	if bareKey.MatchString(k) {
		return k
	}
	return strconv.Quote(k)
}
