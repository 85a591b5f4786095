//go:build !js

package ui

// oddsInBackground: native builds count the odds on a goroutine of their
// own, beside the game's.
const oddsInBackground = true
