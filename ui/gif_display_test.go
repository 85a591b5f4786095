//go:build !js

package ui_test

import (
	"image/gif"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/ui/capture"
	"github.com/moralebreak/moralebreak/ui/internal/gifview"
)

// demo -gif writes an animated GIF of the right number of frames, of the
// cropped region's size, that is not blank and moves.
func TestGIFModeWritesTheAnimation(t *testing.T) {
	needDisplay(t)
	demo := buildDemo(t, "")
	dir := t.TempDir()
	out := filepath.Join(dir, "a.gif")
	cmd := exec.Command(demo, "-weights", filepath.Join(dir, "weights.toml"), "-gif", out,
		"-from", "9", "-to", "11", "-fps", "5", "-crop", "field", "-gifscale", "0.5")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("demo -gif: %v\n%s", err, b)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatalf("no GIF: %v", err)
	}
	defer func() { _ = f.Close() }()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatalf("not a GIF: %v", err)
	}
	w, h := capture.GIFSize("field", 0.5)
	if n := capture.GIFFrames(9, 11, 5); len(g.Image) != n || n != 10 {
		t.Errorf("got %d frames; want %d", len(g.Image), n)
	}
	if g.Config.Width != w || g.Config.Height != h {
		t.Errorf("got %d×%d; want %d×%d", g.Config.Width, g.Config.Height, w, h)
	}
	first := gifview.Composite(g, 0)
	if n := colours(first, first.Bounds()); n < 20 {
		t.Errorf("first frame has %d colours; want a drawn field (≥ 20)", n)
	}
	last := gifview.Composite(g, len(g.Image)-1)
	diff := 0
	for i := range first.Pix {
		if first.Pix[i] != last.Pix[i] {
			diff++
		}
	}
	if diff == 0 {
		t.Error("the last frame equals the first; want the battle to move")
	}
}

// A session recorded with -record during a -screenshot run replays to the
// same digest with -replay.
func TestRecordThenReplaySameDigest(t *testing.T) {
	needDisplay(t)
	demo := buildDemo(t, "")
	dir := t.TempDir()
	weights := filepath.Join(dir, "weights.toml")
	rec := filepath.Join(dir, "session.txt")
	cmd := exec.Command(demo, "-weights", weights, "-screenshot", filepath.Join(dir, "a.png"), "-at", "8", "-record", rec)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("demo -record: %v\n%s", err, b)
	}
	cmd = exec.Command(demo, "-weights", weights, "-replay", rec, "-screenshot", filepath.Join(dir, "b.png"), "-at", "8")
	b, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("demo -replay: %v\n%s", err, b)
	}
	if !strings.Contains(string(b), "equals the file's") {
		t.Errorf("demo -replay said %q; want the digest to equal the file's", b)
	}
}
