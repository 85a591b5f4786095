package morale_test

import (
	"fmt"
	"math"
	"os"
	"slices"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// The reference World: the World's contract written in the plainest code,
// from the exported rules (ApplyMoraleEvent, RecoverMorale, ContagionPull,
// ResolveState, ShouldRout, CanReturnFromRout, DistanceFalloff) and the
// documented clock, with a slice of structs, linear scans and no grid.
// FuzzReferenceWorld drives it and a real World with the same calls and
// compares every agent's morale bits, state and listener calls after each
// one, so "the World calls exactly these rules" is a tested fact.

// refTicks is the documented clock: whole ticks of 1/705,600,000 s.
const refTicks = 705600000

// refMaxTicks is the documented latest time the clock reaches.
var refMaxTicks = int64(math.Round(morale.MaxSeconds * refTicks))

// refSecondsToTicks rounds a time to the clock's tick, as the World
// documents for dt and the time settings.
func refSecondsToTicks(s float64) int64 {
	if t := s * refTicks; t < float64(refMaxTicks) {
		return int64(math.Round(t))
	}
	return refMaxTicks
}

type refAgent struct {
	real        *morale.Agent // the real World's agent made by the same call
	squad       morale.SquadID
	pos         morale.Vec2
	morale      float64
	nerve       float64
	state       morale.State
	noContagion bool
	changed     bool  // has changed state since spawn
	since       int64 // when the state last changed, in ticks
	hadBadNews  bool
	badNews     int64 // when the last bad news came, in ticks
	why         morale.Reason
}

// refSquad is a squad's count and running sum of morale. The World averages
// a squad from this sum: each step sets it to the sum of the morale the
// step computed, in the agents' order, and every change between steps
// (news, SetMorale, Rally, Spawn, Remove, SetSquad) adds its difference.
type refSquad struct {
	n   int
	sum float64
}

type refWorld struct {
	s       morale.Settings
	now     int64 // ticks
	stepEnd int64 // ticks: the end of the last step
	steps   uint64
	dropped float64
	// agents in the World's order: Remove moves the last agent into the
	// removed one's place.
	agents []*refAgent
	squads map[morale.SquadID]*refSquad
	log    map[*morale.Agent][]string // listener calls, per agent
}

func newRefWorld(s morale.Settings) *refWorld {
	return &refWorld{s: s.Clone(), squads: map[morale.SquadID]*refSquad{}, log: map[*morale.Agent][]string{}}
}

func (r *refWorld) find(real *morale.Agent) *refAgent {
	for _, a := range r.agents {
		if a.real == real {
			return a
		}
	}
	return nil
}

func (r *refWorld) squad(id morale.SquadID) *refSquad {
	sq := r.squads[id]
	if sq == nil {
		sq = &refSquad{}
		r.squads[id] = sq
	}
	return sq
}

func (r *refWorld) leave(a *refAgent) {
	sq := r.squads[a.squad]
	sq.n--
	sq.sum -= a.morale
	if sq.n == 0 {
		delete(r.squads, a.squad)
	}
}

func (r *refWorld) join(a *refAgent) {
	sq := r.squad(a.squad)
	sq.n++
	sq.sum += a.morale
}

func (r *refWorld) spawn(real *morale.Agent, squad morale.SquadID, at morale.Vec2, m, nerve float64, noContagion bool) {
	a := &refAgent{real: real, squad: squad, pos: at, morale: m, nerve: nerve, noContagion: noContagion}
	r.agents = append(r.agents, a)
	r.join(a)
}

func (r *refWorld) remove(a *refAgent) {
	r.leave(a)
	i := slices.Index(r.agents, a)
	last := len(r.agents) - 1
	r.agents[i] = r.agents[last]
	r.agents = r.agents[:last]
}

func (r *refWorld) setMorale(a *refAgent, m float64, why morale.Reason) {
	if m == a.morale {
		return
	}
	r.squads[a.squad].sum += m - a.morale
	a.morale = m
	r.log[a.real] = append(r.log[a.real], fmt.Sprintf("morale %x %v", math.Float64bits(m), why))
}

func (r *refWorld) setState(a *refAgent, to morale.State, at int64, why morale.Reason) {
	if to == a.state {
		return
	}
	r.log[a.real] = append(r.log[a.real], fmt.Sprintf("state %v→%v %v", a.state, to, why))
	a.state, a.since, a.changed = to, at, true
}

// news is an event's weight × scale reaching a. Bad news is an applied
// delta below zero: a finite negative weight × scale.
func (r *refWorld) news(a *refAgent, weight, scale float64, why morale.Reason) {
	if d := weight * scale; d < 0 && !math.IsInf(d, -1) {
		a.hadBadNews, a.badNews = true, r.now
	}
	a.why = why
	r.setMorale(a, morale.ApplyMoraleEvent(a.morale, weight, scale, a.nerve), why)
}

func refBadScale(scale float64) bool { return math.IsNaN(scale) || math.IsInf(scale, 0) || scale < 0 }

func refFinite(p morale.Vec2) bool {
	return !math.IsNaN(p.X) && !math.IsInf(p.X, 0) && !math.IsNaN(p.Y) && !math.IsInf(p.Y, 0)
}

func (r *refWorld) reportEvent(a *refAgent, e morale.Event, scale float64) error {
	if refBadScale(scale) {
		return fmt.Errorf("bad scale")
	}
	if w := r.s.Weights[e]; w != 0 && scale != 0 {
		r.news(a, w, scale, morale.Reason{Kind: morale.ByEvent, Event: e})
	}
	return nil
}

func (r *refWorld) reportAt(e morale.Event, at morale.Vec2, radius float64, squads []morale.SquadID, scale float64) error {
	if !refFinite(at) || math.IsNaN(radius) || math.IsInf(radius, 0) || refBadScale(scale) {
		return fmt.Errorf("bad input")
	}
	weight := r.s.Weights[e]
	if weight == 0 || scale == 0 {
		return nil
	}
	if radius <= 0 {
		radius = r.s.NoEffectRadius
	}
	for _, a := range r.agents {
		if len(squads) > 0 && !slices.Contains(squads, a.squad) {
			continue
		}
		d := a.pos.Dist(at)
		if d > radius {
			continue
		}
		if f := morale.DistanceFalloff(d, r.s.FullEffectRadius, r.s.NoEffectRadius); f > 0 {
			r.news(a, weight, scale*f, morale.Reason{Kind: morale.ByEvent, Event: e})
		}
	}
	return nil
}

func (r *refWorld) rally(a *refAgent) {
	why := morale.Reason{Kind: morale.ByRally}
	a.why = why
	r.setMorale(a, max(a.morale, min(1, max(0, r.s.ShakenBelow+r.s.Hysteresis))), why)
	r.setState(a, morale.Steady, r.now, why)
}

func (r *refWorld) setSquad(a *refAgent, id morale.SquadID) {
	if a.squad == id {
		return
	}
	r.leave(a)
	a.squad = id
	r.join(a)
}

// advance is World.Advance: the clock moves by dt rounded to the tick, up
// to MaxSeconds, and every step that falls due runs, at most
// MaxAdvanceSteps of them; the time beyond either limit is dropped.
func (r *refWorld) advance(dt float64) {
	if !(dt > 0) || math.IsInf(dt, 1) {
		return
	}
	target := r.now + refSecondsToTicks(dt)
	if target > refMaxTicks {
		r.dropped += float64(target-refMaxTicks) / refTicks
		target = refMaxTicks
	}
	interval := refSecondsToTicks(r.s.SquadUpdateInterval)
	for steps := 0; target-r.stepEnd >= interval; steps++ {
		if steps == morale.MaxAdvanceSteps {
			r.dropped += float64(target-r.stepEnd) / refTicks
			target = r.stepEnd
			break
		}
		r.now = r.stepEnd + interval
		r.step(r.now, float64(interval)/refTicks)
		r.stepEnd = r.now
	}
	r.now = target
}

// step is one fixed step ending at tick end, dt seconds long.
func (r *refWorld) step(end int64, dt float64) {
	s := r.s
	avg := map[morale.SquadID]float64{}
	for id, sq := range r.squads {
		avg[id] = sq.sum / float64(sq.n)
	}
	sums := map[morale.SquadID]float64{}
	dwell := refSecondsToTicks(s.MinimumStateSeconds)
	for _, a := range r.agents {
		old := a.morale
		m := old
		if !a.noContagion {
			m = min(1, max(0, morale.ContagionPull(m, avg[a.squad], s.ContagionPerSecond, dt)))
		}
		why := morale.Reason{Kind: morale.ByContagion}
		if m < 1 {
			since := math.Inf(1)
			if a.hadBadNews {
				since = float64(end-a.badNews) / refTicks
			}
			if rec := morale.RecoverMorale(m, since, dt, s); rec != m {
				m, why = rec, morale.Reason{Kind: morale.ByRecovery}
			}
		}
		sums[a.squad] += m
		if m != old {
			a.morale = m
			r.log[a.real] = append(r.log[a.real], fmt.Sprintf("morale %x %v", math.Float64bits(m), why))
		}

		inState := float64(end-a.since) / refTicks
		to, cause := a.state, morale.Reason{}
		if a.state == morale.Routed {
			if morale.CanReturnFromRout(inState, m, s) {
				to, cause = morale.ResolveState(morale.Panicked, m, s), morale.Reason{Kind: morale.ByRoutOver}
			}
		} else {
			to = morale.ResolveState(a.state, m, s)
			if to == morale.Panicked && a.state == morale.Panicked && morale.ShouldRout(inState, s) {
				to, cause = morale.Routed, morale.Reason{Kind: morale.ByRoutTimer}
			}
		}
		if to == a.state || (a.changed && end-a.since < dwell) {
			continue
		}
		if cause.Kind == 0 {
			// The step's own contagion or recovery when it moved morale
			// the way of the change, else the last news or rally.
			better := to < a.state
			switch {
			case better && m > old, !better && m < old:
				cause = why
			case a.why.Kind != 0:
				cause = a.why
			default:
				cause = why
			}
		}
		r.setState(a, to, end, cause)
	}
	for id, sq := range r.squads {
		sq.sum = sums[id]
	}
	r.steps++
}

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
	// MaxAdvanceSteps and MaxSeconds.
	f.Add([]byte{0, 0, 0, 1, 1, 4, 0, 1, 0, 2, 2, 0, 2, 0, 1, 3, 4, 250, 0, 4, 251, 0, 2, 1, 0, 3, 4, 252, 0, 4, 4, 0, 6, 0, 4, 251, 0})
	f.Fuzz(runAgainstReference)
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
				ref.spawn(a, squad, at, m, a.Nerve(), flags&2 != 0)
				all = append(all, a)
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
						a.why = morale.Reason{Kind: morale.BySetByHand}
						ref.setMorale(a, v, a.why)
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
					ref.s = st.Clone()
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
					a.pos = p
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
