package lab_test

import (
	"errors"
	"os"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
)

// FuzzParseScenario: any bytes give a scenario or errors that are all
// *ScenarioError, never a panic; a scenario that parses runs one short fight
// without an error.
func FuzzParseScenario(f *testing.F) {
	for _, name := range []string{"opening", "line", "platoon"} {
		data, err := os.ReadFile("../scenarios/" + name + ".toml")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(handScenario))
	f.Add([]byte("[[squad]]\nsize = 3\n[[event]]\nt = 1.0\ndo = \"death\"\nsquad = \"squad1\"\ncount = 5\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := lab.ParseScenario("fuzz.toml", data)
		if err != nil {
			var se *lab.ScenarioError
			if !errors.As(err, &se) {
				t.Fatalf("error %T %v is not a *ScenarioError", err, err)
			}
			return
		}
		men, occ := 0, 0
		for _, sq := range sc.Squads {
			men += sq.Size
		}
		for _, ev := range sc.Events {
			n := 1
			if ev.Every > 0 {
				n = int(30/ev.Every) + 1
			}
			occ += n
			if ev.Do == "reinforce" {
				men += n * ev.Count
			}
		}
		if men > 2000 || occ > 5000 || sc.Duration/sc.Sample > 1000 {
			return // keep each input fast
		}
		sc.Duration = min(sc.Duration, 30)
		if sc.Sample > sc.Duration {
			sc.Sample = sc.Duration
		}
		if _, err := lab.Run(sc, sc.Settings, 1); err != nil {
			if sc.Settings.Validate() == nil {
				t.Fatalf("Run: %v", err)
			}
		}
	})
}
