package widgets

import (
	"math"
	"strconv"
)

// SliderScale maps a float setting onto an ebitenui slider, which is int-only.
// Position 0 is Min, position Ticks() is Max, and each position is one Step.
// It is the only place in ui where slider ints and setting floats meet.
type SliderScale struct {
	Min, Max, Step float64
}

// Ticks is the slider's maximum position (its minimum is 0).
func (s SliderScale) Ticks() int {
	if s.Step <= 0 || s.Max <= s.Min {
		return 0
	}
	return int(math.Round((s.Max - s.Min) / s.Step))
}

// ToInt is the slider position nearest to v, clamped to the slider's range.
func (s SliderScale) ToInt(v float64) int {
	if s.Step <= 0 || math.IsNaN(v) {
		return 0
	}
	i := int(math.Round((v - s.Min) / s.Step))
	return min(max(i, 0), s.Ticks())
}

// ToFloat is the value at slider position i (clamped), rounded to the step's
// decimals so that 0.1+0.2 reads 0.3.
func (s SliderScale) ToFloat(i int) float64 {
	i = min(max(i, 0), s.Ticks())
	v := s.Min + float64(i)*s.Step
	p := math.Pow(10, float64(s.decimals()))
	return math.Round(v*p) / p
}

// Format prints v with as many decimals as the step has.
func (s SliderScale) Format(v float64) string {
	return strconv.FormatFloat(v, 'f', s.decimals(), 64)
}

// FormatValue prints v as a row shows it: with the step's decimals when
// v lies on a step (or a tenth of one, with one more), else with as many
// decimals as v needs, at most six. Typed values keep their precision.
func (s SliderScale) FormatValue(v float64) string {
	for d := s.decimals(); d < 6; d++ {
		p := math.Pow(10, float64(d))
		if math.Abs(v*p-math.Round(v*p)) < 1e-6 {
			return strconv.FormatFloat(v, 'f', d, 64)
		}
	}
	return strconv.FormatFloat(v, 'f', 6, 64)
}

// StepLabel is the step as shown next to a slider, e.g. "±0.01".
func (s SliderScale) StepLabel() string {
	return "±" + s.Format(s.Step)
}

func (s SliderScale) decimals() int {
	for d := 0; d < 6; d++ {
		p := math.Pow(10, float64(d))
		if math.Abs(s.Step*p-math.Round(s.Step*p)) < 1e-9 {
			return d
		}
	}
	return 6
}

// Snap rounds v to the scale's steps (fine: to steps Fine times smaller)
// inside its range.
func (s SliderScale) Snap(v float64, fine bool) float64 {
	if fine {
		s.Step /= Fine
	}
	return s.ToFloat(s.ToInt(v))
}
