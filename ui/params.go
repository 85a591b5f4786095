package ui

import (
	"strings"

	"github.com/moralebreak/moralebreak/morale"
)

// Param is one tunable number: a Settings field or a weight row.
type Param struct {
	Key    string // the name in weights.toml (the Settings field or the event)
	Doc    string // one line on what it does
	Unit   string // "s", "cm", "/s" or ""
	Weight bool   // a row of the weight table
	Scale  SliderScale
	Get    func(morale.Settings) float64
	Set    func(*morale.Settings, float64)
}

// WeightScale returns the slider range of every weight row.
func WeightScale() SliderScale { return SliderScale{Min: -1, Max: 1, Step: 0.01} }

// SettingParams is every Settings parameter (morale.Params, in its order).
func SettingParams() []Param {
	var ps []Param
	for _, mp := range morale.Params() {
		sc := SliderScale{Min: mp.Min, Max: mp.Max, Step: mp.Step}
		get, set := mp.Get, mp.Set
		ps = append(ps, Param{
			Key: mp.Name, Doc: mp.Doc, Unit: unitOf(mp.Name), Scale: sc,
			Get: func(s morale.Settings) float64 { return get(&s) },
			Set: func(s *morale.Settings, v float64) { set(s, v) },
		})
	}
	return ps
}

func unitOf(name string) string {
	switch {
	case strings.HasSuffix(name, "PerSecond"):
		return "/s"
	case strings.HasSuffix(name, "Seconds"), strings.HasSuffix(name, "Interval"):
		return "s"
	case strings.HasSuffix(name, "Radius"):
		return "cm"
	}
	return ""
}

// WeightParams is one row per weight in s, in file order (custom rows too).
func WeightParams(s morale.Settings) []Param {
	var ps []Param
	for _, e := range s.Events() {
		ps = append(ps, Param{
			Key: string(e), Weight: true, Scale: WeightScale(),
			Get: func(s morale.Settings) float64 { return s.Weights[e] },
			Set: func(s *morale.Settings, v float64) {
				if s.Weights == nil {
					s.Weights = map[morale.Event]float64{}
				}
				s.Weights[e] = v
			},
		})
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
