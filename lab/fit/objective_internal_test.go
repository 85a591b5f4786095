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
