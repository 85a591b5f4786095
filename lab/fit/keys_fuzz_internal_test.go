package fit

import (
	"math"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
)

// FuzzKeys feeds moralesim fit's -keys any comma-separated list (keysFor,
// unexported, so this is an internal test). Invariants: no panic; a refused
// list is an *Error of Flag "-keys"; every accepted key searches a finite
// range Lo < Hi holding its start, in units of a finite Scale > 0, its
// search starts at the start (value(0) is Start, outside 0), and the keys
// written back (a custom range as KEY=LO:HI) read as the same keys and
// ranges.
func FuzzKeys(f *testing.F) {
	sc, err := lab.ParseScenario("squad.toml", []byte("duration = 10.0\n[[squad]]\nname = \"a\"\nsize = 2\n[[event]]\nt = 1\nevent = \"Suppressed\"\nsquad = \"a\"\n[[event]]\nt = 2\nevent = \"AllyDown\"\nsquad = \"a\"\n"))
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"", "Suppressed", "Suppressed=-2:0", "RecoveryDelaySeconds=1:60,PanicBelow", "RecoveryDelaySeconds=5:60",
		"weights.AllyDown=-1:0, ContagionRadius", "SquadUpdateInterval", "LeaderDown", "PanicBelow,PanicBelow", "RecoveryDelaySeconds=x",
		"Suppressed=-1e308:1e308", "RecoveryDelaySeconds=-1e308:1e308", "RecoveryDelaySeconds=4:4.000000000000001", "NerveMax=0:1e-320", "=", ",",
		"PanicBelow=0.1:0.9,ShakenBelow", "PanicBelow=0.1:0.9", "Hysteresis=0:0.9", "RecoveryDelaySeconds=-1:5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, list string) {
		var names []string
		if list != "" {
			names = strings.Split(list, ",")
		}
		keys, err := keysFor([]*lab.Scenario{sc}, names)
		if err != nil {
			if e, ok := err.(*Error); !ok || e.Flag != "-keys" {
				t.Fatalf("keysFor(%q): got error %T %v; want an *Error of -keys", names, err, err)
			}
			return
		}
		for _, k := range keys {
			if !(k.Lo < k.Hi) || math.IsInf(k.Lo, 0) || math.IsInf(k.Hi, 0) || k.Start < k.Lo || k.Start > k.Hi {
				t.Fatalf("keysFor(%q): %s searches %g..%g from %g; want a finite range LO < HI holding the start", names, k.Key, k.Lo, k.Hi, k.Start)
			}
			if !(k.Scale > 0) || math.IsInf(k.Scale, 0) {
				t.Fatalf("keysFor(%q): %s's scale is %g; want a finite number above 0", names, k.Key, k.Scale)
			}
			if v, out := k.value(0); v != k.Start || out != 0 {
				t.Fatalf("keysFor(%q): %s's search starts at %g (outside %g); want its start %g", names, k.Key, v, out, k.Start)
			}
		}
		// Written back with the other keys (a range may rest on another
		// setting being a key too: PanicBelow=0.1:0.9,ShakenBelow).
		var texts []string
		for _, k := range keys {
			text := k.Key
			if k.Custom {
				text += "=" + lab.FormatExact(k.Lo) + ":" + lab.FormatExact(k.Hi)
			}
			texts = append(texts, text)
		}
		if len(names) == 0 {
			return
		}
		again, err := keysFor([]*lab.Scenario{sc}, texts)
		if err != nil || len(again) != len(keys) {
			t.Fatalf("keysFor(%q): %q reads back as %+v, %v", names, texts, again, err)
		}
		for i, k := range keys {
			if again[i].Key != k.Key || again[i].Lo != k.Lo || again[i].Hi != k.Hi {
				t.Fatalf("keysFor(%q): %s reads back as %+v", names, texts[i], again[i])
			}
		}
	})
}
