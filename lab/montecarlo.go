package lab

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"math"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/morale"
	"golang.org/x/sync/errgroup"
)

// Shard selects the runs whose index ≡ K (mod N); the zero Shard (N 0 or 1)
// selects every run.
type Shard struct{ K, N int }

// Has reports whether run index belongs to the shard.
func (s Shard) Has(index int) bool { return s.N <= 1 || index%s.N == s.K }

// String returns "K/N", or "all".
func (s Shard) String() string {
	if s.N <= 1 {
		return "all"
	}
	return fmt.Sprintf("%d/%d", s.K, s.N)
}

// Progress is told how far a job is: done of total units (runs, or sweep
// points). done need not be whole: within long fights it counts each fight
// under way by the share of its work done. It is called from the workers and
// must be safe for concurrent use.
type Progress func(done float64, total int)

// Plan is one Monte-Carlo: a scenario, its settings, a seed and a number of
// runs.
type Plan struct {
	Scenario *Scenario
	Settings morale.Settings
	Seed     uint64
	Runs     int
	Shard    Shard
	// Workers is the number of goroutines (0: GOMAXPROCS). It changes the
	// speed, never the result.
	Workers int
	// RunFunc, when set, plays one fight instead of Run(Scenario, Settings,
	// seed): the demo's own battle, say. It must be safe for concurrent use
	// and depend on nothing but its seed.
	RunFunc func(seed uint64) (RunResult, error)
	// Progress, when set, is called after each run with the number of runs
	// done and the shard's total, and within fights of much work (FightWork)
	// as they advance.
	Progress Progress
}

// pollWork is how much work (FightWork's units) a fight does between two
// looks at its context and two progress reports: about 25 ms of one core
// at the model's 25 ns a unit (1<<23, 539b25a's, was 0.2 s, and ten times
// that under the race detector, where TestLongFightProgressAndCancel took
// 11 s for the 0.3 s it took before and failed its 20 s in CI). A look
// costs a context check and a call; the command line draws at most 4
// progress lines a second whatever the reports.
const pollWork = 1 << 20

// pollTerms is how many men stepped (a man through a simulated second) and
// men each occurrence could reach a fight counts between two looks at its
// context when it is given no rate (odds, Run): what it counted before the
// work model was measured, at the interval it looked at then.
const pollTerms = 1 << 21

// MonteCarlo runs the plan's runs (only its shard's) on Workers goroutines and
// returns their results in index order. Run i uses RunSeed(Seed, i), so the
// result does not depend on the number of workers. It refuses a plan of more
// than MaxRuns runs or whose results would keep more than MaxResultBytes
// (ResultBytes). It stops early, within a fraction of a second even inside a
// long fight, returning ctx's error and no results, when ctx is cancelled.
func MonteCarlo(ctx context.Context, p Plan) ([]RunResult, error) {
	if p.Runs < 1 || p.Runs > MaxRuns {
		return nil, fmt.Errorf("runs is %d; it must be 1..%d", p.Runs, MaxRuns)
	}
	if err := CheckResults(p.Scenario, p.Runs); err != nil {
		return nil, err
	}
	if err := p.Settings.Validate(); err != nil {
		return nil, err
	}
	var idx []int
	for i := 0; i < p.Runs; i++ {
		if p.Shard.Has(i) {
			idx = append(idx, i)
		}
	}
	out := make([]RunResult, len(idx))
	workers := p.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, len(idx))
	fight := FightWorkWith(p.Scenario, p.Settings)
	cfg := p.Scenario.GameConfig()
	var next, done atomic.Int64
	// partial[w] is the share of its fight worker w has done, as float bits.
	partial := make([]atomic.Uint64, workers)
	report := func() {
		if p.Progress == nil {
			return
		}
		d := float64(done.Load())
		for i := range partial {
			d += math.Float64frombits(partial[i].Load())
		}
		p.Progress(math.Min(d, float64(len(idx))), len(idx))
	}
	// The first error stops the other workers (gctx) and is the result.
	g, gctx := errgroup.WithContext(ctx)
	for w := range workers {
		g.Go(func() error {
			tick := func(work float64) {
				partial[w].Store(math.Float64bits(math.Min(work/fight, 1)))
				report()
			}
			for gctx.Err() == nil {
				j := int(next.Add(1) - 1)
				if j >= len(idx) {
					return nil
				}
				var r RunResult
				var err error
				if p.RunFunc != nil {
					r, err = p.RunFunc(RunSeed(p.Seed, idx[j]))
				} else {
					r, _, err = run(gctx, p.Scenario, cfg, p.Settings, RunSeed(p.Seed, idx[j]), runOpts{tick: tick, rate: fight / p.Scenario.Duration})
				}
				if err != nil {
					return err
				}
				r.Index = idx[j]
				out[j] = r
				partial[w].Store(0)
				done.Add(1)
				report()
			}
			return nil
		})
	}
	err := g.Wait()
	if cerr := ctx.Err(); cerr != nil {
		return nil, cerr
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// CheckResults returns an error when the results of runs fights of sc
// would take more than MaxResultBytes (ResultBytes), saying how to go on:
// for a scenario read from a file, raise its sample or run fewer; for one
// made in memory (moralesim game's, the demo's opening), which has no
// sample a designer can raise, run fewer or shorter fights. A shard counts all runs: their merge will hold them all.
func CheckResults(sc *Scenario, runs int) error {
	b := ResultBytes(runs, keptSamples(sc.Duration, sc.Sample, len(sc.Squads)), len(sc.Squads))
	if b > MaxResultBytes {
		advice := "raise the scenario's sample or run fewer"
		if sc.Path == "" {
			advice = "run fewer or shorter fights"
		}
		return fmt.Errorf("the results of %d runs of %s would take about %s of memory (morale samples and metrics); at most %s, for one process as for the merge of shards: %s", runs, safefile.Quote(sc.Name), FormatBytes(b), FormatBytes(MaxResultBytes), advice)
	}
	return nil
}

// Header identifies a Monte-Carlo, so that shards of different ones never
// merge.
type Header struct {
	Scenario     string   `json:"scenario"`
	ScenarioHash string   `json:"scenario_hash"`
	WeightsHash  string   `json:"weights_hash"`
	SettingsHash string   `json:"settings_hash"`
	Seed         uint64   `json:"seed"`
	Runs         int      `json:"runs"`
	Duration     float64  `json:"duration_s"`
	Sample       float64  `json:"sample_s"`
	Squads       []string `json:"squads"`
	// SquadMen is the number of men of each squad at the start.
	SquadMen []int `json:"squad_men"`
	// The thresholds drawn into the fan chart.
	ShakenBelow float64 `json:"shaken_below"`
	PanicBelow  float64 `json:"panic_below"`
	Hysteresis  float64 `json:"hysteresis"`
	// File is the scenario file's path as the user typed it (my/ambush.toml,
	// for the commands a page prints; Merge compares it in one spelling,
	// so that scenarios\line.toml and scenarios/line.toml agree),
	// Description its description and Expects its expectations, so that a
	// merged report says and checks what a single machine's does.
	File        string   `json:"file"`
	Description string   `json:"description"`
	Expects     []Expect `json:"expects"`
	// Changed lists every setting and weight that differs from the defaults
	// (morale.DefaultSettings).
	Changed []SettingChange `json:"changed_settings"`
	// Marks are the timeline's events that happen once, for the time
	// plots' markers.
	Marks []Mark `json:"marks,omitempty"`
	// Tool is the moralesim that ran the fights: shards of different
	// builds do not merge.
	Tool Tool `json:"tool,omitzero"`
}

// Mark is one event of a timeline marked on the time plots: its time (the
// scenario's; a jittered event lands near it) and what it is.
type Mark struct {
	T     float64 `json:"t"`
	Label string  `json:"label"`
}

// marks returns the events of sc that happen once (no every), at most
// maxMarks of them, in time order: news by its name, a death, rally or
// rout by its target, reinforcements by their count.
func marks(sc *Scenario) []Mark {
	const maxMarks = 20
	var out []Mark
	for _, ev := range sc.Events {
		if ev.Every > 0 || len(out) == maxMarks {
			continue
		}
		who := ev.Agent
		if who == "" {
			who = ev.Squad
		}
		label := string(ev.Event)
		switch ev.Do {
		case "death", "rally", "rout":
			label = strings.TrimSpace(ev.Do + " " + who)
		case "reinforce":
			label = fmt.Sprintf("+%d %s", ev.Count, ev.Squad)
		}
		out = append(out, Mark{T: ev.T, Label: safefile.Clip(label, 40)})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].T < out[j].T })
	return out
}

// NewHeader returns the header of plan p (the shard is not part of it).
func NewHeader(p Plan) Header {
	h := Header{
		File: p.Scenario.Path, Description: p.Scenario.Description, Expects: p.Scenario.Expects,
		Changed:  SettingChanges(morale.DefaultSettings(), p.Settings),
		Scenario: p.Scenario.Name, ScenarioHash: p.Scenario.Hash, WeightsHash: p.Scenario.WeightsHash,
		SettingsHash: SettingsHash(p.Settings), Seed: p.Seed, Runs: p.Runs,
		Duration: p.Scenario.Duration, Sample: p.Scenario.Sample,
		ShakenBelow: p.Settings.ShakenBelow, PanicBelow: p.Settings.PanicBelow, Hysteresis: p.Settings.Hysteresis,
		Marks: marks(p.Scenario), Tool: ThisTool(),
	}
	for _, sq := range p.Scenario.Squads {
		h.Squads = append(h.Squads, sq.Name)
		h.SquadMen = append(h.SquadMen, sq.Size)
	}
	return h
}

// Metrics returns the metrics of the Monte-Carlo h, in report order (as
// Metrics does for its scenario).
func (h Header) Metrics() []Metric { return metricsFor(h.Squads) }

// Metric returns the metric of h called name.
func (h Header) Metric(name string) (Metric, bool) {
	return find(h.Metrics(), func(m Metric) bool { return m.Name == name })
}

// Stat is the distribution of one metric over the runs where it is defined.
// Percentiles are nil when no run defines it.
type Stat struct {
	Name string `json:"name"`
	// N is the number of runs where the metric is defined (happened, for a
	// time).
	N    int      `json:"n"`
	Min  *float64 `json:"min"`
	P10  *float64 `json:"p10"`
	P25  *float64 `json:"p25"`
	P50  *float64 `json:"p50"`
	P75  *float64 `json:"p75"`
	P90  *float64 `json:"p90"`
	Max  *float64 `json:"max"`
	Mean *float64 `json:"mean"`
	// Share is the share of all runs where the metric happened (a time) or is
	// above zero (a count), with its 95% Wilson interval.
	Share   float64 `json:"share"`
	ShareLo float64 `json:"share_lo"`
	ShareHi float64 `json:"share_hi"`
}

// Value returns the named statistic ("p50", "mean", "share", …) and false
// when it is undefined.
func (s Stat) Value(stat string) (float64, bool) {
	if stat == "share" {
		return s.Share, true
	}
	// In the order of statNames.
	ps := [...]*float64{s.P10, s.P25, s.P50, s.P75, s.P90, s.Mean, s.Min, s.Max}
	if i := slices.Index(statNames(), stat); i >= 0 && i < len(ps) && ps[i] != nil {
		return *ps[i], true
	}
	return 0, false
}

// Band is a percentile band over time: at T[i], P10[i], P50[i], P90[i].
type Band struct {
	T   []float64 `json:"t"`
	P10 []float64 `json:"p10"`
	P50 []float64 `json:"p50"`
	P90 []float64 `json:"p90"`
}

// Curve is a curve over time.
type Curve struct {
	T []float64 `json:"t"`
	Y []float64 `json:"y"`
}

// Summary is summary.json: the header, every metric's distribution, the
// morale band of all men and of each squad, and the survival curves. It is a
// pure function of the header and the runs, so shards merge into the same
// bytes.
type Summary struct {
	Header
	Stats []Stat `json:"metrics"`
	// Morale is the average morale of the living men over time.
	Morale Band `json:"morale"`
	// Survival is the share of fights with nobody routed yet, over time.
	Survival Curve `json:"survival"`
	// PerSquad is, for each of the first MaxSquadSeries squads, its morale
	// band and how often it is still unbroken.
	PerSquad []SquadSummary `json:"per_squad"`
	// Command is the command as typed that wrote the summary (run, game or
	// merge; "" when none did): the one field in which a merge's summary
	// differs from the single machine's.
	Command string `json:"command,omitempty"`
}

// SquadSummary is one squad's part of a Summary.
type SquadSummary struct {
	Name string `json:"name"`
	// Morale is the band of the average morale of the squad's living men, at
	// the samples where any fight has one of them alive, over those fights.
	Morale Band `json:"morale"`
	// Unbroken is the share of fights in which none of the squad's men has
	// broken (turned Panicked or Routed) yet, over time.
	Unbroken Curve `json:"unbroken"`
}

// Stat returns the statistics of the named metric.
func (s *Summary) Stat(name string) (Stat, bool) {
	return find(s.Stats, func(st Stat) bool { return st.Name == name })
}

func ptr(v float64) *float64 { return &v }

// values returns m of every run runs[idx[0]], runs[idx[1]], … (every run
// when idx is nil) where it is defined, in that order, and in how many of
// those it happened (a time) or was above zero (a count): the numbers a
// Stat is computed from.
func (m Metric) values(runs []RunResult, idx []int) (xs []float64, happened int) {
	n := len(runs)
	if idx != nil {
		n = len(idx)
	}
	xs = make([]float64, 0, n)
	for j := 0; j < n; j++ {
		i := j
		if idx != nil {
			i = idx[j]
		}
		if v, ok := m.Get(&runs[i]); ok {
			xs = append(xs, v)
			if m.Time || v > 0 {
				happened++
			}
		}
	}
	return xs, happened
}

// Summarize computes the summary of runs (in any order; they are used by
// index) of the Monte-Carlo h.
func Summarize(h Header, runs []RunResult) Summary {
	runs = sortedRuns(runs)
	sum := Summary{Header: h}
	for _, m := range metricsFor(h.Squads) {
		sum.Stats = append(sum.Stats, metricStat(m, runs, nil))
	}
	n := 0
	for i := range runs {
		n = max(n, len(runs[i].Morale))
	}
	sum.Morale = bandOf(runs, n, h.Sample, func(r *RunResult, j int) (float64, bool) {
		if j < len(r.Morale) {
			return r.Morale[j], true
		}
		return 0, false
	})
	sum.Survival = shareOverTime(runs, n, h.Sample, func(r *RunResult) *float64 { return r.FirstRouted })
	for i := 0; i < min(len(h.Squads), MaxSquadSeries); i++ {
		sq := SquadSummary{Name: h.Squads[i]}
		sq.Morale = bandOf(runs, n, h.Sample, func(r *RunResult, j int) (float64, bool) {
			if i < len(r.SquadMorale) && j < len(r.SquadMorale[i]) && r.SquadMorale[i][j] != NoneAlive {
				return r.SquadMorale[i][j], true
			}
			return 0, false
		})
		sq.Unbroken = shareOverTime(runs, n, h.Sample, func(r *RunResult) *float64 {
			if i < len(r.SquadFirstBreak) {
				return r.SquadFirstBreak[i]
			}
			return nil
		})
		sum.PerSquad = append(sum.PerSquad, sq)
	}
	return sum
}

// metricStat returns the statistics of m over runs[idx[0]], runs[idx[1]],
// … (a bootstrap resample), or over every run in order when idx is nil.
func metricStat(m Metric, runs []RunResult, idx []int) Stat {
	n := len(runs)
	if idx != nil {
		n = len(idx)
	}
	xs, k := m.values(runs, idx)
	st := Stat{Name: m.Name, N: len(xs)}
	if len(xs) > 0 {
		s := sortedCopy(xs)
		st.Min, st.Max = ptr(s[0]), ptr(s[len(s)-1])
		st.P10, st.P25, st.P50 = ptr(Percentile(s, 10)), ptr(Percentile(s, 25)), ptr(Percentile(s, 50))
		st.P75, st.P90 = ptr(Percentile(s, 75)), ptr(Percentile(s, 90))
		st.Mean = ptr(Mean(xs))
	}
	st.Share = float64(k) / float64(max(1, n))
	st.ShareLo, st.ShareHi = Wilson(k, n)
	return st
}

// bandOf returns the 10th, 50th and 90th percentiles over runs of get at
// each of n samples (t = j·sample), leaving out the samples no run defines.
func bandOf(runs []RunResult, n int, sample float64, get func(r *RunResult, j int) (float64, bool)) Band {
	var b Band
	col := make([]float64, 0, len(runs))
	for j := 0; j < n; j++ {
		col = col[:0]
		for i := range runs {
			if v, ok := get(&runs[i], j); ok {
				col = append(col, v)
			}
		}
		if len(col) == 0 {
			continue
		}
		s := sortedCopy(col)
		b.T = append(b.T, float64(j)*sample)
		b.P10 = append(b.P10, Percentile(s, 10))
		b.P50 = append(b.P50, Percentile(s, 50))
		b.P90 = append(b.P90, Percentile(s, 90))
	}
	return b
}

// shareOverTime returns, at each of n samples (t = j·sample), the share of
// runs in which the time at returns nil or lies after t: the share in which
// it has not happened yet.
func shareOverTime(runs []RunResult, n int, sample float64, at func(r *RunResult) *float64) Curve {
	var c Curve
	for j := 0; j < n; j++ {
		t := float64(j) * sample
		yet := 0
		for i := range runs {
			if p := at(&runs[i]); p == nil || *p > t {
				yet++
			}
		}
		c.T = append(c.T, t)
		c.Y = append(c.Y, float64(yet)/float64(max(1, len(runs))))
	}
	return c
}

func sortedRuns(runs []RunResult) []RunResult {
	out := append([]RunResult(nil), runs...)
	slices.SortStableFunc(out, func(a, b RunResult) int { return cmp.Compare(a.Index, b.Index) })
	return out
}

// SettingsHash returns a short hash of every setting and weight of s.
func SettingsHash(s morale.Settings) string {
	var h uint64 = 14695981039346656037
	mix := func(b []byte) {
		for _, c := range b {
			h ^= uint64(c)
			h *= 1099511628211
		}
	}
	for _, p := range morale.Params() {
		mix([]byte(p.Name))
		mix([]byte(fmt.Sprint(math.Float64bits(p.Get(s)))))
	}
	for _, e := range sortedEvents(s) {
		mix([]byte(e))
		mix([]byte(fmt.Sprint(math.Float64bits(s.Weights[e]))))
	}
	return fmt.Sprintf("%016x", h)
}

func sortedEvents(s morale.Settings) []morale.Event {
	es := slices.Collect(maps.Keys(s.Weights))
	slices.Sort(es)
	return es
}
