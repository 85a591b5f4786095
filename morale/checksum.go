package morale

import (
	"encoding/binary"
	"math"
	"math/bits"
	"reflect"
)

// Checksum returns a 64-bit hash of everything that decides the World's
// future: its settings, clock and random source, every squad's count and
// sum, and every agent's morale, nerve, state, flags, squad, position and
// timers, in the World's order. Two Worlds that will answer the same calls
// with the same bits have the same checksum, on every CPU (the hash reads
// the numbers' bits, never their rounding); a World and the one its savegame
// loads into have the same checksum. It is not a cryptographic hash.
//
// A lockstep game compares it between peers after each step to catch a
// desync the step it happens. It costs about a pass over the agents' data
// (see docs/performance.md), allocates nothing, and changes nothing. Tags,
// listeners, the ledger and the changes waiting to be taken do not count:
// they tell the game about the fight, they do not steer it.
func (w *World) Checksum() uint64 {
	w.init()
	h := hasher{acc: 0x2545f4914f6cdd1d}
	h.settings(&w.s)
	var rng [32]byte
	if b, err := w.src.AppendBinary(rng[:0]); err == nil {
		for ; len(b) >= 16; b = b[16:] {
			h.pair(binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[8:]))
		}
		for ; len(b) >= 8; b = b[8:] {
			h.pair(binary.LittleEndian.Uint64(b), 0)
		}
	}
	h.pair(uint64(w.nowTicks), uint64(w.stepTicks))
	h.pair(w.steps, uint64(len(w.col.Handle)))
	for _, sq := range w.squads {
		h.pair(uint64(sq.id), uint64(sq.n)<<32|uint64(len(w.squads)))
		h.pair(math.Float64bits(sq.sum), 0)
	}
	h.agents(&w.col)
	return h.sum()
}

// hasher sums a hash of each pair of words it is given, each pair keyed by
// its place in the sequence (so that the same words in another order sum
// to another hash): a 64×64→128-bit multiply of the two words, each xored
// with the key, folded to 64 bits. One multiply for two words, and no chain
// of multiplies, so that the pass over the agents costs about what reading
// them costs.
type hasher struct{ acc, key uint64 }

const (
	hashStep = 0x9e3779b97f4a7c15 // the key's step: odd, its bits well spread
	hashOdd  = 0xe7037ed1a0b428db // keys the second word of a pair apart from the first
)

// mum folds a pair of words, keyed by key.
func mum(a, b, key uint64) uint64 {
	hi, lo := bits.Mul64(a^key, b^key^hashOdd)
	return hi ^ lo
}

// pair folds the words a and b in as the next pair.
func (h *hasher) pair(a, b uint64) {
	h.key += hashStep
	h.acc += mum(a, b, h.key)
}

// settings folds in every number of s: its float fields and its weights,
// the rows in any order (a sum of each row's own hash).
func (h *hasher) settings(s *Settings) {
	v := reflect.ValueOf(s).Elem()
	for k := range v.NumField() {
		if f := v.Field(k); f.Kind() == reflect.Float64 {
			h.pair(math.Float64bits(f.Float()), uint64(k))
		}
	}
	var rows uint64
	for e, wt := range s.Weights {
		r := mum(uint64(len(e)), math.Float64bits(wt), hashStep)
		for k := 0; k < len(e); k++ {
			r = mum(r, uint64(e[k]), hashStep)
		}
		rows += r
	}
	h.pair(rows, uint64(len(s.Weights)))
}

// agents folds in every agent's morale, nerve, timers, position, and
// state, flags and squad slot (one word), in the World's order. An agent's
// words are first combined into one by adds, xors and rotations (adds carry,
// so no difference in one word is undone by the same difference in another
// unless every bit lines up), with the agent's key; the result, times an odd
// constant (a bijection: no change is lost) and rotated by half (so its high
// bits reach the low ones), is added to the sum. One multiply an agent and no
// chain but the sum, so the pass costs about what reading the columns costs.
func (h *hasher) agents(c *agentColumns) {
	n := len(c.Handle)
	mo, ne, ss, bn := c.Morale[:n], c.Nerve[:n], c.StateSince[:n], c.BadNews[:n]
	pos, st, fl, sq := c.Pos[:n], c.State[:n], c.Flags[:n], c.Squad[:n]
	acc, key := h.acc, h.key
	for i := range n {
		key += hashStep
		x := math.Float64bits(mo[i]) ^ key
		x += bits.RotateLeft64(math.Float64bits(ne[i]), 11)
		x ^= bits.RotateLeft64(uint64(ss[i]), 22)
		x += bits.RotateLeft64(uint64(bn[i]), 33)
		x ^= bits.RotateLeft64(math.Float64bits(pos[i].X), 44)
		x += bits.RotateLeft64(math.Float64bits(pos[i].Y), 55)
		x ^= uint64(uint32(sq[i]))<<32 | uint64(fl[i])<<8 | uint64(st[i])
		acc += bits.RotateLeft64(x*0x9fb21c651e98df25, 32)
	}
	h.acc, h.key = acc, key
}

// sum returns the hash: the sum and the count of pairs, well mixed.
func (h *hasher) sum() uint64 {
	x := mum(h.acc, h.key, hashOdd)
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}
