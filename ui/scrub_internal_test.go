package ui

import (
	"math"
	"testing"

	"github.com/moralebreak/moralebreak/game"
)

// timelineSpy is a Renderer that keeps what LayoutTimeline was told.
type timelineSpy struct {
	nopRenderer
	end, cursor float64
	has         bool
	src         game.Record
}

func (s *timelineSpy) LayoutTimeline(end, cursor float64, has bool, src game.Record) {
	s.end, s.cursor, s.has, s.src = end, cursor, has, src
}

func spyApp(t *testing.T) (*App, *timelineSpy) {
	t.Helper()
	spy := &timelineSpy{}
	a := appOver(t, sessionAt(t, game.SceneOpening, 0), Config{}, spy)
	if err := a.Sync(); err != nil { // the widgets build themselves in their first Update
		t.Fatal(err)
	}
	return a, spy
}

// tick runs one App tick of input in without a window: the scrub, the
// session, and the end of Update.
func (a *App) testTick(in InputState) {
	a.timelineDrag(in)
	a.g.Tick()
	if err := a.settle(); err != nil {
		panic(err)
	}
}

// The timeline scrubs both ways within the recorded session: the window
// holds still under the pointer while it drags, the cursor follows it back
// and forward to the recorded end, the renderer is told the cursor's time
// and given the tape, which still holds the recorded future.
func TestTimelineScrubsBothWays(t *testing.T) {
	a, spy := spyApp(t)
	for a.g.Time() < 40 {
		a.testTick(InputState{})
	}
	end := a.g.Time()
	endTick := a.g.SessionTicks()
	if spy.has || spy.end != end {
		t.Fatalf("live: window ends %.2f, cursor %v; want it to end now (%.2f), no cursor", spy.end, spy.has, end)
	}
	p := timelinePlot(a.reg)
	y := p.Min.Y + p.Dy()/2
	at := func(tt float64) int { // the x of battle time tt in the window ending at end
		return p.Min.X + int(math.Round((tt-(end-game.HistoryWindow))/game.HistoryWindow*float64(p.Dx()-1)))
	}
	press := at(end)
	a.testTick(InputState{X: press, Y: y, LeftClick: true, LeftHeld: true})
	for _, tt := range []float64{35, 25, 15, 30, 38, 40, 20} { // back, forward, back
		a.testTick(InputState{X: at(tt), Y: y, LeftHeld: true})
		if math.Abs(a.g.Time()-tt) > 0.06 {
			t.Errorf("dragged to %.2f s: the battle is at %.2f s", tt, a.g.Time())
		}
		if spy.end != end || !spy.has || spy.cursor != a.g.Time() || spy.src != &a.tape {
			t.Errorf("dragged to %.2f s: window ends %.2f, cursor %v at %.2f, src %T; want the window held at %.2f, the cursor shown, the tape", tt, spy.end, spy.has, spy.cursor, spy.src, end)
		}
	}
	a.testTick(InputState{X: at(20), Y: y}) // let go
	// the tape holds the recorded future after the cursor
	last := a.appendSoldiers()[len(a.soldiers)-1] // Eriksen, alive to the end
	if ss := a.tape.Samples(last.ID); len(ss) == 0 || ss[0].T > 0.3 || ss[len(ss)-1].T < end-0.3 {
		t.Errorf("tape of %s: %d samples; want them from 0 s to the recorded end %.2f", last.Name, len(ss), end)
	}
	if _, ok := a.g.Rewind().Cursor(); !ok || a.g.Rewind().End() != endTick {
		t.Fatalf("after the drag: cursor %v, end %d; want rewound within the session that ended at %d", ok, a.g.Rewind().End(), endTick)
	}
	// past the plot's right edge it stops at the recorded end
	a.testTick(InputState{X: at(25), Y: y, LeftClick: true, LeftHeld: true})
	for range 30 {
		a.testTick(InputState{X: p.Max.X + 40, Y: y, LeftHeld: true})
	}
	if got, _ := a.g.Rewind().Cursor(); got != endTick {
		t.Errorf("held beyond the right edge: cursor at sub-tick %d; want the recorded end %d", got, endTick)
	}
	// beyond the left edge the window pans back
	for range 60 {
		a.testTick(InputState{X: p.Min.X - 40, Y: y, LeftHeld: true})
	}
	if a.g.Time() > end-game.HistoryWindow-1 || spy.end >= end {
		t.Errorf("held beyond the left edge: battle at %.2f s, window ends %.2f; want it panned before %.2f", a.g.Time(), spy.end, end-game.HistoryWindow)
	}
	a.testTick(InputState{})
	// Resume: the window lets go and follows the battle again
	a.do(ActResume)
	a.testTick(InputState{})
	if spy.has || spy.end != a.g.Time() {
		t.Errorf("after Resume: window ends %.2f (now %.2f), cursor %v; want live", spy.end, a.g.Time(), spy.has)
	}
}

// A rewind by key holds the window where the plot was: nothing jumps.
func TestRewindKeyHoldsTheWindow(t *testing.T) {
	a, spy := spyApp(t)
	for a.g.Time() < 20 {
		a.testTick(InputState{})
	}
	end := a.g.Time()
	a.do(ActRewindBack)
	a.testTick(InputState{})
	if !spy.has || math.Abs(spy.end-end) > 1e-9 || math.Abs(spy.cursor-(end-RewindStep)) > 1e-9 {
		t.Errorf("after , : window ends %.2f, cursor %v at %.2f; want it still ending at %.2f, the cursor at %.2f", spy.end, spy.has, spy.cursor, end, end-RewindStep)
	}
}

// The scrub's axis is the one render draws the plot on.
func TestScrubTimeIsTheRenderersAxis(t *testing.T) {
	r := ScreenRegions()
	p := timelinePlot(r)
	if got := ScrubTime(r, p.Min.X, 30); got != 0 {
		t.Errorf("ScrubTime at the plot's left edge: %v; want 0", got)
	}
	if got := ScrubTime(r, p.Max.X-1, 30); got != 30 {
		t.Errorf("ScrubTime at the plot's right edge: %v; want 30", got)
	}
}
