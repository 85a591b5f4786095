package morale_test

import (
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// TestReferenceStepsAfterACut: the reference World steps as the World does
// when SetSettings shortens SquadUpdateInterval below the time since the
// last step (the first step then ends at the present and spans all the time
// since the last, the next ones an interval apart), and as before when it
// does not. The reference stepped on the new grid in the past, the World's
// rule before cff265f, so FuzzReferenceWorld failed at once
// (testdata/fuzz/FuzzReferenceWorld/23072c79985665ce).
func TestReferenceStepsAfterACut(t *testing.T) {
	tests := []struct {
		name                 string
		interval, first, cut float64
		second               float64
		steps                uint64
	}{
		// 0.25: a step at 0.25; cut to 0.05776 at 0.37: the first step ends
		// at 0.37, then six an interval apart up to 0.74.
		{"fuzz input 23072c79985665ce", 0.25, 0.37, 0.05776, 0.37, 8},
		// No step in 0.9 s; cut to 0.1: a step of 0.9 s at 0.9, then five.
		{"a long interval cut", 1, 0.9, 0.1, 0.5, 6},
		{"no cut", 0.25, 1, 0.25, 1, 8},
		// Lengthened: steps at 0.25, then 0.75 and 1.25.
		{"lengthened", 0.25, 0.37, 0.5, 1, 3},
	}
	for _, tt := range tests {
		s := morale.DefaultSettings()
		s.SquadUpdateInterval = tt.interval
		w, err := morale.NewWorld(s, 1)
		if err != nil {
			t.Fatal(err)
		}
		ref := newRefWorld(s)
		for i := range 3 {
			at := morale.Vec2{X: float64(i) * 10}
			a := w.Spawn(0, at)
			ref.spawn(a, 0, at, a.Morale(), a.Nerve(), false, false)
		}
		w.Advance(tt.first)
		ref.advance(tt.first)
		s.SquadUpdateInterval = tt.cut
		if err := w.SetSettings(s); err != nil {
			t.Fatal(err)
		}
		ref.setSettings(s)
		w.Advance(tt.second)
		ref.advance(tt.second)
		if got := w.Steps(); got != tt.steps {
			t.Errorf("%s: World.Steps() = %d; want %d", tt.name, got, tt.steps)
		}
		if got := ref.steps; got != tt.steps {
			t.Errorf("%s: the reference's steps = %d; want %d", tt.name, got, tt.steps)
		}
		for _, a := range ref.agents {
			if got, want := a.real.Morale(), a.morale; got != want {
				t.Errorf("%s: agent %d's morale = %v; the reference's %v", tt.name, a.real.Index(), got, want)
			}
		}
	}
}
