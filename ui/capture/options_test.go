package capture_test

import (
	"io"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/ui/capture"
)

// opts returns the demo's default options with edit applied.
func opts(edit func(o *capture.Options)) capture.Options {
	o := capture.Options{Scale: 1, At: 12, To: 16, FPS: 10, GIFScale: 1}
	if edit != nil {
		edit(&o)
	}
	return o
}

// Check accepts the demo's defaults and every value in range, and refuses
// each value out of range (NaN and the infinities too), a crop that is not
// a part of the window or without a picture, a GIF with a Screenshot, and
// a GIF too big, in one line naming the flag.
func TestOptionsCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    capture.Options
		want string // in the error; "" for none
	}{
		{"defaults", opts(nil), ""},
		{"screenshot at 0, cropped, scale 4", opts(func(o *capture.Options) { o.Screenshot, o.At, o.Crop, o.Scale = "a.png", 0, "timeline", 4 }), ""},
		{"gif at one hour", opts(func(o *capture.Options) { o.GIF, o.From, o.To, o.FPS = "a.gif", 3599, capture.MaxAt, 50 }), ""},
		{"scale NaN", opts(func(o *capture.Options) { o.Scale = math.NaN() }), "-scale is NaN; want 0.25..4"},
		{"scale 0.2", opts(func(o *capture.Options) { o.Scale = 0.2 }), "-scale is 0.2"},
		{"at +Inf", opts(func(o *capture.Options) { o.At = math.Inf(1) }), "-at is +Inf; want 0..3600 seconds"},
		{"at -0.5", opts(func(o *capture.Options) { o.At = -0.5 }), "-at is -0.5"},
		{"crop sky", opts(func(o *capture.Options) { o.Screenshot, o.Crop = "a.png", "sky" }), `-crop is "sky"`},
		{"crop without a picture", opts(func(o *capture.Options) { o.Crop = "field" }), "-crop needs -screenshot or -gif"},
		{"gif and screenshot", opts(func(o *capture.Options) { o.GIF, o.Screenshot = "a.gif", "a.png" }), "cannot be used together"},
		{"from NaN", opts(func(o *capture.Options) { o.GIF, o.From = "a.gif", math.NaN() }), "-from is NaN"},
		{"to +Inf", opts(func(o *capture.Options) { o.GIF, o.To = "a.gif", math.Inf(1) }), "-to is +Inf"},
		{"from after to", opts(func(o *capture.Options) { o.GIF, o.From, o.To = "a.gif", 5, 2 }), "-from 5 is not before -to 2"},
		{"fps 51", opts(func(o *capture.Options) { o.GIF, o.FPS = "a.gif", 51 }), "-fps is 51; want 1..50"},
		{"gifscale 0", opts(func(o *capture.Options) { o.GIF, o.GIFScale = "a.gif", 0 }), "-gifscale is 0"},
		{"too many pixels", opts(func(o *capture.Options) { o.GIF, o.To, o.FPS = "a.gif", 3600, 50 }), "pixels"},
		// A value said back as typed, never with an exponent: '-at is
		// 1e+06' and '-scale is 1e-05' read so before.
		{"at a million", opts(func(o *capture.Options) { o.At = 1e6 }), "-at is 1000000; want 0..3600 seconds"},
		{"scale tiny", opts(func(o *capture.Options) { o.Scale = 0.00001 }), "-scale is 0.00001; want 0.25..4"},
		{"to a million", opts(func(o *capture.Options) { o.GIF, o.To = "a.gif", 1e6 }), "-to is 1000000;"},
		{"gifscale tiny", opts(func(o *capture.Options) { o.GIF, o.GIFScale = "a.gif", 0.000002 }), "-gifscale is 0.000002;"},
	} {
		err := tc.o.Check()
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n")) {
			t.Errorf("%s: got %v; want one line with %q (none for \"\")", tc.name, err, tc.want)
		}
	}
}

// Wrap gives the App itself without a capture, a Screenshot or a GIF when
// asked, inside a TPSLog with -tpslog, and the wrapper's error for
// options it refuses.
func TestWrap(t *testing.T) {
	g := newGame(t)
	app := &fakeGame{}
	for _, tc := range []struct {
		name string
		o    capture.Options
		want func(ebiten.Game) bool
	}{
		{"nothing", opts(nil), func(eg ebiten.Game) bool { return eg == ebiten.Game(app) }},
		{"screenshot", opts(func(o *capture.Options) { o.Screenshot = "a.png" }), func(eg ebiten.Game) bool { _, ok := eg.(*capture.Screenshot); return ok }},
		{"gif", opts(func(o *capture.Options) { o.GIF = "a.gif" }), func(eg ebiten.Game) bool { _, ok := eg.(*capture.GIF); return ok }},
		{"tpslog", opts(func(o *capture.Options) { o.Screenshot, o.TPSLog = "a.png", true }), func(eg ebiten.Game) bool { _, ok := eg.(*capture.TPSLog); return ok }},
	} {
		eg, err := capture.Wrap(app, g, tc.o, io.Discard)
		if err != nil || !tc.want(eg) {
			t.Errorf("%s: got %T, %v; want the wrapper asked for", tc.name, eg, err)
		}
	}
	if _, err := capture.Wrap(app, g, opts(func(o *capture.Options) { o.Screenshot, o.Scale = "a.png", 9 }), io.Discard); err == nil {
		t.Error("Wrap of a screenshot at scale 9: got no error; want SetScale's")
	}
}
