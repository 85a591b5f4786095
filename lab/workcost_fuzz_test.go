package lab_test

import (
	"math"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
)

// FuzzFightWork: the work estimate of any scenario the lab accepts is a
// finite number of units, never NaN or Inf, for it is what -max-work and
// its refusal weigh ("about NaN units" let nothing run). The seeds add
// news and a death of spreads too small to move their location, and of the
// largest spread.
func FuzzFightWork(f *testing.F) {
	addScenarios(f)
	for _, spread := range []string{"1e-12", "1e-170", "5e-324", "1e9"} {
		f.Add([]byte("duration = 10.0\n[[squad]]\nsize = 100\nspacing = 0.0\nat = [100000.0, 100000.0]\n" +
			"[[event]]\nt = 0.0\nevent = \"Suppressed\"\nat = [100000.0, 100000.0]\nevery = 0.5\nspread = " + spread + "\n" +
			"[[event]]\nt = 1.0\ndo = \"death\"\nat = [100000.0, 100000.0]\nspread = " + spread + "\n"))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := lab.ParseScenario("fuzz.toml", data)
		if err != nil {
			return
		}
		if w := lab.FightWork(sc); math.IsNaN(w) || math.IsInf(w, 0) || w <= 0 {
			t.Fatalf("FightWork = %v; want a finite number of units", w)
		}
	})
}
