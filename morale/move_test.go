package morale_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// moveWorld returns a World of n agents in 20 squads, spread over 300 m,
// and its agents in spawn order.
func moveWorld(t *testing.T, n int) (*morale.World, []*morale.Agent) {
	t.Helper()
	w, err := morale.NewWorld(morale.DefaultSettings(), 7)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 8))
	agents := make([]*morale.Agent, n)
	for i := range agents {
		agents[i] = w.Spawn(morale.SquadID(i%20), morale.Vec2{X: r.Float64() * 30000, Y: r.Float64() * 30000})
	}
	return w, agents
}

// TestSetPositionsIsSetPosition moves two equal Worlds through frames of
// marches, crossings and jumps, one with SetPosition per agent and the
// other with SetPositions, with events and steps between the frames, and
// compares their agents' order, positions and morale bits after each.
func TestSetPositionsIsSetPosition(t *testing.T) {
	one, a1 := moveWorld(t, 2000)
	batch, a2 := moveWorld(t, 2000)
	r := rand.New(rand.NewPCG(1, 1))
	pos := make([]morale.Vec2, len(a1))
	for frame := range 120 {
		for i, a := range a1 {
			p := a.Position()
			switch k := r.IntN(50); {
			case k == 0:
				p = morale.Vec2{X: r.Float64() * 30000, Y: r.Float64() * 30000}
			case k < 10:
				p.X += 3000 * (r.Float64() - 0.5) // often into a neighbour
			default:
				p.Y += 2.5 + r.Float64() - 0.5
			}
			pos[i] = p
		}
		for i, a := range a1 {
			a.SetPosition(pos[i])
		}
		if err := batch.SetPositions(a2, pos); err != nil {
			t.Fatal(err)
		}
		at := pos[r.IntN(len(pos))]
		for _, w := range []*morale.World{one, batch} {
			if err := w.ReportEventAtLocation(morale.AllyDown, at, 0, nil, 1); err != nil {
				t.Fatal(err)
			}
			w.Advance(1.0 / 15)
		}
		k := 0
		for a := range batch.Agents() {
			b := one.Agent(k)
			if a.Index() != b.Index() || a.Position() != b.Position() || math.Float64bits(a.Morale()) != math.Float64bits(b.Morale()) {
				t.Fatalf("frame %d: agent %d at %v with morale %v; want %v with %v", frame, k, a.Position(), a.Morale(), b.Position(), b.Morale())
			}
			k++
		}
	}
}

// TestSetPositionsChecksEverythingFirst gives SetPositions bad input at the
// end of good input and checks that it names the bad item and moves no one.
func TestSetPositionsChecksEverythingFirst(t *testing.T) {
	w, agents := moveWorld(t, 100)
	_, strangers := moveWorld(t, 1)
	gone := agents[99]
	w.Remove(gone)
	agents = agents[:99]
	moved := func() []morale.Vec2 {
		to := make([]morale.Vec2, len(agents))
		for i, a := range agents {
			to[i] = morale.Vec2{X: a.Position().X + 5000, Y: a.Position().Y}
		}
		return to
	}
	before := make([]morale.Vec2, len(agents))
	for i, a := range agents {
		before[i] = a.Position()
	}
	nan := math.NaN()
	tests := []struct {
		name   string
		agents []*morale.Agent
		to     []morale.Vec2
		want   string
	}{
		{"more positions", agents, append(moved(), morale.Vec2{}), "99 agents and 100 positions"},
		{"nil agent", append(agents[:98:98], nil), moved(), "agent 98 is nil, removed or of another World"},
		{"removed agent", append(agents[:98:98], gone), moved(), "agent 98 is nil, removed or of another World"},
		{"another World's agent", append(agents[:98:98], strangers[0]), moved(), "agent 98 is nil, removed or of another World"},
		{"NaN position", agents, append(moved()[:98], morale.Vec2{X: nan}), "position 98, {NaN 0}, is not finite"},
		{"infinite position", agents, append(moved()[:98], morale.Vec2{Y: math.Inf(-1)}), "position 98, {0 -Inf}, is not finite"},
	}
	for _, tt := range tests {
		err := w.SetPositions(tt.agents, tt.to)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: SetPositions error %v; want one saying %q", tt.name, err, tt.want)
		}
		for i, a := range agents {
			if a.Position() != before[i] {
				t.Fatalf("%s: agent %d moved to %v; want him left at %v", tt.name, i, a.Position(), before[i])
			}
		}
	}
}
