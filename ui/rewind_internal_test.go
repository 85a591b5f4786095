package ui

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
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
	if got := a.strip.Message(slotSession).Text; !strings.HasPrefix(got, "Rewound to 9.00 s") {
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
	if got := a.strip.Message(slotSession).Text; !strings.HasPrefix(got, "What-if from 9.0 s — with LeaderDown −0.1") || !strings.Contains(got, "Showing B") {
		t.Errorf("session note %q; want the what-if diff, future B shown", got)
	}
}

// Future A/B shows the original future on the field (the published
// soldiers are its), a kill there is refused as a look only, a command
// shows the live battle again, and Revert what-if ends the what-if with
// the weights of its branch; without one, Revert changes nothing and says
// so.
func TestWhatIfActions(t *testing.T) {
	a, g := newTestApp(t, Config{})
	notice := func() (string, bool) { m := a.strip.Message(slotNotice); return m.Text, m.Tone == widgets.ToneBad }
	a.run(bindingLabelled(t, "Revert what-if"))
	if text, bad := notice(); !bad || !strings.Contains(text, "no what-if runs") {
		t.Errorf("Revert without a what-if: notice %q (bad %v); want it to say there is none", text, bad)
	}
	a.run(bindingLabelled(t, "Future A/B"))
	if text, bad := notice(); !bad || !strings.Contains(text, "no what-if runs") {
		t.Errorf("Future A/B without a what-if: notice %q; want it to say there is none", text)
	}
	n := len(g.Recording().Entries)
	for g.Time() < 12 {
		g.Tick()
	}
	for range 6 {
		a.run(bindingLabelled(t, "Rewind 1 s"))
	}
	s := g.Settings().Clone()
	s.Weights[morale.Suppressed] = -0.03
	a.apply(game.SetSettings{Settings: s})
	a.run(bindingLabelled(t, "Revert what-if")) // at the cursor: nothing has branched
	if g.Settings().Weights[morale.Suppressed] != -0.03 || len(g.Recording().Entries) != n {
		t.Error("Revert at the cursor changed the pending weights or the recording")
	}
	a.run(bindingLabelled(t, "Resume from here"))
	for g.Time() < 12 {
		g.Tick()
		a.sessionNotes()
	}
	a.run(bindingLabelled(t, "Future A/B"))
	a.sessionNotes()
	if g.Rewind().Shown() != game.FutureA || !strings.Contains(a.strip.Message(slotSession).Text, "Showing A") || a.Published().Future != "A" {
		t.Fatalf("Future A/B: shown %v, session note %q, published %q; want A", g.Rewind().Shown(), a.strip.Message(slotSession).Text, a.Published().Future)
	}
	it := Intent{Commands: []game.Command{game.Kill{ID: 1}}}
	a.lookOnly(&it)
	if len(it.Commands) != 0 || len(it.Refused) != 1 {
		t.Errorf("a kill while A is shown: commands %v, refused %v; want it refused", it.Commands, it.Refused)
	}
	a.apply(game.Pause{Paused: true})
	if g.Rewind().Shown() != game.FutureA {
		t.Error("Pause showed the live battle again; want the view left alone")
	}
	a.apply(game.Rally{})
	if g.Rewind().Shown() != game.FutureB {
		t.Error("Rally while A is shown: A still shown; want the live battle, which it changed")
	}
	a.run(bindingLabelled(t, "Revert what-if"))
	if text, bad := notice(); g.Settings().Weights[morale.Suppressed] != -0.07 || bad || !strings.HasPrefix(text, "Reverted to Suppressed −0.07") {
		t.Errorf("Revert: Suppressed %v, notice %q; want −0.07 back and said", g.Settings().Weights[morale.Suppressed], text)
	}
	if _, ok := g.Rewind().WhatIf(); ok {
		t.Error("after Revert: a what-if runs")
	}
	for range game.TPS {
		g.Tick()
		a.sessionNotes()
	}
	if text, _ := notice(); !strings.HasPrefix(text, "Reverted") {
		t.Errorf("a second after Revert: notice %q; want Revert's message kept for its time", text)
	}
}

// bindingLabelled returns the binding with that label.
func bindingLabelled(t *testing.T, label string) Binding {
	t.Helper()
	for _, b := range SceneBindings(game.SceneOpening) {
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
		t.Fatalf("no replay written (notice %q): %v", a.strip.Message(slotNotice).Text, err)
	}
	defer func() { _ = f.Close() }()
	r, err := game.ReadReplay(f)
	if err != nil || r.Digest != g.Digest() || r.End != g.SessionTicks() {
		t.Errorf("read back: %v, digest %s at %d; want %s at %d", err, r.Digest, r.End, g.Digest(), g.SessionTicks())
	}
	a2, _ := newTestApp(t, Config{})
	a2.run(bindingLabelled(t, "Save replay"))
	if m := a2.strip.Message(slotNotice); m.Tone != widgets.ToneBad || !strings.Contains(m.Text, "no replay file") {
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

// Resume from here without a rewind says so in the designer's words, not
// with the game package's error ("game: no rewind cursor (rewind first)").
func TestResumeWithoutARewindSaysSo(t *testing.T) {
	a := testApp(t, Config{})
	a.do(ActResume)
	m := a.strip.Message(slotNotice)
	for _, tc := range []struct {
		what string
		ok   bool
	}{
		{"no package prefix", !strings.Contains(m.Text, "game:")},
		{"what to do", strings.Contains(m.Text, "rewind first")},
		{"a refusal", m.Tone == widgets.ToneBad},
	} {
		if !tc.ok {
			t.Errorf("got message %q (tone %v); want %s", m.Text, m.Tone, tc.what)
		}
	}
}

// The rewind note says the cursor's moment once: "Rewound to 27.65 s of
// 40.00 s", not "27.65 s (session 27.6 of …)"; the session's time only
// where it differs from the battle's (after a Restart), at the same
// precision.
func TestRewoundToSaysTheMomentOnce(t *testing.T) {
	for _, tc := range []struct {
		t, at, end float64
		want       string
	}{
		{27.65, 27.65, 40, "27.65 s of 40.00 s"},
		{9, 9, 20, "9.00 s of 20.00 s"},
		{2, 27.65, 40, "2.00 s (session 27.65 of 40.00 s)"},
	} {
		if got := rewoundTo(tc.t, tc.at, tc.end); got != tc.want {
			t.Errorf("rewoundTo(%v, %v, %v) = %q; want %q", tc.t, tc.at, tc.end, got, tc.want)
		}
	}
}

// While a what-if shows future A, the panel's selection line names the
// selected man as A has him, as the field, his selection mark and his Why
// panel do: it read the live battle's (B's) morale beside A's Why panel
// ("Selected: Eriksen · Steady · morale 0.77" over "morale 0.69").
func TestSelectionLineShowsTheFutureShown(t *testing.T) {
	a, g := newTestApp(t, Config{})
	for g.Time() < 12 {
		g.Tick()
	}
	for range 6 {
		a.run(bindingLabelled(t, "Rewind 1 s"))
	}
	s := g.Settings().Clone()
	s.RecoveryDelaySeconds = 1
	a.apply(game.SetSettings{Settings: s})
	a.run(bindingLabelled(t, "Resume from here"))
	for g.Time() < 14 {
		g.Tick()
	}
	a.apply(game.Pause{Paused: true})
	line := func(name string) (string, string) {
		if err := a.Sync(); err != nil {
			t.Fatal(err)
		}
		for _, v := range a.Published().Soldiers {
			if v.Name == name {
				return a.w.selText.Label, fmt.Sprintf("Selected: %s · %s · morale %.2f", v.Name, v.State, v.Morale)
			}
		}
		t.Fatalf("no %s published", name)
		return "", ""
	}
	var id int
	for _, v := range a.Published().Soldiers {
		if v.Name == "Eriksen" {
			id = v.ID
		}
	}
	a.selectSoldier(id, true)
	gotB, wantB := line("Eriksen")
	a.run(bindingLabelled(t, "Future A/B"))
	if g.Rewind().Shown() != game.FutureA {
		t.Fatalf("Future A/B: shown %v; want A", g.Rewind().Shown())
	}
	gotA, wantA := line("Eriksen")
	if wantA == wantB {
		t.Fatalf("A and B have Eriksen alike (%q): the test shows nothing", wantA)
	}
	for _, c := range [][2]string{{gotB, wantB}, {gotA, wantA}} {
		if !strings.HasPrefix(c[0], c[1]) {
			t.Errorf("selection line: got %q; want %q…", c[0], c[1])
		}
	}
}

// Forward 1 s (.) with no rewind cursor has no moment to go forward to:
// it changes nothing and says so. It set a cursor at the latest moment
// instead ("Rewound to 5.57 s of 5.57 s"): the battle paused, the tuner's
// edits waited as pending, and a what-if running ended, its future A gone,
// on a key that reads as "go on". With a cursor it still moves it.
func TestForwardWithoutARewindChangesNothing(t *testing.T) {
	for _, tc := range []struct {
		name     string
		whatIf   bool // a what-if runs when . is pressed
		rewound  bool // the cursor is 3 s back
		wantMove bool
	}{
		{"live", false, false, false},
		{"a what-if running", true, false, false},
		{"rewound", false, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, g := newTestApp(t, Config{})
			for g.Time() < 12 {
				g.Tick()
			}
			if tc.whatIf {
				for range 4 {
					a.run(bindingLabelled(t, "Rewind 1 s"))
				}
				s := g.Settings().Clone()
				s.Weights[morale.Suppressed] = -0.03
				a.apply(game.SetSettings{Settings: s})
				a.run(bindingLabelled(t, "Resume from here"))
				for g.Time() < 12 {
					g.Tick()
				}
			}
			if tc.rewound {
				for range 3 {
					a.run(bindingLabelled(t, "Rewind 1 s"))
				}
			}
			before, rewound := g.Rewind().Cursor()
			paused := g.Paused()
			a.run(bindingLabelled(t, "Forward 1 s"))
			after, ok := g.Rewind().Cursor()
			if tc.wantMove {
				if !ok || after != before+game.SubTicksPerSecond {
					t.Errorf("got the cursor at %d (%v); want it at %d", after, ok, before+game.SubTicksPerSecond)
				}
				return
			}
			if ok != rewound || g.Paused() != paused {
				t.Errorf("got a cursor %v, paused %v; want %v, %v: nothing changed", ok, g.Paused(), rewound, paused)
			}
			if _, running := g.Rewind().WhatIf(); running != tc.whatIf {
				t.Errorf("got a what-if running %v; want %v", running, tc.whatIf)
			}
			if m := a.strip.Message(slotNotice); m.Tone != widgets.ToneBad || !strings.Contains(m.Text, "rewind first") {
				t.Errorf("got the notice %q (tone %v); want a refusal that says to rewind first", m.Text, m.Tone)
			}
		})
	}
}
