package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/lab/report"
	"github.com/moralebreak/moralebreak/morale"
)

// multiFlag collects a repeated flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

func cmdRun(ctx context.Context, args []string, env console) error {
	fs := newFlags("run", env)
	runs := fs.Int("runs", 0, "number of seeded fights (default: the scenario's runs, 1000)")
	seed := fs.Uint64("seed", 1, "Monte-Carlo seed; run i uses a seed derived from it and i")
	out := fs.String("out", "", "result folder (default out/NAME)")
	reportFile := fs.String("report", "", "also write a self-contained HTML report to this file")
	weights := fs.String("weights", "", "weights file to use instead of the scenario's")
	shardFlag := fs.String("shard", "", "run only the runs with index ≡ K (mod N): K/N, auto/N or auto")
	metric := fs.String("metric", "first_rout_s", "metric of a sweep's plots")
	stat := fs.String("stat", "p50", "statistic of the sweep metric (p50, mean, share, …)")
	quiet := fs.Bool("q", false, "no progress bar")
	var sweeps multiFlag
	fs.Var(&sweeps, "sweep", "KEY=FROM:TO:STEP, once or twice (a setting or weights.EVENT)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return bad("run takes one scenario file; got %d arguments", len(pos))
	}
	if *runs < 0 || *runs > 10000000 {
		return bad("-runs is %d; it must be 1..10000000", *runs)
	}
	sc, err := loadScenario(pos[0], *weights)
	if err != nil {
		return err
	}
	if *runs == 0 {
		*runs = sc.Runs
	}
	shard, err := lab.ParseShard(*shardFlag, env.Getenv)
	if err != nil {
		return usageError{err}
	}
	if *out == "" {
		*out = filepath.Join("out", sc.Name)
	}
	if err := lab.CheckMetricStat(sc, *metric, *stat); err != nil {
		return bad("-metric/-stat: %v", err)
	}
	if len(sweeps) > 0 {
		axes, err := lab.ParseSweeps(sweeps, sc.Settings)
		if err != nil {
			return usageError{err}
		}
		return runSweep(ctx, env, sc, axes, *runs, *seed, shard, *out, *reportFile, *metric, *stat, *quiet)
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
	h := lab.NewHeader(plan)
	o, sum, err := lab.RunOutputs(h, shard, res)
	if err != nil {
		return err
	}
	var rep []byte
	if sum != nil {
		if rep, err = runReport(o, sum, res); err != nil {
			return err
		}
	} else if *reportFile != "" {
		return bad("-report needs every run; merge the shards, then pass -report to merge")
	}
	if err := writeAll(ctx, o, *out, *reportFile, rep); err != nil {
		return err
	}
	if !*quiet {
		env.errs.printf("%s: %d runs in %.2fs (%.0f runs/s), shard %s, written to %s\n", sc.Name, len(res), el.Seconds(), float64(len(res))/el.Seconds(), shard, *out)
	}
	if sum != nil {
		printSummary(env, sum)
	}
	return nil
}

// runReport renders the page of a complete Monte-Carlo and adds its figures
// to o; it returns the page.
func runReport(o lab.Outputs, sum *lab.Summary, runs []lab.RunResult) ([]byte, error) {
	r, err := report.RunReport(sum, runs)
	if err != nil {
		return nil, err
	}
	for _, f := range r.Figures {
		o[f.Name] = f.PNG
	}
	return r.HTML, nil
}

// printSummary prints the headline numbers to stdout.
func printSummary(env console, sum *lab.Summary) {
	env.out.printf("%-28s %6s %9s %9s %9s %9s  %s\n", "metric", "n", "p10", "p50", "p90", "mean", "share [95% CI]")
	for _, st := range sum.Stats {
		f := func(p *float64) string {
			if p == nil {
				return "-"
			}
			return fmt.Sprintf("%.4g", *p)
		}
		env.out.printf("%-28s %6d %9s %9s %9s %9s  %.3f [%.3f, %.3f]\n", st.Name, st.N, f(st.P10), f(st.P50), f(st.P90), f(st.Mean), st.Share, st.ShareLo, st.ShareHi)
	}
}

func cmdCheck(ctx context.Context, args []string, env console) (int, error) {
	fs := newFlags("check", env)
	runs := fs.Int("runs", 0, "number of seeded fights per scenario (default: each scenario's runs)")
	seed := fs.Uint64("seed", 1, "Monte-Carlo seed")
	weights := fs.String("weights", "", "weights file to use instead of each scenario's")
	quiet := fs.Bool("q", false, "no progress bar")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return 0, err
	}
	if len(pos) == 0 {
		return 0, bad("check takes one or more scenario files")
	}
	if *runs < 0 {
		return 0, bad("-runs is %d; it must be at least 1", *runs)
	}
	var scs []*lab.Scenario
	for _, p := range pos {
		sc, err := loadScenario(p, *weights)
		if err != nil {
			return 0, err
		}
		scs = append(scs, sc)
	}
	failed := 0
	for _, sc := range scs {
		if len(sc.Expects) == 0 {
			env.out.printf("%s: no expectations\n", sc.Path)
			continue
		}
		n := *runs
		if n == 0 {
			n = sc.Runs
		}
		plan := lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: *seed, Runs: n}
		bar := newProgress(env, *quiet, sc.Name)
		plan.Progress = bar.update
		res, err := lab.MonteCarlo(ctx, plan)
		bar.finish()
		if err != nil {
			return 0, err
		}
		sum := lab.Summarize(lab.NewHeader(plan), res)
		for _, v := range lab.Check(sc, &sum) {
			env.out.println(v)
			if !v.Pass {
				failed++
			}
		}
	}
	if failed > 0 {
		env.out.printf("check: %d expectation(s) failed\n", failed)
		return ExitFailed, nil
	}
	env.out.println("check: ok")
	return ExitOK, nil
}

func cmdMerge(args []string, env console) error {
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
	if _, err := os.Stat(filepath.Join(pos[0], "sweep.json")); err == nil {
		var parts []lab.SweepResult
		for _, d := range pos {
			r, err := lab.ReadSweep(d)
			if err != nil {
				return usageError{err}
			}
			parts = append(parts, r)
		}
		res, err := lab.MergeSweeps(parts, pos)
		if err != nil {
			return usageError{err}
		}
		if err := writeSweep(context.Background(), env, res, *out, *reportFile); err != nil {
			return err
		}
		env.errs.printf("merged %d sweep points from %d shards into %s\n", res.Total, len(parts), *out)
		return nil
	}
	var files []lab.RunsFile
	for _, d := range pos {
		f, err := lab.ReadRuns(d)
		if err != nil {
			return usageError{err}
		}
		files = append(files, f)
	}
	h, runs, err := lab.Merge(files, pos)
	if err != nil {
		return usageError{err}
	}
	o, sum, err := lab.RunOutputs(h, lab.Shard{}, runs)
	if err != nil {
		return err
	}
	rep, err := runReport(o, sum, runs)
	if err != nil {
		return err
	}
	if err := writeAll(context.Background(), o, *out, *reportFile, rep); err != nil {
		return err
	}
	env.errs.printf("merged %d runs from %d shards into %s\n", len(runs), len(files), *out)
	return nil
}
func cmdCompare(ctx context.Context, args []string, env console) error {
	fs := newFlags("compare", env)
	runs := fs.Int("runs", 1000, "fights per side")
	seed := fs.Uint64("seed", 1, "Monte-Carlo seed (the same for both sides)")
	reportFile := fs.String("report", "", "also write a self-contained HTML report to this file")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 3 || *runs < 2 {
		return bad("compare takes A.toml B.toml SCENARIO.toml and -runs ≥ 2")
	}
	// LoadSettings refuses what is not a regular file before loadScenario
	// reads it.
	for _, w := range pos[:2] {
		if _, err := morale.LoadSettings(w); err != nil {
			return usageError{err}
		}
	}
	sc, err := loadScenario(pos[2], pos[0])
	if err != nil {
		return err
	}
	scB, err := loadScenario(pos[2], pos[1])
	if err != nil {
		return err
	}
	res, err := lab.Compare(ctx, sc, scB, *runs, *seed)
	if err != nil {
		return err
	}
	if *reportFile != "" {
		rep, err := report.CompareReport(res, pos[0], pos[1])
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
	env.out.printf("%s: A = %s, B = %s, %d fights each on the same seeds\n", name, fileA, fileB, res.Runs)
	env.out.printf("plain means: over the fights where that side had the metric (as run reports it); paired: over the fights where both had it\n")
	env.out.printf("%-28s %16s %16s %6s %9s %9s %9s %8s %7s %7s  %s\n", "metric", "mean A (fights)", "mean B (fights)", "paired", "paired A", "paired B", "B−A", "±1.96SE", "share A", "share B", "verdict")
	for _, d := range res.Diffs {
		v := "same within noise"
		if d.Differs {
			v = "DIFFERS"
		}
		mean := func(p *float64, n int) string {
			if p == nil {
				return "- (0)"
			}
			return fmt.Sprintf("%.4g (%d)", *p, n)
		}
		paired := func(x float64) string {
			if d.N == 0 {
				return "-"
			}
			return fmt.Sprintf("%.4g", x)
		}
		env.out.printf("%-28s %16s %16s %6d %9s %9s %9s %8.3g %7.3f %7.3f  %s\n", d.Metric, mean(d.MeanA, d.NA), mean(d.MeanB, d.NB), d.N, paired(d.PairedA), paired(d.PairedB), paired(d.Diff), lab.Z95*d.SE, d.ShareA, d.ShareB, v)
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
	s, err := morale.LoadSettings(pos[0])
	if err != nil {
		return 0, usageError{err}
	}
	ws := lab.Lint(s)
	for _, w := range ws {
		env.out.printf("%s: %s\n", pos[0], w)
	}
	if len(ws) > 0 {
		env.out.printf("lint: %d warning(s)\n", len(ws))
		return ExitFailed, nil
	}
	env.out.printf("lint: %s ok (flicker, nerve range, contagion, routs, rally re-break, all-zero, rout return)\n", pos[0])
	return ExitOK, nil
}

func cmdSensitivity(ctx context.Context, args []string, env console) error {
	fs := newFlags("sensitivity", env)
	runs := fs.Int("runs", 200, "fights per nudge")
	seed := fs.Uint64("seed", 1, "Monte-Carlo seed")
	metric := fs.String("metric", "squad_broke.alpha", "metric to rank by")
	stat := fs.String("stat", "share", "statistic of the metric (share, p50, mean, …)")
	out := fs.String("out", "", "result folder (default out/NAME-sensitivity)")
	reportFile := fs.String("report", "", "also write an HTML report")
	weights := fs.String("weights", "", "weights file instead of the scenario's")
	top := fs.Int("top", 15, "knobs shown on the tornado chart")
	quiet := fs.Bool("q", false, "no progress bar")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || *runs < 1 {
		return bad("sensitivity takes one scenario file and -runs ≥ 1")
	}
	sc, err := loadScenario(pos[0], *weights)
	if err != nil {
		return err
	}
	if err := lab.CheckMetricStat(sc, *metric, *stat); err != nil {
		return bad("-metric/-stat: %v", err)
	}
	if *out == "" {
		*out = "out/" + sc.Name + "-sensitivity"
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
	rep, err := report.SensitivityReport(res, *top)
	if err != nil {
		return err
	}
	o := lab.Outputs{"sensitivity.json": append(js, '\n')}
	for _, f := range rep.Figures {
		o[f.Name] = f.PNG
	}
	if err := writeAll(ctx, o, *out, *reportFile, rep.HTML); err != nil {
		return err
	}
	f := func(p *float64) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprintf("%.4g", *p)
	}
	d := func(p *lab.PairedDiff) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprintf("%+.3g [%+.3g, %+.3g]", p.Diff, p.Lo, p.Hi)
	}
	env.out.printf("%s of %s, baseline %s (%d fights each, the same seeds; 95%% paired intervals)\n", *stat, *metric, f(res.Baseline), *runs)
	env.out.printf("%-32s %10s %10s %26s %10s %26s %8s  %s\n", "knob", "value", "-10%", "change at -10%", "+10%", "change at +10%", "swing", "verdict")
	for _, e := range res.Effects {
		v := "within noise"
		if e.Beyond() {
			v = "beyond noise"
		}
		env.out.printf("%-32s %10.4g %10s %26s %10s %26s %8.4f  %s\n", e.Key, e.Base, f(e.Low), d(e.LowDiff), f(e.High), d(e.HighDiff), e.Swing, v)
	}
	return nil
}

func runSweep(ctx context.Context, env console, sc *lab.Scenario, axes []lab.Axis, runs int, seed uint64, shard lab.Shard, out, reportFile, metric, stat string, quiet bool) error {
	if shard.N > 1 && reportFile != "" {
		return bad("-report needs every point; merge the shards, then pass -report to merge")
	}
	bar := newProgress(env, quiet, sc.Name+" sweep")
	res, err := lab.Sweep(ctx, sc, axes, runs, seed, metric, stat, shard, bar.update)
	bar.finish()
	if err != nil {
		return err
	}
	if err := writeSweep(ctx, env, res, out, reportFile); err != nil {
		return err
	}
	printSweep(env, res)
	return nil
}

// writeSweep writes sweep.json and, for a complete sweep, its plots and the
// report.
func writeSweep(ctx context.Context, env console, res lab.SweepResult, out, reportFile string) error {
	js, err := lab.EncodeSweep(res)
	if err != nil {
		return err
	}
	o := lab.Outputs{"sweep.json": js}
	var rep []byte
	if len(res.Points) == res.Total {
		r, err := report.SweepReport(res)
		if err != nil {
			return err
		}
		for _, f := range r.Figures {
			o[f.Name] = f.PNG
		}
		rep = r.HTML
	}
	return writeAll(ctx, o, out, reportFile, rep)
}

func printSweep(env console, res lab.SweepResult) {
	env.out.printf("%s\t%s %s\tshare [95%% CI]\n", strings.Join(res.Keys, "\t"), res.Stat, res.Metric)
	for _, pt := range res.Points {
		var cols []string
		for _, v := range pt.Values {
			cols = append(cols, strconv.FormatFloat(v, 'g', 6, 64))
		}
		val := "-"
		if pt.Value != nil {
			val = fmt.Sprintf("%.4g", *pt.Value)
		}
		env.out.printf("%s\t%s\t%.3f [%.3f, %.3f]\n", strings.Join(cols, "\t"), val, pt.Share, pt.Lo, pt.Hi)
	}
}
