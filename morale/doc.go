// Package morale is MoraleBreak's simulation: squad morale for game AI.
//
// Enemies that fight to the last man read as machinery. The usual fix, a float
// and a threshold, reads as a bug: an agent sitting on the line flips between
// brave and terrified every frame. This package is the float done properly.
package morale
