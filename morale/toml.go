package morale

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

// The weights.toml format: top-level keys named exactly as the numeric
// Settings fields (ShakenBelow = 0.6, ...), a [weights] table with one row per
// built-in event (AllyDown = -0.18), and a [custom] table with one row per
// event of the game's own (Ambush = -0.3), which it reports by name. A
// missing key keeps its default. When [weights] is present it is the whole
// table of built-in events: a deleted row is worth zero. A [weights] row that
// names no built-in event is an error (a misspelling, or a custom event in
// the wrong table), and so is a [custom] row that names one.

// ReadSettings reads settings in the weights.toml format from r, starting from
// DefaultSettings: a setting the file does not set keeps its default, and so
// does every built-in event's row when the file has no [weights] table; but a
// [weights] table is the whole table of built-in events, so a row it lacks is
// worth zero (a file whose [weights] has only AllyDown switches the other
// nine off). [custom] rows add the game's own events. It reads at most
// MaxFileBytes+1 bytes: a longer input is an error. Before decoding, a line scanner rejects anything a weights file never
// needs (lines over MaxLineBytes, tables other than [weights] and [custom], arrays of
// tables, dotted keys, empty keys, arrays, inline tables, multi-line strings,
// a table opened again (its rows are read as the table's), more key lines
// than one per setting and MaxWeightRows rows; the rows below a
// table header it refuses are not read, as rows or as settings, and the
// header's problem says so), so no input can make the decoder nest, and the
// work is linear in the input.
// It returns every problem it finds in one error, in line order (the lines
// the scanner rejects first), each naming the line and, for a value, the key (a *FieldError): an unknown key (with
// the nearest setting by edit distance when it looks misspelt: "did you mean
// RecoveryPerSecond?"), a [weights] row that is no built-in event (with the
// nearest built-in, "did you mean AllyDown?", or, when it is far from every
// one, the advice to move it to [custom]), a [custom] row that is a built-in
// event, a key set twice, a table opened twice, a value that is not a
// number (a word, text, true or false, a date, NaN, an infinity: each said
// as written, with what to write instead, "is abc; write a number such as
// 0.6"), a number too large for a float64 or an int64, and whatever
// Validate rejects among the values that could be read, so that one bad
// line hides no other. An error lists at
// most MaxReportedProblems problems and counts the rest; quoted text in it is
// cut short. On error the returned Settings is DefaultSettings and nothing of
// the file is applied.
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

// entry is one line of a weights file that means something, decoded: a
// table header or a key = value line.
type entry struct {
	line    int
	header  bool   // a table header: table names the table it opens
	table   string // the table a key line is in: "" for the top level, "weights", "custom"
	key     string // the key, unquoted and unescaped
	value   any    // the value as the decoder read it: float64, int64, string, ...
	typ     string // the value's TOML type: "Float", "Integer", "String", ...
	text    string // the value as written, for errors
	comment string // the comment on the line, else the comment lines above it
}

// name returns the key as errors and the lines map name it: "Key" at the
// top level, "weights.Key" in [weights], "custom.Key" in [custom].
func (e entry) name() string { return tableKey(e.table, e.key) }

func tableKey(table, key string) string {
	if table == "" {
		return key
	}
	return table + "." + key
}

// decodeFile scans a weights file and decodes each line the scanner lets
// through on its own, so that a problem on one line hides none on another.
// It returns the lines decoded, in file order, and every problem: the
// scanner's (a *lineError each, a table opened twice among them), a value
// the decoder cannot read, a number beyond float64 or int64 and a key set
// twice, each with its line and, for a key, the key (a *FieldError), in our
// words. A key set twice keeps its first value.
func decodeFile(data []byte) (entries []entry, problems []error) {
	scanned, problems := scanLines(data)
	first := make(map[string]int, len(scanned))
	for _, sk := range scanned {
		if sk.header { // each table once: the scanner refuses another
			entries = append(entries, entry{line: sk.line, header: true, table: sk.table})
			continue
		}
		e, err := decodeLine(sk)
		if err != nil {
			problems = append(problems, err)
			continue
		}
		if l, again := first[e.name()]; again {
			problems = append(problems, &FieldError{Field: e.name(), Line: sk.line,
				Msg: fmt.Sprintf("is set again (first on line %d); a key may be set only once", l)})
			continue
		}
		first[e.name()] = sk.line
		entries = append(entries, e)
	}
	return entries, problems
}

// decodeLine decodes one key = value line the scanner accepted.
func decodeLine(sk scannedKey) (entry, error) {
	var raw map[string]any
	md, err := toml.Decode(sk.text, &raw)
	if err != nil {
		return entry{}, &FieldError{Field: tableKey(sk.table, lineKey(sk.text)), Line: sk.line, Msg: decodeProblem(sk, err)}
	}
	keys := md.Keys()
	if len(keys) != 1 || len(keys[0]) != 1 {
		return entry{}, &lineError{line: sk.line, msg: fmt.Sprintf("internal error: %d keys decoded from one line", len(keys))}
	}
	k := keys[0][0]
	return entry{line: sk.line, table: sk.table, key: k, value: raw[k], typ: md.Type(k),
		text: sk.value, comment: sk.comment}, nil
}

// lineKey returns the key of a key = value line, unescaped when it decodes,
// else as written.
func lineKey(text string) string {
	k, _, msg := cutKey(text)
	if msg != "" {
		return truncate(text, quoteMax)
	}
	var raw map[string]any
	if md, err := toml.Decode(k+" = 0", &raw); err == nil {
		if keys := md.Keys(); len(keys) == 1 && len(keys[0]) == 1 {
			return keys[0][0]
		}
	}
	return k
}

// commentsOf returns the comment of each key of entries that has one, by its
// name.
func commentsOf(entries []entry) map[string]string {
	c := make(map[string]string)
	for _, e := range entries {
		if !e.header && e.comment != "" {
			c[e.name()] = e.comment
		}
	}
	return c
}

// parseSettings reads a weights file's data onto DefaultSettings. It reports
// every problem at once: each line's (decodeFile's), each key's (unknown,
// not a number, not finite) and, for the values the file set that could be
// read, Validate's, whatever else was wrong with the file; a rule broken
// only because a key next to it could not be read is not reported twice.
// The problems come in line order, the scanner's first.
func parseSettings(data []byte) (Settings, error) {
	entries, problems := decodeFile(data)
	params := Params()
	byName := make(map[string]Param, len(params))
	names := make([]string, len(params))
	for i, p := range params {
		byName[p.Name] = p
		names[i] = p.Name
	}
	lines := make(map[string]int, len(entries))
	// The keys whose value could not be read (not those set twice, which
	// keep their first value).
	failed := make(map[string]bool)
	for _, e := range entries {
		if !e.header {
			lines[e.name()] = e.line
		}
	}
	for _, err := range problems {
		if fe, ok := err.(*FieldError); ok && lines[fe.Field] == 0 {
			failed[fe.Field] = true
		}
		if le, ok := err.(*lineError); ok && le.limit { // the rows were not all read: their count says nothing
			failed["weights"] = true
		}
	}
	s := DefaultSettings()
	bad := func(e entry, format string, args ...any) {
		failed[e.name()] = true
		problems = append(problems, &FieldError{Field: e.name(), Line: e.line, Msg: fmt.Sprintf(format, args...)})
	}
	number := func(e entry) (float64, bool) {
		var f float64
		switch v := e.value.(type) {
		case float64:
			f = v
		case int64:
			f = float64(v)
		default:
			bad(e, "%s", notANumber(e))
			return 0, false
		}
		if !finite(f) {
			bad(e, "%s", notFinite(e, f))
			return 0, false
		}
		return f, true
	}
	events := builtInNames()
	for _, e := range entries {
		ev := Event(e.key)
		switch {
		case e.header && e.table == "weights":
			// The whole table of built-in events: those it lacks are
			// worth zero. Custom rows read before it stay.
			lines[e.table] = e.line
			maps.DeleteFunc(s.Weights, func(ev Event, _ float64) bool { return ev.BuiltIn() })
			s.order = slices.DeleteFunc(s.order, Event.BuiltIn)
		case e.header:
			lines[e.table] = e.line
		case (e.table == "weights" || e.table == "custom") && byName[e.key].Name != "":
			// A setting written at the end of the file, below the tables.
			bad(e, "is a setting, not an event: every key below [%s] is a row of it; move %s above the file's first [table]", e.table, e.key)
		case e.table == "weights" && !ev.BuiltIn():
			near, d := nearest(e.key, events)
			if misspelt(near, d) {
				bad(e, "is not a built-in event (did you mean %s?)", near)
			} else {
				bad(e, "is not a built-in event (the nearest is %s); "+
					"if it is your game's own event, move its row to [custom]", near)
			}
		case e.table == "custom" && ev.BuiltIn():
			bad(e, "is a built-in event; its row belongs in [weights]")
		case e.table != "":
			if f, ok := number(e); ok {
				s.Weights[ev] = f
				s.order = append(s.order, ev)
			}
		case e.key == "weights" || e.key == "custom":
			bad(e, "must be a table of event = weight rows")
		default:
			p, ok := byName[e.key]
			if !ok && ev.BuiltIn() {
				bad(e, "is not a setting but an event; its row belongs in [weights]")
				continue
			}
			if !ok {
				bad(e, "is not a setting%s", didYouMean(e.key, names))
				continue
			}
			if f, ok := number(e); ok {
				p.Set(&s, f)
			}
		}
	}
	// The values that could be read are validated even when others could
	// not: an unknown key hides nothing after it.
	if err := s.Validate(); err != nil {
		for _, ve := range withLines(err, lines) {
			if fe, ok := ve.(*FieldError); ok && (failed[fileKey(fe.Field)] || failed[fileKey(fe.Other)]) {
				continue
			}
			problems = append(problems, ve)
		}
	}
	if len(problems) > 0 {
		// The scanner's first (a line a weights file never has, or one too
		// many), then the rest by line, any without a line last.
		scan := func(err error) bool {
			le, ok := err.(*lineError)
			return ok && le.scan
		}
		slices.SortStableFunc(problems, func(a, b error) int {
			if c := cmp.Compare(b2i(scan(b)), b2i(scan(a))); c != 0 {
				return c
			}
			la, lb := problemLine(a), problemLine(b)
			if la == 0 || lb == 0 {
				return cmp.Compare(b2i(la == 0), b2i(lb == 0))
			}
			return cmp.Compare(la, lb)
		})
		return Settings{}, joinProblems(problems)
	}
	return s, nil
}

// withLines returns the problems of err, Validate's, with the file line of
// every FieldError filled in: the line that set the field or, for a
// combination with a default the file did not set, the line of the other
// field of the combination; and the line of the other field (OtherLine),
// which the error names too, for the designer may have changed either.
func withLines(err error, lines map[string]int) []error {
	var out []error
	for _, e := range unjoin(err) {
		var fe *FieldError
		if errors.As(e, &fe) {
			c := *fe
			c.Line = lines[fileKey(c.Field)]
			if c.Line == 0 && c.Field == "Weights" { // the table as a whole
				c.Line = lines["custom"]
			}
			if c.Other != "" {
				c.OtherLine = lines[fileKey(c.Other)] // both set: the designer may have changed either
				if c.Line == 0 {
					c.Line = c.OtherLine
				}
			}
			e = &c
		}
		out = append(out, e)
	}
	return out
}

// fileKey returns the weights.toml key of a FieldError's field: "Weights.X"
// is the row "weights.X" of a built-in event or "custom.X" of a custom one,
// and "Weights", the table as a whole, its header.
func fileKey(field string) string {
	if e, ok := strings.CutPrefix(field, "Weights."); ok {
		if !Event(e).BuiltIn() {
			return "custom." + e
		}
		return "weights." + e
	}
	if field == "Weights" {
		return "weights"
	}
	return field
}

func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}
