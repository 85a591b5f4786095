package morale_test

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// A brave man is not dragged down, but he still steadies the others; the
// average is computed once per squad per step over every live member.
func TestContagionAverageWithoutContagionAgent(t *testing.T) {
	w := newTestWorld(t, noRecovery)
	brave := w.Spawn(1, morale.Vec2{}, morale.WithoutContagion(), morale.WithMorale(1))
	a := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.1))
	b := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.1))
	c := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.4))
	stranger := w.Spawn(2, morale.Vec2{}, morale.WithMorale(0))
	if brave.AffectedByContagion() || !a.AffectedByContagion() {
		t.Fatalf("AffectedByContagion: brave %v, a %v; want false, true", brave.AffectedByContagion(), a.AffectedByContagion())
	}
	w.Advance(0.25)
	avg := (1 + 0.1 + 0.1 + 0.4) / 4
	keep := math.Exp(-0.5 * 0.25)
	for _, x := range []struct {
		a    *morale.Agent
		from float64
	}{{a, 0.1}, {b, 0.1}, {c, 0.4}} {
		want := avg + (x.from-avg)*keep
		if got := x.a.Morale(); !near(got, want, tol) {
			t.Errorf("after one step from %v: %v; want %v (average %v over all four)", x.from, got, want, avg)
		}
	}
	if brave.Morale() != 1 {
		t.Errorf("WithoutContagion agent: %v after one step; want 1", brave.Morale())
	}
	if stranger.Morale() != 0 {
		t.Errorf("alone in his squad: %v; want 0 (no pull from other squads)", stranger.Morale())
	}
	// The brave man holds while everybody around him runs.
	w2 := newTestWorld(t, noRecovery)
	brave2 := w2.Spawn(1, morale.Vec2{}, morale.WithoutContagion(), morale.WithNerve(1))
	for range 5 {
		w2.Spawn(1, morale.Vec2{}, morale.WithMorale(0))
	}
	_ = w2.ReportEventAtLocation(morale.LeaderDown, morale.Vec2{}, 0, nil, 1)
	w2.Advance(30)
	if brave2.Morale() != 1 || brave2.State() != morale.Steady {
		t.Errorf("brave man after 30 s among the broken: %v at %v; want Steady at 1", brave2.State(), brave2.Morale())
	}
}

func TestSetSquad(t *testing.T) {
	w := newTestWorld(t, noRecovery)
	a := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.2))
	b := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.2))
	c := w.Spawn(2, morale.Vec2{}, morale.WithMorale(1))
	a.SetSquad(2)
	if a.Squad() != 2 {
		t.Fatalf("Squad after SetSquad(2): %v; want 2", a.Squad())
	}
	w.Advance(0.25)
	avg := 0.6
	want := avg + (0.2-avg)*math.Exp(-0.125)
	if !near(a.Morale(), want, 1e-12) {
		t.Errorf("after SetSquad(2) and a step: %v; want %v (pulled to squad 2's average)", a.Morale(), want)
	}
	if b.Morale() != 0.2 {
		t.Errorf("alone in squad 1: %v; want 0.2", b.Morale())
	}
	if want := avg + (1-avg)*math.Exp(-0.125); !near(c.Morale(), want, 1e-12) {
		t.Errorf("squad 2's other member: %v; want %v", c.Morale(), want)
	}
	b.SetSquad(3)
	if ids := w.SquadIDs(); !slices.Equal(ids, []morale.SquadID{2, 3}) {
		t.Errorf("SquadIDs after squad 1 emptied: %v; want [2 3]", ids)
	}
	if _, ok := w.SquadStats(1); ok {
		t.Errorf("SquadStats(1) of an empty squad: ok; want false")
	}
	_ = w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, 0, []morale.SquadID{3}, 1)
	if b.Morale() >= 0.2 || a.Morale() != want && false {
		t.Errorf("squad filter after SetSquad(3): b %v; want hit", b.Morale())
	}
}

func TestSquadStatsAndDump(t *testing.T) {
	w := newTestWorld(t, noRecovery, noContagion)
	for _, m := range []float64{0.9, 0.5, 0.1, 0.3} {
		w.Spawn(4, morale.Vec2{}, morale.WithMorale(m))
	}
	r := w.Spawn(4, morale.Vec2{}, morale.WithMorale(0.8))
	w.Spawn(-2, morale.Vec2{}, morale.WithMorale(0.7))
	w.Spawn(10, morale.Vec2{})
	w.Advance(0.25)
	r.ForceRout()
	st, ok := w.SquadStats(4)
	if !ok {
		t.Fatalf("SquadStats(4): not ok")
	}
	want := morale.SquadStats{ID: 4, Count: 5, Average: 0.52, Lowest: 0.1, ByState: [morale.NumStates]int{1, 2, 1, 1}, Broken: 2}
	if st.ID != want.ID || st.Count != want.Count || !near(st.Average, want.Average, 1e-12) || st.Lowest != want.Lowest || st.ByState != want.ByState || st.Broken != want.Broken {
		t.Errorf("SquadStats(4) = %+v; want %+v", st, want)
	}
	if _, ok := w.SquadStats(99); ok {
		t.Errorf("SquadStats(99) of no squad: ok; want false")
	}
	if ids := w.SquadIDs(); !slices.Equal(ids, []morale.SquadID{-2, 4, 10}) {
		t.Errorf("SquadIDs() = %v; want [-2 4 10] sorted", ids)
	}
	var buf bytes.Buffer
	if err := w.Dump(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, s := range []string{"0.52", "0.10", "0.70", "broken 2"} {
		if !strings.Contains(out, s) {
			t.Errorf("Dump output lacks %q:\n%s", s, out)
		}
	}
	if i4, im2, i10 := strings.Index(out, "squad 4"), strings.Index(out, "squad -2"), strings.Index(out, "squad 10"); i4 < 0 || im2 < 0 || i10 < 0 || !(im2 < i4 && i4 < i10) {
		t.Errorf("Dump lists squads out of order or not at all:\n%s", out)
	}
}

// ContagionPerSecond 0 is a squad of strangers: nobody's morale moves by
// contagion, not even by a rounding error, and no listener hears of it.
func TestContagionZeroMovesNothing(t *testing.T) {
	w := newTestWorld(t, noRecovery, noContagion)
	r := record(w)
	var men []*morale.Agent
	for i, m := range []float64{0.1, 0.3, 0.7, 0.95, 0.33} {
		men = append(men, w.Spawn(1, morale.Vec2{X: float64(i)}, morale.WithMorale(m)))
	}
	want := []float64{0.1, 0.3, 0.7, 0.95, 0.33}
	w.Advance(30)
	for i, a := range men {
		if a.Morale() != want[i] {
			t.Errorf("agent %d after 30 s at ContagionPerSecond 0: %v; want exactly %v", i, a.Morale(), want[i])
		}
	}
	if len(r.morales) != 0 {
		t.Errorf("listeners heard %d morale changes; want none", len(r.morales))
	}
}
