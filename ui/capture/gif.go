package capture

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"math"
	"os"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/ui"
)

// Limits of the demo's -gif mode.
const (
	// MaxGIFFPS is the highest -fps: a GIF's frame delay is counted in
	// hundredths of a second and browsers slow delays under 2 down, so 50
	// frames per second is the fastest a GIF plays.
	MaxGIFFPS = 50
	// MaxGIFPixels bounds frames × width × height of one GIF (each pixel is
	// kept in 2 bytes until the end): 150 million, 300 MB.
	MaxGIFPixels = 150_000_000
)

// GIFFrames returns how many frames a GIF from simulated time from to to
// (seconds, from < to) at fps frames per second holds: one every 1/fps s,
// from from, before to (at least one).
func GIFFrames(from, to float64, fps int) int {
	return max(1, int(math.Ceil((to-from)*float64(fps)-1e-9)))
}

// GIFSize returns the pixel size of a GIF of crop ("" = the whole screen;
// a region of ScreenRegions, or "battle", the screen but the panel)
// scaled by scale. The Why panel ("why") lies inside the field and takes
// its size from the first frame: its bound is the field's.
func GIFSize(crop string, scale float64) (w, h int) {
	return scaled(fixedCrop(crop), scale)
}

// fixedCrop is the rectangle of crop when it does not move: all but
// "why", whose bound it returns (the field).
func fixedCrop(crop string) image.Rectangle {
	reg := ui.ScreenRegions()
	switch crop {
	case "battle":
		return reg.Field.Union(reg.Timeline)
	case "why":
		return reg.Field
	}
	if c, ok := reg.Named(crop); ok {
		return c
	}
	return image.Rect(0, 0, ui.ScreenW, ui.ScreenH)
}

// scaled is the size of r scaled by scale, at least 1×1.
func scaled(r image.Rectangle, scale float64) (w, h int) {
	return max(1, int(math.Round(float64(r.Dx())*scale))), max(1, int(math.Round(float64(r.Dy())*scale)))
}

// GIFEncoder collects frames and writes them as an animated GIF with one
// palette for the whole scene: every frame is kept at 15 bits a pixel
// (5 per channel) while a histogram of all of them grows; Encode picks 256
// colours from it by median cut and maps each pixel to its nearest one.
type GIFEncoder struct {
	w, h   int
	delay  int // hundredths of a second per frame
	frames [][]uint16
	hist   []uint32 // by 15-bit colour
}

// NewGIFEncoder returns an encoder of w×h frames shown for 1/fps s each
// (fps 1..MaxGIFFPS).
func NewGIFEncoder(w, h, fps int) (*GIFEncoder, error) {
	if w < 1 || h < 1 || fps < 1 || fps > MaxGIFFPS {
		return nil, fmt.Errorf("capture.NewGIFEncoder: %d×%d at %d fps; want a positive size and 1..%d fps", w, h, fps, MaxGIFFPS)
	}
	return &GIFEncoder{w: w, h: h, delay: max(2, int(math.Round(100/float64(fps)))), hist: make([]uint32, 1<<15)}, nil
}

// Len returns the number of frames added.
func (e *GIFEncoder) Len() int { return len(e.frames) }

// Add adds img, scaled to the encoder's size by its nearest pixels, as the
// next frame.
func (e *GIFEncoder) Add(img *image.RGBA) {
	b := img.Bounds()
	f := make([]uint16, e.w*e.h)
	for y := 0; y < e.h; y++ {
		sy := b.Min.Y + y*b.Dy()/e.h
		for x := 0; x < e.w; x++ {
			sx := b.Min.X + x*b.Dx()/e.w
			o := img.PixOffset(sx, sy)
			p := img.Pix[o : o+3 : o+3]
			c := uint16(p[0]>>3)<<10 | uint16(p[1]>>3)<<5 | uint16(p[2]>>3)
			f[y*e.w+x] = c
			e.hist[c]++
		}
	}
	e.frames = append(e.frames, f)
}

// Encode writes the frames as a GIF that loops for ever. Each frame after
// the first holds only the rectangle that changed, its unchanged pixels
// transparent, so that a still field costs almost nothing. It fails
// without frames.
func (e *GIFEncoder) Encode(w io.Writer) error {
	if len(e.frames) == 0 {
		return errors.New("capture: GIF without frames")
	}
	pal := medianCut(e.hist, 255)
	trans := uint8(len(pal))
	pal = append(pal, color.RGBA{}) // transparent
	// The palette index of every 15-bit colour used, nearest by RGB distance.
	index := make([]uint8, 1<<15)
	opaque := pal[:trans]
	for c, n := range e.hist {
		if n > 0 {
			index[c] = uint8(opaque.Index(expand(uint16(c))))
		}
	}
	out := &gif.GIF{LoopCount: 0, Config: image.Config{ColorModel: pal, Width: e.w, Height: e.h}}
	var prev []uint16
	for _, f := range e.frames {
		r := image.Rect(0, 0, e.w, e.h)
		if prev != nil {
			r = changed(prev, f, e.w, e.h)
		}
		img := image.NewPaletted(r, pal)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				i := y*e.w + x
				k := index[f[i]]
				if prev != nil && prev[i] == f[i] {
					k = trans
				}
				img.Pix[img.PixOffset(x, y)] = k
			}
		}
		out.Image = append(out.Image, img)
		out.Delay = append(out.Delay, e.delay)
		out.Disposal = append(out.Disposal, gif.DisposalNone)
		prev = f
	}
	return gif.EncodeAll(w, out)
}

// changed returns the smallest rectangle holding every pixel where a and b
// (w×h frames) differ; a 1×1 rectangle when none does (a GIF frame may not
// be empty).
func changed(a, b []uint16, w, h int) image.Rectangle {
	r := image.Rectangle{Min: image.Point{X: w, Y: h}}
	for y := 0; y < h; y++ {
		row := y * w
		for x := 0; x < w; x++ {
			if a[row+x] != b[row+x] {
				r.Min.X, r.Max.X = min(r.Min.X, x), max(r.Max.X, x+1)
				r.Min.Y, r.Max.Y = min(r.Min.Y, y), max(r.Max.Y, y+1)
			}
		}
	}
	if r.Empty() {
		return image.Rect(0, 0, 1, 1)
	}
	return r
}

// expand turns a 15-bit colour back into 8 bits a channel (the middle of
// its bucket).
func expand(c uint16) color.RGBA {
	ch := func(v uint16) uint8 { return uint8(v<<3 | 4) }
	return color.RGBA{ch(c >> 10 & 31), ch(c >> 5 & 31), ch(c & 31), 0xff}
}

// medianCut picks at most n colours for the histogram hist (counts by
// 15-bit colour): it splits the box of colours with the most pixels × widest
// channel at the median of that channel until there are n boxes, and
// returns each box's pixel-weighted mean colour.
func medianCut(hist []uint32, n int) color.Palette {
	type box struct {
		cols []uint16
		pix  uint64
	}
	var all []uint16
	var total uint64
	for c, k := range hist {
		if k > 0 {
			all = append(all, uint16(c))
			total += uint64(k)
		}
	}
	ch := func(c uint16, k int) uint16 { return c >> (10 - 5*k) & 31 }
	spread := func(b box) (int, uint16) {
		best, wide := 0, uint16(0)
		for k := 0; k < 3; k++ {
			lo, hi := uint16(31), uint16(0)
			for _, c := range b.cols {
				v := ch(c, k)
				lo, hi = min(lo, v), max(hi, v)
			}
			if hi >= lo && hi-lo > wide {
				best, wide = k, hi-lo
			}
		}
		return best, wide
	}
	boxes := []box{{cols: all, pix: total}}
	for len(boxes) < n {
		// The box to split: most pixels × widest channel, at least 2 colours.
		pick, score := -1, 0.0
		for i, b := range boxes {
			if len(b.cols) < 2 {
				continue
			}
			_, wide := spread(b)
			if s := float64(b.pix) * float64(wide+1); wide > 0 && s > score {
				pick, score = i, s
			}
		}
		if pick < 0 {
			break
		}
		b := boxes[pick]
		k, _ := spread(b)
		slices.SortFunc(b.cols, func(x, y uint16) int { return int(ch(x, k)) - int(ch(y, k)) })
		var half, acc uint64 = b.pix / 2, 0
		cut := 1
		for i, c := range b.cols[:len(b.cols)-1] {
			acc += uint64(hist[c])
			cut = i + 1
			if acc >= half {
				break
			}
		}
		a, z := box{cols: b.cols[:cut]}, box{cols: b.cols[cut:]}
		for _, c := range a.cols {
			a.pix += uint64(hist[c])
		}
		z.pix = b.pix - a.pix
		boxes[pick] = a
		boxes = append(boxes, z)
	}
	pal := make(color.Palette, 0, max(len(boxes), 1))
	for _, b := range boxes {
		var r, g, bl, w float64
		for _, c := range b.cols {
			k := float64(hist[c])
			e := expand(c)
			r, g, bl, w = r+k*float64(e.R), g+k*float64(e.G), bl+k*float64(e.B), w+k
		}
		if w == 0 {
			continue
		}
		pal = append(pal, color.RGBA{uint8(r/w + 0.5), uint8(g/w + 0.5), uint8(bl/w + 0.5), 0xff})
	}
	if len(pal) == 0 {
		pal = append(pal, color.RGBA{0, 0, 0, 0xff})
	}
	return pal
}

// GIF wraps a Syncer for the demo's -gif mode, as Screenshot does for
// -screenshot: its first Update runs the battle as fast as it can to
// simulated time From; then every Draw draws the inner game and reads the
// frame (or one region of it) back, and the next Update adds it to the GIF
// and runs the battle 1/FPS s on, until the frame before To; then that
// Update writes the GIF and the game ends (ebiten.Termination, or the error
// of writing it). Draw writes no file.
type GIF struct {
	inner    Syncer
	g        Ticker
	from, to float64
	fps      int
	path     string
	crop     string // a part of the window (Cropper), "" for all of it
	scale    float64
	size     image.Point // of the crop, from the first frame
	enc      *GIFEncoder // made at the first frame
	frames   int         // to capture
	buf      *image.RGBA

	next  int  // the frame to capture next
	ready bool // the battle is at frame next's time
	read  bool // Draw read frame next back into buf
	err   error
}

// NewGIF returns a GIF of inner from simulated time from to to seconds
// (0 ≤ from < to, finite) at fps (1..MaxGIFFPS) frames per second, written
// to path, of crop (as NewScreenshot's; "" = the whole screen), scaled by
// scale (0 < scale ≤ 1). Every frame has the size of the first: the Why
// panel ("why") is cropped from its top-left corner on each frame.
func NewGIF(inner Syncer, g Ticker, from, to float64, fps int, path, crop string, scale float64) (*GIF, error) {
	if inner == nil || g == nil {
		return nil, errors.New("capture.NewGIF: inner game and battle are required")
	}
	if !(from >= 0 && to > from) || math.IsInf(to, 0) {
		return nil, fmt.Errorf("capture.NewGIF: from %v to %v; want 0 ≤ from < to, finite", from, to)
	}
	if !(scale > 0 && scale <= 1) {
		return nil, fmt.Errorf("capture.NewGIF: scale %v; want 0 < scale ≤ 1", scale)
	}
	if path == "" {
		return nil, errors.New("capture.NewGIF: no file to write")
	}
	if err := checkCrop("NewGIF", crop); err != nil {
		return nil, err
	}
	s := &GIF{inner: inner, g: g, from: from, to: to, fps: fps, path: path, crop: crop, scale: scale}
	w, h := GIFSize(crop, scale)
	s.frames = GIFFrames(from, to, fps)
	if px := float64(s.frames) * float64(w) * float64(h); px > MaxGIFPixels {
		return nil, fmt.Errorf("capture.NewGIF: %d frames of %d×%d is %.0f pixels; want at most %d", s.frames, w, h, px, MaxGIFPixels)
	}
	if _, err := NewGIFEncoder(w, h, fps); err != nil { // the checks of the one the first frame makes
		return nil, err
	}
	return s, nil
}

// runTo ticks the battle until simulated time t (bounded: each Tick
// advances the clock by at least 1/(4·TPS) s; a battle that stops, such
// as a replay at its end, stops the loop at the bound), then syncs inner's
// picture with it.
func runTo(inner Syncer, g Ticker, t float64) error {
	limit := int(math.Max(0, t-g.Time())*4*game.TPS) + game.TPS
	for i := 0; i < limit && g.Time() < t-1e-9; i++ {
		g.Tick()
	}
	return inner.Sync()
}

// Update adds the frame Draw read back, writes the GIF after the last one,
// and runs the battle to the next frame's time.
func (s *GIF) Update() error {
	if s.err != nil {
		return s.err
	}
	if s.read {
		s.enc.Add(s.buf)
		s.next++
		s.read, s.ready = false, false
		if s.next >= s.frames {
			if err := writeGIF(s.path, s.enc); err != nil {
				s.err = fmt.Errorf("gif: %w", err)
				return s.err
			}
			return ebiten.Termination
		}
	}
	if !s.ready {
		if err := runTo(s.inner, s.g, s.from+float64(s.next)/float64(s.fps)); err != nil {
			return err
		}
		s.ready = true
	}
	return nil
}

// Draw draws the inner game and, once the battle is at a frame's time,
// reads the frame back for the next Update to add (the first makes the
// encoder, of its crop's size).
func (s *GIF) Draw(screen *ebiten.Image) {
	s.inner.Draw(screen)
	if !s.ready || s.read || s.err != nil {
		return
	}
	r, err := cropOf(s.inner, s.crop)
	if err == nil && s.enc == nil {
		s.size = r.Size()
		w, h := scaled(r, s.scale)
		s.enc, err = NewGIFEncoder(w, h, s.fps)
	}
	if err != nil {
		s.err = fmt.Errorf("gif: %w", err) // the next Update ends with it
		return
	}
	// every frame of the first's size, from the crop's corner, on screen
	r = image.Rectangle{Min: r.Min, Max: r.Min.Add(s.size)}.Intersect(screen.Bounds())
	r = image.Rectangle{Min: r.Max.Sub(s.size), Max: r.Max}
	s.buf = readPixels(screen.SubImage(r).(*ebiten.Image), s.buf)
	s.read = true
}

// Layout is the inner game's.
func (s *GIF) Layout(w, h int) (int, int) { return s.inner.Layout(w, h) }

func writeGIF(path string, enc *GIFEncoder) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := enc.Encode(f); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}
