package game_test

import (
	"fmt"

	"github.com/moralebreak/moralebreak/game"
)

// A battle alone, as the lab runs one: the opening plays the same from the
// same seed: two losses, Eriksen (the least nerve) breaks first, and the
// rally brings the rest back.
func ExampleNewBattle() {
	b, err := game.NewBattle(game.DefaultConfig())
	if err != nil {
		panic(err)
	}
	o := b.Scene().(*game.Opening)
	for !o.Over() {
		b.Tick() // 1/60 s of simulated time
	}
	for _, c := range b.History().Changes() {
		if c.To.String() == "Routed" {
			fmt.Printf("%.2f s: %s routs\n", c.T, o.Soldiers()[c.ID].Name)
		}
	}
	for _, s := range o.Soldiers() {
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

// A session, as the demo plays one: every command is recorded, the
// recording replays to the same bits, and the rewind shows any moment
// again, exactly.
func ExampleNewSession() {
	s, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		panic(err)
	}
	for s.Time() < 3 {
		s.Tick()
	}
	if err := s.Apply(game.Kill{ID: 4}); err != nil { // Eriksen falls at 3 s
		panic(err)
	}
	at3 := s.Digest()
	for s.Time() < 12 {
		s.Tick()
	}
	rec := s.Recording()
	replayed, err := game.PlayReplay(rec)
	if err != nil {
		panic(err)
	}
	fmt.Println("replay gives the same bits:", replayed.Digest() == rec.Digest)

	s.Rewind().To(3 * game.SubTicksPerSecond)
	fmt.Println("rewound to 3 s, the same bits:", s.Digest() == at3)
	// Output:
	// replay gives the same bits: true
	// rewound to 3 s, the same bits: true
}
