package morale_test

import (
	"fmt"

	"github.com/moralebreak/moralebreak/morale"
)

// A savegame mid-fight, loaded into the World a game already has: the
// loaded fight continues exactly as the saved one does, and the tags map its
// agents back to the game's entities.
func ExampleWorld_UnmarshalBinary() {
	world, err := morale.NewWorld(morale.DefaultSettings(), 42)
	if err != nil {
		panic(err)
	}
	for i := range 4 {
		world.Spawn(1, morale.Vec2{X: float64(i) * 200}, morale.WithTag(uint64(100+i))) // your entity ids
	}
	if err := world.ReportEventAtLocation(morale.AllyDown, morale.Vec2{X: 300}, 0, nil, 3); err != nil {
		panic(err)
	}
	world.Advance(1)

	save, err := world.MarshalBinary() // write it to the save file
	if err != nil {
		panic(err)
	}

	loaded, err := morale.NewWorld(morale.DefaultSettings(), 0) // any World will do
	if err != nil {
		panic(err)
	}
	if err := loaded.UnmarshalBinary(save); err != nil {
		panic(err) // a corrupt or foreign file: loaded is unchanged
	}
	world.Advance(1.5)
	loaded.Advance(1.5)
	fmt.Println("same fight:", loaded.Checksum() == world.Checksum())
	for a := range loaded.Agents() {
		fmt.Printf("entity %d: %v %.3f\n", a.Tag(), a.State(), a.Morale())
	}
	// Output:
	// same fight: true
	// entity 100: Steady 0.705
	// entity 101: Shaken 0.633
	// entity 102: Steady 0.701
	// entity 103: Steady 0.660
}
