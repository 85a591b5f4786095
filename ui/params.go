package ui

import (
	"github.com/moralebreak/moralebreak/morale"
)

// Param is one tunable number, a Settings field or a weight row: the
// library's morale.Param (name, doc, unit, range, Get, Set, Weight) with the
// two things only the tuner needs derived from it, and nothing else. Edit the
// description in morale.Params or morale.WeightParam, never here.
type Param struct {
	morale.Param
	// Key is Name, the key in weights.toml.
	Key string
	// Scale is the slider of Min, Max and Step.
	Scale SliderScale
}

// ParamOf is the tuner's view of a morale.Param.
func ParamOf(mp morale.Param) Param {
	return Param{Param: mp, Key: mp.Name, Scale: ScaleOf(mp)}
}

// ScaleOf is the slider of a morale.Param: its Min, Max and Step.
func ScaleOf(mp morale.Param) SliderScale {
	return SliderScale{Min: mp.Min, Max: mp.Max, Step: mp.Step}
}

// WeightScale returns the slider range of every weight row.
func WeightScale() SliderScale { return ScaleOf(morale.WeightParam("")) }

// SettingParams is every Settings parameter (morale.Params, in its order).
func SettingParams() []Param {
	var ps []Param
	for _, mp := range morale.Params() {
		ps = append(ps, ParamOf(mp))
	}
	return ps
}

// WeightParams is one row per weight in s, in file order (custom rows too).
func WeightParams(s morale.Settings) []Param {
	var ps []Param
	for _, mp := range morale.WeightParams(s) {
		ps = append(ps, ParamOf(mp))
	}
	return ps
}

// FindParam looks a parameter or weight row up by its key.
func FindParam(s morale.Settings, key string) (Param, bool) {
	for _, p := range append(SettingParams(), WeightParams(s)...) {
		if p.Key == key {
			return p, true
		}
	}
	return Param{}, false
}
