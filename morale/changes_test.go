package morale_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// changeFight returns a World of n agents in two squads with tags 100+i, a
// suppression over all of them, and the agents.
func changeFight(t *testing.T, n int) (*morale.World, []*morale.Agent) {
	t.Helper()
	w, err := morale.NewWorld(morale.DefaultSettings(), 3)
	if err != nil {
		t.Fatal(err)
	}
	var all []*morale.Agent
	for i := range n {
		all = append(all, w.Spawn(morale.SquadID(i%2), morale.Vec2{X: float64(i)}, morale.WithTag(uint64(100+i))))
	}
	return w, all
}

// hit reports heavy losses on every agent of w.
func hit(t *testing.T, w *morale.World) {
	t.Helper()
	if err := w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, 1e6, nil, 3); err != nil {
		t.Fatal(err)
	}
}

// toldChanges is what a listener was told, as Changes.
type toldChanges struct{ changes []morale.Change }

func (h *toldChanges) listen(w *morale.World) {
	w.OnStateChanged(func(a *morale.Agent, old, new morale.State, why morale.Reason) {
		h.changes = append(h.changes, morale.Change{Agent: a, Tag: a.Tag(), IsState: true, Old: old, New: new, Why: why})
	})
	w.OnMoraleChanged(func(a *morale.Agent, m float64, why morale.Reason) {
		h.changes = append(h.changes, morale.Change{Agent: a, Tag: a.Tag(), Morale: m, Why: why})
	})
}

// TestTakeChangesIsWhatListenersHear: without Coalesce, TakeChanges returns
// exactly what the listeners are told, in their order, for state changes
// alone and with morale changes.
func TestTakeChangesIsWhatListenersHear(t *testing.T) {
	for _, withMorale := range []bool{false, true} {
		t.Run(fmt.Sprintf("morale=%v", withMorale), func(t *testing.T) {
			w, _ := changeFight(t, 40)
			if err := w.RecordChanges(morale.ChangeOptions{Morale: withMorale}); err != nil {
				t.Fatal(err)
			}
			var h toldChanges
			h.listen(w)
			var got []morale.Change
			for frame := range 300 {
				if frame%60 == 0 {
					hit(t, w)
				}
				w.Advance(1.0 / 60)
				got = w.TakeChanges(got)
			}
			var want []morale.Change
			for _, c := range h.changes {
				if c.IsState || withMorale {
					want = append(want, c)
				}
			}
			if len(got) != len(want) || len(want) == 0 {
				t.Fatalf("got %d changes; want %d (> 0)", len(got), len(want))
			}
			for k := range want {
				g := got[k]
				g.OldMorale = 0 // the listeners are not told it
				if g != want[k] {
					t.Fatalf("change %d: got %+v; want %+v", k, g, want[k])
				}
			}
			// The old morale of a morale change is the new one of the one before.
			prev := map[*morale.Agent]float64{}
			for k, c := range got {
				if c.IsState {
					continue
				}
				p, ok := prev[c.Agent]
				if !ok {
					p = 1
				}
				if c.OldMorale != p {
					t.Fatalf("change %d: OldMorale %v; want %v", k, c.OldMorale, p)
				}
				prev[c.Agent] = c.Morale
			}
		})
	}
}

// TestTakeChangesCoalesce: with Coalesce, one change per agent and kind,
// from the first old to the last new since the last take, and none for an
// agent back where he started.
func TestTakeChangesCoalesce(t *testing.T) {
	w, all := changeFight(t, 30)
	if err := w.RecordChanges(morale.ChangeOptions{Morale: true, Coalesce: true}); err != nil {
		t.Fatal(err)
	}
	hit(t, w)
	w.Advance(1)
	all[0].ForceRout()
	all[1].ForceRout()
	all[1].Rally() // Routed and back: first old and last new are Steady? no: it was Shaken or Panicked first
	before := map[*morale.Agent]morale.State{}
	for _, a := range all {
		before[a] = a.State()
	}
	w.TakeChanges(nil)
	hit(t, w)
	for range 40 {
		w.Advance(0.25)
	}
	all[2].ForceRout()
	all[2].Rally()
	got := w.TakeChanges(nil)
	seen := map[*morale.Agent][2]int{}
	for _, c := range got {
		k := seen[c.Agent]
		if c.IsState {
			k[0]++
			if c.Old != before[c.Agent] || c.New != c.Agent.State() || c.Old == c.New {
				t.Errorf("agent %d: got %v → %v; want %v → %v", c.Tag, c.Old, c.New, before[c.Agent], c.Agent.State())
			}
		} else {
			k[1]++
			if c.Morale != c.Agent.Morale() {
				t.Errorf("agent %d: got morale %v; want %v", c.Tag, c.Morale, c.Agent.Morale())
			}
		}
		seen[c.Agent] = k
	}
	for a, k := range seen {
		if k[0] > 1 || k[1] > 1 {
			t.Errorf("agent %d: got %d state and %d morale changes; want at most 1 each", a.Tag(), k[0], k[1])
		}
	}
	for _, a := range all {
		if _, ok := seen[a]; !ok && a.State() != before[a] {
			t.Errorf("agent %d: got no change; want %v → %v", a.Tag(), before[a], a.State())
		}
	}
	if len(w.TakeChanges(nil)) != 0 {
		t.Errorf("a second take: got changes; want none")
	}
}

// TestCoalescedChangeHasTheLastTag: a coalesced change carries the tag the
// agent had at its last change, as it carries that change's reason: a game
// that gave the man another entity (SetTag) between two changes maps the
// change to the entity he is now, as a listener would be told.
func TestCoalescedChangeHasTheLastTag(t *testing.T) {
	for _, morale_ := range []bool{false, true} {
		w, all := changeFight(t, 4)
		if err := w.RecordChanges(morale.ChangeOptions{Morale: morale_, Coalesce: true}); err != nil {
			t.Fatal(err)
		}
		all[0].ForceRout() // a change of state (and of nothing else) under tag 100
		if err := all[0].SetMorale(0.5); err != nil {
			t.Fatal(err)
		}
		if err := all[0].SetTag(7); err != nil {
			t.Fatal(err)
		}
		all[0].Rally() // another of state, under tag 7
		if err := all[0].SetMorale(0.4); err != nil {
			t.Fatal(err)
		}
		all[0].ForceRout() // Steady → Routed, coalesced, under tag 7
		seen := map[bool]int{}
		for _, c := range w.TakeChanges(nil) {
			if c.Agent != all[0] {
				continue
			}
			seen[c.IsState]++
			if c.Tag != 7 {
				t.Errorf("Morale %v: a coalesced change (state %v) of the man retagged 7: got tag %d; want 7", morale_, c.IsState, c.Tag)
			}
		}
		if want := map[bool]int{true: 1, false: b2i(morale_)}; seen[true] != want[true] || seen[false] != want[false] {
			t.Errorf("Morale %v: got %d changes of state and %d of morale; want %d and %d", morale_, seen[true], seen[false], want[true], want[false])
		}
	}
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestTakeChangesCapacity: beyond Capacity changes are dropped and
// counted, the first ones kept; a take makes room again.
func TestTakeChangesCapacity(t *testing.T) {
	for _, coalesce := range []bool{false, true} {
		t.Run(fmt.Sprintf("coalesce=%v", coalesce), func(t *testing.T) {
			w, all := changeFight(t, 20)
			if err := w.RecordChanges(morale.ChangeOptions{Coalesce: coalesce, Capacity: 5}); err != nil {
				t.Fatal(err)
			}
			for _, a := range all {
				a.ForceRout()
			}
			got := w.TakeChanges(nil)
			if len(got) != 5 || w.ChangesDropped() != 15 {
				t.Fatalf("got %d changes, %d dropped; want 5, 15", len(got), w.ChangesDropped())
			}
			for k, c := range got {
				if c.Agent != all[k] || c.Tag != uint64(100+k) || c.New != morale.Routed {
					t.Errorf("change %d: got %+v; want agent %d routed", k, c, 100+k)
				}
			}
			all[19].Rally()
			if got := w.TakeChanges(nil); len(got) != 1 || w.ChangesDropped() != 15 {
				t.Errorf("after a take: got %d changes, %d dropped; want 1, 15", len(got), w.ChangesDropped())
			}
		})
	}
	w := &morale.World{}
	if err := w.RecordChanges(morale.ChangeOptions{Capacity: -1}); err == nil {
		t.Errorf("Capacity -1: got no error; want one")
	}
	if _, on := w.RecordingChanges(); on {
		t.Errorf("after a failed RecordChanges: recording; want not")
	}
}

// TestTakeChangesOfRemoved: the changes of an agent removed after them are
// kept, with his tag; his handle reads Removed. Clone holds the same
// changes, with its own handles.
func TestTakeChangesOfRemoved(t *testing.T) {
	for _, coalesce := range []bool{false, true} {
		t.Run(fmt.Sprintf("coalesce=%v", coalesce), func(t *testing.T) {
			w, all := changeFight(t, 10)
			if err := w.RecordChanges(morale.ChangeOptions{Coalesce: coalesce}); err != nil {
				t.Fatal(err)
			}
			all[3].ForceRout()
			all[7].ForceRout()
			w.Remove(all[3])
			all[9].ForceRout() // moved into 3's place
			c := w.Clone()
			for k, world := range []*morale.World{w, c} {
				got := world.TakeChanges(nil)
				tags := []uint64{}
				for _, ch := range got {
					tags = append(tags, ch.Tag)
					if ch.Agent.Removed() != (ch.Tag == 103) {
						t.Errorf("world %d, tag %d: Removed() = %v", k, ch.Tag, ch.Agent.Removed())
					}
					if !ch.Agent.Removed() && ch.Agent.Tag() != ch.Tag {
						t.Errorf("world %d: handle of tag %d reads tag %d", k, ch.Tag, ch.Agent.Tag())
					}
					if !ch.Agent.Removed() && world.Agent(ch.Agent.Index()) != ch.Agent {
						t.Errorf("world %d: tag %d's handle is not the world's", k, ch.Tag)
					}
				}
				if want := []uint64{103, 107, 109}; !slices.Equal(tags, want) {
					t.Errorf("world %d: got tags %v; want %v", k, tags, want)
				}
			}
			// The clone coalesces on its own from here.
			c.Agent(3).Rally()
			c.Agent(3).ForceRout()
			if got := c.TakeChanges(nil); len(got) != 2 && !coalesce || len(got) != 0 && coalesce {
				t.Errorf("clone after rally and rout: got %d changes", len(got))
			}
		})
	}
}

// TestCloneOneHandlePerRemovedAgent: a removed agent with several changes
// held (here of morale and of state) has one handle in the clone, as in the
// original, not a copy per change.
func TestCloneOneHandlePerRemovedAgent(t *testing.T) {
	for _, coalesce := range []bool{false, true} {
		t.Run(fmt.Sprintf("coalesce=%v", coalesce), func(t *testing.T) {
			w, all := changeFight(t, 10)
			if err := w.RecordChanges(morale.ChangeOptions{Morale: true, Coalesce: coalesce}); err != nil {
				t.Fatal(err)
			}
			hit(t, w)
			all[3].ForceRout()
			all[5].ForceRout()
			w.Remove(all[5])
			w.Remove(all[3])
			for k, world := range []*morale.World{w, w.Clone()} {
				handles := map[uint64][]*morale.Agent{}
				for _, ch := range world.TakeChanges(nil) {
					if ch.Tag == 103 || ch.Tag == 105 {
						handles[ch.Tag] = append(handles[ch.Tag], ch.Agent)
					}
				}
				for tag, hs := range handles {
					if len(hs) < 2 {
						t.Fatalf("world %d: got %d changes of removed agent %d; want 2 or more", k, len(hs), tag)
					}
					for _, h := range hs[1:] {
						if h != hs[0] || !h.Removed() {
							t.Errorf("world %d: removed agent %d's changes hold handles %p and %p (removed %v); want one removed handle", k, tag, hs[0], h, h.Removed())
						}
					}
				}
				if len(handles) != 2 || handles[103][0] == handles[105][0] {
					t.Errorf("world %d: got handles %v for the two removed agents; want one each, not shared", k, handles)
				}
			}
		})
	}
}

// TestNotRecording: a World that does not record returns dst unchanged,
// and StopRecordingChanges forgets what was held.
func TestNotRecording(t *testing.T) {
	w, all := changeFight(t, 4)
	all[0].ForceRout()
	dst := []morale.Change{{Tag: 1}}
	if got := w.TakeChanges(dst); len(got) != 1 {
		t.Errorf("not recording: got %d changes; want the 1 passed in", len(got))
	}
	if err := w.RecordChanges(morale.ChangeOptions{}); err != nil {
		t.Fatal(err)
	}
	all[1].ForceRout()
	w.StopRecordingChanges()
	all[2].ForceRout()
	if got := w.TakeChanges(nil); len(got) != 0 {
		t.Errorf("after StopRecordingChanges: got %d changes; want 0", len(got))
	}
}

// TestTakeChangesAllocs: once the buffers have grown, a frame that records
// and takes changes allocates nothing.
func TestTakeChangesAllocs(t *testing.T) {
	for _, opt := range []morale.ChangeOptions{{Morale: true}, {Morale: true, Coalesce: true}} {
		w, all := changeFight(t, 2000)
		if err := w.RecordChanges(opt); err != nil {
			t.Fatal(err)
		}
		var buf []morale.Change
		frame := func() {
			hit(t, w)
			for _, a := range all[:50] {
				a.Rally()
			}
			w.Advance(0.5)
			buf = w.TakeChanges(buf[:0])
		}
		for range 20 {
			frame()
		}
		if got := testing.AllocsPerRun(20, frame); got != 0 {
			t.Errorf("%+v: got %v allocations a frame; want 0", opt, got)
		}
	}
}

// An ECS game cannot change its entities inside a query, where listeners
// would be called: it records the changes and takes them after Advance,
// mapping each agent to its entity by tag.
func ExampleWorld_TakeChanges() {
	w, err := morale.NewWorld(morale.DefaultSettings(), 1)
	if err != nil {
		panic(err)
	}
	names := map[uint64]string{10: "Alvarez", 11: "Brandt", 12: "Chen"}
	for tag := range uint64(3) {
		w.Spawn(1, morale.Vec2{X: float64(tag) * 100}, morale.WithTag(10+tag), morale.WithNerve(0.2*float64(tag)))
	}
	if err := w.RecordChanges(morale.ChangeOptions{Coalesce: true}); err != nil {
		panic(err)
	}
	var changes []morale.Change // reused every frame: no allocation
	for frame := range 8 * 60 {
		if frame%60 == 0 {
			if err := w.ReportEventAtLocation(morale.Suppressed, morale.Vec2{}, 0, nil, 3); err != nil {
				panic(err)
			}
		}
		w.Advance(1.0 / 60)
		changes = w.TakeChanges(changes[:0])
		for _, c := range changes {
			fmt.Printf("%.2fs %s: %v → %v (%v)\n", w.Now(), names[c.Tag], c.Old, c.New, c.Why)
		}
	}
	fmt.Println("dropped:", w.ChangesDropped())
	// Output:
	// 2.25s Alvarez: Steady → Shaken (event Suppressed)
	// 2.25s Brandt: Steady → Shaken (event Suppressed)
	// 2.25s Chen: Steady → Shaken (contagion)
	// 3.25s Alvarez: Shaken → Panicked (event Suppressed)
	// 4.25s Brandt: Shaken → Panicked (event Suppressed)
	// 4.25s Chen: Shaken → Panicked (contagion)
	// 6.75s Alvarez: Panicked → Routed (rout timer)
	// 7.75s Brandt: Panicked → Routed (rout timer)
	// 7.75s Chen: Panicked → Routed (rout timer)
	// dropped: 0
}

// TestCoalescedChangeBackAtStartKeepsItsRoom: with Coalesce, a change back
// where it started, which TakeChanges does not return, keeps its room of
// Capacity until the take, as ChangeOptions.Capacity says (it may start
// again, and then takes no new room), in the World and through its
// savegame: with Capacity 2, after a man went 0.9 → 0.8 → 0.9 and a second
// 0.9 → 0.8, a third's change is dropped, and the take returns one change.
// A reviewer read the doc as promising room for the third.
func TestCoalescedChangeBackAtStartKeepsItsRoom(t *testing.T) {
	for _, viaSave := range []bool{false, true} {
		w, err := morale.NewWorld(morale.DefaultSettings(), 3)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.RecordChanges(morale.ChangeOptions{Morale: true, Coalesce: true, Capacity: 2}); err != nil {
			t.Fatal(err)
		}
		var men []*morale.Agent
		for i := range 3 {
			men = append(men, w.Spawn(1, morale.Vec2{X: float64(i) * 100}, morale.WithMorale(0.9), morale.WithTag(uint64(i))))
		}
		set := func(a *morale.Agent, m float64) {
			if err := a.SetMorale(m); err != nil {
				t.Fatal(err)
			}
		}
		set(men[0], 0.8)
		set(men[0], 0.9) // back where he started
		set(men[1], 0.8)
		if viaSave {
			l, err := morale.NewWorld(morale.DefaultSettings(), 1)
			if err != nil {
				t.Fatal(err)
			}
			load(t, l, saved(t, w))
			w = l
			men = slices.Collect(w.Agents())
		}
		set(men[2], 0.8) // no room: dropped
		set(men[0], 0.7) // his change starts again, in its room
		var tags []uint64
		for _, c := range w.TakeChanges(nil) {
			tags = append(tags, c.Tag)
		}
		if !slices.Equal(tags, []uint64{0, 1}) || w.ChangesDropped() != 1 {
			t.Errorf("through a save %v: got the changes of tags %v, %d dropped; want tags [0 1], 1 dropped", viaSave, tags, w.ChangesDropped())
		}
	}
}

// A listener's panic stops the telling of a step's changes, but not their
// recording: a game that recovers it and takes its changes each frame
// still learns every man's new state. Four men shaken in one step, the
// first change's listener panics: the other three were lost to
// TakeChanges, uncounted in ChangesDropped.
func TestTakeChangesAfterAListenersPanic(t *testing.T) {
	w := newTestWorld(t)
	if err := w.RecordChanges(morale.ChangeOptions{}); err != nil {
		t.Fatal(err)
	}
	var men []*morale.Agent
	for i := range 4 {
		men = append(men, w.Spawn(1, morale.Vec2{X: float64(i)}, morale.WithTag(uint64(i)), morale.WithNerve(0)))
	}
	if err := w.ReportEventAtLocation(morale.LeaderDown, morale.Vec2{}, 0, nil, 1); err != nil {
		t.Fatal(err)
	}
	once := true
	w.OnStateChanged(func(*morale.Agent, morale.State, morale.State, morale.Reason) {
		if once {
			once = false
			panic("a missing bark")
		}
	})
	view := map[uint64]morale.State{}
	var ch []morale.Change
	panics := 0
	for range 30 {
		func() {
			defer func() {
				if r := recover(); r != nil {
					panics++
				}
			}()
			w.Advance(1.0 / 60)
		}()
		ch = w.TakeChanges(ch[:0])
		for _, c := range ch {
			view[c.Tag] = c.New
		}
	}
	if panics != 1 {
		t.Fatalf("the listener panicked %d times; want 1", panics)
	}
	for _, m := range men {
		if m.State() == morale.Steady || view[m.Tag()] != m.State() {
			t.Errorf("man %d: State() %v, the last change TakeChanges gave %v; want the same, not Steady", m.Tag(), m.State(), view[m.Tag()])
		}
	}
	if got := w.ChangesDropped(); got != 0 {
		t.Errorf("ChangesDropped() = %d; want 0", got)
	}
}
