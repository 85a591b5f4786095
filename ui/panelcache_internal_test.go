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

// While a tuner row's value is typed, the panel is drawn again every
// caretTicks ticks with no input (ebitenui's caret blinks only as it is
// drawn); without typing, an idle panel is not.
func TestPanelRedrawsForTheCaret(t *testing.T) {
	a := testApp(t, Config{})
	if err := a.Sync(); err != nil { // the widgets build themselves in their first Update
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		typing bool
		want   bool
	}{
		{"idle", false, false},
		{"typing", true, true},
	} {
		if tc.typing {
			a.tuner.open(0)
		}
		a.markPanel() // the fingerprint after the change
		want := a.panel.want
		for range caretTicks {
			a.markPanel()
		}
		if got := a.panel.want != want; got != tc.want {
			t.Errorf("%s: %d idle ticks called for a redraw = %v; want %v", tc.name, caretTicks, got, tc.want)
		}
	}
}
