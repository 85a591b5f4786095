package morale_test

import (
	"math"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// TestSetPositionsBadInput checks that World.SetPositions refuses bad
// input whole: an error naming the bad element and what is wrong with it
// (nil, removed or another World's), and no agent moved, not even those
// listed before it.
func TestSetPositionsBadInput(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		name string
		bad  func(w, other *morale.World, agents []*morale.Agent, ps []morale.Vec2) ([]*morale.Agent, []morale.Vec2)
		want string
	}{
		{"fewer positions", func(_, _ *morale.World, a []*morale.Agent, p []morale.Vec2) ([]*morale.Agent, []morale.Vec2) {
			return a, p[:2]
		}, "3 agents but 2 positions"},
		{"one agent, no position", func(_, _ *morale.World, a []*morale.Agent, p []morale.Vec2) ([]*morale.Agent, []morale.Vec2) {
			return a[:1], p[:0]
		}, "SetPositions: 1 agent but 0 positions"},
		{"nil agent", func(_, _ *morale.World, a []*morale.Agent, p []morale.Vec2) ([]*morale.Agent, []morale.Vec2) {
			a[2] = nil
			return a, p
		}, "agents[2] is nil"},
		{"a zero Agent", func(_, _ *morale.World, a []*morale.Agent, p []morale.Vec2) ([]*morale.Agent, []morale.Vec2) {
			a[2] = new(morale.Agent)
			return a, p
		}, "agents[2] is an Agent Spawn did not make (a zero Agent, which names no man): pass a handle Spawn returned"},
		{"removed agent", func(w, _ *morale.World, a []*morale.Agent, p []morale.Vec2) ([]*morale.Agent, []morale.Vec2) {
			w.Remove(a[1])
			return a, p
		}, "agents[1] was removed"},
		{"a handle from before a load", func(w, _ *morale.World, a []*morale.Agent, p []morale.Vec2) ([]*morale.Agent, []morale.Vec2) {
			save, err := w.MarshalBinary()
			if err != nil {
				panic(err)
			}
			if err := w.UnmarshalBinary(save); err != nil {
				panic(err)
			}
			a[0], a[1] = w.Agent(0), w.Agent(1)
			return a, p
		}, "agents[2] is from before a load (UnmarshalBinary made new handles: find the agents again by tag)"},
		{"agent of another World", func(_, other *morale.World, a []*morale.Agent, p []morale.Vec2) ([]*morale.Agent, []morale.Vec2) {
			a[2] = other.Agent(2)
			return a, p
		}, "agents[2] is an agent of another World (map a handle to a clone's with clone.Agent(a.Index()), or by tag)"},
		{"NaN", func(_, _ *morale.World, a []*morale.Agent, p []morale.Vec2) ([]*morale.Agent, []morale.Vec2) {
			p[1].X = nan
			return a, p
		}, "ps[1] = {NaN"},
		{"infinity", func(_, _ *morale.World, a []*morale.Agent, p []morale.Vec2) ([]*morale.Agent, []morale.Vec2) {
			p[2].Y = -inf
			return a, p
		}, "ps[2] = {"},
		{"a removed agent before a NaN: the position first", func(w, _ *morale.World, a []*morale.Agent, p []morale.Vec2) ([]*morale.Agent, []morale.Vec2) {
			w.Remove(a[1])
			p[2].X = nan
			return a, p
		}, "ps[2] = {NaN"},
		{"two bad agents: the first", func(w, _ *morale.World, a []*morale.Agent, p []morale.Vec2) ([]*morale.Agent, []morale.Vec2) {
			a[1], a[2] = nil, nil
			return a, p
		}, "agents[1] is nil"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := morale.NewWorld(morale.DefaultSettings(), 1)
			if err != nil {
				t.Fatal(err)
			}
			var agents []*morale.Agent
			for i := range 3 {
				agents = append(agents, w.Spawn(0, morale.Vec2{X: float64(i) * 100}))
			}
			other := w.Clone()
			ps := []morale.Vec2{{X: 5000, Y: 5000}, {X: 1, Y: 1}, {X: 9000, Y: -9000}}
			agents, ps = tt.bad(w, other, agents, ps)
			refusedWhole(t, w, agents, ps, tt.want)
		})
	}
}

// TestSetPositionsBadInputAmongMany is TestSetPositionsBadInput where every
// agent leaves his cell, so that SetPositions moves them in turn, in place,
// once its input is checked: a bad element far down the list is refused
// whole as well.
func TestSetPositionsBadInputAmongMany(t *testing.T) {
	const n = 300
	tests := []struct {
		name string
		bad  func(w, other *morale.World, agents []*morale.Agent, ps []morale.Vec2)
		want string
	}{
		{"NaN", func(_, _ *morale.World, _ []*morale.Agent, p []morale.Vec2) {
			p[250].X = math.NaN()
		}, "ps[250] = {NaN"},
		{"infinity, last", func(_, _ *morale.World, _ []*morale.Agent, p []morale.Vec2) {
			p[n-1].Y = math.Inf(-1)
		}, "ps[299] = {"},
		{"nil agent", func(_, _ *morale.World, a []*morale.Agent, _ []morale.Vec2) {
			a[200] = nil
		}, "agents[200] is nil"},
		{"agent of another World", func(_, other *morale.World, a []*morale.Agent, _ []morale.Vec2) {
			a[250] = other.Agent(250)
		}, "agents[250] is an agent of another World"},
		{"removed agent", func(w, _ *morale.World, a []*morale.Agent, _ []morale.Vec2) {
			w.Remove(a[10])
		}, "agents[10] was removed"},
		{"a removed agent before a NaN: the position first", func(w, _ *morale.World, a []*morale.Agent, p []morale.Vec2) {
			w.Remove(a[10])
			p[250].X = math.NaN()
		}, "ps[250] = {NaN"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := morale.DefaultSettings()
			w, err := morale.NewWorld(s, 1)
			if err != nil {
				t.Fatal(err)
			}
			agents := make([]*morale.Agent, n)
			ps := make([]morale.Vec2, n)
			for i := range agents {
				agents[i] = w.Spawn(0, morale.Vec2{X: float64(i) * 100})
				ps[i] = morale.Vec2{X: float64(i) * 100, Y: s.NoEffectRadius} // into the next cell
			}
			other := w.Clone()
			tt.bad(w, other, agents, ps)
			refusedWhole(t, w, agents, ps, tt.want)
		})
	}
}

// refusedWhole checks that w.SetPositions(agents, ps) returns an error
// containing want and moves no one: the World's checksum is unchanged and
// its agent 0, at {0 0} and listed before the bad element, is still there.
func refusedWhole(t *testing.T, w *morale.World, agents []*morale.Agent, ps []morale.Vec2, want string) {
	t.Helper()
	before := w.Checksum()
	if err := w.SetPositions(agents, ps); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("SetPositions = %v; want an error containing %q", err, want)
	}
	if got := w.Checksum(); got != before {
		t.Errorf("checksum %x after the refused SetPositions; want %x (nothing moved)", got, before)
	}
	if p := w.Agent(0).Position(); p != (morale.Vec2{}) {
		t.Errorf("agent 0 at %v; want {0 0}: listed before the bad element, he must not move", p)
	}
}
