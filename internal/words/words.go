// Package words writes counts in words for the demo and the lab, once:
// "1 squad", "3 squads", "1 man", "24 men". It imports only fmt. (morale,
// a module of its own that imports nothing of this one, keeps its own
// count for World.Dump.)
package words

import "fmt"

// Count returns n and the noun, one when n is 1, else many: Count(1, "man",
// "men") is "1 man", Count(0, "man", "men") "0 men".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
