package morale_test

import (
	"errors"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// SetLeader and SetAffectedByContagion after the spawn give the World the
// spawn options would have: the same bits, saved and loaded too.
func TestSetFlagsAsTheSpawnOptions(t *testing.T) {
	build := func(options bool) (*morale.World, *morale.Agent, *morale.Agent) {
		w := newTestWorld(t, noRecovery)
		var lead, calm []morale.SpawnOption
		if options {
			lead, calm = []morale.SpawnOption{morale.AsLeader()}, []morale.SpawnOption{morale.WithoutContagion()}
		}
		a := w.Spawn(1, morale.Vec2{}, append(lead, morale.WithNerve(0.5))...)
		b := w.Spawn(1, morale.Vec2{X: 100}, append(calm, morale.WithNerve(0.5), morale.WithMorale(0.9))...)
		for i := range 6 {
			w.Spawn(1, morale.Vec2{X: float64(200 + 100*i)}, morale.WithNerve(0.5), morale.WithMorale(0.1))
		}
		return w, a, b
	}
	want, _, wb := build(true)
	got, ga, gb := build(false)
	if err := ga.SetLeader(true); err != nil {
		t.Fatal(err)
	}
	if err := gb.SetAffectedByContagion(false); err != nil {
		t.Fatal(err)
	}
	if !ga.IsLeader() || gb.AffectedByContagion() || !ga.Snapshot().Leader || gb.Snapshot().AffectedByContagion {
		t.Fatalf("after the setters: leader %v, affected %v; want a leader, and b deaf to contagion", ga.IsLeader(), gb.AffectedByContagion())
	}
	for range 8 {
		want.Advance(0.25)
		got.Advance(0.25)
	}
	if gb.Morale() != 0.9 || wb.Morale() != 0.9 {
		t.Errorf("b's morale %v (spawned so: %v); want 0.9, no pull from his squad at 0.1", gb.Morale(), wb.Morale())
	}
	if got.Checksum() != want.Checksum() {
		t.Errorf("checksum %#x after the setters; want the spawn options' %#x", got.Checksum(), want.Checksum())
	}
	loaded := reloaded(t, got)
	if loaded.Checksum() != want.Checksum() || !loaded.Agent(0).IsLeader() || loaded.Agent(1).AffectedByContagion() {
		t.Error("the loaded World lost the flags the setters set")
	}
	// And back: the flags clear.
	if err := ga.SetLeader(false); err != nil {
		t.Fatal(err)
	}
	if err := gb.SetAffectedByContagion(true); err != nil {
		t.Fatal(err)
	}
	if ga.IsLeader() || !gb.AffectedByContagion() {
		t.Errorf("after clearing: leader %v, affected %v; want neither flag", ga.IsLeader(), gb.AffectedByContagion())
	}
	got.Advance(0.25)
	if gb.Morale() >= 0.9 {
		t.Errorf("b's morale %v a step after SetAffectedByContagion(true); want his squad's pull below 0.9", gb.Morale())
	}
}

func TestSetFlagsOfARemovedAgent(t *testing.T) {
	w := newTestWorld(t)
	a := w.Spawn(1, morale.Vec2{})
	w.Remove(a)
	if err := a.SetLeader(true); !errors.Is(err, morale.ErrRemoved) {
		t.Errorf("SetLeader of a removed agent: %v; want ErrRemoved", err)
	}
	if err := a.SetAffectedByContagion(false); !errors.Is(err, morale.ErrRemoved) {
		t.Errorf("SetAffectedByContagion of a removed agent: %v; want ErrRemoved", err)
	}
}
