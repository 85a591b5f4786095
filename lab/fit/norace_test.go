//go:build !race

package fit_test

// raceDetector is true in a test binary built with -race, where a fit runs
// many times slower.
const raceDetector = false
