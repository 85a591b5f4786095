package lab_test

import (
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
)

// The structural check reads the quotes that close a multi-line string as
// the decoder does, a run of three to five: `"""a""""` is the string `a"`,
// and the brackets after it are counted. (Its own lexer closed the string
// at the first three quotes and took the fourth for a string open to the
// end of the line, so arrays 30,000 deep reached the decoder.)
func TestPrecheckReadsQuoteRuns(t *testing.T) {
	for _, q := range []string{`""""`, `"""""`, `''''`, `'''''`} {
		body := "x = [" + q[:3] + "a" + q + ", " + strings.Repeat("[", 30000) + strings.Repeat("]", 30001) + "\n"
		_, err := lab.ParseScenario("bad.toml", []byte(body))
		if want := "bad.toml:1: nests arrays and inline tables 5 deep; at most 4"; err == nil || err.Error() != want {
			t.Errorf("a string closed by %s: error = %.200v; want %q", q, err, want)
		}
	}
}
