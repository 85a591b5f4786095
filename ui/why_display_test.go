//go:build !js

package ui_test

import (
	"encoding/json"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/ui"
	"github.com/moralebreak/moralebreak/ui/published"
)

// The demo with -select Eriksen opens his Why panel: it is drawn (pixels
// in its rectangle that the same frame without a selection lacks) and its
// text is published.
func TestWhyPanelDrawn(t *testing.T) {
	needDisplay(t)
	demo := buildDemo(t, "")
	dir := t.TempDir()
	shot := func(name string, args ...string) image.Image {
		t.Helper()
		path := filepath.Join(dir, name+".png")
		args = append([]string{"-weights", filepath.Join(dir, "weights.toml"), "-screenshot", path, "-at", "11",
			"-state", filepath.Join(dir, name+".json")}, args...)
		if b, err := exec.Command(demo, args...).CombinedOutput(); err != nil {
			t.Fatalf("demo %s: %v\n%s", strings.Join(args, " "), err, b)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = f.Close() }()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	with := shot("with", "-select", "Eriksen")
	without := shot("without")

	b, err := os.ReadFile(filepath.Join(dir, "with.json"))
	if err != nil {
		t.Fatal(err)
	}
	var st published.State
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Why · Eriksen · Routed", "Routed at 10.50 s: Panicked for 3.50 s (RoutAfterSeconds 3.5)", "\nLeaderDown −0.40\n", "10.50 s  Panicked → Routed"} {
		if !strings.Contains(st.Why, want) {
			t.Errorf("published why = %q; want it to contain %q", st.Why, want)
		}
	}
	r := image.Rect(st.WhyRect.X, st.WhyRect.Y, st.WhyRect.X+st.WhyRect.W, st.WhyRect.Y+st.WhyRect.H)
	if field := ui.ScreenRegions().Field; r.Dx() < 300 || r.Dy() < 150 || !r.In(field) {
		t.Fatalf("Why panel at %v; want at least 300×150 inside the field %v", r, field)
	}
	if n := colours(with, r); n < 20 {
		t.Errorf("the Why panel's rectangle has %d distinct colours; want a drawn panel (>= 20)", n)
	}
	diff := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := with.At(x, y).RGBA()
			r2, g2, b2, _ := without.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				diff++
			}
		}
	}
	if diff < r.Dx()*r.Dy()/2 {
		t.Errorf("%d of %d pixels in the panel's rectangle differ from the frame without a selection; want most", diff, r.Dx()*r.Dy())
	}

	b, err = os.ReadFile(filepath.Join(dir, "without.json"))
	if err != nil {
		t.Fatal(err)
	}
	st = published.State{}
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	if st.Why != "" {
		t.Errorf("without a selection the published why = %q; want none", st.Why)
	}

	cmd := exec.Command(demo, "-weights", filepath.Join(dir, "weights.toml"), "-screenshot", filepath.Join(dir, "x.png"), "-select", "Nobody")
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(string(out), `-select: no such soldier: no soldier "Nobody"`) {
		t.Errorf("demo -select Nobody: %v, %q; want exit status 2 and a line naming Nobody", err, out)
	}
}
