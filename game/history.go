package game

import "github.com/moralebreak/moralebreak/morale"

// HistoryWindow is how far back, in seconds, History keeps morale samples
// and state changes.
const HistoryWindow = 30.0

// HistoryInterval is the period, in seconds of simulated time, of the morale
// samples: one per default morale step.
const HistoryInterval = 0.25

// historyLen is the number of samples in one window.
const historyLen = int(HistoryWindow / HistoryInterval)

// Sample is one soldier's morale (0..1) at simulated time T (seconds).
type Sample struct {
	T, Morale float64
}

// Change is a state change of soldier ID at simulated time T (seconds).
type Change struct {
	T        float64
	ID       int
	From, To morale.State
}

// Record is a record of morale the timeline draws: a History (the last
// HistoryWindow seconds), or a longer one (the demo keeps the whole battle
// to scrub through). Samples(id) is soldier id's samples, oldest first
// (nil for an unknown id), Changes the state changes, oldest first; the
// slices belong to the record: read them, do not keep or modify them.
type Record interface {
	Samples(id int) []Sample
	Changes() []Change
}

var _ Record = (*History)(nil)

// History holds each soldier's morale over the last HistoryWindow seconds and
// the state changes of that window, for the timeline panel. Sampling and
// trimming never allocate once a soldier's buffer exists. Returned slices
// belong to History: read them, do not keep or modify them.
type History struct {
	now     float64
	samples [][]Sample // per soldier, chronological, cap 2*historyLen
	changes []Change   // chronological
}

// Now returns the simulated time of the latest sample or change, in seconds.
func (h *History) Now() float64 { return h.now }

// Len returns the number of soldiers with a sample buffer.
func (h *History) Len() int { return len(h.samples) }

// Samples returns soldier id's samples of the last HistoryWindow seconds,
// oldest first; nil for an unknown id.
func (h *History) Samples(id int) []Sample {
	if id < 0 || id >= len(h.samples) {
		return nil
	}
	buf := h.samples[id]
	from := h.now - HistoryWindow
	lo, hi := 0, len(buf)
	for lo < hi { // first sample at or after from
		m := int(uint(lo+hi) >> 1)
		if buf[m].T < from {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return buf[lo:]
}

// Changes returns the state changes of the last HistoryWindow seconds, oldest
// first.
func (h *History) Changes() []Change {
	from := h.now - HistoryWindow
	i := 0
	for i < len(h.changes) && h.changes[i].T < from {
		i++
	}
	return h.changes[i:]
}

// grow makes room for soldiers up to n.
func (h *History) grow(n int) {
	for len(h.samples) < n {
		h.samples = append(h.samples, make([]Sample, 0, 2*historyLen))
	}
}

// sample records soldier id's morale at time t.
func (h *History) sample(id int, t, m float64) {
	h.now = t
	buf := h.samples[id]
	if len(buf) == cap(buf) {
		n := copy(buf, buf[len(buf)-historyLen:])
		buf = buf[:n]
	}
	h.samples[id] = append(buf, Sample{T: t, Morale: m})
}

// change records a state change.
func (h *History) change(c Change) {
	h.now = c.T
	if len(h.changes) == cap(h.changes) && len(h.changes) > 0 {
		// Drop what left the window before growing.
		from := c.T - HistoryWindow
		i := 0
		for i < len(h.changes) && h.changes[i].T < from {
			i++
		}
		if i > 0 {
			n := copy(h.changes, h.changes[i:])
			h.changes = h.changes[:n]
		}
	}
	h.changes = append(h.changes, c)
}

// advance moves the window's end to t.
func (h *History) advance(t float64) { h.now = t }
