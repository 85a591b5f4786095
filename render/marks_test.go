package render_test

import (
	"image"
	"math"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/render"
)

const tol = 1e-9

func settingsWith(shaken, panic, hyst float64) morale.Settings {
	s := morale.DefaultSettings()
	s.ShakenBelow, s.PanicBelow, s.Hysteresis = shaken, panic, hyst
	return s
}

func TestBarMarks(t *testing.T) {
	kinds := []render.MarkKind{render.MarkPanic, render.MarkPanicBand, render.MarkShaken, render.MarkShakenBand}
	for _, tc := range []struct {
		name string
		s    morale.Settings
		want []float64
	}{
		{"defaults", morale.DefaultSettings(), []float64{0.25, 0.40, 0.60, 0.75}},
		{"retuned", settingsWith(0.5, 0.2, 0.1), []float64{0.2, 0.3, 0.5, 0.6}},
		{"no hysteresis", settingsWith(0.6, 0.25, 0), []float64{0.25, 0.25, 0.6, 0.6}},
		{"band past the top is clamped", settingsWith(0.9, 0.3, 0.2), []float64{0.3, 0.5, 0.9, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := render.BarMarks(tc.s)
			if len(got) != len(tc.want) {
				t.Fatalf("len(BarMarks) = %d; want %d", len(got), len(tc.want))
			}
			for i, m := range got {
				if m.Kind != kinds[i] {
					t.Errorf("mark %d kind = %v; want %v", i, m.Kind, kinds[i])
				}
				if math.Abs(m.Value-tc.want[i]) > tol {
					t.Errorf("mark %d (%v) = %v; want %v", i, m.Kind, m.Value, tc.want[i])
				}
			}
		})
	}
}

func TestBarMarksFollowDefaults(t *testing.T) {
	// The default band tops are 0.40 and 0.75 (docs/library.md, "Every setting":
	// Hysteresis).
	s := morale.DefaultSettings()
	m := render.BarMarks(s)
	if got, want := m[1].Value, s.PanicBelow+s.Hysteresis; math.Abs(got-want) > tol || math.Abs(got-0.40) > tol {
		t.Errorf("PanicBelow+Hysteresis mark = %v; want %v (0.40)", got, want)
	}
	if got, want := m[3].Value, s.ShakenBelow+s.Hysteresis; math.Abs(got-want) > tol || math.Abs(got-0.75) > tol {
		t.Errorf("ShakenBelow+Hysteresis mark = %v; want %v (0.75)", got, want)
	}
}

func TestMarkX(t *testing.T) {
	bar := image.Rect(10, 0, 111, 8) // 101 columns: one per hundredth
	for _, tc := range []struct {
		v    float64
		want int
	}{
		{0, 10}, {1, 110}, {0.25, 35}, {0.40, 50}, {0.60, 70}, {0.75, 85},
		{-0.5, 10}, {1.5, 110}, {math.NaN(), 10},
	} {
		if got := render.MarkX(bar, tc.v); got != tc.want {
			t.Errorf("MarkX(%v, %v) = %d; want %d", bar, tc.v, got, tc.want)
		}
	}
	if got := render.MarkX(image.Rect(5, 0, 5, 4), 0.5); got != 5 {
		t.Errorf("MarkX(empty bar, 0.5) = %d; want 5", got)
	}
}

func TestMarkKindString(t *testing.T) {
	for k, want := range map[render.MarkKind]string{
		render.MarkPanic: "PanicBelow", render.MarkPanicBand: "PanicBelow+Hysteresis",
		render.MarkShaken: "ShakenBelow", render.MarkShakenBand: "ShakenBelow+Hysteresis",
	} {
		if got := k.String(); got != want {
			t.Errorf("%d.String() = %q; want %q", k, got, want)
		}
	}
}

func TestStateColorsDiffer(t *testing.T) {
	seen := map[[3]uint8]morale.State{}
	for _, s := range []morale.State{morale.Steady, morale.Shaken, morale.Panicked, morale.Routed} {
		c := render.StateColor(s)
		k := [3]uint8{c.R, c.G, c.B}
		if other, ok := seen[k]; ok {
			t.Errorf("StateColor(%v) = StateColor(%v) = %v", s, other, c)
		}
		seen[k] = s
	}
}

func TestBarkAlpha(t *testing.T) {
	for _, tc := range []struct{ age, want float64 }{
		{-1, 0}, {0, 1}, {1, 1}, {game.BarkSeconds - 0.5, 1}, {game.BarkSeconds - 0.25, 0.5}, {game.BarkSeconds, 0}, {10, 0},
	} {
		if got := render.BarkAlpha(tc.age); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("BarkAlpha(%v) = %v; want %v", tc.age, got, tc.want)
		}
	}
}

func TestTimelineMapping(t *testing.T) {
	panel := image.Rect(0, 0, 440, 160)
	plot := render.TimelinePlot(panel)
	if !plot.In(panel) || plot.Empty() {
		t.Fatalf("TimelinePlot(%v) = %v; want a non-empty rectangle inside", panel, plot)
	}
	if got, want := render.TimelineY(plot, 0), plot.Max.Y-1; got != want {
		t.Errorf("TimelineY(0) = %d; want %d (bottom row)", got, want)
	}
	if got, want := render.TimelineY(plot, 1), plot.Min.Y; got != want {
		t.Errorf("TimelineY(1) = %d; want %d (top row)", got, want)
	}
	if a, b := render.TimelineY(plot, 0.25), render.TimelineY(plot, 0.60); a <= b {
		t.Errorf("TimelineY(0.25) = %d, TimelineY(0.60) = %d; want 0.25 lower on screen", a, b)
	}
	now := 42.0
	if got, want := render.TimelineX(plot, now, now), float64(plot.Max.X-1); math.Abs(got-want) > tol {
		t.Errorf("TimelineX(now) = %v; want %v", got, want)
	}
	if got, want := render.TimelineX(plot, now, now-game.HistoryWindow), float64(plot.Min.X); math.Abs(got-want) > tol {
		t.Errorf("TimelineX(now-window) = %v; want %v", got, want)
	}
}
