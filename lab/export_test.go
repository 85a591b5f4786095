package lab

import "github.com/moralebreak/moralebreak/morale"

// ColumnStat is the bootstrap's quick statistic of metric m over the runs
// idx, for the test that it equals metricStat's.
func ColumnStat(m Metric, runs []RunResult, stat string, idx []int) (float64, bool) {
	return newColumn(m, runs).stat(stat, idx)
}

// MetricStat is Summarize's statistics of m over the runs idx.
func MetricStat(m Metric, runs []RunResult, idx []int) Stat { return metricStat(m, runs, idx) }

// ParseShardField reads a shard file's "shard" field, as Merge does.
func ParseShardField(s string) (Shard, error) { return parseShardField(s) }

// TallyCascade is a fight's largest cascade when its men rout at the given
// times, in order, one man a rout: the count a run makes (tally.changed).
func TallyCascade(times []float64, window float64) int {
	t := newTally(1, 1, 0, window)
	for i, now := range times {
		t.changed(i, 0, morale.Steady, morale.Routed, now, false)
	}
	return t.res.LargestCascade
}
