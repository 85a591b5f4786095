package ui

import (
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
)

// Param is one tunable number, a Settings field or a weight row. It is the
// library's own morale.Param (name, doc, unit, slider range, Get, Set,
// Weight): edit a description in morale.Params or morale.WeightParam, never
// here.
type Param = morale.Param

// ScaleOf is the slider of a Param: its Min, Max and Step.
func ScaleOf(p Param) widgets.SliderScale {
	return widgets.SliderScale{Min: p.Min, Max: p.Max, Step: p.Step}
}

// FindParam looks a parameter or weight row up by its key in weights.toml.
func FindParam(s morale.Settings, key string) (Param, bool) {
	for _, p := range append(morale.Params(), morale.WeightParams(s)...) {
		if p.Name == key {
			return p, true
		}
	}
	return Param{}, false
}
