package render

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// The ground's track and craters as plain triangles, feathered over one
// pixel so they look anti-aliased. Drawn with vector's anti-aliased paths
// (a stroke with round joins along a cubic, rings and discs of up to 40
// pixels), the ground cost Ebitengine's command queue 40 million vertex
// floats in its one frame, a 160 MB buffer the queue keeps for the life of
// the process (a heap profile of the demo at 12 s: 223 MB of its 250 MB
// live heap); as triangles it costs a few thousand vertices.

// feathered is a shape's cross-section: distances from its centre line (or
// radius) out to each side, the colour full between the inner two and
// fading to nothing at the outer ones.
func feathered(half float32) [4]float32 {
	inner, outer := half-0.5, half+0.5
	if inner < 0 {
		inner = 0
	}
	return [4]float32{-outer, -inner, inner, outer}
}

// vertexColor returns c (premultiplied, as rgba and withAlpha make it) as
// the 0..1 floats of a vertex colour.
func vertexColor(c color.RGBA) [4]float32 {
	return [4]float32{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, float32(c.A) / 255}
}

// addCrossSection appends the four vertices of cross-section off at (x, y)
// along the unit normal (nx, ny), coloured col between the inner two, and
// returns the index of the first.
func (r *Renderer) addCrossSection(x, y, nx, ny float32, off [4]float32, col [4]float32) uint32 {
	base := uint32(len(r.lineVs))
	for k, o := range off {
		v := ebiten.Vertex{DstX: x + nx*o, DstY: y + ny*o, SrcX: 1.5, SrcY: 1.5}
		if k == 1 || k == 2 {
			v.ColorR, v.ColorG, v.ColorB, v.ColorA = col[0], col[1], col[2], col[3]
		}
		r.lineVs = append(r.lineVs, v)
	}
	return base
}

// joinSections appends the triangles between two consecutive
// cross-sections starting at a and b.
func (r *Renderer) joinSections(a, b uint32) {
	for i := uint32(0); i < 3; i++ {
		r.lineIs = append(r.lineIs, a+i, a+i+1, b+i, a+i+1, b+i+1, b+i)
	}
}

// addPolyline queues a line of width w through pts in colour c, joined at
// every point (the normals of the two segments averaged, so the width holds
// through gentle bends), feathered on both long edges, ends cut square.
// Queued shapes are drawn by flushLines.
func (r *Renderer) addPolyline(pts [][2]float32, w float32, c color.RGBA) {
	if len(pts) < 2 || !(w > 0) || c.A == 0 {
		return
	}
	off := feathered(w / 2)
	col := vertexColor(c)
	normal := func(a, b [2]float32) (float32, float32) {
		dx, dy := b[0]-a[0], b[1]-a[1]
		l := float32(math.Hypot(float64(dx), float64(dy)))
		if l == 0 {
			return 0, 0
		}
		return -dy / l, dx / l
	}
	prev := uint32(0)
	for i, p := range pts {
		var nx, ny float32
		switch {
		case i == 0:
			nx, ny = normal(pts[0], pts[1])
		case i == len(pts)-1:
			nx, ny = normal(pts[i-1], pts[i])
		default:
			ax, ay := normal(pts[i-1], pts[i])
			bx, by := normal(pts[i], pts[i+1])
			mx, my := ax+bx, ay+by
			// the miter: the average normal, lengthened so the width
			// across each segment stays w
			// (1 + cos of the bend: a bend past 120° keeps the first
			// segment's normal)
			if d := mx*ax + my*ay; d > 0.5 {
				nx, ny = mx/d, my/d
			} else {
				nx, ny = ax, ay
			}
		}
		k := r.addCrossSection(p[0], p[1], nx, ny, off, col)
		if i > 0 {
			r.joinSections(prev, k)
		}
		prev = k
	}
}

// addRing queues a circle's outline of width w centred on radius rad at
// (cx, cy), feathered on both edges.
func (r *Renderer) addRing(cx, cy, rad, w float32, c color.RGBA) {
	off := feathered(w / 2)
	r.addAnnulus(cx, cy, [4]float32{rad + off[0], rad + off[1], rad + off[2], rad + off[3]}, c)
}

// addFeatheredDisc queues a filled circle of radius rad at (cx, cy), its
// edge feathered over one pixel.
func (r *Renderer) addFeatheredDisc(cx, cy, rad float32, c color.RGBA) {
	r.addAnnulus(cx, cy, [4]float32{0, 0, max(0, rad-0.5), rad + 0.5}, c)
}

// addAnnulus queues the ring between radii radii[0] and radii[3] around
// (cx, cy), in colour c between radii[1] and radii[2] and fading to nothing
// at the outer two (radii ascending, the first not negative).
func (r *Renderer) addAnnulus(cx, cy float32, radii [4]float32, c color.RGBA) {
	if !(radii[3] > 0) || c.A == 0 {
		return
	}
	radii[0] = max(0, radii[0])
	n := min(256, max(12, int(math.Ceil(2*math.Pi*float64(radii[3])/3))))
	col := vertexColor(c)
	off := [4]float32{radii[0], radii[1], radii[2], radii[3]}
	var first, prev uint32
	for i := 0; i < n; i++ {
		sin, cos := math.Sincos(float64(i) * 2 * math.Pi / float64(n))
		k := r.addCrossSection(cx, cy, float32(cos), float32(sin), off, col)
		if i == 0 {
			first = k
		} else {
			r.joinSections(prev, k)
		}
		prev = k
	}
	r.joinSections(prev, first)
}

// cubicPoints returns n+1 points of the cubic Bézier from p0 through the
// control points p1, p2 to p3, evenly spaced in its parameter.
func cubicPoints(p0, p1, p2, p3 [2]float32, n int) [][2]float32 {
	pts := make([][2]float32, 0, n+1)
	for i := 0; i <= n; i++ {
		t := float32(i) / float32(n)
		u := 1 - t
		a, b, c, d := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
		pts = append(pts, [2]float32{
			a*p0[0] + b*p1[0] + c*p2[0] + d*p3[0],
			a*p0[1] + b*p1[1] + c*p2[1] + d*p3[1],
		})
	}
	return pts
}
