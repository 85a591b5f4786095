package morale_test

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// fightGolden is the hash of the seeded fight below. It is the same on amd64,
// on amd64 with GOAMD64=v3 and on arm64 (make test runs this test on all
// three, arm64 under qemu-aarch64-static): it changes only when the rules or
// the order of the World's work change. To regenerate it after an intended
// change, run the test, take the hash it reports, and confirm the same hash
// on the other CPUs:
//
//	cd morale && go test -run TestFightSameBitsEverywhere -v .
//	cd morale && GOAMD64=v3 go test -run TestFightSameBitsEverywhere -v .
//	cd morale && GOARCH=arm64 go test -exec qemu-aarch64-static -run TestFightSameBitsEverywhere -v .
const fightGolden = 0xbd1b4db8446bb585

// fightLog hashes everything the listeners are told, in the order they are
// told it, and counts the reasons. The hash is FNV-1a taken over 64-bit words
// instead of bytes: cheap enough for millions of listener calls under qemu.
type fightLog struct {
	h      uint64
	ids    map[*morale.Agent]uint64
	morale map[morale.ReasonKind]int
	states map[morale.ReasonKind]int
	calls  int
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func (l *fightLog) put(vs ...uint64) {
	for _, v := range vs {
		l.h = (l.h ^ v) * fnvPrime
	}
}

func (l *fightLog) putString(s string) {
	l.put(uint64(len(s)))
	for i := 0; i < len(s); i++ {
		l.h = (l.h ^ uint64(s[i])) * fnvPrime
	}
}

// fight is a seeded battle of 3000 agents in 60 squads, two armies marching
// into each other for 600 frames of mixed sizes (about 45 s): events on
// agents and at locations, with and without squad filters and radii, custom
// events, deaths (removals), reinforcements (spawns, some pinned, some
// immune to contagion), moves, squad changes, SetMorale, SetNerve, forced
// routs, rallies of one and of a squad, two retunes mid-fight, and listeners
// that report events and remove agents. Contagion, recovery, natural routs
// and their ends come from the World. It returns the hash of every agent's
// morale bits, state, nerve bits, squad and position in spawn order, and of
// the listener log.
//
// Every float computed here is either exact or rounded by an explicit
// float64(...), so that the script itself gives the same inputs on every CPU
// (scripts/nofma.sh checks this file too).
func fight(t *testing.T) (uint64, *fightLog) {
	t.Helper()
	w, err := morale.NewWorld(morale.DefaultSettings(), 20261130)
	if err != nil {
		t.Fatal(err)
	}
	log := &fightLog{
		h:      fnvOffset,
		ids:    make(map[*morale.Agent]uint64),
		morale: make(map[morale.ReasonKind]int),
		states: make(map[morale.ReasonKind]int),
	}
	r := rand.New(rand.NewPCG(11, 13))
	var agents []*morale.Agent // in spawn order
	spawn := func(sq morale.SquadID, at morale.Vec2, opts ...morale.SpawnOption) *morale.Agent {
		a := w.Spawn(sq, at, opts...)
		log.ids[a] = uint64(len(agents))
		agents = append(agents, a)
		return a
	}
	// pick returns a random agent still in the World, or nil.
	pick := func() *morale.Agent {
		for range 8 {
			if a := agents[r.IntN(len(agents))]; !a.Removed() {
				return a
			}
		}
		return nil
	}
	// Two armies of 30 squads of 50, 200 m apart (units are centimetres):
	// side A squads 1..30, side B 101..130. Every tenth man leads, every
	// twenty-third is immune to contagion, every seventh has his nerve pinned.
	var sideA, sideB []morale.SquadID
	for side := range 2 {
		for q := range 30 {
			sq := morale.SquadID(1 + side*100 + q)
			if side == 0 {
				sideA = append(sideA, sq)
			} else {
				sideB = append(sideB, sq)
			}
			for k := range 50 {
				x := side*20000 + (q%6)*1500 + (k%10)*100
				y := (q/6)*1500 + (k/10)*100
				var opts []morale.SpawnOption
				if k%10 == 0 {
					opts = append(opts, morale.AsLeader())
				}
				if (q*50+k)%23 == 0 {
					opts = append(opts, morale.WithoutContagion())
				}
				if (q*50+k)%7 == 0 {
					opts = append(opts, morale.WithNerve(float64(k)/50))
				}
				spawn(sq, morale.Vec2{X: float64(x), Y: float64(y)}, opts...)
			}
		}
	}
	w.OnMoraleChanged(func(a *morale.Agent, m float64, why morale.Reason) {
		log.calls++
		log.morale[why.Kind]++
		log.put(1, log.ids[a], math.Float64bits(m), uint64(why.Kind))
		log.putString(string(why.Event))
	})
	w.OnStateChanged(func(a *morale.Agent, old, new morale.State, why morale.Reason) {
		log.calls++
		log.states[why.Kind]++
		log.put(2, log.ids[a], uint64(old), uint64(new), uint64(why.Kind))
		log.putString(string(why.Event))
		switch {
		case new == morale.Routed && why.Kind == morale.ByRoutTimer:
			// A man running spreads panic in his own squad: routs cascade.
			if err := w.ReportEventAtLocation(morale.Suppressed, a.Position(), 500, []morale.SquadID{a.Squad()}, 0.5); err != nil {
				t.Error(err)
			}
		case new == morale.Routed && why.Kind == morale.ByForcedRout && log.ids[a]%4 == 0:
			w.Remove(a) // a deserter, removed while the listeners run
		}
	})
	dts := []float64{1.0 / 60, 1.0 / 30, 0.05, 0.1, 1.0 / 144, 0.25}
	for frame := range 600 {
		// The armies march: a third of the men step each frame, side A
		// east, side B west, some across a grid cell.
		for i := frame % 3; i < len(agents); i += 3 {
			a := agents[i]
			if a.Removed() {
				continue
			}
			p := a.Position()
			step := float64(10 + r.IntN(40))
			if a.Squad() > 100 {
				step = -step
			}
			a.SetPosition(morale.Vec2{X: p.X + step, Y: p.Y + float64(r.IntN(21)-10)})
		}
		// Hits on single men; side B takes more.
		for range 6 {
			if a := pick(); a != nil {
				e := []morale.Event{morale.TookDamage, morale.LowHealth, morale.Suppressed}[r.IntN(3)]
				if err := a.ReportEvent(e, float64(r.IntN(150))/50); err != nil {
					t.Fatal(err)
				}
			}
		}
		if a := pick(); a != nil && a.Squad() > 100 {
			if err := a.ReportCustomEvent(-float64(r.IntN(40)) / 100); err != nil {
				t.Fatal(err)
			}
		}
		// A volley lands: everybody near, falloff, default or given radius.
		if frame%3 == 0 {
			if a := pick(); a != nil {
				radius := 0.0
				if frame%2 == 0 {
					radius = 800
				}
				if err := w.ReportEventAtLocation(morale.Suppressed, a.Position(), radius, nil, float64(1+r.IntN(3))); err != nil {
					t.Fatal(err)
				}
			}
		}
		// A death: his squad sees it (and loses its leader), the enemy
		// cheers; then he is removed.
		if frame%4 == 1 {
			if a := pick(); a != nil {
				at, sq := a.Position(), a.Squad()
				if err := w.ReportEventAtLocation(morale.AllyDown, at, 0, []morale.SquadID{sq}, 1); err != nil {
					t.Fatal(err)
				}
				if a.IsLeader() {
					if err := w.ReportEventAtLocation(morale.LeaderDown, at, 2000, []morale.SquadID{sq}, 1); err != nil {
						t.Fatal(err)
					}
				}
				enemy := sideB
				if sq > 100 {
					enemy = sideA
				}
				if err := w.ReportEventAtLocation(morale.EnemyDown, at, 4000, enemy, 1); err != nil {
					t.Fatal(err)
				}
				w.Remove(a)
			}
		}
		// Side B is outnumbered where it stands.
		if frame%10 == 5 {
			if a := pick(); a != nil {
				f := morale.OutnumberedFactor(1+r.IntN(50), 1+r.IntN(150))
				if err := w.ReportEventAtLocation(morale.Outnumbered, a.Position(), 3000, sideB, f); err != nil {
					t.Fatal(err)
				}
			}
		}
		// Leaders steady the men around them; a squad at the back rests.
		if frame%20 == 7 {
			for _, a := range agents {
				if !a.Removed() && a.IsLeader() && r.IntN(8) == 0 {
					if err := w.ReportEventAtLocation(morale.LeaderNearby, a.Position(), 1000, []morale.SquadID{a.Squad()}, 1); err != nil {
						t.Fatal(err)
					}
				}
			}
			if a := pick(); a != nil {
				if err := a.ReportEvent(morale.Rest, 1); err != nil {
					t.Fatal(err)
				}
			}
		}
		if frame%25 == 3 {
			if a := pick(); a != nil {
				if err := a.SetMorale(float64(r.IntN(101)) / 100); err != nil {
					t.Fatal(err)
				}
			}
			if a := pick(); a != nil {
				if err := a.SetNerve(float64(r.IntN(101)) / 100); err != nil {
					t.Fatal(err)
				}
			}
		}
		if frame%30 == 11 {
			if a := pick(); a != nil {
				a.ForceRout()
			}
		}
		if frame%40 == 17 {
			for range 20 {
				if a := pick(); a != nil && a.State() == morale.Routed {
					a.Rally()
					break
				}
			}
		}
		if frame%150 == 99 {
			w.RallySquad(sideB[r.IntN(len(sideB))])
		}
		if frame%60 == 23 {
			if a := pick(); a != nil {
				a.SetSquad(sideA[r.IntN(len(sideA))])
			}
		}
		// Reinforcements: ten fresh men, some shaken already.
		if frame%50 == 31 {
			sq := sideB[r.IntN(len(sideB))]
			if frame%100 == 31 {
				sq = sideA[r.IntN(len(sideA))]
			}
			at := morale.Vec2{X: float64(r.IntN(30000)), Y: float64(r.IntN(8000))}
			for k := range 10 {
				var opts []morale.SpawnOption
				if k%3 == 0 {
					opts = append(opts, morale.WithMorale(float64(40+k)/100))
				}
				if k == 9 {
					opts = append(opts, morale.WithoutContagion(), morale.WithNerve(0.9))
				}
				spawn(sq, morale.Vec2{X: at.X + float64(k*60), Y: at.Y}, opts...)
			}
			if err := w.ReportEventAtLocation(morale.ReinforcementsArrived, at, 0, []morale.SquadID{sq}, 1); err != nil {
				t.Fatal(err)
			}
		}
		// Retuned mid-fight, twice: other contagion factors, other steps.
		if frame == 200 || frame == 400 {
			s := w.Settings()
			s.ContagionPerSecond = []float64{0, 0.8, 2.5}[frame/200]
			s.SquadUpdateInterval = []float64{0, 0.125, 0.1}[frame/200]
			s.RecoveryPerSecond = 0.1
			if err := w.SetSettings(s); err != nil {
				t.Fatal(err)
			}
		}
		w.Advance(dts[frame%len(dts)])
	}
	// Every agent, in spawn order, then the log.
	l := &fightLog{h: fnvOffset}
	for i, a := range agents {
		if a.Removed() {
			l.put(uint64(i), math.MaxUint64)
			continue
		}
		p := a.Position()
		l.put(uint64(i), math.Float64bits(a.Morale()), uint64(a.State()), math.Float64bits(a.Nerve()),
			uint64(a.Squad()), math.Float64bits(p.X), math.Float64bits(p.Y))
	}
	l.put(log.h, uint64(log.calls), uint64(w.Len()), w.Steps())
	return l.h, log
}

// TestFightSameBitsEverywhere runs the seeded fight and compares its hash
// with fightGolden, the same on every CPU. It also checks that the fight
// exercised every path it is meant to: a fight that never routs would prove
// little.
func TestFightSameBitsEverywhere(t *testing.T) {
	got, log := fight(t)
	t.Logf("fight hash = %#016x (GOARCH %s)", got, runtime.GOARCH)
	t.Logf("fight: %d listener calls; morale changes by reason %v; state changes by reason %v",
		log.calls, log.morale, log.states)
	for _, k := range []morale.ReasonKind{morale.ByEvent, morale.ByCustomEvent, morale.ByContagion,
		morale.ByRecovery, morale.ByRally, morale.BySetByHand} {
		if log.morale[k] == 0 {
			t.Errorf("no morale change by %v; the fight must exercise it", k)
		}
	}
	for _, k := range []morale.ReasonKind{morale.ByEvent, morale.ByContagion, morale.ByRoutTimer,
		morale.ByRoutOver, morale.ByRally, morale.ByForcedRout} {
		if log.states[k] == 0 {
			t.Errorf("no state change by %v; the fight must exercise it", k)
		}
	}
	if got != fightGolden {
		t.Errorf("fight hash = %#016x; want %#016x (see fightGolden to regenerate it)", got, uint64(fightGolden))
	}
	if testing.Short() {
		return // under qemu, where it takes ten seconds
	}
	if again, _ := fight(t); again != got {
		t.Errorf("the same fight twice: hash %#016x, then %#016x", got, again)
	}
}
