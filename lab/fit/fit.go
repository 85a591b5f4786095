// Package fit turns a designer's intent into weights: a scenario's
// [[expect]] blocks are the target, its weights the start, and Fit searches
// for the weights nearest the start that meet every expectation, verified on
// fights the search never saw. moralesim fit is a thin layer over it.
//
// The search is gonum's CMA-ES (optimize.CmaEsChol), seeded and restarted;
// every candidate fights the same seeds (common random numbers), so the
// same config gives the same bytes on any number of cores. fit is a package
// of its own, beside lab, so that tools that call lab.Lint (the demo and its
// browser build, which would grow by 3.6 MB) link no optimiser.
package fit

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"
)

// Config is one fit: which weights would meet a scenario's expectations,
// changing as little as possible.
type Config struct {
	// Scenario supplies the target (its [[expect]] blocks) and the start
	// (its Settings).
	Scenario *lab.Scenario
	// More are further scenarios fitted at once: the result is one set of
	// settings meeting every expectation of each. They run Scenario's
	// settings, whatever weights they were read with, and fight the same
	// seeds; a fight counts once per scenario in Runs and Budget.
	More []*lab.Scenario
	// Keys names the settings and weight rows that may change, each KEY or
	// KEY=LO:HI (a setting, weights.EVENT or a bare event name); empty:
	// every one that can.
	Keys []string
	// Runs is the number of fights per candidate in the search (0: the
	// scenario's runs, at most 200). Every candidate fights the same seeds.
	Runs int
	// Budget is the most fights the whole fit may run (0: enough for 30
	// generations of the search plus the final checks; see Budget).
	Budget int
	// Seed seeds the fights and the optimiser.
	Seed uint64
	// Restarts is the number of CMA-ES runs from the start, each with a
	// wider first step (0: 3, fewer when the budget is small).
	Restarts int
	// Workers is the number of goroutines (0: GOMAXPROCS). It changes the
	// speed, never the result.
	Workers int
	// MaxWork is the most work the budget may stand for (the budget's fights
	// × lab.FightWorkWith at the costliest corner of the keys' ranges; 0:
	// lab.DefaultMaxWork); more is an *Error (Flag "-budget") before any
	// fight.
	MaxWork float64
	// Progress, when set, is called after each generation of the search and
	// each later evaluation, from one goroutine at a time.
	Progress func(Progress)
}

// Error is bad input to a fit that is not in the scenario file: a flag
// (Flag "-keys", "-runs", "-budget") and what is wrong with it.
type Error struct {
	Flag, Msg string
}

// Error returns "flag: msg".
func (e *Error) Error() string { return e.Flag + ": " + e.Msg }

// Progress is the state of a fit after a generation or an evaluation.
type Progress struct {
	// Phase is "start", "search", "refine", "polish" or "held-out".
	Phase string
	// Restart (1-based) of Restarts and Generation are the search's place.
	Restart, Restarts, Generation int
	// Fights have been run of Budget.
	Fights, Budget int
	// Best is the best candidate so far: its objective (0: every
	// expectation holds with margin) and how many keys it changes.
	BestObjective float64
	BestChanged   int
}

// Result is fit.json: what a fit tried, found and verified.
type Result struct {
	Scenario     string `json:"scenario"`
	ScenarioPath string `json:"scenario_path"`
	ScenarioHash string `json:"scenario_hash"`
	WeightsHash  string `json:"weights_hash"`
	// Scenarios are the files of a fit of several (Config.More), in order;
	// each Measure then names its file. ScenarioHashes are their contents'
	// hashes (lab.Scenario.Hash), in the same order.
	Scenarios      []string `json:"scenarios,omitempty"`
	ScenarioHashes []string `json:"scenario_hashes,omitempty"`
	// Seed seeds the search's fights (runs 0… of Seed) and the optimiser;
	// the held-out fights are runs 0… of HeldOutSeed = Seed + 2^63, which
	// are runs 2^63… of Seed: no search fight is among them.
	Seed        uint64 `json:"seed"`
	HeldOutSeed uint64 `json:"held_out_seed"`
	// Runs are the fights per candidate of the search, RefineRuns those of
	// the re-measured best candidates and of the polish, HeldOutRuns those of
	// the check on new seeds.
	Runs        int `json:"runs"`
	RefineRuns  int `json:"refine_runs"`
	HeldOutRuns int `json:"held_out_runs"`
	Budget      int `json:"budget"`
	// Population is CMA-ES's candidates per generation; Restarts its runs.
	Population int `json:"population"`
	Restarts   int `json:"restarts"`
	// Finished is false when the fit was interrupted: the result is then the
	// best candidate so far, not checked on new seeds.
	Finished bool `json:"finished"`
	// Met is true when the result meets every expectation on the held-out
	// fights (each statistic inside its range, as `check` judges).
	Met bool `json:"met"`
	// Keys are the keys that could change: start and end values.
	Keys []KeyResult `json:"keys"`
	// Before and After are the expectations measured on the held-out fights
	// with the starting weights and with the result (the same fights).
	Before []Measure `json:"before"`
	After  []Measure `json:"after"`
	// Tries are the candidates checked on the held-out fights, in order.
	Tries  []Try  `json:"tries"`
	Fights Fights `json:"fights"`
	// Conflicts name the expectations that pull against each other when no
	// candidate met them all: pairs met by some candidates each, never by
	// the same one.
	Conflicts []string `json:"conflicts"`
	// NeverMet name the expectations no candidate met with margin, each
	// alone, with the range its statistic took and what to try.
	NeverMet []string `json:"never_met"`
	// Notes say what happened, in order.
	Notes []string `json:"notes"`
	// Evaluations is every candidate measured, in order.
	Evaluations []Evaluation `json:"evaluations"`
	// Tool is the moralesim that ran the fit.
	Tool lab.Tool `json:"tool,omitzero"`

	// Start and Settings are the starting and the resulting settings.
	Start    morale.Settings `json:"-"`
	Settings morale.Settings `json:"-"`
}

// KeyResult is one key of a fit.
type KeyResult struct {
	Key   string  `json:"key"`
	Start float64 `json:"start"`
	End   float64 `json:"end"`
	// Lo..Hi is the range the search kept to.
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
	// Edge, when the key ended at the edge of Lo..Hi, says so, with the
	// advice to widen the range (-keys KEY=LO:HI) when the settings allow.
	Edge string `json:"edge,omitempty"`
}

// Changed reports whether the fit changed the key.
func (k KeyResult) Changed() bool { return k.End != k.Start }

// Try is one candidate checked on the held-out fights.
type Try struct {
	// Evaluation is the index of its held-out evaluation in Evaluations.
	Evaluation int       `json:"evaluation"`
	Values     []float64 `json:"values"`
	// Objective is its objective on the refined search fights.
	Objective float64   `json:"objective"`
	HeldOut   []Measure `json:"held_out"`
	Pass      bool      `json:"pass"`
}

// Fights counts the fights of each phase.
type Fights struct {
	Search  int `json:"search"`
	Refine  int `json:"refine"`
	Polish  int `json:"polish"`
	HeldOut int `json:"held_out"`
	Total   int `json:"total"`
}

// Evaluation is one candidate measured on one set of fights.
type Evaluation struct {
	// Phase is "start", "search", "refine", "polish" or "held-out".
	Phase string `json:"phase"`
	// Restart (1-based) and Generation place a search candidate.
	Restart    int       `json:"restart,omitempty"`
	Generation int       `json:"generation,omitempty"`
	Runs       int       `json:"runs"`
	Values     []float64 `json:"values"`
	// Valid is false for settings that do not validate or that lint warns
	// of and not of the start (no fights run).
	Valid bool `json:"valid"`
	// Objective is the sum of the expectations' misses (0: all hold with
	// margin); Change the sum of the keys' relative changes and Changed how
	// many keys differ from the start.
	Objective float64 `json:"objective"`
	Change    float64 `json:"change"`
	Changed   int     `json:"changed"`
	// Got and Miss are each expectation's statistic and miss.
	Got  []*float64 `json:"got"`
	Miss []float64  `json:"miss"`
}

// Fit constants.
const (
	// fitLambda weighs the distance from the start against the objective:
	// a candidate that meets every expectation always beats one that misses
	// by more than a thousandth of a range per unit of relative change.
	fitLambda = 1e-3
	// refineFactor: the best candidates are measured again on this many
	// times the search's fights (the same seeds and more).
	refineFactor = 4
	// heldOutFactor: the held-out check uses this many times the search's
	// fights, on seeds the search never used.
	heldOutFactor = 5
	// refineCount is how many of the best search candidates are measured
	// again.
	refineCount = 5
	// heldOutTries is how many candidates the reserve lets the held-out
	// check try.
	heldOutTries = 2
	// fitGenerations is the search's generations in the default budget.
	fitGenerations = 30
	// stallGenerations ends a restart that has not improved for this long.
	stallGenerations = 10
	// invalidScore is the optimiser's value for settings that do not validate.
	invalidScore = 1e6
	maxFitRuns   = 100000
	// measureBytes is the memory one expectation measured on one candidate
	// takes in the fit's log (its statistic and miss, kept for fit.json),
	// in the candidate kept for the later phases and in fit.json itself:
	// about 300 bytes measured (maximum resident set 679 MB for 341
	// candidates of 64 files of 100 expectations, 1.88 GB for 1026), with
	// headroom.
	measureBytes = 400
)

// LogBytes estimates the peak memory of a fit's log, in bytes: candidates
// candidates that each measure expects expectations. A fit whose budget
// could pay for a log over lab.MaxResultBytes is refused (-budget).
func LogBytes(candidates, expects int) float64 {
	return measureBytes * float64(candidates) * float64(expects)
}

// OfEachScenario returns " of each of the n scenarios", the words that
// make a count of a fit of n files a count of each file (every candidate
// fights each alike: "200 per candidate" read as all it fought), or "" for
// one file, whose counts need none ("of each of the 1 scenarios"). The
// fit's refusals, its page and its summary all take them from here.
func OfEachScenario(n int) string {
	if n <= 1 {
		return ""
	}
	return fmt.Sprintf(" of each of the %d scenarios", n)
}

// fitSizes are the sizes derived from a config.
type fitSizes struct {
	// scenarios is how many scenarios every candidate fights; the other
	// counts but budget are per scenario.
	scenarios                     int
	runs, refineRuns, heldOutRuns int
	pop, restarts                 int
	budget, reserve, generations  int
	// each is the fights of each scenario the budget buys, budget/scenarios:
	// every candidate fights all the scenarios alike, so a budget that does
	// not divide leaves the rest unfought.
	each int
}

// Budget returns the fights a fit of dim keys with runs fights per
// candidate needs at least (one generation of the search and the final
// checks) and by default (fitGenerations generations and the checks).
func Budget(dim, runs int) (least, def int) {
	pop := population(dim)
	reserve := fitReserve(dim, runs)
	return reserve + pop*runs, reserve + fitGenerations*pop*runs
}

// population is CMA-ES's default population for dim keys: 4 + ⌊3 ln dim⌋.
func population(dim int) int { return 4 + int(3*math.Log(float64(dim))) }

// fitReserve is the fights kept from the search for the final checks: the
// start on the search's and the held-out fights, the refined candidates, and
// for each of heldOutTries candidates its polish (each changed key put back,
// at most six counted: the subset search changes few; three halvings; a few
// rounded) and its held-out check. A polish that runs out stops, with a
// note.
func fitReserve(dim, runs int) int {
	polish := min(dim, 6) + 9
	return runs + heldOutFactor*runs + refineCount*refineFactor*runs +
		heldOutTries*(polish*refineFactor*runs+heldOutFactor*runs)
}

func sizes(cfg Config, dim int) (fitSizes, error) {
	z := fitSizes{runs: cfg.Runs, scenarios: 1 + len(cfg.More)}
	if z.runs == 0 {
		z.runs = max(10, min(cfg.Scenario.Runs, 200))
	}
	if z.runs < 10 || z.runs > maxFitRuns {
		return z, &Error{Flag: "-runs", Msg: fmt.Sprintf("is %d fights per candidate; it must be 10..%d (fewer fights cannot tell candidates apart)", z.runs, maxFitRuns)}
	}
	z.refineRuns, z.heldOutRuns = refineFactor*z.runs, heldOutFactor*z.runs
	for _, sc := range append([]*lab.Scenario{cfg.Scenario}, cfg.More...) {
		if err := lab.CheckResults(sc, z.heldOutRuns); err != nil {
			return z, &Error{Flag: "-runs", Msg: fmt.Sprintf("is %d fights per candidate; the check on new seeds (%d fights): %v", z.runs, z.heldOutRuns, err)}
		}
	}
	z.pop = population(dim)
	z.reserve = fitReserve(dim, z.runs)
	least, def := Budget(dim, z.runs)
	least, def = least*z.scenarios, def*z.scenarios
	z.budget = cfg.Budget
	if z.budget == 0 {
		z.budget = def
	}
	if z.budget < least {
		each := OfEachScenario(z.scenarios)
		if each != "" {
			each = "," + each + ","
		}
		return z, &Error{Flag: "-budget", Msg: fmt.Sprintf("is %s; one generation of %d candidates × %d fights (%d) and the final checks (%d)%s need at least %d (-budget %d or fewer -runs)",
			lab.Plural(z.budget, "fight"), z.pop, z.runs, z.pop*z.runs, z.reserve, each, least, least)}
	}
	// Every candidate that fights fights at least runs fights of each
	// scenario, so the budget pays for at most this many.
	expects := 0
	for _, sc := range append([]*lab.Scenario{cfg.Scenario}, cfg.More...) {
		expects += len(sc.Expects)
	}
	if cands := z.budget / (z.runs * z.scenarios); LogBytes(cands, expects) > lab.MaxResultBytes {
		return z, &Error{Flag: "-budget", Msg: fmt.Sprintf("is %d fights: up to %d candidates of %d fights, each measuring %d expectations, whose log (fit.json has every measure) would take about %s of memory; at most %s: lower -budget, raise -runs, or fit fewer expectations",
			z.budget, cands, z.runs*z.scenarios, expects, lab.FormatBytes(LogBytes(cands, expects)), lab.FormatBytes(lab.MaxResultBytes))}
	}
	z.each = z.budget / z.scenarios
	z.generations = (z.each - z.reserve) / (z.pop * z.runs)
	z.restarts = cfg.Restarts
	if z.restarts <= 0 {
		z.restarts = 3
	}
	z.restarts = max(1, min(z.restarts, z.generations/8))
	return z, nil
}

// heldOutSeed returns the seed of the held-out fights: run i of it is run
// 2^63 + i of seed (RunSeed adds (i+1)·φ with φ odd), so for any run count
// below 2^63 no held-out fight is a search fight.
func heldOutSeed(seed uint64) uint64 { return seed + 1<<63 }

// candidate is a point of the search space and its measure.
type candidate struct {
	values []float64
	m      measure
	valid  bool
	// eval is its index in the log.
	eval int
}

// rank orders two candidates, the better first: one that meets every
// expectation with margin before one that does not; among those that do,
// the fewest keys changed, then the smallest change (score); among the
// others, the lowest score.
func (f *fitter) rank(a, b candidate) int {
	am, bm := a.valid && a.m.objective == 0, b.valid && b.m.objective == 0
	switch {
	case am && !bm:
		return -1
	case bm && !am:
		return 1
	case am:
		_, ca := changeOf(f.keys, a.values)
		_, cb := changeOf(f.keys, b.values)
		if ca != cb {
			return cmp.Compare(ca, cb)
		}
	}
	return cmp.Compare(a.score(f.keys), b.score(f.keys))
}

func (c candidate) score(keys []Key) float64 {
	if !c.valid {
		return invalidScore
	}
	rel, _ := changeOf(keys, c.values)
	return c.m.objective + fitLambda*rel
}

// fitter is one fit in progress.
type fitter struct {
	cfg Config
	sc  *lab.Scenario
	// scs are every scenario fitted, sc first.
	scs     []*lab.Scenario
	keys    []Key
	z       fitSizes
	workers int
	// startLint is the rules lab.Lint warns of for the start: a result may
	// not add one.
	startLint map[string]bool

	mu     sync.Mutex
	log    []Evaluation
	cands  []candidate // every valid candidate of the log, by eval
	fights atomic.Int64
	res    *Result
	best   *candidate
	// closest is the candidate of every check so far (every round's) whose
	// objective on the held-out fights, closestObj, is the lowest; nil
	// until one is checked there.
	closest    *candidate
	closestObj float64
}

// Fit searches for the weights nearest the scenario's that meet all its
// expectations, with CMA-ES (gonum's CmaEsChol, seeded, restarted), every
// candidate fighting the same seeds; re-measures the best on more fights,
// rounds them and puts back every key it can, and checks the result on
// fights the search never saw, trying the next best when one fails there.
//
// Bad input is an error before any fight: a scenario without [[expect]] or
// with contradicting ones (*lab.ScenarioError), a bad key, run count or budget
// (*Error), also a budget of more work than MaxWork. When ctx is cancelled Fit returns the best candidate so far
// with Finished false and a nil error. The result depends on the config
// alone, never on Workers or GOMAXPROCS.
func Fit(ctx context.Context, cfg Config) (*Result, error) {
	sc := cfg.Scenario
	scs := append([]*lab.Scenario{sc}, cfg.More...)
	for _, s := range scs {
		if len(s.Expects) == 0 {
			return nil, &lab.ScenarioError{File: s.Path, Key: "expect", Msg: "the scenario has no [[expect]]; a fit needs at least one as its target"}
		}
		if err := contradictions(s); err != nil {
			return nil, err
		}
	}
	if err := crossConflicts(scs); err != nil {
		return nil, err
	}
	if err := sc.Settings.Validate(); err != nil {
		return nil, &lab.ScenarioError{File: sc.Path, Key: "weights", Msg: err.Error()}
	}
	keys, err := keysFor(scs, cfg.Keys)
	if err != nil {
		return nil, err
	}
	z, err := sizes(cfg, len(keys))
	if err != nil {
		return nil, err
	}
	work := 0.0
	for _, s := range scs {
		work += float64(z.each) * worstFightWork(s, sc.Settings, keys)
	}
	if err := lab.CheckWork("this fit", work, cfg.MaxWork); err != nil {
		var we *lab.WorkError
		if !errors.As(err, &we) {
			return nil, err
		}
		// A fit of several spends its budget evenly over the files: "34200
		// fights of rearguard" read as 34200 of that file alone. A budget
		// that does not divide buys fewer in all ("67201 fights, 33600 of
		// each of the 2 scenarios" read as 67201 fought).
		what := fmt.Sprintf("is %d fights of %s", z.budget, sc.Name)
		if z.scenarios > 1 {
			what = fmt.Sprintf("is %d fights, %d%s", z.budget, z.each, OfEachScenario(z.scenarios))
			if all := z.each * z.scenarios; all != z.budget {
				what += fmt.Sprintf(" (%d in all, the rest of the budget unfought)", all)
			}
		}
		return nil, &Error{Flag: "-budget", Msg: fmt.Sprintf("%s, about %s units of work (a unit costs about what stepping one man through one simulated second does: %s); the ceiling is %s: lower -budget or -runs, fit fewer keys, or raise the ceiling with -max-work %s",
			what, lab.FormatWork(we.Work), lab.CoreTime(we.Work), lab.FormatExact(we.Limit), lab.FormatExact(we.Enough()))}
	}
	f := &fitter{cfg: cfg, sc: sc, scs: scs, keys: keys, z: z, workers: cfg.Workers, startLint: map[string]bool{}}
	for _, w := range lab.Lint(sc.Settings) {
		f.startLint[w.Rule] = true
	}
	if f.workers <= 0 {
		f.workers = runtime.GOMAXPROCS(0)
	}
	f.res = &Result{
		Scenario: sc.Name, ScenarioPath: sc.Path, ScenarioHash: sc.Hash, WeightsHash: sc.WeightsHash,
		Seed: cfg.Seed, HeldOutSeed: heldOutSeed(cfg.Seed),
		Runs: z.runs, RefineRuns: z.refineRuns, HeldOutRuns: z.heldOutRuns, Budget: z.budget,
		Population: z.pop, Restarts: z.restarts,
		Start: sc.Settings.Clone(), Conflicts: []string{}, NeverMet: []string{}, Notes: []string{}, Tries: []Try{}, Tool: lab.ThisTool(),
	}
	if len(scs) > 1 {
		for _, s := range scs {
			f.res.Scenarios = append(f.res.Scenarios, s.Path)
			f.res.ScenarioHashes = append(f.res.ScenarioHashes, s.Hash)
		}
	}
	err = f.run(ctx)
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		f.note("interrupted after %d fights: the result is the best candidate so far, not checked on new seeds", f.fights.Load())
		f.finish(f.roundedForFile(f.bestSoFar()), false, false)
		return f.res, nil
	}
	if err != nil {
		return nil, err
	}
	return f.res, nil
}

// roundedForFile returns c with each changed value rounded to a hundredth
// of its key's step (Key.round at the polish's finest level), for a result
// that is not polished: an interrupted fit writes "0.3206", not the
// search's "0.3205537525013422". The rounding moves a value by at most half
// of that hundredth; the result is unchecked anyway. nil stays nil.
func (f *fitter) roundedForFile(c *candidate) *candidate {
	if c == nil {
		return nil
	}
	r := *c
	r.values = slices.Clone(c.values)
	for i, k := range f.keys {
		if r.values[i] != k.Start {
			r.values[i] = k.round(r.values[i], 0.01)
		}
	}
	return &r
}

func (f *fitter) note(format string, args ...any) {
	f.res.Notes = append(f.res.Notes, fmt.Sprintf(format, args...))
}

func (f *fitter) startValues() []float64 {
	v := make([]float64, len(f.keys))
	for i, k := range f.keys {
		v[i] = k.Start
	}
	return v
}

// run is the fit's phases; the result is in f.res.
func (f *fitter) run(ctx context.Context) error {
	seed, held := f.cfg.Seed, heldOutSeed(f.cfg.Seed)
	start, err := f.measure(ctx, "start", f.startValues(), f.z.runs, seed, f.workers)
	if err != nil {
		return err
	}
	before, err := f.measure(ctx, "held-out", start.values, f.z.heldOutRuns, held, f.workers)
	if err != nil {
		return err
	}
	f.res.Before = before.m.expects
	if start.m.objective == 0 && allPass(before.m.expects) {
		f.note("the starting weights already meet every expectation on the search's and the held-out fights: nothing to change")
		f.res.Tries = append(f.res.Tries, Try{Evaluation: before.eval, Values: start.values, HeldOut: before.m.expects, Pass: true})
		f.res.After = before.m.expects
		f.finish(&start, true, true)
		return nil
	}
	met, err := f.subsets(ctx, start)
	if err != nil {
		return err
	}
	if met {
		// The subset search's best, checked; when it fails on the held-out
		// fights, the search over every key goes on with what is left.
		refined, err := f.refine(ctx)
		if err != nil {
			return err
		}
		if err := f.check(ctx, refined); err != nil || f.res.Met {
			return err
		}
		f.note("the subset search's candidates did not hold on the held-out fights; searching every key")
	}
	// Search every key; while nothing holds and the budget allows another
	// round (four generations and the checks), search again, with new
	// random streams: a fit uses its time.
	for round := 0; ; round++ {
		spent := f.fights.Load()
		// The first round keeps the whole reserve (and may use the start's
		// share of it); later ones what one more check needs.
		left := f.left() + f.z.runs + f.z.heldOutRuns
		if round > 0 {
			left = f.leftAfter(f.roundReserve())
		}
		if err := f.search(ctx, round, left); err != nil {
			return err
		}
		searched := f.fights.Load() > spent
		refined, err := f.refine(ctx)
		if err != nil {
			return err
		}
		if err := f.check(ctx, refined); err != nil || f.res.Met {
			return err
		}
		if !searched || f.leftAfter(f.roundReserve()) < 4*f.z.pop*f.z.runs {
			f.advise()
			return nil
		}
		f.note("not met after %d fights of %d; searching every key again with what is left", f.fights.Load(), f.z.budget)
	}
}

// advise notes, for a fit that did not meet every expectation, which one
// its result misses by most on the held-out fights: the one to loosen
// first, or to free keys for.
func (f *fitter) advise() {
	worst := -1
	for i, e := range f.res.After {
		if !e.Pass && (worst < 0 || e.Miss > f.res.After[worst].Miss) {
			worst = i
		}
	}
	if worst < 0 {
		return
	}
	e := f.res.After[worst]
	where := fmt.Sprintf("line %d", e.Line)
	if e.Scenario != "" {
		where = fmt.Sprintf("%s:%d", e.Scenario, e.Line)
	}
	f.note("the closest result misses %s by most on the held-out fights (%s): loosen it first, or free more keys (-keys)", where, e.describe())
}

// measure runs values on runs fights of seed and logs the evaluation.
func (f *fitter) measure(ctx context.Context, phase string, values []float64, runs int, seed uint64, workers int) (candidate, error) {
	c, ev, err := f.evaluate(ctx, phase, values, runs, seed, workers)
	if err != nil {
		return c, err
	}
	f.mu.Lock()
	c.eval = f.append(ev)
	f.mu.Unlock()
	if phase != "held-out" {
		f.consider(c)
	}
	f.progress(Progress{Phase: phase})
	return c, nil
}

// evaluate measures values on runs fights of seed (no log). Settings that
// do not validate, or that lint warns of when it does not warn of the
// start, are invalid: no fights run, the search scores them invalidScore
// and steers away, and no later phase can pick them.
func (f *fitter) evaluate(ctx context.Context, phase string, values []float64, runs int, seed uint64, workers int) (candidate, Evaluation, error) {
	c := candidate{values: slices.Clone(values)}
	ev := Evaluation{Phase: phase, Values: c.values, Runs: runs, Got: []*float64{}, Miss: []float64{}}
	ev.Change, ev.Changed = changeOf(f.keys, values)
	s := settingsAt(f.sc.Settings, f.keys, values)
	if s.Validate() != nil || f.newLint(s) {
		ev.Runs = 0
		return c, ev, nil
	}
	for _, sc := range f.scs {
		plan := lab.Plan{Scenario: sc, Settings: s, Seed: seed, Runs: runs, Workers: workers}
		rr, err := lab.MonteCarlo(ctx, plan)
		if err != nil {
			return c, ev, err
		}
		f.fights.Add(int64(runs))
		f.count(phase, runs)
		m := measureExpects(sc, lab.NewHeader(plan), rr)
		for i := range m.expects {
			if len(f.scs) > 1 {
				m.expects[i].Scenario = sc.Path
			}
		}
		c.m.expects = append(c.m.expects, m.expects...)
		c.m.objective += m.objective
		c.m.at, c.m.lo, c.m.hi = append(c.m.at, m.at...), append(c.m.lo, m.lo...), append(c.m.hi, m.hi...)
	}
	c.valid = true
	ev.Valid, ev.Objective = true, c.m.objective
	for _, e := range c.m.expects {
		ev.Got = append(ev.Got, e.Got)
		ev.Miss = append(ev.Miss, e.Miss)
	}
	return c, ev, nil
}

func (f *fitter) count(phase string, runs int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fs := &f.res.Fights
	switch phase {
	case "start", "search", "screen", "subset": // the search's seeds
		fs.Search += runs
	case "refine":
		fs.Refine += runs
	case "polish":
		fs.Polish += runs
	case "held-out":
		fs.HeldOut += runs
	}
	fs.Total += runs
}

// append logs ev and returns its index; f.mu must be held.
func (f *fitter) append(ev Evaluation) int {
	f.log = append(f.log, ev)
	f.res.Evaluations = f.log
	return len(f.log) - 1
}

// consider keeps c as the best so far when it scores better.
func (f *fitter) consider(c candidate) {
	if !c.valid {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.cands = append(f.cands, c)
	if f.best == nil || f.rank(c, *f.best) < 0 {
		cc := c
		f.best = &cc
	}
}

func (f *fitter) bestSoFar() *candidate {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.best
}

func (f *fitter) progress(p Progress) {
	if f.cfg.Progress == nil {
		return
	}
	p.Fights, p.Budget, p.Restarts = int(f.fights.Load()), f.z.budget, f.z.restarts
	if b := f.bestSoFar(); b != nil {
		p.BestObjective = b.m.objective
		_, p.BestChanged = changeOf(f.keys, b.values)
	}
	f.cfg.Progress(p)
}

// search runs CMA-ES from the start, Restarts times with a wider first step
// each time (0.15, 0.3, 0.6: relative changes), the generations that left
// fights per scenario pay for shared among the restarts (a restart that
// stalls leaves its rest to the next); round numbers the restarts' random
// streams, new in each round.
func (f *fitter) search(ctx context.Context, round, left int) error {
	gens := min(f.z.generations, left/(f.z.pop*f.z.runs))
	for r := 0; r < f.z.restarts; r++ {
		mine := gens / (f.z.restarts - r)
		if mine < 1 {
			break
		}
		done, err := f.restart(ctx, round*f.z.restarts+r, mine)
		gens -= done
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			f.note("restart %d ended early: %v", r+1, err)
		}
	}
	return nil
}

// restart is one CMA-ES run over every key from the start, of at most gens
// generations, with a first step of 0.15·2^r; it returns how many
// generations it ran.
func (f *fitter) restart(ctx context.Context, r, gens int) (int, error) {
	all := make([]int, len(f.keys))
	for i := range all {
		all[i] = i
	}
	return f.cmaes(ctx, "search", r, all, make([]float64, len(all)), 0.15*math.Pow(2, float64(r%3)), gens)
}

// cmaes is one CMA-ES run of at most gens generations over the keys subset
// (the others at their start), from search coordinates u0 with a first step
// of sigma, its candidates logged as phase, run r+1; it returns how many
// generations it ran.
func (f *fitter) cmaes(ctx context.Context, phase string, r int, subset []int, u0 []float64, sigma float64, gens int) (int, error) {
	dim := len(subset)
	pop := population(dim)
	var (
		mu       sync.Mutex
		batch    []searched
		gen      int
		canceled bool
	)
	fn := func(u []float64) float64 {
		if ctx.Err() != nil {
			return invalidScore
		}
		values := f.startValues()
		outside := 0.0
		for j, i := range subset {
			var o float64
			values[i], o = f.keys[i].value(u[j])
			outside += o
		}
		c, ev, err := f.evaluate(ctx, phase, values, f.z.runs, f.cfg.Seed, 1)
		if err != nil {
			mu.Lock()
			canceled = true
			mu.Unlock()
			return invalidScore
		}
		score := c.score(f.keys) + outside
		mu.Lock()
		defer mu.Unlock()
		batch = append(batch, searched{u: slices.Clone(u), c: c, ev: ev})
		if len(batch) == pop && !canceled {
			gen++
			f.flush(phase, batch, r+1, gen)
			batch = batch[:0]
		}
		return score
	}
	// CmaEsChol samples from N(mean, A·Aᵀ) with A its Cholesky factor, and
	// scales the covariance's updates by 1/step: the first step goes into
	// InitCholesky, and InitStepSize stays 1 so that the updates are in the
	// same units as the samples (a step of 0.15 with InitStepSize 0.15 grows
	// the covariance sevenfold a generation).
	stream := uint64(r)
	if phase == "subset" {
		stream ^= 0x80 // apart from the search's streams
	}
	diag := make([]float64, dim)
	for i := range diag {
		diag[i] = sigma * sigma
	}
	var chol mat.Cholesky
	if !chol.Factorize(mat.NewDiagDense(dim, diag)) {
		return 0, errors.New("fit: the first step's covariance does not factorize")
	}
	method := &optimize.CmaEsChol{
		InitStepSize: 1,
		InitCholesky: &chol,
		Population:   pop,
		Src:          rand.NewPCG(f.cfg.Seed, 0x636d612d6573<<8|stream),
	}
	settings := &optimize.Settings{
		MajorIterations: gens,
		Concurrent:      f.workers,
		Converger:       &optimize.FunctionConverge{Absolute: 1e-6, Iterations: stallGenerations},
	}
	problem := optimize.Problem{
		Func: fn,
		Status: func() (optimize.Status, error) {
			if err := ctx.Err(); err != nil {
				return optimize.Failure, err
			}
			return optimize.NotTerminated, nil
		},
	}
	_, err := optimize.Minimize(problem, slices.Clone(u0), settings, method)
	mu.Lock()
	defer mu.Unlock()
	if ctx.Err() != nil {
		return gen, ctx.Err()
	}
	return gen, err
}

// searched is one search evaluation before its generation is logged.
type searched struct {
	u  []float64
	c  candidate
	ev Evaluation
}

// flush logs one generation's evaluations in a fixed order (by search
// coordinates: the workers finish them in any order) and reports progress.
func (f *fitter) flush(phase string, batch []searched, restart, gen int) {
	slices.SortFunc(batch, func(a, b searched) int { return slices.Compare(a.u, b.u) })
	for _, s := range batch {
		s.ev.Restart, s.ev.Generation = restart, gen
		f.mu.Lock()
		s.c.eval = f.append(s.ev)
		f.mu.Unlock()
		f.consider(s.c)
	}
	f.progress(Progress{Phase: phase, Restart: restart, Generation: gen})
}

// refine measures the refineCount best distinct candidates again on
// RefineRuns fights (the search's seeds and more) and returns them best
// first.
func (f *fitter) refine(ctx context.Context) ([]candidate, error) {
	f.mu.Lock()
	pool := slices.Clone(f.cands)
	f.mu.Unlock()
	slices.SortStableFunc(pool, func(a, b candidate) int {
		return cmp.Or(f.rank(a, b), cmp.Compare(a.eval, b.eval))
	})
	var picked []candidate
	for _, c := range pool {
		if len(picked) == refineCount {
			break
		}
		tried := slices.ContainsFunc(f.res.Tries, func(t Try) bool { return slices.Equal(t.Values, c.values) })
		if !tried && !slices.ContainsFunc(picked, func(p candidate) bool { return slices.Equal(p.values, c.values) }) {
			picked = append(picked, c)
		}
	}
	var out []candidate
	for _, c := range picked {
		r, err := f.measure(ctx, "refine", c.values, f.z.refineRuns, f.cfg.Seed, f.workers)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	slices.SortStableFunc(out, f.rank)
	return out, nil
}

// afford reports whether runs more fights fit in the budget.
func (f *fitter) afford(runs int) bool { return int(f.fights.Load())+runs*f.z.scenarios <= f.z.budget }

// left returns the fights per scenario the budget has left beyond the
// reserve.
func (f *fitter) left() int { return f.leftAfter(f.z.reserve) }

// leftAfter returns the fights per scenario the budget has left beyond
// reserve.
func (f *fitter) leftAfter(reserve int) int {
	return (f.z.budget-int(f.fights.Load()))/f.z.scenarios - reserve
}

// roundReserve is the fights per scenario a later round of the search
// keeps for its checks: the refined candidates, one polish and one check
// on the held-out fights.
func (f *fitter) roundReserve() int {
	return refineCount*f.z.refineRuns + (min(len(f.keys), 6)+9)*f.z.refineRuns + f.z.heldOutRuns
}

// polish puts back every key of c whose change it can do without (the
// smallest change first: fewest changes), moves the rest towards the start
// as far as it can (three halvings of the way back: smallest changes), then
// rounds each changed value to its key's step (else a tenth, else a
// hundredth of it), keeping each step only when the objective on the
// refined fights gets no worse.
func (f *fitter) polish(ctx context.Context, c candidate) (candidate, error) {
	cur := c
	try := func(v []float64) (bool, error) {
		if !f.afford(f.z.refineRuns) {
			return false, errNoBudget
		}
		if f.newLint(settingsAt(f.sc.Settings, f.keys, v)) {
			return false, nil
		}
		r, err := f.measure(ctx, "polish", v, f.z.refineRuns, f.cfg.Seed, f.workers)
		if err != nil || !r.valid || r.m.objective > cur.m.objective {
			return false, err
		}
		cur = r
		return true, nil
	}
	var order []int
	for i, k := range f.keys {
		if cur.values[i] != k.Start {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Compare(f.keys[a].relChange(cur.values[a]), f.keys[b].relChange(cur.values[b]))
	})
	for _, i := range order {
		v := slices.Clone(cur.values)
		v[i] = f.keys[i].Start
		if _, err := try(v); err != nil {
			return cur, f.polishErr(err)
		}
	}
	// Halve the way back to the start three times (a bisection on the
	// segment from the start, which misses, to c, which meets them).
	if cur.m.objective == 0 {
		lo, hi := 0.0, 1.0
		from := slices.Clone(cur.values)
		for range 3 {
			t := (lo + hi) / 2
			v := make([]float64, len(f.keys))
			for i, k := range f.keys {
				v[i] = k.Start + t*(from[i]-k.Start)
			}
			ok, err := try(v)
			if err != nil {
				return cur, f.polishErr(err)
			}
			if ok {
				hi = t
			} else {
				lo = t
			}
		}
	}
	for _, i := range order {
		for _, level := range []float64{1, 0.1, 0.01} {
			if cur.values[i] == f.keys[i].Start {
				break
			}
			v := slices.Clone(cur.values)
			v[i] = f.keys[i].round(v[i], level)
			if v[i] == cur.values[i] {
				break // already round at this level
			}
			if v[i] == f.keys[i].Start {
				continue // putting it back was tried
			}
			ok, err := try(v)
			if err != nil {
				return cur, f.polishErr(err)
			}
			if ok {
				break
			}
		}
	}
	return cur, nil
}

// errNoBudget stops the polish when the budget is spent.
var errNoBudget = errors.New("no budget left")

// polishErr turns running out of budget into a note.
func (f *fitter) polishErr(err error) error {
	if errors.Is(err, errNoBudget) {
		f.note("the budget ran out while rounding the values and putting keys back; some are kept as found")
		return nil
	}
	return err
}

// check polishes the refined candidates in order and checks each on the
// held-out fights until one meets every expectation there. When none met
// every expectation on the search's fights, it checks the closest only. When
// none passes, the result is the closest on the held-out fights of every
// candidate checked there in this and earlier calls (a later round of the
// search may come out farther than an earlier one), and the expectations no
// candidate met and those that pull against each other are named.
func (f *fitter) check(ctx context.Context, refined []candidate) error {
	if len(refined) == 0 {
		return errors.New("fit: the search found no valid candidate")
	}
	var unchecked *candidate // for want of budget
	for i, c := range refined {
		if i > 0 && c.m.objective > 0 {
			break
		}
		if i > 0 && !f.afford(f.z.heldOutRuns+f.z.refineRuns) {
			f.note("no budget left to try candidate %d; raise -budget", i+1)
			break
		}
		if i > 0 {
			f.note("trying candidate %d, the next best", i+1)
		}
		p, err := f.polish(ctx, c)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(f.res.Tries, func(t Try) bool { return slices.Equal(t.Values, p.values) }) {
			f.note("candidate %d polishes to one already checked on the held-out fights", i+1)
			continue
		}
		if !f.afford(f.z.heldOutRuns) {
			f.note("no budget left to check candidate %d on the held-out fights; raise -budget", i+1)
			unchecked = &p
			break
		}
		h, err := f.measure(ctx, "held-out", p.values, f.z.heldOutRuns, heldOutSeed(f.cfg.Seed), f.workers)
		if err != nil {
			return err
		}
		pass := allPass(h.m.expects)
		f.res.Tries = append(f.res.Tries, Try{Evaluation: h.eval, Values: p.values, Objective: p.m.objective, HeldOut: h.m.expects, Pass: pass})
		if pass {
			f.res.After = h.m.expects
			f.finish(&p, true, true)
			return nil
		}
		if f.closest == nil || h.m.objective < f.closestObj {
			f.closest, f.closestObj = &p, h.m.objective
			f.res.After = h.m.expects
		}
		if c.m.objective == 0 {
			f.note("candidate %d met every expectation on the search's fights but not on the held-out fights (%s)", i+1, describeAll(h.m.expects, func(e Measure) bool { return !e.Pass }))
		}
	}
	if refined[0].m.objective > 0 {
		f.note("no candidate met every expectation with margin: the closest misses by %s (%s)", lab.FormatNumber(refined[0].m.objective), describeAll(refined[0].m.expects, func(e Measure) bool { return e.Miss > 0 }))
	} else {
		f.note("no candidate that met every expectation on the search's fights held on the held-out fights; the result is the closest there")
	}
	f.res.Conflicts, f.res.NeverMet = problems(f.scs, f.log)
	closest := cmp.Or(f.closest, unchecked)
	if closest == nil {
		// No candidate reached the held-out fights: the result is the
		// start, which they measured.
		f.res.After = f.res.Before
	}
	f.finish(closest, true, false)
	return nil
}

// newLint reports whether lab.Lint warns of s by a rule it does not warn
// of the start by.
func (f *fitter) newLint(s morale.Settings) bool {
	return slices.ContainsFunc(lab.Lint(s), func(w lab.Warning) bool { return !f.startLint[w.Rule] })
}

// finish records c (nil: the start) as the result.
func (f *fitter) finish(c *candidate, finished, met bool) {
	f.res.Finished, f.res.Met = finished, met
	values := f.startValues()
	if c != nil {
		values = c.values
	}
	f.res.Settings = settingsAt(f.sc.Settings, f.keys, values)
	f.res.Keys = nil
	for i, k := range f.keys {
		f.res.Keys = append(f.res.Keys, KeyResult{Key: k.Key, Start: k.Start, End: values[i], Lo: k.Lo, Hi: k.Hi, Edge: k.edge(f.sc.Settings, values[i])})
	}
	if !finished {
		f.res.After = nil
	}
}

// allPass reports whether every expectation of es passes.
func allPass(es []Measure) bool {
	return !slices.ContainsFunc(es, func(e Measure) bool { return !e.Pass })
}

// describeAll lists the expectations of es that keep says, with what they got.
func describeAll(es []Measure, keep func(Measure) bool) string {
	var out []string
	for _, e := range es {
		if keep(e) {
			out = append(out, e.describe())
		}
	}
	return strings.Join(out, "; ")
}

// describe returns "squad_broke.centre share = 0.71, want 0.45..0.55".
func (e Measure) describe() string {
	got := "undefined"
	if e.Got != nil {
		got = lab.FormatNumber(*e.Got)
	}
	return fmt.Sprintf("%s %s = %s, want %s..%s", e.Metric, e.Stat, got, lab.FormatExact(e.Lo), lab.FormatExact(e.Hi))
}

// worstFightWork is the most work (lab.FightWorkWith) of a fight of sc with
// the fit's start settings and any candidate's: the estimate reads the
// settings lab.WorkSettings names, which the fit's keys may move anywhere
// in their ranges, so every corner of those ranges is estimated (at most
// 32) and the most taken.
func worstFightWork(sc *lab.Scenario, start morale.Settings, keys []Key) float64 {
	var moving []Key
	for _, k := range keys {
		if !k.Weight && slices.Contains(lab.WorkSettings(), k.Name) {
			moving = append(moving, k)
		}
	}
	worst := 0.0
	for c := range 1 << len(moving) {
		s := start.Clone()
		for i, k := range moving {
			v := k.Lo
			if c>>i&1 == 1 {
				v = k.Hi
			}
			k.Set(&s, v)
		}
		worst = max(worst, lab.FightWorkWith(sc, s))
	}
	return worst
}
