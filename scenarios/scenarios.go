// Package scenarios holds the balance lab's shipped scenario files (see
// docs/balancing.md), embedded for the programs that have no files to read:
// the browser build's odds panel counts the odds of Opening.
package scenarios

import _ "embed"

// Opening is opening.toml: the demo's opening as a lab scenario, five men,
// five nerves, two losses and a rally. Parse it with lab.OddsScenario (its
// weights key names a file, which the odds replace with the live settings).
//
//go:embed opening.toml
var Opening []byte

// OpeningFile is Opening's name in error messages.
const OpeningFile = "scenarios/opening.toml"
