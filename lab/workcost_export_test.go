package lab

// FightParts exposes the work model's measures of one fight of sc
// (fightParts) to the calibration benchmark.
func FightParts(sc *Scenario) (manSeconds, reached, scanned, spawned float64) {
	p := fightParts(sc, sc.Settings, newWorkEstimator(sc))
	return p.manSeconds, p.reached, p.scanned, p.spawned
}

// NsPerUnit is the ns of one core a unit of work costs (nsPerUnit).
const NsPerUnit = nsPerUnit
