package cli_test

import (
	"context"
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
