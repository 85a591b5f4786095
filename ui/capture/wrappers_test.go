package capture_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/ui/capture"
)

// fakeGame counts the calls a wrapper passes on.
type fakeGame struct {
	updates, draws, syncs int
	err                   error
}

func (f *fakeGame) Update() error              { f.updates++; return f.err }
func (f *fakeGame) Draw(*ebiten.Image)         { f.draws++ }
func (f *fakeGame) Layout(w, h int) (int, int) { return w / 2, h / 2 }
func (f *fakeGame) Sync() error                { f.syncs++; return nil }

func TestNewScreenshotRefusesBadArguments(t *testing.T) {
	g := newGame(t)
	tests := []struct {
		name string
		at   float64
		path string
		crop string
		want string
	}{
		{"NaN time", math.NaN(), "a.png", "", "time NaN"},
		{"infinite time", math.Inf(1), "a.png", "", "time +Inf"},
		{"negative time", -1, "a.png", "", "time -1"},
		{"no file", 1, "", "", "no file"},
		{"unknown crop", 1, "a.png", "sky", `crop "sky"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := capture.NewScreenshot(&fakeGame{}, g, tt.at, tt.path, tt.crop)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("NewScreenshot(at %v, %q, crop %q): got %v; want an error containing %q", tt.at, tt.path, tt.crop, err, tt.want)
			}
		})
	}
}

// The screenshot's first Update runs the battle to its time, exactly, and
// syncs the picture; no later Update advances it or runs the inner Update.
func TestScreenshotRunsTheBattleToItsTime(t *testing.T) {
	for _, at := range []float64{0, 6, 12.5} {
		g := newGame(t)
		inner := &fakeGame{}
		s, err := capture.NewScreenshot(inner, g, at, "unused.png", "timeline")
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			if err := s.Update(); err != nil {
				t.Fatalf("Update: %v", err)
			}
		}
		want := math.Ceil(at*game.TPS-1e-9) / game.TPS // the first tick at or after at
		if got := g.Time(); math.Abs(got-want) > 1e-9 {
			t.Errorf("at %v: battle at %v s; want %v", at, got, want)
		}
		if inner.syncs != 1 || inner.updates != 0 {
			t.Errorf("at %v: %d syncs, %d inner updates; want 1 and 0", at, inner.syncs, inner.updates)
		}
		if w, h := s.Layout(640, 360); w != 320 || h != 180 {
			t.Errorf("Layout: got %d×%d; want the inner game's 320×180", w, h)
		}
	}
}

// TPSLog passes Update, Draw and Layout through, keeps the inner error, and
// writes one line per period naming the soldiers and the simulated time.
func TestTPSLogWritesALinePerPeriod(t *testing.T) {
	g := newGame(t)
	inner := &fakeGame{err: errors.New("inner")}
	var out strings.Builder
	l := capture.NewTPSLog(inner, g, &out, 0)
	if err := l.Update(); err == nil || err.Error() != "inner" {
		t.Errorf("Update: got %v; want the inner error", err)
	}
	if inner.updates != 1 {
		t.Errorf("inner updates: got %d; want 1", inner.updates)
	}
	line := out.String()
	if strings.Count(line, "\n") != 1 || !strings.HasPrefix(line, "tps=") || !strings.Contains(line, "soldiers=5 sim=0.0s") {
		t.Errorf("got %q; want one line \"tps=… soldiers=5 sim=0.0s …\"", line)
	}
	if w, h := l.Layout(100, 60); w != 50 || h != 30 {
		t.Errorf("Layout: got %d×%d; want the inner game's 50×30", w, h)
	}
}
