package morale_test

import (
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// Dump's counts are singular for one and plural otherwise: it said
// "1 squads, 3 agents" of a World with one squad (found in the demo's
// console) and "1 agents" of a squad of one.
func TestDumpCountsInWords(t *testing.T) {
	tests := []struct {
		name   string
		squads []morale.SquadID // one agent spawned in each
		want   []string         // Dump's lines, without the time and the numbers after the count
	}{
		{"empty", nil, []string{"0 squads, 0 agents"}},
		{"one agent", []morale.SquadID{7}, []string{"1 squad, 1 agent", "squad 7: 1 agent,"}},
		{"one squad of three", []morale.SquadID{1, 1, 1}, []string{"1 squad, 3 agents", "squad 1: 3 agents,"}},
		{"two squads", []morale.SquadID{1, 2, 2}, []string{"2 squads, 3 agents", "squad 1: 1 agent,", "squad 2: 2 agents,"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newTestWorld(t)
			for _, sq := range tt.squads {
				w.Spawn(sq, morale.Vec2{})
			}
			var b strings.Builder
			if err := w.Dump(&b); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
			if len(lines) != len(tt.want) {
				t.Fatalf("got %d lines:\n%s\nwant %d", len(lines), b.String(), len(tt.want))
			}
			_, head, _ := strings.Cut(lines[0], "s: ")
			if head != tt.want[0] {
				t.Errorf("got first line %q; want it to end %q", lines[0], tt.want[0])
			}
			for i, want := range tt.want[1:] {
				if got := lines[i+1]; !strings.HasPrefix(got, want) {
					t.Errorf("got line %q; want it to start %q", got, want)
				}
			}
		})
	}
}
