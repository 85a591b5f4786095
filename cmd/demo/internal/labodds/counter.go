// Package labodds fills the demo's odds panel and lint from the balance
// lab: Counter is a ui.OddsCounter of a lab scenario (the lab's odds are
// internal/odds' types, which ui shows as they are), Lint the lab's lint
// as ui.Config.Lint takes it. It is cmd/demo's, so that ui does not import
// lab.
package labodds

import (
	"context"
	"sync"

	"github.com/moralebreak/moralebreak/internal/odds"
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui"
)

// oddsChunk is how many fights the counter counts between two reports up
// to lab.OddsFirst, and oddsChunkLater after.
const (
	oddsChunk      = 25
	oddsChunkLater = 100
)

var _ ui.OddsCounter = (*Counter)(nil)

// Lint is the lab's lint of s (lab.Lint), as ui.Config.Lint takes it.
func Lint(s morale.Settings) []ui.LintWarning {
	ws := lab.Lint(s)
	if len(ws) == 0 {
		return nil
	}
	out := make([]ui.LintWarning, len(ws))
	for i, w := range ws {
		out[i] = ui.LintWarning{Rule: w.Rule, Message: w.Message}
	}
	return out
}

// oddsJobsKept is how many jobs the counter keeps besides the live
// settings' and the baseline's: going back to settings counted a moment
// ago (an A/B, an undone drag) starts from the fights already counted.
const oddsJobsKept = 4

// Counter counts the odds of the live settings against a baseline,
// the settings before the edit (a whole drag is one edit: the panel keeps
// its baseline from the press to the release). Set says which settings
// and which baseline; the counter counts the baseline's fights alongside
// the live settings' (the same seeds, common random numbers) so that the
// change is always measured from the baseline, however far its own count
// had got. It counts on a goroutine of its own (background, native
// builds) or in Poll (the browser). Its methods are safe for concurrent
// use; the jobs belong to whoever steps them (the goroutine, or Poll's
// caller).
type Counter struct {
	sc         *lab.Scenario
	seed       uint64
	runs       int
	background bool

	mu      sync.Mutex
	gen     uint64 // counts the Sets
	want    oddsWant
	report  lab.Odds
	doneGen uint64        // the gen whose count is finished
	changed chan struct{} // closed (and replaced) when report or doneGen change
	wake    chan struct{} // the goroutine's: a Set came (buffered, 1)
	ctx     context.Context
	cancel  context.CancelFunc

	// the stepper's own (the goroutine, or Poll's caller)
	jobs  map[string]*lab.OddsJob
	order []string // the jobs' hashes, the most recently wanted last
}

// oddsWant is what a Set asked for: the live settings and the baseline
// (hasBase false: none yet).
type oddsWant struct {
	s, base         morale.Settings
	hash, baseHash  string
	hasBase, hasAny bool
}

// New returns the counter of the odds panel for scenario sc (its weights
// are replaced by the live settings): lab.OddsRunsFor(sc) fights on the
// seeds of moralesim's seed 1, counted on a goroutine of its own in native
// builds and in Poll in the browser (one thread). It counts nothing
// before the first Set. Close stops it.
func New(sc *lab.Scenario) *Counter {
	return newCounter(sc, 1, lab.OddsRunsFor(sc), background)
}

// newCounter returns a counter of runs fights of sc on the seeds of
// seed, counting in the background or only in Poll.
func newCounter(sc *lab.Scenario, seed uint64, runs int, background bool) *Counter {
	c := &Counter{sc: sc, seed: seed, runs: runs, background: background,
		report:  lab.Odds{Scenario: sc.Name, Total: runs},
		changed: make(chan struct{}), wake: make(chan struct{}, 1),
		jobs: map[string]*lab.OddsJob{}}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	if background {
		go c.loop()
	}
	return c
}

// Set makes s the settings counted and base the baseline their changes
// are measured from (hasBase false: no baseline). Settings that do not
// validate give an error, which the report's Error says too; the report
// keeps its last numbers and the counter goes on with the last good
// settings.
func (c *Counter) Set(s, base morale.Settings, hasBase bool) error {
	if err := s.Validate(); err != nil {
		c.mu.Lock()
		c.report.Error = "odds: " + err.Error()
		c.broadcast()
		c.mu.Unlock()
		return err
	}
	w := oddsWant{s: s.Clone(), hash: lab.SettingsHash(s), hasAny: true}
	if hasBase && base.Validate() == nil {
		w.base, w.baseHash, w.hasBase = base.Clone(), lab.SettingsHash(base), true
	}
	c.mu.Lock()
	if c.want.hasAny && c.want.hash == w.hash && c.want.baseHash == w.baseHash && c.want.hasBase == w.hasBase {
		c.mu.Unlock()
		return nil
	}
	c.gen++
	c.want = w
	c.report.Error = ""
	c.broadcast()
	c.mu.Unlock()
	select {
	case c.wake <- struct{}{}:
	default:
	}
	return nil
}

// broadcast wakes every Wait. Call with mu held.
func (c *Counter) broadcast() {
	close(c.changed)
	c.changed = make(chan struct{})
}

// loop counts on the counter's goroutine until Close.
func (c *Counter) loop() {
	for {
		if c.step(0) {
			if c.ctx.Err() != nil {
				return
			}
			continue
		}
		select {
		case <-c.wake:
		case <-c.ctx.Done():
			return
		}
	}
}

// Poll counts up to n fights on the caller's goroutine (a counter without
// background) and reports whether fights remain; it does nothing for a
// background counter.
func (c *Counter) Poll(n int) bool {
	if c.background {
		return false
	}
	return c.step(max(1, n))
}

// step counts the next chunk (n fights, or the chunk for the count so
// far when n is 0) of the wanted settings, or first of the baseline when
// its count is behind, publishes the report, and reports whether fights
// remain.
func (c *Counter) step(n int) bool {
	c.mu.Lock()
	w, gen := c.want, c.gen
	c.mu.Unlock()
	if !w.hasAny || c.ctx.Err() != nil {
		return false
	}
	cur, err := c.job(w.hash, w.s)
	if err != nil {
		c.mu.Lock()
		if c.gen == gen {
			c.report.Error = err.Error()
			c.doneGen = gen
			c.broadcast()
		}
		c.mu.Unlock()
		return false
	}
	var ref *lab.OddsJob
	if w.hasBase {
		ref, _ = c.job(w.baseHash, w.base) // it validated: no error
	}
	c.prune(w)
	if n == 0 {
		n = oddsChunkLater
		if cur.Counted() < lab.OddsFirst {
			n = oddsChunk
		}
	}
	switch {
	case ref != nil && !ref.Done() && ref.Counted() <= cur.Counted():
		_ = ref.Step(c.ctx, n) // an error stops the job: it compares over what it counted
	case !cur.Done():
		_ = cur.Step(c.ctx, n) // an error stops the job; its odds say why
	}
	more := !cur.Done() || (ref != nil && !ref.Done() && ref.Counted() < cur.Counted())
	o := cur.Odds(ref)
	c.mu.Lock()
	if c.gen == gen {
		c.report = o
		if !more {
			c.doneGen = gen
		}
		c.broadcast()
	}
	c.mu.Unlock()
	return more
}

// job returns the job of the settings s (hash), made on first use.
func (c *Counter) job(hash string, s morale.Settings) (*lab.OddsJob, error) {
	if j, ok := c.jobs[hash]; ok {
		return j, nil
	}
	j, err := lab.NewOddsJob(c.sc, s, c.seed, c.runs)
	if err != nil {
		return nil, err
	}
	c.jobs[hash] = j
	return j, nil
}

// prune keeps the jobs of w and the oddsJobsKept most recently wanted
// others.
func (c *Counter) prune(w oddsWant) {
	touch := func(h string) {
		for i, o := range c.order {
			if o == h {
				c.order = append(c.order[:i], c.order[i+1:]...)
				break
			}
		}
		c.order = append(c.order, h)
	}
	if w.hasBase {
		touch(w.baseHash)
	}
	touch(w.hash)
	for len(c.order) > oddsJobsKept+2 {
		delete(c.jobs, c.order[0])
		c.order = c.order[1:]
	}
}

// Report returns the latest odds of the live settings, with the changes
// from the baseline over the fights both counted. Its slices are shared
// with the counter's later reports: do not modify them.
func (c *Counter) Report() odds.Odds {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.report
}

// Wait blocks until the wanted settings (and their baseline) are counted
// to the end, or ctx is done, whose error it returns. A counter without
// background counts them here.
func (c *Counter) Wait(ctx context.Context) error {
	if !c.background {
		for c.Poll(oddsChunkLater) {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		return nil
	}
	for {
		c.mu.Lock()
		done, ch := !c.want.hasAny || c.doneGen == c.gen, c.changed
		c.mu.Unlock()
		if done {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		case <-c.ctx.Done():
			return c.ctx.Err()
		}
	}
}

// Close stops the count.
func (c *Counter) Close() { c.cancel() }
