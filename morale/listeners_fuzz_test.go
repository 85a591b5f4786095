package morale_test

import (
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// FuzzListeners registers three listeners of each kind that act at random
// when called (rally, remove, report news to one agent or at a location,
// spawn, set morale, advance) and checks the listener rule: each listener sees
// every change in the order it happened, so that its view of every agent
// equals the truth after every call, and none is called for a removed agent.
// The World also records its changes (coalesced for inputs of odd length),
// taken after every call: each one starts where the last one of its agent
// ended, so that a view built from them equals the truth too.
func FuzzListeners(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 1, 0, 1, 0, 1, 1, 0, 9, 2, 3, 3, 3, 3, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Add([]byte{0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 1, 6, 13, 3, 6, 1, 4, 3, 3, 3, 3, 5, 2, 7, 6})
	var long []byte
	for i := range 200 {
		long = append(long, byte(i*37), byte(i*11), byte(i*5+3))
	}
	f.Add(long)

	f.Fuzz(func(t *testing.T, data []byte) {
		in := &fuzzInput{b: data}
		w, err := morale.NewWorld(morale.DefaultSettings(), uint64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		var agents []*morale.Agent
		moraleViews := make([]map[*morale.Agent]float64, 3)
		stateViews := make([]map[*morale.Agent]morale.State, 3)
		coalesce := len(data)%2 == 1
		if err := w.RecordChanges(morale.ChangeOptions{Morale: true, Coalesce: coalesce}); err != nil {
			t.Fatal(err)
		}
		pollMorale, pollState := map[*morale.Agent]float64{}, map[*morale.Agent]morale.State{}
		var changes []morale.Change
		for k := range 3 {
			moraleViews[k] = map[*morale.Agent]float64{}
			stateViews[k] = map[*morale.Agent]morale.State{}
		}
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("at byte %d: "+format, append([]any{in.i}, args...)...)
		}
		spawn := func(squad morale.SquadID, x float64, m float64) {
			a := w.Spawn(squad, morale.Vec2{X: x}, morale.WithMorale(m))
			agents = append(agents, a)
			pollMorale[a], pollState[a] = m, morale.Steady
			for k := range 3 {
				moraleViews[k][a] = m
				stateViews[k][a] = morale.Steady
			}
		}
		pickAgent := func() *morale.Agent {
			if len(agents) == 0 {
				return nil
			}
			return agents[in.pick(len(agents))]
		}
		// budget bounds the listeners' own actions, so that listeners
		// answering each other's changes cannot go on for ever.
		budget := 300
		act := func() {
			if budget <= 0 || !in.more() {
				return
			}
			budget--
			switch in.pick(12) {
			case 0:
				if a := pickAgent(); a != nil {
					a.Rally()
				}
			case 1:
				w.Remove(pickAgent())
			case 2:
				if a := pickAgent(); a != nil {
					_ = a.ReportEvent(fuzzEvents[in.pick(len(fuzzEvents))], in.frac()*2)
				}
			case 3:
				_ = w.ReportEventAtLocation(fuzzEvents[in.pick(len(fuzzEvents))], morale.Vec2{X: float64(in.pick(4)) * 1000}, 0, nil, in.frac())
			case 4:
				spawn(morale.SquadID(in.pick(3)), float64(in.pick(4))*1000, in.frac())
			case 5:
				if a := pickAgent(); a != nil {
					_ = a.SetMorale(in.frac())
				}
			case 6:
				if a := pickAgent(); a != nil {
					a.ForceRout()
				}
			case 7:
				w.Advance(0.25 * float64(in.pick(3)))
			default: // mostly nothing, so that the chains end
			}
		}
		for k := range 3 {
			view := moraleViews[k]
			w.OnMoraleChanged(func(a *morale.Agent, m float64, why morale.Reason) {
				if a.Removed() {
					fail("morale listener %d called for a removed agent", k)
				}
				if m == view[a] {
					fail("morale listener %d: change to %v (%v) repeats what it last saw", k, m, why)
				}
				view[a] = m
				act()
			})
		}
		for k := range 3 {
			view := stateViews[k]
			w.OnStateChanged(func(a *morale.Agent, old, new morale.State, why morale.Reason) {
				if a.Removed() {
					fail("state listener %d called for a removed agent", k)
				}
				if old != view[a] || old == new {
					fail("state listener %d: change %v→%v (%v), but it last saw %v", k, old, new, why, view[a])
				}
				view[a] = new
				act()
			})
		}
		for in.more() {
			budget = 300
			switch in.pick(8) {
			case 0, 1:
				spawn(morale.SquadID(in.pick(3)), float64(in.pick(4))*1000, in.frac())
			case 2:
				if a := pickAgent(); a != nil {
					_ = a.ReportEvent(fuzzEvents[in.pick(len(fuzzEvents))], in.frac()*3)
				}
			case 3:
				w.Advance(0.25 * float64(1+in.pick(8)))
			case 4:
				_ = w.ReportEventAtLocation(fuzzEvents[in.pick(len(fuzzEvents))], morale.Vec2{X: float64(in.pick(4)) * 1000}, 0, nil, 2*in.frac())
			case 5:
				w.RallySquad(morale.SquadID(in.pick(3)))
			case 6:
				if a := pickAgent(); a != nil {
					_ = a.SetMorale(in.frac())
				}
			case 7:
				if a := pickAgent(); a != nil {
					a.ForceRout()
				}
			}
			changes = w.TakeChanges(changes[:0])
			seen := map[[2]any]bool{}
			for _, c := range changes {
				if coalesce && seen[[2]any{c.Agent, c.IsState}] {
					fail("coalesced changes: agent %d twice (state %v)", c.Tag, c.IsState)
				}
				seen[[2]any{c.Agent, c.IsState}] = true
				if c.IsState {
					if c.Old != pollState[c.Agent] || c.Old == c.New {
						fail("taken change %v→%v (%v), but the last one ended at %v", c.Old, c.New, c.Why, pollState[c.Agent])
					}
					pollState[c.Agent] = c.New
				} else {
					if c.OldMorale != pollMorale[c.Agent] || c.OldMorale == c.Morale {
						fail("taken change of morale %v→%v (%v), but the last one ended at %v", c.OldMorale, c.Morale, c.Why, pollMorale[c.Agent])
					}
					pollMorale[c.Agent] = c.Morale
				}
			}
			if w.ChangesDropped() != 0 {
				fail("%d changes dropped", w.ChangesDropped())
			}
			for _, a := range agents {
				if a.Removed() {
					continue
				}
				if pollMorale[a] != a.Morale() || pollState[a] != a.State() {
					fail("taken changes end at %v %v; Morale() = %v, State() = %v", pollMorale[a], pollState[a], a.Morale(), a.State())
				}
				for k := range 3 {
					if got := moraleViews[k][a]; got != a.Morale() {
						fail("morale listener %d believes %v; Morale() = %v", k, got, a.Morale())
					}
					if got := stateViews[k][a]; got != a.State() {
						fail("state listener %d believes %v; State() = %v", k, got, a.State())
					}
				}
			}
		}
	})
}
