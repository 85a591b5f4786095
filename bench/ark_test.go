package bench_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"testing"
	"time"

	"github.com/mlange-42/ark/ecs"
	"github.com/moralebreak/moralebreak/bench"
	"github.com/moralebreak/moralebreak/morale"
)

// population is the agents every variant starts from: morale drawn from
// 0.2..1 (so that contagion, recovery and state changes all have work) and
// nerve from the settings' range, from one seed; agent i is in squad
// i%squads.
type population struct {
	squads       int
	morale, nerv []float64
}

func newPopulation(n, squads int) population {
	s := morale.DefaultSettings()
	r := rand.New(rand.NewPCG(8, 9))
	p := population{squads: squads, morale: make([]float64, n), nerv: make([]float64, n)}
	for i := range n {
		p.morale[i] = 0.2 + 0.8*r.Float64()
		p.nerv[i] = s.NerveMin + (s.NerveMax-s.NerveMin)*r.Float64()
	}
	return p
}

// world returns a morale World of the population, and its agents.
func (p population) world(tb testing.TB) (*morale.World, []*morale.Agent) {
	tb.Helper()
	w, err := morale.NewWorld(morale.DefaultSettings(), 1)
	if err != nil {
		tb.Fatal(err)
	}
	agents := make([]*morale.Agent, len(p.morale))
	for i, m := range p.morale {
		agents[i] = w.Spawn(morale.SquadID(i%p.squads), morale.Vec2{X: float64(i)}, morale.WithMorale(m), morale.WithNerve(p.nerv[i]))
	}
	return w, agents
}

// arkWorld is the population in an ark World: one entity per agent with
// the components Morale, Nerve, Squad and Timers, in agent order.
type arkWorld struct {
	world    *ecs.World
	filter   *ecs.Filter4[bench.Morale, bench.Nerve, bench.Squad, bench.Timers]
	mapper   *ecs.Map4[bench.Morale, bench.Nerve, bench.Squad, bench.Timers]
	entities []ecs.Entity
	squads   *bench.Squads
	rules    bench.Rules
	interval int64
}

func (p population) ark() *arkWorld { return p.arkWith(morale.DefaultSettings()) }

// arkWith is ark with settings s: its rules step every s.SquadUpdateInterval.
func (p population) arkWith(s morale.Settings) *arkWorld {
	n := len(p.morale)
	a := &arkWorld{
		world:    ecs.NewWorld(n),
		squads:   bench.NewSquads(p.squads),
		interval: int64(math.Round(s.SquadUpdateInterval * bench.TicksPerSecond)),
		entities: make([]ecs.Entity, 0, n),
	}
	a.rules = bench.Rules{
		S: s, Dt: float64(a.interval) / bench.TicksPerSecond,
		Keep:       morale.ContagionFactor(s.ContagionPerSecond, float64(a.interval)/bench.TicksPerSecond),
		DwellTicks: int64(math.Round(s.MinimumStateSeconds * bench.TicksPerSecond)),
	}
	a.mapper = ecs.NewMap4[bench.Morale, bench.Nerve, bench.Squad, bench.Timers](a.world)
	a.filter = ecs.NewFilter4[bench.Morale, bench.Nerve, bench.Squad, bench.Timers](a.world)
	i := 0
	a.mapper.NewBatchFn(n, func(e ecs.Entity, m *bench.Morale, nv *bench.Nerve, sq *bench.Squad, t *bench.Timers) {
		m.Value, nv.Value = p.morale[i], p.nerv[i]
		sq.Index = int32(i % p.squads)
		t.BadNews, t.Since = bench.Never, bench.Never
		t.State = morale.Steady // as Spawn leaves him: resolved at the next step
		a.squads.N[sq.Index]++
		a.squads.Sum[sq.Index] += m.Value
		a.entities = append(a.entities, e)
		i++
	})
	return a
}

// step runs one step as an ark system: a query over every entity, each
// taken with Get.
func (a *arkWorld) step() {
	a.rules.End += a.interval
	q, r := a.squads, &a.rules
	q.TakeAverages()
	query := a.filter.Query()
	for query.Next() {
		m, _, sq, t := query.Get()
		v := r.Update(m.Value, q.Avg[sq.Index], sq.NoContagion, t)
		m.Value = v
		q.Next[sq.Index] += v
	}
	q.KeepSums()
}

// stepColumns runs the same step over ark's tables, a column at a time.
func (a *arkWorld) stepColumns() {
	a.rules.End += a.interval
	q, r := a.squads, &a.rules
	q.TakeAverages()
	query := a.filter.Query()
	for query.NextTable() {
		ms, _, sqs, ts := query.GetColumns()
		for i := range ms {
			sq := sqs[i]
			v := r.Update(ms[i].Value, q.Avg[sq.Index], sq.NoContagion, &ts[i])
			ms[i].Value = v
			q.Next[sq.Index] += v
		}
	}
	q.KeepSums()
}

// event applies event e at scale to agent i, as Agent.ReportEvent does.
func (a *arkWorld) event(i int, e morale.Event, scale float64) {
	m, nv, sq, t := a.mapper.Get(a.entities[i])
	weight := a.rules.S.Weights[e]
	if weight*scale < 0 {
		t.BadNews = a.rules.End
	}
	v := morale.ApplyMoraleEvent(m.Value, weight, scale, nv.Value)
	if v != m.Value {
		a.squads.Sum[sq.Index] += v - m.Value
		m.Value = v
	}
}

// slices is the population in plain Go slices, one per component: the same
// update with no ECS, the floor of this kind of loop.
type slices struct {
	m      []float64
	sq     []bench.Squad
	t      []bench.Timers
	squads *bench.Squads
	rules  bench.Rules
	step   int64
}

func (p population) slices() *slices {
	a := p.ark() // the same initial values and rules
	s := &slices{squads: a.squads, rules: a.rules, step: a.interval}
	query := a.filter.Query()
	for query.Next() {
		m, _, sq, t := query.Get()
		s.m, s.sq, s.t = append(s.m, m.Value), append(s.sq, *sq), append(s.t, *t)
	}
	return s
}

func (s *slices) run() {
	s.rules.End += s.step
	q, r := s.squads, &s.rules
	q.TakeAverages()
	ms, sqs, ts := s.m, s.sq[:len(s.m)], s.t[:len(s.m)]
	for i := range ms {
		sq := sqs[i]
		v := r.Update(ms[i], q.Avg[sq.Index], sq.NoContagion, &ts[i])
		ms[i] = v
		q.Next[sq.Index] += v
	}
	q.KeepSums()
}

// TestSameUpdate checks that the ark system computes what the World does:
// the same morale bits and states after every step of a fight of 80 steps
// (bad news reaching random agents for 30 steps, good news for 20, then
// quiet), with every state reached. If it fails, the benchmarks below
// compare different work.
func TestSameUpdate(t *testing.T) {
	for _, columns := range []bool{false, true} {
		t.Run(fmt.Sprintf("columns=%v", columns), func(t *testing.T) {
			p := newPopulation(3000, 7)
			w, agents := p.world(t)
			a := p.ark()
			for i, ag := range agents {
				_, _, _, tm := a.mapper.Get(a.entities[i])
				if ag.State() != tm.State {
					t.Fatalf("agent %d spawns %v in the World; %v in ark", i, ag.State(), tm.State)
				}
			}
			r := rand.New(rand.NewPCG(1, 2))
			interval := w.Settings().SquadUpdateInterval
			var seen [morale.NumStates]int
			for step := range 80 {
				// Bad news for 30 steps (panics and routs), then good news
				// for 20 (routs end), then quiet (recovery).
				e, scale := morale.Suppressed, 2.0
				if step >= 30 {
					e, scale = morale.ReinforcementsArrived, 0.5
				}
				if step < 50 {
					for range 300 {
						k := r.IntN(len(agents))
						if err := agents[k].ReportEvent(e, scale); err != nil {
							t.Fatal(err)
						}
						a.event(k, e, scale)
					}
				}
				w.Advance(interval)
				if columns {
					a.stepColumns()
				} else {
					a.step()
				}
				for i, ag := range agents {
					m, _, _, tm := a.mapper.Get(a.entities[i])
					if got, want := m.Value, ag.Morale(); math.Float64bits(got) != math.Float64bits(want) {
						t.Fatalf("step %d, agent %d: ark morale %v; want the World's %v", step, i, got, want)
					}
					if got, want := tm.State, ag.State(); got != want {
						t.Fatalf("step %d, agent %d: ark state %v; want the World's %v", step, i, got, want)
					}
					seen[tm.State]++
				}
			}
			for st := range morale.NumStates {
				if seen[st] == 0 {
					t.Errorf("no agent was ever %v: the fight does not exercise every rule", morale.State(st))
				}
			}
		})
	}
}

var (
	sizes  = []int{1e4, 1e5, 1e6}
	squads = []int{10, 1000}
)

func name(n, k int) string {
	return fmt.Sprintf("agents=1e%d/squads=%d", int(math.Round(math.Log10(float64(n)))), k)
}

func perAgent(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/agent")
}

// BenchmarkMorale measures one World.Advance(SquadUpdateInterval), one
// calm step, per op.
func BenchmarkMorale(b *testing.B) {
	for _, n := range sizes {
		for _, k := range squads {
			b.Run(name(n, k), func(b *testing.B) {
				w, _ := newPopulation(n, k).world(b)
				interval := w.Settings().SquadUpdateInterval
				b.ReportAllocs()
				for b.Loop() {
					w.Advance(interval)
				}
				perAgent(b, n)
			})
		}
	}
}

// warmSteps is how many untimed steps each side runs after the spawn, before
// the timed ones: the first steps resolve every agent's state from his
// random morale, and the World's first step also sorts its agents by grid
// cell (the spawns count as moves); a short run would time that and not
// the update.
const warmSteps = 40

// BenchmarkArk measures the same step as an ark query over {Morale, Nerve,
// Squad, Timers}: "query" takes each entity with Query.Get, "columns" each
// table with GetColumns. Both sides hold the same population at once and,
// after the same warmSteps untimed steps and a GC, step in turn: one op is
// one of ark's steps and one of the World's, each timed alone. Each row
// reports ns/agent (ark's median step), morale-ns/agent (the World's median
// step) and x-morale, ark's median ÷ the World's (the target is 2 or
// more). Medians of interleaved steps, because a stall of a shared host
// (which steals tens of milliseconds at random) lands on one step of one
// side, and a machine slowed for longer slows both sides alike.
func BenchmarkArk(b *testing.B) {
	for _, mode := range []string{"query", "columns"} {
		for _, n := range sizes {
			for _, k := range squads {
				b.Run(mode+"/"+name(n, k), func(b *testing.B) {
					p := newPopulation(n, k)
					a := p.ark()
					step := a.step
					if mode == "columns" {
						step = a.stepColumns
					}
					w, _ := p.world(b)
					interval := w.Settings().SquadUpdateInterval
					for range warmSteps {
						step()
						w.Advance(interval)
					}
					runtime.GC()
					arkSteps, worldSteps := make([]time.Duration, 0, 1024), make([]time.Duration, 0, 1024)
					b.ReportAllocs()
					for b.Loop() {
						start := time.Now()
						step()
						mid := time.Now()
						w.Advance(interval)
						arkSteps = append(arkSteps, mid.Sub(start))
						worldSteps = append(worldSteps, time.Since(mid))
					}
					arkNs := medianNs(arkSteps) / float64(n)
					moraleNs := medianNs(worldSteps) / float64(n)
					b.ReportMetric(arkNs, "ns/agent")
					b.ReportMetric(moraleNs, "morale-ns/agent")
					b.ReportMetric(arkNs/moraleNs, "x-morale")
				})
			}
		}
	}
}

// medianNs returns the median of ds in nanoseconds, sorting ds.
func medianNs(ds []time.Duration) float64 {
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	m := len(ds) / 2
	if len(ds)%2 == 1 {
		return float64(ds[m].Nanoseconds())
	}
	return float64(ds[m-1].Nanoseconds()+ds[m].Nanoseconds()) / 2
}

// BenchmarkSlices measures the same step over plain Go slices: what the
// update costs with no storage to speak of.
func BenchmarkSlices(b *testing.B) {
	for _, n := range sizes {
		for _, k := range squads {
			b.Run(name(n, k), func(b *testing.B) {
				s := newPopulation(n, k).slices()
				b.ReportAllocs()
				for b.Loop() {
					s.run()
				}
				perAgent(b, n)
			})
		}
	}
}
