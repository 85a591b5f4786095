//go:build js

package labodds

// background: the browser has one thread, so the odds are counted in
// slices of each tick (the odds panel's Update calls Poll).
const background = false
