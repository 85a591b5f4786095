// Package cli is moralesim's command line: flags → a lab plan → files. Main
// is the whole program, so tests run it in-process; cmd/moralesim only wires
// it to os.Args, the environment and Ctrl-C. It also runs the demo's own
// battle headless (game.go), the one place it calls game/'s battle.
package cli

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/lab/report"
)

// Exit codes of Main. A Go runtime failure (a panic, running out of memory:
// a bug, none is known) is neither: cmd/moralesim makes the runtime abort
// then, so the process ends by SIGABRT (status 134 in a Unix shell) and never
// with one of these.
const (
	ExitOK          = 0
	ExitFailed      = 1 // a check or a lint failed, or output could not be written
	ExitBadInput    = 2 // bad flags, scenario, weights or shards, or too much work; nothing written
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

// usage is moralesim's help (usage.txt).
//
//go:embed usage.txt
var usage string

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
		err = cmdMerge(ctx, args[1:], env)
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
	case errors.As(err, new(usageError)), errors.As(err, new(*lab.ScenarioError)), errors.As(err, new(*lab.WorkError)):
		env.errs.println("moralesim:", errorText(err))
		return ExitBadInput
	default:
		env.errs.println("moralesim:", errorText(err))
		return ExitFailed
	}
}

// Limits of an error message on stderr.
const (
	maxErrorLines     = 20
	maxErrorLineBytes = lab.MaxErrorLine
)

// errorText is err's message for a terminal: every line escaped (nothing in
// it may move the cursor, recolour or clear the screen), cut to
// maxErrorLineBytes, and at most maxErrorLines lines, then how many more.
func errorText(err error) string {
	lines := strings.Split(safefile.Plain(err), "\n") // every missing file in a designer's words
	n := len(lines)
	if n > maxErrorLines {
		lines = lines[:maxErrorLines]
	}
	for i, l := range lines {
		lines[i] = safefile.Escape(safefile.Cut(l, maxErrorLineBytes))
		if len(l) > maxErrorLineBytes {
			lines[i] += "…"
		}
	}
	if n > maxErrorLines {
		lines = append(lines, fmt.Sprintf("… and %d more problems", n-maxErrorLines))
	}
	return strings.Join(lines, "\n")
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

// parseFlags parses fs over args, allowing positional arguments anywhere,
// and checks -max-work where fs has it (checkMaxWork). A flag it cannot
// parse is one error, naming the flag and pointing at -h ("run: invalid
// value "abc" for flag -runs: parse error; moralesim run -h lists its
// flags"): the flag package's own message and usage are held back, as Main
// prints the error. -h prints the usage and returns flag.ErrHelp.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		out := fs.Output()
		fs.SetOutput(io.Discard)
		err := fs.Parse(args)
		fs.SetOutput(out)
		if errors.Is(err, flag.ErrHelp) {
			fs.Usage()
			return nil, err
		}
		if err != nil {
			return nil, bad("%s: %v; moralesim %s -h lists its flags", fs.Name(), err, fs.Name())
		}
		args = fs.Args()
		if len(args) > 0 {
			pos, args = append(pos, args[0]), args[1:]
			continue
		}
		outFolder := ""
		if f := fs.Lookup("out"); f != nil {
			outFolder = f.Value.String()
		}
		if f := fs.Lookup("report"); f != nil && given(fs)["report"] {
			if err := parentThere("report", f.Value.String(), outFolder); err != nil {
				return nil, usageError{err}
			}
		}
		if f := fs.Lookup("report"); f != nil {
			if err := pageOrNew(f.Value.String()); err != nil {
				return nil, usageError{err}
			}
		}
		if f := fs.Lookup("out"); f != nil {
			if err := lab.CheckOut(f.Value.String()); err != nil {
				if given(fs)["out"] { // a default (game's out/demo) is the folder alone
					err = fmt.Errorf("-out: %w", err)
				}
				return nil, usageError{err}
			}
		}
		if f := fs.Lookup("max-work"); f != nil {
			return pos, checkMaxWork(f.Value.(flag.Getter).Get().(float64))
		}
		return pos, nil
	}
}

func newFlags(name string, env console) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	return fs
}

// typed returns the command moralesim NAME ARGS… as the user typed it, for
// pages and result files.
func typed(name string, args []string) string {
	return lab.CommandLine(append([]string{"moralesim", name}, args...)...)
}

// outDir returns a job's result folder: out, the -out flag's, which
// parseFlags checked with the flags, or by default lab.OutDir(name,
// suffix) (out/NAME), checked here the same way (lab.CheckOut), before any
// fight, so that a default folder that is not a result is refused in the
// words its write would refuse it with, not after every fight ran.
func outDir(out, name, suffix string) (string, error) {
	if out != "" {
		return out, nil
	}
	dir := lab.OutDir(name, suffix)
	if err := lab.CheckOut(dir); err != nil {
		return "", usageError{err}
	}
	return dir, nil
}

// loadScenario loads path, with the weights file in place of its own when
// weights is set (lab.LoadScenarioWith: the scenario's own weights file is then
// not read and need not exist). Errors are bad input.
func loadScenario(path, weights string) (*lab.Scenario, error) {
	sc, err := lab.LoadScenarioWith(path, weights)
	if err != nil {
		return nil, usageError{weightsFlag(err)}
	}
	return sc, nil
}

// weightsFlag names -weights in err when err is the -weights file's that did
// not read (lab.WeightsError), joined with the scenario's own problems found
// without it; else it returns err as it is.
func weightsFlag(err error) error {
	if we := (*lab.WeightsError)(nil); errors.As(err, &we) {
		return errors.Join(fmt.Errorf("-weights: %w", err), we.Scenario)
	}
	return err
}

// refusals gathers the problems of the files a command reads before it
// refuses any (check, fit), so that the problems of several files are said
// at once, in the order found; each once, so that a -weights file that does
// not read, which every file then reports beside its own problems, is said
// once.
type refusals []error

// add keeps each problem of err (each of a join) unless the same problem
// is already kept.
func (r *refusals) add(err error) {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			r.add(e)
		}
		return
	}
	for _, e := range *r {
		if e.Error() == err.Error() {
			return
		}
	}
	*r = append(*r, err)
}

// err is every problem kept, a line each, as bad input; nil when none.
func (r refusals) err() error {
	if len(r) == 0 {
		return nil
	}
	return usageError{errors.Join(r...)}
}

// progress draws a job's progress on w (stderr): redrawn in place on a
// terminal (at most four times a second), a line every two seconds
// otherwise, the last state always; nothing before delay has passed, nor
// when quiet.
type progress struct {
	mu                 sync.Mutex
	w                  *printer
	quiet, term, shown bool
	start, last        time.Time
	delay              time.Duration
	label              string
	clock              func() time.Time
}

// newProgress returns the bar of a job: with an ETA, once it has run for
// two seconds.
func newProgress(env console, quiet bool, label string) *progress {
	clock := env.Now
	if clock == nil {
		clock = time.Now
	}
	return &progress{w: env.errs, quiet: quiet, term: env.Terminal, start: clock(), delay: 2 * time.Second, label: safefile.Escape(safefile.Clip(label, safefile.MaxQuote)), clock: clock}
}

// show draws the line made by line when it is due (final: the job's last
// state, due at once).
func (p *progress) show(final bool, line func(now time.Time) string) {
	if p == nil || p.quiet {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.clock()
	gap := 2 * time.Second
	if p.term {
		gap = 250 * time.Millisecond
	}
	if now.Sub(p.start) < p.delay || (!final && now.Sub(p.last) < gap) {
		return
	}
	p.last, p.shown = now, true
	if p.term {
		p.w.printf("\r\033[K%s", line(now))
	} else {
		p.w.println(line(now))
	}
}

// update shows done of total (done may be fractional: fights under way).
func (p *progress) update(fdone float64, total int) {
	p.show(int(fdone) >= total, func(now time.Time) string {
		const width = 30
		el := now.Sub(p.start)
		share := math.Min(1, fdone/float64(max(1, total)))
		fill := int(width * share)
		eta := "?"
		if fdone > 0 {
			eta = time.Duration(float64(el) * (float64(total) - fdone) / fdone).Round(100 * time.Millisecond).String()
		}
		return fmt.Sprintf("%s [%s%s] %d/%d %3d%% ETA %s", p.label, strings.Repeat("#", fill), strings.Repeat(".", width-fill), int(fdone), total, int(100*share), eta)
	})
}

func (p *progress) finish() {
	if p != nil && p.shown && p.term {
		p.w.println()
	}
}

// writeAll replaces the result folder dir with out and, when report is set,
// writes the HTML report rep there, all or nothing (lab.Outputs.Write): when
// anything fails, or ctx was cancelled, every earlier file is left as it was.
// With no folder (dir "": compare) it writes the report alone, atomically.
func writeAll(ctx context.Context, out lab.Outputs, dir, report string, rep []byte) error {
	if err := pageOrNew(report); err != nil {
		return err
	}
	if dir == "" {
		if err := ctx.Err(); err != nil || report == "" {
			return err
		}
		return userPaths(lab.WriteFileAtomic(report, rep))
	}
	var extra map[string][]byte
	if report != "" {
		extra = map[string][]byte{report: rep}
	}
	return userPaths(out.Write(ctx, dir, extra))
}

// parentThere refuses a path the user gave to -NAME (-report) whose folder
// does not exist: a typo in the folder would otherwise become a new folder.
// A report may go in a folder the run makes: the result folder out (-out,
// or out/NAME by default), inside it, or one it lies in (out/ itself). A
// result folder (-out) makes its parents, as the docs' cluster scripts
// (-out results/shard-N) and examples (-out out/line) need. Any other
// problem of the folder is left to the write, which says what it is.
func parentThere(name, path, out string) error {
	if path == "" {
		return nil
	}
	dir := filepath.Dir(filepath.Clean(path))
	if out == "" {
		out = filepath.Join("out", "NAME") // the default result folder, NAME the scenario's
	}
	within := func(a, b string) bool { // a is b or lies in it
		rel, err := filepath.Rel(filepath.Clean(b), filepath.Clean(a))
		return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
	}
	if within(dir, out) || within(out, dir) {
		return nil // a folder the run makes
	}
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("-%s %s: the folder %s does not exist; create it first, or check the path for a typo", name, safefile.Quote(path), safefile.Quote(dir))
	}
	return nil
}

// tempName matches the name of a file or folder a write stages beside its
// target (safefile: ".NAME.tmp-123"), NAME in group 2.
var tempName = regexp.MustCompile(`(^|[/\\ ])\.([^/\\]+)\.tmp-[0-9]+`)

// userPaths is err with every staged temporary name in its text replaced by
// the path it stands for (/proc/.x.html.tmp-3025888437 → /proc/x.html): an
// error names the user's file, not one they never asked for. It unwraps to
// err, so its kind (interrupted, bad input) is kept.
func userPaths(err error) error {
	if err == nil || !tempName.MatchString(err.Error()) {
		return err
	}
	return pathsNamed{msg: tempName.ReplaceAllString(err.Error(), "$1$2"), err: err}
}

type pathsNamed struct {
	msg string
	err error
}

func (e pathsNamed) Error() string { return e.msg }
func (e pathsNamed) Unwrap() error { return e.err }

// pageOrNew refuses a -report path that holds a file other than a page
// moralesim wrote (report.IsPage: its doctype and title in the first
// kilobyte, after a byte order mark or blanks an editor may add): a report
// replaces only an earlier report, as -out replaces only an earlier result
// folder, where 'moralesim run s.toml -report s.toml' replaced the scenario
// with the page, and a hand-written page was replaced for its doctype. An
// empty file is replaced. A path that is not there, or not a regular file,
// is left to the write, which says what it is.
func pageOrNew(path string) error {
	if path == "" {
		return nil
	}
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("-report %s: %w", safefile.Quote(path), err)
	}
	if !fi.Mode().IsRegular() {
		return nil
	}
	got, err := safefile.Head(path, 1024, "report")
	if err != nil {
		return fmt.Errorf("-report %s: %w", safefile.Quote(path), err)
	}
	if len(got) > 0 && !report.IsPage(got) {
		return fmt.Errorf("-report %s: holds a file that is not a report moralesim wrote (a report starts <!doctype html> and has the title \"MoraleBreak report: …\" in its first kilobyte), which a report would replace; pick another file", safefile.Quote(path))
	}
	return nil
}
