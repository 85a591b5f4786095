package render

import (
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
)

// armyDecimals is the armies' clock's precision, game.Armies.ClockDecimals.
var armyDecimals = (*game.Armies)(nil).ClockDecimals()

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
		if got := armyRoundLabel(tt.t, armyDecimals); got != tt.want {
			t.Errorf("armyRoundLabel(%v) = %q; want %q", tt.t, got, tt.want)
		}
	}
}

// The armies' clock gives the moment to the hundredth, as the foot of the
// field says when the figures were read: paused after a command at
// 38.05 s, the header read "t 38.0 s" over "morale as read at 38.05 s",
// two moments on one screen.
func TestArmyClockReadsAsTheFooter(t *testing.T) {
	for _, tt := range []struct {
		t, speed float64
		paused   bool
		want     string
	}{
		{38.05, 1, true, "t 38.05 s  PAUSED"},
		{22.25, 1, false, "t 22.25 s"},
		{0, 2, false, "t 0.00 s  ×2"},
		{15.75, 0.5, true, "t 15.75 s  ×0.5  PAUSED"},
	} {
		got := hudClock(tt.t, tt.speed, tt.paused, armyDecimals)
		if got != tt.want {
			t.Errorf("hudClock(%v, %v, %v, ClockDecimals) = %q; want %q", tt.t, tt.speed, tt.paused, got, tt.want)
		}
		if at := strings.TrimPrefix(armyRoundLabel(tt.t, armyDecimals), "morale as read at "); !strings.Contains(got, " "+at) {
			t.Errorf("hudClock(%v, …, ClockDecimals) = %q; want the moment as the footer writes it, %q", tt.t, got, at)
		}
	}
}
