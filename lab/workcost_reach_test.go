package lab

import (
	"math"
	"slices"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// neighboursWithin counts each sampled man's neighbours by looking over
// every other man for the first manyReaches reaches, and from then on by a
// binary search in the distances it sorted once: a fast path, which must
// give the plain count (menWithin) for every reach, the men exactly at the
// reach included.
func TestNeighboursWithinFastPathIsThePlainCount(t *testing.T) {
	sc, err := LoadScenario("../scenarios/army.toml")
	if err != nil {
		t.Fatal(err)
	}
	men := 0.0
	for _, sq := range sc.Squads {
		men += float64(sq.Size)
	}
	e := newWorkEstimator(sc)
	e.pts = workSample(sc, men, 300)
	// The exact distance between two sampled men as a reach, beside round ones.
	dx, dy := e.pts[1].x-e.pts[0].x, e.pts[1].y-e.pts[0].y
	reaches := []float64{0, 50, 100, 300, 600, 1000, 1500, 2000, 3000, 4500, 6000, math.Sqrt(dx*dx + dy*dy), 1e9}
	for k, r := range reaches {
		got := e.neighboursWithin(r)
		for i, a := range e.pts {
			want := menWithin(e.pts, a.x, a.y, r)
			if math.Abs(got[i]-want) > 1e-9*max(1, want) {
				t.Fatalf("reach %v (the %d. asked, fast path %v): man %d has %v neighbours; want %v, the plain count", r, k+1, k >= manyReaches, i, got[i], want)
			}
		}
	}
	if e.byDistance == nil {
		t.Fatalf("%d reaches asked for and no sorted distances: the fast path was not taken", len(reaches))
	}
}

// WorkSettings names every setting the estimate reads and no other: over a
// scenario of located news and located deaths without a radius of their
// own (FullEffectRadius is theirs), 30 s apart (so that how long news keeps
// a squad stirred, RecoveryDelaySeconds and RecoveryPerSecond, counts),
// each named setting moved within its
// editing range moves FightWorkWith, and every other setting and weight
// leaves it as it is. A fit corners the named ones (fit.worstFightWork).
func TestWorkSettingsAreWhatTheEstimateReads(t *testing.T) {
	sc, err := ParseScenario("reads.toml", []byte(`duration = 60.0
[[squad]]
size = 2000
formation = "grid"
spacing = 150.0
[[event]]
t = 0.0
do = "death"
at = [0.0, 0.0]
spread = 3000.0
every = 30.0
[[event]]
t = 0.0
event = "Suppressed"
at = [0.0, 0.0]
spread = 3000.0
every = 30.0
`))
	if err != nil {
		t.Fatal(err)
	}
	base := FightWorkWith(sc, sc.Settings)
	named := WorkSettings()
	for _, p := range morale.Params() {
		s := sc.Settings.Clone()
		v := p.Get(s)
		moved := p.Min
		if v == moved {
			moved = p.Max
		}
		p.Set(&s, moved)
		got := FightWorkWith(sc, s)
		if reads := slices.Contains(named, p.Name); reads == (got == base) {
			t.Errorf("%s from %v to %v: work %v, was %v; WorkSettings says the estimate reads it: %v", p.Name, v, moved, got, base, reads)
		}
	}
}
