package main

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
)

// entry is one section of the page: one `go test -bench` run and its table.
type entry struct {
	id        string // short and unique: the raw output's file name, -only's key
	title     string // the section's heading
	dir       string // the Go module's directory, from the repository root
	pkg       string // the package, from dir
	bench     string // the -bench regexp
	benchtime string // -benchtime in full mode
	count     int    // -count in full mode
	quick     string // -benchtime in quick mode (which runs -count 1)
	// caption is the workload in Markdown: agents, density, squads, share
	// in combat, cores, how a game calls it, and what the peer or floor is.
	caption string
	columns []column  // the table's columns after the benchmark's name
	derived []derived // ratios computed between rows of the same run
	figures []figure  // targets and quoted figures, for the summary
	profile *profile  // where one row's time goes, shown under the table; nil for none
}

// column is one column of an entry's table: a unit of the benchmark output
// (ns/op, B/op, allocs/op, a b.ReportMetric unit) or a derived one.
type column struct {
	unit   string
	header string
	scale  float64 // the value shown is value × scale (0 means 1)
	suffix string  // after each number, such as "×"
}

// derived adds unit to every row whose name matches rows: the row's of
// divided by its peer's of, sample by sample (the k-th run of the row with
// the k-th run of the peer, both from the same go test process), or by
// constant when it is not 0. peer is a regexp template (regexp.Expand:
// ${1} is rows' first group) naming the peer row; invert divides the peer
// by the row instead.
type derived struct {
	unit, of string
	rows     string
	peer     string
	invert   bool
	constant float64
}

// figure is a number the summary (and, through headline, the README)
// quotes: unit in every row matching rows, with a verdict against bound
// when bound is not 0 (atLeast: the value must be ≥ bound, else ≤).
// scale and suffix default to those of the entry's column of unit.
type figure struct {
	text     string
	rows     string
	unit     string
	atLeast  bool
	bound    float64
	scale    float64
	suffix   string
	headline string // the rows (a subset of rows) shown in the README; "" none
}

// args returns go test's arguments for the entry.
func (e entry) args(quick bool) []string {
	bt, count := e.benchtime, e.count
	if quick {
		bt, count = e.quick, 1
	}
	return []string{"test", "-run", "^$", "-bench", e.bench, "-benchtime", bt, "-count", strconv.Itoa(count), "-benchmem", "-timeout", "60m", e.pkg}
}

// command returns the entry's run as a shell line, from the repository root.
func (e entry) command(quick bool) string {
	cd := ""
	if e.dir != "." {
		cd = "cd " + e.dir + " && "
	}
	return cd + shellLine(e.args(quick))
}

// derive adds the entry's derived units to res's rows. A row that matches
// but has no peer in res is an error: the page would quote a ratio whose
// other half was not measured.
func (e entry) derive(res *result) error {
	for _, d := range e.derived {
		re, err := regexp.Compile(d.rows)
		if err != nil {
			return err
		}
		matched := false
		for _, r := range res.rows {
			m := re.FindStringSubmatchIndex(r.name)
			if m == nil {
				continue
			}
			matched = true
			num := r.samples[d.of]
			if len(num) == 0 {
				return fmt.Errorf("%s: %s has no %s", e.id, r.name, d.of)
			}
			var out []float64
			if d.constant != 0 {
				for _, v := range num {
					out = append(out, v/d.constant)
				}
			} else {
				name := string(re.ExpandString(nil, d.peer, r.name, m))
				p := res.byKey[name]
				if p == nil || len(p.samples[d.of]) == 0 {
					return fmt.Errorf("%s: %s's peer %s was not measured (%s)", e.id, r.name, name, d.of)
				}
				den := p.samples[d.of]
				for k := range min(len(num), len(den)) {
					a, b := num[k], den[k]
					if d.invert {
						a, b = b, a
					}
					out = append(out, a/b)
				}
			}
			r.samples[d.unit] = out
		}
		if !matched {
			return fmt.Errorf("%s: no row matches the derived %s's %q", e.id, d.unit, d.rows)
		}
	}
	return nil
}

// column returns the entry's column of unit, or a plain one.
func (e entry) column(unit string) column {
	for _, c := range e.columns {
		if c.unit == unit {
			return c
		}
	}
	return column{unit: unit}
}

// format returns how f shows a value: its own scale and suffix, else its
// unit's column's.
func (e entry) format(f figure) column {
	c := e.column(f.unit)
	if f.scale != 0 {
		c.scale = f.scale
	}
	if f.suffix != "" {
		c.suffix = f.suffix
	}
	return c
}

// cell returns samples shown in column c: the median, and in brackets the
// range when there are several runs and they differ as printed.
func (c column) cell(samples []float64) string {
	if len(samples) == 0 {
		return ""
	}
	scale := c.scale
	if scale == 0 {
		scale = 1
	}
	med := num(median(samples)*scale) + c.suffix
	if len(samples) == 1 {
		return med
	}
	lo, hi := num(slices.Min(samples)*scale), num(slices.Max(samples)*scale)
	if lo == hi {
		return med
	}
	return med + " (" + lo + "–" + hi + ")"
}

// verdict says whether samples meet f's bound: "yes" when every run does,
// "at the median" when the median does but not every run, else "no". It
// returns "" for a figure without a bound.
func (f figure) verdict(samples []float64) string {
	if f.bound == 0 || len(samples) == 0 {
		return ""
	}
	meets := func(v float64) bool {
		if f.atLeast {
			return v >= f.bound
		}
		return v <= f.bound
	}
	miss := 0
	for _, v := range samples {
		if !meets(v) {
			miss++
		}
	}
	switch {
	case miss == 0:
		return "yes"
	case meets(median(samples)):
		return fmt.Sprintf("at the median (%d of %d runs missed)", miss, len(samples))
	case miss < len(samples):
		return fmt.Sprintf("**no** (%d of %d runs met it)", len(samples)-miss, len(samples))
	}
	return "**no**"
}

// median returns the median of vs (the mean of the middle two for an even
// count) without changing vs.
func median(vs []float64) float64 {
	s := slices.Clone(vs)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}

// num prints v with about three significant digits and no exponent for the
// sizes the page has: 1836, 18.1, 2.45, 0.0234; whole numbers as such.
func num(v float64) string {
	a := math.Abs(v)
	switch {
	case v == math.Trunc(v) && a < 1e15:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case a >= 100:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case a >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	case a >= 1:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}
