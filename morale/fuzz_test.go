package morale_test

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// fuzzInput decodes the fuzz bytes; past the end it reads zeros.
type fuzzInput struct {
	b []byte
	i int
}

func (in *fuzzInput) more() bool { return in.i < len(in.b) }

func (in *fuzzInput) byte() byte {
	if in.i >= len(in.b) {
		return 0
	}
	in.i++
	return in.b[in.i-1]
}

func (in *fuzzInput) pick(n int) int { return int(in.byte()) % n }

// frac returns a number in 0..1 in 1/255 steps.
func (in *fuzzInput) frac() float64 { return float64(in.byte()) / 255 }

var (
	fuzzEvents = []morale.Event{morale.AllyDown, morale.LeaderDown, morale.TookDamage, morale.Suppressed,
		morale.Outnumbered, morale.LowHealth, morale.EnemyDown, morale.ReinforcementsArrived,
		morale.LeaderNearby, morale.Rest, "Artillery", "NoSuchEvent"}
	fuzzScales = []float64{0, 0.25, 0.5, 1, 1, 1.7, 3, 40, -1, -0.0001, math.NaN(), math.Inf(1), math.Inf(-1)}
	fuzzDts    = []float64{1.0 / 60, 1.0 / 30, 1.0 / 64, 0.1, 0.25, 0.013, 0.37, 1.7, 5, 0, -1, math.NaN(), math.Inf(1), 1e-10}
	fuzzRadii  = []float64{0, -5, 300, 1000, 3000, 1e6, math.NaN(), math.Inf(1), math.Inf(-1)}
)

// fuzzLongDts are the catch-ups a game that slept would ask for: an hour,
// and more than MaxAdvanceSteps steps or MaxWorldSeconds allow.
var fuzzLongDts = []float64{3600, 1e9, 1e308}

// dt returns a time step: one of fuzzDts, or for bytes 250..255 (rare, as
// they are slow) one of fuzzLongDts.
func (in *fuzzInput) dt() float64 {
	b := in.byte()
	if b >= 250 {
		return fuzzLongDts[int(b-250)%len(fuzzLongDts)]
	}
	return fuzzDts[int(b)%len(fuzzDts)]
}

func badScale(v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) || v < 0 }

// FuzzWorld drives a World with random operations and checks after each one
// that morale stays in 0..1 and is never NaN, that the state agrees with the
// morale once the dwell time has passed, that bad input changes nothing, and
// that the listeners saw every change of every agent.
func FuzzWorld(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 2, 1, 0, 4, 4, 4, 4})
	f.Add([]byte{
		0, 1, 10, 20, 0, 0, 1, 30, 40, 1, 0, 1, 50, 60, 2, 0, 2, 70, 80, 4, // spawns
		3, 1, 0, 0, 0, 0, 3, // AllyDown at the origin
		4, 7, 4, 7, 4, 7, 4, 7, 4, 7, 4, 7, 4, 7, 4, 7, // 1.7 s at a time
		2, 0, 1, 7, 2, 1, 1, 7, 4, 8, 4, 8, // LeaderDown ×40, 5 s
		5, 0, 7, 1, 4, 3, 6, 1, 4, 4, 4, 4, 4, 8,
		8, 2, 255, 8, 2, 100, 9, 1, 200, 10, 7, 3, 10, 3, 200, 4, 5, 4, 5,
	})
	// Heavy fire on a timer, then a rally, then more time.
	var battle []byte
	for i := range 8 {
		battle = append(battle, 0, byte(i%3), byte(i*30), byte(i*17), byte(i*37))
	}
	for range 30 {
		battle = append(battle, 3, 3, 128, 128, 0, 0, 4, 4, 4, 4, 4, 4, 4, 4)
	}
	battle = append(battle, 6, 1, 4, 8, 4, 8, 11, 2, 1, 12, 3, 9, 9, 13, 1, 10, 4, 8)
	f.Add(battle)
	f.Add(append([]byte{255}, battle...)) // the same with listeners that report news
	// Issue 7, item 5: an hour, 1e9 s and 1e308 s in one call each.
	f.Add([]byte{0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 3, 3, 128, 128, 0, 0, 4, 250, 4, 251, 2, 0, 1, 7, 4, 252, 4, 4})
	for _, k := range []byte{0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14} {
		f.Add([]byte{0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 2, 2, 2, 2, 2, 4, 4, k, 3, 5, 7, 9, 4, 8, k, 200, 100, 50, 4, 7})
	}

	// SetPositions (op 12 with a byte below 128) among 20 men: in the
	// World's order and the fuzzer's, an agent twice, the last in another's
	// place, two swapped, half, each good, then bad elements; then an event
	// at a location and time, which read the grid the moves left. With 20,
	// one man out of place keeps SetPositions on its fast path.
	var spawns []byte
	for i := range 20 {
		spawns = append(spawns, 0, byte(i%4), byte(10+i*11), byte(250-i*12), 0)
	}
	for _, how := range []byte{48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 0, 3, 5, 21, 40, 41} { // good lists, then bad ones
		seed, n := append(slices.Clone(spawns), 12, how), 20
		switch how >> 1 & 7 {
		case 1:
			seed, n = append(seed, 2), n+1
		case 2:
			seed, n = append(seed, 7), n-1
		case 3:
			seed = append(seed, 1, 3)
		case 4:
			n /= 2
		}
		for k := range n {
			seed = append(seed, byte(40+13*k), byte(230-11*k))
		}
		if how>>4&7 < 3 {
			seed = append(seed, 1) // the bad element's place
		}
		f.Add(append(seed, 3, 0, 60, 60, 2, 0, 0, 3, 4, 7))
	}

	f.Fuzz(func(t *testing.T, data []byte) {
		in := &fuzzInput{b: data}
		// An input starting with 255 gets listeners that call back into the
		// World, as a game's would; the state checks then allow for news
		// arriving from listeners after a step resolved the states.
		reentrant := len(data) > 0 && data[0] == 255
		s := morale.DefaultSettings()
		s.Weights["Artillery"] = -0.3
		w, err := morale.NewWorld(s, uint64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		var agents []*morale.Agent
		seenMorale := map[*morale.Agent]float64{}
		seenState := map[*morale.Agent]morale.State{}
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("op at byte %d: "+format, append([]any{in.i}, args...)...)
		}
		w.OnMoraleChanged(func(a *morale.Agent, m float64, why morale.Reason) {
			last, ok := seenMorale[a]
			if !ok {
				fail("OnMoraleChanged for an agent that is not in the World (removed: %v)", a.Removed())
			}
			if m == last {
				fail("OnMoraleChanged(%v, %v) repeats the last value; want only real changes", m, why)
			}
			if !(m >= 0 && m <= 1) {
				fail("OnMoraleChanged(%v); want 0..1", m)
			}
			if why.Kind == 0 {
				fail("OnMoraleChanged(%v) with no reason", m)
			}
			seenMorale[a] = m
		})
		w.OnStateChanged(func(a *morale.Agent, old, new morale.State, why morale.Reason) {
			last, ok := seenState[a]
			if !ok {
				fail("OnStateChanged for an agent that is not in the World")
			}
			if old != last || old == new {
				fail("OnStateChanged(%v→%v, %v) but listeners last saw %v", old, new, why, last)
			}
			if why.Kind == 0 {
				fail("OnStateChanged(%v→%v) with no reason", old, new)
			}
			seenState[a] = new
			if reentrant && new == morale.Panicked {
				_ = w.ReportEventAtLocation(morale.AllyDown, a.Position(), 0, nil, 0.5)
			}
			if reentrant && new == morale.Routed {
				_ = a.ReportEvent(morale.Rest, 1)
			}
		})

		agent := func() *morale.Agent {
			if len(agents) == 0 {
				in.byte()
				return nil
			}
			return agents[in.pick(len(agents))]
		}
		snapshot := func() []morale.Snapshot {
			out := make([]morale.Snapshot, len(agents))
			for i, a := range agents {
				out[i] = a.Snapshot()
			}
			return out
		}
		unchanged := func(before []morale.Snapshot, what string) {
			t.Helper()
			for i, a := range agents {
				if got := a.Snapshot(); got != before[i] {
					fail("%s returned an error but changed agent %d: %+v; was %+v", what, i, got, before[i])
				}
			}
		}

		// Bounded work per input: at most 400 operations and 4000 steps, so
		// that a tiny SquadUpdateInterval with long Advances cannot make one
		// input take seconds and stall the fuzzer.
		for ops := 0; in.more() && ops < 400 && w.Steps() < 4000; ops++ {
			stepsBefore := w.Steps()
			switch op := in.pick(15); op {
			case 0, 14: // spawn
				if len(agents) >= 48 {
					break
				}
				squad := morale.SquadID(in.pick(4))
				at := morale.Vec2{X: float64(in.byte()) * 25, Y: float64(in.byte()) * 25}
				flags := in.byte()
				var opts []morale.SpawnOption
				wantMorale := 1.0
				if flags&1 != 0 {
					opts = append(opts, morale.WithNerve(in.frac()))
				}
				if flags&2 != 0 {
					opts = append(opts, morale.WithoutContagion())
				}
				if flags&4 != 0 {
					wantMorale = in.frac()
					opts = append(opts, morale.WithMorale(wantMorale))
				}
				if flags&8 != 0 {
					opts = append(opts, morale.AsLeader())
				}
				a := w.Spawn(squad, at, opts...)
				if a.Morale() != wantMorale || a.State() != morale.Steady || a.Squad() != squad || a.Position() != at {
					fail("Spawn: %+v; want morale %v, Steady, squad %v at %v", a.Snapshot(), wantMorale, squad, at)
				}
				if n := a.Nerve(); !(n >= 0 && n <= 1) {
					fail("Spawn: nerve %v; want 0..1", n)
				}
				agents = append(agents, a)
				seenMorale[a], seenState[a] = a.Morale(), a.State()
			case 1: // remove
				if len(agents) == 0 {
					break
				}
				k := in.pick(len(agents))
				a := agents[k]
				w.Remove(a)
				agents = append(agents[:k], agents[k+1:]...)
				delete(seenMorale, a)
				delete(seenState, a)
				if !a.Removed() || !errors.Is(a.ReportEvent(morale.AllyDown, 1), morale.ErrRemoved) {
					fail("removed agent still live")
				}
			case 2: // event
				a := agent()
				e := fuzzEvents[in.pick(len(fuzzEvents))]
				scale := fuzzScales[in.pick(len(fuzzScales))]
				if a == nil {
					break
				}
				before := snapshot()
				old := a.Morale()
				err := a.ReportEvent(e, scale)
				if badScale(scale) {
					if err == nil {
						fail("ReportEvent(%v, %v) = nil; want an error", e, scale)
					}
					unchanged(before, "ReportEvent")
					break
				}
				if err != nil {
					fail("ReportEvent(%v, %v) = %v; want nil", e, scale, err)
				}
				weight := w.Settings().Weights[e]
				if !reentrant {
					if want := morale.ApplyMoraleEvent(old, weight, scale, a.Nerve()); a.Morale() != want {
						fail("ReportEvent(%v, %v) from %v: %v; want %v", e, scale, old, a.Morale(), want)
					}
				}
				if weight*scale == 0 {
					unchanged(before, "a zero-worth event") // not news either
				}
			case 3: // event at a location
				e := fuzzEvents[in.pick(len(fuzzEvents))]
				at := morale.Vec2{X: float64(in.byte()) * 25, Y: float64(in.byte()) * 25}
				switch in.pick(8) {
				case 0:
					at.X = math.NaN()
				case 1:
					at.Y = math.Inf(-1)
				}
				radius := fuzzRadii[in.pick(len(fuzzRadii))]
				var squads []morale.SquadID
				for range in.pick(3) {
					squads = append(squads, morale.SquadID(in.pick(6)))
				}
				scale := fuzzScales[in.pick(len(fuzzScales))]
				before := snapshot()
				err := w.ReportEventAtLocation(e, at, radius, squads, scale)
				bad := badScale(scale) || math.IsNaN(radius) || math.IsInf(radius, 0) ||
					math.IsNaN(at.X) || math.IsInf(at.X, 0) || math.IsNaN(at.Y) || math.IsInf(at.Y, 0)
				if bad != (err != nil) {
					fail("ReportEventAtLocation(%v, %v, %v, %v, %v) = %v; want error %v", e, at, radius, squads, scale, err, bad)
				}
				if bad {
					unchanged(before, "ReportEventAtLocation")
					break
				}
				if reentrant {
					break
				}
				// Each agent in reach took exactly its share; the others nothing.
				st := w.Settings()
				r := radius
				if r <= 0 {
					r = st.NoEffectRadius
				}
				for i, a := range agents {
					inFilter := len(squads) == 0
					for _, id := range squads {
						inFilter = inFilter || id == a.Squad()
					}
					d := a.Position().Dist(at) // the World's own, portable distance
					want := before[i].Morale
					if inFilter && d <= r {
						want = morale.ApplyMoraleEvent(want, st.Weights[e], scale*morale.DistanceFalloff(d, st.FullEffectRadius, st.NoEffectRadius), a.Nerve())
					}
					if !near(a.Morale(), want, 1e-12) {
						fail("ReportEventAtLocation(%v, %v, r %v, %v, %v): agent %d at distance %v squad %v: %v; want %v",
							e, at, radius, squads, scale, i, d, a.Squad(), a.Morale(), want)
					}
				}
			case 4: // time passes
				w.Advance(in.dt())
			case 5: // rally one
				a := agent()
				if a == nil {
					break
				}
				a.Rally()
				st := w.Settings()
				if a.State() != morale.Steady || a.Morale() < math.Min(1, st.ShakenBelow+st.Hysteresis) {
					if !reentrant {
						fail("Rally: %v at %v; want Steady with morale ≥ %v", a.State(), a.Morale(), st.ShakenBelow+st.Hysteresis)
					}
				}
			case 6: // rally a squad
				id := morale.SquadID(in.pick(5))
				w.RallySquad(id)
				if !reentrant {
					for _, a := range agents {
						if a.Squad() == id && a.State() != morale.Steady {
							fail("RallySquad(%v): a member is %v; want Steady", id, a.State())
						}
					}
				}
			case 7: // force a rout
				if a := agent(); a != nil {
					a.ForceRout()
					if a.State() != morale.Routed {
						fail("ForceRout: %v; want Routed", a.State())
					}
				}
			case 8: // set morale; above 250 is out of range
				a := agent()
				b := in.byte()
				v := float64(b) / 250
				if b == 255 {
					v = math.NaN()
				}
				if a == nil {
					break
				}
				before := snapshot()
				err := a.SetMorale(v)
				if !(v >= 0 && v <= 1) {
					if err == nil {
						fail("SetMorale(%v) = nil; want an error", v)
					}
					unchanged(before, "SetMorale")
				} else if err != nil || a.Morale() != v {
					fail("SetMorale(%v) = %v, morale %v; want nil and %v", v, err, a.Morale(), v)
				}
			case 9: // set nerve
				a := agent()
				b := in.byte()
				v := float64(b)/200 - 0.1
				if b == 255 {
					v = math.NaN()
				}
				if a == nil {
					break
				}
				before := snapshot()
				err := a.SetNerve(v)
				if !(v >= 0 && v <= 1) {
					if err == nil {
						fail("SetNerve(%v) = nil; want an error", v)
					}
					unchanged(before, "SetNerve")
				} else if err != nil || a.Nerve() != v {
					fail("SetNerve(%v) = %v, nerve %v; want nil and %v", v, err, a.Nerve(), v)
				}
			case 10: // retune a setting, sometimes badly
				params := morale.Params()
				p := params[in.pick(len(params))]
				st := w.Settings()
				b := in.byte()
				v := p.Min + (p.Max-p.Min)*float64(b)/250
				switch b {
				case 251:
					v = math.NaN()
				case 252:
					v = -1
				case 253:
					v = math.Inf(1)
				case 254:
					v = 0
				}
				p.Set(&st, v)
				old := w.Settings()
				before := snapshot()
				err := w.SetSettings(st)
				if (err == nil) != (st.Validate() == nil) {
					fail("SetSettings(%s = %v) = %v; Validate says %v", p.Name, v, err, st.Validate())
				}
				if err != nil {
					if !settingsEqual(w.Settings(), old) {
						fail("invalid SetSettings(%s = %v) changed the settings", p.Name, v)
					}
					unchanged(before, "SetSettings")
				}
			case 11: // change squad
				a := agent()
				id := morale.SquadID(in.pick(5))
				if a != nil {
					a.SetSquad(id)
					if a.Squad() != id {
						fail("SetSquad(%v): squad %v", id, a.Squad())
					}
				}
			case 12: // move one, or a byte below 128: many at once
				if b := in.byte(); b < 128 {
					fuzzSetPositions(in, w, agents, b, snapshot, unchanged, fail)
					break
				}
				a := agent()
				p := morale.Vec2{X: float64(in.byte()) * 25, Y: float64(in.byte()) * 25}
				if a != nil {
					a.SetPosition(p)
					if a.Position() != p {
						fail("SetPosition(%v): at %v", p, a.Position())
					}
				}
			case 13: // custom news
				a := agent()
				b := in.byte()
				v := (float64(b) - 128) / 128
				if b == 255 {
					v = math.Inf(-1)
				}
				if a == nil {
					break
				}
				before := snapshot()
				if err := a.ReportCustomEvent(v); math.IsInf(v, 0) {
					if err == nil {
						fail("ReportCustomEvent(%v) = nil; want an error", v)
					}
					unchanged(before, "ReportCustomEvent")
				} else if err != nil {
					fail("ReportCustomEvent(%v) = %v", v, err)
				}
			}
			checkWorldInvariants(t, w, agents, seenMorale, seenState, w.Steps() > stepsBefore && !reentrant, in.i)
		}
	})
}

// checkWorldInvariants checks what must hold after every operation, and,
// when a step has just run, that every state agrees with the morale unless
// the dwell time held it.
func checkWorldInvariants(t *testing.T, w *morale.World, agents []*morale.Agent,
	seenMorale map[*morale.Agent]float64, seenState map[*morale.Agent]morale.State, stepped bool, at int) {
	t.Helper()
	if w.Len() != len(agents) {
		t.Fatalf("byte %d: Len() = %d; want %d", at, w.Len(), len(agents))
	}
	s := w.Settings()
	interval := s.SquadUpdateInterval
	const eps = 1e-9
	counts := map[morale.SquadID]int{}
	sums := map[morale.SquadID]float64{}
	for i, a := range agents {
		m, st := a.Morale(), a.State()
		if !(m >= 0 && m <= 1) {
			t.Fatalf("byte %d: agent %d morale %v; want 0..1, never NaN", at, i, m)
		}
		if seenMorale[a] != m {
			t.Fatalf("byte %d: agent %d morale %v, but listeners last saw %v", at, i, m, seenMorale[a])
		}
		if seenState[a] != st {
			t.Fatalf("byte %d: agent %d state %v, but listeners last saw %v", at, i, st, seenState[a])
		}
		if a.IsFighting() != (st == morale.Steady || st == morale.Shaken) {
			t.Fatalf("byte %d: agent %d %v IsFighting %v", at, i, st, a.IsFighting())
		}
		counts[a.Squad()]++
		sums[a.Squad()] += m
		if !stepped {
			continue
		}
		// The last step ended less than one interval ago; it could only
		// leave a state that the morale does not warrant when the dwell
		// time held the agent there.
		inState := a.Snapshot().SecondsInState
		dwellHeld := inState < s.MinimumStateSeconds+interval+eps
		switch st {
		case morale.Routed:
			if m >= s.PanicBelow+s.Hysteresis && inState-interval >= math.Max(s.MinRoutSeconds, s.MinimumStateSeconds)+eps {
				t.Fatalf("byte %d: agent %d Routed for %v s with morale %v; want the rout over (MinRoutSeconds %v)", at, i, inState, m, s.MinRoutSeconds)
			}
		default:
			if want := morale.ResolveState(st, m, s.ShakenBelow, s.PanicBelow, s.Hysteresis); want != st && !dwellHeld {
				t.Fatalf("byte %d: agent %d %v with morale %v for %v s after a step; want %v (dwell %v, interval %v)",
					at, i, st, m, inState, want, s.MinimumStateSeconds, interval)
			}
			if st == morale.Panicked && s.RoutAfterSeconds > 0 && inState-interval >= math.Max(s.RoutAfterSeconds, s.MinimumStateSeconds)+eps &&
				morale.ResolveState(st, m, s.ShakenBelow, s.PanicBelow, s.Hysteresis) == morale.Panicked {
				t.Fatalf("byte %d: agent %d Panicked for %v s; want Routed after %v s", at, i, inState, s.RoutAfterSeconds)
			}
		}
	}
	ids := w.SquadIDs()
	if len(ids) != len(counts) {
		t.Fatalf("byte %d: SquadIDs() = %v; want the %d squads with members", at, ids, len(counts))
	}
	for k, id := range ids {
		if k > 0 && ids[k-1] >= id {
			t.Fatalf("byte %d: SquadIDs() = %v; want sorted", at, ids)
		}
		st, ok := w.SquadStats(id)
		if !ok || st.Count != counts[id] || !near(st.Average, sums[id]/float64(counts[id]), 1e-9) || st.Lowest > st.Average+1e-12 {
			t.Fatalf("byte %d: SquadStats(%v) = %+v, %v; want %d members averaging %v", at, id, st, ok, counts[id], sums[id]/float64(counts[id]))
		}
		if st.Broken != st.ByState[morale.Panicked]+st.ByState[morale.Routed] {
			t.Fatalf("byte %d: SquadStats(%v) Broken %d; want Panicked+Routed", at, id, st.Broken)
		}
	}
}

// fuzzSetPositions is FuzzWorld's World.SetPositions: how (0..127) picks the
// list, the World's order (its fast path) or the fuzzer's own (one by one),
// with an agent twice, the last in another's place, two swapped or half
// left out, and whether one element is bad (a NaN or infinite position, a
// nil agent). A bad list is an error that changes nothing; a good one
// leaves each agent at the position of his last place in it, and those it
// does not list where they were.
func fuzzSetPositions(in *fuzzInput, w *morale.World, agents []*morale.Agent, how byte,
	snapshot func() []morale.Snapshot, unchanged func([]morale.Snapshot, string), fail func(string, ...any)) {
	list := slices.Clone(agents)
	if how&1 == 0 {
		list = slices.Collect(w.Agents())
	}
	switch how >> 1 & 7 {
	case 1:
		if len(list) > 0 {
			list = append(list, list[in.pick(len(list))])
		}
	case 2: // a game's death before Remove: the last into a place, one fewer
		if len(list) > 0 {
			k := in.pick(len(list))
			list[k] = list[len(list)-1]
			list = list[:len(list)-1]
		}
	case 3:
		if len(list) > 1 {
			i, j := in.pick(len(list)), in.pick(len(list))
			list[i], list[j] = list[j], list[i]
		}
	case 4:
		list = list[:len(list)/2]
	}
	ps := make([]morale.Vec2, len(list))
	for k := range ps {
		ps[k] = morale.Vec2{X: float64(in.byte()) * 25, Y: float64(in.byte()) * 25}
	}
	bad := len(list) > 0 && how>>4&7 < 3
	if bad {
		switch k := in.pick(len(list)); how >> 4 & 7 {
		case 0:
			ps[k].Y = math.NaN()
		case 1:
			ps[k].X = math.Inf(-1)
		case 2:
			list[k] = nil
		}
	}
	before := snapshot()
	err := w.SetPositions(list, ps)
	if bad {
		if err == nil {
			fail("SetPositions of a list with a bad element = nil; want an error")
		}
		unchanged(before, "SetPositions")
		return
	}
	if err != nil {
		fail("SetPositions = %v; want nil", err)
	}
	last := map[*morale.Agent]morale.Vec2{}
	for k, a := range list {
		last[a] = ps[k]
	}
	for i, a := range agents {
		p, listed := last[a]
		if !listed {
			p = before[i].Position
		}
		if a.Position() != p {
			fail("SetPositions: agent %d (listed: %v) at %v; want %v", i, listed, a.Position(), p)
		}
	}
}
