package cli

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/lab/fit"
	"github.com/moralebreak/moralebreak/lab/report"
)

// cmdFit is `moralesim fit`: the scenario's expectations as the target, the
// nearest weights that meet them (fit.Fit), written to -out. Its exit code:
// 0 met, 1 not met (the closest found is written), 2 bad input (nothing
// written), 130 interrupted (the best so far is written, marked unfinished).
func cmdFit(ctx context.Context, args []string, env console) (int, error) {
	fs := newFlags("fit", env)
	keys := fs.String("keys", "", "comma-separated settings and weight rows that may change, each KEY or KEY=LO:HI to set its search range (default: every setting but SquadUpdateInterval and every weight row the scenario reports)")
	runs := fs.Int("runs", 0, "fights per candidate, the same seeds for every one (default: the scenario's runs, at most 200)")
	budget := fs.Int("budget", 0, "most fights in all (default: 30 generations of the search and the final checks)")
	seed := fs.Uint64("seed", 1, "seed of the fights and of the optimiser")
	out := fs.String("out", "", "result folder (default out/NAME-fit; for several files out/NAME-and-N-more-fit, NAME the first's)")
	reportFile := fs.String("report", "", "also write a self-contained HTML page to this file")
	weights := fs.String("weights", "", "weights file to start from instead of the scenario's")
	maxWork := maxWorkFlag(fs, maxWorkUsage+" (a fit's work: its budget of fights)")
	quiet := fs.Bool("q", false, "no progress on stderr")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return 0, err
	}
	if len(pos) == 0 || len(pos) > maxFitFiles {
		return 0, bad("fit takes one to %d scenario files; got %d", maxFitFiles, len(pos))
	}
	if err := distinctFiles(pos); err != nil {
		return 0, err
	}
	if *runs < 0 {
		return 0, bad("-runs is %d; it must be at least 10", *runs)
	}
	if *budget < 0 {
		return 0, bad("-budget is %d fights; it must be positive", *budget)
	}
	// Every file is read before any is refused, as check reads them, so
	// that the problems of fit a.toml b.toml c.toml are said at once, not a
	// file per attempt.
	var refused refusals
	sc, err := loadScenario(pos[0], *weights)
	if err != nil {
		refused.add(errors.Unwrap(err))
	}
	// Every other file runs the first's weights (or -weights): one set of
	// settings for all.
	var more []*lab.Scenario
	var differ []string
	for _, p := range pos[1:] {
		var o *lab.Scenario
		if sc != nil {
			o, err = lab.LoadScenarioLike(p, sc)
		} else {
			// The first did not read, so the weights the others would run
			// are unknown: each is read as check reads it (its own weights,
			// or -weights), for its own problems.
			o, err = lab.LoadScenarioWith(p, *weights)
			err = weightsFlag(err)
		}
		if err != nil || sc == nil {
			if err != nil {
				refused.add(err)
			}
			continue
		}
		if *weights == "" && o.NamedWeights != sc.NamedWeights {
			named := o.NamedWeights
			if named == "" {
				named = "the defaults"
			}
			differ = append(differ, fmt.Sprintf("%s names %s", p, named))
		}
		more = append(more, o)
	}
	if err := refused.err(); err != nil {
		return 0, err
	}
	startFile := sc.WeightsPath
	suffix := "-fit" // several files have their own folder: the one-file fit's is kept
	if len(more) > 0 {
		suffix = fmt.Sprintf("-and-%d-more-fit", len(more))
	}
	if *out, err = outDir(*out, sc.Name, suffix); err != nil {
		return 0, err
	}
	cfg := fit.Config{Scenario: sc, More: more, Runs: *runs, Budget: *budget, Seed: *seed, MaxWork: *maxWork}
	if *keys != "" {
		cfg.Keys = strings.Split(*keys, ",")
	}
	bar := newProgress(env, *quiet, "fit "+sc.Name)
	cfg.Progress = fitProgress(bar)
	res, err := fit.Fit(ctx, cfg)
	bar.finish()
	if err != nil {
		if errors.As(err, new(*fit.Error)) {
			return 0, usageError{err}
		}
		return 0, err
	}
	el := bar.clock().Sub(bar.start)
	if len(differ) > 0 {
		start := startFile
		if start == "" {
			start = "the default weights"
		}
		res.Notes = append([]string{fmt.Sprintf("the files name different weights files (%s); the fit starts from the first file's, %s, and fits one set of settings for all", strings.Join(differ, "; "), start)}, res.Notes...)
	}
	js, err := fit.Encode(res)
	if err != nil {
		return 0, err
	}
	weightsFile, err := fit.WeightsFile(startFile, res.Settings)
	if err != nil {
		return 0, err
	}
	o := lab.Outputs{"fit.json": lab.Bytes(js), "weights.toml": lab.Bytes(weightsFile)}
	rep, err := report.FitReport(res, sc.Description, typed("fit", args))
	if err != nil {
		return 0, err
	}
	rep.AddFigures(o)
	var page []byte
	if *reportFile != "" {
		page = rep.HTML
	}
	// Written even when interrupted: the best so far, marked unfinished. The
	// folder is replaced as a whole, so no file of an earlier fit stays.
	if err := writeAll(context.Background(), o, *out, *reportFile, page); err != nil {
		return 0, err
	}
	printFit(env, res, *out, o)
	if !*quiet {
		env.errs.printf("fit %s: %d fights in %.2fs (%.0f fights/s)\n", safefile.Escape(sc.Name), res.Fights.Total, el.Seconds(), float64(res.Fights.Total)/max(el.Seconds(), 1e-9))
	}
	switch {
	case !res.Finished:
		env.errs.printf("moralesim: interrupted; wrote the best candidate so far to %s (fit.json says \"finished\": false)\n", safefile.Escape(*out))
		return ExitInterrupted, nil
	case !res.Met:
		return ExitFailed, nil
	}
	return ExitOK, nil
}

// maxFitFiles is the most scenario files one fit takes: every candidate
// fights each of them.
const maxFitFiles = 64

// distinctFiles refuses a file given twice to one fit, by any path (the
// same file through a link, or spelled two ways).
func distinctFiles(paths []string) error {
	infos := make([]os.FileInfo, len(paths))
	for i, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			continue // the loader names it
		}
		for j := range i {
			if infos[j] != nil && os.SameFile(infos[j], fi) {
				return bad("fit: %s is given twice (as argument %d, %s, and argument %d, %s); give each scenario once", safefile.Quote(p), j+1, safefile.Quote(paths[j]), i+1, safefile.Quote(p))
			}
		}
		infos[i] = fi
	}
	return nil
}

// printFit prints the outcome, the changes, the expectations before and
// after, the cost and the files to stdout, every line escaped (names and
// paths come from the user's files).
func printFit(env console, r *fit.Result, dir string, o lab.Outputs) {
	line := func(format string, args ...any) { env.out.println(safefile.Escape(fmt.Sprintf(format, args...))) }
	_, status := report.FitStatus(r)
	line("%s: %s", r.Scenario, status)
	for _, l := range report.FitScenarios(r) {
		line("  %s", l)
	}
	line("changes:")
	var same []string
	var changed []report.FitChange
	for _, c := range report.FitChanges(r) {
		if !c.Changed {
			same = append(same, c.Key)
			continue
		}
		changed = append(changed, c)
	}
	// The keys' column is as wide as the longest changed key, 28 at least:
	// weights.ReinforcementsArrived (29) pushed its row's values right of
	// the others', and a custom event's name may be 256 bytes.
	keys, w := nameColumn(28, changed, func(c report.FitChange) string { return c.Key })
	for i, c := range changed {
		rel := ""
		if c.Relative != "" {
			rel = " (" + c.Relative + ")"
		}
		line("  %-*s %s → %s%s", w, keys[i], c.Start, c.End, rel)
	}
	if len(same) > 0 {
		line("  unchanged: %s", strings.Join(same, ", "))
	}
	for _, c := range report.FitChanges(r) {
		if c.Edge != "" {
			line("at the edge: %s", c.Edge)
		}
	}
	if len(r.After) > 0 {
		// A fit of several checks each file on its own held-out fights.
		ofEach := fit.OfEachScenario(len(r.Scenarios))
		line("expectations on %d fights%s the search never used (before → after, 95%% intervals):", r.HeldOutRuns, ofEach)
		for _, row := range report.FitRows(r) {
			word := "PASS"
			if !row.AfterPass {
				word = "FAIL"
			}
			line("  %s %s:%d %s: %s → %s", word, row.File, row.Line, row.Want, row.Before, row.After)
		}
	}
	for _, c := range report.FitProblems(r) {
		line("%s", c)
	}
	for _, n := range r.Notes {
		line("note: %s", n)
	}
	f := r.Fights
	line("fights: %d of a budget of %d (search %d, re-measure %d, polish %d, new seeds %d), seed %d", f.Total, r.Budget, f.Search, f.Refine, f.Polish, f.HeldOut, r.Seed)
	line("written to %s (%s)", dir, strings.Join(slices.Sorted(maps.Keys(o)), ", "))
}

// fitProgress draws a fit's progress on bar from the start: the phase, the
// fights spent and the best objective so far.
func fitProgress(bar *progress) func(fit.Progress) {
	bar.delay = 0
	return func(p fit.Progress) {
		bar.show(false, func(now time.Time) string {
			where := p.Phase
			switch {
			case p.Phase == "search" && p.Restart > p.Restarts: // a later round
				where = fmt.Sprintf("search again, restart %d, generation %d", p.Restart, p.Generation)
			case p.Phase == "search":
				where = fmt.Sprintf("search, restart %d/%d, generation %d", p.Restart, p.Restarts, p.Generation)
			case p.Phase == "subset":
				where = fmt.Sprintf("subset search %d, generation %d", p.Restart, p.Generation)
			}
			return fmt.Sprintf("%s: %s: %d/%d fights, best objective %s (%s changed), %.1fs", bar.label, where, p.Fights, p.Budget, lab.FormatNumber(p.BestObjective), lab.Plural(p.BestChanged, "key"), now.Sub(bar.start).Seconds())
		})
	}
}
