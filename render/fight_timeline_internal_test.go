package render

import (
	"math"
	"testing"

	"github.com/moralebreak/moralebreak/game"
)

// fakeRecord is a game.Record of given samples per man and no changes.
type fakeRecord map[int][]game.Sample

func (f fakeRecord) Samples(id int) []game.Sample { return f[id] }
func (f fakeRecord) Changes() []game.Change       { return nil }

// A squad's band is, at each sample time, the average, the lowest and the
// highest of its men's samples of that time: a man who fell counts until
// his last sample, and a man of another squad never.
func TestAppendBand(t *testing.T) {
	rec := fakeRecord{
		0: {{T: 1, Morale: 0.8}, {T: 1.25, Morale: 0.6}, {T: 1.5, Morale: 0.4}},
		1: {{T: 1, Morale: 0.4}, {T: 1.25, Morale: 0.2}}, // fell after 1.25 s
		2: {{T: 1, Morale: 0.6}, {T: 1.25, Morale: 1}, {T: 1.5, Morale: 0.9}},
		3: {{T: 1, Morale: 0}, {T: 1.25, Morale: 0}, {T: 1.5, Morale: 0}}, // another squad
	}
	for _, tc := range []struct {
		name string
		ids  []int
		now  float64
		want []bandPoint
	}{
		{"three men, one falls", []int{0, 1, 2}, 2, []bandPoint{
			{T: 1, Mean: 0.6, Lo: 0.4, Hi: 0.8, N: 3},
			{T: 1.25, Mean: 0.6, Lo: 0.2, Hi: 1, N: 3},
			{T: 1.5, Mean: 0.65, Lo: 0.4, Hi: 0.9, N: 2},
		}},
		{"one man: a line", []int{1}, 2, []bandPoint{
			{T: 1, Mean: 0.4, Lo: 0.4, Hi: 0.4, N: 1},
			{T: 1.25, Mean: 0.2, Lo: 0.2, Hi: 0.2, N: 1},
		}},
		{"order of the men does not matter", []int{2, 0}, 2, []bandPoint{
			{T: 1, Mean: 0.7, Lo: 0.6, Hi: 0.8, N: 2},
			{T: 1.25, Mean: 0.8, Lo: 0.6, Hi: 1, N: 2},
			{T: 1.5, Mean: 0.65, Lo: 0.4, Hi: 0.9, N: 2},
		}},
		{"the window ends at 1.1 s: the first sample after it ends the lines", []int{0, 1, 2}, 1.1, []bandPoint{
			{T: 1, Mean: 0.6, Lo: 0.4, Hi: 0.8, N: 3},
			{T: 1.25, Mean: 0.6, Lo: 0.2, Hi: 1, N: 3},
		}},
		{"no men", nil, 2, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prefix := []bandPoint{{T: -1, N: 7}} // appended after, untouched
			got := appendBand(prefix, rec, tc.ids, tc.now)
			if len(got) == 0 || got[0] != prefix[0] {
				t.Fatalf("appendBand changed what dst held: got %v; want %v first", got, prefix[0])
			}
			got = got[1:]
			if len(got) != len(tc.want) {
				t.Fatalf("got %d points %v; want %d %v", len(got), got, len(tc.want), tc.want)
			}
			const tol = 1e-12
			for i, w := range tc.want {
				g := got[i]
				if g.N != w.N || math.Abs(g.T-w.T) > tol || math.Abs(g.Mean-w.Mean) > tol || math.Abs(g.Lo-w.Lo) > tol || math.Abs(g.Hi-w.Hi) > tol {
					t.Errorf("point %d: got %+v; want %+v (±%g)", i, g, w, tol)
				}
			}
		})
	}
}

// The men of a lab fight's timeline are grouped by squad in ID order, and
// a selection names its man's squad (-1 for no man of the fight).
func TestFightTimelineGroups(t *testing.T) {
	f := &fightTimeline{squads: make([]game.ScenarioSquadView, 3), squadOf: []int{0, 0, 2, 1, 2, 0}}
	f.group()
	for k, want := range [][]int{{0, 1, 5}, {3}, {2, 4}} {
		got := f.members(k)
		if len(got) != len(want) {
			t.Errorf("squad %d: got men %v; want %v", k, got, want)
			continue
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("squad %d: got men %v; want %v", k, got, want)
				break
			}
		}
	}
	for _, tc := range []struct{ id, want int }{{-1, -1}, {0, 0}, {3, 1}, {4, 2}, {6, -1}} {
		if got := f.selectedSquad(tc.id); got != tc.want {
			t.Errorf("selectedSquad(%d) = %d; want %d", tc.id, got, tc.want)
		}
	}
}

// No squad is drawn in white, the selected man's colour, and the first
// seven squads each have a colour of their own.
func TestSquadColorNeverWhite(t *testing.T) {
	white := SoldierColor(3)
	seen := map[[4]uint8]int{}
	for i := -3; i < 20; i++ {
		c := squadColor(i)
		if c == white {
			t.Errorf("squadColor(%d) = %v; want any colour but the selected man's white", i, c)
		}
		if i >= 0 && i < 7 {
			k := [4]uint8{c.R, c.G, c.B, c.A}
			if j, ok := seen[k]; ok {
				t.Errorf("squadColor(%d) = squadColor(%d) = %v; want the first seven apart", i, j, c)
			}
			seen[k] = i
		}
	}
}
