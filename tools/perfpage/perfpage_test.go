package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/tools/md"
)

// fakeEntry tabulates testdata/fake.txt.
var fakeEntry = entry{
	id: "fake", title: "A fake step", dir: "morale", pkg: ".",
	bench: `^Benchmark(Step|Tick)$`, benchtime: "20x", count: 3, quick: "2x",
	caption: "Fake agents.",
	columns: []column{
		{unit: "ns/agent", header: "ns per agent"},
		{unit: "x-floor", header: "World ÷ floor", suffix: "×"},
		{unit: "x-copy", header: "step ÷ copy", suffix: "×"},
		{unit: "x-frame", header: "frame", scale: 100, suffix: "%"},
		{unit: "moved/op", header: "never reported"},
	},
	derived: []derived{
		{unit: "x-copy", of: "ns/op", rows: `^Step/calm/(agents=\w+)$`, peer: "Step/copy/${1}"},
		{unit: "x-frame", of: "ns/op", rows: `^Tick$`, constant: 1e9 / 60},
	},
	figures: []figure{
		{text: "a step ≤ 2× the floor", rows: `^Step/calm/`, unit: "x-floor", bound: 2, headline: `^Step/calm/agents=1e6$`},
		{text: "a tick", rows: `^Tick$`, unit: "x-frame", headline: `^Tick$`},
	},
}

func fakeMeasured(t *testing.T) []measured {
	t.Helper()
	res, err := parse(readFake(t), 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := fakeEntry.derive(res); err != nil {
		t.Fatal(err)
	}
	return []measured{{fakeEntry, res, nil}}
}

var fakeMeta = meta{CPU: "Test CPU", Cores: 2, Procs: 2, GoVersion: "go1.26.8", OS: "linux", Arch: "amd64", Commit: "abc123", Date: "2026-12-01", Minutes: 12}

func TestParse(t *testing.T) {
	res, err := parse(readFake(t), 2)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range res.rows {
		names = append(names, r.name)
	}
	if want := []string{"Step/calm/agents=1e6", "Step/copy/agents=1e6", "Tick"}; !slices.Equal(names, want) {
		t.Errorf("rows %q; want %q", names, want)
	}
	if got, want := res.byKey["Step/calm/agents=1e6"].samples["x-floor"], []float64{2, 3, 1}; !slices.Equal(got, want) {
		t.Errorf("x-floor samples %v; want %v", got, want)
	}
	if res.cpu != "Test CPU @ 1.00GHz" || res.goos != "linux" || res.arch != "amd64" {
		t.Errorf("header cpu %q goos %q goarch %q; want Test CPU @ 1.00GHz, linux, amd64", res.cpu, res.goos, res.arch)
	}
	// With GOMAXPROCS 1 go test adds no suffix: "-2" is then part of the name.
	res, err = parse("BenchmarkA/b-2 \t 10\t 5 ns/op\n", 1)
	if err != nil || res.rows[0].name != "A/b-2" {
		t.Errorf("parse with procs 1: %v, %v; want the row A/b-2", res, err)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ name, out, want string }{
		{"a failure", "BenchmarkA-2 \t 1\t 5 ns/op\n--- FAIL: BenchmarkB\n", "line 2: --- FAIL: BenchmarkB"},
		{"a panic", "panic: boom\n", "line 1: panic: boom"},
		{"an odd field", "BenchmarkA-2 \t 1\t 5 ns/op 7\n", "do not pair up"},
		{"not a number", "BenchmarkA-2 \t 1\t x ns/op\n", "invalid syntax"},
	} {
		_, err := parse(tc.out, 2)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v; want one containing %q", tc.name, err, tc.want)
		}
	}
}

func TestDerive(t *testing.T) {
	ms := fakeMeasured(t)
	calm := ms[0].res.byKey["Step/calm/agents=1e6"]
	// Run k of the row over run k of its peer: 5/1, 6/2, 4/2.
	if got, want := calm.samples["x-copy"], []float64{5, 3, 2}; !slices.Equal(got, want) {
		t.Errorf("x-copy %v; want %v", got, want)
	}
	tick := ms[0].res.byKey["Tick"].samples["x-frame"]
	if want := 166667 / (1e9 / 60); len(tick) != 1 || math.Abs(tick[0]-want) > 1e-12 {
		t.Errorf("x-frame %v; want [%v]", tick, want)
	}

	inv := entry{id: "inv", derived: []derived{{unit: "x-replay", of: "ns/op", rows: `^Step/calm/agents=1e6$`, peer: "Step/copy/agents=1e6", invert: true}}}
	res, err := parse(readFake(t), 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := inv.derive(res); err != nil {
		t.Fatal(err)
	}
	if got, want := res.byKey["Step/calm/agents=1e6"].samples["x-replay"], []float64{0.2, 2.0 / 6, 0.5}; !slices.Equal(got, want) {
		t.Errorf("inverted %v; want %v", got, want)
	}

	for _, tc := range []struct {
		name string
		d    derived
		want string
	}{
		{"a missing peer", derived{unit: "x", of: "ns/op", rows: `^Step/calm/(.*)$`, peer: "Step/floor/${1}"}, "peer Step/floor/agents=1e6 was not measured"},
		{"no row", derived{unit: "x", of: "ns/op", rows: `^Nothing$`, peer: "Tick"}, "no row matches"},
		{"no such unit", derived{unit: "x", of: "hits/op", rows: `^Tick$`, peer: "Tick"}, "Tick has no hits/op"},
	} {
		res, err := parse(readFake(t), 2)
		if err != nil {
			t.Fatal(err)
		}
		err = entry{id: "e", derived: []derived{tc.d}}.derive(res)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v; want one containing %q", tc.name, err, tc.want)
		}
	}
}

func readFake(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/fake.txt")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestVerdict(t *testing.T) {
	atMost2 := figure{bound: 2}
	atLeast10 := figure{bound: 10, atLeast: true}
	for _, tc := range []struct {
		f       figure
		samples []float64
		want    string
	}{
		{atMost2, []float64{1, 1.5, 2}, "yes"},
		{atMost2, []float64{1, 1.5, 2.5}, "at the median (1 of 3 runs missed)"},
		{atMost2, []float64{1, 2.5, 3}, "**no** (1 of 3 runs met it)"},
		{atMost2, []float64{2.1, 2.5, 3}, "**no**"},
		{atLeast10, []float64{10, 12}, "yes"},
		{atLeast10, []float64{9}, "**no**"},
		{figure{}, []float64{1}, ""},
	} {
		if got := tc.f.verdict(tc.samples); got != tc.want {
			t.Errorf("verdict(%+v, %v) = %q; want %q", tc.f, tc.samples, got, tc.want)
		}
	}
}

func TestCell(t *testing.T) {
	for _, tc := range []struct {
		c       column
		samples []float64
		want    string
	}{
		{column{}, nil, ""},
		{column{suffix: "×"}, []float64{18.123}, "18.1×"},
		{column{suffix: "×"}, []float64{15.04, 18.12, 20.2}, "18.1× (15.0–20.2)"},
		{column{scale: 1e-6}, []float64{1.8e6, 2.1e6}, "1.95 (1.80–2.10)"},
		{column{}, []float64{3, 3, 3}, "3"},
		{column{}, []float64{1836.2, 0.0234, 107352}, "1836 (0.0234–107352)"},
	} {
		if got := tc.c.cell(tc.samples); got != tc.want {
			t.Errorf("cell(%+v, %v) = %q; want %q", tc.c, tc.samples, got, tc.want)
		}
	}
}

func TestRender(t *testing.T) {
	ms := fakeMeasured(t)
	page, err := render(ms, fakeMeta)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"## A fake step\n\nFake agents.\n\n```sh\ncd morale && go test -run '^$' -bench '^Benchmark(Step|Tick)$' -benchtime 20x -count 3 -benchmem .\n```",
		"| `Step/calm/agents=1e6` | 5 (4–6) | 2× (1–3) | 3× (2–5) |  |",
		"| `Tick` |  |  |  | 1.00% |",
		"| a step ≤ 2× the floor | [`Step/calm/agents=1e6`](#a-fake-step) | 2× (1–3) | at the median (1 of 3 runs missed) |",
		"| a tick | `Tick` | 1.00% | — |",
		"Test CPU, 2 cores (GOMAXPROCS 2), linux/amd64, go1.26.8; commit abc123, 2026-12-01",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, "never reported") {
		t.Error("the page has a column no row reported")
	}
	head, ok, err := md.FindBlock(page, headlineBlock)
	if err != nil || !ok {
		t.Fatalf("the page's %s block: %v, %v", headlineBlock, ok, err)
	}
	want, err := headline(ms, fakeMeta)
	if err != nil {
		t.Fatal(err)
	}
	if head != want {
		t.Errorf("the page's headline block:\n%s\nwant what the README gets:\n%s", head, want)
	}

	bad := ms[0]
	bad.figures = []figure{{text: "gone", rows: `^Renamed$`, unit: "ns/op"}}
	if _, err := render([]measured{bad}, fakeMeta); err == nil || !strings.Contains(err.Error(), `no row matching "^Renamed$"`) {
		t.Errorf("a figure whose rows are gone: error %v; want one naming its rows", err)
	}
}

// TestEntries checks the page's table: what `make perfpage` would find out
// only after minutes of benchmarks, this finds at once.
func TestEntries(t *testing.T) {
	ids := map[string]bool{}
	titles := map[string]bool{}
	for _, e := range entries {
		if e.id == "" || ids[e.id] {
			t.Errorf("entry %q: the id is empty or repeated", e.id)
		}
		ids[e.id] = true
		if titles[md.Anchor(e.title)] {
			t.Errorf("%s: the title %q repeats another's anchor", e.id, e.title)
		}
		titles[md.Anchor(e.title)] = true
		if e.benchtime == "" || e.quick == "" || e.count < 1 || e.caption == "" || len(e.columns) == 0 {
			t.Errorf("%s: wants a benchtime, a quick benchtime, a count ≥ 1, a caption and columns", e.id)
		}
		units := map[string]bool{}
		for _, c := range e.columns {
			units[c.unit] = true
		}
		for _, d := range e.derived {
			if !units[d.unit] {
				t.Errorf("%s: derived %s is not a column", e.id, d.unit)
			}
			if (d.peer == "") == (d.constant == 0) {
				t.Errorf("%s: derived %s wants a peer or a constant, not both", e.id, d.unit)
			}
			mustCompile(t, e.id, d.rows)
		}
		for _, f := range e.figures {
			if !units[f.unit] {
				t.Errorf("%s: figure %q's unit %s is not a column", e.id, f.text, f.unit)
			}
			mustCompile(t, e.id, f.rows)
			if f.headline != "" {
				mustCompile(t, e.id, f.headline)
			}
		}
		mustCompile(t, e.id, e.bench)
		funcs := benchmarks(t, filepath.Join("..", "..", e.dir, e.pkg))
		benches := []string{e.bench}
		if p := e.profile; p != nil {
			benches = append(benches, p.bench)
			if p.benchtime == "" || p.quick == "" || len(p.views) == 0 {
				t.Errorf("%s: the profile wants a benchtime, a quick benchtime and views", e.id)
			}
			for _, v := range p.views {
				if v.title == "" || v.caption == "" || v.nodes < 1 {
					t.Errorf("%s: a view of the profile wants a title, a caption and nodes ≥ 1", e.id)
				}
				mustCompile(t, e.id, v.focus)
			}
		}
		for _, bench := range benches {
			mustCompile(t, e.id, bench)
			first := regexp.MustCompile(splitBench(bench)[0])
			found := false
			for _, f := range funcs {
				found = found || first.MatchString(f)
			}
			if !found {
				t.Errorf("%s: -bench %s matches no benchmark in %s/%s (it has %v)", e.id, bench, e.dir, e.pkg, funcs)
			}
		}
	}
}

func mustCompile(t *testing.T, id, expr string) {
	t.Helper()
	if _, err := regexp.Compile(expr); err != nil {
		t.Errorf("%s: %v", id, err)
	}
}

// benchmarks returns the Benchmark functions of the package in dir.
func benchmarks(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("%s: no test files (%v)", dir, err)
	}
	var names []string
	fset := token.NewFileSet()
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Benchmark") {
				names = append(names, fn.Name.Name)
			}
		}
	}
	return names
}

// splitBench splits a -bench pattern into its levels as go test does: at
// each slash outside brackets and parentheses.
func splitBench(p string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range p {
		switch r {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case '/':
			if depth == 0 {
				out = append(out, p[start:i])
				start = i + 1
			}
		}
	}
	return append(out, p[start:])
}

// TestPageIsCurrent fails when docs/performance.md was not written from
// the entries as they are: a new entry, or a changed command, wants
// `make perfpage`.
func TestPageIsCurrent(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "..", "docs", "performance.md"))
	if err != nil {
		t.Fatal(err)
	}
	quick := strings.Contains(string(page), "(quick mode:")
	for _, e := range entries {
		wants := []string{"\n## " + e.title + "\n", "\n" + e.command(quick) + "\n"}
		if e.profile != nil {
			wants = append(wants, "\n"+e.profileCommand(quick)+"\n")
		}
		for _, want := range wants {
			if !strings.Contains(string(page), want) {
				t.Errorf("docs/performance.md lacks %q: run make perfpage (entry %s)", strings.TrimSpace(want), e.id)
			}
		}
	}
}

func TestParseTop(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "fake.view-0.txt"))
	if err != nil {
		t.Fatal(err)
	}
	nodes, err := parseTop(string(b))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := nodes[0], (node{name: "github.com/moralebreak/moralebreak/morale.(*World).stepRange", flat: 670, cum: 1300}); got != want {
		t.Errorf("the first node: got %+v; want %+v", got, want)
	}
	if got := nodes[1].name; got != "github.com/moralebreak/moralebreak/morale.atRest (inline)" {
		t.Errorf("an inlined node's name: got %q; want it with its (inline)", got)
	}
	// The view's own times add up to pprof's "accounting for" line.
	if got := viewTotal(nodes); got != 1350 {
		t.Errorf("the view's total: got %v ms; want 1350 ms", got)
	}
	for _, tc := range []struct{ name, out string }{
		{"no header", "File: x\n 10ms 1% 1% 10ms 1% f\n"},
		{"no rows", "      flat  flat%   sum%        cum   cum%\n"},
		{"a short row", "      flat  flat%   sum%        cum   cum%\n 10ms 1% 1% 10ms\n"},
		{"seconds", "      flat  flat%   sum%        cum   cum%\n 1.2s 1% 1% 1.3s 1% f\n"},
	} {
		if _, err := parseTop(tc.out); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

func TestRenderProfile(t *testing.T) {
	ms := fakeMeasured(t)
	e := &ms[0]
	e.profile = &profile{bench: `^BenchmarkStep$/calm/agents=1e6$`, benchtime: "600x", quick: "6x", views: []view{
		{title: "A step", focus: `morale\.\(\*World\)\.Advance$`, nodes: 2, caption: "The pass."},
	}}
	b, err := os.ReadFile(filepath.Join("testdata", "fake.view-0.txt"))
	if err != nil {
		t.Fatal(err)
	}
	e.views = []string{string(b)}
	page, err := render(ms, fakeMeta)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"\n### Where the time goes\n",
		"cd morale && go test -run '^$' -bench '^BenchmarkStep$/calm/agents=1e6$' -benchtime 600x -count 1 -cpuprofile ../build/perfpage/fake.prof -o ../build/perfpage/fake.test .\n",
		"go tool pprof -top -unit=ms -nodecount=1000 '-focus=morale\\.\\(\\*World\\)\\.Advance$' '-show_from=morale\\.\\(\\*World\\)\\.Advance$' ../build/perfpage/fake.test ../build/perfpage/fake.prof\n",
		"**A step** (1350 ms of samples). The pass.",
		"| `morale.(*World).stepRange` | 49.6% | 96.3% |\n| `morale.atRest (inline)` | 15.6% | 15.6% |\n",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q:\n%s", want, page)
		}
	}
	e.views = []string{"nothing"}
	if _, err := render(ms, fakeMeta); err == nil || !strings.Contains(err.Error(), "fake's profile, view 0") {
		t.Errorf("a view pprof did not write: error %v; want one naming the entry and the view", err)
	}
}

func TestFlags(t *testing.T) {
	for _, tc := range []struct {
		args         []string
		page, readme string
	}{
		{nil, "docs/performance.md", "README.md"},
		{[]string{"-quick"}, "build/perfpage/performance.md", ""},
		{[]string{"-only", "step"}, "build/perfpage/performance.md", ""},
		{[]string{"-quick", "-page", "x.md", "-readme", "R.md"}, "x.md", "R.md"},
	} {
		c, err := parseFlags(tc.args)
		if err != nil {
			t.Fatal(err)
		}
		if c.page != tc.page || c.readme != tc.readme {
			t.Errorf("%q: page %q, readme %q; want %q, %q", tc.args, c.page, c.readme, tc.page, tc.readme)
		}
	}
	for _, args := range [][]string{{"-only", "("}, {"extra"}} {
		if _, err := parseFlags(args); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}

// The page names the kernel's transparent huge page mode, the word in
// brackets of /sys/kernel/mm/transparent_hugepage/enabled, and says what
// a mode other than always means for a spawn.
func TestHugePageMode(t *testing.T) {
	for _, tt := range []struct{ file, want string }{
		{"always [madvise] never\n", "madvise"},
		{"[always] madvise never\n", "always"},
		{"always madvise [never]", "never"},
		{"always madvise never", ""},
		{"", ""},
		{"[]", ""},
	} {
		if got := hugePageMode(tt.file); got != tt.want {
			t.Errorf("hugePageMode(%q) = %q; want %q", tt.file, got, tt.want)
		}
	}
	for _, tt := range []struct{ mode, want string }{
		{"madvise", ", transparent huge pages madvise (Go's heap takes 4 KB pages"},
		{"always", ", transparent huge pages always, "},
		{"", "go1.26; commit abc, 2026-12-07"},
	} {
		m := meta{GoVersion: "go1.26", Commit: "abc", Date: "2026-12-07", HugePages: tt.mode}
		if got := m.machine(); !strings.Contains(got, tt.want) {
			t.Errorf("machine() with huge pages %q = %q; want it to contain %q", tt.mode, got, tt.want)
		}
	}
}
