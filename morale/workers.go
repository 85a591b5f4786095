package morale

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// stepChunk is how many agents a step's chunk holds (see step.go). It fixes
// the order in which the squads' sums are added, so it is part of the
// World's bits: it does not depend on the number of workers.
const stepChunk = 4096

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
	_       [128 - 2*24]byte
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
	switch {
	case w.workers < 0:
		return runtime.GOMAXPROCS(0)
	case w.workers == 0:
		return 1
	}
	return w.workers
}

// stepChunks runs the step's pass over n agents (more than one chunk) on
// up to Workers goroutines, then merges the chunks in order: their sums into
// w.next, their changes onto the queue.
func (w *World) stepChunks(r *stepRules, n int) {
	chunks := (n + stepChunk - 1) / stepChunk
	if len(w.chunkOuts) < chunks {
		w.chunkOuts = append(w.chunkOuts, make([]chunkOut, chunks-len(w.chunkOuts))...)
	}
	workers := min(w.Workers(), chunks)
	for len(w.stepWorkers) < workers {
		w.stepWorkers = append(w.stepWorkers, &stepWorker{})
	}
	for _, sw := range w.stepWorkers[:workers] {
		if len(sw.acc) < len(w.squads) {
			// A cache line of padding on each side: with few squads the
			// workers' sums would otherwise share a line (false sharing).
			const pad = 8
			sw.acc = make([]float64, len(w.squads)+2*pad)[pad : pad+len(w.squads)]
		}
	}
	if workers == 1 {
		for c := range chunks {
			w.stepOneChunk(r, c, n, w.stepWorkers[0])
		}
	} else {
		var nextChunk atomic.Int64 // one add per chunk, not per agent
		rules := *r                // shared by the goroutines: only this copy escapes
		r := &rules
		run := func(sw *stepWorker) {
			for {
				c := int(nextChunk.Add(1) - 1)
				if c >= chunks {
					return
				}
				w.stepOneChunk(r, c, n, sw)
			}
		}
		var wg sync.WaitGroup
		for _, sw := range w.stepWorkers[1:workers] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				run(sw)
			}()
		}
		run(w.stepWorkers[0])
		wg.Wait()
	}
	outs := w.chunkOuts[:chunks]
	dense := outs[0].dense // the same for every chunk of a step
	if dense && workers > 1 && len(w.squads) >= mergeSplitSquads {
		w.mergeDenseSplit(outs, workers)
	} else {
		mergeSums(w.next, outs, 0, len(w.squads))
	}
	for c := range outs {
		out := &outs[c]
		w.queue = append(w.queue, out.notes...)
		clear(out.notes)
	}
}

// mergeSplitSquads is the fewest squad slots whose dense chunk sums the
// workers merge side by side (see mergeDenseSplit); below, the caller's
// goroutine merges them alone, faster than starting goroutines.
const mergeSplitSquads = 256

// mergeSums adds the chunks' sums of slots lo..hi-1 into next, chunk by
// chunk in order, so that each slot's sum is added in chunk order whoever
// runs it: ((0 + chunk 0's) + chunk 1's) + ….
func mergeSums(next []float64, outs []chunkOut, lo, hi int) {
	for c := range outs {
		out := &outs[c]
		if out.dense {
			h := min(hi, len(out.sums))
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

// mergeDenseSplit is mergeSums over every slot, with the slots cut into one
// range a worker, each a whole number of cache lines: every slot is still
// added in chunk order (the bits do not depend on the cut), and no two
// workers write one line of next.
func (w *World) mergeDenseSplit(outs []chunkOut, workers int) {
	n := len(w.squads)
	const line = 8 // float64s a cache line
	per := (n/workers + line - 1) / line * line
	var wg sync.WaitGroup
	for lo := per; lo < n; lo += per {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mergeSums(w.next, outs, lo, min(lo+per, n))
		}()
	}
	mergeSums(w.next, outs, 0, min(per, n))
	wg.Wait()
}

// stepOneChunk runs chunk c of a step over n agents with worker sw's
// scratch, and leaves its sums and changes in w.chunkOuts[c].
func (w *World) stepOneChunk(r *stepRules, c, n int, sw *stepWorker) {
	lo := c * stepChunk
	hi := min(lo+stepChunk, n)
	out := &w.chunkOuts[c]
	// With no more squads than a chunk has agents, the chunk's sums are
	// found by reading every slot after the pass (at most one read per
	// agent), which spares the pass a test per agent whose outcome, at a
	// few hundred squads, would be anybody's guess. With more squads the
	// pass lists the slots it touched.
	track := len(w.squads) > stepChunk
	touched, notes := w.stepRange(r, lo, hi, sw.acc, sw.touched[:0], track, out.notes[:0])
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
	sw.touched = touched
	out.slots, out.sums, out.notes = slots, sums, notes
}
