package lab

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// This file is morale's rule for "did you mean" (morale/suggest.go, which
// a weights file's errors use), for the scenario's own names: an unknown
// key of a table, news with no row. morale keeps its copy unexported (its
// own module, with no API for it); the two must stay the same rule.

// suggestRunes is how much of a name nearestName compares.
const suggestRunes = 64

// didYouMean returns " (did you mean NAME?)" for the name of names s is
// likely a misspelling of (the nearest by edit distance, over runes, a
// change of case costing nothing, at most a quarter of its length away, at
// least 1; of names equally near, the first), or "".
func didYouMean(s string, names []string) string {
	best, dist := "", -1
	a := lowerRunes(s)
	for _, n := range names {
		if n == s {
			continue
		}
		if d := editDistance(a, lowerRunes(n)); dist < 0 || d < dist {
			best, dist = n, d
		}
	}
	if dist < 0 || dist > max(1, utf8.RuneCountInString(best)/4) {
		return ""
	}
	return fmt.Sprintf(" (did you mean %s?)", best)
}

// lowerRunes returns the first suggestRunes runes of s in lower case.
func lowerRunes(s string) []rune {
	out := make([]rune, 0, min(len(s), suggestRunes))
	for _, r := range s {
		if len(out) == suggestRunes {
			break
		}
		out = append(out, unicode.ToLower(r))
	}
	return out
}

// editDistance returns the Levenshtein distance between a and b.
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
