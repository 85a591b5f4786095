//go:build !js

package labodds

// background: native builds count the odds on a goroutine of their own,
// beside the game's.
const background = true
