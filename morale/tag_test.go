package morale_test

import (
	"errors"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// TestTagFollowsAgent: a tag stays with its agent through Remove's
// reordering, a step's sort, Clone and SetTag.
func TestTagFollowsAgent(t *testing.T) {
	w, err := morale.NewWorld(morale.DefaultSettings(), 7)
	if err != nil {
		t.Fatal(err)
	}
	var agents []*morale.Agent
	for i := range 600 {
		// Scattered, so that a step's sort moves them.
		at := morale.Vec2{X: float64((i * 7919) % 100000), Y: float64((i * 104729) % 100000)}
		agents = append(agents, w.Spawn(morale.SquadID(i%5), at, morale.WithTag(uint64(1000+i))))
	}
	for i := 0; i < len(agents); i += 3 {
		w.Remove(agents[i])
	}
	w.Advance(1)
	if err := agents[1].SetTag(42); err != nil {
		t.Fatalf("SetTag: %v", err)
	}
	c := w.Clone()
	for i, a := range agents {
		want := uint64(1000 + i)
		if i == 1 {
			want = 42
		}
		if i%3 == 0 {
			if a.Tag() != 0 || !errors.Is(a.SetTag(1), morale.ErrRemoved) {
				t.Errorf("removed agent %d: Tag() = %d, want 0 and SetTag = ErrRemoved", i, a.Tag())
			}
			continue
		}
		if got := a.Tag(); got != want {
			t.Errorf("agent %d: Tag() = %d; want %d", i, got, want)
		}
		if got := a.Snapshot().Tag; got != want {
			t.Errorf("agent %d: Snapshot().Tag = %d; want %d", i, got, want)
		}
		if got := c.Agent(a.Index()).Tag(); got != want {
			t.Errorf("agent %d in the clone: Tag() = %d; want %d", i, got, want)
		}
	}
}
