package fit

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

func TestKeyEdge(t *testing.T) {
	s := morale.DefaultSettings()
	knob := func(key string) lab.Knob {
		k, ok := lab.KnobByKey(s, key)
		if !ok {
			t.Fatalf("no key %s", key)
		}
		return k
	}
	tests := []struct {
		key  string
		end  float64
		want string // "" for no edge
	}{
		{"weights.LeaderDown", -0.5, ""},
		{"weights.LeaderDown", -1, "weights.LeaderDown ended at -1, the edge of its search range -1..0: the fit wanted more; if the design allows, widen it: -keys weights.LeaderDown=-2:0"},
		{"weights.Suppressed", 0, "weights.Suppressed ended at 0, the edge of its search range -1..0: the fit wanted its news worth nothing"},
		{"RecoveryDelaySeconds", 30, "RecoveryDelaySeconds ended at 30, the edge of its search range 0..30: the fit wanted more; if the design allows, widen it: -keys RecoveryDelaySeconds=0:60"},
		{"NerveMax", 1, "NerveMax ended at 1, the edge of its search range 0..1, which is as far as the settings allow"},
		{"RecoveryDelaySeconds", 4, ""},
	}
	for _, tt := range tests {
		k := newKey(knob(tt.key), s, [2]float64{}, false)
		got := k.edge(s, tt.end)
		if (tt.want == "") != (got == "") || !strings.HasPrefix(got, tt.want) {
			t.Errorf("%s ending at %g: edge %q; want %q", tt.key, tt.end, got, tt.want)
		}
	}
}

func TestKeysRange(t *testing.T) {
	sc, err := lab.ParseScenario("squad.toml", []byte("duration = 10.0\n[[squad]]\nname = \"a\"\nsize = 2\n[[event]]\nt = 1\nevent = \"Suppressed\"\nsquad = \"a\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		key     string
		lo, hi  float64
		wantErr string
	}{
		{"Suppressed=-2:0", -2, 0, ""},
		{"RecoveryDelaySeconds=1:60", 1, 60, ""},
		{"RecoveryDelaySeconds=5:60", 0, 0, "the range must hold the starting value 4"},
		{"RecoveryDelaySeconds=6:2", 0, 0, "-keys: RecoveryDelaySeconds=6:2: the range runs from high to low; write it low first: RecoveryDelaySeconds=2:6"},
		{"RecoveryDelaySeconds=4:4", 0, 0, "RecoveryDelaySeconds=4:4: the range is one value; a search needs LO below HI"},
		{"RecoveryDelaySeconds=x", 0, 0, "a search range is LO:HI"},
		// Past MaxWeight every candidate is invalid: the fit searched
		// -1e308:1e308, found one valid candidate and blamed the keys.
		{"Suppressed=-1e308:1e308", 0, 0, "weights.Suppressed=-1e308:1e308: both its ends are outside what the settings allow (weights.Suppressed is -1e+308; it must lie in -1000..1000; weights.Suppressed is 1e+308; it must lie in -1000..1000)"},
		{"Suppressed=-1001:0", 0, 0, "-keys: weights.Suppressed=-1001:0: its low end is outside what the settings allow (weights.Suppressed is -1001; it must lie in -1000..1000); write a range within them"},
		{"Suppressed=-1000:1000", -1000, 1000, ""},
		// A setting's own bounds, as Validate has them: such ranges were
		// taken and shown on the fit page as searched, every candidate past
		// the bound failing validation.
		{"RecoveryDelaySeconds=-1:5", 0, 0, "-keys: RecoveryDelaySeconds=-1:5: its low end is outside what the settings allow (RecoveryDelaySeconds is -1 s; it must lie in 0..86400 s); write a range within them"},
		{"RecoveryDelaySeconds=0:86401", 0, 0, "its high end is outside what the settings allow (RecoveryDelaySeconds is 86401 s; it must lie in 0..86400 s)"},
		{"RecoveryDelaySeconds=0:86400", 0, 86400, ""},
		{"ShakenBelow=0.5:2", 0, 0, "-keys: ShakenBelow=0.5:2: its high end is outside what the settings allow (ShakenBelow is 2; it must lie in 0..1); write a range within them"},
		{"Hysteresis=-0.1:0.1", 0, 0, "its low end is outside what the settings allow (Hysteresis is -0.1; it must not be negative)"},
		{"FullEffectRadius=-1:500", 0, 0, "its low end is outside what the settings allow (FullEffectRadius is -1 cm; it must not be negative)"},
		{"NoEffectRadius=1000:20000000", 0, 0, "its high end is outside what the settings allow (NoEffectRadius is 20000000 cm; it must lie in 1..10000000 cm)"},
		{"ContagionPerSecond=0:1001", 0, 0, "(ContagionPerSecond is 1001/s; it must lie in 0..1000/s)"},
		// A refused range that does not hold the start either names the
		// bound first, so the next try is not refused again for it.
		{"RecoveryDelaySeconds=-5:-1", 0, 0, "RecoveryDelaySeconds=-5:-1: both its ends are outside what the settings allow"},
		// A rule between two settings refuses a range only when the fit
		// keeps the other one (not in -keys): then every candidate past
		// it fails too. When the other may move, the candidates decide.
		{"PanicBelow=0.1:0.9", 0, 0, "-keys: PanicBelow=0.1:0.9: its high end is outside what the settings allow (PanicBelow is 0.9; it must be below ShakenBelow (0.6)), with ShakenBelow at 0.6, which the fit keeps (not in -keys); write a range within them, or name those keys too"},
		{"PanicBelow=0.1:0.9,ShakenBelow", 0.1, 0.9, ""},
		{"Hysteresis=0:0.9", 0, 0, "Hysteresis=0:0.9: its high end is outside what the settings allow (Hysteresis is 0.9; ShakenBelow+Hysteresis (1.5) must not exceed 1, or nobody could be Steady again), with ShakenBelow at 0.6"},
		{"Hysteresis=0:0.9,ShakenBelow=0.3:0.7", 0, 0.9, ""},
		{"ShakenBelow=0.2:0.8", 0, 0, "(PanicBelow is 0.25; it must be below ShakenBelow (0.2)), with PanicBelow at 0.25"},
		{"NerveMin=0:0.9", 0, 0, "(NerveMin is 0.9; it must not exceed NerveMax (0.7)), with NerveMax at 0.7"},
		{"FullEffectRadius=0:5000", 0, 0, "(NoEffectRadius is 3000 cm; it must not be below FullEffectRadius (5000 cm)), with NoEffectRadius at 3000"},
		{"FullEffectRadius=0:5000,NoEffectRadius", 0, 5000, ""},
	}
	for _, tt := range tests {
		keys, err := keysFor([]*lab.Scenario{sc}, strings.Split(tt.key, ","))
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("keysFor(%s) error %v; want %q", tt.key, err, tt.wantErr)
			}
			continue
		}
		if err != nil || keys[0].Lo != tt.lo || keys[0].Hi != tt.hi {
			t.Errorf("keysFor(%s) = %+v, %v; want range %g..%g", tt.key, keys, err, tt.lo, tt.hi)
		}
	}
}

// TestKeysRangeSearchable: a range whose width overflows (a Scale of +Inf,
// so that the search started at Start + 0·Inf, NaN) or whose Scale rounds
// to 0 (a start of 0 in a range of subnormals, so that relChange divided by
// zero) is refused naming the key; one just inside either is taken with a
// finite Scale above 0 (FuzzKeys).
func TestKeysRangeSearchable(t *testing.T) {
	sc, err := lab.ParseScenario("squad.toml", []byte("duration = 10.0\n[[squad]]\nname = \"a\"\nsize = 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	sc.Settings.Hysteresis = 0
	tests := []struct {
		key     string
		wantErr string
	}{
		// Past the settings' bounds first (TestKeysRange); no range within
		// them is too wide, yet the check stays.
		{"RecoveryDelaySeconds=-1e308:1e308", "RecoveryDelaySeconds=-1e308:1e308: both its ends are outside what the settings allow"},
		{"RecoveryDelaySeconds=0:86400", ""},
		{"Hysteresis=0:5e-324", "Hysteresis=0:5e-324: the range is too narrow to search"},
		{"Hysteresis=0:1e-320", ""},
	}
	for _, tt := range tests {
		keys, err := keysFor([]*lab.Scenario{sc}, []string{tt.key})
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("keysFor(%s) = %+v, %v; want an error with %q", tt.key, keys, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !(keys[0].Scale > 0) || math.IsInf(keys[0].Scale, 0) {
			t.Errorf("keysFor(%s) = %+v, %v; want a finite Scale above 0", tt.key, keys, err)
		}
	}
}

// TestKeysAreTheRowsReported: the weight rows a fit may change are those
// one of its scenarios reports, by the scenario's own account
// (Scenario.Reports, which the sensitivity and the parser's check of the
// rows share): a death in a squad without a leader reports no LeaderDown,
// even where another squad has a leader, so LeaderDown is no default key
// and naming it is an error that says why.
func TestKeysAreTheRowsReported(t *testing.T) {
	sc, err := lab.ParseScenario("t.toml", []byte(`name = "t"
duration = 30.0
[[squad]]
name = "a"
size = 3
[[squad]]
name = "b"
size = 2
leader = true
[[event]]
t = 1.0
do = "death"
squad = "a"
`))
	if err != nil {
		t.Fatal(err)
	}
	keys, err := keysFor([]*lab.Scenario{sc}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var weights []string
	for _, k := range keys {
		if strings.HasPrefix(k.Key, "weights.") {
			weights = append(weights, k.Key)
		}
	}
	if want := []string{"weights.AllyDown"}; !slices.Equal(weights, want) {
		t.Errorf("default keys' weight rows = %q; want %q", weights, want)
	}
	if _, err := keysFor([]*lab.Scenario{sc}, []string{"LeaderDown"}); err == nil || !strings.Contains(err.Error(), "never reports LeaderDown") {
		t.Errorf("-keys LeaderDown: got error %v; want one saying the scenario never reports LeaderDown", err)
	}
	// Of a fit of several files, the row no file reports: the error names
	// none of them alone.
	if _, err := keysFor([]*lab.Scenario{sc, sc}, []string{"LeaderDown"}); err == nil || !strings.Contains(err.Error(), "none of the 2 scenario files reports LeaderDown") {
		t.Errorf("-keys LeaderDown of two files: got error %v; want one saying none of them reports LeaderDown", err)
	}
}

// The advice of a key that ended at the edge of a range typed small says its
// numbers as a designer types them back: "search range -0.00001..0",
// "-keys weights.Suppressed=-0.00002:0", where it wrote "-1e-05..0" and
// "-2e-05:0".
func TestKeyEdgeHasNoExponent(t *testing.T) {
	s := morale.DefaultSettings()
	s.Weights[morale.Suppressed] = -0.000005
	k, ok := lab.KnobByKey(s, "weights.Suppressed")
	if !ok {
		t.Fatal("no key weights.Suppressed")
	}
	key := newKey(k, s, [2]float64{-0.00001, 0}, true)
	want := "weights.Suppressed ended at -0.00001, the edge of its search range -0.00001..0: the fit wanted more; if the design allows, widen it: -keys weights.Suppressed=-0.00002:0 (with the other keys)"
	if got := key.edge(s, -0.00001); got != want {
		t.Errorf("got %q; want %q", got, want)
	}
}

// Where widening a key's searched range by its width would pass a bound of
// the settings, the advice widens it as far as the settings allow, naming
// the rule, and a designer who follows it has his range taken: it said
// "which is as far as the settings allow" for RecoveryDelaySeconds=0:60000
// ended at 60000, though 86400 is allowed, and so for every range whose
// double passed a bound.
func TestKeyEdgeWidensAsFarAsAllowed(t *testing.T) {
	sc, err := lab.ParseScenario("squad.toml", []byte("duration = 10.0\n[[squad]]\nname = \"a\"\nsize = 2\n[[event]]\nt = 1\nevent = \"Suppressed\"\nsquad = \"a\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		key  string
		end  float64
		want string
	}{
		// Doubling stays within the settings: as before.
		{"RecoveryDelaySeconds=0:30", 30, "RecoveryDelaySeconds ended at 30, the edge of its search range 0..30: the fit wanted more; if the design allows, widen it: -keys RecoveryDelaySeconds=0:60 (with the other keys)"},
		// A setting's own bound.
		{"RecoveryDelaySeconds=0:60000", 60000, "RecoveryDelaySeconds ended at 60000, the edge of its search range 0..60000: the fit wanted more; if the design allows, widen it as far as the settings allow: -keys RecoveryDelaySeconds=0:86400 (with the other keys; RecoveryDelaySeconds must lie in 0..86400 s)"},
		{"weights.Suppressed=-600:0", -600, "weights.Suppressed ended at -600, the edge of its search range -600..0: the fit wanted more; if the design allows, widen it as far as the settings allow: -keys weights.Suppressed=-1000:0 (with the other keys; weights.Suppressed must lie in -1000..1000)"},
		{"Hysteresis=0.1:0.3", 0.1, "Hysteresis ended at 0.1, the edge of its search range 0.1..0.3: the fit wanted more; if the design allows, widen it as far as the settings allow: -keys Hysteresis=0:0.3 (with the other keys; Hysteresis must not be negative)"},
		// A rule between two settings, the other kept at its value.
		{"PanicBelow=0.1:0.4", 0.4, "PanicBelow ended at 0.4, the edge of its search range 0.1..0.4: the fit wanted more; if the design allows, widen it as far as the settings allow: -keys PanicBelow=0.1:0.599 (with the other keys; PanicBelow must be below ShakenBelow, with ShakenBelow at 0.6)"},
		{"Hysteresis=0:0.3", 0.3, "Hysteresis ended at 0.3, the edge of its search range 0..0.3: the fit wanted more; if the design allows, widen it as far as the settings allow: -keys Hysteresis=0:0.4 (with the other keys; ShakenBelow+Hysteresis must not exceed 1, or nobody could be Steady again, with ShakenBelow at 0.6)"},
		{"FullEffectRadius=0:2000", 2000, "FullEffectRadius ended at 2000, the edge of its search range 0..2000: the fit wanted more; if the design allows, widen it as far as the settings allow: -keys FullEffectRadius=0:3000 (with the other keys; NoEffectRadius must not be below FullEffectRadius, with NoEffectRadius at 3000)"},
		// At the bound already: nothing to widen.
		{"RecoveryDelaySeconds=0:86400", 86400, "RecoveryDelaySeconds ended at 86400, the edge of its search range 0..86400, which is as far as the settings allow"},
		{"NerveMax", 1, "NerveMax ended at 1, the edge of its search range 0..1, which is as far as the settings allow"},
	}
	for _, tt := range tests {
		keys, err := keysFor([]*lab.Scenario{sc}, []string{tt.key})
		if err != nil {
			t.Fatal(err)
		}
		k := keys[0]
		got := k.edge(sc.Settings, tt.end)
		if !strings.HasPrefix(got, tt.want) {
			t.Errorf("-keys %s ending at %g:\ngot  %q;\nwant %q", tt.key, tt.end, got, tt.want)
			continue
		}
		// Followed, the advice is taken, and widens the side that ended.
		_, advised, ok := strings.Cut(got, "-keys ")
		if !ok {
			continue
		}
		advised, _, _ = strings.Cut(advised, " ")
		wider, err := keysFor([]*lab.Scenario{sc}, []string{advised})
		if err != nil {
			t.Errorf("-keys %s, as advised: got %v; want it taken", advised, err)
			continue
		}
		if w := wider[0]; w.Lo > k.Lo || w.Hi < k.Hi || (w.Lo == k.Lo) == (w.Hi == k.Hi) {
			t.Errorf("-keys %s, as advised: range %g..%g; want %g..%g widened on one side", advised, w.Lo, w.Hi, k.Lo, k.Hi)
		}
	}
}
