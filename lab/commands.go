package lab

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"
)

// multiFlag collects a repeated flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

func cmdRun(ctx context.Context, args []string, env Env) error {
	fs := newFlags("run", env)
	runs := fs.Int("runs", 0, "number of seeded fights (default: the scenario's runs, 1000)")
	seed := fs.Uint64("seed", 1, "Monte-Carlo seed; run i uses a seed derived from it and i")
	out := fs.String("out", "", "result folder (default out/NAME)")
	report := fs.String("report", "", "also write a self-contained HTML report to this file")
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
	shard, err := ParseShard(*shardFlag, env.Getenv)
	if err != nil {
		return usageError{err}
	}
	if *out == "" {
		*out = filepath.Join("out", sc.Name)
	}
	if _, ok := MetricByName(sc, *metric); !ok {
		return bad("-metric %q is not a metric; one of %s", *metric, strings.Join(MetricNames(sc), ", "))
	}
	if len(sweeps) > 0 {
		axes, err := ParseSweeps(sweeps, sc.Settings)
		if err != nil {
			return usageError{err}
		}
		if shard.N > 1 {
			return bad("-shard with -sweep: shard the sweep by running one point per job instead")
		}
		return runSweep(ctx, env, sc, axes, *runs, *seed, *out, *report, *metric, *stat, *quiet)
	}
	plan := Plan{Scenario: sc, Settings: sc.Settings, Seed: *seed, Runs: *runs, Shard: shard}
	bar := newProgress(env, *quiet, sc.Name)
	plan.Progress = bar.update
	start := time.Now()
	res, err := MonteCarlo(ctx, plan)
	bar.finish()
	if err != nil {
		return err
	}
	el := time.Since(start)
	h := NewHeader(plan)
	o, sum, err := RunOutputs(h, shard, res)
	if err != nil {
		return err
	}
	var rep []byte
	if sum != nil {
		plots, err := SummaryPlots(sum, res)
		if err != nil {
			return err
		}
		for name, png := range plots {
			o[name] = png
		}
		if *report != "" {
			rep, err = ReportHTML(ReportInput{Title: sc.Name, Description: sc.Description, Summary: sum, Plots: plots, Checks: Check(sc, sum)})
			if err != nil {
				return err
			}
		}
	} else if *report != "" {
		return bad("-report needs every run; merge the shards, then pass -report to merge")
	}
	if err := writeAll(ctx, o, *out, *report, rep); err != nil {
		return err
	}
	if !*quiet {
		fmt.Fprintf(env.Stderr, "%s: %d runs in %.2fs (%.0f runs/s), shard %s, written to %s\n", sc.Name, len(res), el.Seconds(), float64(len(res))/el.Seconds(), shard, *out)
	}
	if sum != nil {
		printSummary(env, sum)
	}
	return nil
}

// printSummary prints the headline numbers to stdout.
func printSummary(env Env, sum *Summary) {
	fmt.Fprintf(env.Stdout, "%-28s %6s %9s %9s %9s %9s  %s\n", "metric", "n", "p10", "p50", "p90", "mean", "share [95% CI]")
	for _, st := range sum.Stats {
		f := func(p *float64) string {
			if p == nil {
				return "-"
			}
			return fmt.Sprintf("%.3g", *p)
		}
		fmt.Fprintf(env.Stdout, "%-28s %6d %9s %9s %9s %9s  %.3f [%.3f, %.3f]\n", st.Name, st.N, f(st.P10), f(st.P50), f(st.P90), f(st.Mean), st.Share, st.ShareLo, st.ShareHi)
	}
}

func cmdCheck(ctx context.Context, args []string, env Env) (int, error) {
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
	var scs []*Scenario
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
			fmt.Fprintf(env.Stdout, "%s: no expectations\n", sc.Path)
			continue
		}
		n := *runs
		if n == 0 {
			n = sc.Runs
		}
		plan := Plan{Scenario: sc, Settings: sc.Settings, Seed: *seed, Runs: n}
		bar := newProgress(env, *quiet, sc.Name)
		plan.Progress = bar.update
		res, err := MonteCarlo(ctx, plan)
		bar.finish()
		if err != nil {
			return 0, err
		}
		sum := Summarize(NewHeader(plan), res)
		for _, v := range Check(sc, &sum) {
			fmt.Fprintln(env.Stdout, v)
			if !v.Pass {
				failed++
			}
		}
	}
	if failed > 0 {
		fmt.Fprintf(env.Stdout, "check: %d expectation(s) failed\n", failed)
		return ExitFailed, nil
	}
	fmt.Fprintln(env.Stdout, "check: ok")
	return ExitOK, nil
}

func cmdMerge(args []string, env Env) error {
	fs := newFlags("merge", env)
	out := fs.String("out", "", "result folder for the merged summary")
	report := fs.String("report", "", "also write a self-contained HTML report")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 || *out == "" {
		return bad("merge takes shard folders and -out DIR")
	}
	var files []RunsFile
	for _, d := range pos {
		f, err := ReadRuns(d)
		if err != nil {
			return usageError{err}
		}
		files = append(files, f)
	}
	h, runs, err := Merge(files, pos)
	if err != nil {
		return usageError{err}
	}
	o, sum, err := RunOutputs(h, Shard{}, runs)
	if err != nil {
		return err
	}
	plots, err := SummaryPlots(sum, runs)
	if err != nil {
		return err
	}
	for n, p := range plots {
		o[n] = p
	}
	var rep []byte
	if *report != "" {
		rep, err = ReportHTML(ReportInput{Title: h.Scenario, Summary: sum, Plots: plots})
		if err != nil {
			return err
		}
	}
	if err := writeAll(context.Background(), o, *out, *report, rep); err != nil {
		return err
	}
	fmt.Fprintf(env.Stderr, "merged %d runs from %d shards into %s\n", len(runs), len(files), *out)
	return nil
}
