package render

import "testing"

// The field says when its morale figures were read: the last combat round
// or a command since, which game.Armies.FiguresAt gives.
func TestArmyRoundLabel(t *testing.T) {
	for _, tt := range []struct {
		t    float64
		want string
	}{
		{0, "morale as read at 0.00 s"},
		{22.25, "morale as read at 22.25 s"},
	} {
		if got := armyRoundLabel(tt.t); got != tt.want {
			t.Errorf("armyRoundLabel(%v) = %q; want %q", tt.t, got, tt.want)
		}
	}
}
