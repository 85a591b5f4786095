package game

import "github.com/moralebreak/moralebreak/morale"

// barkVariants is the number of lines per kind of bark.
const barkVariants = 3

// barkLine returns variant k (0..barkVariants-1) of the bark for a change
// from old to new: the README's "play the bark" (Using morale/ in your own
// game).
func barkLine(old, new morale.State, k int) string {
	switch {
	case old == morale.Routed && new != morale.Routed: // back in the fight
		return [barkVariants]string{"Back in the fight!", "I'm with you, lads!", "Alright, I'm coming back!"}[k%barkVariants]
	case new == morale.Shaken:
		return [barkVariants]string{"Get to cover!", "They've got us pinned!", "Keep your heads down!"}[k%barkVariants]
	case new == morale.Panicked:
		return [barkVariants]string{"I can't do this!", "We're all going to die!", "Make it stop!"}[k%barkVariants]
	case new == morale.Routed:
		return [barkVariants]string{"Run! Fall back!", "I'm out of here!", "Retreat! Retreat!"}[k%barkVariants]
	default: // Steady again
		return [barkVariants]string{"Steady now.", "Hold the line!", "On your feet, let's go!"}[k%barkVariants]
	}
}

// Barks returns the lines a soldier may shout when his state changes from old
// to new: one kind each for Shaken, Panicked, Routed, back in the fight (out
// of a rout) and Steady again. The slice is new on every call.
func Barks(old, new morale.State) []string {
	out := make([]string, barkVariants)
	for k := range out {
		out[k] = barkLine(old, new, k)
	}
	return out
}
