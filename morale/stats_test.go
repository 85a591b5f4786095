package morale_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// AllSquadStats gives every squad the numbers SquadStats gives it, to the
// bit, sorted by ID, and appends to what dst holds.
func TestAllSquadStatsEqualsSquadStats(t *testing.T) {
	for _, tc := range []struct {
		name   string
		agents int
		squads int
		remove int // agents removed, emptying some squads (free slots)
	}{
		{"empty", 0, 0, 0},
		{"one squad", 7, 1, 0},
		{"many squads", 2000, 37, 0},
		{"with free slots", 600, 60, 300},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, err := morale.NewWorld(morale.DefaultSettings(), 3)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(1, 2))
			var agents []*morale.Agent
			for i := range tc.agents {
				sq := morale.SquadID(1000 - i%tc.squads*7) // IDs not in slot order
				agents = append(agents, w.Spawn(sq, morale.Vec2{X: r.Float64() * 100}, morale.WithMorale(r.Float64())))
			}
			// Removing the first agents in spawn order empties whole squads
			// only when they come in runs: remove by squad instead.
			for _, a := range agents {
				if tc.remove == 0 {
					break
				}
				if a.Squad()%2 == 0 {
					w.Remove(a)
					tc.remove--
				}
			}
			w.Advance(2)
			prefix := morale.SquadStats{ID: -1}
			all := w.AllSquadStats([]morale.SquadStats{prefix})
			if all[0] != prefix {
				t.Fatalf("AllSquadStats overwrote dst[0]: got %+v; want %+v", all[0], prefix)
			}
			ids := w.SquadIDs()
			if got, want := len(all)-1, len(ids); got != want {
				t.Fatalf("got %d squads; want %d", got, want)
			}
			for k, id := range ids {
				want, _ := w.SquadStats(id)
				got := all[k+1]
				if got.ID != id || got.Count != want.Count || got.ByState != want.ByState || got.Broken != want.Broken ||
					math.Float64bits(got.Average) != math.Float64bits(want.Average) ||
					math.Float64bits(got.Lowest) != math.Float64bits(want.Lowest) {
					t.Errorf("squad %d: got %+v; want %+v", id, got, want)
				}
			}
		})
	}
}

// TestAllSquadStatsAllocates: with room in dst, AllSquadStats allocates
// nothing for a World of up to 256 squads, so that a HUD may call it every
// frame, and beyond that one index, every call, as its doc says.
func TestAllSquadStatsAllocates(t *testing.T) {
	for _, tc := range []struct {
		squads int
		want   float64
	}{
		{1, 0},
		{50, 0},
		{256, 0},
		{257, 1},
		{1000, 1},
	} {
		w, err := morale.NewWorld(morale.DefaultSettings(), 1)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 2000 {
			w.Spawn(morale.SquadID(i%tc.squads), morale.Vec2{X: float64(i)})
		}
		dst := make([]morale.SquadStats, 0, tc.squads)
		if got := testing.AllocsPerRun(20, func() { dst = w.AllSquadStats(dst[:0]) }); got != tc.want {
			t.Errorf("%d squads: AllSquadStats with room in dst: got %v allocations; want %v", tc.squads, got, tc.want)
		}
	}
}

// TestFrameReadsAllocate: the reads a game makes every frame allocate
// nothing (AllSquadStats with room in dst, SquadStats, Snapshot, Checksum,
// TakeChanges with room in dst), and those whose docs say they allocate
// (SquadIDs, a new slice; Settings, a copy of the Weights map) do.
func TestFrameReadsAllocate(t *testing.T) {
	w, err := morale.NewWorld(morale.DefaultSettings(), 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 300 {
		w.Spawn(morale.SquadID(i%12), morale.Vec2{X: float64(i) * 50})
	}
	if err := w.RecordChanges(morale.ChangeOptions{Morale: true}); err != nil {
		t.Fatal(err)
	}
	a := w.Agent(7)
	stats := make([]morale.SquadStats, 0, 12)
	changes := make([]morale.Change, 0, 1024)
	for _, tt := range []struct {
		name     string
		read     func()
		allocate bool
	}{
		{"AllSquadStats(stats[:0])", func() { stats = w.AllSquadStats(stats[:0]) }, false},
		{"SquadStats", func() { _, _ = w.SquadStats(3) }, false},
		{"Snapshot", func() { _ = a.Snapshot() }, false},
		{"Checksum", func() { _ = w.Checksum() }, false},
		{"TakeChanges(changes[:0])", func() { changes = w.TakeChanges(changes[:0]) }, false},
		{"SquadIDs", func() { _ = w.SquadIDs() }, true},
		{"Settings", func() { _ = w.Settings() }, true},
	} {
		if got := testing.AllocsPerRun(20, tt.read); (got > 0) != tt.allocate {
			t.Errorf("%s: got %v allocations a call; want allocations: %v", tt.name, got, tt.allocate)
		}
	}
}
