package ui

import (
	"testing"

	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
)

// The panel's live lines (status, selection) are drawn apart from the
// cached panel: a change of their text alone must not call for a full
// redraw (panelKey stays), while a change of anything else in the panel,
// or of a live line's height, must.
func TestPanelKeyLeavesOutTheLiveLines(t *testing.T) {
	g, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewApp(Config{}, g, nopRenderer{}, as)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Sync(); err != nil { // the widgets build themselves in their first Update
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		change func()
		same   bool
	}{
		{"status clock", func() { a.w.status.Label = "t = 12.3 s · speed ×1 · running · 60 TPS" }, true},
		{"selection line", func() { a.w.selText.Label = "Selected: Eriksen · Shaken · morale 0.41 · nerve 0.50" }, true},
		{"status on two lines", func() { a.w.status.Label = "t = 12.3 s\nspeed ×1" }, false},
		{"banner", func() { a.showBanner("saved", false, 10) }, false},
		{"speed", func() { a.apply(game.SetSpeed{Factor: 2}) }, false},
	} {
		before := a.panelKey()
		tc.change()
		if got := a.panelKey(); (got == before) != tc.same {
			t.Errorf("%s: panelKey changed = %v; want %v", tc.name, got != before, !tc.same)
		}
	}
}
