package ui_test

import (
	"math"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui"
)

// Every default value must sit exactly on its slider, or the tuner would show
// (and on the first touch apply) a rounded value.
func TestDefaultsSitOnTheirSliders(t *testing.T) {
	d := morale.DefaultSettings()
	params := append(morale.Params(), morale.WeightParams(d)...)
	if len(params) < 14+10 {
		t.Fatalf("%d tuner rows; want every parameter and every weight row", len(params))
	}
	for _, p := range params {
		v := p.Get(d)
		sc := ui.ScaleOf(p)
		if got := sc.ToFloat(sc.ToInt(v)); math.Abs(got-v) > 1e-9 {
			t.Errorf("%s: default %v shows as %v on its slider (%+v)", p.Name, v, got, sc)
		}
	}
}
