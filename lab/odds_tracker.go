package lab

import (
	"context"
	"sync"

	"github.com/moralebreak/moralebreak/morale"
)

// oddsChunk is how many fights an OddsTracker counts between two reports
// up to OddsFirst, and oddsChunkLater after.
const (
	oddsChunk      = 25
	oddsChunkLater = 100
)

// OddsTracker keeps the odds of the live settings, for the tuner: Set
// starts counting the odds of new settings (an OddsJob), cancelling the
// count under way, and Report returns the latest numbers. The counting runs
// on a goroutine of its own (background, for native builds: the game's
// goroutine never waits for it), or in slices the caller runs with Poll
// (the browser, which has one thread).
//
// The reference the changes are measured from is the settings whose odds
// were last counted to the end before a Set: a drag of a slider, whose
// intermediate settings are replaced before they are counted, is measured
// as one edit from where it started.
//
// Its methods are safe for concurrent use.
type OddsTracker struct {
	sc         *Scenario
	seed       uint64
	runs       int
	background bool

	mu     sync.Mutex
	gen    uint64 // counts the jobs: a report of an older one is dropped
	cur    *OddsJob
	ref    *OddsJob // a job counted to its end, or nil
	cancel context.CancelFunc
	ctx    context.Context
	done   chan struct{} // closed when cur is done (or replaced)
	// complete says cur was counted to its end without an error, as the
	// goroutine counting it told finish: cur's fights are that
	// goroutine's, so Set does not read them.
	complete bool
	report   Odds
	err      error // why the live settings have no odds (invalid), or nil
}

// NewOddsTracker returns a tracker of the odds of runs fights of sc on the
// seeds of seed. With background it counts on a goroutine of its own;
// without, only in Poll. It counts nothing before the first Set.
func NewOddsTracker(sc *Scenario, seed uint64, runs int, background bool) *OddsTracker {
	return &OddsTracker{sc: sc, seed: seed, runs: runs, background: background, report: Odds{Scenario: sc.Name, Total: runs}}
}

// Scenario returns the tracker's scenario.
func (t *OddsTracker) Scenario() *Scenario { return t.sc }

// Set makes s the settings whose odds are counted, unless they are already
// (the same SettingsHash): the count under way stops and a new one starts
// from the first fight. Settings the odds cannot count (they do not
// validate) give an error, which Report's Error says too, and change
// nothing else: the tuner goes on.
func (t *OddsTracker) Set(s morale.Settings) error {
	hash := SettingsHash(s)
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cur != nil && t.cur.hash == hash {
		return nil
	}
	job, err := NewOddsJob(t.sc, s, t.seed, t.runs)
	if err != nil {
		t.err = err
		t.report.Error = err.Error()
		return err
	}
	if t.cur != nil {
		if t.complete {
			t.ref = t.cur
		}
		t.cancel()
		if t.done != nil {
			close(t.done)
		}
	}
	t.err = nil
	t.gen++
	t.cur, t.complete = job, false
	t.ctx, t.cancel = context.WithCancel(context.Background())
	t.done = make(chan struct{})
	t.report = job.Odds(t.ref)
	if t.background {
		go t.count(t.gen, job, t.ref, t.ctx, t.done)
	}
	return nil
}

// count runs job to its end on its own goroutine, reporting as it goes.
func (t *OddsTracker) count(gen uint64, job, ref *OddsJob, ctx context.Context, done chan struct{}) {
	for !job.Done() {
		if err := job.Step(ctx, chunkAt(job.Counted())); ctx.Err() != nil {
			return
		} else if err != nil {
			t.publish(gen, job, ref)
			break
		}
		t.publish(gen, job, ref)
	}
	t.finish(gen, done, job.Err() == nil)
}

// chunkAt is how many fights to count next after counted.
func chunkAt(counted int) int {
	if counted < OddsFirst {
		return oddsChunk
	}
	return oddsChunkLater
}

// publish makes job's odds the report, if job is still the tracker's.
func (t *OddsTracker) publish(gen uint64, job, ref *OddsJob) {
	o := job.Odds(ref) // outside the lock: the job is this goroutine's
	t.mu.Lock()
	if t.gen == gen {
		if t.err != nil {
			o.Error = t.err.Error()
		}
		t.report = o
	}
	t.mu.Unlock()
}

// finish closes done if gen is still the tracker's job (a replaced job's
// done was closed by Set), and notes whether it was counted to its end
// (ok: without an error), for Set to keep as the reference.
func (t *OddsTracker) finish(gen uint64, done chan struct{}, ok bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.gen == gen {
		close(done)
		t.done = nil
		t.complete = ok
	}
}

// Poll counts up to n fights of the live settings' odds on the caller's
// goroutine (a tracker without background), and reports whether fights
// remain. It does nothing for a background tracker, or before Set.
func (t *OddsTracker) Poll(n int) bool {
	t.mu.Lock()
	job, ref, ctx, gen, done := t.cur, t.ref, t.ctx, t.gen, t.done
	t.mu.Unlock()
	if t.background || job == nil || job.Done() {
		return false
	}
	_ = job.Step(ctx, n) // an error stops the job; its odds say why
	t.publish(gen, job, ref)
	if job.Done() {
		t.finish(gen, done, job.Err() == nil)
	}
	return !job.Done()
}

// Report returns the latest odds of the live settings: over the fights
// counted so far (Runs of Total), with the changes from the reference.
func (t *OddsTracker) Report() Odds {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.report
}

// Wait blocks until the live settings' odds are counted to the end (or
// ctx is done, whose error it returns). A tracker without background
// counts them here, on the caller's goroutine.
func (t *OddsTracker) Wait(ctx context.Context) error {
	if !t.background {
		for t.Poll(oddsChunkLater) {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		return nil
	}
	t.mu.Lock()
	done := t.done
	t.mu.Unlock()
	if done == nil {
		return nil
	}
	select {
	case <-done:
		return t.Wait(ctx) // a Set may have replaced the job meanwhile
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Close stops the count under way.
func (t *OddsTracker) Close() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cancel != nil {
		t.cancel()
	}
}
