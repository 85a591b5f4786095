package widgets_test

import (
	"testing"

	"github.com/moralebreak/moralebreak/ui/internal/widgets"
)

// A message with a lifetime (slot 0, a notice) goes when its time is up;
// the others (slot 2, the lint, until replaced) stay.
func TestStripMessagesExpire(t *testing.T) {
	s := widgets.NewStrip(3)
	s.Set(0, "saved", widgets.ToneGood, 2)
	s.Set(2, "Lint (1): flicker", widgets.ToneWarn, -1)
	s.Tick()
	if s.Message(0).Text == "" {
		t.Fatal("notice gone after 1 of 2 ticks")
	}
	s.Tick()
	if s.Message(0).Text != "" || s.Message(2).Text == "" {
		t.Errorf("after 2 ticks: notice %q, lint %q; want the notice gone and the lint kept", s.Message(0).Text, s.Message(2).Text)
	}
}
