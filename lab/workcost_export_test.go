package lab

// FightParts exposes the work model's measures of one fight of sc
// (fightParts) to the calibration benchmark and the tests, by name.
func FightParts(sc *Scenario) map[string]float64 {
	p := fightParts(sc, sc.Settings, newWorkEstimator(sc))
	return map[string]float64{
		"rest-steps": p.restSteps, "stirred-steps": p.stirredSteps, "steps": p.steps, "samples": p.samples,
		"reached": p.reached, "told": p.told, "rallied": p.rallied, "changes": p.changes,
		"scanned": p.scanned, "spawned": p.spawned,
	}
}

// NsPerUnit is the ns of one core a unit of work costs (nsPerUnit).
const NsPerUnit = nsPerUnit

// WeighParts weighs measures named as FightParts names them in units of
// work, with the work model's weights (workParts.units).
func WeighParts(m map[string]float64) float64 {
	return workParts{
		restSteps: m["rest-steps"], stirredSteps: m["stirred-steps"], steps: m["steps"], samples: m["samples"],
		reached: m["reached"], told: m["told"], rallied: m["rallied"], changes: m["changes"],
		scanned: m["scanned"], spawned: m["spawned"],
	}.units()
}
