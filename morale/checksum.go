package morale

import (
	"encoding/binary"
	"math"
	"math/bits"
	"reflect"
	"unsafe"
)

// Checksum returns a 64-bit hash of everything that decides the World's
// future: its settings, clock and random source, every squad's count and
// sum, every agent's morale, nerve, state, flags, squad, position and
// timers, in the World's order, and when its sort windows next sort (see
// World). Two Worlds built by the same calls have the same checksum, on
// every CPU (the hash reads the numbers' bits, never their rounding), and
// so do a World, its Clone and the one its savegame loads into. Two Worlds
// that reached the same men by other calls may not: the hash reads the
// World's order and its squads' slots, which follow the calls' order. It is
// not a cryptographic hash.
//
// A lockstep game compares it between peers after each step to catch a
// desync the step it happens. It costs about a pass over the agents' data
// (see docs/performance.md), allocates nothing, and changes nothing. Tags,
// listeners, the ledger, the changes waiting to be taken and each agent's
// reasons (the Reasons a listener, TakeChanges and Snapshot give) do not
// count: they tell the game about the fight, they do not steer it. So
// peers whose only difference is a reason (two events told in other orders
// to a man already at morale 0, or news of the same worth under two names)
// agree until the game acts on it (moves him, reports an event): a game
// that must catch that the step it happens folds the reasons it acts on
// into its own check (counting it here, a column and a table lookup an
// agent, would slow every checksum for the few games that need it).
func (w *World) Checksum() uint64 {
	w.init()
	h := hasher{acc: 0x2545f4914f6cdd1d}
	h.settings(&w.s)
	var rng [32]byte
	if b, err := w.src.AppendBinary(rng[:0]); err == nil {
		for ; len(b) > 0; b = b[min(16, len(b)):] { // every byte: the last pair padded with zeros
			var p [16]byte
			copy(p[:], b)
			h.pair(binary.LittleEndian.Uint64(p[:]), binary.LittleEndian.Uint64(p[8:]))
		}
	}
	h.pair(uint64(w.nowTicks), uint64(w.stepTicks))
	h.pair(w.steps, uint64(len(w.col.Handle)))
	h.pair(uint64(len(w.squads)), 0)
	h.squads(w.squads)
	h.agents(&w.col)
	for k, s := range w.order.settled { // the breaks follow from the cells
		h.pair(uint64(uint32(s)), uint64(k))
	}
	h.pair(uint64(w.order.next), uint64(len(w.order.settled)))
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

// squads folds in every squad slot's id, member count and morale sum, one
// term a slot, in slot order: the slot's words combined into one and folded
// with the slot's key by mum, which no swap of two slots' values undoes (see
// hasher.agents).
func (h *hasher) squads(sqs []squad) {
	acc, key := h.acc, h.key
	for _, sq := range sqs {
		key += hashStep
		x := math.Float64bits(sq.sum) + bits.RotateLeft64(uint64(sq.id), 32) ^ uint64(uint32(sq.n))
		acc += mum(x, 0, key)
	}
	h.acc, h.key = acc, key
}

// agents folds in every agent's morale, nerve, timers, position, and
// state, flags and squad slot, one term an agent, in the World's order. An
// agent's words are first combined into one by adds, xors and rotations
// (adds carry, so no difference in one word is undone by the same
// difference in another unless every bit lines up), in pairs and then the
// pairs; then that word and his place in the order are folded by mum, whose
// 128-bit product is no sum of parts, so that two agents who swap a value,
// or trade a difference, change the sum. (A term linear in the word, as an
// odd multiply is, let such a trade cancel out: two men swapping their
// nerves left the checksum of 2,000 random Worlds unchanged 574 times.) One
// multiply an agent and no chain but the sum, so the pass costs about what
// reading the columns costs; the floats are read as their bits (floatWords,
// vecWords).
func (h *hasher) agents(c *agentColumns) {
	h.acc += agentTerms(c, h.key)
	h.key += uint64(len(c.Handle)) * hashStep
}

// agentTerms returns the sum of the agents' terms (see hasher.agents), each
// agent's word folded by mum with his place i, keyed by key: a function of
// its own, so that nothing but the columns, the index and the sum is live in
// its loop.
func agentTerms(c *agentColumns, key uint64) uint64 {
	n := len(c.Handle)
	mo, ne, pos := floatWords(c.Morale[:n]), floatWords(c.Nerve[:n]), vecWords(c.Pos[:n])
	ss, bn, st, fl, sq := c.StateSince[:n], c.BadNews[:n], c.State[:n], c.Flags[:n], c.Squad[:n]
	var acc uint64
	for i := range n {
		a := mo[i] + bits.RotateLeft64(ne[i], 11)
		b := uint64(ss[i]) ^ bits.RotateLeft64(uint64(bn[i]), 33)
		p := pos[i][0] + bits.RotateLeft64(pos[i][1], 55)
		s := uint64(uint32(sq[i]))<<32 | uint64(fl[i])<<8 | uint64(st[i])
		acc += mum(a+bits.RotateLeft64(b, 22)+bits.RotateLeft64(p^s, 44), uint64(i), key)
	}
	return acc
}

// floatWords returns the bits of f's numbers, math.Float64bits of each: the
// same memory read as uint64s (a float64 and a uint64 have the same size and
// byte order on every CPU Go runs on), so that a pass over them moves no
// value from a float register to an integer one.
func floatWords(f []float64) []uint64 {
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(f))), len(f))
}

// vecWords returns the bits of v's coordinates, X then Y, as floatWords does.
func vecWords(v []Vec2) [][2]uint64 {
	return unsafe.Slice((*[2]uint64)(unsafe.Pointer(unsafe.SliceData(v))), len(v))
}

// A Vec2 is exactly its two float64s, X then Y, as vecWords reads it: these
// fail to compile when it is larger or smaller (the order is tested).
var (
	_ [unsafe.Sizeof(Vec2{}) - 2*unsafe.Sizeof(float64(0))]struct{}
	_ [2*unsafe.Sizeof(float64(0)) - unsafe.Sizeof(Vec2{})]struct{}
)

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
