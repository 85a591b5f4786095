package lab_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
)

// TestHashesReadTheText: a scenario and its weights file saved by Windows
// (CRLF line ends, a UTF-8 byte order mark) hash as the files they copy, so
// that the shards of one Monte-Carlo merge whichever system wrote the
// files; a changed value changes the hash.
func TestHashesReadTheText(t *testing.T) {
	weights, err := os.ReadFile("../weights.toml")
	if err != nil {
		t.Fatal(err)
	}
	scenario, err := os.ReadFile("../scenarios/opening.toml")
	if err != nil {
		t.Fatal(err)
	}
	windows := func(b []byte) []byte {
		return []byte("\xef\xbb\xbf" + strings.ReplaceAll(string(b), "\n", "\r\n"))
	}
	load := func(name string, sc, w []byte) *lab.Scenario {
		t.Helper()
		dir := t.TempDir()
		body := strings.Replace(string(sc), `weights = "../weights.toml"`, `weights = "weights.toml"`, 1)
		if body == string(sc) && !strings.Contains(string(sc), `weights = "weights.toml"`) {
			t.Fatalf("opening.toml names no ../weights.toml to point at the copy")
		}
		if err := os.WriteFile(filepath.Join(dir, "weights.toml"), w, 0o644); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "opening.toml")
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := lab.LoadScenario(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return s
	}
	unix := load("as committed", scenario, weights)
	for _, tt := range []struct {
		name          string
		sc, w         []byte
		sameSc, sameW bool
	}{
		{"saved by Windows", windows(scenario), windows(weights), true, true},
		{"scenario saved by Windows", windows(scenario), weights, true, true},
		{"a value changed", []byte(strings.Replace(string(scenario), "duration = ", "duration = 1", 1)), weights, false, true},
		{"a weight changed", scenario, []byte(strings.Replace(string(weights), "ShakenBelow = 0.6", "ShakenBelow = 0.61", 1)), true, false},
	} {
		got := load(tt.name, tt.sc, tt.w)
		if (got.Hash == unix.Hash) != tt.sameSc {
			t.Errorf("%s: scenario hash %s against %s; want equal %v", tt.name, got.Hash, unix.Hash, tt.sameSc)
		}
		if (got.WeightsHash == unix.WeightsHash) != tt.sameW {
			t.Errorf("%s: weights hash %s against %s; want equal %v", tt.name, got.WeightsHash, unix.WeightsHash, tt.sameW)
		}
	}
}

// TestWeightsPathWithBackslashes: a Windows designer's weights =
// "..\weights.toml" is a TOML escape error, and "..\new.toml" decodes to a
// line break; both say to write the path with / or in single quotes, on the
// weights key's line. In single quotes the path is read as typed.
func TestWeightsPathWithBackslashes(t *testing.T) {
	const hint = "write the path with / (it works on Windows too) or in single quotes"
	for _, tt := range []struct {
		name, line string
		hint       bool
	}{
		{"an escape TOML refuses", `weights = "..\weights.toml"`, true},
		{"an escape that decodes to a line break", `weights = "..\new.toml"`, true},
		{"an escape that decodes to a backspace", `weights = "..\b.toml"`, true},
		{"single quotes", `weights = '..\nowhere.toml'`, false},
		{"slashes", `weights = "../nowhere.toml"`, false},
	} {
		data := "name = \"x\"\n" + tt.line + "\nduration = 10\n\n[[squad]]\nname = \"a\"\nsize = 3\n"
		_, err := lab.ParseScenario(filepath.Join(t.TempDir(), "x.toml"), []byte(data))
		if err == nil {
			t.Errorf("%s: no error; want one (no such weights file at least)", tt.name)
			continue
		}
		msg := err.Error()
		if got := strings.Contains(msg, hint); got != tt.hint {
			t.Errorf("%s: got %q; want the hint to use / %v", tt.name, msg, tt.hint)
		}
		if !strings.Contains(msg, ":2:") || !strings.Contains(msg, "weights") {
			t.Errorf("%s: got %q; want it on line 2, naming weights", tt.name, msg)
		}
	}
}
