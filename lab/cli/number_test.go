package cli_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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
