package lab_test

import (
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
)

// A misspelt key or news name of a scenario gets the weights file's "did
// you mean" (morale's rule: the nearest name, at most a quarter of its
// length away); a name far from every one gets none.
func TestScenarioTyposSuggestTheName(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"a squad key", goodHead + "formaton = \"line\"\n", "squad[1].formaton: is not a key of squad[1] (did you mean formation?)"},
		{"an event key", goodHead + "[[event]]\nt = 1\nevent = \"AllyDown\"\nsquad = \"a\"\nevery = 1\nuntill = 5\n", "event[1].untill: is not a key of event[1] (did you mean until?)"},
		{"an event key its do does not read", goodHead + "[[event]]\nt = 1\nevent = \"AllyDown\"\nsquad = \"a\"\nradios = 5\n", "event[1].radios: is not a key of event[1] (did you mean radius?)"},
		{"a top key", "duraton = 30\n" + goodHead, "(did you mean duration?)"},
		{"news", goodHead + "[[event]]\nt = 1\nevent = \"Supressed\"\nsquad = \"a\"\n", "or fix the name (did you mean Suppressed?)"},
		{"far from every key", goodHead + "bogus = 1\n", ""},
	} {
		_, err := lab.ParseScenario("bad.toml", []byte(tc.body))
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		if tc.want == "" {
			if strings.Contains(err.Error(), "did you mean") {
				t.Errorf("%s: %v; want no suggestion", tc.name, err)
			}
		} else if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v; want %q", tc.name, err, tc.want)
		}
	}
}
