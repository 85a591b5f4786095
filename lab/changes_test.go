package lab_test

import (
	"fmt"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

func TestSettingChanges(t *testing.T) {
	def := morale.DefaultSettings()
	s := def.Clone()
	s.RecoveryDelaySeconds = 3.6
	s.Weights[morale.AllyDown] = -0.3
	delete(s.Weights, morale.Rest)
	s.Weights["Sniped"] = 0
	f := func(p *float64) string {
		if p == nil {
			return "absent"
		}
		return fmt.Sprint(*p)
	}
	var got []string
	for _, c := range lab.SettingChanges(def, s) {
		got = append(got, fmt.Sprintf("%s %s→%s", c.Key, f(c.Base), f(c.Value)))
	}
	want := []string{"RecoveryDelaySeconds 4→3.6", "weights.AllyDown -0.18→-0.3", "weights.Sniped absent→0", "weights.Rest 0.03→absent"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("SettingChanges = %q; want %q", got, want)
	}
	if c := lab.SettingChanges(def, def.Clone()); len(c) != 0 {
		t.Errorf("SettingChanges of the defaults with themselves = %v; want none", c)
	}
}
