package fit

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

// An expectation no candidate met with margin is blamed on the keys only
// when its statistic never reached the range: a fit whose candidates took
// squad_broke.north share over 0.05..1, want 0.3..0.7, said "the keys cannot
// move it far enough", which the range it took denies.
func TestNeverMetSaysWhy(t *testing.T) {
	sc := &lab.Scenario{Path: "s.toml", Expects: []lab.Expect{{Line: 9, Metric: "squad_broke.north", Stat: "share", Lo: 0.3, Hi: 0.7}}}
	eval := func(got, miss float64) Evaluation {
		return Evaluation{Phase: "search", Valid: true, Got: []*float64{&got}, Miss: []float64{miss}}
	}
	tests := []struct {
		name string
		log  []Evaluation
		want string
	}{
		{"inside without margin", []Evaluation{eval(0.05, 1), eval(0.69, 0.1), eval(1, 1)},
			"squad_broke.north share (line 9) over 3 candidates ranged 0.05..1, want 0.3..0.7; 1 candidate put it inside the range, none with the margin of a standard error"},
		{"across, never in", []Evaluation{eval(0.05, 1), eval(1, 1)},
			"ranged 0.05..1, want 0.3..0.7; the keys move it across the range, but no candidate landed in it"},
		{"never reached", []Evaluation{eval(0.8, 1), eval(1, 1)},
			"ranged 0.8..1, want 0.3..0.7; the keys cannot move it far enough (name others with -keys)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conflicts, neverMet := problems([]*lab.Scenario{sc}, tt.log)
			if got := strings.Join(neverMet, "\n"); !strings.Contains(got, tt.want) {
				t.Errorf("never met %q; want %q", got, tt.want)
			}
			if len(conflicts) != 0 {
				t.Errorf("conflicts %q; one expectation never met is no conflict", conflicts)
			}
		})
	}
}

// share = [0.5, 0.52] on -runs 20: a share of 20 fights moves in steps of
// 0.05, so none lies in the range with the fit's margin, and the fit said
// "a larger -budget tries more candidates", which no budget can. It now
// says so, and that more fights per candidate, or a wider range, can.
func TestNeverMetFinerThanTheRuns(t *testing.T) {
	e := lab.Expect{Line: 9, Metric: "squad_broke.north", Stat: "share", Lo: 0.5, Hi: 0.52}
	eval := func(runs int, got, miss float64) Evaluation {
		return Evaluation{Phase: "search", Valid: true, Runs: runs, Got: []*float64{&got}, Miss: []float64{miss}}
	}
	given := e
	given.Given = "squad_broke.south"
	narrow := lab.Expect{Line: 9, Metric: "squad_broke.north", Stat: "share", Lo: 0.50001, Hi: 0.50002}
	tests := []struct {
		name      string
		e         lab.Expect
		log       []Evaluation
		want, not string
	}{
		{"20 fights", e, []Evaluation{eval(20, 0.5, 0.25), eval(20, 0.55, 1.75)},
			"want 0.5..0.52; a share of 20 fights per candidate moves in steps of 0.05, and none of them lies in the range with the margin of a standard error, so no budget can help: more fights per candidate (-runs 67 or more) or a wider range can", "-budget"},
		{"200 fights", e, []Evaluation{eval(200, 0.5, 0.25), eval(200, 0.55, 1.75)},
			"1 candidate put it inside the range, none with the margin of a standard error: more fights per candidate (-runs) narrow the margin, a larger -budget tries more candidates", "no budget"},
		{"20 fights, given", given, []Evaluation{eval(20, 0.5, 0.25), eval(20, 0.55, 1.75)},
			"want 0.5..0.52; a share of the at most 20 fights per candidate where squad_broke.south happened moves in steps of 0.05 or more, and none of them lies in the range with the margin of a standard error, so no budget can help: more fights per candidate (-runs), so that more have squad_broke.south, or a wider range can", "-budget"},
		// The step is said with no exponent (%.3g wrote "5e-05").
		{"20000 fights", narrow, []Evaluation{eval(20000, 0.5, 0.25), eval(20000, 0.55, 1.75)},
			"want 0.50001..0.50002; a share of 20000 fights per candidate moves in steps of 0.00005, and none of them", "e-05"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc := &lab.Scenario{Path: "s.toml", Expects: []lab.Expect{tt.e}}
			_, neverMet := problems([]*lab.Scenario{sc}, tt.log)
			got := strings.Join(neverMet, "\n")
			if !strings.Contains(got, tt.want) || strings.Contains(got, tt.not) {
				t.Errorf("never met %q; want %q, without %q", got, tt.want, tt.not)
			}
		})
	}
	// From 67 fights on, every count gives a share inside with margin; 66
	// gives none (33/66 = 0.5 and 34/66 = 0.515 are both within it).
	if shareReachable(e, 66) {
		t.Errorf("a share of 66 fights reaches 0.5..0.52 with margin; want none")
	}
	for n := 67; n <= 2000; n++ {
		if !shareReachable(e, n) {
			t.Fatalf("a share of %d fights misses 0.5..0.52 with margin; want every count from 67 on", n)
		}
	}
}

// A percentile whose 95% interval reaches a fight where the time never
// came: check says "p50 = 5.5 [95% CI 2, never]", and the fit said "5.5",
// with no interval, in fit.json ("ci95": null), on stdout and on the page,
// as if it had none. The interval is kept, its upper bound +Inf, null in
// fit.json.
func TestMeasureKeepsAnIntervalUpToNever(t *testing.T) {
	sc, err := lab.ParseScenario("s.toml", []byte(`
duration = 30.0
[[squad]]
name = "a"
size = 2
[[expect]]
metric = "first_rout_s"
given = "deaths"
p50 = [0.0, 30.0]
`))
	if err != nil {
		t.Fatal(err)
	}
	plan := lab.Plan{Scenario: sc, Settings: morale.DefaultSettings(), Seed: 1, Runs: 10}
	runs := make([]lab.RunResult, plan.Runs)
	for i := range runs {
		runs[i] = lab.RunResult{Index: i, Deaths: 1, Agents: 2, SquadBroke: []bool{i < 6}}
		if i < 6 { // six fights with a rout, at 1..6 s; four without
			v := float64(i + 1)
			runs[i].FirstRouted, runs[i].Broke, runs[i].Routed = &v, 1, 1
		}
	}
	m := measureExpects(sc, lab.NewHeader(plan), runs).expects[0]
	if m.Got == nil || math.IsInf(*m.Got, 1) {
		t.Fatalf("p50 %v; want a time", m.Got)
	}
	if m.CI95 == nil || math.IsInf(m.CI95[0], 0) || !math.IsInf(m.CI95[1], 1) {
		t.Fatalf("p50 %g with interval %v; want [a time, +Inf]", *m.Got, m.CI95)
	}
	js, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf(`"ci95":[%g,null]`, m.CI95[0]); !strings.Contains(string(js), want) {
		t.Errorf("fit.json's measure %s; want %s", js, want)
	}
	var back Measure
	if err := json.Unmarshal(js, &back); err != nil || back.CI95 == nil || *back.CI95 != *m.CI95 {
		t.Errorf("read back %v (%v); want %v", back.CI95, err, *m.CI95)
	}
}
