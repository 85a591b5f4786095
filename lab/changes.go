package lab

import (
	"github.com/moralebreak/moralebreak/morale"
)

// SettingChange is one setting or weight row whose value differs between two
// Settings: the defaults and the settings a report describes, say.
type SettingChange struct {
	// Key is the setting's weights.toml key, or "weights.EVENT" for a row.
	Key string `json:"key"`
	// Base and Value are the two values; nil when the weight row is absent
	// from that side (an absent row is worth zero).
	Base  *float64 `json:"base"`
	Value *float64 `json:"value"`
}

// SettingChanges returns every setting and weight row in which s differs
// from base, in the order of Knobs: the settings in declaration order, then
// the rows of s in its order, then the rows only base has. A row present on
// one side only counts as a change even when its weight is zero.
func SettingChanges(base, s morale.Settings) []SettingChange {
	var out []SettingChange
	for _, p := range morale.Params() {
		if a, b := p.Get(base), p.Get(s); a != b {
			out = append(out, SettingChange{Key: p.Name, Base: ptr(a), Value: ptr(b)})
		}
	}
	row := func(set morale.Settings, e morale.Event) *float64 {
		if w, ok := set.Weights[e]; ok {
			return ptr(w)
		}
		return nil
	}
	seen := map[morale.Event]bool{}
	for _, events := range [][]morale.Event{s.Events(), base.Events()} {
		for _, e := range events {
			if seen[e] {
				continue
			}
			seen[e] = true
			a, b := row(base, e), row(s, e)
			if (a == nil) != (b == nil) || (a != nil && *a != *b) {
				out = append(out, SettingChange{Key: "weights." + string(e), Base: a, Value: b})
			}
		}
	}
	return out
}
