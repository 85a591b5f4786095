// Package cli is moralesim's command line: flags → a lab plan → files. Main
// is the whole program, so tests run it in-process; cmd/moralesim only wires
// it to os.Args, the environment and Ctrl-C. It is also the one place that
// imports game/ (game.go), to run the demo's own battle headless.
package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

// Exit codes of Main.
const (
	ExitOK          = 0
	ExitFailed      = 1 // a check or a lint failed, or output could not be written
	ExitBadInput    = 2 // bad flags, scenario, weights or shards; nothing written
	ExitInterrupted = 130
)

// Env is what Main needs from the outside world.
type Env struct {
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	// Terminal says stderr is a terminal (the progress bar redraws in place).
	Terminal bool
	// Now reads the wall clock for the progress bar and the timings printed
	// to stderr (nil: time.Now). Results never depend on it.
	Now func() time.Time
}

const usage = `moralesim: MoraleBreak's headless balance lab.

  moralesim run SCENARIO.toml [-runs N] [-seed S] [-out DIR] [-report FILE.html]
                [-weights W.toml] [-shard K/N|auto/N] [-sweep KEY=FROM:TO:STEP ...]
                [-metric NAME] [-q]
  moralesim check SCENARIO.toml... [-runs N] [-seed S]
  moralesim lint WEIGHTS.toml
  moralesim merge DIR... -out DIR [-report FILE.html]
  moralesim sensitivity SCENARIO.toml [-metric NAME] [-runs N] [-out DIR] [-report FILE.html]
  moralesim compare A.toml B.toml SCENARIO.toml [-runs N] [-seed S] [-report FILE.html]
  moralesim game [-runs N] [-seed S] [-duration S] [-out DIR]
  moralesim fit SCENARIO.toml [-keys K1,K2,...] [-runs N] [-budget FIGHTS] [-seed S]
                [-out DIR] [-report FILE.html] [-weights W.toml] [-q]

Exit codes: 0 ok, 1 a check or lint failed or output could not be written,
2 bad input (nothing written), 130 interrupted (nothing written).
`

// usageError is bad input: exit code 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func bad(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// Main runs moralesim with args (without the program name) and returns the
// exit code. ctx cancels a run (Ctrl-C); nothing is written then. Output that
// cannot be written (a closed pipe, a full disk) fails the command: exit code
// 1 at least, with a message on stderr when stderr still takes one.
func Main(ctx context.Context, args []string, env Env) int {
	if env.Getenv == nil {
		env.Getenv = func(string) string { return "" }
	}
	c := console{Env: env, out: &printer{w: env.Stdout}, errs: &printer{w: env.Stderr}}
	c.Stdout, c.Stderr = c.out, c.errs // the flag package writes through them too
	code := run(ctx, args, c)
	if err := c.out.Err(); err != nil {
		c.errs.println("moralesim: writing stdout:", err)
		code = max(code, ExitFailed)
	}
	if c.errs.Err() != nil {
		// Nothing is left to tell it on: the exit code says it.
		code = max(code, ExitFailed)
	}
	return code
}

// run is Main with its writers wrapped: the command's exit code.
func run(ctx context.Context, args []string, env console) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "help" || args[0] == "-help" {
		env.errs.printf("%s", usage)
		if len(args) == 0 {
			return ExitBadInput
		}
		return ExitOK
	}
	var code int
	var err error
	switch args[0] {
	case "run":
		err = cmdRun(ctx, args[1:], env)
	case "check":
		code, err = cmdCheck(ctx, args[1:], env)
	case "lint":
		code, err = cmdLint(args[1:], env)
	case "merge":
		err = cmdMerge(args[1:], env)
	case "sensitivity":
		err = cmdSensitivity(ctx, args[1:], env)
	case "compare":
		err = cmdCompare(ctx, args[1:], env)
	case "game":
		err = cmdGame(ctx, args[1:], env)
	case "fit":
		code, err = cmdFit(ctx, args[1:], env)
	default:
		err = bad("unknown command %q\n\n%s", args[0], usage)
	}
	switch {
	case err == nil:
		return code
	case errors.Is(err, flag.ErrHelp):
		return ExitOK
	case errors.Is(err, context.Canceled):
		env.errs.println("moralesim: interrupted; nothing written")
		return ExitInterrupted
	case errors.As(err, new(usageError)), errors.As(err, new(*lab.ScenarioError)):
		env.errs.println("moralesim:", err)
		return ExitBadInput
	default:
		env.errs.println("moralesim:", err)
		return ExitFailed
	}
}

// console is what a command gets: Env, with Stdout and Stderr wrapped in
// printers (Stdout is out, Stderr is errs). A command prints through out and
// errs; Main checks both when the command returns.
type console struct {
	Env
	out, errs *printer
}

// printer writes to w and keeps the first write error; after one, it writes
// nothing more. Commands print many lines without checking each, and Main
// checks Err once at the end, so output that cannot be written fails the
// command instead of going silent. It is safe for concurrent use (the
// progress bar is updated from the workers).
type printer struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

// Write writes b to the underlying writer (for the flag package); after a
// failed write it returns that error and writes nothing.
func (p *printer) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err != nil {
		return 0, p.err
	}
	n, err := p.w.Write(b)
	p.err = err
	return n, err
}

// printf writes as fmt.Fprintf does, unless a write already failed.
func (p *printer) printf(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

// println writes as fmt.Fprintln does, unless a write already failed.
func (p *printer) println(args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err == nil {
		_, p.err = fmt.Fprintln(p.w, args...)
	}
}

// Err returns the first write error, or nil.
func (p *printer) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// parseFlags parses fs over args, allowing positional arguments anywhere.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, usageError{err}
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func newFlags(name string, env console) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	return fs
}

// loadScenario loads path, and the weights file over its own when weights is
// set. Errors are bad input.
func loadScenario(path, weights string) (*lab.Scenario, error) {
	sc, err := lab.LoadScenario(path)
	if err != nil {
		return nil, usageError{err}
	}
	if weights != "" {
		data, err := os.ReadFile(weights)
		if err != nil {
			return nil, usageError{err}
		}
		s, err := morale.ReadSettings(bytes.NewReader(data))
		if err != nil {
			return nil, usageError{fmt.Errorf("%s: %w", weights, err)}
		}
		sc.Settings = s
		sc.WeightsHash = hashBytes(data)
		if err := checkEventRows(sc); err != nil {
			return nil, usageError{err}
		}
	}
	return sc, nil
}

// checkEventRows verifies that every event of sc has a row in its settings.
func checkEventRows(sc *lab.Scenario) error {
	var errs []error
	for i, ev := range sc.Events {
		if ev.Do != "event" && ev.Do != "reinforce" {
			continue
		}
		if _, ok := sc.Settings.Weights[ev.Event]; !ok {
			errs = append(errs, &lab.ScenarioError{File: sc.Path, Line: ev.Line, Key: fmt.Sprintf("event[%d].event", i+1), Msg: fmt.Sprintf("%q has no row in the weights table, so it would be worth zero", ev.Event)})
		}
	}
	return errors.Join(errs...)
}

// progress draws a bar with an ETA on w once a job has run for two seconds.
type progress struct {
	mu    sync.Mutex
	w     *printer // stderr
	quiet bool
	term  bool
	start time.Time
	last  time.Time
	label string
	shown bool
	clock func() time.Time
}

func newProgress(env console, quiet bool, label string) *progress {
	clock := env.Now
	if clock == nil {
		clock = time.Now
	}
	now := clock()
	return &progress{w: env.errs, quiet: quiet, term: env.Terminal, start: now, last: now, label: label, clock: clock}
}

func (p *progress) update(done, total int) {
	if p == nil || p.quiet {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.clock()
	el := now.Sub(p.start)
	if el < 2*time.Second || (now.Sub(p.last) < 250*time.Millisecond && done < total) {
		return
	}
	if !p.term && now.Sub(p.last) < 2*time.Second && done < total {
		return
	}
	p.last = now
	p.shown = true
	const width = 30
	fill := width * done / max(1, total)
	eta := time.Duration(float64(el) * float64(total-done) / math.Max(1, float64(done)))
	line := fmt.Sprintf("%s [%s%s] %d/%d %3d%% ETA %s", p.label, strings.Repeat("#", fill), strings.Repeat(".", width-fill), done, total, 100*done/max(1, total), eta.Round(100*time.Millisecond))
	if p.term {
		p.w.printf("\r%s", line)
	} else {
		p.w.println(line)
	}
}

func (p *progress) finish() {
	if p != nil && p.shown && p.term {
		p.w.println()
	}
}

// hashBytes returns a short FNV-1a hash of data.
func hashBytes(data []byte) string {
	var h uint64 = 14695981039346656037
	for _, c := range data {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return fmt.Sprintf("%016x", h)
}

// writeAll writes outputs (none: no folder) and, when report is set, the
// HTML report; it writes nothing when ctx was cancelled.
func writeAll(ctx context.Context, out lab.Outputs, dir, report string, rep []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if len(out) > 0 {
		if err := out.Write(dir); err != nil {
			return err
		}
	}
	if report != "" {
		if d := filepath.Dir(report); d != "" {
			if err := os.MkdirAll(d, 0o755); err != nil {
				return err
			}
		}
		return lab.WriteFileAtomic(report, rep)
	}
	return nil
}
