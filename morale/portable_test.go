package morale_test

import (
	"hash/fnv"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// contagionFactor returns the factor e^(−perSecond·dt) the World uses.
func contagionFactor(perSecond, dt float64) float64 {
	return morale.ContagionFactor(perSecond, dt)
}

// logUniform returns a random float64 in 2^lo..2^hi, log-uniformly, built
// from its bits: the same on every CPU (math.Exp2 has arm64 assembly, and
// the compiler may fuse a*b+c in test code too; see portable.go).
func logUniform(r *rand.Rand, lo, hi int) float64 {
	e := uint64(lo + r.IntN(hi-lo) + 1023)
	return math.Float64frombits(e<<52 | r.Uint64()>>12)
}

// signed returns a random float64 in −0.5..0.5.
func signed(r *rand.Rand) float64 { return float64(r.Float64()) - 0.5 }

// ulps returns how many float64 values lie between a and b, both ≥ 0.
func ulps(a, b float64) uint64 {
	x, y := math.Float64bits(a), math.Float64bits(b)
	if x > y {
		return x - y
	}
	return y - x
}

// exactExp returns e^x rounded once to a float64, computed with big.Float:
// e^x = (e^(x/2^40))^(2^40), the inner one by its Taylor series, with enough
// bits that the 40 squarings keep the result exact to far below an ulp.
func exactExp(x float64) float64 {
	const prec = 400
	y := new(big.Float).SetPrec(prec).SetMantExp(new(big.Float).SetFloat64(x), -40)
	sum := new(big.Float).SetPrec(prec).SetInt64(1)
	term := new(big.Float).SetPrec(prec).SetInt64(1)
	for n := int64(1); n <= 40; n++ {
		term.Mul(term, y)
		term.Quo(term, new(big.Float).SetInt64(n))
		sum.Add(sum, term)
	}
	for range 40 {
		sum.Mul(sum, sum)
	}
	f, _ := sum.Float64()
	return f
}

// TestContagionFactorNearExp checks the portable exp against the exact
// exponential over the whole range the World can ask for: rates up to
// MaxPerSecond (1000/s) times steps up to MaxSeconds (86400 s), so arguments
// from −8.64e7 to 0. It must be within one ulp of e^x rounded once, in the
// subnormal range too, and exactly 0 far below −745 (where e^x rounds to 0).
// math.Exp is held to the same bound, as a check of the reference.
func TestContagionFactorNearExp(t *testing.T) {
	check := func(perSecond, dt float64) {
		t.Helper()
		x := -perSecond * dt
		got, want := contagionFactor(perSecond, dt), exactExp(x)
		if got < 0 || ulps(got, want) > 1 {
			t.Fatalf("factor(%v/s, %v s) = e^%v = %v (%#x); want %v (%#x) within 1 ulp",
				perSecond, dt, x, got, math.Float64bits(got), want, math.Float64bits(want))
		}
		if std := math.Exp(x); ulps(std, want) > 1 {
			t.Fatalf("math.Exp(%v) = %v; the reference says %v", x, std, want)
		}
	}
	// Edges: tiny arguments (1 + x), the subnormal range, the last
	// subnormal, underflow to 0, and the largest argument.
	for _, x := range []float64{
		1e-300, 1e-20, 0x1p-28, 0x1.0000000000001p-28, 1e-8, 1e-3, 0.125, 0.5,
		math.Ln2 / 2, math.Ln2, 1, 2, 10, 100, 445.3051614816054, 700,
		708.39, 708.3964185322641, 708.4, 709, 720, 740, 744.4, 744.44, 745, 745.13,
		745.1332191019411, 745.1332191019412, 745.14, 746, 1000, 1e4, 8.64e7,
	} {
		check(x, 1)
		check(1, x)
	}
	check(morale.MaxPerSecond, morale.MaxSeconds)
	check(morale.MaxPerSecond, morale.MinSquadUpdateInterval)
	check(0.5, 0.25) // the defaults
	// Dense: the interesting range, uniformly and log-uniformly.
	r := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for range n {
		check(r.Float64()*750, 1)
		check(logUniform(r, -30, 10), 1)
	}
	// The settings the World can take: any rate and interval in range.
	for range n {
		rate := logUniform(r, -30, 10)
		if rate > morale.MaxPerSecond {
			rate = morale.MaxPerSecond
		}
		dt := morale.MinSquadUpdateInterval + float64(r.Float64()*(morale.MaxSeconds-morale.MinSquadUpdateInterval))
		check(rate, dt)
	}
	if got := contagionFactor(morale.MaxPerSecond, morale.MaxSeconds); got != 0 {
		t.Errorf("factor(1000/s, 86400 s) = %v; want 0", got)
	}
}

// TestContagionFactorBits pins the portable exp's bits: a hash of the factor
// for 100,000 arguments across the range. It is the same on every CPU (make
// test runs it on amd64, amd64 v3 and arm64 under qemu); it changes only when
// the algorithm does.
func TestContagionFactorBits(t *testing.T) {
	const want = 0x66f9a18fdd6f4b5f
	r := rand.New(rand.NewPCG(3, 4))
	got := hashBits(100000, func(k int) float64 {
		var x float64
		switch k % 3 {
		case 0:
			x = r.Float64() * 760
		case 1:
			x = logUniform(r, -40, 20)
		default:
			x = r.Float64() * 8.64e7
		}
		return contagionFactor(x, 1)
	})
	if got != want {
		t.Errorf("hash of 100000 contagion factors = %#x; want %#x", got, uint64(want))
	}
}

// hashBits returns the FNV-1a hash of the bits of value(k) for k in 0..n−1,
// each as 8 bytes, least significant first.
func hashBits(n int, value func(k int) float64) uint64 {
	h := fnv.New64a()
	var b [8]byte
	for k := range n {
		bits := math.Float64bits(value(k))
		for j := range b {
			b[j] = byte(bits >> (8 * j))
		}
		h.Write(b[:]) // a hash.Hash never fails to write
	}
	return h.Sum64()
}

// exactHypot returns √(x² + y²) rounded once, computed with big.Float.
func exactHypot(x, y float64) float64 {
	const prec = 300
	bx := new(big.Float).SetPrec(prec).SetFloat64(x)
	by := new(big.Float).SetPrec(prec).SetFloat64(y)
	bx.Mul(bx, bx)
	by.Mul(by, by)
	bx.Add(bx, by)
	f, _ := bx.Sqrt(bx).Float64()
	return f
}

// TestDistPortable checks Vec2.Dist: exact on Pythagorean triples, no
// overflow with coordinates up to 1e300 and no loss in the subnormals (the
// scaled formula), within 2 ulps of the exact distance across the range.
func TestDistPortable(t *testing.T) {
	for _, c := range []struct {
		name string
		v, w morale.Vec2
		want float64
	}{
		{"same point", morale.Vec2{X: 3, Y: 4}, morale.Vec2{X: 3, Y: 4}, 0},
		{"3-4-5", morale.Vec2{}, morale.Vec2{X: 3, Y: 4}, 5},
		{"negative", morale.Vec2{X: 5, Y: 12}, morale.Vec2{}, 13},
		{"on an axis", morale.Vec2{X: -7}, morale.Vec2{X: 2}, 9},
		{"1e150 coordinates", morale.Vec2{X: -3e150, Y: 4e150}, morale.Vec2{}, 5e150},
		{"1e300 coordinates", morale.Vec2{X: 3e300}, morale.Vec2{Y: 4e300}, 5e300},
		{"difference overflows", morale.Vec2{X: 1e308}, morale.Vec2{X: -1e308}, math.Inf(1)},
		{"subnormal", morale.Vec2{X: 3e-320}, morale.Vec2{Y: 4e-320}, 5e-320},
		{"1e-150 apart", morale.Vec2{X: 3e-150}, morale.Vec2{Y: 4e-150}, 5e-150},
	} {
		if got := c.v.Dist(c.w); got != c.want {
			t.Errorf("%s: %v.Dist(%v) = %v; want %v", c.name, c.v, c.w, got, c.want)
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		// float64(...) everywhere: no fused multiply-add in the test either
		// (scripts/nofma.sh checks this file too).
		v := morale.Vec2{X: float64(signed(r) * logUniform(r, -500, 500)), Y: float64(signed(r) * 1e5)}
		w := morale.Vec2{X: float64(signed(r) * 1e5), Y: float64(signed(r) * logUniform(r, -500, 500))}
		got := v.Dist(w)
		if want := exactHypot(v.X-w.X, v.Y-w.Y); ulps(got, want) > 2 {
			t.Fatalf("%v.Dist(%v) = %v; want %v within 2 ulps", v, w, got, want)
		}
	}
}

// TestDistBits pins Vec2.Dist's bits: a hash of 100,000 distances, across
// the range and where games use it (points of a 100 km square, in cm). It is
// the same on every CPU (make test runs it on amd64, amd64 v3 and arm64
// under qemu); it changes only when the formula does.
func TestDistBits(t *testing.T) {
	const want = 0xe662be85b12764f4
	r := rand.New(rand.NewPCG(9, 10))
	got := hashBits(100000, func(k int) float64 {
		if k%2 == 0 {
			v := morale.Vec2{X: float64(signed(r) * logUniform(r, -600, 600)), Y: float64(signed(r) * logUniform(r, -600, 600))}
			return v.Dist(morale.Vec2{})
		}
		v := morale.Vec2{X: r.Float64() * 1e7, Y: r.Float64() * 1e7}
		return v.Dist(morale.Vec2{X: r.Float64() * 1e7, Y: r.Float64() * 1e7})
	})
	if got != want {
		t.Errorf("hash of 100000 distances = %#x; want %#x", got, uint64(want))
	}
}

// BenchmarkDist compares Vec2.Dist with math.Hypot (amd64 assembly there) on
// 100,000 random points of a 100 km square around an event in it: the
// distance test every event at a location makes for each agent it reaches.
func BenchmarkDist(b *testing.B) {
	r := rand.New(rand.NewPCG(7, 8))
	ps := make([]morale.Vec2, 100000)
	for i := range ps {
		ps[i] = morale.Vec2{X: r.Float64() * 1e7, Y: r.Float64() * 1e7}
	}
	out := make([]float64, len(ps))
	at := morale.Vec2{X: 5e6, Y: 3e6}
	b.Run("Vec2.Dist", func(b *testing.B) {
		for b.Loop() {
			for i, p := range ps {
				out[i] = p.Dist(at)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ps)), "ns/dist")
	})
	b.Run("math.Hypot", func(b *testing.B) {
		for b.Loop() {
			for i, p := range ps {
				out[i] = math.Hypot(p.X-at.X, p.Y-at.Y)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ps)), "ns/dist")
	})
}
