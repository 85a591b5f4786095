package morale

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// CheckNewsBounds returns an error when the World's news bounds (see
// newsblocks.go) are not one per block of NewsBlock agents, or when a bound
// is earlier than the key of an agent of its block (his last bad news, or
// noCalm for an agent spawned WithoutContagion): a bound may be late, never
// early. The reference and worker tests call it after every operation.
func (w *World) CheckNewsBounds() error {
	n := len(w.handles)
	if want := (n + newsBlock - 1) / newsBlock; len(w.newsBound) != want {
		return fmt.Errorf("news bounds: %d for %d agents; want %d", len(w.newsBound), n, want)
	}
	for i := range int32(n) {
		if k, b := w.newsKey(i), w.newsBound[i/newsBlock]; b < k {
			return fmt.Errorf("news bounds: block %d's bound %d is earlier than agent %d's key %d", i/newsBlock, b, i, k)
		}
	}
	return nil
}

// NewsBlock is how many agents a news block holds (see newsblocks.go).
const NewsBlock = newsBlock

// TestNewsBoundsNeverEarly runs every operation that writes an agent's bad
// news or moves agents between places, each on its own World of a few
// blocks, and checks the bounds against the agents' keys after each call.
func TestNewsBoundsNeverEarly(t *testing.T) {
	const n = 3*newsBlock + 17 // three full blocks and a short one
	type op func(t *testing.T, w *World, r *rand.Rand)
	at := func(r *rand.Rand) Vec2 { return Vec2{X: r.Float64() * 20000, Y: r.Float64() * 20000} }
	pick := func(w *World, r *rand.Rand) *Agent { return w.Agent(r.IntN(w.Len())) }
	tests := []struct {
		name string
		op   op
	}{
		{"ReportEvent", func(t *testing.T, w *World, r *rand.Rand) {
			if err := pick(w, r).ReportEvent(AllyDown, 1); err != nil {
				t.Fatal(err)
			}
		}},
		{"ReportCustomEvent", func(t *testing.T, w *World, r *rand.Rand) {
			if err := pick(w, r).ReportCustomEvent(-0.01); err != nil {
				t.Fatal(err)
			}
		}},
		{"ReportEventAtLocation", func(t *testing.T, w *World, r *rand.Rand) {
			if err := w.ReportEventAtLocation(Suppressed, at(r), 0, nil, 1); err != nil {
				t.Fatal(err)
			}
		}},
		{"ReportEventAtLocation/squads", func(t *testing.T, w *World, r *rand.Rand) {
			if err := w.ReportEventAtLocation(Suppressed, at(r), 0, []SquadID{1, 3}, 1); err != nil {
				t.Fatal(err)
			}
		}},
		{"ReportEventAtLocation/listener", func(t *testing.T, w *World, r *rand.Rand) {
			if len(w.onMorale) == 0 {
				w.OnMoraleChanged(func(*Agent, float64, Reason) {})
			}
			if err := w.ReportEventAtLocation(AllyDown, at(r), 0, nil, 1); err != nil {
				t.Fatal(err)
			}
		}},
		{"Spawn", func(t *testing.T, w *World, r *rand.Rand) {
			if r.IntN(3) == 0 {
				w.Spawn(SquadID(r.IntN(5)), at(r), WithoutContagion())
				return
			}
			w.Spawn(SquadID(r.IntN(5)), at(r))
		}},
		{"Remove", func(t *testing.T, w *World, r *rand.Rand) {
			// Bad news, then the last agent (who had it) moves into
			// the removed one's place.
			if err := w.Agent(w.Len()-1).ReportEvent(AllyDown, 1); err != nil {
				t.Fatal(err)
			}
			w.Remove(pick(w, r))
		}},
		{"Remove/last", func(t *testing.T, w *World, r *rand.Rand) {
			w.Remove(w.Agent(w.Len() - 1))
		}},
		{"SetPosition+Advance", func(t *testing.T, w *World, r *rand.Rand) {
			// Enough moves that the next step sorts the agents.
			for range w.Len()/sortMoveShare + 1 {
				pick(w, r).SetPosition(at(r))
			}
			if err := pick(w, r).ReportEvent(Suppressed, 1); err != nil {
				t.Fatal(err)
			}
			w.Advance(w.s.SquadUpdateInterval)
		}},
		{"SetSettings", func(t *testing.T, w *World, r *rand.Rand) {
			s := w.Settings()
			// Every agent's cell changes: a sort.
			f := 1.5
			if s.NoEffectRadius > DefaultSettings().NoEffectRadius {
				f = 1 / f
			}
			s.NoEffectRadius *= f
			s.FullEffectRadius *= f
			if err := w.SetSettings(s); err != nil {
				t.Fatal(err)
			}
			w.Advance(w.s.SquadUpdateInterval)
		}},
		{"Clone", func(t *testing.T, w *World, r *rand.Rand) {
			c := w.Clone()
			if err := c.CheckNewsBounds(); err != nil {
				t.Fatalf("clone: %v", err)
			}
			if err := pick(c, r).ReportEvent(AllyDown, 1); err != nil {
				t.Fatal(err)
			}
			if err := c.CheckNewsBounds(); err != nil {
				t.Fatalf("clone after an event: %v", err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := NewWorld(DefaultSettings(), 3)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(4, 5))
			for i := range n {
				var opts []SpawnOption
				if i == newsBlock+5 {
					opts = append(opts, WithoutContagion())
				}
				w.Spawn(SquadID(i%5), at(r), opts...)
			}
			w.Advance(w.s.SquadUpdateInterval)
			for k := range 40 {
				tt.op(t, w, r)
				if err := w.CheckNewsBounds(); err != nil {
					t.Fatalf("after call %d: %v", k, err)
				}
				w.Advance(w.s.SquadUpdateInterval / 3)
				if err := w.CheckNewsBounds(); err != nil {
					t.Fatalf("after call %d and Advance: %v", k, err)
				}
			}
		})
	}
}

// TestCheckNewsBoundsCatchesEarlyBound checks that CheckNewsBounds fails
// when a bound is one tick earlier than an agent's bad news, or lower than
// a non-contagious agent's noCalm, and when the bounds are too few.
func TestCheckNewsBoundsCatchesEarlyBound(t *testing.T) {
	w, err := NewWorld(DefaultSettings(), 3)
	if err != nil {
		t.Fatal(err)
	}
	for i := range newsBlock + 3 {
		var opts []SpawnOption
		if i == newsBlock+1 {
			opts = append(opts, WithoutContagion())
		}
		w.Spawn(1, Vec2{X: float64(i)}, opts...)
	}
	w.Advance(1)
	a := w.Agent(7)
	if err := a.ReportEvent(AllyDown, 1); err != nil {
		t.Fatal(err)
	}
	if err := w.CheckNewsBounds(); err != nil {
		t.Fatalf("a sound World: %v", err)
	}
	tests := []struct {
		name  string
		spoil func(w *World)
	}{
		{"early by a tick", func(w *World) { w.newsBound[0] = w.badNews[7] - 1 }},
		{"noCalm lost", func(w *World) { w.newsBound[1] = w.nowTicks }},
		{"too few", func(w *World) { w.newsBound = w.newsBound[:1] }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := w.Clone()
			tt.spoil(c)
			if err := c.CheckNewsBounds(); err == nil {
				t.Errorf("CheckNewsBounds: got nil; want an error")
			}
		})
	}
}

// calmBlocks returns how many of w's news blocks the next step runs through
// stepCalm (recovery on, no morale listener, the bound before whole).
func calmBlocks(w *World) int {
	r := w.stepRules(w.stepTicks + w.intervalTicks)
	if !r.contagious || !(r.rate > 0) || !(r.dt > 0) || len(w.onMorale) > 0 {
		return 0
	}
	k := 0
	for _, b := range w.newsBound {
		if b < r.recoversWholeStep {
			k++
		}
	}
	return k
}

// TestCalmBlocksSameBits runs one fight twice: as the World runs it, and on
// a copy whose news bounds are set to noCalm before every step, so that
// every agent takes stepFast or stepAgent as before the news blocks. The
// fight has news in some blocks and not in others, agents spawned
// WithoutContagion, agents set below ShakenBelow by hand (who leave the calm
// loop for stepAgent), spawns, removals and sorts, with 1 and 3 workers and
// with several chunks. Every step, every agent's morale bits and state and
// every squad's sum must be the same in both.
func TestCalmBlocksSameBits(t *testing.T) {
	for _, tt := range []struct {
		agents, workers int
	}{
		{newsBlock - 10, 1},
		{5*newsBlock + 3, 1},
		{2*stepChunk + 3*newsBlock + 9, 1},
		{2*stepChunk + 3*newsBlock + 9, 3},
	} {
		t.Run(fmt.Sprintf("agents=%d/workers=%d", tt.agents, tt.workers), func(t *testing.T) {
			s := DefaultSettings()
			w, err := NewWorld(s, 9)
			if err != nil {
				t.Fatal(err)
			}
			if err := w.SetWorkers(tt.workers); err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(10, 11))
			// A long thin field, so that a sort keeps blocks apart in
			// space: news at one end leaves the other end calm.
			at := func() Vec2 { return Vec2{X: r.Float64() * 4e5, Y: r.Float64() * 3000} }
			for range tt.agents {
				var opts []SpawnOption
				opts = append(opts, WithMorale(0.3+0.7*r.Float64()))
				if r.IntN(200) == 0 {
					opts = append(opts, WithoutContagion())
				}
				w.Spawn(SquadID(r.IntN(13)), at(), opts...)
			}
			c := w.Clone()
			calm := 0
			for step := range 120 {
				// The same calls on both Worlds.
				for _, v := range []*World{w, c} {
					rv := rand.New(rand.NewPCG(uint64(step), 12))
					switch step % 10 {
					case 0:
						if step >= 80 {
							break // calm at the end, even in one block
						}
						x := rv.Float64() * 1e5 // news at the near end only
						if err := v.ReportEventAtLocation(AllyDown, Vec2{X: x, Y: 1500}, 0, nil, 1); err != nil {
							t.Fatal(err)
						}
					case 3:
						if err := v.Agent(rv.IntN(v.Len())).SetMorale(0.1 * rv.Float64()); err != nil {
							t.Fatal(err)
						}
					case 5:
						v.Remove(v.Agent(rv.IntN(v.Len())))
						v.Spawn(SquadID(rv.IntN(13)), Vec2{X: rv.Float64() * 4e5, Y: rv.Float64() * 3000})
					case 7:
						for range v.Len()/sortMoveShare + 1 {
							v.Agent(rv.IntN(v.Len())).SetPosition(Vec2{X: rv.Float64() * 4e5, Y: rv.Float64() * 3000})
						}
					}
				}
				// c's step would sort first and recompute its bounds:
				// sort it now, then spoil every bound.
				if c.sortDue() {
					c.sortAgents()
				}
				for b := range c.newsBound {
					c.newsBound[b] = noCalm
				}
				if w.sortDue() {
					// w sorts inside its step: count its calm blocks
					// after the same sort, on a copy.
					d := w.Clone()
					d.sortAgents()
					d.rebuildNews()
					calm += calmBlocks(d)
				} else {
					calm += calmBlocks(w)
				}
				w.Advance(s.SquadUpdateInterval)
				c.Advance(s.SquadUpdateInterval)
				if err := w.CheckNewsBounds(); err != nil {
					t.Fatalf("step %d: %v", step, err)
				}
				for i := range w.morale {
					if math.Float64bits(w.morale[i]) != math.Float64bits(c.morale[i]) || w.state[i] != c.state[i] {
						t.Fatalf("step %d, agent %d: got morale %v (%#x), %v; want %v (%#x), %v as without news blocks",
							step, i, w.morale[i], math.Float64bits(w.morale[i]), w.state[i], c.morale[i], math.Float64bits(c.morale[i]), c.state[i])
					}
				}
				for k := range w.squads {
					if math.Float64bits(w.squads[k].sum) != math.Float64bits(c.squads[k].sum) {
						t.Fatalf("step %d, squad slot %d: got sum %v; want %v", step, k, w.squads[k].sum, c.squads[k].sum)
					}
				}
			}
			if calm == 0 {
				t.Errorf("no step ran a block through stepCalm: the test does not exercise it")
			}
			t.Logf("%d block steps through stepCalm", calm)
		})
	}
}
