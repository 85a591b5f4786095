package game

// Snapshot internals for the tests and benchmarks of package game_test.

// SnapshotStats returns how many snapshots g keeps, their spacing in
// sub-ticks, and how many times Rewind.To restored one.
func SnapshotStats(g *Session) (count int, every int64, restored int) {
	return len(g.rw.snaps.list), g.rw.snaps.every, g.rw.snaps.restored
}

// SnapshotBytes returns the heap the snapshots' copies allocated, summed.
func SnapshotBytes(g *Session) uint64 { return g.rw.snaps.bytes }

// DropSnapshots forgets g's snapshots and, with off, takes no more:
// Rewind.To then re-simulates from the start, as it did before snapshots.
func DropSnapshots(g *Session, off bool) {
	g.rw.snaps.dropAfter(-1)
	g.rw.snaps.off = off
}

// SnapshotTicks returns the session sub-ticks of g's snapshots, oldest
// first.
func SnapshotTicks(g *Session) []int64 {
	out := make([]int64, len(g.rw.snaps.list))
	for i, s := range g.rw.snaps.list {
		out[i] = s.session
	}
	return out
}
