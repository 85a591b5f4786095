package lab

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/odds"
	"github.com/moralebreak/moralebreak/morale"
)

// OddsRuns is the number of fights the odds count for one settings: the
// tuner's odds panel shows its first answer at OddsFirst and is done at
// OddsRuns.
const (
	OddsRuns  = 1000
	OddsFirst = 200
)

// OddsWork is how much work (FightWork's units) the odds of one settings
// count at most: 1,000 fights of the opening take about half of it, so a
// scenario of bigger or longer fights gets fewer (OddsRunsFor), down to
// OddsMinRuns. It is set so that every shipped scenario gets the fights it
// got before FightWork's model was measured (TestOddsRunsOfTheShipped).
const (
	OddsWork    = 4.6e6
	OddsMinRuns = 50
)

// OddsRunsFor returns how many fights the odds of sc count: OddsRuns, or
// as many as OddsWork allows in steps of 50, at least OddsMinRuns.
func OddsRunsFor(sc *Scenario) int {
	n := int(OddsWork/FightWork(sc)) / 50 * 50
	return max(OddsMinRuns, min(OddsRuns, n))
}

// NamedMan is a man a scenario names: his name, his squad and his index
// among the fight's men (game.ScenarioFight numbers them in spawn order).
type NamedMan struct {
	Name  string
	Squad string
	Index int
}

// NamedMen returns the men sc names, in scenario order.
func NamedMen(sc *Scenario) []NamedMan {
	var out []NamedMan
	base := 0
	for _, sq := range sc.Squads {
		for j, n := range sq.Names {
			out = append(out, NamedMan{Name: n, Squad: sq.Name, Index: base + j})
		}
		base += sq.Size
	}
	return out
}

// OddsJob counts the odds of one settings on one scenario: its fights 0, 1,
// … on the seeds RunSeed(Seed, i), in order, a few at a time (Step), so
// that any number counted is the same fights, whoever counts them and
// however the counting was cut. Two jobs of the same scenario and seed
// play the same fights but for the settings (common random numbers), so
// Odds can say what a change of the settings changed, fight by fight, and
// whether beyond the noise. An OddsJob is not safe for concurrent use,
// except that a job no longer stepped may be read (Odds, as a reference)
// from any goroutine.
type OddsJob struct {
	sc    *Scenario
	cfg   *game.ScenarioConfig
	s     morale.Settings
	seed  uint64
	total int
	hash  string
	runs  []RunResult
	err   error
}

// NewOddsJob returns a job counting runs fights (1..MaxRuns) of sc with
// settings s on the seeds of seed. It fails when s does not validate or the
// fights' results would not fit (CheckResults).
func NewOddsJob(sc *Scenario, s morale.Settings, seed uint64, runs int) (*OddsJob, error) {
	if runs < 1 || runs > MaxRuns {
		return nil, fmt.Errorf("odds: runs is %d; want 1..%d", runs, MaxRuns)
	}
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("odds: %w", err)
	}
	if err := CheckResults(sc, runs); err != nil {
		return nil, err
	}
	return &OddsJob{sc: sc, cfg: sc.GameConfig(), s: s.Clone(), seed: seed, total: runs, hash: SettingsHash(s),
		runs: make([]RunResult, 0, runs)}, nil
}

// Step counts up to n more fights, in order, and reports the error that
// stopped the job (it stays stopped): a fight the World refused, or ctx's
// error. It returns at once when the job is done.
func (j *OddsJob) Step(ctx context.Context, n int) error {
	for k := 0; k < n && j.err == nil && len(j.runs) < j.total; k++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		i := len(j.runs)
		r, _, err := run(ctx, j.sc, j.cfg, j.s, RunSeed(j.seed, i), runOpts{named: true})
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			j.err = fmt.Errorf("odds: fight %d: %w", i, err)
			break
		}
		r.Index = i
		j.runs = append(j.runs, r)
	}
	return j.err
}

// Counted returns the number of fights counted so far; Total the number
// the job counts in all.
func (j *OddsJob) Counted() int { return len(j.runs) }

// Total returns the number of fights the job counts in all.
func (j *OddsJob) Total() int { return j.total }

// Done reports whether every fight is counted (or the job stopped on an
// error).
func (j *OddsJob) Done() bool { return len(j.runs) == j.total || j.err != nil }

// Err returns the error that stopped the job, nil while it runs or once
// done.
func (j *OddsJob) Err() error { return j.err }

// SettingsHash returns SettingsHash of the job's settings.
func (j *OddsJob) SettingsHash() string { return j.hash }

// Settings returns the job's settings. Do not modify.
func (j *OddsJob) Settings() morale.Settings { return j.s }

// Odds is what the odds say of one settings over the fights counted so
// far, and OddsRow, OddsChange, OddsTimes, OddsHistogram and
// OddsReference its parts: the plain data of package internal/odds, which
// the demo's odds panel shows as they are (it does not import lab).
type (
	Odds          = odds.Odds
	OddsRow       = odds.OddsRow
	OddsChange    = odds.OddsChange
	OddsTimes     = odds.OddsTimes
	OddsHistogram = odds.OddsHistogram
	OddsReference = odds.OddsReference
)

// Odds returns the odds over the fights counted so far and, when ref is
// not nil (a job of the same scenario and seed), what changed from ref
// over the fights both counted.
func (j *OddsJob) Odds(ref *OddsJob) Odds {
	o := Odds{Scenario: j.sc.Name, SettingsHash: j.hash, Runs: len(j.runs), Total: j.total}
	if j.err != nil {
		o.Error = j.err.Error()
	}
	var rr []RunResult
	if ref != nil && ref.sc == j.sc && ref.seed == j.seed {
		n := min(len(ref.runs), len(j.runs))
		rr = ref.runs[:n]
		o.Reference = &OddsReference{SettingsHash: ref.hash, Runs: n}
	}
	row := func(name string, m Metric) OddsRow {
		st := metricStat(m, j.runs, nil)
		k := int(math.Round(st.Share * float64(len(j.runs))))
		r := OddsRow{Name: name, K: k, Share: st.Share, Lo: st.ShareLo, Hi: st.ShareHi}
		if rr != nil {
			r.Change = shareChange(PairedDifference(m, rr, j.runs[:len(rr)], j.sc.Duration))
		}
		return r
	}
	for _, m := range Metrics(j.sc) {
		for _, sq := range j.sc.Squads {
			if m.Name == "squad_broke."+sq.Name {
				o.Squads = append(o.Squads, row(sq.Name, m))
			}
		}
	}
	for k, nm := range NamedMen(j.sc) {
		o.Men = append(o.Men, row(nm.Name, namedRoutMetric(nm.Name, k)))
	}
	rebreaks, _ := MetricByName(j.sc, "rebreaks")
	o.Rebreaks = row("rebreaks", rebreaks)
	first, _ := MetricByName(j.sc, "first_rout_s")
	o.FirstRout = OddsTimes{OddsRow: row("first_rout_s", first)}
	times := firstRouts(j.runs)
	if len(times) > 0 {
		s := sortedCopy(times)
		o.FirstRout.P10, o.FirstRout.P50, o.FirstRout.P90 = ptr(Percentile(s, 10)), ptr(Percentile(s, 50)), ptr(Percentile(s, 90))
		lo, hi := medianInterval(len(s))
		o.FirstRout.P50Lo, o.FirstRout.P50Hi = ptr(s[lo]), ptr(s[hi])
	}
	if rr != nil {
		if d := PairedDifference(first, rr, j.runs[:len(rr)], j.sc.Duration); d.N > 0 {
			o.FirstRout.TimeChange = &OddsChange{From: d.PairedA, N: d.N, Diff: d.Diff,
				Lo: d.Lo95, Hi: d.Hi95, Beyond: beyondNoise(d.Diff, d.SE)}
		}
	}
	o.Histogram.Bin = histogramBin(j.sc.Duration)
	o.Histogram.Counts = histogram(times, o.Histogram.Bin, j.sc.Duration)
	if rr != nil {
		o.Histogram.Ref = histogram(firstRouts(rr), o.Histogram.Bin, j.sc.Duration)
	}
	return o
}

// shareChange is the share part of a paired difference.
func shareChange(d Difference) *OddsChange {
	diff := d.ShareB - d.ShareA
	return &OddsChange{From: d.ShareA, N: max(d.NA, d.NB, d.N), Diff: diff,
		Lo: d.ShareLo95, Hi: d.ShareHi95, Beyond: beyondNoise(diff, d.ShareSE)}
}

// namedRoutMetric is "routed.NAME": 1 when the k-th named man routed in a
// fight counted by the odds, else 0.
func namedRoutMetric(name string, k int) Metric {
	return fractionMetric("routed."+name, name+" ever Routed", func(r *RunResult) float64 {
		if k < len(r.namedRouted) && r.namedRouted[k] {
			return 1
		}
		return 0
	})
}

// firstRouts returns the first rout's time of every run that had one.
func firstRouts(runs []RunResult) []float64 {
	var out []float64
	for i := range runs {
		if p := runs[i].FirstRouted; p != nil {
			out = append(out, *p)
		}
	}
	return out
}

// medianInterval returns the ranks (0-based, in 0..n-1) of the order
// statistics bounding the median of n values with 95% confidence: n/2 ∓
// 1.96·√n/2, the normal approximation of the binomial(n, ½).
func medianInterval(n int) (lo, hi int) {
	h := Z95 * math.Sqrt(float64(n)) / 2
	lo = int(math.Floor(float64(n)/2 - h))
	hi = int(math.Ceil(float64(n)/2 + h))
	return max(0, min(lo, n-1)), max(0, min(hi, n-1))
}

// histogramBin returns the bin of the first rout's histogram for a fight of
// duration seconds: about 30 bins, of 0.5, 1, 2, 5, 10, … seconds.
func histogramBin(duration float64) float64 {
	for _, b := range []float64{0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600} {
		if duration/b <= 40 {
			return b
		}
	}
	return 3600
}

// histogram counts times in bins of bin seconds over 0..duration.
func histogram(times []float64, bin, duration float64) []int {
	n := int(math.Ceil(duration/bin - 1e-9))
	out := make([]int, max(1, n))
	for _, t := range times {
		out[max(0, min(int(t/bin), len(out)-1))]++
	}
	return out
}

// errNoScenario is OddsScenario's error for an empty file.
var errNoScenario = errors.New("odds: no scenario")

// OddsScenario parses data, the scenario named file, for the odds of live
// settings: as ParseScenario does, but without reading its weights file
// (the live settings replace it), so that it parses where there are no
// files (the browser). Its Settings are the defaults.
func OddsScenario(file string, data []byte) (*Scenario, error) {
	if len(data) == 0 {
		return nil, errNoScenario
	}
	return parseScenario(file, data, false, nil)
}
