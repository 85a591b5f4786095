package game_test

import (
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
)

// FuzzConsole types any line into the in-game console, with any soldier
// selected, after any number of ticks. Invariants: no panic; a line with a
// command gets an answer; Complete changes nothing, returns the line when
// it cannot complete, and a line it completes to one candidate begins with
// the line typed (case aside).
func FuzzConsole(f *testing.F) {
	for _, s := range []string{"help", "?", "MoraleBreak.Why", "moralebreak.why eriksen", "MoraleBreak.Why Zed x", "MoraleBreak.Rally",
		"MoraleBreak.Rally 1", "MoraleBreak.Rally 99999999999", "MoraleBreak.Rally -1", "MoraleBreak.Debug 1", "MoraleBreak.Debug 2",
		"MoraleBreak.Dump", "MoraleBreak.Dump x", "frob", "  moraleb", "MoraleBreak.Why\ter", "\u212a"} {
		f.Add(s, 0, true, uint8(0))
	}
	f.Add("MoraleBreak.Why", 3, true, uint8(200))
	f.Add("MoraleBreak.Why", -1, true, uint8(10))
	f.Add("MoraleBreak.Why", 1<<40, true, uint8(10))
	f.Fuzz(func(t *testing.T, line string, selected int, hasSelected bool, ticks uint8) {
		g, err := game.NewSession(game.DefaultConfig())
		if err != nil {
			t.Fatal(err)
		}
		for range int(ticks) {
			g.Tick()
		}
		c := game.NewConsole(g)
		c.Select(selected, hasSelected)
		before := g.Digest()
		got, cands := c.Complete(line)
		if g.Digest() != before {
			t.Fatalf("Complete(%q) changed the World", line)
		}
		if len(cands) == 0 && got != line && !(len(got) >= len(line) && strings.EqualFold(got[:len(line)], line)) {
			t.Fatalf("Complete(%q) = %q with no candidates; want the line, or the line completed", line, got)
		}
		if out := c.Exec(line); strings.TrimSpace(line) != "" && out == "" {
			t.Fatalf("Exec(%q) answered nothing", line)
		}
	})
}
