package tomllines_test

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
	"github.com/moralebreak/moralebreak/internal/tomllines"
)

func TestScan(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		want       map[string]int
	}{
		{"empty", "", map[string]int{}},
		{"top-level keys, blank and comment lines", "# a scenario\nname = \"x\"\n\n  duration=60 # s\n",
			map[string]int{"name": 2, "duration": 4}},
		{"a table", "runs = 5\n[weights]\nAllyDown = -0.3\nruns = 1\n",
			map[string]int{"runs": 1, "weights": 2, "weights.AllyDown": 3, "weights.runs": 4}},
		{"arrays of tables counted from 1", "[[squad]]\nsize = 6\n[[event]]\nt = 1\n[[ squad ]]\nsize = 4\n",
			map[string]int{"squad": 1, "squad.1": 1, "squad.1.size": 2, "event": 3, "event.1": 3, "event.1.t": 4, "squad.2": 5, "squad.2.size": 6}},
		{"a sub-table is in the array's last table", "[[squad]]\n[squad.x]\nsize = 6\n[[squad.y]]\nz = 1\n",
			map[string]int{"squad": 1, "squad.1": 1, "squad.1.x": 2, "squad.1.x.size": 3, "squad.1.y": 4, "squad.1.y.1": 4, "squad.1.y.1.z": 5}},
		{"sub-tables of the second table and arrays in arrays", "[[s]]\n[[s]]\n[s.x]\na = 1\n[[s.y]]\n[[s.y]]\n[s.y.z]\nb = 2\n[[s]]\n[[s.y]]\n['s'.\"y\".z]\n",
			map[string]int{"s": 1, "s.1": 1, "s.2": 2, "s.2.x": 3, "s.2.x.a": 4, "s.2.y": 5, "s.2.y.1": 5, "s.2.y.2": 6, "s.2.y.2.z": 7, "s.2.y.2.z.b": 8,
				"s.3": 9, "s.3.y": 10, "s.3.y.1": 10, "s.3.y.1.z": 11}},
		{"a table before the array is not in it", "[s.x]\n[[s]]\n[t]\n[[t.u]]\n",
			map[string]int{"s.x": 1, "s": 2, "s.1": 2, "t": 3, "t.u": 4, "t.u.1": 4}},
		{"a key given twice keeps its first line", "a = 1\na = 2\n", map[string]int{"a": 1}},
		{"a table given twice keeps its last", "[t]\n[t]\n", map[string]int{"t": 2}},
		{"quoted and dotted keys, as the decoder names them", "\"q k\" = 1\n'lit' = 2\na . \"b\".c = 3\n\"x.y\" = 4\n[\"t u\".v]\nw-1 = 5\n",
			map[string]int{`"q k"`: 1, "lit": 2, "a": 3, "a.b": 3, "a.b.c": 3, `"x.y"`: 4, `"t u"`: 5, `"t u".v`: 5, `"t u".v.w-1`: 6}},
		{"a table a key or header makes is on the first line under it, unless a line of its own sets it",
			"[[s]]\nx.y = 1\nx.z = 2\n[a.b.c]\n[a.d]\n\"p.q\".r = 3\n[a]\n",
			map[string]int{"s": 1, "s.1": 1, "s.1.x": 2, "s.1.x.y": 2, "s.1.x.z": 3, "a": 7, "a.b": 4, "a.b.c": 4, "a.d": 5, `a.d."p.q"`: 6, `a.d."p.q".r`: 6}},
		{"escapes and quotes in keys", `"\u0061" = 1` + "\n" + `'b"\' = 2` + "\n" + `"" = 3` + "\n" + `"\e" = 4` + "\n",
			map[string]int{"a": 1, `"b\"\\"`: 2, `""`: 3, `"\\e"`: 4}},
		{"a multi-line array", "names = [\n  \"a\",\n  b = 1,\n]\nsize = 6\n", map[string]int{"names": 1, "size": 5}},
		{"nested arrays on their lines", "[[squad]]\nat = [\n[1, 2],\n[3, 4]]\nsize = 6\n",
			map[string]int{"squad": 1, "squad.1": 1, "squad.1.at": 2, "squad.1.size": 5}},
		{"an inline table", "at = { x = 1,\n y = [2] }\nz = 3\n", map[string]int{"at": 1, "z": 3}},
		{"brackets in strings and comments", "a = \"[\" # ]\nb = '[[' # [\nc = \"\\\"[\"\nd = 4\n",
			map[string]int{"a": 1, "b": 2, "c": 3, "d": 4}},
		{"multi-line strings", "s = \"\"\"\nx = 1\n[t]\n\\\"\"\"\"\"\"\ny = 2\nl = '''\nz = [\n'''\nw = 3\n",
			map[string]int{"s": 1, "y": 5, "l": 6, "w": 9}},
		{"a multi-line string closed by five quotes", "s = \"\"\"a\"\"\"\"\"\nt = 2\n", map[string]int{"s": 1, "t": 2}},
		{"CRLF and a byte order mark", "\ufeffa = 1\r\n[[e]]\r\nb = 2\r\n", map[string]int{"a": 1, "e": 2, "e.1": 2, "e.1.b": 3}},
		{"a UTF-16 byte order mark, as the decoder reads over one", "\xff\xfea = 1\nb = 2\n", map[string]int{"a": 1, "b": 2}},
		{"lines that are neither", "= 1\nx\n\"open = 1\nk = 2\n", map[string]int{"k": 4}},
		{"a broken header opens a value", "[a\nk = 2\n]\nm = 3\n", map[string]int{"m": 4}},
		{"an unclosed string ends with its line", "a = \"[\nb = 2\n", map[string]int{"a": 1, "b": 2}},
	} {
		if got := tomllines.Scan([]byte(tc.data)); !maps.Equal(got, tc.want) {
			t.Errorf("%s: Scan(%q) = %v; want %v", tc.name, tc.data, got, tc.want)
		}
	}
}

func TestTable(t *testing.T) {
	const data = "top = 1\n[[squad]]\na = 1\n[[squad]]\nb = 2\n[squad.x]\nc = [\n[[not.a.header]]\n]\n[[squad.y]]\n[squad.x\n['q r']\n"
	for _, tc := range []struct {
		line int
		want []tomllines.Part
	}{
		{0, nil},
		{1, nil},
		{2, []tomllines.Part{{"squad", 1}}},
		{3, []tomllines.Part{{"squad", 1}}},
		{4, []tomllines.Part{{"squad", 2}}},
		{6, []tomllines.Part{{"squad", 2}, {"x", 0}}},
		{9, []tomllines.Part{{"squad", 2}, {"x", 0}}}, // a header's text inside an array
		{11, []tomllines.Part{{"squad", 2}, {"y", 1}}},
		{12, []tomllines.Part{{"squad", 2}, {"y", 1}}}, // a header cut short is none
		{13, []tomllines.Part{{"squad", 2}, {"y", 1}}}, // nor what follows, in the value it opens
		{99, []tomllines.Part{{"squad", 2}, {"y", 1}}},
	} {
		if got := tomllines.Table([]byte(data), tc.line); !slices.Equal(got, tc.want) {
			t.Errorf("Table(line %d) = %v; want %v", tc.line, got, tc.want)
		}
	}
	if got, want := tomllines.Table([]byte("[a]\n['q r'.\"s\"]\n"), 2), []tomllines.Part{{"q r", 0}, {"s", 0}}; !slices.Equal(got, want) {
		t.Errorf("Table of a quoted header = %v; want %v", got, want)
	}
}

// Name writes one table name three ways: as Scan's paths, as the lab's
// messages name a block, and as the decoder names a key.
func TestName(t *testing.T) {
	table := []tomllines.Part{{"squad", 2}, {"x", 0}, {"q r", 3}}
	for _, tc := range []struct{ index, want string }{
		{".%d", `squad.2.x."q r".3`},
		{"[%d]", `squad[2].x."q r"[3]`},
		{"", `squad.x."q r"`},
	} {
		if got := tomllines.Name(table, tc.index); got != tc.want {
			t.Errorf("Name(%v, %q) = %s; want %s", table, tc.index, got, tc.want)
		}
	}
	if got := tomllines.Name(nil, ".%d"); got != "" {
		t.Errorf("Name(nil) = %q; want \"\"", got)
	}
}

func TestKey(t *testing.T) {
	for _, tc := range []struct {
		line string
		want toml.Key // nil: no key
	}{
		{"a = 1", toml.Key{"a"}},
		{`  "a.b" = 1`, toml.Key{"a.b"}},
		{`x . "a b".'c' = tru`, toml.Key{"x", "a b", "c"}},
		{`"\u00e9"=1`, toml.Key{"é"}},
		{"[a]", nil},
		{"a", nil},
		{"= 1", nil},
		{"", nil},
	} {
		got, ok := tomllines.Key(tc.line)
		if !slices.Equal(got, tc.want) || ok != (tc.want != nil) {
			t.Errorf("Key(%q) = %q, %v; want %q, %v", tc.line, got, ok, tc.want, tc.want != nil)
		}
	}
}

// lastPart is the last part of a path as Scan writes it, as the decoder
// reads it: "b" of "a.b", "x.y" of `a."x.y"`.
func lastPart(path string) string {
	for {
		var part string
		if strings.HasPrefix(path, `"`) {
			end := 1
			for ; path[end] != '"'; end++ {
				if path[end] == '\\' {
					end++
				}
			}
			if part = path[1:end]; strings.Contains(part, `\`) {
				part, _ = strconv.Unquote(path[:end+1])
			}
			path = path[end+1:]
		} else {
			end := strings.IndexByte(path+".", '.')
			part, path = path[:end], path[end:]
		}
		rest, more := strings.CutPrefix(path, ".")
		if !more {
			return part
		}
		path = rest
	}
}

// FuzzScan checks that Scan never panics, that every line it returns is
// one of data's, and that each path it finds is on its line: the line
// holds the path's last part (unless it writes an escape or is not UTF-8,
// which the decoder refuses), or, for
// "event.2", an [[array]] header. Each line is in a table (Table) that
// Scan names, or at the top level. Of a
// document the decoder reads, without escapes, Scan finds every top-level
// key that is not a table.
func FuzzScan(f *testing.F) {
	for _, s := range []string{
		"name = \"x\"\n[[squad]]\nsize = 6\nat = [\n1, 2]\n",
		"s = \"\"\"\nx = 1\n\"\"\"\n[t.u]\n'k' = { a = [1] }\n",
		"\ufeffa . \"b\" = '''x\r\n'''\r\n# [\n[[e]] # c\n",
		"\"\"=''", "\"\xd9\"=", "\"\x0e\xd9\"=", // an empty key, bytes not UTF-8
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		text := strings.TrimPrefix(string(data), "\ufeff")
		lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		if text == "" {
			lines = nil
		}
		got := tomllines.Scan(data)
		// Each line is in a table Scan names: its last header's.
		for n := range len(lines) + 1 {
			table := tomllines.Table(data, n)
			var path []string
			for _, p := range table {
				path = append(path, toml.Key{p.Name}.String())
				if p.N > 0 {
					path = append(path, strconv.Itoa(p.N))
				}
			}
			if l, ok := got[strings.Join(path, ".")]; table != nil && (!ok || l < 1) {
				t.Fatalf("line %d is in %v, which Scan does not name", n, table)
			}
		}
		for _, path := range slices.Sorted(maps.Keys(got)) {
			n := got[path]
			if n < 1 || n > len(lines) {
				t.Fatalf("%q is on line %d; data has %d lines", path, n, len(lines))
			}
			line, last := lines[n-1], lastPart(path)
			isHeader := strings.HasPrefix(strings.TrimLeft(line, " \t"), "[[")
			if !strings.Contains(line, last) && !strings.Contains(line, "\\") && utf8.ValidString(line) && !(isHeader && strings.Trim(last, "0123456789") == "") {
				t.Fatalf("%q is on line %d, %q, which does not hold %q", path, n, line, last)
			}
		}
		var doc map[string]any
		if _, err := toml.Decode(string(data), &doc); err != nil || strings.Contains(text, "\\") {
			return
		}
		for k, v := range doc {
			_, table := v.(map[string]any)
			_, tables := v.([]map[string]any)
			if got[toml.Key{k}.String()] == 0 && !table && !tables {
				t.Fatalf("the key %q of %q has no line", k, data)
			}
		}
	})
}

func ExampleScan() {
	data := []byte(`name = "line"
duration = 120 # seconds

[[squad]]
name = "alpha"
at = [
  40, 50,
]

[[squad]]
name = "bravo"
`)
	lines := tomllines.Scan(data)
	for _, path := range []string{"duration", "squad.1.at", "squad.2", "squad.2.name", "squad.3.name"} {
		fmt.Printf("%s: %d\n", path, lines[path])
	}
	// Output:
	// duration: 2
	// squad.1.at: 6
	// squad.2: 10
	// squad.2.name: 11
	// squad.3.name: 0
}
