package ui

import (
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
)

// TestTunerClockReadsAsTheHeader: the tuner panel's clock gave tenths in
// every scene ("t = 22.1 s") while the armies' header gives hundredths
// ("t 22.10 s") over the foot's "morale as read at 22.10 s": one moment
// read as two. The tuner's clock now gives the decimals the scene's header
// does (game.Scene.ClockDecimals), hundredths in the armies and tenths
// elsewhere.
func TestTunerClockReadsAsTheHeader(t *testing.T) {
	for _, tt := range []struct {
		scene string
		want  string // the clock at 22.1 s, as the scene's header gives it
	}{
		{game.SceneArmies, "t = 22.10 s · "},
		{game.SceneOpening, "t = 22.1 s · "},
	} {
		t.Run(tt.scene, func(t *testing.T) {
			a := appOver(t, sessionAt(t, tt.scene, 22.1), Config{}, nil)
			if err := a.Sync(); err != nil { // the widgets build themselves in their first Update
				t.Fatal(err)
			}
			a.refresh()
			if got := a.w.status.Label; !strings.HasPrefix(got, tt.want) {
				t.Errorf("got the tuner's clock %q; want it to begin %q", got, tt.want)
			}
		})
	}
}
