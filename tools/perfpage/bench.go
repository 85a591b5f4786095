package main

import (
	"bufio"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// result is what one entry's `go test -bench` run measured: every
// sub-benchmark (a row) with its samples, one per -count run, per unit.
type result struct {
	rows  []*row          // in the order of their first line
	byKey map[string]*row // by name
	cpu   string          // the "cpu:" line go test printed
	goos  string
	arch  string
}

// row is one benchmark's samples: samples[unit][k] is run k's value.
type row struct {
	name    string // without the "Benchmark" prefix and the -GOMAXPROCS suffix
	samples map[string][]float64
}

var benchLine = regexp.MustCompile(`^Benchmark(\S+)\s+(\d+)\s+(.*)$`)

// parse reads the output of `go test -bench` (procs is the GOMAXPROCS the
// benchmarks ran with, whose "-N" suffix go test adds to every name when it
// is above 1). Lines other than results and the header are ignored, except
// that a failure is an error quoting it.
func parse(out string, procs int) (*result, error) {
	res := &result{byKey: map[string]*row{}}
	suffix := ""
	if procs > 1 {
		suffix = "-" + strconv.Itoa(procs)
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "cpu: "):
			res.cpu = strings.TrimSpace(strings.TrimPrefix(line, "cpu: "))
			continue
		case strings.HasPrefix(line, "goos: "):
			res.goos = strings.TrimPrefix(line, "goos: ")
			continue
		case strings.HasPrefix(line, "goarch: "):
			res.arch = strings.TrimPrefix(line, "goarch: ")
			continue
		case strings.HasPrefix(line, "--- FAIL"), strings.HasPrefix(line, "FAIL"), strings.HasPrefix(line, "panic:"):
			return nil, fmt.Errorf("line %d: %s", n, line)
		}
		m := benchLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		name := strings.TrimSuffix(m[1], suffix)
		fields := strings.Fields(m[3])
		if len(fields)%2 != 0 {
			return nil, fmt.Errorf("line %d: %q: values and units do not pair up", n, line)
		}
		r := res.byKey[name]
		if r == nil {
			r = &row{name: name, samples: map[string][]float64{}}
			res.byKey[name] = r
			res.rows = append(res.rows, r)
		}
		for i := 0; i < len(fields); i += 2 {
			v, err := strconv.ParseFloat(fields[i], 64)
			if err != nil {
				return nil, fmt.Errorf("line %d: %q: %v", n, line, err)
			}
			unit := fields[i+1]
			r.samples[unit] = append(r.samples[unit], v)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return res, nil
}
