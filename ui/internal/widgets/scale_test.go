package widgets_test

import (
	"math"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
)

func TestSliderScaleRoundTrip(t *testing.T) {
	scales := []widgets.SliderScale{scaleOf(morale.WeightParam("")), {Min: 0, Max: 1, Step: 0.01}, {Min: 0.01, Max: 2, Step: 0.01}, {Min: 0, Max: 0.5, Step: 0.005}, {Min: 50, Max: 20000, Step: 50}}
	for _, p := range morale.Params() {
		scales = append(scales, scaleOf(p))
	}
	for _, sc := range scales {
		n := sc.Ticks()
		if n <= 0 {
			t.Errorf("%+v: %d ticks; want > 0", sc, n)
			continue
		}
		if got := sc.ToFloat(0); got != sc.Min {
			t.Errorf("%+v: ToFloat(0) = %v; want Min %v", sc, got, sc.Min)
		}
		if got := sc.ToFloat(n); math.Abs(got-sc.Max) > sc.Step/2 {
			t.Errorf("%+v: ToFloat(%d) = %v; want Max %v", sc, n, got, sc.Max)
		}
		for i := 0; i <= n; i++ {
			v := sc.ToFloat(i)
			if back := sc.ToInt(v); back != i {
				t.Fatalf("%+v: ToInt(ToFloat(%d)=%v) = %d", sc, i, v, back)
			}
			if i > 0 {
				if d := v - sc.ToFloat(i-1); math.Abs(d-sc.Step) > 1e-9 {
					t.Fatalf("%+v: step between %d and %d is %v; want %v", sc, i-1, i, d, sc.Step)
				}
			}
		}
		// Any value lands within half a step of itself.
		for k := 0; k <= 97; k++ {
			v := sc.Min + (sc.Max-sc.Min)*float64(k)/97
			if got := sc.ToFloat(sc.ToInt(v)); math.Abs(got-v) > sc.Step/2+1e-9 {
				t.Errorf("%+v: %v comes back as %v; more than half a step away", sc, v, got)
			}
		}
		// Out of range clamps.
		if sc.ToInt(sc.Min-10*sc.Step) != 0 || sc.ToInt(sc.Max+10*sc.Step) != n || sc.ToInt(math.NaN()) != 0 {
			t.Errorf("%+v: out-of-range values do not clamp", sc)
		}
	}
}

func TestSliderScaleFormatShowsTheStep(t *testing.T) {
	cases := []struct {
		sc         widgets.SliderScale
		v          float64
		want, step string
	}{
		{widgets.SliderScale{Min: 0, Max: 1, Step: 0.01}, 0.1 + 0.2, "0.30", "±0.01"},
		{widgets.SliderScale{Min: 0, Max: 0.5, Step: 0.005}, 0.06, "0.060", "±0.005"},
		{widgets.SliderScale{Min: 0, Max: 10000, Step: 50}, 600, "600", "±50"},
		{scaleOf(morale.WeightParam("")), -0.18, "-0.18", "±0.01"},
	}
	for _, c := range cases {
		if got := c.sc.Format(c.v); got != c.want {
			t.Errorf("Format(%v) with step %v = %q; want %q", c.v, c.sc.Step, got, c.want)
		}
		if got := c.sc.StepLabel(); got != c.step {
			t.Errorf("StepLabel() with step %v = %q; want %q", c.sc.Step, got, c.step)
		}
	}
}

// FormatValue shows a value on a step with the step's decimals, and a
// finer one (a fine drag, a typed value) with the decimals it needs.
func TestSliderScaleFormatValueKeepsTypedPrecision(t *testing.T) {
	sc := widgets.SliderScale{Min: 0, Max: 20, Step: 0.1}
	for _, c := range []struct {
		v    float64
		want string
	}{
		{3.5, "3.5"}, {3.51, "3.51"}, {4.25, "4.25"}, {0.1 + 0.2, "0.3"}, {20, "20.0"},
		{1.0 / 3, "0.333333"}, {-0.333, "-0.333"},
	} {
		if got := sc.FormatValue(c.v); got != c.want {
			t.Errorf("FormatValue(%v) with step 0.1 = %q; want %q", c.v, got, c.want)
		}
	}
}

// scaleOf is the slider of a morale parameter, as the tuner makes it
// (ui.ScaleOf): the library's own ranges are the cases that matter.
func scaleOf(p morale.Param) widgets.SliderScale {
	return widgets.SliderScale{Min: p.Min, Max: p.Max, Step: p.Step}
}
