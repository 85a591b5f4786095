package morale

// applyPerm moves agent perm[k] to place k in every per-agent column, given
// how many agents change place (none: nothing to do), and tells each handle
// that moved its new place.
func (w *World) applyPerm(perm []int32, moves int) {
	if moves == 0 {
		return
	}
	for _, k := range w.cols {
		k.permute(0, perm, &w.order.seen)
	}
	for k, i := range perm {
		if i != int32(k) {
			w.col.Handle[k].i = int32(k)
		}
	}
}
