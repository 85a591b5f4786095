package morale

import "math"

// News blocks. The World's agents, in the World's order, fall into blocks of
// newsBlock agents (agents 0..newsBlock-1, then the next newsBlock, and so
// on; the last block may be short). For each block the World keeps, in
// newsBound, a tick no earlier than the last bad news of any of its agents,
// or noCalm when the block may hold an agent spawned WithoutContagion. A
// step whose recovery is on and whose rules recover, for the whole step,
// every agent whose bad news came before some tick (see fastRules.whole)
// then knows, from one number per block, that a block's agents all recover
// for the whole step and are all pulled by contagion: it runs them through
// stepCalm, which reads neither their bad news nor their flags (13 bytes
// read per agent instead of 22, and about half the instructions of
// stepFast). The bits are stepFast's: the bound only chooses the loop.
//
// A bound may be later than its block's last bad news (an agent who had it
// may have been removed or moved by a sort since), never earlier: every
// write of an agent's bad news raises his block's bound to it, an agent
// moved into another place (Remove) raises that place's block's bound to his
// own key, a new agent (Spawn) raises his block's, and a sort
// (sortAgents) recomputes every bound afresh. The bounds are read, not
// written, during a step's pass, so chunks may run on several goroutines.

// newsShift is log2 of newsBlock.
const newsShift = 8

// newsBlock is how many agents a news block holds: a power of two that
// divides stepChunk, so that no block straddles two chunks of a step. It
// does not depend on the number of workers.
const newsBlock = 1 << newsShift

// noCalm is the bound of a block that may hold an agent spawned
// WithoutContagion: later than any step's whole, so the block never takes
// stepCalm.
const noCalm = math.MaxInt64

// newsKey returns what agent i demands of his block's bound: the tick of his
// last bad news (never when none), or noCalm when he was spawned
// WithoutContagion.
func (w *World) newsKey(i int32) int64 {
	if w.flags[i]&flagNoContagion != 0 {
		return noCalm
	}
	return w.badNews[i]
}

// raiseNews raises the bound of the block of agent i to his key: called
// after his bad news changed or after he took place i.
func (w *World) raiseNews(i int32) {
	b := i >> newsShift
	if k := w.newsKey(i); k > w.newsBound[b] {
		w.newsBound[b] = k
	}
}

// spawnedNews gives the block of agent i, just appended to the World's
// arrays, his key: a new block starts at it, an existing one is raised.
func (w *World) spawnedNews(i int32) {
	if int(i>>newsShift) == len(w.newsBound) {
		w.newsBound = append(w.newsBound, w.newsKey(i))
		return
	}
	w.raiseNews(i)
}

// trimNews drops the bounds of the blocks beyond the World's n agents
// (after Remove shortened the arrays).
func (w *World) trimNews(n int) {
	w.newsBound = w.newsBound[:(n+newsBlock-1)>>newsShift]
}

// rebuildNews recomputes every block's bound from its agents' keys: each
// bound is then its block's latest key exactly.
func (w *World) rebuildNews() {
	n := len(w.badNews)
	blocks := (n + newsBlock - 1) >> newsShift
	if cap(w.newsBound) < blocks {
		w.newsBound = make([]int64, blocks)
	}
	w.newsBound = w.newsBound[:blocks]
	for b := range blocks {
		lo, hi := b<<newsShift, min((b+1)<<newsShift, n)
		bound := int64(never)
		for i := lo; i < hi; i++ {
			bound = max(bound, w.newsKey(int32(i)))
		}
		w.newsBound[b] = bound
	}
}
