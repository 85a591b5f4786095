package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/lab/report"
)

// maxShards is the most shard folders one merge takes.
const maxShards = 10000

// shardRuns is how many of runs a shard holds (about: runs/N).
func shardRuns(runs int, s lab.Shard) float64 {
	if s.N <= 1 {
		return float64(runs)
	}
	return math.Ceil(float64(runs) / float64(s.N))
}

// multiFlag collects a repeated flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// maxWorkUsage is the -max-work flag's usage line.
const maxWorkUsage = "the most work to do (`units`, each costing about what stepping one man through one simulated second does); more is refused before it starts"

// runsFlag checks a -runs value (set: the flag was given): 1..lab.MaxRuns.
func runsFlag(runs int, set bool) error {
	if set && (runs < 1 || runs > lab.MaxRuns) {
		return bad("-runs is %d; it must be 1..%d", runs, lab.MaxRuns)
	}
	return nil
}

// checkResults is lab.CheckResults for runs fights of sc, its error bad
// input naming where runs came from: -runs when flag, else the scenario's
// runs key (its file and line; the file alone for the default).
func checkResults(sc *lab.Scenario, runs int, flag bool) error {
	err := lab.CheckResults(sc, runs)
	switch {
	case err == nil:
		return nil
	case flag:
		return bad("-runs: %v", err)
	}
	return usageError{&lab.ScenarioError{File: sc.Path, Line: sc.RunsLine, Key: "runs", Msg: err.Error()}}
}

// given returns the names of the flags of fs that were set.
func given(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// jobFlags adds the flags of a command that runs fights: -seed (seedUsage),
// -max-work (checked by parseFlags) and -q.
func jobFlags(fs *flag.FlagSet, seedUsage string) (seed *uint64, maxWork *float64, quiet *bool) {
	return fs.Uint64("seed", 1, seedUsage), maxWorkFlag(fs, maxWorkUsage), fs.Bool("q", false, "no progress bar")
}

// maxWorkFlag adds -max-work (default lab.DefaultMaxWork) with usage: a
// float64 flag whose value, in -h's "(default …)" as anywhere, is written
// whole (100000000000), as the docs and the refusals write it, not 1e+11.
func maxWorkFlag(fs *flag.FlagSet, usage string) *float64 {
	v := workValue(lab.DefaultMaxWork)
	fs.Var(&v, "max-work", usage)
	return (*float64)(&v)
}

// workValue is -max-work's value: a float64 written by lab.FormatExact.
type workValue float64

func (w *workValue) String() string { return lab.FormatExact(float64(*w)) }
func (w *workValue) Get() any       { return float64(*w) }
func (w *workValue) Set(s string) error {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return errors.New("parse error")
	}
	*w = workValue(v)
	return nil
}

// checkMaxWork checks a -max-work value: a positive, finite number.
func checkMaxWork(v float64) error {
	if !(v > 0) || math.IsInf(v, 0) {
		return bad("-max-work is %s; it must be a positive number", lab.FormatExact(v))
	}
	return nil
}

func cmdRun(ctx context.Context, args []string, env console) error {
	fs := newFlags("run", env)
	runs := fs.Int("runs", 0, "number of seeded fights, 1..1000000 (default: the scenario's runs, 1000)")
	seed, maxWork, quiet := jobFlags(fs, "Monte-Carlo seed; run i uses a seed derived from it and i")
	out := fs.String("out", "", "result folder (default out/NAME)")
	reportFile := fs.String("report", "", "also write a self-contained HTML report to this file")
	weights := fs.String("weights", "", "weights file to use instead of the scenario's")
	shardFlag := fs.String("shard", "", "run only the runs with index ≡ K (mod N): K/N, auto/N or auto")
	metric := fs.String("metric", "first_rout_s", "metric of a sweep's plots")
	stat := fs.String("stat", "p50", "statistic of the sweep metric (p50, mean, share, …)")
	replays := fs.String("replays", "", "also write demo replays of these runs into -out: indices (12,40) or first|last|none|some:METRIC:N")
	var sweeps multiFlag
	fs.Var(&sweeps, "sweep", "KEY=FROM:TO:STEP, once or twice (a setting, or weights.EVENT of news the scenario reports)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return bad("run takes one scenario file; got %d arguments", len(pos))
	}
	set := given(fs)
	if err := runsFlag(*runs, set["runs"]); err != nil {
		return err
	}
	shard, err := lab.ParseShard(*shardFlag, env.Getenv)
	if err != nil {
		return usageError{err}
	}
	sc, err := loadScenario(pos[0], *weights)
	if err != nil {
		return err
	}
	if !set["runs"] {
		*runs = sc.Runs
	}
	if err := metricStatFlags(sc, *metric, *stat); err != nil {
		return err
	}
	var pick *lab.RunPick
	if set["replays"] {
		if len(sweeps) > 0 || shard.N > 1 {
			return bad("-replays needs one Monte-Carlo of every run: drop -sweep and -shard")
		}
		p, err := lab.ParseRunPick(*replays, sc, *runs)
		if err != nil {
			return usageError{err}
		}
		pick = &p
	}
	var axes []lab.Axis
	if len(sweeps) > 0 {
		if axes, err = lab.ParseSweeps(sweeps, sc.Settings); err != nil {
			return usageError{err}
		}
		if err := lab.CheckSweepsVary(sc, axes); err != nil {
			return usageError{err}
		}
	}
	// The result folder after the flags (a bad flag is said first), before
	// any fight.
	if *out, err = outDir(*out, sc.Name, ""); err != nil {
		return err
	}
	if len(sweeps) > 0 {
		if err := lab.CheckWork("this sweep", lab.SweepWork(sc, axes, *runs, shard), *maxWork); err != nil {
			return withAdvice(err, runAdvice)
		}
		if err := checkResults(sc, *runs, set["runs"]); err != nil {
			return err
		}
		return runSweep(ctx, env, sc, axes, *runs, *seed, shard, *out, *reportFile, *metric, *stat, *quiet, typed("run", args))
	}
	what := fmt.Sprintf("%d runs", *runs)
	if *runs == 1 {
		what = "1 run"
	}
	if shard.N > 1 {
		what = fmt.Sprintf("shard %s of %d runs", shard, *runs)
	}
	if err := lab.CheckWork(what, shardRuns(*runs, shard)*lab.FightWork(sc), *maxWork); err != nil {
		return withAdvice(err, runAdvice)
	}
	if err := checkResults(sc, *runs, set["runs"]); err != nil {
		return err
	}
	plan := lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: *seed, Runs: *runs, Shard: shard}
	bar := newProgress(env, *quiet, sc.Name)
	plan.Progress = bar.update
	start := time.Now()
	res, err := lab.MonteCarlo(ctx, plan)
	bar.finish()
	if err != nil {
		return err
	}
	el := time.Since(start)
	var picked []lab.Picked
	sum, err := writeRuns(ctx, lab.NewHeader(plan), shard, res, typed("run", args), *out, *reportFile, func(o lab.Outputs) (err error) {
		picked, err = addReplays(ctx, o, pick, sc, *seed, res)
		return err
	})
	if err != nil {
		return err
	}
	if !*quiet {
		// A shard is named only when there is one: "shard all" said one of
		// a run that sharded nothing.
		part := ""
		if shard.N > 1 {
			part = fmt.Sprintf(", shard %s of %d runs", shard, *runs)
		}
		env.errs.printf("%s: %s in %.2fs (%.0f runs/s)%s, written to %s\n", safefile.Escape(sc.Name), lab.Plural(len(res), "run"), el.Seconds(), float64(len(res))/el.Seconds(), part, safefile.Escape(*out))
	}
	if sum != nil {
		printSummary(env, sum)
	}
	printReplays(env, pick, picked, pos[0], *seed, *out)
	return nil
}

// writeRuns writes the result folder out of the runs res with header h:
// runs.json and runs.csv, and for every run (not a shard) summary.json
// naming command, the figures and, to reportFile, the page; with the files
// more adds (nil: none). It returns the summary, nil for a shard.
func writeRuns(ctx context.Context, h lab.Header, shard lab.Shard, res []lab.RunResult, command, out, reportFile string, more func(lab.Outputs) error) (*lab.Summary, error) {
	o, sum, err := lab.RunOutputs(h, shard, res, command)
	if err != nil {
		return nil, err
	}
	var page []byte
	if sum != nil {
		r, err := report.RunReport(sum, res)
		if err != nil {
			return nil, err
		}
		r.AddFigures(o)
		page = r.HTML
	} else if reportFile != "" {
		return nil, bad("-report needs every run; merge the shards, then pass -report to merge")
	}
	if more != nil {
		if err := more(o); err != nil {
			return nil, err
		}
	}
	return sum, writeAll(ctx, o, out, reportFile, page)
}

// printSummary prints the headline numbers to stdout.
func printSummary(env console, sum *lab.Summary) {
	names, w := nameColumn(28, sum.Stats, func(st lab.Stat) string { return st.Name })
	// Each number within its column (lab.FormatWithin), as compare's: a
	// tiny mean's decimals pushed the share to the right.
	n := func(p *float64) string { return orDash(p, 9) }
	// A share never reads as 0 or 1 unless it is (lab.FormatShare:
	// "<0.001"), and the column is as wide as its widest share, so that the
	// intervals start under each other.
	shareW := 0
	for _, st := range sum.Stats {
		shareW = max(shareW, len(lab.FormatShare(st.Share)))
	}
	env.out.printf("%-*s %6s %9s %9s %9s %9s  %s\n", w, "metric", "n", "p10", "p50", "p90", "mean", "share [95% CI]")
	for i, st := range sum.Stats {
		env.out.printf("%-*s %6d %9s %9s %9s %9s  %-*s [%s, %s]\n", w, names[i], st.N, n(st.P10), n(st.P50), n(st.P90), n(st.Mean), shareW, lab.FormatShare(st.Share), lab.FormatShare(st.ShareLo), lab.FormatShare(st.ShareHi))
	}
}

// nameColumn returns the names of rows (metrics, knobs) as a table's first
// column prints them, escaped (safefile.Escape), and the column's width: at
// least least, and as wide as the longest, so that a long name (a squad's, a
// custom event's: up to 256 bytes) does not push its row's columns right of
// the header's.
func nameColumn[T any](least int, rows []T, name func(T) string) ([]string, int) {
	names := make([]string, len(rows))
	for i, r := range rows {
		names[i] = safefile.Escape(name(r))
		least = max(least, utf8.RuneCountInString(names[i]))
	}
	return names, least
}

// metricStatFlags checks -metric and -stat, naming the flag that is wrong
// (both, a line each, when both are).
func metricStatFlags(sc *lab.Scenario, metric, stat string) error {
	var lines []string
	if err := lab.CheckMetric(sc, metric); err != nil {
		lines = append(lines, "-metric: "+err.Error())
	}
	if err := lab.CheckStat(stat); err != nil {
		lines = append(lines, "-stat: "+err.Error())
	}
	if len(lines) == 0 {
		return nil
	}
	return bad("%s", strings.Join(lines, "\n"))
}

// orDash formats a number that may be undefined (nil: "-") with
// FormatNumber's four figures, in a column width bytes wide
// (lab.FormatWithin), or as wide as it reads with width 0.
func orDash(p *float64, width int) string {
	switch {
	case p == nil:
		return "-"
	case width == 0:
		return lab.FormatNumber(*p)
	}
	return lab.FormatWithin(*p, 4, width)
}

func cmdCheck(ctx context.Context, args []string, env console) (int, error) {
	fs := newFlags("check", env)
	runs := fs.Int("runs", 0, "number of seeded fights per scenario, 1..1000000 (default: each scenario's runs)")
	seed, maxWork, quiet := jobFlags(fs, "Monte-Carlo seed")
	weights := fs.String("weights", "", "weights file to use instead of each scenario's")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return 0, err
	}
	if len(pos) == 0 {
		return 0, bad("check takes one or more scenario files")
	}
	set := given(fs)
	if err := runsFlag(*runs, set["runs"]); err != nil {
		return 0, err
	}
	var scs []*lab.Scenario
	n := map[*lab.Scenario]int{} // each one's runs
	work := 0.0
	// Every file is read before any is refused, so that the problems of
	// check scenarios/*.toml are said at once, not a file per attempt.
	var refused refusals
	for _, p := range pos {
		sc, err := loadScenario(p, *weights)
		if we := (*lab.WeightsError)(nil); errors.As(err, &we) && we.Read != nil {
			// Its results' size needs no weights: said with the rest.
			sc = we.Read
		} else if err != nil {
			refused.add(errors.Unwrap(err))
			continue
		}
		if n[sc] = *runs; n[sc] == 0 {
			n[sc] = sc.Runs
		}
		if rerr := checkResults(sc, n[sc], *runs != 0); rerr != nil || err != nil {
			for _, e := range []error{err, rerr} {
				if e != nil {
					refused.add(errors.Unwrap(e))
				}
			}
			continue
		}
		if len(sc.Expects) > 0 {
			work += float64(n[sc]) * lab.FightWork(sc)
		}
		scs = append(scs, sc)
	}
	if err := refused.err(); err != nil {
		return 0, err
	}
	if err := lab.CheckWork("this check", work, *maxWork); err != nil {
		return 0, err
	}
	failed := 0
	for _, sc := range scs {
		if len(sc.Expects) == 0 {
			env.out.printf("%s: no expectations\n", safefile.Escape(sc.Path))
			continue
		}
		plan := lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: *seed, Runs: n[sc]}
		bar := newProgress(env, *quiet, sc.Name)
		plan.Progress = bar.update
		res, err := lab.MonteCarlo(ctx, plan)
		bar.finish()
		if err != nil {
			return 0, err
		}
		sum := lab.Summarize(lab.NewHeader(plan), res)
		for _, v := range lab.Check(sc, &sum, res) {
			env.out.println(safefile.Escape(v.String()))
			if !v.Pass {
				failed++
			}
		}
	}
	if failed > 0 {
		env.out.printf("check: %s failed\n", lab.Plural(failed, "expectation"))
		return ExitFailed, nil
	}
	env.out.println("check: ok")
	return ExitOK, nil
}

func cmdMerge(ctx context.Context, args []string, env console) error {
	fs := newFlags("merge", env)
	out := fs.String("out", "", "result folder for the merged summary")
	reportFile := fs.String("report", "", "also write a self-contained HTML report")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 || *out == "" {
		return bad("merge takes shard folders and -out DIR")
	}
	if len(pos) > maxShards {
		return bad("merge takes at most %d shard folders; got %d", maxShards, len(pos))
	}
	if _, err := os.Lstat(filepath.Join(pos[0], "sweep.json")); err == nil {
		var parts []lab.SweepResult
		kept := 0
		for _, d := range pos {
			if err := ctx.Err(); err != nil {
				return err
			}
			r, err := lab.ReadSweep(d)
			if err != nil {
				return usageError{err}
			}
			if kept += len(r.Points); kept > r.Total {
				// Say which, as MergeSweeps does: the field and the folders
				// that differ, or the point held twice.
				if _, err := lab.MergeSweeps(append(parts, r), pos[:len(parts)+1]); err != nil {
					return usageError{err}
				}
				return usageError{fmt.Errorf("merge: the shards hold more points than their sweep's %d; is a shard given twice, or are they of different sweeps?", r.Total)}
			}
			parts = append(parts, r)
		}
		res, err := lab.MergeSweeps(parts, pos)
		if err != nil {
			return usageError{err}
		}
		if err := writeSweep(ctx, env, res, *out, *reportFile, typed("merge", args)); err != nil {
			return err
		}
		env.errs.printf("merged %d sweep points from %d shards into %s\n", res.Total, len(parts), safefile.Escape(*out))
		return nil
	}
	var files []lab.RunsFile
	kept := 0
	for _, d := range pos {
		if err := ctx.Err(); err != nil {
			return err
		}
		f, err := lab.ReadRunsContext(ctx, d)
		if errors.Is(err, context.Canceled) {
			return err
		}
		if err != nil {
			return usageError{err}
		}
		// Shards of one Monte-Carlo hold its runs once between them; more
		// would be refused by Merge, but must not be held first.
		if kept += len(f.Runs); kept > f.Header.Runs {
			// Say which, as Merge does: the field and the folders that
			// differ (shards of 400 and of 300 runs), or the run held twice.
			if _, _, err := lab.Merge(append(files, f), pos[:len(files)+1]); err != nil {
				return usageError{err}
			}
			return usageError{fmt.Errorf("merge: the shards hold more runs than their Monte-Carlo's %d; is a shard given twice, or are they of different Monte-Carlos?", f.Header.Runs)}
		}
		files = append(files, f)
	}
	h, runs, err := lab.Merge(files, pos)
	if err != nil {
		return usageError{err}
	}
	if _, err := writeRuns(ctx, h, lab.Shard{}, runs, typed("merge", args), *out, *reportFile, nil); err != nil {
		return err
	}
	env.errs.printf("merged %d runs from %d shards into %s\n", len(runs), len(files), safefile.Escape(*out))
	return nil
}
func cmdCompare(ctx context.Context, args []string, env console) error {
	fs := newFlags("compare", env)
	runs := fs.Int("runs", 1000, "fights per side, 2..1000000")
	seed, maxWork, quiet := jobFlags(fs, "Monte-Carlo seed (the same for both sides)")
	reportFile := fs.String("report", "", "also write a self-contained HTML report to this file")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 3 || *runs < 2 || *runs > lab.MaxRuns {
		return bad("compare takes A.toml B.toml SCENARIO.toml and -runs 2..%d", lab.MaxRuns)
	}
	// Each side is the scenario with its weights, both read through the
	// guarded input path; a weights file without a row for one of the
	// scenario's events is refused, naming it.
	// A scenario where a weights file goes is the arguments out of order
	// (compare SCENARIO.toml A.toml B.toml): said with the order they go in.
	// Both sides are read before either is refused, so that the problems
	// of both files and the scenario's own (which need no weights) are
	// said at once, each once; arguments out of order are said alone.
	var refused refusals
	side := func(weights string) (*lab.Scenario, error) {
		sc, err := lab.LoadScenarioWith(pos[2], weights) // no flag: A.toml and B.toml are named by their paths
		we := (*lab.WeightsError)(nil)
		switch {
		case errors.Is(err, lab.ErrNotWeights):
			return nil, bad("%v: compare takes the two weights files first, then the scenario: moralesim compare A.toml B.toml SCENARIO.toml", err)
		case errors.As(err, &we):
			refused.add(err)
			if we.Scenario != nil {
				refused.add(we.Scenario)
			}
		case err != nil:
			refused.add(err)
		}
		return sc, nil
	}
	sc, err := side(pos[0])
	if err != nil {
		return err
	}
	scB, err := side(pos[1])
	if err != nil {
		return err
	}
	if err := refused.err(); err != nil {
		return err
	}
	if err := lab.CheckWork("this comparison", 2*float64(*runs)*lab.FightWork(sc), *maxWork); err != nil {
		return err
	}
	// Both sides' results are held at once; -runs (or its default) sets
	// them, not the scenario's runs.
	if err := lab.CheckResults(sc, 2**runs); err != nil {
		return bad("-runs: %d fights a side, both sides held at once: %v", *runs, err)
	}
	bar := newProgress(env, *quiet, sc.Name+" compare")
	res, err := lab.Compare(ctx, sc, scB, *runs, *seed, bar.update)
	bar.finish()
	if err != nil {
		return err
	}
	if *reportFile != "" {
		rep, err := report.CompareReport(res, pos[0], pos[1], typed("compare", args))
		if err != nil {
			return err
		}
		if err := writeAll(ctx, nil, "", *reportFile, rep.HTML); err != nil {
			return err
		}
	}
	printCompare(env, res, sc.Name, pos[0], pos[1])
	return nil
}

// printCompare prints a comparison: per metric the plain mean of each side
// over the fights where it had the metric (run's mean), the paired means and
// their difference over the fights where both had it, and the shares.
func printCompare(env console, res lab.CompareResult, name, fileA, fileB string) {
	env.out.printf("%s: A = %s, B = %s, %d fights each on the same seeds\n", safefile.Escape(name), safefile.Escape(fileA), safefile.Escape(fileB), res.Runs)
	env.out.printf("plain means: over the fights where that side had the metric (as run reports it); paired: over the fights where both had it\n")
	names, w := nameColumn(28, res.Diffs, func(d lab.Difference) string { return d.Metric })
	env.out.printf("%-*s %16s %16s %6s %9s %9s %9s %8s %7s %7s  %s\n", w, "metric", "mean A (fights)", "mean B (fights)", "paired", "paired A", "paired B", "B−A", "±1.96SE", "share A", "share B", "verdict")
	for i, d := range res.Diffs {
		v := "same within noise"
		switch {
		case d.Differs:
			v = "DIFFERS"
		case d.Never():
			v = "never happened in either"
		}
		// Each number within its column (lab.FormatWithin): a tiny one's
		// decimals pushed the columns after it to the right.
		mean := func(p *float64, n int) string {
			if p == nil {
				return "- (0)"
			}
			count := fmt.Sprintf(" (%d)", n)
			return lab.FormatWithin(*p, 4, 16-len(count)) + count
		}
		paired := func(x float64) string {
			if d.N == 0 {
				return "-"
			}
			return lab.FormatWithin(x, 4, 9)
		}
		env.out.printf("%-*s %16s %16s %6d %9s %9s %9s %8s %7s %7s  %s\n", w, names[i], mean(d.MeanA, d.NA), mean(d.MeanB, d.NB), d.N, paired(d.PairedA), paired(d.PairedB), paired(d.Diff), lab.FormatWithin(lab.Z95*d.SE, 3, 8), lab.FormatShare(d.ShareA), lab.FormatShare(d.ShareB), v)
	}
}

func cmdLint(args []string, env console) (int, error) {
	fs := newFlags("lint", env)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return 0, err
	}
	if len(pos) != 1 {
		return 0, bad("lint takes one weights file")
	}
	if _, err := os.Stat(pos[0]); err != nil {
		return 0, usageError{err}
	}
	s, _, err := lab.LoadWeights(pos[0])
	if errors.Is(err, lab.ErrNotWeights) {
		return 0, usageError{fmt.Errorf("%w: use moralesim check %s", err, pos[0])}
	}
	if err != nil {
		return 0, usageError{err}
	}
	ws := lab.Lint(s)
	for _, w := range ws {
		env.out.printf("%s: %s\n", safefile.Escape(pos[0]), w)
	}
	if len(ws) > 0 {
		env.out.printf("lint: %s\n", lab.Plural(len(ws), "warning"))
		return ExitFailed, nil
	}
	env.out.printf("lint: %s ok (shaken band, flicker, nerve range, contagion, routs, rally re-break, all-zero, rout return)\n", pos[0])
	return ExitOK, nil
}

func cmdSensitivity(ctx context.Context, args []string, env console) error {
	fs := newFlags("sensitivity", env)
	runs := fs.Int("runs", 200, "fights per nudge, 1..1000000")
	seed, maxWork, quiet := jobFlags(fs, "Monte-Carlo seed")
	metric := fs.String("metric", "", "metric to rank by (default squad_broke.FIRST: how often the scenario's first squad broke)")
	stat := fs.String("stat", "share", "statistic of the metric (share, p50, mean, …)")
	out := fs.String("out", "", "result folder (default out/NAME-sensitivity)")
	reportFile := fs.String("report", "", "also write an HTML report")
	weights := fs.String("weights", "", "weights file instead of the scenario's")
	top := fs.Int("top", 15, "knobs shown on the tornado chart")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || *runs < 1 || *runs > lab.MaxRuns {
		return bad("sensitivity takes one scenario file and -runs 1..%d", lab.MaxRuns)
	}
	sc, err := loadScenario(pos[0], *weights)
	if err != nil {
		return err
	}
	if *metric == "" {
		*metric = "squad_broke." + sc.Squads[0].Name
	}
	if err := metricStatFlags(sc, *metric, *stat); err != nil {
		return err
	}
	if err := lab.CheckWork("this sensitivity", lab.SensitivityWork(sc, *runs), *maxWork); err != nil {
		return err
	}
	// -runs (or its default) sets the fights, not the scenario's runs.
	if err := checkResults(sc, *runs, true); err != nil {
		return err
	}
	if *out, err = outDir(*out, sc.Name, "-sensitivity"); err != nil {
		return err
	}
	bar := newProgress(env, *quiet, sc.Name+" sensitivity")
	res, err := lab.Sensitivity(ctx, sc, *metric, *stat, *runs, *seed, bar.update)
	bar.finish()
	if err != nil {
		return err
	}
	js, err := json.MarshalIndent(res, "", " ")
	if err != nil {
		return err
	}
	rep, err := report.SensitivityReport(res, *top, typed("sensitivity", args))
	if err != nil {
		return err
	}
	o := lab.Outputs{"sensitivity.json": lab.Bytes(append(js, '\n'))}
	rep.AddFigures(o)
	if err := writeAll(ctx, o, *out, *reportFile, rep.HTML); err != nil {
		return err
	}
	printSensitivity(env, res)
	return nil
}

// printSensitivity prints sensitivity's table of res to stdout: each knob,
// its value, the statistic at -10% and +10% with the change each makes,
// the swing and the verdict.
func printSensitivity(env console, res lab.SensitivityResult) {
	// Each number within its column (lab.FormatWithin, PairedDiff.Within,
	// as compare's): a tiny one's decimals pushed the columns after it to
	// the right. A change that fits reads as the page's effects table.
	d := func(p *lab.PairedDiff) string {
		if p == nil {
			return "-"
		}
		return p.Within(26)
	}
	n := func(p *float64) string { return orDash(p, 10) }
	if res.Baseline == nil && !slices.ContainsFunc(res.Effects, func(e lab.Effect) bool { return e.Low != nil || e.High != nil }) {
		// A table of dashes, one row a knob, said this in 17 lines.
		env.out.printf("%s of %s: undefined in the baseline's %s and at every nudge (no fight had it), so no knob moves it; pick a metric these fights have, or -stat share\n", res.Stat, res.Metric, lab.Plural(res.Runs, "fight"))
		if u := res.UnreportedNote(); u != "" {
			env.out.printf("%s\n", u)
		}
		return
	}
	env.out.printf("%s of %s, baseline %s (%d fights each, the same seeds; 95%% paired intervals)\n", res.Stat, res.Metric, orDash(res.Baseline, 0), res.Runs)
	// The knobs' column is as wide as the longest knob: a custom event's
	// name may be 256 bytes, and pushed its row's columns right. A whole
	// number keeps its digits, so each other column is as wide as its
	// widest cell too: a value of 10 digits pushed the verdict right.
	keys, knob := nameColumn(32, res.Effects, func(e lab.Effect) string { return e.Key })
	widths := []int{10, 10, 26, 10, 26, 8}
	rows := make([][]string, len(res.Effects))
	for i, e := range res.Effects {
		rows[i] = []string{n(&e.Base), n(e.Low), d(e.LowDiff), n(e.High), d(e.HighDiff), lab.FormatWithin(e.Swing, 4, 8)}
		for j, c := range rows[i] {
			widths[j] = max(widths[j], utf8.RuneCountInString(c))
		}
	}
	line := func(key string, cells []string, verdict string) {
		var b strings.Builder
		fmt.Fprintf(&b, "%-*s", knob, key)
		for j, c := range cells {
			fmt.Fprintf(&b, " %*s", widths[j], c)
		}
		env.out.printf("%s  %s\n", b.String(), verdict)
	}
	line("knob", []string{"value", "-10%", "change at -10%", "+10%", "change at +10%", "swing"}, "verdict")
	for i, e := range res.Effects {
		v := "within noise"
		if e.Beyond() {
			v = "beyond noise"
		}
		line(keys[i], rows[i], v)
	}
	if n := res.UnreportedNote(); n != "" {
		env.out.printf("%s\n", n)
	}
}

func runSweep(ctx context.Context, env console, sc *lab.Scenario, axes []lab.Axis, runs int, seed uint64, shard lab.Shard, out, reportFile, metric, stat string, quiet bool, command string) error {
	if shard.N > 1 && reportFile != "" {
		return bad("-report needs every point; merge the shards, then pass -report to merge")
	}
	bar := newProgress(env, quiet, sc.Name+" sweep")
	res, err := lab.Sweep(ctx, sc, axes, runs, seed, metric, stat, shard, bar.update)
	bar.finish()
	if err != nil {
		return err
	}
	if err := writeSweep(ctx, env, res, out, reportFile, command); err != nil {
		return err
	}
	printSweep(env, res)
	return nil
}

// writeSweep writes sweep.json and, for a complete sweep, its plots and the
// report, which names command.
func writeSweep(ctx context.Context, env console, res lab.SweepResult, out, reportFile, command string) error {
	js, err := lab.EncodeSweep(res)
	if err != nil {
		return err
	}
	o := lab.Outputs{"sweep.json": lab.Bytes(js)}
	var rep []byte
	if len(res.Points) == res.Total {
		r, err := report.SweepReport(res, command)
		if err != nil {
			return err
		}
		r.AddFigures(o)
		rep = r.HTML
	}
	return writeAll(ctx, o, out, reportFile, rep)
}

func printSweep(env console, res lab.SweepResult) {
	var keys []string
	for _, k := range res.Keys {
		keys = append(keys, safefile.Escape(k))
	}
	// The page's columns: a share once, with its interval; any other
	// statistic with the fights it is over (n) and how often the metric
	// happened.
	share := res.Stat == "share"
	if share {
		env.out.printf("%s\tshare of %s [95%% CI]\n", strings.Join(keys, "\t"), safefile.Escape(res.Metric))
	} else {
		env.out.printf("%s\t%s of %s\tn\thappened [95%% CI]\n", strings.Join(keys, "\t"), res.Stat, safefile.Escape(res.Metric))
	}
	for _, pt := range res.Points {
		var cols []string
		for _, v := range pt.Values {
			cols = append(cols, lab.FormatSweepValue(v)) // as the page's table of points
		}
		if !share {
			val := "-"
			if pt.Value != nil {
				val = lab.FormatNumber(*pt.Value)
			}
			cols = append(cols, val, strconv.Itoa(pt.N))
		}
		env.out.printf("%s\t%s [%s, %s]\n", strings.Join(cols, "\t"), lab.FormatShare(pt.Share), lab.FormatShare(pt.Lo), lab.FormatShare(pt.Hi))
	}
}

// runAdvice is what a refusal of run's work advises short of -max-work: run
// alone of the commands takes -shard.
const runAdvice = "run fewer fights or a smaller scenario, shard it (-shard K/N)"

// withAdvice gives a *lab.WorkError err the advice of the command refused
// (lab.WorkError.Advice), and returns it.
func withAdvice(err error, advice string) error {
	var we *lab.WorkError
	if errors.As(err, &we) {
		we.Advice = advice
	}
	return err
}
