package lab_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime"
	"sort"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

// One man with nerve 0 takes TookDamage × 8 (−0.8) at 1 s: morale 0.2.
//   - the next step (1.25 s) he jumps from Steady to Panicked;
//   - 3.5 s of unbroken panic later (4.75 s) he routs;
//   - recovery starts 4 s after the news (5 s) at 0.06/s: he reaches 0.40
//     (PanicBelow + Hysteresis) at 8.33 s, but the rout lasts at least 6 s,
//     so it ends at the step at 10.75 s, morale 0.545: Shaken;
//   - he reaches 0.75 (ShakenBelow + Hysteresis) at 5 + 0.55/0.06 = 14.17 s,
//     Steady at the step of 14.25 s: 13 s after the break at 1.25 s.
const handScenario = `
name = "hand"
duration = 20.0
sample = 1.0
[[squad]]
name = "solo"
size = 1
names = ["Solo"]
nerves = [0.0]
[[event]]
t = 1.0
event = "TookDamage"
agent = "Solo"
scale = 8.0
`

func TestRunByHand(t *testing.T) {
	sc, err := lab.ParseScenario("hand.toml", []byte(handScenario))
	if err != nil {
		t.Fatal(err)
	}
	r, err := lab.Run(sc, morale.DefaultSettings(), 1)
	if err != nil {
		t.Fatal(err)
	}
	eq := func(name string, got *float64, want float64) {
		t.Helper()
		if got == nil || math.Abs(*got-want) > 1e-9 {
			t.Errorf("%s = %v; want %v", name, deref(got), want)
		}
	}
	if r.FirstShaken == nil || *r.FirstShaken != 10.75 {
		t.Errorf("FirstShaken = %v; want 10.75 (Steady→Panicked skips Shaken; the rout ends in Shaken)", deref(r.FirstShaken))
	}
	eq("FirstPanicked", r.FirstPanicked, 1.25)
	eq("FirstRouted", r.FirstRouted, 4.75)
	eq("BackToSteady", r.BackToSteady, 13.0)
	eq("SquadFirstBreak[0]", r.SquadFirstBreak[0], 1.25)
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"Broke", r.Broke, 1}, {"Routed", r.Routed, 1}, {"LargestCascade", r.LargestCascade, 1},
		{"Rebreaks", r.Rebreaks, 0}, {"Deaths", r.Deaths, 0}, {"Agents", r.Agents, 1},
		{"len(Morale)", len(r.Morale), 21}, {"SquadRouted[0]", r.SquadRouted[0], 1},
		{"len(SquadMorale)", len(r.SquadMorale), 1}, {"len(SquadMorale[0])", len(r.SquadMorale[0]), 21},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d; want %d", c.name, c.got, c.want)
		}
	}
	if got := r.Morale[2]; math.Abs(got-0.2) > 1e-12 {
		t.Errorf("morale at 2 s = %v; want 0.2", got)
	}
	if !r.SquadBroke[0] || r.ShareSquadsBroken != 1 {
		t.Errorf("SquadBroke = %v, share %v; want [true], 1", r.SquadBroke, r.ShareSquadsBroken)
	}
}

func deref(p *float64) any {
	if p == nil {
		return "nil"
	}
	return *p
}

func TestLargestCascade(t *testing.T) {
	tests := []struct {
		times  []float64
		window float64
		want   int
	}{
		{nil, 3, 0},
		{[]float64{5}, 3, 1},
		{[]float64{1, 2, 3, 10, 11}, 3, 3},
		{[]float64{10, 1, 4, 7}, 3, 4}, // unsorted; each within 3 s of the one before
		{[]float64{1, 4.5, 8}, 3, 1},
		{[]float64{2, 2, 2}, 0, 3},
	}
	for _, tt := range tests {
		if got := lab.LargestCascade(tt.times, tt.window); got != tt.want {
			t.Errorf("LargestCascade(%v, %v) = %d; want %d", tt.times, tt.window, got, tt.want)
		}
		// A fight counts its routs as they come, by the same rule.
		sorted := append([]float64(nil), tt.times...)
		sort.Float64s(sorted)
		if got := lab.TallyCascade(sorted, tt.window); got != tt.want {
			t.Errorf("a fight routing at %v, window %v: largest cascade %d; want %d", sorted, tt.window, got, tt.want)
		}
	}
}

// A death reports LeaderDown (a leader's) or AllyDown at the dead man's
// location to every squad within reach, with distance falloff, unless the
// event names squads; the dead man no longer counts.
func TestRunDeathNewsReach(t *testing.T) {
	const head = `
duration = 10.0
[[squad]]
name = "a"
size = 2
leader = true
names = ["Boss", "Man"]
nerves = [0.0, 0.0]
[[squad]]
name = "b"
size = 1
nerves = [0.0]
at = [%g, 0.0]
[[event]]
t = 1.0
do = "death"
agent = "Boss"
%s`
	s := morale.DefaultSettings()
	// Boss stands at (0, −75), Man at (0, 75), b's man at (x, 0); all have
	// nerve 0, so a blow of weight w at falloff f leaves 1 + w·f.
	heard := func(x float64) float64 {
		d := morale.Vec2{X: x}.Dist(morale.Vec2{Y: -75})
		return morale.ApplyMoraleEvent(1, s.Weights[morale.LeaderDown], morale.DistanceFalloff(d, s.FullEffectRadius, s.NoEffectRadius), 0)
	}
	full := morale.ApplyMoraleEvent(1, s.Weights[morale.LeaderDown], 1, 0) // 0.55
	tests := []struct {
		name   string
		x      float64
		squads string
		// man and other are the morale of Man (squad a) and of b's man
		// right after the death.
		man, other float64
	}{
		{"a neighbour within FullEffectRadius hears it in full", 100, "", full, full},
		{"a squad 20 m away hears it faded", 2000, "", full, heard(2000)},
		{"a squad beyond NoEffectRadius does not", 5000, "", full, 1},
		{"squads = [a]: only his own squad", 100, `squads = ["a"]`, full, 1},
		{"squads = [b]: only the named squad", 100, `squads = ["b"]`, 1, full},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := lab.ParseScenario("d.toml", []byte(fmt.Sprintf(head, tt.x, tt.squads)))
			if err != nil {
				t.Fatal(err)
			}
			r, err := lab.Run(sc, s, 1)
			if err != nil {
				t.Fatal(err)
			}
			if r.Deaths != 1 || r.Agents != 3 {
				t.Errorf("Deaths, Agents = %d, %d; want 1, 3", r.Deaths, r.Agents)
			}
			// The sample at 1 s (the third) follows the death: the living
			// are Man and b's man.
			if got, want := r.Morale[2], (tt.man+tt.other)/2; math.Abs(got-want) > 1e-12 {
				t.Errorf("average morale of the living at 1 s = %v; want %v", got, want)
			}
			if got := r.SquadMorale[0][2]; math.Abs(got-tt.man) > 1e-12 {
				t.Errorf("squad a's morale at 1 s = %v; want %v (Man's alone: Boss is dead)", got, tt.man)
			}
			if got := r.SquadMorale[1][2]; math.Abs(got-tt.other) > 1e-12 {
				t.Errorf("squad b's morale at 1 s = %v; want %v", got, tt.other)
			}
		})
	}
	if f := morale.DistanceFalloff(morale.Vec2{X: 2000}.Dist(morale.Vec2{Y: -75}), s.FullEffectRadius, s.NoEffectRadius); !(f > 0 && f < 1) {
		t.Fatalf("the 20 m case tests no falloff: f = %v", f)
	}
}

func TestMonteCarloIndependentOfWorkers(t *testing.T) {
	sc, err := lab.LoadScenario("../scenarios/line.toml")
	if err != nil {
		t.Fatal(err)
	}
	var ref []byte
	// Workers 0 takes GOMAXPROCS: run it at 1 and 2 as well as with 1, 2 and
	// 3 explicit workers.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for i, workers := range []int{1, 2, 3, 0, 0} {
		if i >= 3 {
			runtime.GOMAXPROCS(i - 2)
		}
		p := lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 42, Runs: 60, Workers: workers}
		runs, err := lab.MonteCarlo(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		o, _, err := lab.RunOutputs(lab.NewHeader(p), lab.Shard{}, runs, "")
		if err != nil {
			t.Fatal(err)
		}
		sj, _, err1 := o.Render("summary.json")
		rj, _, err2 := o.Render("runs.json")
		if err := errors.Join(err1, err2); err != nil {
			t.Fatal(err)
		}
		got := append(sj, rj...)
		if ref == nil {
			ref = got
		} else if string(got) != string(ref) {
			t.Errorf("%d workers (GOMAXPROCS %d) give different bytes than 1 worker", workers, runtime.GOMAXPROCS(0))
		}
	}
}

func TestMonteCarloCancelled(t *testing.T) {
	sc, err := lab.LoadScenario("../scenarios/opening.toml")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	runs, err := lab.MonteCarlo(ctx, lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 1, Runs: 100})
	if err == nil || runs != nil {
		t.Errorf("MonteCarlo after cancel = %d runs, %v; want nil, context.Canceled", len(runs), err)
	}
}

func TestRunActions(t *testing.T) {
	const head = `
duration = 10.0
sample = 1.0
[[squad]]
name = "a"
size = 4
nerves = [0.0, 0.0, 0.0, 0.0]
names = ["P", "Q"]
`
	tests := []struct {
		name, events string
		check        func(t *testing.T, r lab.RunResult)
	}{
		{"forced rout of a squad", "[[event]]\nt = 2.0\ndo = \"rout\"\nsquad = \"a\"\n", func(t *testing.T, r lab.RunResult) {
			if r.FirstRouted == nil || *r.FirstRouted != 2 || r.Routed != 4 || r.LargestCascade != 4 {
				t.Errorf("FirstRouted %v, Routed %d, cascade %d; want 2, 4, 4", deref(r.FirstRouted), r.Routed, r.LargestCascade)
			}
		}},
		{"rally after a rout is a return, a new break within the window a re-break",
			"[[event]]\nt = 1.0\ndo = \"rout\"\nagent = \"P\"\n[[event]]\nt = 2.0\ndo = \"rally\"\nagent = \"P\"\n[[event]]\nt = 3.0\ndo = \"rout\"\nagent = \"P\"\n",
			func(t *testing.T, r lab.RunResult) {
				if r.Rebreaks != 1 || r.Routed != 1 || r.Broke != 1 {
					t.Errorf("Rebreaks %d, Routed %d, Broke %d; want 1, 1, 1", r.Rebreaks, r.Routed, r.Broke)
				}
			}},
		{"deaths by location", "[[event]]\nt = 1.0\ndo = \"death\"\nat = [0.0, 0.0]\nradius = 10000.0\ncount = 3\n", func(t *testing.T, r lab.RunResult) {
			if r.Deaths != 3 {
				t.Errorf("Deaths = %d; want 3", r.Deaths)
			}
			// Three AllyDowns at −0.18 each on the last man (nerve 0),
			// minus the dead: 1 − 0.54 = 0.46.
			if math.Abs(r.Morale[2]-0.46) > 1e-9 {
				t.Errorf("the survivor's morale = %v; want 0.46", r.Morale[2])
			}
		}},
		{"repeating news with until", "[[event]]\nt = 1.0\nevent = \"Suppressed\"\nsquad = \"a\"\nevery = 1.0\nuntil = 3.0\n", func(t *testing.T, r lab.RunResult) {
			// 1, 2 and 3 s: 3 × −0.07 with no recovery yet (delay 4 s).
			if math.Abs(r.Morale[4]-(1-0.21)) > 1e-9 {
				t.Errorf("morale at 4 s = %v; want 0.79", r.Morale[4])
			}
		}},
		{"reinforcements", "[[event]]\nt = 1.0\ndo = \"reinforce\"\nsquad = \"a\"\ncount = 2\n", func(t *testing.T, r lab.RunResult) {
			if r.Agents != 6 {
				t.Errorf("Agents = %d; want 6", r.Agents)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := lab.ParseScenario("a.toml", []byte(head+tt.events))
			if err != nil {
				t.Fatal(err)
			}
			r, err := lab.Run(sc, morale.DefaultSettings(), 5)
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, r)
		})
	}
}

// Summarize gives each squad the band of its living men's morale, leaving
// out the fights (and samples) where none lives, and the share of fights in
// which it has not broken yet.
func TestSummarizePerSquad(t *testing.T) {
	h := lab.Header{Squads: []string{"a", "b"}, SquadMen: []int{2, 1}, Sample: 1, Runs: 2}
	at := func(v float64) *float64 { return &v }
	runs := []lab.RunResult{
		{Index: 0, Morale: []float64{1, 0.6, 0.9}, SquadMorale: [][]float64{{1, 0.5, lab.NoneAlive}, {1, 0.9, 0.9}},
			SquadFirstBreak: []*float64{at(1), nil}, SquadBroke: []bool{true, false}, SquadRouted: []int{1, 0}},
		{Index: 1, Morale: []float64{1, 0.8, 0.8}, SquadMorale: [][]float64{{1, 0.7, lab.NoneAlive}, {1, 1, 0.8}},
			SquadFirstBreak: []*float64{nil, at(2)}, SquadBroke: []bool{false, true}, SquadRouted: []int{0, 0}},
	}
	sum := lab.Summarize(h, runs)
	if len(sum.PerSquad) != 2 {
		t.Fatalf("%d squads summarized; want 2", len(sum.PerSquad))
	}
	a, b := sum.PerSquad[0], sum.PerSquad[1]
	if a.Name != "a" || len(a.Morale.T) != 2 || a.Morale.T[1] != 1 || math.Abs(a.Morale.P50[1]-0.6) > 1e-12 {
		t.Errorf("squad a's band = %+v; want t = 0, 1 (nobody alive at 2 s) with median 0.6 at 1 s", a.Morale)
	}
	if len(b.Morale.T) != 3 || math.Abs(b.Morale.P50[2]-0.85) > 1e-12 {
		t.Errorf("squad b's band = %+v; want three samples, median 0.85 at 2 s", b.Morale)
	}
	for _, c := range []struct {
		name string
		got  []float64
		want []float64
	}{
		{"a unbroken", a.Unbroken.Y, []float64{1, 0.5, 0.5}},
		{"b unbroken", b.Unbroken.Y, []float64{1, 1, 0.5}},
	} {
		if fmt.Sprint(c.got) != fmt.Sprint(c.want) {
			t.Errorf("%s = %v; want %v", c.name, c.got, c.want)
		}
	}
	st, _ := sum.Stat("squad_first_break_s.b")
	if st.N != 1 || *st.P50 != 2 || st.Share != 0.5 {
		t.Errorf("squad_first_break_s.b = %+v; want n 1, p50 2, share 0.5", st)
	}
	st, _ = sum.Stat("squad_routed.a")
	if *st.Mean != 0.5 || st.Share != 0.5 {
		t.Errorf("squad_routed.a = %+v; want mean 0.5, share 0.5", st)
	}
}

// A sample interval whose multiples fall within half a tick of the World's
// clock (1/705,600,000 s) above it, such as 3 × 0.07 = 0.21000000000000002,
// ends: the run used to wait for a clock that could not move there, in a
// loop that counted no work and so never looked at Ctrl-C. A fight gives
// the same metrics whatever its sample interval.
func TestRunAnySample(t *testing.T) {
	const body = "name = \"s\"\nduration = 30.0\nsample = %s\n[[squad]]\nname = \"a\"\nsize = 6\n[[event]]\nt = 3.0\nevent = \"Suppressed\"\nsquad = \"a\"\nevery = 1.5\nuntil = 20.0\n"
	base, err := lab.ParseScenario("s.toml", []byte(fmt.Sprintf(body, "0.5")))
	if err != nil {
		t.Fatal(err)
	}
	want, err := lab.Run(base, base.Settings, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, sample := range []string{"0.07", "0.13", "0.3", "0.01"} {
		t.Run(sample, func(t *testing.T) {
			sc, err := lab.ParseScenario("s.toml", []byte(fmt.Sprintf(body, sample)))
			if err != nil {
				t.Fatal(err)
			}
			done := make(chan lab.RunResult, 1)
			go func() {
				r, err := lab.Run(sc, sc.Settings, 3)
				if err != nil {
					t.Error(err)
				}
				done <- r
			}()
			select {
			case got := <-done:
				if got.Broke != want.Broke || !reflect.DeepEqual(got.FirstShaken, want.FirstShaken) || got.LargestCascade != want.LargestCascade {
					t.Errorf("got broke %d, first Shaken %v, cascade %d; want %d, %v, %d (sample 0.5)", got.Broke, got.FirstShaken, got.LargestCascade, want.Broke, want.FirstShaken, want.LargestCascade)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("got no result after 10 s; want one fight of 30 s of six men to end at once")
			}
		})
	}
}

// A fight counts its largest cascade as the routs come, keeping no time
// per rout: it kept every rout's time to the end, and a sorted copy, so a
// squad of 20,000 routed and rallied every 0.05 s for 60 s held 1.4 GB in
// four fights on two cores, and one of 100,000 every 0.01 s for 100 s (an
// estimate of 26 s of one core, under the default ceiling) would have
// held 16 GB a fight. The live heap within the fight, looked at on its
// progress reports, must not grow with its routs.
func TestCascadeKeepsNoTimePerRout(t *testing.T) {
	const fight = "duration = 60.0\ncascade_window = %v\n[[squad]]\nname = \"a\"\nsize = 2000\nformation = \"grid\"\nspacing = 50.0\n" +
		"[[event]]\nt = 0.5\ndo = \"rout\"\nsquad = \"a\"\nevery = %v\n[[event]]\nt = 0.52\ndo = \"rally\"\nsquad = \"a\"\nevery = %v\n"
	// fightOf returns the most live heap seen within the fight, and its
	// result.
	fightOf := func(window, every float64) (uint64, int, lab.RunResult) {
		t.Helper()
		sc, err := lab.ParseScenario("routs.toml", []byte(fmt.Sprintf(fight, window, every, every)))
		if err != nil {
			t.Fatal(err)
		}
		var peak uint64
		looks := 0
		look := func(float64, int) {
			var m runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapAlloc)
			looks++
		}
		look(0, 0)
		rr, err := lab.MonteCarlo(context.Background(), lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 1, Runs: 1, Workers: 1, Progress: look})
		if err != nil {
			t.Fatal(err)
		}
		return peak, looks, rr[0]
	}
	tests := []struct {
		name          string
		window, every float64
		want          int // the largest cascade
	}{
		// Every rout chained: the cascade counts them all.
		{"every 0.5 s, chained", 3, 0.5, 120 * 2000},
		{"every 0.05 s, chained", 3, 0.05, 1191 * 2000},
		// The squad's routs of one occurrence chain; the next is too late.
		{"every 0.05 s, a window of 0.01 s", 0.01, 0.05, 2000},
	}
	peaks := map[float64]uint64{}
	for _, tt := range tests {
		peak, looks, r := fightOf(tt.window, tt.every)
		if r.LargestCascade != tt.want {
			t.Errorf("%s: got the largest cascade %d; want %d", tt.name, r.LargestCascade, tt.want)
		}
		// One before the fight, one after it, and one or more within.
		if tt.every == 0.05 && looks < 3 {
			t.Errorf("%s: %d looks at the heap; want one within the fight at least", tt.name, looks)
		}
		if tt.window == 3 {
			peaks[tt.every] = peak
		}
	}
	// 2,142,000 more routs, which took 8 bytes each and more.
	if grew := float64(peaks[0.05]) - float64(peaks[0.5]); grew > 4<<20 {
		t.Errorf("got a live heap %.1f MB larger for ten times the routs (%d bytes, then %d); want no more than 4 MB", grew/(1<<20), peaks[0.5], peaks[0.05])
	}
}
