// Command perfpage writes docs/performance.md: it runs every benchmark of
// the page's table (entries.go) with go test, renders their results as
// Markdown tables with the machine, the commit and the date, and writes the
// figures the README quotes into the README's perf:headline block.
//
// Run it from the repository root, on a machine with nothing else running:
//
//	make perfpage        # full mode: several runs of each (about 15 minutes on 2 cores)
//	make perfpage-quick  # one short run of each, into build/perfpage/performance.md
//
// Flags:
//
//	-quick        one run of each benchmark with a short benchtime
//	-only RE      only the entries whose id matches RE
//	-page FILE    the page to write (default docs/performance.md; with -quick
//	              or -only, build/perfpage/performance.md)
//	-readme FILE  the README whose perf:headline block to rewrite (default
//	              README.md; with -quick or -only, none); "" for none
//	-raw DIR      where each run's go test output and the run's facts go
//	              (default build/perfpage)
//	-from DIR     render from the output a previous run left in DIR instead
//	              of running the benchmarks
//
// Nothing is written unless every benchmark ran and every table rendered.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/moralebreak/moralebreak/tools/md"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "perfpage:", err)
		os.Exit(1)
	}
}

type config struct {
	quick  bool
	only   *regexp.Regexp
	page   string
	readme string
	raw    string
	from   string
	goBin  string
}

func parseFlags(args []string) (config, error) {
	fs := flag.NewFlagSet("perfpage", flag.ContinueOnError)
	quick := fs.Bool("quick", false, "one short run of each benchmark")
	only := fs.String("only", "", "only the entries whose id matches this regexp")
	page := fs.String("page", "docs/performance.md", "the page to write")
	readme := fs.String("readme", "README.md", `the README whose perf:headline block to rewrite ("" for none)`)
	raw := fs.String("raw", "build/perfpage", "where go test's output and the run's facts go")
	from := fs.String("from", "", "render from a previous run's output in this directory")
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	if fs.NArg() > 0 {
		return config{}, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	c := config{quick: *quick, page: *page, readme: *readme, raw: *raw, from: *from, goBin: os.Getenv("GO")}
	if c.goBin == "" {
		c.goBin = "go"
	}
	if *only != "" {
		re, err := regexp.Compile(*only)
		if err != nil {
			return config{}, fmt.Errorf("-only: %v", err)
		}
		c.only = re
	}
	// A trial run does not overwrite the committed page or the README.
	if c.quick || c.only != nil {
		if !set["page"] {
			c.page = filepath.Join(c.raw, "performance.md")
		}
		if !set["readme"] {
			c.readme = ""
		}
	}
	return c, nil
}

func run(args []string) error {
	c, err := parseFlags(args)
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join("morale", "go.mod")); err != nil {
		return errors.New("run it from the repository root (no morale/go.mod here)")
	}
	var chosen []entry
	for _, e := range entries {
		if c.only == nil || c.only.MatchString(e.id) {
			chosen = append(chosen, e)
		}
	}
	if len(chosen) == 0 {
		return fmt.Errorf("-only %v matches no entry", c.only)
	}
	var m meta
	outs := map[string]string{}
	if c.from != "" {
		if m, err = readMeta(c.from); err != nil {
			return err
		}
		for _, e := range chosen {
			b, err := os.ReadFile(filepath.Join(c.from, e.id+".txt"))
			if err != nil {
				return err
			}
			outs[e.id] = string(b)
		}
	} else {
		if m, err = runAll(c, chosen, outs); err != nil {
			return err
		}
	}
	var ms []measured
	for _, e := range chosen {
		res, err := parse(outs[e.id], m.Procs)
		if err != nil {
			return fmt.Errorf("%s: %v", e.id, err)
		}
		if len(res.rows) == 0 {
			return fmt.Errorf("%s: %s in %s/%s matched no benchmark", e.id, e.bench, e.dir, e.pkg)
		}
		if m.CPU == "" {
			m.CPU = res.cpu
		}
		if err := e.derive(res); err != nil {
			return err
		}
		dir := c.raw
		if c.from != "" {
			dir = c.from
		}
		views, err := readViews(dir, e)
		if err != nil {
			return err
		}
		ms = append(ms, measured{e, res, views})
	}
	page, err := render(ms, m)
	if err != nil {
		return err
	}
	var readme string
	if c.readme != "" {
		head, err := headline(ms, m)
		if err != nil {
			return err
		}
		old, err := os.ReadFile(c.readme)
		if err != nil {
			return err
		}
		if readme, err = md.ReplaceBlock(string(old), headlineBlock, head); err != nil {
			return fmt.Errorf("%s: %v", c.readme, err)
		}
	}
	if err := writeFile(c.page, page); err != nil {
		return err
	}
	fmt.Fprintln(os.Stderr, "perfpage: wrote", c.page)
	if c.readme != "" {
		if err := writeFile(c.readme, readme); err != nil {
			return err
		}
		fmt.Fprintln(os.Stderr, "perfpage: wrote the perf:headline block of", c.readme)
	}
	return nil
}

// runAll runs the entries' benchmarks one after the other, keeping each
// output in c.raw, and returns the facts of the run.
func runAll(c config, chosen []entry, outs map[string]string) (meta, error) {
	m, err := facts(c)
	if err != nil {
		return m, err
	}
	if err := os.MkdirAll(c.raw, 0o755); err != nil {
		return m, err
	}
	start := time.Now()
	m.LoadBefore = loadAverage()
	for i, e := range chosen {
		fmt.Fprintf(os.Stderr, "perfpage: [%d/%d] %s\n", i+1, len(chosen), e.command(c.quick))
		t := time.Now()
		cmd := exec.Command(c.goBin, e.args(c.quick)...)
		cmd.Dir = e.dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			return m, fmt.Errorf("%s: %v\n%s", e.id, err, out)
		}
		outs[e.id] = string(out)
		if err := os.WriteFile(filepath.Join(c.raw, e.id+".txt"), out, 0o644); err != nil {
			return m, err
		}
		if e.profile != nil {
			fmt.Fprintf(os.Stderr, "perfpage: %s's profile: %s\n", e.id, e.profileCommand(c.quick))
			if err := runProfile(c, e, c.raw); err != nil {
				return m, err
			}
		}
		fmt.Fprintf(os.Stderr, "perfpage: %s took %s\n", e.id, time.Since(t).Round(time.Second))
	}
	m.LoadAfter = loadAverage()
	m.Minutes = time.Since(start).Minutes()
	fmt.Fprintf(os.Stderr, "perfpage: all benchmarks took %s\n", time.Since(start).Round(time.Second))
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return m, err
	}
	return m, os.WriteFile(filepath.Join(c.raw, "meta.json"), append(b, '\n'), 0o644)
}

// facts returns what the page says about the machine and the code.
func facts(c config) (meta, error) {
	m := meta{Cores: runtime.NumCPU(), Procs: runtime.GOMAXPROCS(0), Quick: c.quick,
		Date: time.Now().UTC().Format("2006-01-02")}
	if s := os.Getenv("GOMAXPROCS"); s != "" {
		if n, err := strconv.Atoi(s); err == nil && n > 0 {
			m.Procs = n
		}
	}
	goEnv, err := exec.Command(c.goBin, "env", "GOVERSION", "GOOS", "GOARCH").Output()
	if err != nil {
		return m, fmt.Errorf("%s env: %v", c.goBin, err)
	}
	if f := strings.Fields(string(goEnv)); len(f) == 3 {
		m.GoVersion, m.OS, m.Arch = f[0], f[1], f[2]
	}
	commit, err := exec.Command("git", "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return m, fmt.Errorf("git rev-parse: %v", err)
	}
	m.Commit = strings.TrimSpace(string(commit))
	dirty, err := exec.Command("git", "status", "--porcelain", "--", "*.go", "*.mod", "*.sum").Output()
	if err != nil {
		return m, fmt.Errorf("git status: %v", err)
	}
	m.Dirty = len(strings.TrimSpace(string(dirty))) > 0
	if b, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled"); err == nil {
		m.HugePages = hugePageMode(string(b))
	}
	return m, nil
}

// hugePageMode returns the mode Linux's transparent_hugepage/enabled file
// (enabled) marks in brackets, "always [madvise] never" giving "madvise",
// or "" when none is. The first touch of fresh memory costs a page fault
// per page: with 4 KB pages, measured on a 2-core VM, 146-205 ms for 48 MB
// where huge pages took 4-7 ms, which weighs on a spawn's figures.
func hugePageMode(enabled string) string {
	for _, f := range strings.Fields(enabled) {
		if len(f) > 2 && f[0] == '[' && f[len(f)-1] == ']' {
			return f[1 : len(f)-1]
		}
	}
	return ""
}

// readViews reads the pprof output of each view of e's profile from dir;
// nil for an entry without a profile.
func readViews(dir string, e entry) ([]string, error) {
	if e.profile == nil {
		return nil, nil
	}
	var out []string
	for k := range e.profile.views {
		b, err := os.ReadFile(viewFile(dir, e, k))
		if err != nil {
			return nil, err
		}
		out = append(out, string(b))
	}
	return out, nil
}

func readMeta(dir string) (meta, error) {
	var m meta
	b, err := os.ReadFile(filepath.Join(dir, "meta.json"))
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("%s: %v", filepath.Join(dir, "meta.json"), err)
	}
	return m, nil
}

// loadAverage returns the 1-minute load average where the system says it
// (Linux), else 0.
func loadAverage() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	v, _ := strconv.ParseFloat(f[0], 64)
	return v
}

// writeFile writes data to a temporary file beside name and renames it
// over name, so that an interrupted run leaves the old page whole.
func writeFile(name, data string) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), ".perfpage-*")
	if err != nil {
		return err
	}
	_, err = tmp.WriteString(data)
	err = errors.Join(err, tmp.Close())
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		return errors.Join(err, os.Remove(tmp.Name()))
	}
	return nil
}
