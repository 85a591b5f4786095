package morale

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// stepChunk is how many agents a step's chunk holds (see step.go). It fixes
// the order in which the squads' sums are added, so it is part of the
// World's bits: it does not depend on the number of workers. Each chunk
// copies and merges a sum per squad: at 16,384 that is little per agent.
const stepChunk = 16384

// chunkOut is what one chunk of a step leaves for the merge: its squad sums
// (slot and sum, pairwise) and its changes for the listeners. It is padded
// to two cache lines so that workers finishing neighbouring chunks do not
// write the same line.
type chunkOut struct {
	slots []int32
	sums  []float64
	notes []note
	// dense: sums holds a sum for every squad slot, in slot order (slots
	// is empty); else sums[k] is slot slots[k]'s.
	dense bool
	_     [128 - 3*24 - 1]byte
}

// stepWorker is one worker's scratch: a sum per squad slot, all 0 between
// chunks, and the slots a chunk touched.
type stepWorker struct {
	acc     []float64
	touched []int32
	_       [128 - 2*24]byte // two cache lines (see chunkOut)
}

// SetWorkers sets how many goroutines step the World: 0 means
// runtime.GOMAXPROCS at each step, 1 (the default) the caller's goroutine
// only. A negative n returns an error and changes nothing. The result is
// the same to the bit, and the listeners are told the same changes in the
// same order, for any number of workers and any GOMAXPROCS: the step's work
// is cut into chunks of a fixed number of agents, merged in chunk order.
// A World with too few agents for two chunks steps on the caller's
// goroutine whatever n is. Listeners are always called on the caller's
// goroutine, after the pass.
func (w *World) SetWorkers(n int) error {
	w.guard()
	if n < 0 {
		return fmt.Errorf("morale: SetWorkers(%d): the number of workers must not be negative", n)
	}
	if n == 0 {
		n = -1 // GOMAXPROCS, read at each step
	}
	w.workers = n
	return nil
}

// Workers returns the number of goroutines the World's next step may use:
// the number given to SetWorkers, GOMAXPROCS for 0, 1 by default.
func (w *World) Workers() int {
	if w.notCopied(); w.workers < 0 {
		return runtime.GOMAXPROCS(0)
	}
	return max(w.workers, 1)
}

// stepChunks runs the step's pass over n agents (more than one chunk) on
// up to Workers goroutines, then merges the chunks in order: their sums into
// w.next, their changes onto the queue.
func (w *World) stepChunks(r *stepRules, n int) {
	chunks := (n + w.chunk - 1) / w.chunk
	if len(w.chunkOuts) < chunks {
		w.chunkOuts = append(w.chunkOuts, make([]chunkOut, chunks-len(w.chunkOuts))...)
	}
	workers := min(w.Workers(), chunks)
	for len(w.stepWorkers) < workers {
		w.stepWorkers = append(w.stepWorkers, &stepWorker{})
	}
	for _, sw := range w.stepWorkers[:workers] {
		if len(sw.acc) < len(w.squads) {
			// A page (4 KiB) of padding on each side: the prefetchers, which fetch
			// lines ahead within a page, would take a worker's sums from the other's.
			const pad = 4096 / 8
			sw.acc = make([]float64, len(w.squads)+2*pad)[pad : pad+len(w.squads)]
		}
	}
	if workers == 1 {
		for c := range chunks {
			w.stepOneChunk(r, c, n, w.stepWorkers[0], w.next)
		}
	} else {
		w.stepShared(r, n, chunks, workers)
	}
	for _, out := range w.chunkOuts[:chunks] {
		w.queue = append(w.queue, out.notes...)
		clear(out.notes)
	}
}

// mergeRange is how many squad slots a worker merges at a time when the
// chunks' sums are dense (see stepShared): 64 float64s, eight whole cache
// lines, so no two workers write one line of w.next.
const mergeRange = 64

// stepJob is what the workers of one step share: the next chunk to take,
// how many chunks are done, the next range of squad slots to merge, each on
// a cache line of its own (each is written once per chunk or range, never
// per agent). It is made afresh for each step, so a worker that starts late
// can only find this step's work, all of it taken.
type stepJob struct {
	nextChunk atomic.Int64
	_         [56]byte
	done      atomic.Int64
	_         [56]byte
	nextRange atomic.Int64
	_         [56]byte
	rules     stepRules
	n, chunks int
	ranges    int // ranges of mergeRange slots the workers merge; 0: the caller merges
}

// stepShared runs the pass over n agents in chunks on workers goroutines
// (the caller's and workers−1 others), then merges their sums into w.next.
// Chunks are taken in order, one atomic add each, by whichever worker is
// free, so a worker that starts late or runs slow takes fewer. With dense
// sums (denseSums), each worker, once every chunk is done, takes ranges of
// mergeRange squad slots and adds their chunks' sums in chunk order, so the
// bits do not depend on who adds them; otherwise the caller merges them.
//
// The caller yields its processor once the others are started: a new
// goroutine waits in the caller's processor's next-to-run slot, which an
// idle processor steals only after a pause (on Linux tens of microseconds);
// the first processor to wake picks the caller up from the global queue.
func (w *World) stepShared(r *stepRules, n, chunks, workers int) {
	job := &stepJob{rules: *r, n: n, chunks: chunks}
	if w.denseSums() {
		job.ranges = (len(w.squads) + mergeRange - 1) / mergeRange
	}
	var wg sync.WaitGroup
	for _, sw := range w.stepWorkers[1:workers] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.stepWork(job, sw)
		}()
	}
	runtime.Gosched()
	w.stepWork(job, w.stepWorkers[0])
	wg.Wait()
	if job.ranges == 0 {
		mergeSums(w.next, w.chunkOuts[:chunks], 0, len(w.squads))
	}
}

// stepWork is one worker of stepShared: it takes chunks until none is left,
// then, when the workers merge (job.ranges > 0), waits until every chunk is
// done and takes ranges of slots to merge until none is left.
func (w *World) stepWork(job *stepJob, sw *stepWorker) {
	for c := int(job.nextChunk.Add(1) - 1); c < job.chunks; c = int(job.nextChunk.Add(1) - 1) {
		w.stepOneChunk(&job.rules, c, job.n, sw, nil)
		job.done.Add(1)
	}
	if job.ranges == 0 {
		return
	}
	// The chunks still running are at most one a worker, each a few tens of
	// microseconds: spin, yielding now and then so that a worker that has
	// not run yet (more workers than processors) gets to finish.
	for spins := 1; job.done.Load() < int64(job.chunks); spins++ {
		if spins%64 == 0 {
			runtime.Gosched()
		}
	}
	outs, squads := w.chunkOuts[:job.chunks], len(w.squads)
	for k := int(job.nextRange.Add(1) - 1); k < job.ranges; k = int(job.nextRange.Add(1) - 1) {
		mergeSums(w.next, outs, k*mergeRange, min((k+1)*mergeRange, squads))
	}
}

// mergeSums adds the chunks' sums of slots lo..hi-1 into next, chunk by
// chunk in order, so that each slot's sum is added in chunk order whoever
// runs it: ((0 + chunk 0's) + chunk 1's) + ….
func mergeSums(next []float64, outs []chunkOut, lo, hi int) {
	for _, out := range outs {
		if out.dense {
			h := min(hi, len(out.sums)) // slots lo..h-1
			if lo >= h {
				continue
			}
			next, sums := next[lo:h], out.sums[lo:h]
			for k, v := range sums {
				next[k] += v
			}
			continue
		}
		for k, s := range out.slots {
			if int(s) >= lo && int(s) < hi {
				next[s] += out.sums[k]
			}
		}
	}
}

// denseSums reports whether this step's chunks keep a sum for every squad
// slot (chunkOut.dense): with no more squads than a quarter of a chunk's
// agents (see stepOneChunk). Otherwise they list the slots they touched.
func (w *World) denseSums() bool { return 4*len(w.squads) <= w.chunk }

// stepOneChunk runs chunk c of a step over n agents with worker sw's
// scratch, and leaves its sums and changes in w.chunkOuts[c]; with next
// (one worker, taking the chunks in order), its sums go to chunk 0's place
// instead, added to next at once: mergeSums's additions, in its order.
func (w *World) stepOneChunk(r *stepRules, c, n int, sw *stepWorker, next []float64) {
	lo := c * w.chunk
	hi := min(lo+w.chunk, n)
	out := &w.chunkOuts[c]
	// With few squads (denseSums), the chunk's sums are found by reading
	// every slot after the pass (at most one read per four agents), which
	// spares the pass a test per agent whose outcome, at a few hundred
	// squads, would be anybody's guess. With more the pass lists the slots
	// it touched, in room for one an agent (none when it does not list).
	track := !w.denseSums()
	touched, notes := w.stepRange(r, lo, hi, slices.Grow(sw.touched[:0], b2i(track)*(hi-lo)), sw.acc, track, out.notes[:0])
	out.notes, sw.touched = notes, touched
	if next != nil {
		out = &w.chunkOuts[0]
	}
	slots, sums := out.slots[:0], out.sums[:0]
	out.dense = !track
	if !track {
		// Every slot's sum, copied whole: a slot left at 0 had no member
		// in the chunk or only members at morale 0, and adding 0 to a
		// squad's sum (never −0: sums start at +0, and +0 + −0 is +0)
		// changes no bit.
		acc := sw.acc[:len(w.squads)]
		sums = append(sums, acc...)
		clear(acc)
	}
	for _, s := range touched {
		// A slot touched twice gives its sum, then 0: adding 0 to a sum
		// of morale (never −0) changes no bit.
		slots = append(slots, s)
		sums = append(sums, sw.acc[s])
		sw.acc[s] = 0
	}
	out.slots, out.sums = slots, sums
	if next != nil {
		mergeSums(next, w.chunkOuts[:1], 0, len(w.squads))
	}
}
