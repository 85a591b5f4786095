package cli_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// moralesim's help names every flag of every command, as each command's -h
// lists them: it left out run's and sensitivity's -stat (the sweep's and the
// ranking's statistic, which docs/balancing.md's examples use), sensitivity's
// -seed and -top, game's -report and -weights, and -q of four commands.
func TestUsageNamesEveryFlag(t *testing.T) {
	_, out, errb := runMain(t, context.Background(), nil)
	help := out + errb
	flagRE := regexp.MustCompile(`(?m)^  (-[a-z-]+)`)
	for _, cmd := range []string{"run", "check", "lint", "merge", "sensitivity", "compare", "game", "fit"} {
		_, out, errb := runMain(t, context.Background(), nil, cmd, "-h")
		// The command's lines of the help: from "moralesim CMD" to the next
		// command or the blank line after the last.
		_, rest, ok := strings.Cut(help, "  moralesim "+cmd+" ")
		if !ok {
			t.Errorf("the help has no line for %s", cmd)
			continue
		}
		if i := strings.Index(rest, "\n  moralesim "); i >= 0 {
			rest = rest[:i]
		} else if i := strings.Index(rest, "\n\n"); i >= 0 {
			rest = rest[:i]
		}
		for _, m := range flagRE.FindAllStringSubmatch(out+errb, -1) {
			if !regexp.MustCompile(`[\[ ]` + regexp.QuoteMeta(m[1]) + `\b`).MatchString(rest) {
				t.Errorf("the help's line for %s does not name %s (its -h lists it)", cmd, m[1])
			}
		}
	}
}

// check and lint count their failures in words: "1 expectation failed",
// "2 expectations failed", "1 warning", where they printed
// "1 expectation(s) failed" and "1 warning(s)".
func TestFailuresCountedInWords(t *testing.T) {
	dir := t.TempDir()
	scenario := "name = \"w\"\nduration = 10.0\n[[squad]]\nname = \"a\"\nsize = 2\n[[expect]]\nmetric = \"routed\"\nshare = [0.5, 1.0]\n"
	lint := "ShakenBelow = 0.3\nPanicBelow = 0.25\nHysteresis = 0.2\n"
	for _, tt := range []struct {
		name string
		args []string
		file string
		want string
	}{
		{"one expectation", []string{"check"}, scenario, "check: 1 expectation failed\n"},
		{"two expectations", []string{"check"}, scenario + "[[expect]]\nmetric = \"broke\"\nshare = [0.5, 1.0]\n", "check: 2 expectations failed\n"},
		{"one warning", []string{"lint"}, lint, "lint: 1 warning\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_")+".toml")
			if err := os.WriteFile(path, []byte(tt.file), 0o644); err != nil {
				t.Fatal(err)
			}
			args := append(tt.args, path)
			if tt.args[0] == "check" {
				args = append(args, "-runs", "10")
			}
			code, out, errb := runMain(t, context.Background(), nil, args...)
			if code != 1 || !strings.HasSuffix(out, tt.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and stdout ending %q", code, out, errb, tt.want)
			}
		})
	}
}

// A flag that does not parse is one error on stderr, naming the flag and
// pointing at -h, exit 2: the flag package printed its message and the whole
// usage, then Main printed the message again as "moralesim: …". -h still
// prints the command's flags, exit 0.
func TestFlagErrorSaidOnce(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"run", "x.toml", "-runs", "abc"}, "moralesim: run: invalid value \"abc\" for flag -runs: parse error; moralesim run -h lists its flags\n"},
		{[]string{"check", "-bogus", "x.toml"}, "moralesim: check: flag provided but not defined: -bogus; moralesim check -h lists its flags\n"},
		{[]string{"game", "-runs"}, "moralesim: game: flag needs an argument: -runs; moralesim game -h lists its flags\n"},
		{[]string{"fit", "x.toml", "-seed", "-1"}, "moralesim: fit: invalid value \"-1\" for flag -seed: parse error; moralesim fit -h lists its flags\n"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errb := runMain(t, context.Background(), nil, tt.args...)
			if code != 2 || out != "" || errb != tt.want {
				t.Errorf("got exit %d, stdout %q, stderr %q; want exit 2, nothing on stdout, stderr %q", code, out, errb, tt.want)
			}
		})
	}
	code, _, errb := runMain(t, context.Background(), nil, "run", "-h")
	if code != 0 || !strings.HasPrefix(errb, "Usage of run:\n") || !strings.Contains(errb, "  -runs int") {
		t.Errorf("run -h: got exit %d, stderr %q; want exit 0 and run's flags", code, errb)
	}
}
