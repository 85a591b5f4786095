package render

import (
	"math"
	"testing"
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
