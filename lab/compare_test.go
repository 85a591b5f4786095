package lab_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

func TestCompare(t *testing.T) {
	sc, err := lab.LoadScenario("../scenarios/line.toml")
	if err != nil {
		t.Fatal(err)
	}
	a := sc.Settings
	with := func(s morale.Settings) *lab.Scenario {
		c := *sc
		c.Settings = s
		return &c
	}
	same, err := lab.Compare(context.Background(), sc, with(a.Clone()), 60, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range same.Diffs {
		if d.Differs || d.Diff != 0 {
			t.Errorf("identical settings: %s differs by %v", d.Metric, d.Diff)
		}
	}
	b := a.Clone()
	b.Weights[morale.Suppressed] *= 2
	diff, err := lab.Compare(context.Background(), sc, with(b), 60, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]lab.Difference{}
	for _, d := range diff.Diffs {
		got[d.Metric] = d
	}
	if d := got["share_squads_broken"]; !d.Differs || d.Diff <= 0 {
		t.Errorf("twice the suppression: share_squads_broken %+v; want it to differ, upwards", d)
	}
	// The plain means are run's: the mean over every fight where the side
	// had the metric. The paired ones are over the fights where both had it.
	p := lab.Plan{Scenario: sc, Settings: a, Seed: 1, Runs: 60}
	runs, err := lab.MonteCarlo(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	sum := lab.Summarize(lab.NewHeader(p), runs)
	st, _ := sum.Stat("first_rout_s")
	d := got["first_rout_s"]
	if d.MeanA == nil || *d.MeanA != *st.Mean || d.NA != st.N {
		t.Errorf("first_rout_s: plain mean A %v over %d fights; want run's %v over %d", deref(d.MeanA), d.NA, *st.Mean, st.N)
	}
	if d.N > d.NA || d.N > d.NB || d.N == 0 {
		t.Errorf("first_rout_s: %d paired fights, %d and %d on each side; want 0 < paired ≤ each", d.N, d.NA, d.NB)
	}
	if c := got["broke"]; c.N != 60 || c.PairedA != *c.MeanA {
		t.Errorf("broke (a count): %d paired fights, paired mean A %v, plain %v; want 60 and equal", c.N, c.PairedA, deref(c.MeanA))
	}
}

// StatDiff's interval is paired: a side compared with itself gives exactly
// zero; a real change on the same seeds is beyond the noise.
func TestStatDiff(t *testing.T) {
	sc, err := lab.LoadScenario("../scenarios/line.toml")
	if err != nil {
		t.Fatal(err)
	}
	run := func(s morale.Settings) []lab.RunResult {
		r, err := lab.MonteCarlo(context.Background(), lab.Plan{Scenario: sc, Settings: s, Seed: 1, Runs: 100})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	a := run(sc.Settings)
	b := sc.Settings.Clone()
	b.RecoveryDelaySeconds = 2
	rb := run(b)
	m, _ := lab.MetricByName(sc, "squad_broke.centre")
	same, ok := lab.StatDiff(m, "share", a, a, 1)
	if !ok || same != (lab.PairedDiff{}) || same.Beyond() {
		t.Errorf("StatDiff of a side with itself = %+v, %v; want all zero", same, ok)
	}
	d, ok := lab.StatDiff(m, "share", a, rb, 1)
	if !ok || !(d.Diff < 0) || !(d.Lo <= d.Diff && d.Diff <= d.Hi) || !d.Beyond() {
		t.Errorf("half the recovery delay: %+v, %v; want a drop beyond the noise, the interval around it", d, ok)
	}
	again, _ := lab.StatDiff(m, "share", a, rb, 1)
	if again != d {
		t.Errorf("StatDiff is not deterministic: %+v then %+v", d, again)
	}
	fs, _ := lab.MetricByName(sc, "first_shaken_s")
	if p, ok := lab.StatDiff(fs, "p50", a, rb, 1); !ok || !(p.Lo <= p.Hi) {
		t.Errorf("StatDiff of p50 first_shaken_s = %+v, %v; want an interval", p, ok)
	}
	if _, ok := lab.StatDiff(m, "share", a, rb[:50], 1); ok {
		t.Errorf("StatDiff of unpaired runs (100 and 50) is ok; want not")
	}
}

// A sensitivity nudged every weight row, those the scenario never reports
// too: as changes of exactly zero they filled the tornado chart's top where
// few knobs move the statistic. The opening reports Suppressed, TookDamage,
// EnemyDown and two deaths (Brandt: AllyDown; Sergeant Alvarez, the
// squad's leader: LeaderDown); its other rows are listed once, not nudged.
func TestSensitivityLeavesOutUnreportedRows(t *testing.T) {
	sc, err := lab.LoadScenario("../scenarios/opening.toml")
	if err != nil {
		t.Fatal(err)
	}
	res, err := lab.Sensitivity(context.Background(), sc, "routed", "mean", 5, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	var weights []string
	for _, e := range res.Effects {
		if strings.HasPrefix(e.Key, "weights.") {
			weights = append(weights, e.Key)
		}
	}
	slices.Sort(weights)
	if want := []string{"weights.AllyDown", "weights.EnemyDown", "weights.LeaderDown", "weights.Suppressed", "weights.TookDamage"}; !slices.Equal(weights, want) {
		t.Errorf("nudged rows %q; want %q", weights, want)
	}
	if want := []string{"weights.Outnumbered", "weights.LowHealth", "weights.ReinforcementsArrived", "weights.LeaderNearby", "weights.Rest"}; !slices.Equal(res.Unreported, want) {
		t.Errorf("unreported %q; want %q", res.Unreported, want)
	}
	if got, want := res.UnreportedNote(), "not reported by this scenario, so not nudged"; !strings.HasPrefix(got, want) || !strings.HasSuffix(got, ": weights.Outnumbered, weights.LowHealth, weights.ReinforcementsArrived, weights.LeaderNearby, weights.Rest") {
		t.Errorf("note %q; want it to start %q and list the five rows", got, want)
	}
	if len(res.Effects) != len(morale.Params())+5 {
		t.Errorf("%d effects; want every setting (%d) and the five rows reported", len(res.Effects), len(morale.Params()))
	}
}

func TestSensitivityRanksTheRightKnob(t *testing.T) {
	sc, err := lab.LoadScenario("../scenarios/opening.toml")
	if err != nil {
		t.Fatal(err)
	}
	// In the opening, Eriksen's wound (TookDamage × 2.6) is what breaks him:
	// the metric "routed" must move with that weight and not with NerveMin
	// (the opening's nerves are pinned).
	res, err := lab.Sensitivity(context.Background(), sc, "routed", "mean", 20, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(res.Effects); i++ {
		a, b := res.Effects[i-1], res.Effects[i]
		if b.Beyond() && !a.Beyond() || b.Beyond() == a.Beyond() && b.Move > a.Move {
			t.Fatalf("effects are not ranked: %v before %v", a, b)
		}
	}
	by := map[string]lab.Effect{}
	for _, e := range res.Effects {
		by[e.Key] = e
	}
	if e := by["NerveMin"]; e.Swing != 0 || e.LowDiff == nil || *e.LowDiff != (lab.PairedDiff{}) || e.Beyond() {
		t.Errorf("NerveMin: swing %v, −10%% %+v; want 0 and an interval of exactly zero (nerves are pinned)", e.Swing, e.LowDiff)
	}
	if e, v := by["RoutAfterSeconds"], sc.Settings.RoutAfterSeconds; e.LowValue != v*lab.NudgeLow || e.HighValue != v*lab.NudgeHigh {
		t.Errorf("RoutAfterSeconds nudged to %v and %v; want 3.5 × 0.9 and × 1.1", e.LowValue, e.HighValue)
	}
	for _, e := range res.Effects {
		for _, d := range []*lab.PairedDiff{e.LowDiff, e.HighDiff} {
			if d != nil && !(d.Lo <= d.Hi) {
				t.Errorf("%s: interval %+v is empty", e.Key, *d)
			}
		}
	}
	if res.BaselineSummary.Runs != 20 || len(res.BaselineSummary.PerSquad) != 1 {
		t.Errorf("baseline summary of %d runs, %d squads; want 20 and 1", res.BaselineSummary.Runs, len(res.BaselineSummary.PerSquad))
	}
	if n := len(res.Effects) + len(res.Unreported); n != len(lab.Knobs(sc.Settings)) {
		t.Errorf("%d effects and %d unreported rows; want one per knob (%d)", len(res.Effects), len(res.Unreported), len(lab.Knobs(sc.Settings)))
	}
}

// The bootstrap's quick statistic is Summarize's, bit for bit, for every
// statistic, metric and resample.
func TestColumnStatIsMetricStat(t *testing.T) {
	sc, err := lab.LoadScenario("../scenarios/line.toml")
	if err != nil {
		t.Fatal(err)
	}
	runs, err := lab.MonteCarlo(context.Background(), lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 1, Runs: 40})
	if err != nil {
		t.Fatal(err)
	}
	idxs := [][]int{{}, {3}, {0, 0, 0}}
	all := make([]int, len(runs))
	for i := range all {
		all[i] = (i * 7) % len(runs)
	}
	idxs = append(idxs, all)
	for _, m := range lab.Metrics(sc) {
		for _, idx := range idxs {
			st := lab.MetricStat(m, runs, idx)
			for _, stat := range []string{"min", "p10", "p25", "p50", "p75", "p90", "max", "mean", "share", "nonsense"} {
				want, wok := st.Value(stat)
				got, gok := lab.ColumnStat(m, runs, stat, idx)
				if got != want || gok != wok {
					t.Errorf("%s %s over %v: %v, %v; want %v, %v", m.Name, stat, idx, got, gok, want, wok)
				}
			}
		}
	}
}

// A paired difference's interval stays within what a difference of its
// metric can be: a squad that never broke under A and broke in 59 of 60
// fights under B had B − A = +98.3 points [+95.1, +101.6] on compare's page
// (and the demo's odds panel), more than every fight. Shares and flags
// differ by −1..1, times by −duration..duration.
func TestPairedDifferenceStaysWithinTheMetric(t *testing.T) {
	sc, err := lab.ParseScenario("p.toml", []byte("name = \"p\"\nduration = 30.0\n[[squad]]\nname = \"a\"\nsize = 4\n"))
	if err != nil {
		t.Fatal(err)
	}
	f := func(x float64) *float64 { return &x }
	tests := []struct {
		metric   string
		a, b     func(i int) lab.RunResult
		lo, hi   float64 // Lo95, Hi95 within
		slo, shi float64 // ShareLo95, ShareHi95 within
	}{
		{"squad_broke.a", func(int) lab.RunResult { return lab.RunResult{SquadBroke: []bool{false}} },
			func(i int) lab.RunResult { return lab.RunResult{SquadBroke: []bool{i != 0}} }, -1, 1, -1, 1},
		{"squad_broke.a", func(i int) lab.RunResult { return lab.RunResult{SquadBroke: []bool{i != 0}} },
			func(int) lab.RunResult { return lab.RunResult{SquadBroke: []bool{false}} }, -1, 1, -1, 1},
		{"first_rout_s", func(int) lab.RunResult { return lab.RunResult{FirstRouted: f(0)} },
			func(i int) lab.RunResult {
				if i == 0 {
					return lab.RunResult{FirstRouted: f(10)}
				}
				return lab.RunResult{FirstRouted: f(30)}
			}, -30, 30, -1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.metric, func(t *testing.T) {
			m, ok := lab.MetricByName(sc, tt.metric)
			if !ok {
				t.Fatalf("no metric %s", tt.metric)
			}
			ra, rb := make([]lab.RunResult, 60), make([]lab.RunResult, 60)
			for i := range ra {
				ra[i], rb[i] = tt.a(i), tt.b(i)
			}
			d := lab.PairedDifference(m, ra, rb, sc.Duration)
			if d.Lo95 < tt.lo || d.Hi95 > tt.hi || d.Lo95 > d.Diff || d.Hi95 < d.Diff {
				t.Errorf("got B − A = %v [%v, %v]; want an interval around it within %v..%v", d.Diff, d.Lo95, d.Hi95, tt.lo, tt.hi)
			}
			if ch := d.ShareB - d.ShareA; d.ShareLo95 < tt.slo || d.ShareHi95 > tt.shi || d.ShareLo95 > ch || d.ShareHi95 < ch {
				t.Errorf("got happened B − A = %v [%v, %v]; want an interval around it within %v..%v", ch, d.ShareLo95, d.ShareHi95, tt.slo, tt.shi)
			}
		})
	}
}

// A knob whose two nudges both move the statistic the same way, beyond the
// noise, has a small swing; it ranks above knobs within the noise, whatever
// their swing, and by its larger change among its kind.
func TestRankEffectsBeyondNoiseFirst(t *testing.T) {
	d := func(v, lo, hi float64) *lab.PairedDiff { return &lab.PairedDiff{Diff: v, Lo: lo, Hi: hi} }
	effects := []lab.Effect{
		{Key: "noisy", LowDiff: d(-0.03, -0.08, 0.02), HighDiff: d(0.03, -0.02, 0.08), Swing: 0.06, Move: 0.03},
		{Key: "small", LowDiff: d(0.01, 0.005, 0.015), HighDiff: d(0.01, 0.005, 0.015), Swing: 0, Move: 0.01},
		{Key: "same way", LowDiff: d(0.05, 0.03, 0.07), HighDiff: d(0.06, 0.04, 0.08), Swing: 0.01, Move: 0.06},
		{Key: "zero"},
	}
	lab.RankEffects(effects)
	var got []string
	for _, e := range effects {
		got = append(got, e.Key)
	}
	if want := "same way, small, noisy, zero"; strings.Join(got, ", ") != want {
		t.Errorf("ranked %s; want %s", strings.Join(got, ", "), want)
	}
}
