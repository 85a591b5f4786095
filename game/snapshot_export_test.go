package game

// Snapshot internals for the tests and benchmarks of package game_test.

// SnapshotStats returns how many snapshots g keeps, their spacing in
// sub-ticks, and how many times RewindTo restored one.
func SnapshotStats(g *Game) (count int, every int64, restored int) {
	return len(g.snaps.list), g.snaps.every, g.snaps.restored
}

// SnapshotBytes returns the heap the snapshots' copies allocated, summed.
func SnapshotBytes(g *Game) uint64 { return g.snaps.bytes }

// DropSnapshots forgets g's snapshots and, with off, takes no more: RewindTo
// then re-simulates from the start, as it did before snapshots.
func DropSnapshots(g *Game, off bool) {
	g.snaps.dropAfter(-1)
	g.snaps.off = off
}

// SnapshotTicks returns the session sub-ticks of g's snapshots, oldest
// first.
func SnapshotTicks(g *Game) []int64 {
	out := make([]int64, len(g.snaps.list))
	for i, s := range g.snaps.list {
		out[i] = s.session
	}
	return out
}
