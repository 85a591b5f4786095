package lab_test

import (
	"context"
	"errors"
	"flag"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/lab"
)

// longFight is testdata/long.toml: one squad of 20,000 under news every
// 0.01 s for an hour, a fight of many minutes, which used to show no
// progress until it ended.
func longFight(t *testing.T) *lab.Scenario {
	t.Helper()
	sc, err := lab.LoadScenario("testdata/long.toml")
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// Within a long fight the progress moves and a cancel stops it in a
// fraction of a second; before, both waited for the fight's end.
func TestLongFightProgressAndCancel(t *testing.T) {
	sc := longFight(t)
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	var seen []float64
	p := lab.Plan{Scenario: sc, Settings: sc.Settings, Seed: 1, Runs: 2, Workers: 1, Progress: func(done float64, total int) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, done)
		if len(seen) == 3 {
			cancel()
		}
	}}
	start := time.Now()
	runs, err := lab.MonteCarlo(ctx, p)
	if !errors.Is(err, context.Canceled) || runs != nil {
		t.Fatalf("MonteCarlo = %d runs, %v; want context.Canceled", len(runs), err)
	}
	if el := time.Since(start); el > 20*time.Second {
		t.Errorf("the cancelled fight ran %v", el)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) < 3 || !(seen[0] > 0 && seen[0] < 1) || !(seen[2] > seen[0]) {
		t.Errorf("progress reports %v; want shares of the first fight, growing", seen)
	}
}

// The work of a plan is estimated before it runs and refused over the
// ceiling with a way forward; results are bounded the same way.
func TestWorkAndResultCeilings(t *testing.T) {
	sc := longFight(t)
	w := lab.FightWork(sc)
	// 20,000 men for 3600 s, and 360,001 events reaching them.
	if want := 20000*3600 + 360001*20000.0; w < want || w > want*1.001 {
		t.Errorf("FightWork = %g; want %g", w, want)
	}
	err := lab.CheckWork("2 runs", 2*w, 0)
	var we *lab.WorkError
	if !errors.As(err, &we) || !strings.Contains(err.Error(), "raise the ceiling with -max-work 14600000000") {
		t.Errorf("CheckWork = %v; want a *WorkError saying how to raise the ceiling", err)
	}
	if err := lab.CheckWork("2 runs", 2*w, 2e10); err != nil {
		t.Errorf("CheckWork with -max-work 1e10 = %v; want nil", err)
	}
	one, err := lab.ParseScenario("one.toml", []byte("duration = 1.0\n[[squad]]\nsize = 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := lab.CheckResults(one, lab.MaxRuns); err != nil {
		t.Errorf("a million runs of one man for one second: %v; want nil", err)
	}
	long, err := lab.ParseScenario("one.toml", []byte("duration = 5000.0\n[[squad]]\nsize = 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := lab.CheckResults(long, 200000); err == nil || !strings.Contains(err.Error(), "would take about 89.6 GiB of memory (morale samples and metrics); at most 2 GiB,") {
		t.Errorf("200,000 runs of 10,000 samples: %v; want a refusal", err)
	}
	if _, err := lab.MonteCarlo(context.Background(), lab.Plan{Scenario: one, Settings: one.Settings, Runs: lab.MaxRuns + 1}); err == nil {
		t.Errorf("MonteCarlo of MaxRuns+1 runs = nil error")
	}
}

// A refusal of work says its numbers as a designer reads them, with no
// exponent, and asks for a -max-work the flag reads back and that lets the
// work through: it said "about 1.46e+10 units", "the ceiling is 1e+10" and
// "-max-work 1.46e+10".
func TestWorkErrorSaysNumbersPlain(t *testing.T) {
	tests := []struct {
		work, limit         float64
		about, ceiling, ask string
	}{
		{14_567_000_000, 0, "about 14600000000 units", "the ceiling is 10000000000:", "14600000000"},
		{1e10 + 1, 0, "about 10000000000 units", "the ceiling is 10000000000:", "10100000000"},
		{12_300_000_000, 0, "about 12300000000 units", "the ceiling is 10000000000:", "12300000000"},
		{2_000_000, 1_500_000, "about 2000000 units", "the ceiling is 1500000:", "2000000"},
		{1234.5, 1000, "about 1230 units", "the ceiling is 1000:", "1240"},
		{3.21e15, 1e15, "about 3210000000000000 units", "the ceiling is 1000000000000000:", "3210000000000000"},
	}
	for _, tt := range tests {
		err := lab.CheckWork("these fights", tt.work, tt.limit)
		if err == nil {
			t.Fatalf("CheckWork(%v, %v) = nil; want a refusal", tt.work, tt.limit)
		}
		msg := err.Error()
		for _, want := range []string{tt.about, tt.ceiling, "-max-work " + tt.ask} {
			if !strings.Contains(msg, want) {
				t.Errorf("CheckWork(%v) = %q; want %q in it", tt.work, msg, want)
			}
		}
		if strings.Contains(msg, "e+") {
			t.Errorf("CheckWork(%v) = %q; want no exponent", tt.work, msg)
		}
		_, ask, _ := strings.Cut(msg, "-max-work ")
		fs := flag.NewFlagSet("run", flag.ContinueOnError)
		maxWork := fs.Float64("max-work", lab.DefaultMaxWork, "")
		if err := fs.Parse([]string{"-max-work", ask}); err != nil {
			t.Errorf("-max-work %q: got %v; want it read", ask, err)
			continue
		}
		if err := lab.CheckWork("these fights", tt.work, *maxWork); err != nil {
			t.Errorf("-max-work %q: got %v; want the work let through", ask, err)
		}
	}
}

// A refusal of work says how long it would take one core in one rounded
// part (figures.Span): from two days on in days, where it said "56 h".
func TestWorkErrorSaysCoreTime(t *testing.T) {
	tests := []struct {
		work float64
		want string
	}{
		{5e8, "roughly 100 s of one core"},
		{1.5e10, "roughly 50 min of one core"},
		{2.5e11, "roughly 14 h of one core"},
		{1e12, "roughly 2 days of one core"},
		{1e13, "roughly 23 days of one core"},
	}
	for _, tt := range tests {
		err := lab.CheckWork("these fights", tt.work, 1)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("CheckWork(%v) = %v; want %q in it", tt.work, err, tt.want)
		}
	}
}

// Enough ends and is never below the work for every float: above 1.79e308
// rounding up to three figures passed the largest float, ParseFloat failed
// and it counted on forever; at 1e-321 math.Pow(10, -323) underflowed to 0
// and it asked for 1e-310. Where three figures cannot be had it is the work.
func TestWorkErrorEnoughEveryFloat(t *testing.T) {
	for _, tt := range []struct {
		work, want float64
	}{
		{14_567_000_000, 14_600_000_000}, {1e10 + 1, 10_100_000_000}, {1234.5, 1240}, {999.1, 1000},
		{1, 1}, {1e-300, 1e-300}, {1.0000001e-300, 1.01e-300}, {2.5e-308, 2.5e-308},
		{math.MaxFloat64, math.MaxFloat64}, {1.794e308, 1.794e308}, {1.7e308, 1.7e308}, {1.701e308, 1.71e308}, {9.99e307, 9.99e307},
		{1e-321, 1e-321}, {5e-324, 5e-324}, {0, 0}, {-3, -3}, {math.Inf(1), math.Inf(1)},
	} {
		got := (&lab.WorkError{Work: tt.work}).Enough()
		if got != tt.want {
			t.Errorf("Enough of %v = %v; want %v", tt.work, got, tt.want)
		}
	}
	if got := (&lab.WorkError{Work: math.NaN()}).Enough(); !math.IsNaN(got) {
		t.Errorf("Enough of NaN = %v; want NaN", got)
	}
}
