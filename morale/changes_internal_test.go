package morale

import (
	"slices"
	"testing"
)

// TestRebuildChangeSlots: rebuildChangeSlots makes again the slots that
// recording kept, with agents removed, moved by Remove and sorted.
func TestRebuildChangeSlots(t *testing.T) {
	for _, opt := range []ChangeOptions{{Coalesce: true, Morale: true}, {Coalesce: true}, {Morale: true}} {
		w := &World{}
		if err := w.RecordChanges(opt); err != nil {
			t.Fatal(err)
		}
		var all []*Agent
		for i := range 700 {
			all = append(all, w.Spawn(SquadID(i%4), Vec2{X: float64(i*7919%20000) / 3, Y: float64(i*104729%20000) / 3}, WithTag(uint64(i))))
		}
		if err := w.ReportEventAtLocation(AllyDown, Vec2{X: 3000, Y: 3000}, 1e6, nil, 4); err != nil {
			t.Fatal(err)
		}
		w.Advance(2)
		for i := 0; i < len(all); i += 5 {
			w.Remove(all[i])
		}
		all[1].ForceRout()
		want := slices.Clone(w.changes.slots)
		w.rebuildChangeSlots()
		if !slices.Equal(w.changes.slots, want) || len(w.cols) != len(w.columnList()) {
			t.Errorf("%+v: rebuilt slots differ from those recording kept", opt)
		}
		if opt.Coalesce && len(want) != w.Len() {
			t.Errorf("%+v: got %d slots; want %d", opt, len(want), w.Len())
		}
	}
}
