package morale_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// workersFight is a seeded fight of a little over chunks step chunks of
// chunk agents (SetStepChunk) in squads squads, stepped on workers
// goroutines (see World.SetWorkers): events at locations and on agents
// between steps, and listeners that remove some routed agents and spawn
// reinforcements in their place. It returns every agent's morale bits and
// state, in spawn order (removed agents give 0 and Steady), and the
// listener calls: with want nil, each of them in order (heard.log); else
// compared with want as they come, which keeps a fight's 750,000 calls out
// of memory (copying them as the log grew was most of this test's time
// under the race detector).
func workersFight(t *testing.T, squads, chunks, chunk, workers int, want []heard) (moraleBits []uint64, states []morale.State, got *heardCalls) {
	t.Helper()
	w, err := morale.NewWorld(morale.DefaultSettings(), 7)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.SetWorkers(workers); err != nil {
		t.Fatal(err)
	}
	w.SetStepChunk(chunk)
	r := rand.New(rand.NewPCG(8, 9))
	got = &heardCalls{want: want, differ: -1}
	n := chunks*chunk + 500
	var agents []*morale.Agent
	spawn := func(sq morale.SquadID, at morale.Vec2) {
		agents = append(agents, w.Spawn(sq, at, morale.WithMorale(0.3+0.7*r.Float64()), morale.WithTag(uint64(len(agents)))))
	}
	for i := range n {
		spawn(morale.SquadID(i%squads), morale.Vec2{X: r.Float64() * 10000, Y: r.Float64() * 10000})
	}
	w.OnMoraleChanged(func(a *morale.Agent, m float64, why morale.Reason) {
		got.add(heard{agent: int(a.Tag()), morale: math.Float64bits(m), why: why})
	})
	w.OnStateChanged(func(a *morale.Agent, old, new morale.State, why morale.Reason) {
		k := int(a.Tag())
		got.add(heard{agent: k, old: old, new: new, why: why, state: true})
		if new == morale.Routed && k%5 == 0 {
			at := a.Position()
			w.Remove(a)
			spawn(morale.SquadID(k%squads), morale.Vec2{X: at.X + 100, Y: at.Y})
		}
	})
	for step := range 24 {
		for range 10 {
			at := morale.Vec2{X: r.Float64() * 10000, Y: r.Float64() * 10000}
			if err := w.ReportEventAtLocation(morale.AllyDown, at, 0, nil, 1+r.Float64()); err != nil {
				t.Fatal(err)
			}
		}
		if step%4 == 3 {
			if err := w.ReportEventAtLocation(morale.ReinforcementsArrived, morale.Vec2{X: 5000, Y: 5000}, 1e6, nil, 1); err != nil {
				t.Fatal(err)
			}
		}
		w.Advance(0.25)
	}
	for _, a := range agents {
		moraleBits = append(moraleBits, math.Float64bits(a.Morale()))
		states = append(states, a.State())
	}
	return moraleBits, states, got
}

// heard is one listener call of workersFight.
type heard struct {
	agent    int
	morale   uint64
	old, new morale.State
	why      morale.Reason
	state    bool
}

// heardCalls is what workersFight's listeners heard: every call in order in
// log when want is nil; else n calls, the first of them that differs from
// want's (−1 for none) and that call.
type heardCalls struct {
	want, log []heard
	n, differ int
	first     heard
}

// add takes the next listener call.
func (l *heardCalls) add(h heard) {
	if l.want == nil {
		if len(l.log) == cap(l.log) { // doubled: append grows a long slice by a quarter, copying it again and again
			l.log = slices.Grow(l.log, max(len(l.log), 1024))
		}
		l.log = append(l.log, h)
		return
	}
	if l.differ < 0 && (l.n >= len(l.want) || l.want[l.n] != h) {
		l.differ, l.first = l.n, h
	}
	l.n++
}

// TestWorkersSameBits runs the same fight with 1, 2, 3 and 8 workers, with
// GOMAXPROCS workers, and with 8 workers on GOMAXPROCS 1, and compares every
// agent's morale bits and state and the listener calls, in order: with 40
// squads (one range of squad slots to merge, so one worker merges it), with
// 300 (five ranges, which the workers merge side by side), and with 5000
// (more squads than a quarter of a chunk has agents: each chunk lists the
// slots it touched, and the caller merges them after the pass); all in a
// little over three chunks of TestStepChunk agents. With the World's own
// StepChunk, in two (the second short), 300 squads, 1 and 2 workers only.
func TestWorkersSameBits(t *testing.T) {
	sizes := []int{40, 300, 5000}
	if testing.Short() { // under qemu and the race detector: 5000 squads only in full (make compat)
		sizes = sizes[:2]
	}
	for _, squads := range sizes {
		t.Run(fmt.Sprintf("squads=%d", squads), func(t *testing.T) {
			testWorkersSameBits(t, squads, 3, morale.TestStepChunk, []int{2, 3, 8, 0})
		})
	}
	t.Run("squads=300/chunk=StepChunk", func(t *testing.T) {
		testWorkersSameBits(t, 300, 1, morale.StepChunk, []int{2})
	})
}

// testWorkersSameBits compares workersFight on one worker with the same on
// each count of workers, and, with more than one count, on 8 and on 0
// workers with GOMAXPROCS 1 and 3.
func testWorkersSameBits(t *testing.T, squads, chunks, chunk int, workers []int) {
	wantBits, wantStates, ref := workersFight(t, squads, chunks, chunk, 1, nil)
	wantLog := ref.log
	routs := 0
	for _, h := range wantLog {
		if h.state && h.new == morale.Routed {
			routs++
		}
	}
	if len(wantLog) == 0 || routs == 0 {
		t.Fatalf("the fight told the listeners %d changes, %d of them routs; want some of both", len(wantLog), routs)
	}
	check := func(name string, workers int) {
		t.Helper()
		bits, states, got := workersFight(t, squads, chunks, chunk, workers, wantLog)
		if len(bits) != len(wantBits) {
			t.Fatalf("%s: %d agents; want %d", name, len(bits), len(wantBits))
		}
		for k := range bits {
			if bits[k] != wantBits[k] || states[k] != wantStates[k] {
				t.Fatalf("%s: agent %d: morale %x, %v; want %x, %v", name, k, bits[k], states[k], wantBits[k], wantStates[k])
			}
		}
		if got.differ >= 0 && got.differ < len(got.want) {
			t.Fatalf("%s: listener call %d: %+v; want %+v", name, got.differ, got.first, got.want[got.differ])
		}
		if got.n != len(got.want) {
			t.Fatalf("%s: %d listener calls; want %d", name, got.n, len(got.want))
		}
	}
	for _, k := range workers {
		check(fmt.Sprintf("workers=%d", k), k)
	}
	if len(workers) == 1 {
		return
	}
	old := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(old)
	check("workers=8 on GOMAXPROCS=1", 8)
	runtime.GOMAXPROCS(3)
	check("workers=0 on GOMAXPROCS=3", 0)
}

// TestSetWorkers checks the count SetWorkers keeps, and that a negative
// count is an error that changes nothing.
func TestSetWorkers(t *testing.T) {
	var w morale.World
	if got := w.Workers(); got != 1 {
		t.Fatalf("zero World: Workers() = %d; want 1", got)
	}
	tests := []struct {
		n, want int
		err     bool
	}{
		{3, 3, false},
		{-1, 3, true},
		{1, 1, false},
		{0, runtime.GOMAXPROCS(0), false},
		{-5, runtime.GOMAXPROCS(0), true},
	}
	for _, tc := range tests {
		err := w.SetWorkers(tc.n)
		if (err != nil) != tc.err {
			t.Fatalf("SetWorkers(%d) = %v; want error %v", tc.n, err, tc.err)
		}
		if got := w.Workers(); got != tc.want {
			t.Fatalf("after SetWorkers(%d): Workers() = %d; want %d", tc.n, got, tc.want)
		}
	}
}

// chunkedPair returns a World of the default settings and seed, stepping on
// workers goroutines in chunks of TestStepChunk agents, the reference World
// that follows it chunk by chunk, and the log of every listener call of the
// World, by agent.
func chunkedPair(t *testing.T, seed uint64, workers int) (*morale.World, *refWorld, map[*morale.Agent][]string) {
	t.Helper()
	s := morale.DefaultSettings()
	w, err := morale.NewWorld(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.SetWorkers(workers); err != nil {
		t.Fatal(err)
	}
	w.SetStepChunk(morale.TestStepChunk)
	ref := newRefWorld(s)
	ref.chunk = morale.TestStepChunk
	logs := map[*morale.Agent][]string{}
	w.OnMoraleChanged(func(a *morale.Agent, m float64, why morale.Reason) {
		logs[a] = append(logs[a], fmt.Sprintf("morale %x %v", math.Float64bits(m), why))
	})
	w.OnStateChanged(func(a *morale.Agent, old, new morale.State, why morale.Reason) {
		logs[a] = append(logs[a], fmt.Sprintf("state %v→%v %v", old, new, why))
	})
	return w, ref, logs
}

// TestReferenceWorldManyChunks compares a World of several step chunks,
// stepped on 1 and on 3 workers, with the reference World, whose squad sums
// are added chunk by chunk as documented: every agent's morale bits and
// state, and every listener call.
func TestReferenceWorldManyChunks(t *testing.T) {
	for _, workers := range []int{1, 3} {
		w, ref, realLog := chunkedPair(t, 3, workers)
		r := rand.New(rand.NewPCG(10, 11))
		var all []*morale.Agent
		for i := range 2*morale.TestStepChunk + 700 {
			at := morale.Vec2{X: r.Float64() * 5000, Y: r.Float64() * 5000}
			m := 0.2 + 0.8*r.Float64()
			a := w.Spawn(morale.SquadID(i%7), at, morale.WithMorale(m))
			all = append(all, a)
			ref.spawn(a, morale.SquadID(i%7), at, m, a.Nerve(), false, true)
		}
		checked := map[*morale.Agent]int{}
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("workers=%d: "+format, append([]any{workers}, args...)...)
		}
		for step := range 8 {
			for range 10 {
				at := morale.Vec2{X: r.Float64() * 5000, Y: r.Float64() * 5000}
				if err := w.ReportEventAtLocation(morale.AllyDown, at, 0, nil, 1); err != nil {
					t.Fatal(err)
				}
				if err := ref.reportAt(morale.AllyDown, at, 0, nil, 1); err != nil {
					t.Fatal(err)
				}
			}
			w.Advance(0.25)
			ref.advance(0.25)
			if step%4 == 3 {
				compareWithReference(t, w, ref, all, realLog, checked, fail)
			}
		}
	}
}
