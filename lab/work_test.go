package lab_test

import (
	"context"
	"errors"
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
	if !errors.As(err, &we) || !strings.Contains(err.Error(), "raise the ceiling with -max-work 1.46e+10") {
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
