package main

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/moralebreak/moralebreak/tools/md"
)

// headlineBlock is the name of the block the README and the page share
// (md markers); the doc check fails when the two differ.
const headlineBlock = "perf:headline"

// meta is what the page says about the run: the machine, the code, when.
type meta struct {
	CPU        string  `json:"cpu"`
	Cores      int     `json:"cores"`
	Procs      int     `json:"gomaxprocs"`
	GoVersion  string  `json:"go"`
	OS         string  `json:"goos"`
	Arch       string  `json:"goarch"`
	Commit     string  `json:"commit"`
	Dirty      bool    `json:"dirty"` // Go files differed from the commit
	Date       string  `json:"date"`  // UTC, YYYY-MM-DD
	LoadBefore float64 `json:"load_before"`
	LoadAfter  float64 `json:"load_after"`
	Quick      bool    `json:"quick"`
	HugePages  string  `json:"thp"` // the kernel's transparent huge pages mode (hugePageMode), "" when unknown
	Minutes    float64 `json:"minutes"`
}

// measured is one entry with its results.
type measured struct {
	entry
	res   *result
	views []string // the pprof output of each view of the entry's profile
}

// machine returns the page's line about the machine and the code.
func (m meta) machine() string {
	s := fmt.Sprintf("%s, %d cores (GOMAXPROCS %d), %s/%s, %s; commit %s", m.CPU, m.Cores, m.Procs, m.OS, m.Arch, m.GoVersion, m.Commit)
	if m.Dirty {
		s += " with uncommitted changes to Go files"
	}
	switch m.HugePages {
	case "":
	case "always":
		s += ", transparent huge pages always"
	default: // Go asks for none, so its heap takes 4 KB pages
		s += ", transparent huge pages " + m.HugePages + " (Go's heap takes 4 KB pages: fresh memory, as a spawn takes, faults every 4 KB)"
	}
	s += ", " + m.Date
	if m.Quick {
		s += " (quick mode: one short run of each)"
	}
	return s
}

// headline renders the block shared with the README: every figure's
// headline rows, the result and the verdict, and the machine.
func headline(ms []measured, m meta) (string, error) {
	var b strings.Builder
	for _, e := range ms {
		for _, f := range e.figures {
			if f.headline == "" {
				continue
			}
			rows, err := matching(e, f.headline, f.unit)
			if err != nil {
				return "", err
			}
			if b.Len() == 0 {
				b.WriteString("| figure | benchmark | result | target met? |\n|---|---|---|---|\n")
			}
			for _, r := range rows {
				fmt.Fprintf(&b, "| %s | `%s` | %s | %s |\n", f.text, r.name, e.format(f).cell(r.samples[f.unit]), orDash(f.verdict(r.samples[f.unit])))
			}
		}
	}
	if b.Len() > 0 {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "Measured by `make perfpage` on %s.\n", m.machine())
	return b.String(), nil
}

// render returns the whole page.
func render(ms []measured, m meta) (string, error) {
	head, err := headline(ms, m)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("# Performance\n\n")
	b.WriteString("<!-- Written by `make perfpage` (tools/perfpage). Do not edit: change tools/perfpage/entries.go and run it again. -->\n\n")
	b.WriteString("This page is written by **`make perfpage`** (`go run ./tools/perfpage`), which runs every benchmark below with `go test -bench` and renders its tables; nothing on it is typed by hand. ")
	b.WriteString("To put a benchmark on it, see [Adding a benchmark to the performance page](../CONTRIBUTING.md#adding-a-benchmark-to-the-performance-page); before quoting a number, [Benchmarking honestly on a shared machine](../CONTRIBUTING.md#benchmarking-honestly-on-a-shared-machine).\n\n")
	fmt.Fprintf(&b, "**This run:** %s.", m.machine())
	if m.LoadBefore > 0 || m.LoadAfter > 0 {
		fmt.Fprintf(&b, " Load average (1 min) %.2f before the benchmarks, %.2f after.", m.LoadBefore, m.LoadAfter)
	}
	if m.Quick {
		b.WriteString(" A quick run is for trying the generator, not for quoting.")
	} else {
		fmt.Fprintf(&b, " The whole run took %.0f minutes.", m.Minutes)
	}
	b.WriteString("\n\n")
	b.WriteString(`**How to read it.** Every ratio (×) is against a floor or a peer measured in the same run, most of them in the same sub-benchmark right after or interleaved with the World, so that a busy machine slows both alike: read the ratios, not the absolute times, which move with the machine and its load. A cell is the median of the runs (` + "`-count`" + `) and, in brackets, their range. Each section says its workload (agents, density, squads, share in combat, cores, and how a game calls it) and the command that measures it. The raw output of every run is kept in build/perfpage/ (not committed), for benchstat.` + "\n\n")

	b.WriteString("## At a glance\n\n")
	b.WriteString("The figures the [README](../README.md) quotes; this block is written into both.\n\n")
	b.WriteString(md.WrapBlock(headlineBlock, head))
	targets := false
	for _, e := range ms {
		for _, f := range e.figures {
			rows, err := matching(e, f.rows, f.unit)
			if err != nil {
				return "", err
			}
			if !targets {
				b.WriteString("\n## Targets\n\n| target or figure | benchmark | result | met? |\n|---|---|---|---|\n")
				targets = true
			}
			for _, r := range rows {
				fmt.Fprintf(&b, "| %s | [`%s`](#%s) | %s | %s |\n", f.text, r.name, md.Anchor(e.title), e.format(f).cell(r.samples[f.unit]), orDash(f.verdict(r.samples[f.unit])))
			}
		}
	}
	for _, e := range ms {
		fmt.Fprintf(&b, "\n## %s\n\n%s\n\n```sh\n%s\n```\n\n", e.title, e.caption, e.command(m.Quick))
		b.WriteString(table(e))
		if e.profile != nil {
			p, err := renderProfile(e, m.Quick)
			if err != nil {
				return "", err
			}
			b.WriteString(p)
		}
	}
	return b.String(), nil
}

// table renders an entry's rows: the benchmark's name (without its
// function when all rows share it) and every column some row has.
func table(e measured) string {
	var cols []column
	for _, c := range e.columns {
		for _, r := range e.res.rows {
			if len(r.samples[c.unit]) > 0 {
				cols = append(cols, c)
				break
			}
		}
	}
	prefix := commonFunc(e.res.rows)
	var b strings.Builder
	b.WriteString("| benchmark |")
	for _, c := range cols {
		b.WriteString(" " + c.header + " |")
	}
	b.WriteString("\n|---|")
	b.WriteString(strings.Repeat("---:|", len(cols)))
	b.WriteString("\n")
	for _, r := range e.res.rows {
		name := strings.TrimPrefix(r.name, prefix)
		if name == "" {
			name = r.name
		}
		fmt.Fprintf(&b, "| `%s` |", name)
		for _, c := range cols {
			b.WriteString(" " + c.cell(r.samples[c.unit]) + " |")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// commonFunc returns "Func/" when every row is a sub-benchmark of Func.
func commonFunc(rows []*row) string {
	if len(rows) == 0 {
		return ""
	}
	f, _, ok := strings.Cut(rows[0].name, "/")
	if !ok {
		return ""
	}
	for _, r := range rows {
		if !strings.HasPrefix(r.name, f+"/") {
			return ""
		}
	}
	return f + "/"
}

// matching returns the rows of e whose name matches expr and that have
// unit; none is an error, so that a renamed benchmark cannot silently drop
// a target from the page.
func matching(e measured, expr, unit string) ([]*row, error) {
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, err
	}
	var out []*row
	for _, r := range e.res.rows {
		if re.MatchString(r.name) && len(r.samples[unit]) > 0 {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no row matching %q has %s", e.id, expr, unit)
	}
	return out, nil
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
