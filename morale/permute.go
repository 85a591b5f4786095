package morale

import "slices"

// Moving the agents' data to their new places once a sort (see order.go,
// ranksort.go) has chosen them.

// applyPerm moves agent perm[k] to place k in every per-agent array, and in
// the grid places too when withLoc, given how many agents change place:
// none, nothing to do; at most half, only those, in place (see
// permuteSome); more, every array gathered into its spare, which then
// takes its place (see permuteAgents).
func (w *World) applyPerm(perm []int32, moves int, withLoc bool) {
	switch {
	case moves == 0:
	case 2*moves <= len(perm):
		o := &w.order
		mv := slices.Grow(o.moved[:0], moves)
		for k, i := range perm {
			if i != int32(k) {
				mv = append(mv, int32(k))
			}
		}
		o.moved = mv
		w.permuteSome(perm, mv, withLoc)
	default:
		w.permuteAgents(perm, withLoc)
	}
}

// permuteSome moves agent perm[k] to place k for every place k in mv (the
// places whose agent changes, in order; the others keep theirs), in every
// per-agent array, in place: the incoming agents' data gathered into the
// spares, then written to their places. The ledger's records are permuted
// cycle by cycle (see permute).
func (w *World) permuteSome(perm, mv []int32, withLoc bool) {
	o := &w.order
	o.handles = moveSome(w.handles, o.handles, perm, mv)
	for _, k := range mv {
		w.handles[k].i = k
	}
	o.morale = moveSome(w.morale, o.morale, perm, mv)
	o.nerve = moveSome(w.nerve, o.nerve, perm, mv)
	o.stateSince = moveSome(w.stateSince, o.stateSince, perm, mv)
	o.badNews = moveSome(w.badNews, o.badNews, perm, mv)
	o.squad = moveSome(w.squad, o.squad, perm, mv)
	o.state = moveSome(w.state, o.state, perm, mv)
	o.flags = moveSome(w.flags, o.flags, perm, mv)
	o.pos = moveSome(w.pos, o.pos, perm, mv)
	o.why = moveSome(w.why, o.why, perm, mv)
	if withLoc {
		o.loc = moveSome(w.loc, o.loc, perm, mv)
	}
	if w.led != nil {
		permute(w.led.agents, perm, &o.seen)
	}
}

// moveSome sets a[k] = a[perm[k]] (the values before the call) for every k
// in mv, through tmp (grown when too short, and returned).
func moveSome[T any](a, tmp []T, perm, mv []int32) []T {
	tmp = slices.Grow(tmp[:0], len(mv))[:len(mv)]
	for j, k := range mv {
		tmp[j] = a[perm[k]]
	}
	for j, k := range mv {
		a[k] = tmp[j]
	}
	return tmp
}

// permuteAgents moves agent perm[k] to place k in every per-agent array,
// and in the grid places too when withLoc: each array is gathered into its
// spare (see sortScratch), which then takes its place, the old array
// becoming the spare for the next sort. The ledger's records, kept only
// when the ledger is on and large, are permuted in place, cycle by cycle
// (see permute).
func (w *World) permuteAgents(perm []int32, withLoc bool) {
	o := &w.order
	n := len(perm)
	handles := slices.Grow(o.handles[:0], n)[:n]
	morale := slices.Grow(o.morale[:0], n)[:n]
	nerve := slices.Grow(o.nerve[:0], n)[:n]
	stateSince := slices.Grow(o.stateSince[:0], n)[:n]
	badNews := slices.Grow(o.badNews[:0], n)[:n]
	squad := slices.Grow(o.squad[:0], n)[:n]
	state := slices.Grow(o.state[:0], n)[:n]
	flags := slices.Grow(o.flags[:0], n)[:n]
	pos := slices.Grow(o.pos[:0], n)[:n]
	why := slices.Grow(o.why[:0], n)[:n]
	// Two passes, each over a few arrays, so that the streams of both
	// fit the hardware's prefetchers; each handle is told his new place.
	{
		h, m, v, s, b := w.handles, w.morale, w.nerve, w.stateSince, w.badNews
		for k, i := range perm {
			a := h[i]
			handles[k] = a
			a.i = int32(k)
			morale[k], nerve[k] = m[i], v[i]
			stateSince[k], badNews[k] = s[i], b[i]
		}
	}
	{
		q, s, f, p, y := w.squad, w.state, w.flags, w.pos, w.why
		for k, i := range perm {
			squad[k], state[k], flags[k] = q[i], s[i], f[i]
			pos[k] = p[i]
			why[k] = y[i]
		}
	}
	w.handles, o.handles = handles, w.handles
	w.morale, o.morale = morale, w.morale
	w.nerve, o.nerve = nerve, w.nerve
	w.stateSince, o.stateSince = stateSince, w.stateSince
	w.badNews, o.badNews = badNews, w.badNews
	w.squad, o.squad = squad, w.squad
	w.state, o.state = state, w.state
	w.flags, o.flags = flags, w.flags
	w.pos, o.pos = pos, w.pos
	w.why, o.why = why, w.why
	if withLoc {
		loc := slices.Grow(o.loc[:0], n)[:n]
		l := w.loc
		for k, i := range perm {
			loc[k] = l[i]
		}
		w.loc, o.loc = loc, w.loc
	}
	if w.led != nil {
		permute(w.led.agents, perm, &o.seen)
	}
}

// permute puts a[perm[k]] at place k, in place, cycle by cycle, with a bit
// per agent (*seen, grown when too short, cleared) marking the places done:
// no spare array of a's type, which for the ledger's records would cost as
// much memory as the records themselves.
func permute[T any](a []T, perm []int32, seen *[]uint64) {
	m := slices.Grow((*seen)[:0], (len(a)+63)/64)[:(len(a)+63)/64]
	clear(m)
	*seen = m
	for s := range int32(len(a)) {
		if m[s>>6]&(1<<(s&63)) != 0 || perm[s] == s {
			continue
		}
		tmp := a[s]
		k := s
		for {
			m[k>>6] |= 1 << (k & 63)
			j := perm[k]
			if j == s {
				a[k] = tmp
				break
			}
			a[k] = a[j]
			k = j
		}
	}
}
