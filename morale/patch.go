package morale

import (
	"math"
	"strings"
)

// patchSettings returns the weights file data with s written into it the way
// a designer would edit it by hand: every line kept as it is (comments,
// blank lines, row order, spacing, the spelling of numbers) except the values
// that change, which are replaced in place; a weight row s no longer has is
// removed; a setting off its default that the file lacks is added above the
// first table, a new row at the end of its table ([weights] for a built-in
// event, [custom] for a custom one; a [custom] table the file lacks is added
// at its end), each with its default comment (a custom event has none). A
// byte order mark stays at the start of the file, and the lines added end as
// the file's first line does (CRLF or LF). ok is false when data is not a
// valid weights file, when s needs a [weights] table the file does not
// have, or when the result would not read back as s: then the caller writes
// the whole file afresh.
func patchSettings(data []byte, s Settings) (text string, ok bool) {
	old, err := parseSettings(data)
	if err != nil {
		return "", false
	}
	// The byte order mark stays in front (scanLines skips it, so the lines
	// are numbered the same without it).
	bom := byteOrderMark(data)
	data = data[len(bom):]
	entries, _ := decodeFile(data) // no problems: parseSettings found none
	lines := make(map[string]int, len(entries))
	for _, e := range entries {
		if e.header {
			lines[e.table] = e.line
		} else {
			lines[e.name()] = e.line
		}
	}
	rows := strings.SplitAfter(string(data), "\n") // rows[n-1] is line n
	// What is added ends its lines as the file's first line ends.
	eol := "\n"
	if strings.HasSuffix(rows[0], "\r\n") {
		eol = "\r\n"
	}
	nl := func(s string) string { return strings.ReplaceAll(s, "\n", eol) }
	drop := make(map[int]bool)
	replace := func(n int, v float64) bool {
		i := n - 1
		if i < 0 || i >= len(rows) {
			return false
		}
		r, ok := replaceValue(rows[i], formatFloat(v))
		rows[i] = r
		return ok
	}
	byName := make(map[string]Param)
	for _, p := range Params() {
		byName[p.Name] = p
	}
	// The line of each table's header and of its last row (its header
	// when it has none), and the first header: a table is opened once.
	header, last := make(map[string]int), make(map[string]int)
	firstHeader := 0
	for _, e := range entries {
		switch {
		case e.header:
			header[e.table], last[e.table] = e.line, e.line
			if firstHeader == 0 {
				firstHeader = e.line
			}
		case e.table != "":
			n := e.line
			last[e.table] = max(last[e.table], n)
			v, has := s.Weights[Event(e.key)]
			switch {
			case !has:
				drop[n] = true
			case !same(v, old.Weights[Event(e.key)]) && !replace(n, v):
				return "", false
			}
		default:
			p := byName[e.key]
			if v := p.Get(s); !same(v, p.Get(old)) && !replace(e.line, v) {
				return "", false
			}
		}
	}
	// What the file lacks: settings off their default go above the first
	// table (a top-level key must come before any table), new rows at the
	// end of their table, [weights] or [custom]; a [custom] table the file
	// lacks is added at its end.
	var settings strings.Builder
	added := map[string]*strings.Builder{"weights": {}, "custom": {}}
	def, notes := DefaultSettings(), defaultNotes()
	for _, p := range Params() {
		if _, in := lines[p.Name]; !in && !same(p.Get(s), p.Get(def)) {
			settings.WriteString("\n# " + truncateBytes(p.Doc, MaxLineBytes-2) + "\n" + p.Name + " = " + formatFloat(p.Get(s)) + "\n")
		}
	}
	for _, e := range s.Events() {
		table := "weights"
		if !e.BuiltIn() {
			table = "custom"
		}
		if _, in := lines[table+"."+string(e)]; !in {
			added[table].WriteString(weightLine(e, s.Weights[e], notes[e]) + "\n")
		}
	}
	if header["weights"] == 0 && !sameBuiltIn(s, def) {
		return "", false // the file keeps the default table by leaving it out
	}
	var b strings.Builder
	for i, r := range rows {
		n := i + 1
		if n == firstHeader && settings.Len() > 0 {
			b.WriteString(nl(strings.TrimPrefix(settings.String(), "\n") + "\n"))
			settings.Reset()
		}
		if !drop[n] {
			b.WriteString(r)
		}
		for _, table := range []string{"weights", "custom"} {
			if n == last[table] && header[table] > 0 && added[table].Len() > 0 {
				if !strings.HasSuffix(r, "\n") {
					b.WriteString(eol)
				}
				b.WriteString(nl(added[table].String()))
				added[table].Reset()
			}
		}
	}
	newline := func() {
		if t := b.String(); t != "" && !strings.HasSuffix(t, "\n") {
			b.WriteString(eol)
		}
	}
	if settings.Len() > 0 { // no table: the end is top level
		newline()
		b.WriteString(nl(settings.String()))
	}
	if added["custom"].Len() > 0 { // no [custom] table yet
		newline()
		b.WriteString(nl("\n[custom]\n" + added["custom"].String()))
	}
	text = string(bom) + b.String()
	if len(text) > MaxFileBytes {
		return "", false
	}
	back, err := parseSettings([]byte(text))
	if err != nil || !sameWeights(back, s) {
		return "", false
	}
	for _, p := range Params() {
		if !same(p.Get(back), p.Get(s)) {
			return "", false
		}
	}
	return text, true
}

// replaceValue returns the key line row with its value replaced by v, the
// key, spacing, comment and line ending kept; ok is false when row is not a
// key = number line.
func replaceValue(row, v string) (string, bool) {
	indent := len(row) - len(skipSpace(row))
	_, rest, msg := cutKey(row[indent:])
	if msg != "" {
		return row, false
	}
	after := skipSpace(rest)
	if !strings.HasPrefix(after, "=") {
		return row, false
	}
	value := skipSpace(after[1:])
	start := len(row) - len(value)
	end := start + strings.IndexAny(value+"#", " \t#\r\n")
	if end == start || strings.ContainsAny(row[start:end], `"'`) {
		return row, false
	}
	return row[:start] + v + row[end:], true
}

// same reports whether a and b are the same number, bit for bit.
func same(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }

// sameBuiltIn reports whether a and b have the same rows of built-in events
// with the same weights, bit for bit (in any order).
func sameBuiltIn(a, b Settings) bool {
	for _, r := range defaultRows() {
		v, okA := a.Weights[r.event]
		w, okB := b.Weights[r.event]
		if okA != okB || !same(v, w) {
			return false
		}
	}
	return true
}

// sameWeights reports whether a and b have the same rows with the same
// weights, bit for bit (in any order).
func sameWeights(a, b Settings) bool {
	if len(a.Weights) != len(b.Weights) {
		return false
	}
	for e, v := range a.Weights {
		if w, ok := b.Weights[e]; !ok || !same(v, w) {
			return false
		}
	}
	return true
}
