package render

import "testing"

// The field says when its morale figures are from: the last combat round,
// which game.Armies.Round gives (every 0.25 s, so two decimals).
func TestArmyRoundLabel(t *testing.T) {
	for _, tt := range []struct {
		t    float64
		want string
	}{
		{0, "morale at the last combat round, 0.00 s"},
		{22.25, "morale at the last combat round, 22.25 s"},
	} {
		if got := armyRoundLabel(tt.t); got != tt.want {
			t.Errorf("armyRoundLabel(%v) = %q; want %q", tt.t, got, tt.want)
		}
	}
}
