package morale_test

import (
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// chunkedGolden is the hash of chunkedFight: a World of more than three
// chunks (TestStepChunk agents each) stepped on two workers. It is the same on
// amd64, on amd64 with GOAMD64=v3 and on arm64 (make test runs this test on
// all three, arm64 under qemu-aarch64-static), and for the reference World
// driven by the same calls. To regenerate it after an
// intended change, run the test and take the hash it reports; the other
// CPUs and the reference must agree:
//
//	cd morale && go test -run TestChunkedFightSameBitsEverywhere -v .
const chunkedGolden = 0xfb5a50364cb86638

// chunkedFight is a seeded battle of 3×TestStepChunk+1200 agents (four chunks,
// the last short) in 140 squads, spawned at random places over 300 m, so
// that the first step sorts them: 240 frames of 1/30 s (eight seconds, 32
// steps) in which a fifth of the men march each frame, some into other
// cells, with events on agents and at locations (with and without squad
// filters), deaths, reinforcements (some immune to contagion, some pinned
// nerves), rallies of one and of a squad, forced routs, SetMorale,
// SetSquad and a retune of the contagion. The World steps on workers
// goroutines; the listeners only log. It returns the hash of every agent's
// morale bits, state, squad, position and listener calls, in spawn order,
// and of the World's order; and the same hash from the reference World
// (reference_test.go), driven by the same calls alongside.
//
// Every float computed here is exact or rounded by an explicit float64(...),
// so that the script gives the same inputs on every CPU.
func chunkedFight(t *testing.T, workers int) (real, reference uint64) {
	t.Helper()
	w, ref, logs := chunkedPair(t, 20270101, workers)
	r := rand.New(rand.NewPCG(21, 34))
	var agents []*morale.Agent // in spawn order
	spawn := func(sq morale.SquadID, at morale.Vec2, m float64, opts ...morale.SpawnOption) {
		a := w.Spawn(sq, at, append(opts, morale.WithMorale(m))...)
		ref.spawn(a, sq, at, m, a.Nerve(), !a.AffectedByContagion(), true)
		agents = append(agents, a)
	}
	place := func() morale.Vec2 { return morale.Vec2{X: float64(r.IntN(30000)), Y: float64(r.IntN(30000))} }
	pick := func() *refAgent { return ref.agents[r.IntN(len(ref.agents))] }
	for i := range 3*morale.TestStepChunk + 1200 {
		var opts []morale.SpawnOption
		if i%31 == 0 {
			opts = append(opts, morale.WithoutContagion())
		}
		if i%11 == 0 {
			opts = append(opts, morale.WithNerve(float64(i%100)/100))
		}
		spawn(morale.SquadID(r.IntN(140)), place(), float64(50+r.IntN(51))/100, opts...)
	}
	for frame := range 240 {
		for i := frame % 5; i < len(ref.agents); i += 5 {
			a := ref.agents[i]
			p := morale.Vec2{X: a.pos.X + float64(r.IntN(61)-30), Y: a.pos.Y + float64(r.IntN(41))}
			if frame%40 == 7 && i%3 == 0 {
				p.X += 3000 // into the next cell
			}
			a.real.SetPosition(p)
			ref.setPosition(a, p)
		}
		for range 8 {
			a := pick()
			e := []morale.Event{morale.TookDamage, morale.Suppressed, morale.EnemyDown}[r.IntN(3)]
			scale := float64(r.IntN(20)) / 10
			if err := a.real.ReportEvent(e, scale); err != nil {
				t.Fatal(err)
			}
			if err := ref.reportEvent(a, e, scale); err != nil {
				t.Fatal(err)
			}
		}
		if frame%2 == 0 { // a death: AllyDown at the body, his squad cheered by the others' losses
			a := pick()
			at, sq := a.pos, a.squad
			for _, ev := range []struct {
				e      morale.Event
				radius float64
				squads []morale.SquadID
			}{{morale.AllyDown, 0, nil}, {morale.LeaderDown, 1500, []morale.SquadID{sq}}, {morale.EnemyDown, 2000, []morale.SquadID{sq + 1, sq + 2}}} {
				if err := w.ReportEventAtLocation(ev.e, at, ev.radius, ev.squads, 1); err != nil {
					t.Fatal(err)
				}
				if err := ref.reportAt(ev.e, at, ev.radius, ev.squads, 1); err != nil {
					t.Fatal(err)
				}
			}
			w.Remove(a.real)
			ref.remove(a)
		}
		if frame%15 == 4 { // a shell
			at := place()
			if err := w.ReportEventAtLocation(morale.Suppressed, at, 0, nil, 2); err != nil {
				t.Fatal(err)
			}
			if err := ref.reportAt(morale.Suppressed, at, 0, nil, 2); err != nil {
				t.Fatal(err)
			}
		}
		switch frame % 30 {
		case 9: // reinforcements
			at := place()
			sq := morale.SquadID(r.IntN(140))
			for k := range 40 {
				spawn(sq, morale.Vec2{X: at.X + float64(k*50), Y: at.Y}, float64(40+k)/100)
			}
		case 13:
			a := pick()
			a.real.Rally()
			ref.rally(a)
			sq := pick().squad
			w.RallySquad(sq)
			for _, b := range ref.agents {
				if b.squad == sq {
					ref.rally(b)
				}
			}
		case 17:
			a := pick()
			a.real.ForceRout()
			ref.setState(a, morale.Routed, ref.now, morale.Reason{Kind: morale.ByForcedRout})
		case 21:
			a := pick()
			v := float64(r.IntN(101)) / 100
			if err := a.real.SetMorale(v); err != nil {
				t.Fatal(err)
			}
			ref.byHand(a, v)
			b := pick()
			sq := morale.SquadID(r.IntN(150))
			b.real.SetSquad(sq)
			ref.setSquad(b, sq)
		}
		if frame == 120 {
			s2 := w.Settings()
			s2.ContagionPerSecond = 1.5
			if err := w.SetSettings(s2); err != nil {
				t.Fatal(err)
			}
			ref.setSettings(s2)
		}
		w.Advance(1.0 / 30)
		ref.advance(1.0 / 30)
	}
	hash := func(state func(a *morale.Agent) (m float64, st morale.State, sq morale.SquadID, p morale.Vec2, log []string, live bool), order []*morale.Agent) uint64 {
		l := &fightLog{h: fnvOffset}
		id := map[*morale.Agent]uint64{}
		for k, a := range agents {
			id[a] = uint64(k)
			m, st, sq, p, log, live := state(a)
			if !live {
				l.put(uint64(k), math.MaxUint64)
				continue
			}
			l.put(uint64(k), math.Float64bits(m), uint64(st), uint64(sq), math.Float64bits(p.X), math.Float64bits(p.Y), uint64(len(log)))
			for _, s := range log {
				l.putString(s)
			}
		}
		for _, a := range order {
			l.put(id[a])
		}
		return l.h
	}
	kinds := map[string]int{}
	for _, log := range logs {
		for _, s := range log {
			for _, k := range []string{"state Panicked→Routed rout timer", "rout over", "rally", "forced rout", "recovery", "contagion", "event", "set by hand"} {
				if strings.Contains(s, k) {
					kinds[k]++
				}
			}
		}
	}
	for _, k := range []string{"state Panicked→Routed rout timer", "rout over", "rally", "forced rout", "recovery", "contagion", "event", "set by hand"} {
		if kinds[k] == 0 {
			t.Errorf("chunked fight: no listener call of %q; the fight must exercise it (%v)", k, kinds)
		}
	}
	var order []*morale.Agent
	for a := range w.Agents() {
		order = append(order, a)
	}
	real = hash(func(a *morale.Agent) (float64, morale.State, morale.SquadID, morale.Vec2, []string, bool) {
		return a.Morale(), a.State(), a.Squad(), a.Position(), logs[a], !a.Removed()
	}, order)
	order = order[:0]
	for _, a := range ref.agents {
		order = append(order, a.real)
	}
	reference = hash(func(a *morale.Agent) (float64, morale.State, morale.SquadID, morale.Vec2, []string, bool) {
		ra := ref.find(a)
		if ra == nil {
			return 0, 0, 0, morale.Vec2{}, nil, false
		}
		return ra.morale, ra.state, ra.squad, ra.pos, ref.log[a], true
	}, order)
	return real, reference
}

// TestChunkedFightSameBitsEverywhere runs chunkedFight on two workers: the
// World and the reference World must both give chunkedGolden, on every CPU
// (TestWorkersSameBits checks one worker against several).
func TestChunkedFightSameBitsEverywhere(t *testing.T) {
	two, ref := chunkedFight(t, 2)
	t.Logf("chunked fight hash = %#016x on 2 workers, reference %#016x (GOARCH %s)", two, ref, runtime.GOARCH)
	if two != ref {
		t.Errorf("chunked fight: the World's hash %#016x; the reference's %#016x; want them equal", two, ref)
	}
	if two != chunkedGolden {
		t.Errorf("chunked fight hash = %#016x; want %#016x (see chunkedGolden to regenerate it)", two, uint64(chunkedGolden))
	}
}
