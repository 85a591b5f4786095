package capture_test

import (
	"errors"
	"image"
	"image/color"
	_ "image/gif"
	_ "image/png"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/windowtest"
	"github.com/moralebreak/moralebreak/ui"
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
	if strings.Count(line, "\n") != 1 || !strings.HasPrefix(line, "tps=") || !strings.Contains(line, "soldiers=5 sim=0.0s") ||
		!regexp.MustCompile(` images=[0-9]+\.[0-9]MB\n$`).MatchString(line) {
		t.Errorf("got %q; want one line \"tps=… soldiers=5 sim=0.0s … images=N.NMB\"", line)
	}
	if w, h := l.Layout(100, 60); w != 50 || h != 30 {
		t.Errorf("Layout: got %d×%d; want the inner game's 50×30", w, h)
	}
}

// paintGame is a Syncer whose Draw fills the screen with one colour.
type paintGame struct{ fakeGame }

func (p *paintGame) Draw(screen *ebiten.Image) {
	p.draws++
	screen.Fill(color.RGBA{0x20, 0x80, 0x40, 0xff})
}

// Draw only draws: Screenshot's and GIF's frames are read back in Draw and
// written by the next Update, which then ends the game; no Draw writes a
// file, whatever number of frames run between two Updates.
func TestCapturesWriteInUpdate(t *testing.T) {
	windowtest.Skip(t)
	dir := t.TempDir()
	screen := ebiten.NewImage(ui.ScreenW, ui.ScreenH)
	for _, tc := range []struct {
		name   string
		path   string
		build  func(inner capture.Syncer, g capture.Ticker, path string) (ebiten.Game, error)
		frames int
	}{
		{"screenshot", filepath.Join(dir, "a.png"), func(inner capture.Syncer, g capture.Ticker, path string) (ebiten.Game, error) {
			return capture.NewScreenshot(inner, g, 1, path, "field")
		}, 1},
		{"gif", filepath.Join(dir, "a.gif"), func(inner capture.Syncer, g capture.Ticker, path string) (ebiten.Game, error) {
			return capture.NewGIF(inner, g, 0, 0.5, 4, path, "timeline", 0.5)
		}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inner := &paintGame{}
			c, err := tc.build(inner, newGame(t), tc.path)
			if err != nil {
				t.Fatal(err)
			}
			for frame := 0; ; frame++ {
				err := c.Update()
				if errors.Is(err, ebiten.Termination) {
					if frame != tc.frames {
						t.Errorf("ended at Update %d; want %d (one a frame, then the end)", frame+1, tc.frames+1)
					}
					break
				}
				if err != nil || frame > tc.frames {
					t.Fatalf("Update %d: %v; want the end after %d frames", frame, err, tc.frames)
				}
				for range 3 {
					c.Draw(screen)
					if _, err := os.Stat(tc.path); !errors.Is(err, fs.ErrNotExist) {
						t.Fatalf("a Draw wrote %s (%v); want only Update to", tc.path, err)
					}
				}
			}
			f, err := os.Open(tc.path)
			if err != nil {
				t.Fatalf("no file after the last Update: %v", err)
			}
			defer func() { _ = f.Close() }()
			img, _, err := image.Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			if got := color.RGBAModel.Convert(img.At(1, 1)).(color.RGBA); got.G < 0x70 || got.R > 0x30 {
				t.Errorf("pixel (1, 1) is %v; want the green the inner game drew", got)
			}
		})
	}
}

// cropGame is a paintGame that says where its Why panel is (a Cropper).
type cropGame struct {
	paintGame
	why image.Rectangle
}

func (c *cropGame) Crop(name string) (image.Rectangle, bool) {
	if name == "why" {
		return c.why, !c.why.Empty()
	}
	return ui.ScreenRegions().Named(name)
}

// -crop why takes the rectangle the inner game gives for its Why panel on
// the frame; with none there, the capture ends with an error saying so.
func TestCaptureCropsWhereTheCropperSays(t *testing.T) {
	windowtest.Skip(t)
	dir := t.TempDir()
	screen := ebiten.NewImage(ui.ScreenW, ui.ScreenH)
	for _, why := range []image.Rectangle{image.Rect(40, 30, 140, 80), {}} {
		path := filepath.Join(dir, "why.png")
		s, err := capture.NewScreenshot(&cropGame{why: why}, newGame(t), 0, path, "why")
		if err != nil {
			t.Fatal(err)
		}
		var end error
		for range 4 {
			if end = s.Update(); end != nil {
				break
			}
			s.Draw(screen)
		}
		if why.Empty() {
			if end == nil || !strings.Contains(end.Error(), "no Why panel") {
				t.Errorf("no Why panel: the capture ended with %v; want an error saying so", end)
			}
			continue
		}
		if !errors.Is(end, ebiten.Termination) {
			t.Fatalf("the capture ended with %v; want Termination", end)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		c, _, err := image.DecodeConfig(f)
		_ = f.Close()
		if err != nil || c.Width != why.Dx() || c.Height != why.Dy() {
			t.Errorf("-crop why: %v, %d×%d; want the panel's %d×%d", err, c.Width, c.Height, why.Dx(), why.Dy())
		}
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
	}
}

// SetScale makes the picture that many times the frame (-screenshot
// -scale 2: twice the size, for a high-DPI page), cropped or not; a
// scale off -scale's range is refused.
func TestScreenshotScale(t *testing.T) {
	windowtest.Skip(t)
	dir := t.TempDir()
	screen := ebiten.NewImage(ui.ScreenW, ui.ScreenH)
	why := image.Rect(40, 30, 140, 80)
	for _, tc := range []struct {
		k    float64
		crop string
		w, h int
	}{{2, "", 2 * ui.ScreenW, 2 * ui.ScreenH}, {2, "why", 200, 100}, {0.5, "", ui.ScreenW / 2, ui.ScreenH / 2}, {1, "why", 100, 50}} {
		path := filepath.Join(dir, "shot.png")
		s, err := capture.NewScreenshot(&cropGame{why: why}, newGame(t), 0, path, tc.crop)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SetScale(tc.k); err != nil {
			t.Fatal(err)
		}
		var end error
		for range 4 {
			if end = s.Update(); end != nil {
				break
			}
			s.Draw(screen)
		}
		if !errors.Is(end, ebiten.Termination) {
			t.Fatalf("scale %v: the capture ended with %v; want Termination", tc.k, end)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		c, _, err := image.DecodeConfig(f)
		_ = f.Close()
		if err != nil || c.Width != tc.w || c.Height != tc.h {
			t.Errorf("scale %v crop %q: %v, %d×%d; want %d×%d", tc.k, tc.crop, err, c.Width, c.Height, tc.w, tc.h)
		}
	}
	s, err := capture.NewScreenshot(&cropGame{}, newGame(t), 0, filepath.Join(dir, "x.png"), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []float64{0, 0.2, 5, math.NaN()} {
		if err := s.SetScale(k); err == nil {
			t.Errorf("SetScale(%v): no error; want one", k)
		}
	}
}
