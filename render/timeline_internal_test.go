package render

import (
	"image"
	"math"
	"testing"

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
// each label as near its line as that allows, inside the plot.
func TestThresholdLabelsKeepApart(t *testing.T) {
	const h = 13.0
	plot := image.Rect(40, 28, 868, 180)
	for _, tc := range []struct {
		name                      string
		panic, shaken, hysteresis float64
		wantNamed                 int
	}{
		{"the defaults", 0.25, 0.6, 0.15, 4},
		{"0.55 beside 0.6", 0.35, 0.6, 0.2, 4},
		{"all close", 0.5, 0.55, 0.04, 2},
		{"at the top", 0.9, 0.95, 0.1, 3},
		{"at the bottom", 0, 0.03, 0.02, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := morale.DefaultSettings()
			s.PanicBelow, s.ShakenBelow, s.Hysteresis = tc.panic, tc.shaken, tc.hysteresis
			marks := BarMarks(s)
			values := valueLabelTops(nil, plot, marks, h)
			named, names := nameLabelTops(plot, marks, h)
			if len(named) != tc.wantNamed {
				t.Errorf("got %d names; want %d", len(named), tc.wantNamed)
			}
			for what, tops := range map[string][]float64{"value": values, "name": names} {
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
