package cli_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/lab/cli"
)

// longFight is a scenario of 12000 s whose squad breaks and routs after
// 11000 s: every time it measures has five figures.
const longFight = `name = "long"
duration = 12000.0
sample = 60.0

[[squad]]
name = "a"
size = 4
formation = "line"
at = [1500.0, 1000.0]
spacing = 100.0

[[event]]
t = 11000.0
event = "Suppressed"
at = [1500.0, 1000.0]
radius = 3000.0
every = 0.5
jitter = 0.2

[[expect]]
metric = "first_rout_s"
p50 = [11000.0, 11100.0]
`

// Times of 10000 s and more read in whole seconds in run's table, check's
// verdict and the report, as the demo's odds panel writes them: "11012",
// where %.4g wrote "1.101e+04".
func TestLongFightTimesReadInSeconds(t *testing.T) {
	dir := t.TempDir()
	sc := filepath.Join(dir, "long.toml")
	if err := os.WriteFile(sc, []byte(longFight), 0o644); err != nil {
		t.Fatal(err)
	}
	exponent := regexp.MustCompile(`\d[eE](\+|&#43;|-)\d`)
	rep := filepath.Join(dir, "report.html")
	code, out, e := runMain(t, context.Background(), nil, "run", sc, "-runs", "20", "-out", filepath.Join(dir, "o"), "-report", rep, "-q")
	if code != 0 {
		t.Fatalf("run: exit %d: %s", code, e)
	}
	if m := exponent.FindString(out); m != "" {
		t.Errorf("run's table: got %q in\n%s\nwant times in seconds", m, out)
	}
	row := regexp.MustCompile(`(?m)^first_rout_s +20 +(11\d\d\d) +(11\d\d\d) +(11\d\d\d) +(11\d\d\d)  1\.000`)
	if !row.MatchString(out) {
		t.Errorf("run's table: got\n%s\nwant a row first_rout_s 20 and four whole times of 11000 s and more", out)
	}
	page, err := os.ReadFile(rep)
	if err != nil {
		t.Fatal(err)
	}
	text := regexp.MustCompile(`src="data:[^"]*"`).ReplaceAllString(string(page), "")
	if m := exponent.FindString(text); m != "" {
		i := strings.Index(text, m)
		t.Errorf("report: got %q in %q; want times in seconds", m, text[max(0, i-80):min(len(text), i+80)])
	}
	code, out, e = runMain(t, context.Background(), nil, "check", sc, "-runs", "20", "-q")
	verdict := regexp.MustCompile(`PASS .*long\.toml:\d+ first_rout_s p50 = 11\d\d\d \[95% CI 11\d00, 11\d00\]`)
	if code != 0 || !verdict.MatchString(out) {
		t.Errorf("check: exit %d, stdout %q, stderr %q; want exit 0 and a verdict like \"first_rout_s p50 = 11012 [95%% CI 11000, 11100]\"", code, out, e)
	}
}

// tinyFight is one man under one burst of fire: whether he breaks turns on
// his nerve, so a small change of the Suppressed weight breaks one fight in
// thousands fewer.
const tinyFight = `name = "tiny"
duration = 2.0
sample = 1.0
[[squad]]
name = "a"
size = 1
nerve = [0.0, 1.0]
[[event]]
t = 1.0
event = "Suppressed"
squad = "a"
scale = 12.0
`

// compare's columns stay where its header puts them: a change between
// 1e-9 and 1e-4 (one fight of 12000 that broke under A and not under B,
// -0.00008333) was written in all its decimals, wider than its column,
// and pushed every column after it right.
func TestCompareColumnsHoldTinyChanges(t *testing.T) {
	dir := t.TempDir()
	w, err := os.ReadFile("../../weights.toml")
	if err != nil {
		t.Fatal(err)
	}
	a, b, sc := filepath.Join(dir, "a.toml"), filepath.Join(dir, "b.toml"), filepath.Join(dir, "tiny.toml")
	weaker := strings.Replace(string(w), "\nSuppressed = -0.07 ", "\nSuppressed = -0.06999 ", 1)
	if weaker == string(w) {
		t.Fatal("weights.toml has no line Suppressed = -0.07")
	}
	for f, data := range map[string]string{a: string(w), b: weaker, sc: tinyFight} {
		if err := os.WriteFile(f, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, e := runMain(t, context.Background(), nil, "compare", a, b, sc, "-runs", "12000", "-q")
	if code != 0 || !strings.Contains(out, " -0.0000") || !verdictsUnderHeader(t, "compare", out) {
		t.Fatalf("got exit %d, stdout %q, stderr %q; want exit 0, a header, rows and a change of -0.0000…", code, out, e)
	}
}

// A sweep's table writes its points with no exponent, with six figures as
// before: a sweep of a weight by 0.00001 read '-3e-05', '-2e-05', '-1e-05'.
func TestSweepPointsHaveNoExponent(t *testing.T) {
	code, out, e := runMain(t, context.Background(), nil, "run", "../../scenarios/line.toml", "-sweep", "weights.Suppressed=-0.00003:-0.00001:0.00001", "-runs", "2", "-q", "-out", filepath.Join(t.TempDir(), "o"))
	lines := strings.Split(out, "\n")
	ok := code == 0 && len(lines) > 3
	for i, want := range []string{"-0.00003\t", "-0.00002\t", "-0.00001\t"} {
		ok = ok && strings.HasPrefix(lines[i+1], want)
	}
	if !ok {
		t.Errorf("got exit %d, stdout %q, stderr %q; want exit 0 and the points -0.00003, -0.00002, -0.00001", code, out, e)
	}
}

// sensitivity's columns stay where its header puts them: a change of a
// time of a few ten-thousandths (the opening's first rout with
// SquadUpdateInterval 0.0012345, nudged by 10%) was written with all its
// figures, "-0.000243 [-0.000243, -0.000243]" in 26 columns, and pushed
// every column after it right.
func TestSensitivityColumnsHoldTinyChanges(t *testing.T) {
	dir := t.TempDir()
	w, err := os.ReadFile("../../weights.toml")
	if err != nil {
		t.Fatal(err)
	}
	fine := strings.Replace(string(w), "\nSquadUpdateInterval = 0.25", "\nSquadUpdateInterval = 0.0012345", 1)
	if fine == string(w) {
		t.Fatal("weights.toml has no line SquadUpdateInterval = 0.25")
	}
	weights := filepath.Join(dir, "w.toml")
	if err := os.WriteFile(weights, []byte(fine), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, e := runMain(t, context.Background(), nil, "sensitivity", "../../scenarios/opening.toml", "-weights", weights, "-metric", "first_rout_s", "-stat", "mean", "-runs", "20", "-q", "-out", filepath.Join(dir, "s"))
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) < 4 || !strings.Contains(out, "SquadUpdateInterval") || !strings.Contains(out, " -0.000") {
		t.Fatalf("got exit %d, stdout %q, stderr %q; want exit 0, a header, rows and a change of -0.000…", code, out, e)
	}
	verdictsUnderTheHeader(t, lines)
}

// verdictsUnderTheHeader checks that every row of sensitivity's table (its
// lines) has its verdict at the column of the header's.
func verdictsUnderTheHeader(t *testing.T, lines []string) {
	t.Helper()
	width := utf8.RuneCountInString(strings.TrimSuffix(lines[1], "verdict")) // up to the verdict
	rows := 0
	for _, row := range lines[2:] {
		cols := row
		for _, v := range []string{"within noise", "beyond noise"} {
			cols = strings.TrimSuffix(cols, v)
		}
		if cols == row {
			continue // the note of the rows not nudged
		}
		rows++
		if got := utf8.RuneCountInString(cols); got != width {
			t.Errorf("row %q: got its verdict at column %d; want %d, under the header's", row, got, width)
		}
	}
	if rows < 10 {
		t.Errorf("got %d rows; want every knob's:\n%s", rows, strings.Join(lines, "\n"))
	}
}

// sensitivity's columns hold a whole number of any size: a value, a
// statistic, a change or a swing with more digits than its column (10, 26,
// 8) pushed the columns after it, and the verdict, right of the header's.
// Each column is as wide as its widest cell.
func TestSensitivityColumnsHoldLongWholeNumbers(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	tests := []struct {
		name string
		e    lab.Effect
		want string // in the row
	}{
		{"a value of 11 digits", lab.Effect{Key: "RoutAfterSeconds", Base: 12345678901, Low: f(0.5), High: f(0.6)}, " 12345678901 "},
		{"a statistic of 11 digits", lab.Effect{Key: "RoutAfterSeconds", Base: 3.5, Low: f(12345678901), High: f(12345678902)}, " 12345678901 "},
		{"a change of 29 bytes", lab.Effect{Key: "RoutAfterSeconds", Base: 3.5, Low: f(0.5), High: f(0.6),
			LowDiff: &lab.PairedDiff{Diff: 1234567, Lo: 1100000, Hi: 1300000}, Swing: 1234567}, " +1234567 [+1100000, +1300000] "},
		{"a swing of 9 digits", lab.Effect{Key: "RoutAfterSeconds", Base: 3.5, Low: f(0.5), High: f(0.6), Swing: 123456789}, " 123456789 "},
		{"ordinary numbers", lab.Effect{Key: "RoutAfterSeconds", Base: 3.5, Low: f(0.5), High: f(0.6), Swing: 0.1}, " 0.5 "},
	}
	for _, tt := range tests {
		res := lab.SensitivityResult{Metric: "broke", Stat: "mean", Runs: 20, Baseline: f(0.55)}
		for i := 0; i < 10; i++ { // verdictsUnderTheHeader wants every knob's row
			res.Effects = append(res.Effects, lab.Effect{Key: fmt.Sprintf("k%d", i), Base: 1, Low: f(0.5), High: f(0.6)})
		}
		res.Effects = append(res.Effects, tt.e)
		var b strings.Builder
		if err := cli.PrintSensitivity(&b, res); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		if !strings.Contains(lines[len(lines)-1], tt.want) {
			t.Errorf("%s: row %q; want %q in it", tt.name, lines[len(lines)-1], tt.want)
		}
		verdictsUnderTheHeader(t, lines)
	}
}

// sensitivity's swing keeps to its 8 columns and reads as the table's other
// numbers (lab.FormatWithin): a swing of a mean count of thousands of men
// was written with four decimals, "2927.0000", and pushed the verdict right.
func TestSensitivitySwingKeepsToItsColumn(t *testing.T) {
	dir := t.TempDir()
	sc := filepath.Join(dir, "big.toml")
	big := strings.Replace(tinyFight, "size = 1\n", "size = 20000\n", 1)
	if err := os.WriteFile(sc, []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, e := runMain(t, context.Background(), nil, "sensitivity", sc, "-weights", "../../weights.toml", "-metric", "broke", "-stat", "mean", "-runs", "3", "-q", "-out", filepath.Join(dir, "s"))
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) < 4 || !strings.Contains(lines[2], "weights.Suppressed") {
		t.Fatalf("got exit %d, stdout %q, stderr %q; want exit 0, a header and weights.Suppressed first", code, out, e)
	}
	verdictsUnderTheHeader(t, lines)
	if got := strings.Fields(lines[2]); len(got) < 4 || got[len(got)-3] != "2927" {
		t.Errorf("weights.Suppressed: got %q; want the swing 2927 before its verdict", lines[2])
	}
}

// A knob named longer than sensitivity's 32 columns for knobs (a custom
// event's row, weights.ReinforcementsFromTheNorthRidge) pushed its row's
// columns right: the knobs' column is as wide as the longest knob.
func TestSensitivityLongKnobKeepsTheColumns(t *testing.T) {
	dir := t.TempDir()
	w, err := os.ReadFile("../../weights.toml")
	if err != nil {
		t.Fatal(err)
	}
	weights := append(w, "\n[custom]\nReinforcementsFromTheNorthRidge = 0.1\n"...)
	sc := strings.Replace(tinyFight, "duration = 2.0", "weights = \"w.toml\"\nduration = 3.0", 1) + "[[event]]\nt = 2.0\nevent = \"ReinforcementsFromTheNorthRidge\"\nsquad = \"a\"\n"
	for f, data := range map[string][]byte{"w.toml": weights, "cu.toml": []byte(sc)} {
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, e := runMain(t, context.Background(), nil, "sensitivity", filepath.Join(dir, "cu.toml"), "-runs", "20", "-q", "-out", filepath.Join(dir, "s"))
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) < 4 || !strings.Contains(out, "weights.ReinforcementsFromTheNorthRidge ") {
		t.Fatalf("got exit %d, stdout %q, stderr %q; want exit 0, a header and the custom row's knob", code, out, e)
	}
	verdictsUnderTheHeader(t, lines)
}

// A squad named with 15 letters makes metrics of 35
// ("squad_first_break_s.reserve_platoon"), wider than run's and compare's
// 28 columns for metrics: their rows were pushed right of the header's.
// The metrics' column is as wide as the longest metric.
func TestLongSquadNameKeepsTheColumns(t *testing.T) {
	dir := t.TempDir()
	sc := filepath.Join(dir, "rp.toml")
	if err := os.WriteFile(sc, []byte(strings.ReplaceAll(tinyFight, `"a"`, `"reserve_platoon"`)), 0o644); err != nil {
		t.Fatal(err)
	}
	// run: the share's column, the last, under the header's.
	code, out, e := runMain(t, context.Background(), nil, "run", sc, "-weights", "../../weights.toml", "-runs", "50", "-q", "-out", filepath.Join(dir, "r"))
	if code != 0 || !strings.Contains(out, "squad_first_break_s.reserve_platoon") || !sharesUnderHeader(t, "run", out) {
		t.Fatalf("run: got exit %d, stdout %q, stderr %q; want exit 0 and a table of metrics", code, out, e)
	}
	// compare: the verdict under the header's.
	code, out, e = runMain(t, context.Background(), nil, "compare", "../../weights.toml", "../../weights.toml", sc, "-runs", "50", "-q")
	if code != 0 || !verdictsUnderHeader(t, "compare", out) {
		t.Fatalf("compare: got exit %d, stdout %q, stderr %q; want exit 0, a header and rows", code, out, e)
	}
}

// run's columns hold a tiny mean: one man of 12000 fights broke once
// (tinyFight at scale 10.7155), a mean of 0.00008333, 10 bytes in 9
// columns, pushed the share right of the header's.
func TestRunColumnsHoldTinyMeans(t *testing.T) {
	dir := t.TempDir()
	sc := filepath.Join(dir, "rare.toml")
	rare := strings.Replace(tinyFight, "scale = 12.0", "scale = 10.7155", 1)
	if err := os.WriteFile(sc, []byte(rare), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, e := runMain(t, context.Background(), nil, "run", sc, "-weights", "../../weights.toml", "-runs", "12000", "-q", "-out", filepath.Join(dir, "r"))
	if code != 0 || !strings.Contains(out, " 0.0000") || !sharesUnderHeader(t, "run", out) {
		t.Fatalf("got exit %d, stdout %q, stderr %q; want exit 0, a table of metrics and a mean of 0.0000…", code, out, e)
	}
	// A share of 1 fight in 12000 is no share of none: it read "0.000
	// [0.000, 0.000]". None at all still reads 0.000.
	rows := map[string]string{}
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			rows[f[0]] = l
		}
	}
	for _, tc := range []struct{ metric, want string }{
		{"squad_broke.a", "  <0.001 [<0.001, <0.001]"},
		{"first_panicked_s", "  <0.001 [<0.001, <0.001]"},
		{"routed", "  0.000  [0.000, <0.001]"},
	} {
		if !strings.HasSuffix(rows[tc.metric], tc.want) {
			t.Errorf("run: %s's row %q; want it to end %q", tc.metric, rows[tc.metric], tc.want)
		}
	}
	// compare's shares, the same rule in columns of 7.
	code, out, e = runMain(t, context.Background(), nil, "compare", "../../weights.toml", "../../weights.toml", sc, "-runs", "12000", "-q")
	if code != 0 || !verdictsUnderHeader(t, "compare", out) {
		t.Fatalf("compare: got exit %d, stdout %q, stderr %q; want exit 0, a header and rows", code, out, e)
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "squad_broke.a ") && !strings.Contains(l, "  <0.001  <0.001  ") {
			t.Errorf("compare: row %q; want its shares A and B as <0.001", l)
		}
	}
}

// sharesUnderHeader checks run's table of metrics in its stdout out: each
// row's share, the last column, starts under the header's "share [95%
// CI]" (what names the command in an error). It reports whether out has
// the table.
func sharesUnderHeader(t *testing.T, what, out string) bool {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	head := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "metric ") {
			head = i
		}
	}
	if head < 0 {
		return false
	}
	at := utf8.RuneCountInString(lines[head][:strings.Index(lines[head], "share [95% CI]")])
	for _, row := range lines[head+1:] {
		i := strings.LastIndex(row, " [")
		if i < 5 {
			continue
		}
		// The share is the last word before its interval (padded to the
		// column's widest share).
		pre := strings.TrimRight(row[:i], " ")
		if got := utf8.RuneCountInString(pre[:strings.LastIndex(pre, " ")+1]); got != at {
			t.Errorf("%s: row %q: got its share at column %d; want %d, under the header's", what, row, got, at)
		}
	}
	return true
}

// verdictsUnderHeader checks compare's table in its stdout out: each row's
// verdict, the last column, starts under the header's "verdict" (what
// names the command in an error). It reports whether out has a header and
// rows.
func verdictsUnderHeader(t *testing.T, what, out string) bool {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 4 {
		return false
	}
	width := utf8.RuneCountInString(strings.TrimSuffix(lines[2], "verdict")) // up to the verdict
	for _, row := range lines[3:] {
		cols := row
		for _, v := range []string{"same within noise", "DIFFERS", "never happened in either"} {
			cols = strings.TrimSuffix(cols, v)
		}
		if got := utf8.RuneCountInString(cols); got != width {
			t.Errorf("%s: row %q: got its verdict at column %d; want %d, under the header's", what, row, got, width)
		}
	}
	return true
}

// The commands write numbers only through lab's Format* wrappers, so that
// each rule has one name in the lab: replays.go called
// figures.Significant(v, 6), which is lab.FormatSweepValue, and
// commands.go figures.Fraction beside them. No file of the package (but its
// tests) imports internal/figures.
func TestCommandsWriteNumbersThroughLab(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files: %v", err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), `"github.com/moralebreak/moralebreak/internal/figures"`) {
			t.Errorf("%s imports internal/figures; want its numbers written by lab's Format* wrappers", f)
		}
	}
}
