package lab

import (
	"fmt"
)

// Verdict is the outcome of one expectation.
type Verdict struct {
	Expect
	Scenario string
	// Got is the measured statistic; Defined is false when no run defined it.
	Got     float64
	Defined bool
	Pass    bool
	// Lo95 and Hi95 are the share's 95% Wilson interval (Stat "share" only).
	Lo95, Hi95 float64
}

// String returns a readable verdict such as
// "PASS opening.toml:88 first_rout_s p50 = 10.5, want 8..14".
func (v Verdict) String() string {
	word := "PASS"
	if !v.Pass {
		word = "FAIL"
	}
	got := "undefined (no run had it)"
	if v.Defined {
		got = fmt.Sprintf("%.4g", v.Got)
		if v.Stat == "share" {
			got += fmt.Sprintf(" [95%% CI %.3f..%.3f]", v.Lo95, v.Hi95)
		}
	}
	return fmt.Sprintf("%s %s:%d %s %s = %s, want %g..%g", word, v.Scenario, v.Line, v.Metric, v.Stat, got, v.Lo, v.Hi)
}

// Check evaluates sc's expectations against sum, in file order. An
// expectation passes when its statistic is defined and lies in [Lo, Hi].
func Check(sc *Scenario, sum *Summary) []Verdict { return check(sc.Path, sc.Expects, sum) }

// Verdicts evaluates the expectations the summary's header carries, as Check
// does, naming the scenario by its file's base name: what a report shows,
// the same for a merged summary as for a single machine's.
func (s *Summary) Verdicts() []Verdict { return check(s.File, s.Expects, s) }

func check(file string, expects []Expect, sum *Summary) []Verdict {
	var out []Verdict
	for _, e := range expects {
		v := Verdict{Expect: e, Scenario: file}
		if st, ok := sum.Stat(e.Metric); ok {
			v.Got, v.Defined = st.Value(e.Stat)
			v.Lo95, v.Hi95 = st.ShareLo, st.ShareHi
		}
		v.Pass = v.Defined && v.Got >= e.Lo && v.Got <= e.Hi
		out = append(out, v)
	}
	return out
}
