package morale

import (
	"math"
	"testing"
	"unsafe"
)

// The step decides most agents' recovery without the exact seconds since
// their bad news (stepRules.gain; edge near the edge of the delay). This
// checks that edge(b, gain(b)) is RecoveryGain's answer for the exact
// seconds bit for bit, at the edges where the two gains are used and far
// from them, for delays and intervals of every size and clock readings up
// to maxTicks.
func TestGainStandsIn(t *testing.T) {
	ends := []int64{secondsToTicks(0.25), secondsToTicks(1e3), secondsToTicks(86400 * 365), maxTicks / 2, maxTicks}
	delays := []float64{0, 1e-9, 0.1234567, 4, 86400, 123456789.123, 1e9 + 1.0/3}
	intervals := []float64{0.001, 0.25, 1.7, 86400, 1e9 / 7}
	for _, end := range ends {
		for _, delay := range delays {
			for _, interval := range intervals {
				s := DefaultSettings()
				s.RecoveryDelaySeconds, s.SquadUpdateInterval = delay, interval
				iv := secondsToTicks(interval)
				w := &World{s: s, intervalTicks: iv, stepTicks: end - iv}
				r := w.stepRules(end)
				inDelay := r.recovers + int64(r.span)
				var bs []int64
				for _, edge := range []int64{r.recovers - 1, inDelay + 1} {
					for d := int64(0); d < 64; d++ {
						bs = append(bs, edge-d*d*d, edge+d*d*d) // some outside the stand-ins: exact anyway
					}
				}
				bs = append(bs, never, end, end-1, 0)
				for _, b := range bs {
					if b > end || end-b > end-never {
						continue
					}
					exact := float64(end-b) / ticksPerSecond
					got, want := r.edge(b, r.gain(b)), RecoveryGain(exact, r.dt, r.rate, r.delay)
					if math.Float64bits(got) != math.Float64bits(want) {
						t.Fatalf("end %d, delay %v, interval %v, bad news at %d: gain %v; want %v",
							end, delay, interval, b, got, want)
					}
				}
			}
		}
	}
}

// TestTouchedRoomOnlyWhenTracked checks that a step of several chunks gives
// its worker room for the touched squad slots only when the chunks list them
// (more squads than a quarter of a chunk's agents), not when they keep a sum
// for every slot.
func TestTouchedRoomOnlyWhenTracked(t *testing.T) {
	for _, tc := range []struct {
		squads int
		room   bool
	}{{squads: 10, room: false}, {squads: 2000, room: true}} {
		w, err := NewWorld(DefaultSettings(), 1)
		if err != nil {
			t.Fatal(err)
		}
		w.SetStepChunk(4096)
		for i := range 3 * 4096 {
			w.Spawn(SquadID(i%tc.squads), Vec2{X: float64(i % 100), Y: float64(i / 100)})
		}
		w.Advance(w.Settings().SquadUpdateInterval)
		if got := cap(w.stepWorkers[0].touched) > 0; got != tc.room {
			t.Errorf("%d squads: room for touched slots %v (cap %d); want %v", tc.squads, got, cap(w.stepWorkers[0].touched), tc.room)
		}
	}
}

// TestWorkersSumsLieAPageApart checks that the squad sums of a step's
// workers lie at least a page (4 KiB) apart, with a page of padding on
// either side: in one page, the CPU's prefetchers, which fetch lines ahead
// within a page, take one worker's sums from the other's cache while both
// write them (at 10 squads two workers made a step 1.5× faster than one,
// instead of 2×, in half the Worlds of BenchmarkStepWorkers).
func TestWorkersSumsLieAPageApart(t *testing.T) {
	const page = 4096
	for _, squads := range []int{1, 10, 600} {
		w, err := NewWorld(DefaultSettings(), 1)
		if err != nil {
			t.Fatal(err)
		}
		w.SetStepChunk(1024)
		if err := w.SetWorkers(3); err != nil {
			t.Fatal(err)
		}
		for i := range 4 * 1024 {
			w.Spawn(SquadID(i%squads), Vec2{X: float64(i % 100), Y: float64(i / 100)})
		}
		w.Advance(w.Settings().SquadUpdateInterval)
		var spans [][2]uintptr // each worker's sums, first byte and end
		for k, sw := range w.stepWorkers {
			if len(sw.acc) != squads {
				t.Fatalf("%d squads: worker %d has %d sums; want %d", squads, k, len(sw.acc), squads)
			}
			if after := (cap(sw.acc) - len(sw.acc)) * 8; after < page {
				t.Errorf("%d squads: worker %d's sums have %d bytes of room after them; want a page, %d", squads, k, after, page)
			}
			lo := uintptr(unsafe.Pointer(unsafe.SliceData(sw.acc)))
			spans = append(spans, [2]uintptr{lo, lo + uintptr(8*len(sw.acc))})
		}
		for a := range spans {
			for b := range spans {
				if a != b && spans[b][0] >= spans[a][1] && spans[b][0]-spans[a][1] < page {
					t.Errorf("%d squads: worker %d's sums end %d bytes before worker %d's begin; want a page, %d",
						squads, a, spans[b][0]-spans[a][1], b, page)
				}
			}
		}
	}
}
