package fit

import (
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
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
