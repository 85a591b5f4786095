package morale_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// FuzzReferenceWorld drives a World and the reference World with the same
// fuzzed calls and compares them bit for bit after each call.
func FuzzReferenceWorld(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 0, 1, 2, 7, 0, 1, 3, 4, 255, 0, 2, 9, 9, 0, 3, 2, 1, 1, 3, 0, 5, 6, 0, 0, 5, 6, 6, 6, 6, 6})
	var battle []byte
	for i := range 12 {
		battle = append(battle, 0, byte(i%3), byte(i*30), byte(i*17), byte(i*37), byte(i*91))
	}
	for i := range 40 {
		battle = append(battle, 2, byte(i), byte(i*3), 3, 3, byte(i*7), byte(i*11), byte(i), 1, 5, 6, byte(i), 6, 4)
		if i%5 == 0 {
			battle = append(battle, 8, byte(i), 9, byte(i), 12, byte(i*13), 3, 2)
		}
		if i%7 == 0 {
			battle = append(battle, 10, byte(i), byte(i*29), 4, byte(i), 11, byte(i), 13, byte(i), 14, byte(i))
		}
	}
	f.Add(battle)
	for k := range byte(16) {
		f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 2, 2, 2, 2, 2, k, 3, 5, 7, 9, 11, 6, 6, k, 200, 100, 50, 6, 7, k, 1, 2, 3, 4, 5, 6})
	}

	// A laptop that slept: an hour, then 1e9 s and 1e308 s, past
	// MaxAdvanceSteps and MaxWorldSeconds.
	f.Add([]byte{0, 0, 0, 1, 1, 4, 0, 1, 0, 2, 2, 0, 2, 0, 1, 3, 4, 250, 0, 4, 251, 0, 2, 1, 0, 3, 4, 252, 0, 4, 4, 0, 6, 0, 4, 251, 0})
	f.Add(sortingBattle())
	f.Fuzz(runAgainstReference)
}

// sortingBattle is a fuzz input in which the World sorts its agents
// several times: crowds of SortMinAgents spawned at once, steps, moves
// across cells, events at locations, removals and a new NoEffectRadius.
func sortingBattle() []byte {
	data := []byte{0, 1, 0, 10, 10, 32, 4, 4, 0} // a crowd, a step: the first sort
	for k := range byte(60) {
		data = append(data, 12, k*7, 3, k*5, k*11) // moves across cells
		if k%6 == 0 {
			data = append(data, 3, k, 0, k*3, k*2, 1, 4, 0, 3) // an event at a location
		}
		if k%9 == 0 {
			data = append(data, 14, k*13) // a removal
		}
	}
	data = append(data, 4, 4, 0, 0, 2, 3, 100, 3, 36) // a step, another crowd far away
	for k := range byte(40) {
		data = append(data, 12, k*5, 0, k*9, k*3, 4, 4, 0, 3, k, 0, k, k, 1, 5, 0, 3)
	}
	// A retune of NoEffectRadius (every agent's cell changes), then steps.
	return append(data, 10, 11, 100, 4, 4, 0, 12, 1, 3, 200, 200, 4, 4, 0, 5, 6, 0)
}

// TestReferenceWorldSorts runs sortingBattle: the World sorts its agents by
// the documented rule, and the reference, which sorts by the same rule,
// agrees on every agent, the World's order and every listener call.
func TestReferenceWorldSorts(t *testing.T) {
	runAgainstReference(t, sortingBattle())
}

// TestReferenceWorldWindows runs a World of several sort windows against the
// reference, windows of 4096 places (SetSortWindow): 2⅓ windows of agents
// spawned at random places, then steps
// with moves, removals, spawns and events between them, so that windows
// sort in turn, come apart again and shrink.
func TestReferenceWorldWindows(t *testing.T) {
	const win = 4096
	s := morale.DefaultSettings()
	w, err := morale.NewWorld(s, 12)
	if err != nil {
		t.Fatal(err)
	}
	w.SetSortWindow(win)
	w.SetStepChunk(morale.TestStepChunk)
	ref := newRefWorld(s)
	ref.winSize, ref.chunk = win, morale.TestStepChunk
	realLog := map[*morale.Agent][]string{}
	w.OnMoraleChanged(func(a *morale.Agent, m float64, why morale.Reason) {
		realLog[a] = append(realLog[a], fmt.Sprintf("morale %x %v", math.Float64bits(m), why))
	})
	w.OnStateChanged(func(a *morale.Agent, old, new morale.State, why morale.Reason) {
		realLog[a] = append(realLog[a], fmt.Sprintf("state %v→%v %v", old, new, why))
	})
	var all []*morale.Agent
	r := rand.New(rand.NewPCG(12, 13))
	spawn := func() {
		at := morale.Vec2{X: r.Float64() * 200000, Y: r.Float64() * 200000}
		sq := morale.SquadID(r.IntN(40))
		a := w.Spawn(sq, at, morale.WithMorale(0.3+0.7*r.Float64()))
		ref.spawn(a, sq, at, a.Morale(), a.Nerve(), false, true)
		all = append(all, a)
	}
	n := 2*win + win/3
	for range n {
		spawn()
	}
	checked := map[*morale.Agent]int{}
	op := "spawns"
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("after %s: "+format, append([]any{op}, args...)...)
	}
	for step := range 8 {
		op = fmt.Sprintf("step %d", step)
		switch step % 4 {
		case 1: // a window's worth of agents moves into the next cell
			for k := range win / 3 {
				a := ref.agents[(step*7919+k*3)%len(ref.agents)]
				p := morale.Vec2{X: a.pos.X + s.NoEffectRadius, Y: a.pos.Y}
				a.real.SetPosition(p)
				ref.setPosition(a, p)
			}
		case 2: // removals, enough to empty the last window, then spawns
			for range win / 2 {
				a := ref.agents[r.IntN(len(ref.agents))]
				w.Remove(a.real)
				ref.remove(a)
			}
			for range win / 5 {
				spawn()
			}
		case 3:
			at := ref.agents[r.IntN(len(ref.agents))].pos
			if err := w.ReportEventAtLocation(morale.AllyDown, at, 0, nil, 2); err != nil {
				t.Fatal(err)
			}
			if err := ref.reportAt(morale.AllyDown, at, 0, nil, 2); err != nil {
				t.Fatal(err)
			}
		}
		w.Advance(s.SquadUpdateInterval)
		ref.advance(s.SquadUpdateInterval)
		compareWithReference(t, w, ref, all, realLog, checked, fail)
	}
}

// A battle through which 70 squads and 70 grid cells come and go, so that
// the World compacts both on the way and must still agree with the
// reference.
func TestReferenceWorldThroughCompaction(t *testing.T) {
	var data []byte
	for k := range byte(70) {
		data = append(data, 0, 0, 3, k, 0, 0) // spawn in squad 0, in cell k
	}
	for k := range byte(70) {
		data = append(data, 11, k, 100+k) // agent k to squad 100+k
	}
	data = append(data, 3, 0, 3, 0, 0, 4, 0, 4, 4, 0) // AllyDown at the origin, everywhere
	for k := range 70 {
		data = append(data, 14, 0) // remove one
		if k%10 == 0 {
			data = append(data, 4, 4, 0, 2, 1, 1, 3) // step, news for another
		}
	}
	runAgainstReference(t, data)
	for range 3 {
		data = append(data, 0, 1, 3, 9, 9, 0) // and new ones in the compacted World
	}
	runAgainstReference(t, append(data, 4, 4, 0, 3, 1, 3, 9, 9, 0, 1, 3, 4, 4, 0))
}

// runAgainstReference drives a World and the reference with the calls data
// encodes and compares them after each call.
func runAgainstReference(t *testing.T, data []byte) {
	{
		in := &fuzzInput{b: data}
		s := morale.DefaultSettings()
		s.Weights["Artillery"] = -0.3
		w, err := morale.NewWorld(s, uint64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		ref := newRefWorld(s)
		realLog := map[*morale.Agent][]string{}
		w.OnMoraleChanged(func(a *morale.Agent, m float64, why morale.Reason) {
			realLog[a] = append(realLog[a], fmt.Sprintf("morale %x %v", math.Float64bits(m), why))
		})
		w.OnStateChanged(func(a *morale.Agent, old, new morale.State, why morale.Reason) {
			realLog[a] = append(realLog[a], fmt.Sprintf("state %v→%v %v", old, new, why))
		})
		var all []*morale.Agent // every agent ever spawned
		checked := map[*morale.Agent]int{}
		agent := func() *refAgent {
			k := in.pick(256)
			if len(ref.agents) == 0 {
				return nil
			}
			return ref.agents[k%len(ref.agents)]
		}
		// Positions mostly within one battlefield, sometimes across
		// hundreds of grid cells, so that cells come and go.
		pos := func() morale.Vec2 {
			spread := []float64{40, 40, 40, 40000}[in.pick(4)]
			return morale.Vec2{X: float64(in.byte())*spread - 2000, Y: float64(in.byte()) * 40}
		}
		var op string
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("after %s (byte %d): "+format, append([]any{op, in.i}, args...)...)
		}
		for ops := 0; in.more() && ops < 300 && w.Steps() < 3000; ops++ {
			switch in.pick(16) {
			case 0, 1: // spawn
				squad := morale.SquadID(in.pick(4))
				at := pos()
				flags := in.byte()
				var opts []morale.SpawnOption
				m, nerve := 1.0, -1.0
				if flags&1 != 0 {
					nerve = float64(in.byte())/250 - 0.01 // sometimes out of range
					opts = append(opts, morale.WithNerve(nerve))
				}
				if flags&2 != 0 {
					opts = append(opts, morale.WithoutContagion())
				}
				if flags&4 != 0 {
					m = float64(in.byte())/250 - 0.01
					opts = append(opts, morale.WithMorale(m))
				}
				if flags&8 != 0 {
					opts = append(opts, morale.AsLeader())
				}
				if flags&16 != 0 {
					at.X = math.NaN()
				}
				op = fmt.Sprintf("TrySpawn(%v, %v, flags %b)", squad, at, flags)
				a, err := w.TrySpawn(squad, at, opts...)
				bad := !(m >= 0 && m <= 1) || (flags&1 != 0 && !(nerve >= 0 && nerve <= 1)) || !refFinite(at)
				if bad != (err != nil) {
					fail("error %v; want an error: %v", err, bad)
				}
				if err != nil {
					break
				}
				if flags&1 != 0 && a.Nerve() != nerve {
					fail("nerve %v; want the pinned %v", a.Nerve(), nerve)
				}
				ref.spawn(a, squad, at, m, a.Nerve(), flags&2 != 0, flags&4 != 0)
				all = append(all, a)
				if flags&32 != 0 && len(ref.agents) < 2*morale.SortMinAgents {
					// A crowd around him, enough for the World to sort
					// its agents at the next step.
					for k := range morale.SortMinAgents {
						p := morale.Vec2{X: at.X + float64((k*37)%97)*61, Y: at.Y + float64((k*53)%89)*43}
						c := w.Spawn(squad+morale.SquadID(k%3), p, opts...)
						ref.spawn(c, squad+morale.SquadID(k%3), p, m, c.Nerve(), flags&2 != 0, flags&4 != 0)
						all = append(all, c)
					}
				}
			case 2: // event on one agent
				a := agent()
				e := fuzzEvents[in.pick(len(fuzzEvents))]
				scale := fuzzScales[in.pick(len(fuzzScales))]
				if a == nil {
					break
				}
				op = fmt.Sprintf("ReportEvent(%v, %v)", e, scale)
				if got, want := a.real.ReportEvent(e, scale), ref.reportEvent(a, e, scale); (got != nil) != (want != nil) {
					fail("error %v; want error %v", got, want)
				}
			case 3: // event at a location
				e := fuzzEvents[in.pick(len(fuzzEvents))]
				at := pos()
				if in.pick(16) == 0 {
					at.Y = math.Inf(1)
				}
				radius := fuzzRadii[in.pick(len(fuzzRadii))]
				var squads []morale.SquadID
				for range in.pick(3) {
					squads = append(squads, morale.SquadID(in.pick(6)))
				}
				scale := fuzzScales[in.pick(len(fuzzScales))]
				op = fmt.Sprintf("ReportEventAtLocation(%v, %v, %v, %v, %v)", e, at, radius, squads, scale)
				got := w.ReportEventAtLocation(e, at, radius, squads, scale)
				if want := ref.reportAt(e, at, radius, squads, scale); (got != nil) != (want != nil) {
					fail("error %v; want error %v", got, want)
				}
			case 4, 5: // time passes
				dt := in.dt()
				if k := in.pick(4); k > 0 {
					dt = float64(in.byte()) * 0.01 * float64(k)
				}
				op = fmt.Sprintf("Advance(%v)", dt)
				w.Advance(dt)
				ref.advance(dt)
			case 6: // rally one
				if a := agent(); a != nil {
					op = "Rally"
					a.real.Rally()
					ref.rally(a)
				}
			case 7: // rally a squad
				id := morale.SquadID(in.pick(5))
				op = fmt.Sprintf("RallySquad(%v)", id)
				w.RallySquad(id)
				for _, a := range ref.agents {
					if a.squad == id {
						ref.rally(a)
					}
				}
			case 8: // force a rout
				if a := agent(); a != nil {
					op = "ForceRout"
					a.real.ForceRout()
					ref.setState(a, morale.Routed, ref.now, morale.Reason{Kind: morale.ByForcedRout})
				}
			case 9: // set morale, sometimes out of range
				a := agent()
				v := float64(in.byte())/250 - 0.01
				if a != nil {
					op = fmt.Sprintf("SetMorale(%v)", v)
					err := a.real.SetMorale(v)
					if ok := v >= 0 && v <= 1; ok != (err == nil) {
						fail("error %v", err)
					} else if ok {
						ref.byHand(a, v)
					}
				}
			case 10: // retune a setting, sometimes badly
				params := morale.Params()
				p := params[in.pick(len(params))]
				st := w.Settings()
				b := in.byte()
				v := p.Min + (p.Max-p.Min)*float64(b)/250
				if b > 250 {
					v = -1
				}
				p.Set(&st, v)
				op = fmt.Sprintf("SetSettings(%s = %v)", p.Name, v)
				err := w.SetSettings(st)
				if (err == nil) != (st.Validate() == nil) {
					fail("error %v; Validate says %v", err, st.Validate())
				}
				if err == nil {
					ref.setSettings(st)
				}
			case 11: // change squad: one of many, so that squads come and go
				a := agent()
				id := morale.SquadID(in.byte())
				if a != nil {
					op = fmt.Sprintf("SetSquad(%v)", id)
					a.real.SetSquad(id)
					ref.setSquad(a, id)
				}
			case 12: // move
				a := agent()
				p := pos()
				if a != nil {
					op = fmt.Sprintf("SetPosition(%v)", p)
					a.real.SetPosition(p)
					ref.setPosition(a, p)
				}
			case 13: // custom news
				a := agent()
				v := (float64(in.byte()) - 128) / 128
				if a != nil {
					op = fmt.Sprintf("ReportCustomEvent(%v)", v)
					if err := a.real.ReportCustomEvent(v); err != nil {
						fail("error %v", err)
					}
					if v != 0 {
						ref.news(a, v, 1, morale.Reason{Kind: morale.ByCustomEvent})
					}
				}
			case 14: // remove
				if a := agent(); a != nil {
					op = "Remove"
					w.Remove(a.real)
					ref.remove(a)
				}
			case 15: // set nerve
				a := agent()
				v := float64(in.byte()) / 250
				if a != nil && v <= 1 {
					op = fmt.Sprintf("SetNerve(%v)", v)
					if err := a.real.SetNerve(v); err != nil {
						fail("error %v", err)
					}
					a.nerve = v
				}
			}
			if os.Getenv("REFDEBUG") != "" { // REFDEBUG=1 go test -run ... lists the calls
				t.Logf("%s", op)
			}
			compareWithReference(t, w, ref, all, realLog, checked, fail)
		}
	}
}

// compareWithReference checks that w and ref agree bit for bit.
func compareWithReference(t *testing.T, w *morale.World, ref *refWorld, all []*morale.Agent,
	realLog map[*morale.Agent][]string, checked map[*morale.Agent]int, fail func(string, ...any)) {
	t.Helper()
	if got, want := w.Now(), float64(ref.now)/refTicks; got != want {
		fail("Now() = %v; want %v", got, want)
	}
	if got, want := w.Steps(), ref.steps; got != want {
		fail("Steps() = %v; want %v", got, want)
	}
	if got, want := w.DroppedSeconds(), ref.dropped; got != want {
		fail("DroppedSeconds() = %v; want %v", got, want)
	}
	if w.Len() != len(ref.agents) {
		fail("Len() = %d; want %d", w.Len(), len(ref.agents))
	}
	if err := w.CheckBreaks(); err != nil {
		fail("%v", err)
	}
	k := 0
	for a := range w.Agents() { // the documented order
		if a != ref.agents[k].real {
			fail("agent %d of the World's order is not the reference's", k)
		}
		k++
	}
	for k, real := range all {
		a := ref.find(real)
		if a == nil {
			if !real.Removed() {
				fail("agent %d: live; want removed", k)
			}
			continue
		}
		sn := real.Snapshot()
		if math.Float64bits(sn.Morale) != math.Float64bits(a.morale) || sn.State != a.state ||
			sn.Nerve != a.nerve || sn.Squad != a.squad || sn.Position != a.pos || sn.LastReason != a.why {
			fail("agent %d: morale %v (%x), %v, nerve %v, squad %v at %v, last %v; want %v (%x), %v, nerve %v, squad %v at %v, last %v",
				k, sn.Morale, math.Float64bits(sn.Morale), sn.State, sn.Nerve, sn.Squad, sn.Position, sn.LastReason,
				a.morale, math.Float64bits(a.morale), a.state, a.nerve, a.squad, a.pos, a.why)
		}
		got, want := realLog[real], ref.log[real]
		if len(got) != len(want) {
			fail("agent %d: listeners heard %q; want %q", k, got, want)
		}
		// The entries before checked[real] were compared after an earlier call.
		for j := checked[real]; j < len(got); j++ {
			if got[j] != want[j] {
				fail("agent %d: listener call %d was %q; want %q", k, j, got[j], want[j])
			}
		}
		checked[real] = len(got)
	}
}
