package main

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

// The finding about the default weights (README.md and docs/balancing.md)
// quotes what `moralesim` measures on the shipped scenarios with 1,000
// fights and the default seed, 1. checkFinding measures it again, in
// process, the way those commands do, and wants each phrase below in its
// file: when the weights, a scenario or the lab change the numbers, the
// docs must change with them.
const (
	findingRuns = 1000
	findingSeed = 1
)

// findingFacts are the measured numbers, as the docs print them.
type findingFacts struct {
	centre, centreLo, centreHi string // the line's centre squad breaks (share, 95% CI)
	left, right                string // the flanks
	delayLow, delayHigh        string // the centre at RecoveryDelaySeconds −10%, +10%
	recoverySwing              string // points the centre moves with RecoveryPerSecond ±10%
	sweep                      []string
	platoonHQ                  string // the platoon's HQ squad breaks
	eriksenRout                string // the opening's first rout, median s
}

// sweepDelays are the RecoveryDelaySeconds of the docs' sweep
// (-sweep RecoveryDelaySeconds=3:5:0.5).
var sweepDelays = []float64{3, 3.5, 4, 4.5, 5}

// phrases returns, per file, what the docs must say.
func (f findingFacts) phrases() map[string][]string {
	var sweep []string
	for i, d := range sweepDelays {
		sweep = append(sweep, fmt.Sprintf("%s at %g s", f.sweep[i], d))
	}
	cliff := strings.Join(sweep, ", ")
	return map[string][]string{
		"README.md": {
			fmt.Sprintf("breaks in **%s** of fights", f.centre),
			cliff,
		},
		"docs/balancing.md": {
			fmt.Sprintf("breaks in **%s** of fights (95%% CI %s–%s)", f.centre, f.centreLo, f.centreHi),
			fmt.Sprintf("(%s and %s)", f.left, f.right),
			fmt.Sprintf("At −10%% (3.6 s) the centre breaks in %s of fights, at +10%% (4.4 s) in %s", f.delayLow, f.delayHigh),
			fmt.Sprintf("RecoveryPerSecond at ±10%% moves it by only %s points", f.recoverySwing),
			cliff,
			fmt.Sprintf("(%s of fights)", f.platoonHQ),
			fmt.Sprintf("at %s s (median)", f.eriksenRout),
		},
	}
}

// checkFinding measures the finding and returns a problem for each phrase
// a doc lacks.
func checkFinding(root string, docs map[string]*doc) ([]problem, error) {
	f, err := measureFinding(root)
	if err != nil {
		return nil, err
	}
	return missingPhrases(f, docs), nil
}

func missingPhrases(f findingFacts, docs map[string]*doc) []problem {
	var out []problem
	for _, file := range sortedKeys(f.phrases()) {
		d := docs[file]
		if d == nil {
			out = append(out, problem{file, 0, "missing: it should state the finding about the default weights"})
			continue
		}
		// A phrase may be wrapped over lines: compare with the lines joined.
		text := strings.Join(strings.Fields(strings.Join(d.raw, "\n")), " ")
		for _, p := range f.phrases()[file] {
			if !strings.Contains(text, p) {
				out = append(out, problem{file, 0, fmt.Sprintf("the finding should say %q (what moralesim measures now, %d fights, seed %d)", p, findingRuns, findingSeed)})
			}
		}
	}
	return out
}

func measureFinding(root string) (findingFacts, error) {
	var f findingFacts
	load := func(name string) (*lab.Scenario, error) {
		return lab.LoadScenario(filepath.Join(root, "scenarios", name+".toml"))
	}
	line, err := load("line")
	if err != nil {
		return f, err
	}
	// set returns the line's settings with key at v.
	set := func(key string, v float64) (morale.Settings, error) {
		s := line.Settings.Clone()
		k, ok := lab.KnobByKey(s, key)
		if !ok {
			return s, fmt.Errorf("no knob %s", key)
		}
		k.Set(&s, v)
		return s, nil
	}
	base, err := summary(line, line.Settings)
	if err != nil {
		return f, err
	}
	c, err := stat(base, "squad_broke.centre")
	if err != nil {
		return f, err
	}
	f.centre, f.centreLo, f.centreHi = pct(c.Share), pct0(c.ShareLo), pct(c.ShareHi)
	for _, side := range []struct {
		name string
		out  *string
	}{{"left", &f.left}, {"right", &f.right}} {
		st, err := stat(base, "squad_broke."+side.name)
		if err != nil {
			return f, err
		}
		*side.out = pct(st.Share)
	}
	centreAt := func(key string, v float64) (float64, error) {
		s, err := set(key, v)
		if err != nil {
			return 0, err
		}
		st, err := statOf(line, s, "squad_broke.centre")
		return st.Share, err
	}
	delay := line.Settings.RecoveryDelaySeconds
	lo, err := centreAt("RecoveryDelaySeconds", delay*0.9)
	if err != nil {
		return f, err
	}
	hi, err := centreAt("RecoveryDelaySeconds", delay*1.1)
	if err != nil {
		return f, err
	}
	f.delayLow, f.delayHigh = pct(lo), pct(hi)
	rate := line.Settings.RecoveryPerSecond
	if lo, err = centreAt("RecoveryPerSecond", rate*0.9); err != nil {
		return f, err
	}
	if hi, err = centreAt("RecoveryPerSecond", rate*1.1); err != nil {
		return f, err
	}
	f.recoverySwing = fmt.Sprintf("%.0f", math.Abs(hi-lo)*100)
	for _, d := range sweepDelays {
		v, err := centreAt("RecoveryDelaySeconds", d)
		if err != nil {
			return f, err
		}
		f.sweep = append(f.sweep, pct(v))
	}

	platoon, err := load("platoon")
	if err != nil {
		return f, err
	}
	hq, err := statOf(platoon, platoon.Settings, "squad_broke.hq")
	if err != nil {
		return f, err
	}
	f.platoonHQ = pct(hq.Share)

	opening, err := load("opening")
	if err != nil {
		return f, err
	}
	rout, err := statOf(opening, opening.Settings, "first_rout_s")
	if err != nil {
		return f, err
	}
	med, ok := rout.Value("p50")
	if !ok {
		return f, fmt.Errorf("opening: nobody routed")
	}
	f.eriksenRout = fmt.Sprintf("%.2f", med)
	return f, nil
}

func summary(sc *lab.Scenario, s morale.Settings) (lab.Summary, error) {
	plan := lab.Plan{Scenario: sc, Settings: s, Seed: findingSeed, Runs: findingRuns}
	runs, err := lab.MonteCarlo(context.Background(), plan)
	if err != nil {
		return lab.Summary{}, fmt.Errorf("%s: %v", sc.Name, err)
	}
	return lab.Summarize(lab.NewHeader(plan), runs), nil
}

// statOf returns metric over the scenario's fights with settings s.
func statOf(sc *lab.Scenario, s morale.Settings, metric string) (lab.Stat, error) {
	sum, err := summary(sc, s)
	if err != nil {
		return lab.Stat{}, err
	}
	return stat(sum, metric)
}

func stat(s lab.Summary, metric string) (lab.Stat, error) {
	st, ok := s.Stat(metric)
	if !ok {
		return st, fmt.Errorf("no metric %s", metric)
	}
	return st, nil
}

// pct prints a share as the docs do: 0.711 is "71%".
func pct(share float64) string { return pct0(share) + "%" }

// pct0 is pct without the sign, for the low end of a range ("68–74%").
func pct0(share float64) string { return fmt.Sprintf("%.0f", share*100) }
