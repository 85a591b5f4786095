package game_test

import (
	"fmt"

	"github.com/moralebreak/moralebreak/game"
)

// The opening plays the same from the same seed: two losses, Eriksen (the
// least nerve) breaks first, and the rally brings the rest back.
func ExampleNew() {
	g, err := game.New(game.DefaultConfig())
	if err != nil {
		panic(err)
	}
	for !g.OpeningOver() {
		g.Tick() // 1/60 s of simulated time at speed ×1
	}
	for _, c := range g.History().Changes() {
		if c.To.String() == "Routed" {
			fmt.Printf("%.2f s: %s routs\n", c.T, g.Soldiers()[c.ID].Name)
		}
	}
	for _, s := range g.Soldiers() {
		if s.Alive {
			fmt.Printf("%-8s nerve %.2f  %v\n", s.Name, s.Nerve, s.State)
		} else {
			fmt.Printf("%-8s dead\n", s.Name)
		}
	}
	// Output:
	// 10.50 s: Eriksen routs
	// Alvarez  dead
	// Brandt   dead
	// Chen     nerve 0.40  Steady
	// Dubois   nerve 0.27  Steady
	// Eriksen  nerve 0.12  Steady
}
