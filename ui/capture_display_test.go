//go:build !js

package ui_test

import (
	"bytes"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/moralebreak/moralebreak/ui"
)

// Pictures for the docs are the same bytes on every run: two runs of the
// demo's -gif (the whole window, panel and status line included, long
// enough for Ebitengine to measure a rate) and of -screenshot -crop why
// give identical files; -crop why is the Why panel's size, -clean the
// battle's (no panel).
func TestCapturesAreTheSameBytesEveryRun(t *testing.T) {
	needDisplay(t)
	demo := buildDemo(t, "")
	dir := t.TempDir()
	weights := filepath.Join(dir, "weights.toml")
	run := func(name string, args ...string) []byte {
		t.Helper()
		out := filepath.Join(dir, name)
		cmd := exec.Command(demo, append([]string{"-weights", weights}, append(args, out)...)...)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("demo %v: %v\n%s", args, err, b)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	out := map[string][]byte{}
	for _, tc := range []struct {
		name, ext string
		args      []string
	}{
		{"gif", ".gif", []string{"-from", "0", "-to", "6", "-fps", "10", "-gifscale", "0.25", "-gif"}},
		{"why", ".png", []string{"-at", "11", "-select", "Eriksen", "-crop", "why", "-screenshot"}},
	} {
		a, b := run(tc.name+"1"+tc.ext, tc.args...), run(tc.name+"2"+tc.ext, tc.args...)
		if !bytes.Equal(a, b) {
			t.Errorf("demo %v: two runs wrote different files (%d and %d bytes); want the same bytes", tc.args, len(a), len(b))
		}
		out[tc.name] = a
	}
	why, err := png.DecodeConfig(bytes.NewReader(out["why"]))
	if err != nil {
		t.Fatal(err)
	}
	field := ui.ScreenRegions().Field
	if why.Width < 200 || why.Width >= field.Dx() || why.Height < 100 || why.Height > field.Dy() {
		t.Errorf("-crop why: %d×%d; want the Why panel, inside the field", why.Width, why.Height)
	}
	clean, err := png.DecodeConfig(bytes.NewReader(run("clean.png", "-at", "5", "-clean", "-screenshot")))
	if err != nil {
		t.Fatal(err)
	}
	if r := ui.ScreenRegions(); clean.Width != r.Field.Dx() || clean.Height != r.Field.Dy()+r.Timeline.Dy() {
		t.Errorf("-clean: %d×%d; want the field and the timeline, %d×%d", clean.Width, clean.Height, r.Field.Dx(), r.Field.Dy()+r.Timeline.Dy())
	}
}
