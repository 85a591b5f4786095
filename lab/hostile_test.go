package lab_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
)

// Scenarios built to exhaust the TOML decoder's memory (it grows with the
// square of a key's depth) or stack are refused by the structural check
// before it sees them, with the line; so are files over the limits. (Before
// the check, the first two died with "fatal error: out of memory".)
func TestHostileScenariosRefused(t *testing.T) {
	deepHeader := "[" + strings.Repeat("a.", 19999) + "a]\nx = 1\n"
	deepInline := "x = " + strings.Repeat("{a = ", 10000) + "1" + strings.Repeat("}", 10000) + "\n"
	deepArray := "x = " + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + "\n"
	dottedKey := strings.Repeat("a.", 5000) + "a = 1\n"
	var manyKeys strings.Builder
	for i := 0; i <= lab.MaxScenarioKeys; i++ {
		fmt.Fprintf(&manyKeys, "k%d = 1\n", i)
	}
	tests := []struct {
		name, body, want string
	}{
		{"a table header of 20,000 dotted parts", deepHeader, "bad.toml:1: a key or table header of more than 4 dotted parts"},
		{"an inline table 10,000 deep", deepInline, "bad.toml:1: nests arrays and inline tables 5 deep; at most 4"},
		{"an array 10,000 deep", deepArray, "bad.toml:1: nests arrays and inline tables 5 deep"},
		{"a dotted key of 5,000 parts", dottedKey, "bad.toml:1: a key or table header of more than 4 dotted parts"},
		{"a line of 70,000 bytes", goodHead + "description = \"" + strings.Repeat("x", 70000) + "\"\n", "bad.toml:7: is 70016 bytes long; a line may have at most 65536"},
		{"over 100,000 keys", manyKeys.String(), "more than 100000 keys"},
		{"over 4 MiB", goodHead + "# " + strings.Repeat("x", 60000) + "\n" + strings.Repeat("#"+strings.Repeat("y", 1000)+"\n", 4200), "a scenario may have at most 4194304"},
		{"201 of 1000 squads too many", strings.Repeat("[[squad]]\nsize = 1\n", 1001), "the scenario has 1001 squads; at most 1000"},
		{"a name of 200 bytes", "name = \"" + strings.Repeat("n", 200) + "\"\n" + goodHead[len("name = \"t\"\n"):], "bad.toml:1: name: is 200 bytes long; a name may have at most 100"},
		{"a description of 20,000 bytes", "description = \"\"\"\n" + strings.Repeat(strings.Repeat("d", 99)+"\n", 200) + "\"\"\"\n" + goodHead, "bad.toml:1: description: is 20000 bytes long; at most 16384"},
		{"a million occurrences in all", goodHead + strings.Repeat("[[event]]\nt = 0.0\nevent = \"Suppressed\"\nsquad = \"a\"\nevery = 0.01\n", 400), "occurrences; at most 1000000 in all"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := lab.ParseScenario("bad.toml", []byte(tt.body))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error = %.300v; want it to contain %q", err, tt.want)
			}
			var se *lab.ScenarioError
			if !errors.As(err, &se) {
				t.Errorf("error %T is not a *ScenarioError", err)
			}
		})
	}
}

// What the structural check lets through still parses: strings and comments
// may hold any brackets, dots and equals signs, and multi-line strings any
// lines.
func TestPrecheckReadsStrings(t *testing.T) {
	body := `name = "a.b.c.d.e.f = [[[[[["   # [[[[[[ a.b.c.d.e.f =
description = """
[[[[[[[ x.y.z.w.v.u = { { { { {
continued \
line"""
weights = ''
` + goodHead[len("name = \"t\"\n"):] + `at = [ 1.0 , 2.0 ]
"quoted.key.with.dots" = 1
`
	_, err := lab.ParseScenario("ok.toml", []byte(body))
	// The quoted key is unknown (the one problem: an empty weights is the
	// defaults), on its line: what matters is that the decoder saw the file
	// whole.
	if err == nil || !strings.Contains(err.Error(), `ok.toml:13: squad[1]."quoted.key.with.dots": is not a key`) || strings.Count(err.Error(), "\n") != 0 {
		t.Fatalf("error = %v; want the decoder's report of the quoted key", err)
	}
}

// An echoed name is cut and escaped; a bad metric's message lists a few
// metric names, not a thousand (it was rebuilt per expectation, 99 s for
// 2,000 of them, each message listing every squad).
func TestErrorsEchoLittle(t *testing.T) {
	var b strings.Builder
	b.WriteString("duration = 10.0\n")
	for i := 0; i < lab.MaxSquads; i++ {
		fmt.Fprintf(&b, "[[squad]]\nname = \"s%d\"\nsize = 1\n", i)
	}
	for i := 0; i < 2000; i++ {
		b.WriteString("[[expect]]\nmetric = \"nope\"\np50 = [0, 1]\n")
	}
	b.WriteString("[[event]]\nt = 1.0\nevent = \"Suppressed\"\nsquad = \"\\u001b[2J" + strings.Repeat("z", 60000) + "\"\n")
	_, err := lab.ParseScenario("big.toml", []byte(b.String()))
	if err == nil {
		t.Fatal("ParseScenario = nil; want errors")
	}
	msg := err.Error()
	// 2,000 bad metrics, the range past lab.MaxExpects, the unknown squad.
	if n := strings.Count(msg, "\n") + 1; n != 2002 {
		t.Errorf("got %d problems; want 2002", n)
	}
	if len(msg) > 2001*400 {
		t.Errorf("the error is %d bytes; want at most 400 a problem", len(msg))
	}
	// 10 metrics of all men, and 3 of each squad.
	if !strings.Contains(msg, fmt.Sprintf("… (%d in all)", 10+3*lab.MaxSquads)) {
		t.Errorf("a bad metric's message does not cut its list of metrics: %.300s", msg)
	}
	if strings.Contains(msg, "\x1b") || !strings.Contains(msg, `no squad is named "\x1b[2Jzzz`) || !strings.Contains(msg, "… (60004 bytes)") {
		t.Errorf("the unknown squad's name is not escaped and cut: %.200s", msg[strings.LastIndex(msg, "no squad"):])
	}
}

// A scenario has at most lab.MaxExpects ranges of [[expect]]: a fit
// measures each on every candidate (8,000 of them once made a fit run out
// of memory). The range past the limit is named, once, with its line and
// key; a block of two ranges counts two.
func TestExpectsLimit(t *testing.T) {
	block := "[[expect]]\nmetric = \"broke\"\np50 = [0.0, 9.0]\nmean = [0.0, 9.0]\n" // two ranges, four lines
	one := "[[expect]]\nmetric = \"broke\"\nshare = [0.0, 1.0]\n"
	tests := []struct {
		name, body string
		want       string // "" when it parses
	}{
		{"exactly the limit", goodHead + strings.Repeat(block, lab.MaxExpects/2), ""},
		{"one range over", goodHead + strings.Repeat(block, lab.MaxExpects/2) + one, fmt.Sprintf("bad.toml:%d: expect[%d].share: is range %d of the scenario's [[expect]] blocks; a scenario may have at most %d", 7+4*lab.MaxExpects/2+2, lab.MaxExpects/2+1, lab.MaxExpects+1, lab.MaxExpects)},
		{"thousands over", goodHead + strings.Repeat(block, 4000), fmt.Sprintf("bad.toml:%d: expect[%d].p50: is range %d", 7+4*lab.MaxExpects/2+2, lab.MaxExpects/2+1, lab.MaxExpects+1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := lab.ParseScenario("bad.toml", []byte(tt.body))
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("got error %v; want none", err)
			case tt.want == "" && len(sc.Expects) != lab.MaxExpects:
				t.Fatalf("got %d expectations; want %d", len(sc.Expects), lab.MaxExpects)
			case tt.want == "":
			case err == nil:
				t.Fatalf("got no error; want %q", tt.want)
			case !strings.HasPrefix(err.Error(), tt.want) || strings.Contains(err.Error(), "\n"):
				t.Fatalf("got error %.300q; want exactly one, starting %q", err, tt.want)
			}
		})
	}
}
