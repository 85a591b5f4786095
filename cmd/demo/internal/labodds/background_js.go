//go:build js

package labodds

// background: the browser has one thread, so the odds are counted in
// slices of each tick (ui.OddsPanel.Update calls Poll).
const background = false
