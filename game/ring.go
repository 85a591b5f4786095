package game

// ring holds the last cap values pushed into it, oldest first: a push into
// a full ring drops the oldest. The shots, the shell blasts and the log are
// rings. Its storage is allocated once, by newRing; push never allocates.
type ring[T any] struct {
	buf  []T
	next int // where the next push goes
	n    int // values held, 0..len(buf)
}

// newRing returns an empty ring of capacity c (at least 1).
func newRing[T any](c int) ring[T] { return ring[T]{buf: make([]T, max(c, 1))} }

// push adds v as the newest value, dropping the oldest when full.
func (r *ring[T]) push(v T) {
	r.buf[r.next] = v
	if r.next++; r.next == len(r.buf) {
		r.next = 0
	}
	if r.n < len(r.buf) {
		r.n++
	}
}

// len returns the number of values held.
func (r *ring[T]) len() int { return r.n }

// at returns the i-th oldest value held, 0 ≤ i < len().
func (r *ring[T]) at(i int) *T {
	k := r.next - r.n + i
	if k < 0 {
		k += len(r.buf)
	}
	return &r.buf[k]
}

// clear empties the ring, zeroing what it held.
func (r *ring[T]) clear() {
	clear(r.buf)
	r.next, r.n = 0, 0
}
