package cli_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sensitivity without -metric ranks the knobs by how often the scenario's
// first squad broke: its default was squad_broke.alpha, a metric of
// scenarios/sergeant.toml alone, so on any other scenario the command
// refused a metric the designer never named ('-metric/-stat:
// "squad_broke.alpha" is not a metric').
func TestSensitivityDefaultMetricIsTheScenarios(t *testing.T) {
	dir := t.TempDir()
	sc := filepath.Join(dir, "bridge.toml")
	body := "name = \"bridge\"\nduration = 10.0\n[[squad]]\nname = \"north\"\nsize = 3\n[[squad]]\nname = \"south\"\nsize = 2\n[[event]]\nt = 1.0\nevent = \"Suppressed\"\nsquad = \"north\"\nevery = 1.0\n"
	if err := os.WriteFile(sc, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errb := runMain(t, context.Background(), nil, "sensitivity", sc, "-runs", "5", "-q", "-out", filepath.Join(dir, "out"))
	if code != 0 || !strings.HasPrefix(out, "share of squad_broke.north, baseline") {
		t.Errorf("exit %d, stdout %.80q, stderr %q; want exit 0 and a ranking by share of squad_broke.north", code, out, errb)
	}
}

// game plays the demo's own battle and takes no file: 'moralesim game
// my.toml -runs 10' ran the opening ten times and said nothing of my.toml,
// so a designer read the opening's numbers as the scenario's.
func TestGameRefusesAFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, errb := runMain(t, context.Background(), nil, "game", "my.toml", "-runs", "2", "-q", "-out", out)
	want := `game takes no file ("my.toml"): it plays the demo's own battle; for a scenario's fights: moralesim run my.toml`
	if code != 2 || !strings.Contains(errb, want) || stdout != "" {
		t.Errorf("exit %d, stdout %.60q, stderr %q; want exit 2, nothing on stdout and %q", code, stdout, errb, want)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("the refused command wrote %s (%v); want nothing written", out, err)
	}
}

// game names the flag that is out of range and its value: it said
// "-runs must be 1..1000000 and -duration in (0, 3600]" for either.
func TestGameNamesTheBadFlag(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-runs", "0"}, "game: -runs is 0; it must be 1..1000000"},
		{[]string{"-duration", "NaN"}, "game: -duration is NaN; it must be more than 0 and at most 3600 seconds"},
		{[]string{"-duration", "1e12"}, "game: -duration is 1000000000000; it must be more than 0"},
		{[]string{"-duration", "0"}, "game: -duration is 0; it must be more than 0"},
	} {
		out := filepath.Join(t.TempDir(), "out")
		code, _, errb := runMain(t, context.Background(), nil, append(append([]string{"game"}, tt.args...), "-q", "-out", out)...)
		if code != 2 || !strings.Contains(errb, tt.want) || strings.Contains(errb, "and -duration") {
			t.Errorf("game %v: exit %d, stderr %q; want exit 2 and %q alone", tt.args, code, errb, tt.want)
		}
	}
}

// A sweep's table on stdout has the page's columns: a share once, with its
// interval, and any other statistic with its n and how often the metric
// happened. It printed a share twice ("share squad_broke.north" 0.96 beside
// "share [95% CI]" 0.960 […]) and another statistic without its n, under
// a header that read as the statistic's interval.
func TestSweepTableHasThePagesColumns(t *testing.T) {
	dir := t.TempDir()
	sc := filepath.Join(dir, "s.toml")
	body := "name = \"s\"\nduration = 20.0\n[[squad]]\nname = \"north\"\nsize = 3\n[[event]]\nt = 1.0\nevent = \"Suppressed\"\nsquad = \"north\"\nevery = 1.0\n"
	if err := os.WriteFile(sc, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		head string
		row  *regexp.Regexp
	}{
		{[]string{"-metric", "squad_broke.north", "-stat", "share"}, "RecoveryDelaySeconds\tshare of squad_broke.north [95% CI]\n", regexp.MustCompile(`^3\t[01]\.\d{3} \[[01]\.\d{3}, [01]\.\d{3}\]$`)},
		{[]string{"-metric", "first_rout_s", "-stat", "p50"}, "RecoveryDelaySeconds\tp50 of first_rout_s\tn\thappened [95% CI]\n", regexp.MustCompile(`^3\t(-|[\d.]+)\t\d+\t[01]\.\d{3} \[[01]\.\d{3}, [01]\.\d{3}\]$`)},
	} {
		args := append([]string{"run", sc, "-runs", "10", "-q", "-out", filepath.Join(dir, "out"), "-sweep", "RecoveryDelaySeconds=3:4:1"}, tt.args...)
		code, out, errb := runMain(t, context.Background(), nil, args...)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != 0 || !strings.HasPrefix(out, tt.head) || len(lines) != 3 || !tt.row.MatchString(lines[1]) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want a header %q and rows like %s", tt.args, code, out, errb, tt.head, tt.row)
		}
	}
}

// A file that is not there is named in a designer's words, "nope.toml: no
// such file", not the system call's "stat nope.toml: no such file or
// directory"; exit 2 as before.
func TestMissingFileInWords(t *testing.T) {
	dir := t.TempDir()
	nope := filepath.Join(dir, "nope.toml")
	for _, args := range [][]string{{"run", nope, "-runs", "2"}, {"lint", nope}, {"merge", dir, "-out", filepath.Join(dir, "out")}} {
		code, _, errb := runMain(t, context.Background(), nil, args...)
		if code != 2 || !strings.HasSuffix(errb, ": no such file\n") || strings.Contains(errb, "stat ") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and \"…: no such file\"", args, code, errb)
		}
	}
}

// A wrong -metric or -stat is named alone: run and sensitivity said
// '-metric/-stat: "p42" is not a statistic' for either, leaving the
// designer to tell which flag the line was about. Both wrong: a line each.
func TestMetricStatErrorsNameTheFlag(t *testing.T) {
	const sc = "../../scenarios/opening.toml"
	for _, tt := range []struct {
		name      string
		args      []string
		want      []string
		notWanted string
	}{
		{"run, a wrong -stat", []string{"run", sc, "-stat", "p42"}, []string{`moralesim: -stat: "p42" is not a statistic; one of p10,`}, "-metric"},
		{"run, a wrong -metric", []string{"run", sc, "-metric", "speed"}, []string{`moralesim: -metric: "speed" is not a metric; one of first_shaken_s,`}, "-stat"},
		{"sensitivity, a wrong -stat", []string{"sensitivity", sc, "-stat", "p42"}, []string{`moralesim: -stat: "p42" is not a statistic`}, "-metric"},
		{"sensitivity, a wrong -metric", []string{"sensitivity", sc, "-metric", "speed"}, []string{`moralesim: -metric: "speed" is not a metric`}, "-stat"},
		{"run, both wrong", []string{"run", sc, "-metric", "speed", "-stat", "p42"}, []string{`moralesim: -metric: "speed" is not a metric`, "\n" + `-stat: "p42" is not a statistic`}, "-metric/-stat"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			code, stdout, errb := runMain(t, context.Background(), nil, append(tt.args, "-runs", "2", "-q", "-out", out)...)
			ok := code == 2 && stdout == "" && !strings.Contains(errb, tt.notWanted)
			for _, w := range tt.want {
				ok = ok && strings.Contains(errb, w)
			}
			if !ok {
				t.Errorf("got exit %d, stdout %q, stderr %q; want exit 2, nothing on stdout, %q and no %q", code, stdout, errb, tt.want, tt.notWanted)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("the refused command wrote %s (%v); want nothing written", out, err)
			}
		})
	}
}
