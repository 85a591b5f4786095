package morale

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// suggestRunes is how much of a name nearest compares: its first 64 runes,
// so that a long key costs little. Every name it suggests is shorter.
const suggestRunes = 64

// nearest returns the name of names nearest to s by edit distance
// (Levenshtein, over runes, a change of case costing nothing), and that
// distance. Of names equally near, the first wins. names must not be empty.
func nearest(s string, names []string) (best string, dist int) {
	a := lowerRunes(s, suggestRunes)
	dist = -1
	for _, n := range names {
		if d := editDistance(a, lowerRunes(n, suggestRunes)); dist < 0 || d < dist {
			best, dist = n, d
		}
	}
	return best, dist
}

// misspelt reports whether s is likely a misspelling of name, which nearest
// put at distance d from it: d is at most a quarter of name's length (at
// least 1), so RecoveryPerSecnd is RecoveryPerSecond and AllyDwn AllyDown,
// but Ambush is no built-in event.
func misspelt(name string, d int) bool {
	return d <= max(1, utf8.RuneCountInString(name)/4)
}

// Suggest returns the name of names that name is likely a misspelling of,
// or "" when there is none: the nearest by edit distance (Levenshtein, over
// the first 64 runes, a change of case costing nothing; of names equally
// near, the first), when it lies at most a quarter of its own length away
// (at least 1). It is the rule by which LoadSettings and ReadSettings
// say "did you mean RecoveryPerSecond?" of an unknown key, so that a
// game's errors about its own names (the events of its data files) read the
// same; the balance lab's do. A name in names is its own suggestion.
func Suggest(name string, names []string) string {
	if len(names) == 0 {
		return ""
	}
	if n, d := nearest(name, names); misspelt(n, d) {
		return n
	}
	return ""
}

// didYouMean returns " (did you mean NAME?)" for Suggest's NAME, or "".
func didYouMean(s string, names []string) string {
	if n := Suggest(s, names); n != "" {
		return fmt.Sprintf(" (did you mean %s?)", n)
	}
	return ""
}

// lowerRunes returns the first n runes of s in lower case.
func lowerRunes(s string, n int) []rune {
	out := make([]rune, 0, min(len(s), n))
	for _, r := range s {
		if len(out) == n {
			break
		}
		out = append(out, unicode.ToLower(r))
	}
	return out
}

// editDistance returns the Levenshtein distance between a and b: the fewest
// insertions, deletions and substitutions of runes that turn a into b.
func editDistance(a, b []rune) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
