package game

import "sort"

// Tape is the morale of the battle on screen since it began, sample by
// sample and change by change, copied from the session's History as it
// runs (the History keeps only the last HistoryWindow seconds): the demo's
// timeline scrubs through it, and while the rewind cursor is set it still
// holds the recorded future after the cursor. It is a Record; the zero
// Tape is empty.
//
// Sync copies the History's window over the tape's end whenever the
// session runs on its own timeline: a Restart (the History starts again at
// 0 s) or a Resume with other weights (a new future) overwrites what came
// after. While the cursor is set nothing is copied: the battle replays the
// recorded timeline, which the tape already holds.
type Tape struct {
	samples [][]Sample // by soldier (or squad, in the armies)
	changes []Change
}

// tapeSeconds is the longest stretch a Tape keeps: an hour of battle (a
// soldier's hour is 14 400 samples, 230 KB).
const tapeSeconds = 3600

var _ Record = (*Tape)(nil)

// Samples returns soldier id's samples, oldest first; nil for an unknown id.
func (t *Tape) Samples(id int) []Sample {
	if id < 0 || id >= len(t.samples) {
		return nil
	}
	return t.samples[id]
}

// Changes returns the state changes, oldest first.
func (t *Tape) Changes() []Change { return t.changes }

// Sync copies h's window over the tape's end: what the tape holds from the
// window's first sample on is replaced by the window (unchanged, it costs
// a comparison per soldier).
func (t *Tape) Sync(h *History) {
	for len(t.samples) < h.Len() {
		t.samples = append(t.samples, nil)
	}
	for id := range h.Len() {
		t.samples[id] = splice(t.samples[id], h.Samples(id), func(s Sample) float64 { return s.T })
	}
	t.changes = splice(t.changes, h.Changes(), func(c Change) float64 { return c.T })
}

// splice returns dst with everything from live's first element's time on
// replaced by live, and what lies tapeSeconds before live's end dropped.
// An empty live changes nothing; a dst that already ends in live is
// returned as it is.
func splice[E comparable](dst, live []E, at func(E) float64) []E {
	if len(live) == 0 {
		return dst
	}
	from := at(live[0])
	j := sort.Search(len(dst), func(i int) bool { return at(dst[i]) >= from })
	if len(dst)-j == len(live) && dst[j] == live[0] && dst[len(dst)-1] == live[len(live)-1] {
		return dst // the window is already the tape's end
	}
	dst = append(dst[:j], live...)
	if cut := sort.Search(len(dst), func(i int) bool { return at(dst[i]) >= at(live[len(live)-1])-tapeSeconds }); cut > 0 {
		dst = append(dst[:0], dst[cut:]...)
	}
	return dst
}

// Holds reports whether the tape is a record of the battle h is the
// History of: every soldier's latest sample in h is the tape's at that
// time. It is false after a rewind to before a Restart (the tape holds the
// later battle).
func (t *Tape) Holds(h *History) bool {
	for id := range h.Len() {
		live := h.Samples(id)
		if len(live) == 0 {
			continue
		}
		last := live[len(live)-1]
		ss := t.Samples(id)
		j := sort.Search(len(ss), func(i int) bool { return ss[i].T >= last.T })
		if j == len(ss) || ss[j] != last {
			return false
		}
	}
	return true
}
