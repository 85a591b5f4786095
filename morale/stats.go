package morale

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
)

// SquadStats sums up one squad.
type SquadStats struct {
	ID SquadID
	// Count is the number of members.
	Count int
	// Average and Lowest are the members' mean and lowest morale.
	Average, Lowest float64
	// ByState counts the members in each state, indexed by State.
	ByState [NumStates]int
	// Broken counts the members that are Panicked or Routed.
	Broken int
}

// SquadStats returns the statistics of squad id, and false when it has no
// members. It reads every agent once; for every squad, AllSquadStats reads
// them once in all.
func (w *World) SquadStats(id SquadID) (SquadStats, bool) {
	w.notCopied()
	slot, ok := w.slotOf[id]
	if !ok || w.squads[slot].n == 0 {
		return SquadStats{}, false
	}
	st := SquadStats{ID: id, Lowest: 1}
	for i, s := range w.col.Squad {
		if s == slot {
			st.add(w.col.Morale[i], w.col.State[i])
		}
	}
	st.Average /= float64(st.Count)
	return st, true
}

// add counts one member; Average holds the sum until the caller divides.
func (st *SquadStats) add(m float64, s State) {
	st.Average += m
	st.Count++
	st.Lowest = min(st.Lowest, m)
	st.ByState[s]++
	if s.IsBroken() {
		st.Broken++
	}
}

// AllSquadStats appends to dst the statistics of every squad that has
// members, sorted by ID, and returns the extended slice. It reads every
// agent once, whatever the number of squads, and gives each squad the same
// numbers, to the bit, as SquadStats. With a dst of enough capacity it
// allocates nothing, so that a HUD may call it every frame, while the World
// keeps at most 256 squad slots (its squads with members and, until half
// the slots are empty, those emptied since); beyond that, every call
// allocates an index of 4 bytes a slot, which the World does not keep: it
// writes nothing of the World, as a reader should not.
func (w *World) AllSquadStats(dst []SquadStats) []SquadStats {
	w.notCopied()
	base := len(dst)
	for _, sq := range w.squads {
		if sq.n > 0 {
			dst = append(dst, SquadStats{ID: sq.id, Lowest: 1})
		}
	}
	out := dst[base:]
	slices.SortFunc(out, func(a, b SquadStats) int { return cmp.Compare(a.ID, b.ID) })
	var onStack [statsOnStack]int32
	at := onStack[:] // slot → index in out
	if len(w.squads) > len(at) {
		at = make([]int32, len(w.squads))
	}
	for k := range out {
		at[w.slotOf[out[k].ID]] = int32(k)
	}
	for i, slot := range w.col.Squad {
		out[at[slot]].add(w.col.Morale[i], w.col.State[i])
	}
	for k := range out {
		out[k].Average /= float64(out[k].Count)
	}
	return dst
}

// statsOnStack is how many squad slots AllSquadStats indexes without
// allocating: 1 KB of its stack.
const statsOnStack = 256

// Dump writes the MoraleBreak.Dump text to out: for every squad its average
// and lowest morale and how many have broken (Panicked or Routed). It reads
// every agent once, whatever the number of squads. It writes the text in one
// Write call and returns that call's error.
func (w *World) Dump(out io.Writer) error {
	all := w.AllSquadStats(nil)
	var b strings.Builder
	fmt.Fprintf(&b, "MoraleBreak.Dump at %.2f s: %s, %s\n", w.Now(), count(len(all), "squad"), count(w.Len(), "agent"))
	for _, st := range all {
		fmt.Fprintf(&b, "squad %d: %s, average %.2f, lowest %.2f, broken %d (steady %d, shaken %d, panicked %d, routed %d)\n",
			st.ID, count(st.Count, "agent"), st.Average, st.Lowest, st.Broken,
			st.ByState[Steady], st.ByState[Shaken], st.ByState[Panicked], st.ByState[Routed])
	}
	_, err := io.WriteString(out, b.String())
	return err
}

// count returns n and the noun, plural unless n is 1: "1 squad", "3 agents".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
