package render

import (
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// The time axis reads "0s" at the start, never "-0s" (the first label of
// the first 5 s is math.Ceil of a small negative time: −0).
func TestAxisLabelHasNoMinusZero(t *testing.T) {
	for _, tc := range []struct {
		t    float64
		want string
	}{{math.Copysign(0, -1), "0s"}, {math.Ceil(-0.3/5) * 5, "0s"}, {0, "0s"}, {15, "15s"}, {2.5, "2.5s"}} {
		if got := axisLabel(tc.t); got != tc.want {
			t.Errorf("axisLabel(%v) = %q; want %q", tc.t, got, tc.want)
		}
	}
}

// The thresholds' names and values stay a line apart however close the
// thresholds are (PanicBelow 0.35 and Hysteresis 0.2 put PanicBelow+
// Hysteresis 0.55 beside ShakenBelow 0.6, and their labels overlapped),
// each label as near its line as that allows, inside the plot. Every line
// is named once, and no name sits across a line: lines closer than a line
// of text share one label (a moved name sat across the 0.60 line when two
// thresholds were 0.05 apart). A value two lines share is printed once.
func TestThresholdLabelsKeepApart(t *testing.T) {
	const h = 13.0
	plot := image.Rect(40, 28, 868, 180)
	for _, tc := range []struct {
		name                      string
		panic, shaken, hysteresis float64
		wantLabels                [][]MarkKind // top to bottom
		wantValues                int
	}{
		{"the defaults", 0.25, 0.6, 0.15, [][]MarkKind{{MarkShakenBand}, {MarkShaken}, {MarkPanicBand}, {MarkPanic}}, 4},
		{"0.55 beside 0.6", 0.35, 0.6, 0.2, [][]MarkKind{{MarkShakenBand}, {MarkShaken, MarkPanicBand}, {MarkPanic}}, 4},
		{"0.05 apart", 0.4, 0.6, 0.15, [][]MarkKind{{MarkShakenBand}, {MarkShaken, MarkPanicBand}, {MarkPanic}}, 4},
		{"0.6 on 0.6", 0.45, 0.6, 0.15, [][]MarkKind{{MarkShakenBand}, {MarkShaken, MarkPanicBand}, {MarkPanic}}, 3},
		{"a narrow band", 0.25, 0.6, 0.05, [][]MarkKind{{MarkShakenBand, MarkShaken}, {MarkPanicBand, MarkPanic}}, 4},
		{"all close", 0.5, 0.55, 0.04, [][]MarkKind{{MarkShakenBand, MarkShaken, MarkPanicBand, MarkPanic}}, 4},
		{"at the top", 0.9, 0.95, 0.1, [][]MarkKind{{MarkShakenBand, MarkPanicBand, MarkShaken, MarkPanic}}, 3},
		{"at the bottom", 0, 0.03, 0.02, [][]MarkKind{{MarkShakenBand, MarkShaken, MarkPanicBand, MarkPanic}}, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := morale.DefaultSettings()
			s.PanicBelow, s.ShakenBelow, s.Hysteresis = tc.panic, tc.shaken, tc.hysteresis
			marks := BarMarks(s)
			values := valueLabelTops(nil, plot, marks, h)
			labels := nameLabels(plot, marks, h)
			var got [][]MarkKind
			for _, l := range labels {
				var kinds []MarkKind
				for _, i := range l.marks {
					kinds = append(kinds, marks[i].Kind)
				}
				got = append(got, kinds)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.wantLabels) {
				t.Errorf("got labels %v; want %v", got, tc.wantLabels)
			}
			var names, shown []float64
			for _, l := range labels {
				names = append(names, l.top)
				for _, m := range marks { // no name across a line
					if y := float64(TimelineY(plot, m.Value)); y > l.top && y < l.top+h-1 {
						t.Errorf("label %v: got top %.1f, across the line of %v at %.1f; want it clear of every line", l.marks, l.top, m.Kind, y)
					}
				}
			}
			for _, top := range values {
				if !math.IsNaN(top) {
					shown = append(shown, top)
				}
			}
			if len(shown) != tc.wantValues {
				t.Errorf("got %d values printed; want %d", len(shown), tc.wantValues)
			}
			for what, tops := range map[string][]float64{"value": shown, "name": names} {
				for i := range tops {
					for j := range i {
						if d := math.Abs(tops[i] - tops[j]); d < h-1e-9 {
							t.Errorf("%s labels %d and %d: got tops %.1f and %.1f, %.1f apart; want %v or more", what, j, i, tops[j], tops[i], d, h)
						}
					}
					if tops[i] < float64(plot.Min.Y)-7-1e-9 || tops[i] > float64(plot.Max.Y)-1e-9 {
						t.Errorf("%s label %d: got top %.1f; want it by the plot %v", what, i, tops[i], plot)
					}
				}
			}
			// apart, labels stay where they were
			if tc.name == "the defaults" {
				for i, m := range marks {
					if want := float64(TimelineY(plot, m.Value)) - 7; values[i] != want {
						t.Errorf("value %d: got top %v; want %v, centred on its line", i, values[i], want)
					}
				}
			}
		})
	}
}

// A threshold's value at the timeline's left reads as the tuner's row
// shows it: a value typed between the steps keeps its decimals (0.625
// read 0.62 beside the tuner's 0.625), up to the four the margin holds.
func TestThresholdValueLabels(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{0.6, "0.60"}, {0.25, "0.25"}, {0, "0.00"}, {1, "1.00"},
		{0.625, "0.625"}, {0.625 + 0.15, "0.775"}, {0.6125, "0.6125"},
		{0.35 + 0.2, "0.55"}, {0.612345, "0.6123"},
	} {
		wide := func(string) bool { return true }
		if got := valueLabel(tc.v, wide); got != tc.want {
			t.Errorf("valueLabel(%v): got %q; want %q", tc.v, got, tc.want)
		}
	}
	// a narrow margin (the larger text of a small window): the leading
	// zero goes before a decimal does
	for _, tc := range []struct {
		v     float64
		chars int
		want  string
	}{
		{0.7625, 5, ".7625"}, {0.7625, 4, ".762"}, {0.625, 4, ".625"}, {0.6, 4, "0.60"}, {0.7625, 3, ".76"},
		{0.7625, 2, "0.76"}, // nothing fits: two decimals
	} {
		narrow := func(l string) bool { return len(l) <= tc.chars }
		if got := valueLabel(tc.v, narrow); got != tc.want {
			t.Errorf("valueLabel(%v) in %d characters: got %q; want %q", tc.v, tc.chars, got, tc.want)
		}
	}
}

// The timeline's legend names the living first: where it has room for
// fewer names (a what-if's label takes the title row's right end), the
// men it hides are the fallen, and its count says so. It read "Alvarez
// Brandt Chen Dubois +1" during a what-if in the opening, the two fallen
// named and Eriksen, alive and watched, hidden behind "+1".
func TestLegendNamesTheLivingFirst(t *testing.T) {
	squad := func(fallen ...string) []game.SoldierView {
		var ss []game.SoldierView
		for i, n := range []string{"Alvarez", "Brandt", "Chen", "Dubois", "Eriksen"} {
			ss = append(ss, game.SoldierView{ID: i, Name: n, Alive: !slices.Contains(fallen, n)})
		}
		return ss
	}
	width := func(s string) float64 { return 6 * float64(len(s)) } // a name's entry: 6 px a letter and legendGap
	for _, tc := range []struct {
		name     string
		soldiers []game.SoldierView
		room     float64
		want     string
	}{
		{"all alive, room for all", squad(), 400, "Alvarez Brandt Chen Dubois Eriksen"},
		{"two fallen, room for all", squad("Alvarez", "Brandt"), 400, "Chen Dubois Eriksen Alvarez Brandt"},
		{"two fallen, a what-if's room", squad("Alvarez", "Brandt"), 250, "Chen Dubois Eriksen +2 fallen"},
		{"two fallen, room for two", squad("Alvarez", "Brandt"), 160, "Chen Dubois +3"},
		{"all alive, room for three", squad(), 200, "Alvarez Brandt Chen +2"},
		{"no room", squad("Alvarez"), 0, "+5"},
		{"all fallen, room for one", squad("Alvarez", "Brandt", "Chen", "Dubois", "Eriksen"), 120, "Alvarez +4 fallen"},
	} {
		shown, more := legendFit(legendOrder(tc.soldiers), tc.room, width)
		var words []string
		for _, s := range shown {
			words = append(words, s.Name)
		}
		if more != "" {
			words = append(words, more)
		}
		if got := strings.Join(words, " "); got != tc.want {
			t.Errorf("%s, %v px: got %q; want %q", tc.name, tc.room, got, tc.want)
		}
	}
}

// The markers' legend at the legend's right takes the longest words that
// leave room for every living man's name, else the fewest: during a
// what-if showing future A it kept "a state change, in its new state's
// colour" and left room for one name, "Chen +4", Dubois and Eriksen alive
// and hidden.
func TestLegendMarkersLeaveRoomForTheLiving(t *testing.T) {
	var squad []game.SoldierView
	for i, n := range []string{"Alvarez", "Brandt", "Chen", "Dubois", "Eriksen"} {
		squad = append(squad, game.SoldierView{ID: i, Name: n, Alive: i >= 2})
	}
	width := func(s string) float64 { return 6 * float64(len(s)) }
	for _, tc := range []struct {
		room float64
		want string // "none": no markers' legend
	}{
		{600, "a state change, in its new state's colour"},
		{400, "state change"},
		{300, ""},    // the dots alone
		{200, ""},    // no room for the living either way: the fewest words
		{40, "none"}, // not even the dots
	} {
		words, w := legendMarkers(legendOrder(squad), tc.room, width)
		got := words
		if w < 0 {
			got = "none"
		}
		if got != tc.want {
			t.Errorf("%v px: got %q; want %q", tc.room, got, tc.want)
		}
		if tc.want != "none" && tc.room >= 300 {
			if shown, _ := legendFit(legendOrder(squad), tc.room-w-12, width); len(shown) < 3 {
				t.Errorf("%v px: the markers' legend %q leaves room for %d names; want the 3 living", tc.room, words, len(shown))
			}
		}
	}
	if _, w := legendMarkers(nil, 600, width); w >= 0 {
		t.Errorf("no soldiers: got a markers' legend %v px wide; want none", w)
	}
}

// legendFit names the same soldiers, with the same count of the rest, as
// it did when it looked through the rest after each name for a living man
// (legendFitByRest, its code before it took one pass), over many squads of
// the living and the fallen in every order, names of every length and
// rooms from none to all.
func TestLegendFitAsBefore(t *testing.T) {
	width := func(s string) float64 { return 6 * float64(len(s)) }
	rng := rand.New(rand.NewPCG(1, 2))
	for c := range 20000 {
		n := rng.IntN(CompactAbove + 2)
		ss := make([]game.SoldierView, n)
		for i := range ss {
			ss[i] = game.SoldierView{ID: i, Name: strings.Repeat("x", 1+rng.IntN(12)), Alive: rng.IntN(3) > 0}
		}
		if c%2 == 0 {
			ss = legendOrder(ss)
		}
		room := rng.Float64() * 1200
		shown, more := legendFit(ss, room, width)
		wantShown, wantMore := legendFitByRest(ss, room, width)
		if len(shown) != len(wantShown) || more != wantMore {
			t.Fatalf("case %d (%d soldiers, %.1f px): got %d shown, %q; want %d shown, %q", c, n, room, len(shown), more, len(wantShown), wantMore)
		}
	}
}

// legendFitByRest is legendFit as it was: for each name, the rest's count
// from a look through the rest.
func legendFitByRest(soldiers []game.SoldierView, room float64, width func(string) float64) ([]game.SoldierView, string) {
	more := func(rest []game.SoldierView) string {
		for _, s := range rest {
			if s.Alive {
				return fmt.Sprintf("+%d", len(rest))
			}
		}
		if len(rest) == 0 {
			return ""
		}
		return fmt.Sprintf("+%d fallen", len(rest))
	}
	x := 0.0
	for i, s := range soldiers {
		x += width(s.Name) + legendGap
		rest := more(soldiers[i+1:])
		if x-6 > room || rest != "" && x+width(rest) > room {
			return soldiers[:i], more(soldiers[i:])
		}
	}
	return soldiers, ""
}

// A threshold's name sits over its line, its descenders clear of it, at
// every window scale: in a small window (-scale 0.75, 0.5) the faces are
// larger in the layout's pixels (assets.LegibleAt: text 16 px high, not
// 13), and a name 13 px over its line ran its descenders 2.4 px across it
// ("ShakenBelow+Hysteresis" struck through by its own dashes).
func TestThresholdNamesClearTheirLinesAtEveryScale(t *testing.T) {
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	plot := image.Rect(40, 28, 868, 180)
	for _, tc := range []struct {
		scale                     float64
		panic, shaken, hysteresis float64
	}{
		{1, 0.25, 0.6, 0.15}, {0.75, 0.25, 0.6, 0.15}, {0.5, 0.25, 0.6, 0.15},
		{0.75, 0.35, 0.6, 0.2}, {0.75, 0.25, 0.6, 0.05}, {2, 0.25, 0.6, 0.15},
	} {
		r := New(as.LegibleAt(tc.scale))
		m := r.smallFace.Metrics()
		glyphs := m.HAscent + m.HDescent // the drawn text's height from its top
		s := morale.DefaultSettings()
		s.PanicBelow, s.ShakenBelow, s.Hysteresis = tc.panic, tc.shaken, tc.hysteresis
		marks := BarMarks(s)
		for _, l := range nameLabels(plot, marks, r.labelH()) {
			for _, mk := range marks {
				if y := float64(TimelineY(plot, mk.Value)); y > l.top && y < l.top+glyphs {
					t.Errorf("scale %v, %v/%v/%v: label %v got the text %.1f..%.1f, across the line of %v at %.1f; want it clear",
						tc.scale, tc.panic, tc.shaken, tc.hysteresis, l.marks, l.top, l.top+glyphs, mk.Kind, y)
				}
			}
		}
	}
}
