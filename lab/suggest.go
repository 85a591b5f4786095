package lab

import (
	"fmt"

	"github.com/moralebreak/moralebreak/morale"
)

// didYouMean returns " (did you mean NAME?)" for the name of names s is
// likely a misspelling of, by morale.Suggest (the rule of a weights file's
// errors, so that a scenario's unknown key or news with no row is told as
// the weights file's is), or "".
func didYouMean(s string, names []string) string {
	if n := morale.Suggest(s, names); n != "" {
		return fmt.Sprintf(" (did you mean %s?)", n)
	}
	return ""
}
