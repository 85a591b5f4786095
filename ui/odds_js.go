//go:build js

package ui

// oddsInBackground: the browser has one thread, so the odds are counted in
// slices of each tick (OddsPanel.Update).
const oddsInBackground = false
