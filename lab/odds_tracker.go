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

// oddsJobsKept is how many jobs an OddsTracker keeps besides the live
// settings' and the baseline's: going back to settings counted a moment
// ago (an A/B, an undone drag) starts from the fights already counted.
const oddsJobsKept = 4

// OddsTracker keeps the odds of the live settings for the tuner's odds
// panel, measured from a baseline: the settings before the edit (a whole
// drag is one edit: the panel keeps its baseline from the press to the
// release). Set says which settings and which baseline; the tracker counts
// the baseline's fights alongside the live settings' (OddsJobs of the same
// seeds: common random numbers), so that the change is always measured
// from the baseline over the fights both counted, however far its own
// count had got. Report returns the latest numbers: Runs 0 until a fight
// of the live settings is counted, which the panel shows as counting, not
// as 0%. It keeps the jobs of the oddsJobsKept settings wanted last
// besides those two, and counts on a goroutine of its own (background:
// native builds, where the game's goroutine never waits for it) or in
// Poll (the browser, which has one thread).
//
// Its methods are safe for concurrent use; the jobs belong to whoever
// steps them (the goroutine, or Poll's caller).
type OddsTracker struct {
	sc         *Scenario
	seed       uint64
	runs       int
	background bool

	mu      sync.Mutex
	gen     uint64 // counts the Sets that changed what is wanted
	want    oddsWant
	report  Odds
	invalid string        // why the last Set was refused, "" after a good one
	doneGen uint64        // the gen whose count is finished
	changed chan struct{} // closed (and replaced) when report or doneGen change
	wake    chan struct{} // the goroutine's: a Set came (buffered, 1)
	ctx     context.Context
	cancel  context.CancelFunc

	// the stepper's own (the goroutine, or Poll's caller)
	jobs  map[string]*OddsJob
	order []string // the jobs' hashes, the most recently wanted last
}

// oddsWant is what a Set asked for: the live settings and the baseline
// (hasBase false: none).
type oddsWant struct {
	s, base         morale.Settings
	hash, baseHash  string
	hasBase, hasAny bool
}

// NewOddsTracker returns a tracker of the odds of runs fights of sc (its
// weights are replaced by the live settings) on the seeds of seed. With
// background it counts on a goroutine of its own; without, only in Poll
// (and Wait). It counts nothing before the first Set. Close stops it.
func NewOddsTracker(sc *Scenario, seed uint64, runs int, background bool) *OddsTracker {
	t := &OddsTracker{sc: sc, seed: seed, runs: runs, background: background,
		report:  Odds{Scenario: sc.Name, Total: runs},
		changed: make(chan struct{}), wake: make(chan struct{}, 1),
		jobs: map[string]*OddsJob{}}
	t.ctx, t.cancel = context.WithCancel(context.Background())
	if background {
		go t.loop()
	}
	return t
}

// Set makes s the settings counted and base the baseline their changes
// are measured from (hasBase false, or a base that does not validate: no
// baseline). Settings that do not validate give an error, which the
// report's Error says until the next good Set; the report keeps its last
// numbers and the tracker goes on with the last good settings.
func (t *OddsTracker) Set(s, base morale.Settings, hasBase bool) error {
	if err := s.Validate(); err != nil {
		t.mu.Lock()
		t.invalid = "odds: " + err.Error()
		t.report.Error = t.invalid
		t.broadcast()
		t.mu.Unlock()
		return err
	}
	w := oddsWant{s: s.Clone(), hash: SettingsHash(s), hasAny: true}
	if hasBase && base.Validate() == nil {
		w.base, w.baseHash, w.hasBase = base.Clone(), SettingsHash(base), true
	}
	t.mu.Lock()
	if t.invalid != "" {
		if t.report.Error == t.invalid {
			t.report.Error = ""
		}
		t.invalid = ""
		t.broadcast()
	}
	if t.want.hasAny && t.want.hash == w.hash && t.want.baseHash == w.baseHash && t.want.hasBase == w.hasBase {
		t.mu.Unlock()
		return nil
	}
	t.gen++
	t.want = w
	t.report.Error = ""
	t.broadcast()
	t.mu.Unlock()
	select {
	case t.wake <- struct{}{}:
	default:
	}
	return nil
}

// broadcast wakes every Wait. Call with mu held.
func (t *OddsTracker) broadcast() {
	close(t.changed)
	t.changed = make(chan struct{})
}

// loop counts on the tracker's goroutine until Close.
func (t *OddsTracker) loop() {
	for {
		if t.step(0) {
			if t.ctx.Err() != nil {
				return
			}
			continue
		}
		select {
		case <-t.wake:
		case <-t.ctx.Done():
			return
		}
	}
}

// Poll counts up to n fights on the caller's goroutine (a tracker without
// background) and reports whether fights remain; it does nothing for a
// background tracker.
func (t *OddsTracker) Poll(n int) bool {
	if t.background {
		return false
	}
	return t.step(max(1, n))
}

// step counts the next chunk (n fights, or the chunk for the count so far
// when n is 0) of the wanted settings, or first of the baseline when its
// count is behind, publishes the report, and reports whether fights
// remain.
func (t *OddsTracker) step(n int) bool {
	t.mu.Lock()
	w, gen := t.want, t.gen
	t.mu.Unlock()
	if !w.hasAny || t.ctx.Err() != nil {
		return false
	}
	cur, err := t.job(w.hash, w.s)
	if err != nil {
		t.mu.Lock()
		if t.gen == gen {
			t.report.Error = err.Error()
			t.doneGen = gen
			t.broadcast()
		}
		t.mu.Unlock()
		return false
	}
	var ref *OddsJob
	if w.hasBase {
		ref, _ = t.job(w.baseHash, w.base) // it validated: no error
	}
	t.prune(w)
	if n == 0 {
		n = oddsChunkLater
		if cur.Counted() < OddsFirst {
			n = oddsChunk
		}
	}
	switch {
	case ref != nil && !ref.Done() && ref.Counted() <= cur.Counted():
		_ = ref.Step(t.ctx, n) // an error stops the job: it compares over what it counted
	case !cur.Done():
		_ = cur.Step(t.ctx, n) // an error stops the job; its odds say why
	}
	more := !cur.Done() || (ref != nil && !ref.Done() && ref.Counted() < cur.Counted())
	o := cur.Odds(ref)
	t.mu.Lock()
	if t.gen == gen {
		if t.invalid != "" {
			o.Error = t.invalid
		}
		t.report = o
		if !more {
			t.doneGen = gen
		}
		t.broadcast()
	}
	t.mu.Unlock()
	return more
}

// job returns the job of the settings s (hash), made on first use.
func (t *OddsTracker) job(hash string, s morale.Settings) (*OddsJob, error) {
	if j, ok := t.jobs[hash]; ok {
		return j, nil
	}
	j, err := NewOddsJob(t.sc, s, t.seed, t.runs)
	if err != nil {
		return nil, err
	}
	t.jobs[hash] = j
	return j, nil
}

// prune keeps the jobs of w and the oddsJobsKept most recently wanted
// others.
func (t *OddsTracker) prune(w oddsWant) {
	touch := func(h string) {
		for i, o := range t.order {
			if o == h {
				t.order = append(t.order[:i], t.order[i+1:]...)
				break
			}
		}
		t.order = append(t.order, h)
	}
	if w.hasBase {
		touch(w.baseHash)
	}
	touch(w.hash)
	for len(t.order) > oddsJobsKept+2 {
		delete(t.jobs, t.order[0])
		t.order = t.order[1:]
	}
}

// Report returns the latest odds of the live settings, with the changes
// from the baseline over the fights both counted. Its slices are shared
// with the tracker's later reports: do not modify them.
func (t *OddsTracker) Report() Odds {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.report
}

// Wait blocks until the wanted settings (and their baseline) are counted
// to the end, or ctx is done, whose error it returns. A tracker without
// background counts them here, on the caller's goroutine.
func (t *OddsTracker) Wait(ctx context.Context) error {
	if !t.background {
		for t.Poll(oddsChunkLater) {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		return nil
	}
	for {
		t.mu.Lock()
		done, ch := !t.want.hasAny || t.doneGen == t.gen, t.changed
		t.mu.Unlock()
		if done {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		case <-t.ctx.Done():
			return t.ctx.Err()
		}
	}
}

// Close stops the count.
func (t *OddsTracker) Close() { t.cancel() }
