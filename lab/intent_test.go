package lab_test

import (
	"math"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
)

// reinforced is a squad of three; a reinforcement at 10 s, news at 3 s.
const reinforced = `name = "r"
duration = 30.0
[[squad]]
name = "a"
size = 3
[[event]]
t = 3.0
event = "Suppressed"
squad = "a"
jitter = 0.5
[[event]]
t = 10.0
do = "reinforce"
squad = "a"
count = 2
`

func TestIntentErrors(t *testing.T) {
	tests := []struct {
		name, expect, want string
	}{
		{"steady without after", "metric = \"squad_steady_s.a\"\nshare = [0, 1]\n", `bad.toml:17: expect[1].metric: "squad_steady_s.a" is measured after an event: add after`},
		{"after on another metric", "metric = \"first_rout_s\"\nafter = \"ReinforcementsArrived\"\np50 = [0, 1]\n", `bad.toml:18: expect[1].after: applies to steady_s and squad_steady_s.SQUAD`},
		{"after an event no one reports", "metric = \"steady_s\"\nafter = \"LeaderDown\"\nshare = [0, 1]\n", `bad.toml:18: expect[1].after: no [[event]] reports "LeaderDown"`},
		{"after an event with jitter", "metric = \"steady_s\"\nafter = \"Suppressed\"\nshare = [0, 1]\n", `bad.toml:18: expect[1].after: the first Suppressed (event on line 6) has jitter 0.5 s`},
		{"given an unknown metric", "metric = \"first_rout_s\"\ngiven = \"speed\"\np50 = [0, 1]\n", `bad.toml:18: expect[1].given: "speed" is not a metric`},
		// steady_s is a metric, though not one that counts the fights.
		{"given a steady time", "metric = \"first_rout_s\"\ngiven = \"steady_s\"\np50 = [0, 1]\n", `bad.toml:18: expect[1].given: "steady_s" is not a metric here: it is measured after an event`},
		{"a squad's break of an unknown squad", "metric = \"squad_broke.b\"\nshare = [0, 1]\n", `bad.toml:17: expect[1].metric: "squad_broke.b" is not a metric: no squad is named "b"; the squads are "a"`},
		{"a squad's routs of an unknown squad", "metric = \"squad_routed.A\"\np50 = [0, 1]\n", `bad.toml:17: expect[1].metric: "squad_routed.A" is not a metric: no squad is named "A"; the squads are "a"`},
		{"unknown squad", "metric = \"squad_steady_s.b\"\nafter = \"ReinforcementsArrived\"\nshare = [0, 1]\n", `bad.toml:17: expect[1].metric: "squad_steady_s.b" is not a metric: no squad is named "b"; the squads are "a"`},
	}
	for _, tt := range tests {
		_, err := lab.ParseScenario("bad.toml", []byte(reinforced+"[[expect]]\n"+tt.expect))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v; want %q", tt.name, err, tt.want)
		}
	}
}

// TestSteadyAfter checks squad_steady_s after a reinforcement: a squad that
// never broke is Steady when the news comes (0 s); one broken by heavy fire
// before 10 s comes back after it, or never.
func TestSteadyAfter(t *testing.T) {
	expect := "[[expect]]\nmetric = \"squad_steady_s.a\"\nafter = \"ReinforcementsArrived\"\nshare = [0, 1]\n[[expect]]\nmetric = \"steady_s\"\nafter = \"ReinforcementsArrived\"\ngiven = \"squad_broke.a\"\np50 = [0, 30]\n"
	tests := []struct {
		name, scale string
		broken      bool
	}{
		{"calm", "0.1", false},
		{"broken", "30.0", true},
	}
	for _, tt := range tests {
		body := strings.Replace(reinforced, "jitter = 0.5\n", "jitter = 0.5\nscale = "+tt.scale+"\n", 1) + expect
		sc, err := lab.ParseScenario("r.toml", []byte(body))
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 5; seed++ {
			r, err := lab.Run(sc, sc.Settings, seed)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.After) != 2 {
				t.Fatalf("%s: %d values after the event; want 2", tt.name, len(r.After))
			}
			broke := r.SquadBroke[0]
			if broke != tt.broken {
				t.Fatalf("%s, seed %d: broke %v; want %v", tt.name, seed, broke, tt.broken)
			}
			a := r.After[0]
			switch {
			case !broke && (a == nil || *a != 0):
				t.Errorf("%s, seed %d: squad_steady_s = %v; want 0 (Steady when the reinforcements came)", tt.name, seed, a)
			case broke && a != nil && (*a <= 0 || *a > 20):
				t.Errorf("%s, seed %d: squad_steady_s = %v; want after the reinforcements, before the end", tt.name, seed, *a)
			}
		}
	}
}

// TestExpectValuesGiven checks the condition: only the fights where the
// given metric happened count, and a percentile of a time counts a fight
// of the condition where it never came as never (+Inf).
func TestExpectValuesGiven(t *testing.T) {
	at := func(v float64) *float64 { return &v }
	runs := []lab.RunResult{
		{SquadBroke: []bool{true}, FirstRouted: at(10)},
		{SquadBroke: []bool{true}, FirstRouted: at(12)},
		{SquadBroke: []bool{true}},
		{SquadBroke: []bool{false}, FirstRouted: at(50)},
		{SquadBroke: []bool{false}},
	}
	tests := []struct {
		stat     string
		xs       []float64
		happened int
		n        int
	}{
		{"p50", []float64{10, 12, math.Inf(1)}, 2, 3},
		{"share", []float64{10, 12}, 2, 3},
		{"mean", []float64{10, 12}, 2, 3},
	}
	for _, tt := range tests {
		e := lab.Expect{Metric: "first_rout_s", Given: "squad_broke.a", Stat: tt.stat}
		_, xs, happened, n, ok := lab.ExpectValues([]string{"a"}, nil, e, runs)
		if !ok || happened != tt.happened || n != tt.n || len(xs) != len(tt.xs) {
			t.Fatalf("%s: got %v, %d, %d, %v; want %v, %d, %d", tt.stat, xs, happened, n, ok, tt.xs, tt.happened, tt.n)
		}
		for i := range xs {
			if xs[i] != tt.xs[i] {
				t.Errorf("%s: xs = %v; want %v", tt.stat, xs, tt.xs)
			}
		}
	}
}

// The header marks the timeline's events that happen once, for the time
// plots: not the repeated fire.
func TestHeaderMarks(t *testing.T) {
	sc, err := lab.LoadScenario("../scenarios/fit/ambush.toml")
	if err != nil {
		t.Fatal(err)
	}
	h := lab.NewHeader(lab.Plan{Scenario: sc, Settings: sc.Settings, Runs: 1})
	want := []lab.Mark{{T: 5, Label: "Suppressed"}, {T: 8, Label: "death Sgt. Brandt"}, {T: 40, Label: "+6 patrol"}}
	if len(h.Marks) != len(want) {
		t.Fatalf("marks %v; want %v", h.Marks, want)
	}
	for i := range want {
		if h.Marks[i] != want[i] {
			t.Errorf("mark %d = %v; want %v", i, h.Marks[i], want[i])
		}
	}
}

// A percentile given a condition that falls on a fight where the time never
// came, or between such a fight and a time that came, is never: it meets
// no range, and prints as never. Before, the fights without the time were
// padded with the fight's duration and the percentile interpolated between
// the last time that came and it: a p90 of 42 s in a fight of 60 s where
// every rout came by 30 s.
func TestGivenPercentileNever(t *testing.T) {
	body := reinforced + `[[expect]]
metric = "first_rout_s"
given = "squad_broke.a"
p50 = [0.0, 30.0]
p75 = [0.0, 30.0]
p90 = [0.0, 30.0]
max = [0.0, 30.0]
`
	sc, err := lab.ParseScenario("r.toml", []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	// Nine fights that broke: eight routed at 10..17 s, one never.
	at := func(v float64) *float64 { return &v }
	var runs []lab.RunResult
	for i := range 9 {
		r := lab.RunResult{Index: i, SquadBroke: []bool{true}, SquadFirstBreak: []*float64{at(5)}, SquadRouted: []int{0}, SquadMorale: [][]float64{{}}}
		if i < 8 {
			r.FirstRouted = at(10 + float64(i))
		}
		runs = append(runs, r)
	}
	p := lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 1, Runs: len(runs)}
	sum := lab.Summarize(lab.NewHeader(p), runs)
	tests := []struct {
		stat string
		got  string // as the verdict prints it
		pass bool
	}{
		{"p50", "p50 = 14 [", true},
		{"p75", "p75 = 16 [", true},
		{"p90", "p90 = never [", false}, // between 17 s and never: was 19.6, a blend of 17 and 30
		{"max", "max = never [", false}, // was 30, the duration
	}
	verdicts := lab.Check(sc, &sum, runs)
	for i, tt := range tests {
		v := verdicts[i]
		if v.Stat != tt.stat || v.Pass != tt.pass || !strings.Contains(v.String(), tt.got) {
			t.Errorf("got %q (pass %v); want %q (pass %v)", v.String(), v.Pass, tt.got, tt.pass)
		}
	}
}
