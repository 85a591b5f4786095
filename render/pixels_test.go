package render_test

import (
	"image"
	"image/color"
	"math"
	"reflect"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/render"
)

// pixels reads img back from the GPU.
func pixels(img *ebiten.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	img.ReadPixels(out.Pix)
	return out
}

// run is a horizontal run of touched pixels in one row.
type run struct {
	x0, x1 int // inclusive
	c      color.RGBA
}

// runs returns the runs of non-transparent pixels of row y.
func runs(img *image.RGBA, y int) []run {
	var out []run
	for x := 0; x < img.Bounds().Dx(); x++ {
		c := img.RGBAAt(x, y)
		if c.A == 0 {
			continue
		}
		if n := len(out); n > 0 && out[n-1].x1 == x-1 {
			out[n-1].x1 = x
			continue
		}
		out = append(out, run{x, x, c})
	}
	return out
}

// colourRuns returns the runs of non-transparent pixels of row y, a new
// run where the colour changes.
func colourRuns(img *image.RGBA, y int) []run {
	var out []run
	for x := 0; x < img.Bounds().Dx(); x++ {
		c := img.RGBAAt(x, y)
		if c.A == 0 {
			continue
		}
		if n := len(out); n > 0 && out[n-1].x1 == x-1 && out[n-1].c == c {
			out[n-1].x1 = x
			continue
		}
		out = append(out, run{x, x, c})
	}
	return out
}

// TestBarMarkPixels draws a bar offscreen and finds its three marks in the
// pixels: above the bar each falling threshold's white tick and, from it
// to the top of the hysteresis band, the band's blue strip (no tick at its
// top); below it only the two thresholds.
func TestBarMarkPixels(t *testing.T) {
	needDisplay(t)
	for _, tc := range []struct {
		name string
		s    morale.Settings
		want [4]float64 // PanicBelow, +Hysteresis, ShakenBelow, +Hysteresis
	}{
		{"defaults", morale.DefaultSettings(), [4]float64{0.25, 0.40, 0.60, 0.75}},
		{"retuned", settingsWith(0.5, 0.2, 0.1), [4]float64{0.2, 0.3, 0.5, 0.6}},
		{"wide band", settingsWith(0.7, 0.15, 0.25), [4]float64{0.15, 0.40, 0.70, 0.95}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dst := ebiten.NewImage(240, 30)
			defer dst.Deallocate()
			bar := image.Rect(20, 10, 221, 18) // 201 columns
			render.DrawBar(dst, bar, 0.5, morale.Shaken, tc.s)
			px := pixels(dst)

			above := colourRuns(px, bar.Min.Y-2)
			if len(above) != 4 {
				t.Fatalf("above the bar: %d runs %v; want 4 (two ticks, each with its band)", len(above), above)
			}
			for k, th := range []render.MarkKind{render.MarkPanic, render.MarkShaken} {
				tick, band := above[2*k], above[2*k+1]
				lo, hi := render.MarkX(bar, tc.want[2*k]), render.MarkX(bar, tc.want[2*k+1])
				if tick.x0 != lo || tick.x1 != lo || tick.c != render.MarkColor(th) {
					t.Errorf("%v tick at %d..%d in %v; want at %d in %v", th, tick.x0, tick.x1, tick.c, lo, render.MarkColor(th))
				}
				if band.x0 != lo+1 || band.x1 != hi || band.c != render.MarkColor(render.MarkPanicBand) {
					t.Errorf("%v's band at %d..%d in %v; want %d..%d in %v", th, band.x0, band.x1, band.c, lo+1, hi, render.MarkColor(render.MarkPanicBand))
				}
			}
			below := runs(px, bar.Max.Y+1)
			if len(below) != 2 {
				t.Fatalf("below the bar: %d ticks %v; want 2 (the falling thresholds)", len(below), below)
			}
			for i, v := range []float64{tc.want[0], tc.want[2]} {
				if x := render.MarkX(bar, v); below[i].x0 != x || below[i].x1 != x {
					t.Errorf("threshold tick %d below the bar at %d..%d; want %d", i, below[i].x0, below[i].x1, x)
				}
			}
			// The fill reaches 0.5 in Shaken's colour and stops there.
			if got, want := px.RGBAAt(render.MarkX(bar, 0.05), bar.Min.Y+4), render.StateColor(morale.Shaken); got != want {
				t.Errorf("fill at 0.05 = %v; want %v", got, want)
			}
			if got := px.RGBAAt(render.MarkX(bar, 0.98), bar.Min.Y+4); got == render.StateColor(morale.Shaken) {
				t.Errorf("trough at 0.98 = %v; want not the fill colour", got)
			}
		})
	}
}

// TestBarMarksFollowLiveSettings draws the same bar before and after a
// settings change, as the tuner does, and sees the ticks and bands move.
func TestBarMarksFollowLiveSettings(t *testing.T) {
	needDisplay(t)
	bar := image.Rect(0, 4, 101, 10)
	marks := func(s morale.Settings) []int {
		dst := ebiten.NewImage(101, 16)
		defer dst.Deallocate()
		render.DrawBar(dst, bar, 0.9, morale.Steady, s)
		var xs []int // a tick, then its band's end
		for i, r := range colourRuns(pixels(dst), bar.Min.Y-2) {
			if i%2 == 0 {
				xs = append(xs, r.x0)
			} else {
				xs = append(xs, r.x1)
			}
		}
		return xs
	}
	if got, want := marks(morale.DefaultSettings()), []int{25, 40, 60, 75}; !reflect.DeepEqual(got, want) {
		t.Errorf("default marks at %v; want %v", got, want)
	}
	if got, want := marks(settingsWith(0.55, 0.30, 0.05)), []int{30, 35, 55, 60}; !reflect.DeepEqual(got, want) {
		t.Errorf("retuned marks at %v; want %v", got, want)
	}
}

func newGame(t *testing.T, seconds float64) *game.Session {
	t.Helper()
	g, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < int(seconds*game.TPS); i++ {
		g.Tick()
	}
	return g
}

func newRenderer(t *testing.T) *render.Renderer {
	t.Helper()
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	return render.New(a)
}

// distinctColors counts the distinct opaque-ish colours of img, up to limit.
func distinctColors(img *image.RGBA, limit int) int {
	seen := map[color.RGBA]bool{}
	for i := 0; i+3 < len(img.Pix) && len(seen) < limit; i += 4 {
		c := color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}
		if c.A > 0 {
			seen[c] = true
		}
	}
	return len(seen)
}

// TestDrawFieldNotBlank renders the opening after ten seconds and checks
// the picture has content, covers the field, and left the game untouched.
func TestDrawFieldNotBlank(t *testing.T) {
	needDisplay(t)
	g := newGame(t, 10)
	r := newRenderer(t)
	beforeT, beforeS := g.Time(), append([]game.SoldierView(nil), g.Scene().(*game.Opening).Soldiers()...)

	const w, h = 960, 600
	dst := ebiten.NewImage(w, h)
	defer dst.Deallocate()
	vp := game.Viewport{X: 0, Y: 0, W: w, H: h, Field: g.Field()}
	r.DrawField(dst, vp, g)
	r.DrawField(dst, vp, g) // the second frame uses the cached ground
	px := pixels(dst)

	if n := distinctColors(px, 500); n < 200 {
		t.Errorf("DrawField drew %d distinct colours; want a picture (>= 200)", n)
	}
	// The field is covered: sample a grid of points inside it.
	x0, y0 := vp.ToScreen(morale.Vec2{})
	x1, y1 := vp.ToScreen(g.Field())
	for i := 1; i < 10; i++ {
		x := int(x0 + (x1-x0)*float64(i)/10)
		y := int(y0 + (y1-y0)*float64(i)/10)
		if c := px.RGBAAt(x, y); c.A != 255 {
			t.Errorf("pixel (%d, %d) = %v; want opaque ground", x, y, c)
		}
	}
	// Every living soldier has a ring in his state's colour around him.
	for _, s := range g.Scene().(*game.Opening).Soldiers() {
		if !s.Alive {
			continue
		}
		sx, sy := vp.ToScreen(s.Pos)
		if !nearColor(px, int(sx), int(sy), 30, render.StateColor(s.State)) {
			t.Errorf("no %v-coloured pixel near soldier %d (%s) at (%.0f, %.0f)", s.State, s.ID, s.Name, sx, sy)
		}
	}
	if g.Time() != beforeT || !reflect.DeepEqual(g.Scene().(*game.Opening).Soldiers(), beforeS) {
		t.Error("DrawField changed the game")
	}
}

// nearColor reports whether a pixel within d of (x, y) has colour c.
func nearColor(img *image.RGBA, x, y, d int, c color.RGBA) bool {
	for yy := y - d; yy <= y+d; yy++ {
		for xx := x - d; xx <= x+d; xx++ {
			if (image.Point{xx, yy}).In(img.Bounds()) && img.RGBAAt(xx, yy) == c {
				return true
			}
		}
	}
	return false
}

// TestDrawFieldDebugOverlay checks the debug overlay adds pixels.
func TestDrawFieldDebugOverlay(t *testing.T) {
	needDisplay(t)
	g := newGame(t, 3)
	r := newRenderer(t)
	vp := game.Viewport{W: 800, H: 480, Field: g.Field()}
	draw := func() *image.RGBA {
		dst := ebiten.NewImage(800, 480)
		defer dst.Deallocate()
		r.DrawField(dst, vp, g)
		return pixels(dst)
	}
	plain := draw()
	if out := game.NewConsole(g).Exec("MoraleBreak.Debug 1"); !g.Debug() {
		t.Fatalf("Exec(MoraleBreak.Debug 1) = %q; Debug() still false", out)
	}
	debug := draw()
	diff := 0
	for i := range plain.Pix {
		if plain.Pix[i] != debug.Pix[i] {
			diff++
		}
	}
	if diff < 500 {
		t.Errorf("debug overlay changed %d bytes; want a visible overlay", diff)
	}
}

// TestDrawTimeline checks the threshold lines sit at the rows of the live
// settings and the panel stays inside its rectangle.
func TestDrawTimeline(t *testing.T) {
	needDisplay(t)
	g := newGame(t, 12)
	r := newRenderer(t)
	dst := ebiten.NewImage(640, 260)
	defer dst.Deallocate()
	panel := image.Rect(20, 30, 620, 230)
	r.DrawTimeline(dst, panel, g)
	px := pixels(dst)
	plot := render.TimelinePlot(panel)
	s := g.Settings()
	for _, v := range []float64{s.ShakenBelow, s.PanicBelow} {
		y := render.TimelineY(plot, v)
		bright := 0
		for x := plot.Min.X; x < plot.Max.X; x++ {
			c := px.RGBAAt(x, y)
			if int(c.R)+int(c.G)+int(c.B) > 3*150 {
				bright++
			}
		}
		if bright < plot.Dx()*6/10 {
			t.Errorf("threshold %v: %d of %d pixels bright on row %d; want a line", v, bright, plot.Dx(), y)
		}
	}
	for y := 0; y < px.Bounds().Dy(); y++ {
		for x := 0; x < px.Bounds().Dx(); x++ {
			if !(image.Point{x, y}).In(panel) && px.RGBAAt(x, y).A != 0 {
				t.Fatalf("pixel (%d, %d) outside the panel %v was drawn", x, y, panel)
			}
		}
	}
}

// TestTimelineBackdrop: with SetTimelineBackdrop, DrawTimeline covers its
// rectangle opaquely and gives the same pixels as a fill of the rectangle
// followed by DrawTimeline without a backdrop, at every time drawn (the
// cached background is built once and reused); outside the rectangle it
// draws nothing.
func TestTimelineBackdrop(t *testing.T) {
	needDisplay(t)
	bg := color.RGBA{0x12, 0x16, 0x1b, 0xff}
	panel := image.Rect(20, 30, 620, 230)
	plain, backed := newRenderer(t), newRenderer(t)
	backed.SetTimelineBackdrop(bg)
	g := newGame(t, 4)
	want, got := ebiten.NewImage(640, 260), ebiten.NewImage(640, 260)
	defer want.Deallocate()
	defer got.Deallocate()
	for _, secs := range []float64{4, 9, 14} {
		for g.Time() < secs-1e-9 {
			g.Tick()
		}
		want.Clear()
		want.SubImage(panel).(*ebiten.Image).Fill(bg)
		plain.DrawTimeline(want, panel, g)
		got.Clear()
		backed.DrawTimeline(got, panel, g)
		wp, gp := pixels(want), pixels(got)
		for y := 0; y < gp.Bounds().Dy(); y++ {
			for x := 0; x < gp.Bounds().Dx(); x++ {
				w, c := wp.RGBAAt(x, y), gp.RGBAAt(x, y)
				in := image.Pt(x, y).In(panel)
				switch {
				case in && c.A != 0xff:
					t.Fatalf("t=%gs: pixel (%d, %d) %v is not opaque; want the backdrop under it", secs, x, y, c)
				case c != w:
					t.Fatalf("t=%gs: pixel (%d, %d) is %v; want %v, as after a fill and a plain DrawTimeline", secs, x, y, c, w)
				}
			}
		}
	}
}

// sameColour reports whether a and b are within 1 of each other on every
// channel. Mesa's software rasteriser now and then rounds one channel of
// a blend by one (CI saw {82 67 48} against {83 67 48}); the backdrops
// below differ by 255 in every channel, so a pixel that lets through more
// than 1/255 of them differs by 2 or more.
func sameColour(a, b color.RGBA) bool {
	d := func(p, q uint8) bool { return p-q <= 1 || q-p <= 1 }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

// TestDrawFieldCoversTheViewport: the field is drawn over whatever the
// screen held (the demo does not clear it between frames), so inside the
// field's inner whole-pixel rectangle the pixels must not depend on what
// was under them, in both scenes and at a fractional viewport.
func TestDrawFieldCoversTheViewport(t *testing.T) {
	needDisplay(t)
	armies := game.DefaultConfig()
	armies.Scene = game.SceneArmies
	for _, tc := range []struct {
		name string
		cfg  game.Config
	}{{"opening", game.DefaultConfig()}, {"armies", armies}} {
		g, err := game.NewSession(tc.cfg)
		if err != nil {
			t.Fatal(err)
		}
		for range 12 * game.TPS {
			g.Tick()
		}
		r := newRenderer(t)
		vp := game.Viewport{X: 10.5, Y: 7.25, W: 876.5, H: 430.5, Field: g.Field()}
		// the field's inner whole-pixel rectangle on the screen (the
		// viewport letterboxes it when their shapes differ)
		x0, y0 := vp.ToScreen(morale.Vec2{})
		x1, y1 := vp.ToScreen(g.Field())
		in := image.Rect(int(math.Ceil(x0)), int(math.Ceil(y0)), int(math.Floor(x1)), int(math.Floor(y1)))
		if in.Dx() < 400 || in.Dy() < 150 {
			t.Fatalf("%s: the field's rectangle %v is too small to test", tc.name, in)
		}
		var got [2]*image.RGBA
		for i, under := range []color.RGBA{{255, 0, 255, 255}, {0, 255, 0, 255}} {
			dst := ebiten.NewImage(900, 450)
			dst.Fill(under)
			r.DrawField(dst, vp, g)
			r.DrawField(dst, vp, g) // from the cached layers
			got[i] = pixels(dst)
			dst.Deallocate()
		}
		for y := in.Min.Y; y < in.Max.Y; y++ {
			for x := in.Min.X; x < in.Max.X; x++ {
				if a, b := got[0].RGBAAt(x, y), got[1].RGBAAt(x, y); !sameColour(a, b) || a.A != 0xff || b.A != 0xff {
					t.Fatalf("%s: pixel (%d, %d) is %v over magenta and %v over green; want the same opaque colour", tc.name, x, y, a, b)
				}
			}
		}
	}
}
