package lab_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
)

// A summary carries its scenario's expectations, so its verdicts are
// Check's, naming the file by its path as typed.
func TestSummaryVerdictsAreCheck(t *testing.T) {
	sc, err := lab.LoadScenario("../scenarios/opening.toml")
	if err != nil {
		t.Fatal(err)
	}
	p := lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 1, Runs: 20}
	runs, err := lab.MonteCarlo(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	sum := lab.Summarize(lab.NewHeader(p), runs)
	want, got := lab.Check(sc, &sum, runs), sum.Verdicts(runs)
	if len(got) != len(sc.Expects) || len(got) != len(want) {
		t.Fatalf("%d verdicts, Check gives %d; want one per expectation (%d)", len(got), len(want), len(sc.Expects))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("verdict %d = %v; want %v", i, got[i], want[i])
		}
	}
}

// Expectations no set of fights can meet together are bad input naming both
// lines, in every command that reads the scenario: check ran them and
// printed a FAIL on every run of every weights (share = [0.1, 0.2] and
// share = [0.5, 0.7] of the same metric; p50 = [20, 25] beside
// p90 = [0, 10]), which only fit refused. Ranges that may hold together
// parse.
func TestContradictoryExpectationsAreBadInput(t *testing.T) {
	const head = "name = \"c\"\nduration = 30.0\n[[squad]]\nname = \"a\"\nsize = 4\n"
	tests := []struct {
		name, expects string
		want          string // "": it parses
	}{
		{"disjoint shares", "[[expect]]\nmetric = \"routed\"\nshare = [0.1, 0.2]\n[[expect]]\nmetric = \"routed\"\nshare = [0.5, 0.7]\n",
			"c.toml:11: expect[2].share: routed share wants 0.5..0.7 here and 0.1..0.2 on line 8: the ranges do not overlap"},
		{"p50 above every p90", "[[expect]]\nmetric = \"first_rout_s\"\np50 = [20.0, 25.0]\n[[expect]]\nmetric = \"first_rout_s\"\np90 = [0.0, 10.0]\n",
			"c.toml:11: expect[2].p90: first_rout_s p50 wants at least 20 (line 8), but first_rout_s p90 at most 10 (line 11), and p50 is never above p90"},
		{"in one block", "[[expect]]\nmetric = \"first_rout_s\"\np90 = [10.0, 20.0]\np10 = [25.0, 30.0]\n",
			"c.toml:9: expect[1].p10: first_rout_s p10 wants at least 25 (line 9), but first_rout_s p90 at most 20 (line 8)"},
		{"overlapping", "[[expect]]\nmetric = \"routed\"\nshare = [0.1, 0.5]\n[[expect]]\nmetric = \"routed\"\nshare = [0.4, 0.7]\n", ""},
		{"another condition", "[[expect]]\nmetric = \"first_rout_s\"\np50 = [20.0, 25.0]\n[[expect]]\nmetric = \"first_rout_s\"\ngiven = \"squad_broke.a\"\np50 = [0.0, 10.0]\n", ""},
		{"in order", "[[expect]]\nmetric = \"first_rout_s\"\np10 = [0.0, 10.0]\np90 = [5.0, 25.0]\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			parsesOrSays(t, "c.toml", head+tt.expects, tt.want)
		})
	}
}

// A range no fight can meet is bad input naming its line: check ran
// share = [40, 60] (meaning 40-60%), a time past the fight's end or below
// 0, squad_broke.a's mean of 2..3 and a negative count, and printed a FAIL
// for ever. A range that reaches past what can happen ("any time") parses.
func TestRangesNoFightCanMeet(t *testing.T) {
	const head = "name = \"c\"\nduration = 30.0\n[[squad]]\nname = \"a_s\"\nsize = 4\n[[expect]]\n"
	tests := []struct {
		name, expect string
		want         string // "": it parses
	}{
		{"a share in per cent", "metric = \"squad_broke.a_s\"\nshare = [40.0, 60.0]\n", "c.toml:8: expect[1].share: is [40, 60]; a share is the fraction of the fights, 0..1 (40% is 0.4)"},
		{"a share up to 50%", "metric = \"routed\"\nshare = [0.0, 50.0]\n", "c.toml:8: expect[1].share: is [0, 50]; a share is the fraction"},
		{"a negative share", "metric = \"routed\"\nshare = [-0.1, 0.5]\n", "expect[1].share: is [-0.1, 0.5]; a share is the fraction"},
		{"a time after the end", "metric = \"first_rout_s\"\np50 = [100.0, 200.0]\n", "c.toml:8: expect[1].p50: is [100, 200]; a time of this fight lies in 0..30 s (its duration)"},
		{"a time before the start", "metric = \"squad_first_break_s.a_s\"\nmean = [-10.0, -5.0]\n", "expect[1].mean: is [-10, -5]; a time of this fight lies in 0..30 s"},
		{"a conditional time after the end", "metric = \"first_rout_s\"\ngiven = \"squad_broke.a_s\"\np90 = [31.0, 40.0]\n", "expect[1].p90: is [31, 40]; a time of this fight"},
		{"a fraction above 1", "metric = \"share_squads_broken\"\nmean = [2.0, 3.0]\n", "expect[1].mean: is [2, 3]; share_squads_broken lies in 0..1 in every fight"},
		{"a negative count", "metric = \"routed\"\nmax = [-3.0, -1.0]\n", "expect[1].max: is [-3, -1]; a count is never below 0"},
		{"any time", "metric = \"first_rout_s\"\np50 = [0.0, 1000.0]\n", ""},
		{"the whole share", "metric = \"routed\"\nshare = [0.0, 1.0]\n", ""},
		{"a count above the men", "metric = \"rebreaks\"\nmean = [5.0, 9.0]\n", ""},
		{"a squad's count past the duration", "metric = \"squad_routed.a_s\"\nmax = [35.0, 40.0]\n", ""},
		{"a squad's breaks, every fight", "metric = \"squad_broke.a_s\"\nmean = [1.0, 1.0]\n", ""},
		{"a time at the end", "metric = \"first_rout_s\"\np50 = [30.0, 30.0]\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			parsesOrSays(t, "c.toml", head+tt.expect, tt.want)
		})
	}
}

// A block's ranges are checked, printed and carried in file order: a block
// with share on line 9 and p50 on line 10 printed line 10's verdict first
// (the ranges went in the order of the statistics' names: p10 … max, share).
func TestExpectationsInFileOrder(t *testing.T) {
	const body = "name = \"o\"\nduration = 30.0\n[[squad]]\nname = \"a\"\nsize = 4\n[[expect]]\nmetric = \"first_rout_s\"\nmax = [0.0, 30.0]\nshare = [0.0, 1.0]\np50 = [0.0, 30.0]\np10 = [0.0, 30.0]\n[[expect]]\nmetric = \"routed\"\nmean = [0.0, 4.0]\n"
	sc, err := lab.ParseScenario("o.toml", []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range sc.Expects {
		got = append(got, fmt.Sprintf("%d %s", e.Line, e.Stat))
	}
	if want := "8 max, 9 share, 10 p50, 11 p10, 14 mean"; strings.Join(got, ", ") != want {
		t.Errorf("got %s; want %s", strings.Join(got, ", "), want)
	}
}

// A statistic no fight defined says so in a designer's word, fights, as
// every other line of check does: it said "undefined (no run had it)".
func TestVerdictUndefinedSaysFights(t *testing.T) {
	v := lab.Verdict{Expect: lab.Expect{Line: 8, Metric: "first_rout_s", Stat: "p50", Lo: 20, Hi: 25}, Scenario: "c.toml", N: 0, Runs: 50}
	want := "FAIL c.toml:8 first_rout_s p50 = undefined (no fight had it), n = 0 of 50 fights, want 20..25"
	if got := v.String(); got != want {
		t.Errorf("got %q; want %q", got, want)
	}
}

// A verdict over one fight counts it in the singular: check -runs 1 said
// "n = 1 fights".
func TestVerdictOfOneFight(t *testing.T) {
	for _, tt := range []struct {
		v    lab.Verdict
		want string
	}{
		{lab.Verdict{Expect: lab.Expect{Line: 8, Metric: "broke", Stat: "share", Lo: 0, Hi: 1}, Scenario: "c.toml", N: 1, Runs: 1, Defined: true, Got: 1, Pass: true},
			"PASS c.toml:8 broke share = 1, n = 1 fight, want 0..1"},
		{lab.Verdict{Expect: lab.Expect{Line: 8, Metric: "first_rout_s", Stat: "p50", Lo: 20, Hi: 25}, Scenario: "c.toml", N: 0, Runs: 1},
			"FAIL c.toml:8 first_rout_s p50 = undefined (no fight had it), n = 0 of 1 fight, want 20..25"},
	} {
		if got := tt.v.String(); got != tt.want {
			t.Errorf("got %q; want %q", got, tt.want)
		}
	}
}

// A mean's interval stays within what the metric can take: check printed
// "share_squads_broken mean = 0.9917 [95% CI 0.975, 1.01]" (a share above
// 1), and a time or a count near 0 had an interval below 0. The normal
// interval is clamped to the metric's bounds (Metric.Bounds): 0..1 for a
// share or a flag, 0..duration for a time, 0.. for a count.
func TestMeanIntervalStaysWithinTheMetric(t *testing.T) {
	const body = "name = \"b\"\nduration = 30.0\n[[squad]]\nname = \"a\"\nsize = 4\n[[squad]]\nname = \"c\"\nsize = 4\n[[expect]]\nmetric = \"%s\"\nmean = [0.0, %g]\n"
	f := func(x float64) *float64 { return &x }
	tests := []struct {
		metric string
		hi     float64 // the metric's bound, for the range
		run    func(i int) lab.RunResult
		lo95   float64
		hi95   float64
	}{
		{"share_squads_broken", 1, func(i int) lab.RunResult {
			r := lab.RunResult{ShareSquadsBroken: 1}
			if i == 0 {
				r.ShareSquadsBroken = 0.5
			}
			return r
		}, 0.975, 1},
		{"squad_broke.a", 1, func(i int) lab.RunResult { return lab.RunResult{SquadBroke: []bool{i != 0, false}} }, 0.95, 1},
		{"first_rout_s", 30, func(i int) lab.RunResult {
			if i == 0 {
				return lab.RunResult{FirstRouted: f(20)}
			}
			return lab.RunResult{FirstRouted: f(0)}
		}, 0, 1},
		{"first_rout_s", 30, func(i int) lab.RunResult {
			if i == 0 {
				return lab.RunResult{FirstRouted: f(10)}
			}
			return lab.RunResult{FirstRouted: f(30)}
		}, 29, 30},
		{"routed", 4, func(i int) lab.RunResult {
			if i == 0 {
				return lab.RunResult{Routed: 4}
			}
			return lab.RunResult{}
		}, 0, 0.2},
	}
	for _, tt := range tests {
		t.Run(tt.metric, func(t *testing.T) {
			sc, err := lab.ParseScenario("b.toml", []byte(fmt.Sprintf(body, tt.metric, tt.hi)))
			if err != nil {
				t.Fatal(err)
			}
			runs := make([]lab.RunResult, 60)
			for i := range runs {
				runs[i] = tt.run(i)
				runs[i].Index = i
			}
			sum := lab.Summarize(lab.NewHeader(lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 1, Runs: len(runs)}), runs)
			v := lab.Check(sc, &sum, runs)[0]
			if !v.HasCI || v.Lo95 < 0 || v.Hi95 > tt.hi || v.Lo95 < tt.lo95-0.01 || v.Hi95 > tt.hi95+0.01 || v.Lo95 > v.Got || v.Hi95 < v.Got {
				t.Errorf("got %s mean = %v [%v, %v]; want an interval around it within 0..%g (about %v..%v)", tt.metric, v.Got, v.Lo95, v.Hi95, tt.hi, tt.lo95, tt.hi95)
			}
		})
	}
}

// parsesOrSays parses body as the scenario file, failing t unless it
// parses (want "") or is refused with an error holding want.
func parsesOrSays(t *testing.T, file, body, want string) {
	t.Helper()
	_, err := lab.ParseScenario(file, []byte(body))
	switch {
	case want == "" && err != nil:
		t.Errorf("got %v; want it to parse", err)
	case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
		t.Errorf("got %v; want an error with %q", err, want)
	}
}
