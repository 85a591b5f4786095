package ui

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

func newTestApp(t *testing.T, cfg Config) (*App, *game.Session) {
	t.Helper()
	g := sessionAt(t, game.SceneOpening, 0)
	return appOver(t, g, cfg, nil), g
}

// The rewind bindings move the cursor, the banner says where it is, and
// Resume from here continues with the tuner's weights and shows the diff.
func TestRewindActions(t *testing.T) {
	a, g := newTestApp(t, Config{})
	for g.Time() < 20 {
		g.Tick()
	}
	end := g.SessionTicks()
	for range 12 {
		a.run(bindingLabelled(t, "Rewind 1 s"))
	}
	a.run(bindingLabelled(t, "Forward 1 s"))
	if c, ok := g.Rewind().Cursor(); !ok || c != end-11*game.SubTicksPerSecond {
		t.Fatalf("after 12 × Rewind and 1 × Forward: cursor %d (%v); want %d", c, ok, end-11*game.SubTicksPerSecond)
	}
	a.sessionNotes()
	if got := a.strip.text(SlotSession); !strings.HasPrefix(got, "Rewound to 9.00 s") {
		t.Errorf("session note %q; want it to say where the cursor is", got)
	}
	s := g.Settings().Clone()
	s.Weights[morale.LeaderDown] = -0.1
	a.apply(game.SetSettings{Settings: s}) // as the tuner does
	a.run(bindingLabelled(t, "Resume from here"))
	for g.SessionTicks() < end+game.SubTicksPerSecond {
		g.Tick()
		a.sessionNotes()
	}
	if got := a.strip.text(SlotSession); !strings.HasPrefix(got, "What-if with LeaderDown −0.1") {
		t.Errorf("session note %q; want the what-if diff", got)
	}
}

// bindingLabelled returns the binding with that label.
func bindingLabelled(t *testing.T, label string) Binding {
	t.Helper()
	for _, b := range Bindings() {
		if b.Label == label {
			return b
		}
	}
	t.Fatalf("no binding %q", label)
	return Binding{}
}

// Save replay writes a file ReadReplay reads back to the session.
func TestSaveReplayAction(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.txt")
	a, g := newTestApp(t, Config{ReplayPath: path})
	for g.Time() < 3 {
		g.Tick()
	}
	a.run(bindingLabelled(t, "Save replay"))
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no replay written (notice %q): %v", a.strip.text(SlotNotice), err)
	}
	defer func() { _ = f.Close() }()
	r, err := game.ReadReplay(f)
	if err != nil || r.Digest != g.Digest() || r.End != g.SessionTicks() {
		t.Errorf("read back: %v, digest %s at %d; want %s at %d", err, r.Digest, r.End, g.Digest(), g.SessionTicks())
	}
	a2, _ := newTestApp(t, Config{})
	a2.run(bindingLabelled(t, "Save replay"))
	if m := a2.strip.msgs[SlotNotice]; m.tone != ToneBad || !strings.Contains(m.text, "no replay file") {
		t.Errorf("without a path: notice %+v; want it to say there is no file", m)
	}
}

func TestScrubTime(t *testing.T) {
	r := ScreenRegions()
	left, right := r.Timeline.Min.X+plotLeft, r.Timeline.Max.X-plotRight-1
	for _, tc := range []struct {
		x    int
		want float64
	}{
		{right, 50}, {right + 50, 50},
		{left, 50 - game.HistoryWindow}, {left - 30, 50 - game.HistoryWindow},
		{(left + right) / 2, 50 - game.HistoryWindow/2},
	} {
		got := ScrubTime(r, tc.x, 50)
		if d := got - tc.want; math.Abs(d) > game.HistoryWindow/float64(right-left) {
			t.Errorf("ScrubTime(x %d): got %.3f; want %.3f (±1 pixel)", tc.x, got, tc.want)
		}
	}
}
