package morale

import (
	"math"
	"testing"
)

// TestVec2Finite checks Vec2.finite, whose x−x arithmetic SetPositions runs
// once an agent, against the plain test of each coordinate.
func TestVec2Finite(t *testing.T) {
	vals := []float64{0, math.Copysign(0, -1), 1, -1, 5e-324, math.MaxFloat64, -math.MaxFloat64,
		math.Inf(1), math.Inf(-1), math.NaN(), math.Float64frombits(0xfff8000000000001)}
	for _, x := range vals {
		for _, y := range vals {
			v := Vec2{X: x, Y: y}
			if got, want := v.finite(), finite(x) && finite(y); got != want {
				t.Errorf("Vec2{%v, %v}.finite() = %v; want %v", x, y, got, want)
			}
		}
	}
}
