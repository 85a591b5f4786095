// Command spritegen draws MoraleBreak's sprites and writes them as PNG files.
//
// The sprites are simple anti-aliased vector shapes, drawn facing +X (east)
// seen from above. The PNGs are committed and embedded by package assets;
// run this program again (go generate ./assets) only to change the look.
//
// Usage:
//
//	go run ./assets/internal/spritegen -out assets/sprites
package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"log"
	"math"
	"os"
	"path/filepath"

	"golang.org/x/image/vector"
)

func main() {
	out := flag.String("out", "sprites", "output directory")
	flag.Parse()
	if err := os.MkdirAll(*out, 0o755); err != nil {
		log.Fatal(err)
	}
	sprites := map[string]*image.RGBA{
		"soldier.png":    soldier(friendly),
		"enemy.png":      soldier(hostile),
		"fallen.png":     fallen(friendly),
		"enemy_down.png": fallen(hostile),
		"crate.png":      crate(),
		"sandbags.png":   sandbags(),
		"flag.png":       rallyFlag(),
		"ground.png":     ground(),
	}
	for name, img := range sprites {
		if err := writePNG(filepath.Join(*out, name), img); err != nil {
			log.Fatal(err)
		}
	}
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(f, img); err != nil {
		return errors.Join(fmt.Errorf("encode %s: %w", path, err), f.Close())
	}
	return f.Close()
}

// palette of one side.
type palette struct {
	uniform, dark, helmet, helmetHi, pack, skin, band color.RGBA
}

var friendly = palette{
	uniform:  rgb(78, 112, 160),
	dark:     rgb(38, 56, 86),
	helmet:   rgb(58, 84, 122),
	helmetHi: rgb(112, 146, 192),
	pack:     rgb(112, 92, 60),
	skin:     rgb(214, 170, 130),
	band:     rgb(230, 230, 220),
}

var hostile = palette{
	uniform:  rgb(128, 76, 68),
	dark:     rgb(66, 36, 34),
	helmet:   rgb(86, 56, 52),
	helmetHi: rgb(150, 108, 98),
	pack:     rgb(90, 84, 78),
	skin:     rgb(214, 170, 130),
	band:     rgb(40, 36, 36),
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }

func rgba(r, g, b, a uint8) color.RGBA {
	// premultiply for image.RGBA
	f := float64(a) / 255
	return color.RGBA{uint8(float64(r) * f), uint8(float64(g) * f), uint8(float64(b) * f), a}
}

// canvas wraps an RGBA image with anti-aliased shape helpers.
type canvas struct {
	img *image.RGBA
	z   *vector.Rasterizer
}

func newCanvas(w, h int) *canvas {
	return &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), z: vector.NewRasterizer(w, h)}
}

func (c *canvas) fill(clr color.RGBA) {
	b := c.img.Bounds()
	c.z.DrawOp = draw.Over
	c.z.Draw(c.img, b, image.NewUniform(clr), image.Point{})
	c.z.Reset(b.Dx(), b.Dy())
}

// ellipse adds an ellipse path (rotated by rot radians) and fills it.
func (c *canvas) ellipse(cx, cy, rx, ry, rot float64, clr color.RGBA) {
	const n = 48
	for i := 0; i <= n; i++ {
		a := 2 * math.Pi * float64(i) / n
		x, y := rx*math.Cos(a), ry*math.Sin(a)
		s, co := math.Sincos(rot)
		px, py := cx+x*co-y*s, cy+x*s+y*co
		if i == 0 {
			c.z.MoveTo(float32(px), float32(py))
		} else {
			c.z.LineTo(float32(px), float32(py))
		}
	}
	c.z.ClosePath()
	c.fill(clr)
}

func (c *canvas) circle(cx, cy, r float64, clr color.RGBA) { c.ellipse(cx, cy, r, r, 0, clr) }

// poly fills a polygon.
func (c *canvas) poly(clr color.RGBA, pts ...float64) {
	c.z.MoveTo(float32(pts[0]), float32(pts[1]))
	for i := 2; i+1 < len(pts); i += 2 {
		c.z.LineTo(float32(pts[i]), float32(pts[i+1]))
	}
	c.z.ClosePath()
	c.fill(clr)
}

// line fills a thick segment.
func (c *canvas) line(x0, y0, x1, y1, w float64, clr color.RGBA) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	nx, ny := -dy/l*w/2, dx/l*w/2
	c.poly(clr, x0+nx, y0+ny, x1+nx, y1+ny, x1-nx, y1-ny, x0-nx, y0-ny)
}

// roundRect fills a rectangle with rounded corners.
func (c *canvas) roundRect(x, y, w, h, r float64, clr color.RGBA) {
	const n = 8
	var pts []float64
	corner := func(cx, cy, a0 float64) {
		for i := 0; i <= n; i++ {
			a := a0 + math.Pi/2*float64(i)/n
			pts = append(pts, cx+r*math.Cos(a), cy+r*math.Sin(a))
		}
	}
	corner(x+w-r, y+h-r, 0)
	corner(x+r, y+h-r, math.Pi/2)
	corner(x+r, y+r, math.Pi)
	corner(x+w-r, y+r, 3*math.Pi/2)
	c.poly(clr, pts...)
}

// soldier draws a standing soldier seen from above, facing +X.
func soldier(p palette) *image.RGBA {
	c := newCanvas(64, 64)
	// drop shadow
	c.ellipse(34, 35, 15, 20, 0, rgba(0, 0, 0, 70))
	// rifle, held forward on the right side (+Y is the soldier's right)
	c.line(30, 40, 61, 38, 3.2, rgb(40, 34, 28))
	c.line(44, 39.2, 54, 38.6, 4.2, rgb(96, 66, 40))
	// arms reaching forward to the rifle
	c.ellipse(38, 41, 8, 3.6, -0.05, p.uniform)
	c.ellipse(39, 28, 9, 3.4, 0.55, p.uniform)
	c.circle(46, 40, 2.8, p.skin)
	c.circle(46, 35, 2.6, p.skin)
	// backpack
	c.roundRect(13, 22, 11, 20, 3, p.pack)
	c.roundRect(15, 24, 7, 16, 2, rgba(0, 0, 0, 40))
	// torso / shoulders
	c.ellipse(29, 32, 10, 17, 0, p.dark)
	c.ellipse(29, 32, 8.8, 15.8, 0, p.uniform)
	// arm band on the left shoulder
	c.ellipse(29, 18, 3.2, 2.2, 0, p.band)
	// helmet
	c.circle(31, 32, 10.5, p.dark)
	c.circle(31, 32, 9.5, p.helmet)
	c.circle(28.5, 29.5, 4, p.helmetHi)
	return c.img
}

// fallen draws a soldier lying on his back, head towards +X, rifle dropped.
func fallen(p palette) *image.RGBA {
	c := newCanvas(64, 64)
	c.ellipse(33, 34, 26, 12, 0, rgba(0, 0, 0, 60))
	// dropped rifle
	c.line(10, 52, 40, 58, 3, rgb(40, 34, 28))
	// legs
	c.ellipse(14, 27, 11, 3.8, 0.15, p.dark)
	c.ellipse(14, 37, 11, 3.8, -0.25, p.dark)
	// arms flung out
	c.ellipse(40, 19, 10, 3.2, -0.7, p.uniform)
	c.ellipse(38, 45, 10, 3.2, 0.5, p.uniform)
	// torso
	c.ellipse(32, 32, 13, 9.5, 0, p.uniform)
	// head (helmet lost)
	c.circle(50, 31, 6, p.skin)
	c.circle(48.5, 31, 4, rgb(90, 66, 44))
	// helmet beside him
	c.circle(54, 48, 6, p.dark)
	c.circle(54, 48, 5, p.helmet)
	return c.img
}

// crate draws a wooden supply crate seen from above.
func crate() *image.RGBA {
	c := newCanvas(48, 48)
	c.roundRect(6, 6, 40, 40, 3, rgba(0, 0, 0, 80))
	c.roundRect(3, 3, 40, 40, 3, rgb(92, 62, 30))
	c.roundRect(5, 5, 36, 36, 2, rgb(168, 122, 66))
	for i := 0; i < 4; i++ {
		y := 5 + float64(i)*9
		c.line(5, y+8.6, 41, y+8.6, 1, rgb(124, 86, 44))
	}
	c.line(6, 6, 40, 40, 5, rgb(124, 86, 44))
	c.line(6, 6, 40, 40, 3, rgb(186, 140, 80))
	c.roundRect(3, 3, 40, 5, 1.5, rgb(110, 76, 38))
	c.roundRect(3, 38, 40, 5, 1.5, rgb(110, 76, 38))
	return c.img
}

// sandbags draws a tileable stretch of wall: two staggered rows of bags.
func sandbags() *image.RGBA {
	c := newCanvas(64, 32)
	bag := func(x, y float64) {
		c.roundRect(x+1.5, y+1.5, 20, 13, 5, rgba(0, 0, 0, 70))
		c.roundRect(x, y, 20, 13, 5, rgb(118, 102, 70))
		c.roundRect(x+1, y+1, 18, 11, 4.5, rgb(190, 172, 124))
		c.roundRect(x+3, y+2, 10, 4, 2, rgb(214, 198, 152))
		c.line(x+16, y+2, x+16, y+11, 1.2, rgb(128, 110, 76))
	}
	for i := 0; i < 3; i++ {
		bag(float64(i)*21+1, 2)
	}
	for i := -1; i < 3; i++ {
		bag(float64(i)*21+11.5, 16)
	}
	return c.img
}

// rallyFlag draws the rally point's flag on its pole.
func rallyFlag() *image.RGBA {
	c := newCanvas(48, 64)
	c.ellipse(12, 59, 9, 3.5, 0, rgba(0, 0, 0, 80))
	// cloth, waving
	c.z.MoveTo(11, 6)
	c.z.CubeTo(22, 2, 30, 12, 44, 8)
	c.z.LineTo(44, 30)
	c.z.CubeTo(30, 34, 22, 24, 11, 28)
	c.z.ClosePath()
	c.fill(rgb(120, 20, 20))
	c.z.MoveTo(12, 8)
	c.z.CubeTo(22, 4, 30, 14, 42, 10)
	c.z.LineTo(42, 28)
	c.z.CubeTo(30, 32, 22, 22, 12, 26)
	c.z.ClosePath()
	c.fill(rgb(236, 190, 40))
	// a chevron on the cloth
	c.poly(rgb(120, 20, 20), 20, 12, 28, 17, 36, 13, 36, 18, 28, 23, 20, 17)
	// pole
	c.line(11, 3, 11, 60, 3, rgb(60, 50, 40))
	c.circle(11, 3, 2.5, rgb(220, 200, 120))
	return c.img
}

// ground draws a seamless 256×256 tile of trampled grass.
func ground() *image.RGBA {
	const size = 256
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	n1 := periodicNoise{period: 4, seed: 11}
	n2 := periodicNoise{period: 16, seed: 23}
	n3 := periodicNoise{period: 64, seed: 37}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			u, v := float64(x)/size, float64(y)/size
			a := n1.at(u, v)
			b := n2.at(u, v)
			d := n3.at(u, v)
			// dirt shows through where the low-frequency noise is high
			dirt := smooth(0.62, 0.78, a*0.7+b*0.3)
			gr := 88 + 26*b + 18*d
			gg := 116 + 30*b + 16*d
			gb := 62 + 14*b + 6*d
			dr, dg, db := 128+20*d, 112+16*d, 80+12*d
			r := gr*(1-dirt) + dr*dirt
			g := gg*(1-dirt) + dg*dirt
			bb := gb*(1-dirt) + db*dirt
			// speckle: single blades of grass
			h := hash(x, y, 91)
			switch {
			case h < 0.05:
				r, g, bb = r*0.78, g*0.84, bb*0.78
			case h > 0.96:
				r, g, bb = r*1.12, g*1.12, bb*1.06
			}
			img.SetRGBA(x, y, color.RGBA{clamp8(r), clamp8(g), clamp8(bb), 255})
		}
	}
	return img
}

func smooth(e0, e1, x float64) float64 {
	t := math.Max(0, math.Min(1, (x-e0)/(e1-e0)))
	return t * t * (3 - 2*t)
}

func clamp8(v float64) uint8 { return uint8(math.Max(0, math.Min(255, v))) }

// periodicNoise is value noise on a grid that wraps every period cells, so a
// tile drawn from it is seamless.
type periodicNoise struct {
	period int
	seed   int
}

func (n periodicNoise) at(u, v float64) float64 {
	x, y := u*float64(n.period), v*float64(n.period)
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := x-float64(x0), y-float64(y0)
	sx, sy := fx*fx*(3-2*fx), fy*fy*(3-2*fy)
	g := func(i, j int) float64 {
		return hash(((i%n.period)+n.period)%n.period, ((j%n.period)+n.period)%n.period, n.seed)
	}
	a := g(x0, y0)*(1-sx) + g(x0+1, y0)*sx
	b := g(x0, y0+1)*(1-sx) + g(x0+1, y0+1)*sx
	return a*(1-sy) + b*sy
}

// hash maps a lattice point to [0, 1).
func hash(x, y, seed int) float64 {
	h := uint32(x)*374761393 + uint32(y)*668265263 + uint32(seed)*2246822519
	h = (h ^ (h >> 13)) * 1274126177
	h ^= h >> 16
	return float64(h) / (1 << 32)
}
