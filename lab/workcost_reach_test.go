package lab

import (
	"math"
	"testing"
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
